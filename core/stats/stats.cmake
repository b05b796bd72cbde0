# The statistics: numbers in, numbers out, libm only. One file per family
# of formulas (docs/STATISTICS.md has them all).
add_library(sapper_stats STATIC
            ${CMAKE_CURRENT_LIST_DIR}/normal.c
            ${CMAKE_CURRENT_LIST_DIR}/proportion.c
            ${CMAKE_CURRENT_LIST_DIR}/paired.c
            ${CMAKE_CURRENT_LIST_DIR}/score_dist.c
            ${CMAKE_CURRENT_LIST_DIR}/elo.c
            ${CMAKE_CURRENT_LIST_DIR}/sprt.c
            ${CMAKE_CURRENT_LIST_DIR}/bradley_terry.c)
target_include_directories(sapper_stats PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(sapper_stats PUBLIC m)
