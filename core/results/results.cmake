# The SQLite results database of tournaments: schema and migrations, writing
# runs and games, reading them back. Built on the definitions.
add_library(sapper_results STATIC
  ${CMAKE_CURRENT_LIST_DIR}/store.c
  ${CMAKE_CURRENT_LIST_DIR}/store_write.c
  ${CMAKE_CURRENT_LIST_DIR}/store_read.c
  ${CMAKE_CURRENT_LIST_DIR}/store_lines.c)
target_include_directories(sapper_results PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_results PUBLIC sapper_tournament PkgConfig::SQLITE3)
