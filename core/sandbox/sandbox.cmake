# The engine's side of bots in processes of their own (sandbox.h, a driver
# for match.h) and the CPU hold between their calls (hold.c). The bot's side
# is core/bothost/; nothing in the engine includes this.
add_library(sapper_sandbox STATIC
  ${CMAKE_CURRENT_LIST_DIR}/sandbox.c
  ${CMAKE_CURRENT_LIST_DIR}/sandbox_proc.c
  ${CMAKE_CURRENT_LIST_DIR}/sandbox_call.c
  ${CMAKE_CURRENT_LIST_DIR}/sandbox_program.c
  ${CMAKE_CURRENT_LIST_DIR}/sandbox_text.c
  ${CMAKE_CURRENT_LIST_DIR}/hold.c)
target_include_directories(sapper_sandbox PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_sandbox PUBLIC sapper_core sapper_helper sapper_protocol)
