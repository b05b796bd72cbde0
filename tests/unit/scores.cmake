# Unit tests of the scoreboard (core/scores): the rules' boards through
# matches (classic, deductive, seeker .so from the build tree), places,
# streaks and the score file. Included from tests/CMakeLists.txt.
add_executable(test_scores ${CMAKE_CURRENT_LIST_DIR}/test_scores.c
               ${CMAKE_CURRENT_LIST_DIR}/helpers.c)
target_link_libraries(test_scores PRIVATE sapper_scores sapper_core
                      PkgConfig::SQLITE3 PkgConfig::CMOCKA m)
target_include_directories(test_scores PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_compile_definitions(test_scores PRIVATE
  SAPPER_PLUGIN_DIR="${SAPPER_PLUGIN_BUILD_DIR}"
  SAPPER_BOTHOST="${CMAKE_BINARY_DIR}/sapper-bothost"
  SAPPER_TEST_PLUGIN_DIR="${SAPPER_TEST_PLUGIN_DIR}"
  SAPPER_FIXTURES="${SAPPER_FIXTURES}")
add_dependencies(test_scores sapper-bothost classic deductive seeker hunter)
add_test(NAME scores COMMAND test_scores)
