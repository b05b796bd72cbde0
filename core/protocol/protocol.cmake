# The seat protocol (docs/PROTOCOL.md): the engine's lines to a seat and the
# reader of a seat's lines, with no transport (core/sandbox/ moves them over
# pipes). Knows the two families' vocabularies from the public headers.
add_library(sapper_protocol STATIC
  ${CMAKE_CURRENT_LIST_DIR}/proto_lines.c
  ${CMAKE_CURRENT_LIST_DIR}/proto_hello.c
  ${CMAKE_CURRENT_LIST_DIR}/proto_game.c
  ${CMAKE_CURRENT_LIST_DIR}/proto_move.c
  ${CMAKE_CURRENT_LIST_DIR}/proto_mines.c
  ${CMAKE_CURRENT_LIST_DIR}/proto_arena.c
  ${CMAKE_CURRENT_LIST_DIR}/proto_public.c)
target_include_directories(sapper_protocol PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_protocol PUBLIC sapper_core)
