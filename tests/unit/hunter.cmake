# Unit tests of the hunter bot (plugins/bots/hunter): its choices on fixed
# views, the safest policy, and whole games through the seeker and classic
# rules, all linked in as *_builtin object libraries. Included from
# tests/CMakeLists.txt, which finds PkgConfig::CMOCKA.
add_executable(test_hunter ${CMAKE_CURRENT_LIST_DIR}/test_hunter.c)
target_link_libraries(test_hunter PRIVATE
  hunter_builtin seeker_builtin classic_builtin PkgConfig::CMOCKA m)
add_test(NAME test_hunter COMMAND test_hunter)
