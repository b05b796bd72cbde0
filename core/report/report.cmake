# What the stored games say: the standings table (text, JSON, series) and the
# HTML report with its SVG charts. Reads the results database.
add_library(sapper_report STATIC
  ${CMAKE_CURRENT_LIST_DIR}/table.c
  ${CMAKE_CURRENT_LIST_DIR}/table_rows.c
  ${CMAKE_CURRENT_LIST_DIR}/table_pairings.c
  ${CMAKE_CURRENT_LIST_DIR}/table_hosts.c
  ${CMAKE_CURRENT_LIST_DIR}/report.c
  ${CMAKE_CURRENT_LIST_DIR}/report_entrants.c
  ${CMAKE_CURRENT_LIST_DIR}/report_games.c
  ${CMAKE_CURRENT_LIST_DIR}/report_charts.c
  ${CMAKE_CURRENT_LIST_DIR}/report_data.c
  ${CMAKE_CURRENT_LIST_DIR}/report_svg.c)
target_include_directories(sapper_report PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_report PUBLIC sapper_results sapper_stats PkgConfig::SQLITE3 m)
