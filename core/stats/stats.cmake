# The statistics: numbers in, numbers out, libm only.
add_library(sapper_stats STATIC ${CMAKE_CURRENT_LIST_DIR}/stats.c)
target_include_directories(sapper_stats PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_stats PUBLIC m)
