# Unit tests of the random, simple and template bots and of the rps test
# game, included from tests/CMakeLists.txt. The plugins are linked in as
# their *_builtin object libraries (compiled with -DSAPPER_BUILTIN), so the
# tests call the bots' logic directly and their entries without dlopen.
add_executable(test_bots ${CMAKE_CURRENT_LIST_DIR}/test_bots.c)
target_include_directories(test_bots PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/../../plugins/bots
  ${CMAKE_CURRENT_LIST_DIR}/../plugins/rps)
target_link_libraries(test_bots PRIVATE
  random_builtin simple_builtin template_builtin rps_builtin rps-random_builtin
  PkgConfig::CMOCKA)
add_test(NAME test_bots COMMAND test_bots)
