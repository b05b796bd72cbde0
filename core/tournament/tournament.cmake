# The tournament runner: definitions, the schedule, worker processes, the
# results database and the statistics. Built on the engine (sapper_core);
# nothing in the engine includes it.
add_library(sapper_tournament STATIC
  ${CMAKE_CURRENT_LIST_DIR}/tournament_def.c
  ${CMAKE_CURRENT_LIST_DIR}/schedule.c
  ${CMAKE_CURRENT_LIST_DIR}/play_tgame.c
  ${CMAKE_CURRENT_LIST_DIR}/worker.c
  ${CMAKE_CURRENT_LIST_DIR}/record_wire.c
  ${CMAKE_CURRENT_LIST_DIR}/pool.c
  ${CMAKE_CURRENT_LIST_DIR}/runner_lanes.c
  ${CMAKE_CURRENT_LIST_DIR}/store.c
  ${CMAKE_CURRENT_LIST_DIR}/store_lines.c
  ${CMAKE_CURRENT_LIST_DIR}/stats.c
  ${CMAKE_CURRENT_LIST_DIR}/table.c
  ${CMAKE_CURRENT_LIST_DIR}/table_hosts.c
  ${CMAKE_CURRENT_LIST_DIR}/tournament.c
  ${CMAKE_CURRENT_LIST_DIR}/report.c
  ${CMAKE_CURRENT_LIST_DIR}/report_data.c
  ${CMAKE_CURRENT_LIST_DIR}/report_svg.c)
target_include_directories(sapper_tournament PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_tournament PUBLIC sapper_core PkgConfig::SQLITE3 m)

# Tournaments across the ranks of an MPI job (mpi_tournament.h): only when
# CMake found MPI, in a library of their own so nothing else links MPI.
if(MPI_C_FOUND)
  add_library(sapper_tournament_mpi STATIC
    ${CMAKE_CURRENT_LIST_DIR}/mpi_link.c
    ${CMAKE_CURRENT_LIST_DIR}/mpi_lanes.c
    ${CMAKE_CURRENT_LIST_DIR}/mpi_player.c)
  target_link_libraries(sapper_tournament_mpi PUBLIC sapper_tournament MPI::MPI_C)
  target_compile_definitions(sapper_tournament_mpi PUBLIC SAPPER_HAVE_MPI)
endif()
