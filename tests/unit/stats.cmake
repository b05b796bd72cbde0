# Unit tests of the tournament statistics (core/stats/). The module is
# pure arithmetic, so the test links only sapper_stats and libm: it does
# not wait for, or depend on, the rest of the engine.
# Included from tests/CMakeLists.txt, which finds PkgConfig::CMOCKA.
add_executable(test_stats ${CMAKE_CURRENT_LIST_DIR}/test_stats.c)
target_link_libraries(test_stats PRIVATE sapper_stats PkgConfig::CMOCKA m)
add_test(NAME test_stats COMMAND test_stats)
