# Unit tests of the classic rules and the shared mines board, linked with
# the classic_builtin objects (so plugin.c's manifest is tested too).
# Included from tests/CMakeLists.txt, which finds PkgConfig::CMOCKA.
get_filename_component(classic_fixtures ${CMAKE_CURRENT_LIST_DIR}/../fixtures
  ABSOLUTE)
add_executable(test_classic ${CMAKE_CURRENT_LIST_DIR}/test_classic.c)
target_link_libraries(test_classic PRIVATE classic_builtin PkgConfig::CMOCKA)
target_compile_definitions(test_classic PRIVATE
  SAPPER_FIXTURES="${classic_fixtures}")
add_test(NAME classic COMMAND test_classic)
