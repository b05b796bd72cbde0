# The engine library: loader, config, setup, match loop, replay. No UI.
add_library(sapper_core STATIC
  ${CMAKE_CURRENT_LIST_DIR}/params.c
  ${CMAKE_CURRENT_LIST_DIR}/loader.c
  ${CMAKE_CURRENT_LIST_DIR}/config.c
  ${CMAKE_CURRENT_LIST_DIR}/setup.c
  ${CMAKE_CURRENT_LIST_DIR}/strbuf.c
  ${CMAKE_CURRENT_LIST_DIR}/match.c
  ${CMAKE_CURRENT_LIST_DIR}/replay.c
  ${CMAKE_CURRENT_LIST_DIR}/stats.c
  ${CMAKE_CURRENT_LIST_DIR}/tournament_def.c
  ${CMAKE_CURRENT_LIST_DIR}/schedule.c
  ${CMAKE_CURRENT_LIST_DIR}/play_tgame.c
  ${CMAKE_CURRENT_LIST_DIR}/worker.c
  ${CMAKE_CURRENT_LIST_DIR}/store.c
  ${CMAKE_CURRENT_LIST_DIR}/tournament.c
  ${CMAKE_CURRENT_LIST_DIR}/table.c)
target_include_directories(sapper_core PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_core PUBLIC sapper_abi PRIVATE PkgConfig::INIH PkgConfig::SQLITE3 m ${CMAKE_DL_LIBS})
