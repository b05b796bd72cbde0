# The process a sandboxed bot runs in, and the manifest reader
# (core/bothost/bothost.c, describer.c): the loader, the frames and the
# lockdown, nothing of the engine's state.
add_executable(sapper-bothost ${CMAKE_CURRENT_LIST_DIR}/bothost.c
  ${CMAKE_CURRENT_LIST_DIR}/describer.c)
target_link_libraries(sapper-bothost PRIVATE sapper_loader)
set_target_properties(sapper-bothost PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
install(TARGETS sapper-bothost RUNTIME DESTINATION lib/sapper)
