# The helper process's mechanism, shared by both ends (sandbox.c, describe.c
# and sapper-bothost): fork+exec of the helper, the lockdown it gives itself,
# the channel's frames. Includes nothing of Sapper.
add_library(sapper_helper STATIC
  ${CMAKE_CURRENT_LIST_DIR}/helper_exec.c
  ${CMAKE_CURRENT_LIST_DIR}/lockdown.c
  ${CMAKE_CURRENT_LIST_DIR}/lockdown_program.c
  ${CMAKE_CURRENT_LIST_DIR}/program_exec.c
  ${CMAKE_CURRENT_LIST_DIR}/wire.c)
target_include_directories(sapper_helper PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_helper PRIVATE PkgConfig::SECCOMP)
