# Unit tests of the exact probability and deduction engine
# (core/mines/solver.h) against a brute force. Included from
# tests/CMakeLists.txt, which finds PkgConfig::CMOCKA.
add_executable(test_solver ${CMAKE_CURRENT_LIST_DIR}/test_solver.c)
target_link_libraries(test_solver PRIVATE sapper_mines PkgConfig::CMOCKA m)
add_test(NAME test_solver COMMAND test_solver)
