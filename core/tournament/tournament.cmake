# The tournament runner: definitions, the schedule, worker processes, the
# results database and the statistics. Built on the engine (sapper_core);
# nothing in the engine includes it.
add_library(sapper_tournament STATIC
  ${CMAKE_CURRENT_LIST_DIR}/tournament_def.c
  ${CMAKE_CURRENT_LIST_DIR}/schedule.c
  ${CMAKE_CURRENT_LIST_DIR}/play_tgame.c
  ${CMAKE_CURRENT_LIST_DIR}/worker.c
  ${CMAKE_CURRENT_LIST_DIR}/store.c
  ${CMAKE_CURRENT_LIST_DIR}/store_lines.c
  ${CMAKE_CURRENT_LIST_DIR}/stats.c
  ${CMAKE_CURRENT_LIST_DIR}/table.c
  ${CMAKE_CURRENT_LIST_DIR}/tournament.c
  ${CMAKE_CURRENT_LIST_DIR}/report.c
  ${CMAKE_CURRENT_LIST_DIR}/report_data.c
  ${CMAKE_CURRENT_LIST_DIR}/report_svg.c)
target_include_directories(sapper_tournament PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_tournament PUBLIC sapper_core PkgConfig::SQLITE3 m)
