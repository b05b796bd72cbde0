# Unit tests of the position reader (core/mines/position.h). Included from
# tests/CMakeLists.txt, which finds PkgConfig::CMOCKA.
add_executable(test_position ${CMAKE_CURRENT_LIST_DIR}/test_position.c)
target_link_libraries(test_position PRIVATE sapper_mines PkgConfig::CMOCKA)
add_test(NAME test_position COMMAND test_position)
