# The scoreboard: one SQLite score file for every ruleset that declares
# scores (sapper_rules_api.score), its tables and the decision to record a
# finished game. Built on the engine (sapper_core); nothing in the engine
# includes it. Front ends link it; they never name a ruleset.
add_library(sapper_scores STATIC
  ${CMAKE_CURRENT_LIST_DIR}/score_file.c
  ${CMAKE_CURRENT_LIST_DIR}/score_tables.c
  ${CMAKE_CURRENT_LIST_DIR}/score_game.c)
target_include_directories(sapper_scores PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_scores PUBLIC sapper_core PRIVATE PkgConfig::SQLITE3 m)
