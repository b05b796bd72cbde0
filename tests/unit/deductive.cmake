# Unit tests of the deductive rules (linked in from deductive_builtin) and
# of the front end's scoreboard (sapper_scores), which load deductive.so
# from the build tree for setups and matches. Included from
# tests/CMakeLists.txt, which finds PkgConfig::CMOCKA. Layouts:
# tests/fixtures/deductive-*.txt.
add_executable(test_deductive ${CMAKE_CURRENT_LIST_DIR}/test_deductive.c
               ${CMAKE_CURRENT_LIST_DIR}/helpers.c)
target_link_libraries(test_deductive PRIVATE deductive_builtin sapper_scores
                      sapper_core PkgConfig::CMOCKA m)
target_include_directories(test_deductive PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_compile_definitions(test_deductive PRIVATE
  SAPPER_PLUGIN_DIR="${SAPPER_PLUGIN_BUILD_DIR}"
  SAPPER_BOTHOST="${CMAKE_BINARY_DIR}/sapper-bothost"
  SAPPER_TEST_PLUGIN_DIR="${SAPPER_TEST_PLUGIN_DIR}"
  SAPPER_FIXTURES="${SAPPER_FIXTURES}")
add_dependencies(test_deductive sapper-bothost deductive classic random)
add_test(NAME deductive COMMAND test_deductive)
