# Tournaments across the ranks of an MPI job (mpi_tournament.h): only when
# CMake found MPI, in a library of their own so nothing else links MPI.
if(MPI_C_FOUND)
  add_library(sapper_runner_mpi STATIC
    ${CMAKE_CURRENT_LIST_DIR}/mpi_link.c
    ${CMAKE_CURRENT_LIST_DIR}/mpi_lanes.c
    ${CMAKE_CURRENT_LIST_DIR}/mpi_player.c)
  target_include_directories(sapper_runner_mpi PUBLIC ${CMAKE_CURRENT_LIST_DIR})
  target_link_libraries(sapper_runner_mpi PUBLIC sapper_runner MPI::MPI_C)
  target_compile_definitions(sapper_runner_mpi PUBLIC SAPPER_HAVE_MPI)
endif()
