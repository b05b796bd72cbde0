# The plugin loader alone (dlopen, handshake, validation, parameters, and
# starting the manifest reader, sapper-bothost --describe): shared by the
# engine and by sapper-bothost, which must hold nothing else.
add_library(sapper_loader STATIC
  ${CMAKE_CURRENT_LIST_DIR}/params.c
  ${CMAKE_CURRENT_LIST_DIR}/loader.c
  ${CMAKE_CURRENT_LIST_DIR}/loader_check.c
  ${CMAKE_CURRENT_LIST_DIR}/loader_files.c
  ${CMAKE_CURRENT_LIST_DIR}/loader_command.c
  ${CMAKE_CURRENT_LIST_DIR}/command.c
  ${CMAKE_CURRENT_LIST_DIR}/describe.c
  ${CMAKE_CURRENT_LIST_DIR}/heap.c)
target_include_directories(sapper_loader PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_loader PUBLIC sapper_abi sapper_helper ${CMAKE_DL_LIBS})
