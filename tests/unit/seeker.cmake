# Unit tests of the seeker (Mine-Seeker) rules, linked with the
# seeker_builtin objects (so plugin.c's manifest is tested too) and the
# shared mines board. Included from tests/CMakeLists.txt, which finds
# PkgConfig::CMOCKA. Layouts: tests/fixtures/seeker-*.txt.
get_filename_component(seeker_fixtures ${CMAKE_CURRENT_LIST_DIR}/../fixtures
  ABSOLUTE)
add_executable(test_seeker ${CMAKE_CURRENT_LIST_DIR}/test_seeker.c)
target_link_libraries(test_seeker PRIVATE seeker_builtin PkgConfig::CMOCKA)
target_compile_definitions(test_seeker PRIVATE
  SAPPER_FIXTURES="${seeker_fixtures}")
add_test(NAME seeker COMMAND test_seeker)
