# Unit tests of the tournament statistics (core/stats/stats.c). The module is
# pure arithmetic, so the test compiles stats.c itself and needs only libm:
# it does not wait for, or depend on, the rest of the engine.
# Included from tests/CMakeLists.txt, which finds PkgConfig::CMOCKA.
add_executable(test_stats ${CMAKE_CURRENT_LIST_DIR}/test_stats.c
               ${CMAKE_SOURCE_DIR}/core/stats/stats.c)
target_include_directories(test_stats PRIVATE ${CMAKE_SOURCE_DIR}/core/stats)
target_link_libraries(test_stats PRIVATE PkgConfig::CMOCKA m)
add_test(NAME test_stats COMMAND test_stats)
