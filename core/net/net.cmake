# The network side of `sapper serve` and `sapper join` (docs/PROTOCOL.md,
# "Over a network"): addresses, listening and connecting, the join code and
# the join line, a terminal client's size in its key bytes. No game here.
add_library(sapper_net STATIC
  ${CMAKE_CURRENT_LIST_DIR}/net_addr.c
  ${CMAKE_CURRENT_LIST_DIR}/net_join.c
  ${CMAKE_CURRENT_LIST_DIR}/net_keys.c)
target_include_directories(sapper_net PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_net PUBLIC sapper_core)
