# What a tournament is: its definition (tournament_def.c) and its schedule
# (schedule.c). Runs nothing (core/runner/), stores nothing (core/results/).
# Built on the engine (sapper_core); nothing in the engine includes it.
add_library(sapper_tournament STATIC
  ${CMAKE_CURRENT_LIST_DIR}/tournament_def.c
  ${CMAKE_CURRENT_LIST_DIR}/schedule.c)
target_include_directories(sapper_tournament PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_tournament PUBLIC sapper_core)
