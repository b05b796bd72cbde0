# Playing a tournament: what is left to play, the pool of worker processes,
# lanes for other players, storing each record as it arrives, the SPRT stop.
add_library(sapper_runner STATIC
  ${CMAKE_CURRENT_LIST_DIR}/tournament.c
  ${CMAKE_CURRENT_LIST_DIR}/runner_lanes.c
  ${CMAKE_CURRENT_LIST_DIR}/pool.c
  ${CMAKE_CURRENT_LIST_DIR}/worker.c
  ${CMAKE_CURRENT_LIST_DIR}/play_tgame.c
  ${CMAKE_CURRENT_LIST_DIR}/record_wire.c)
target_include_directories(sapper_runner PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_runner PUBLIC sapper_results sapper_stats sapper_sandbox m)
