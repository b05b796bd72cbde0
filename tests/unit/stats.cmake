# Unit tests of the tournament statistics (core/stats/), one program per
# family of formulas, as docs/STATISTICS.md has them: distributions,
# proportions and paired tests; Elo; SPRT; Bradley-Terry. The module is
# pure arithmetic, so the tests link only sapper_stats and libm: they do
# not wait for, or depend on, the rest of the engine.
# Included from tests/CMakeLists.txt, which finds PkgConfig::CMOCKA.
foreach(t test_stats test_stats_elo test_stats_sprt test_stats_bradley_terry)
  add_executable(${t} ${CMAKE_CURRENT_LIST_DIR}/${t}.c)
  target_link_libraries(${t} PRIVATE sapper_stats PkgConfig::CMOCKA m)
  add_test(NAME ${t} COMMAND ${t})
endforeach()
