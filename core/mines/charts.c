/*
 * charts.c - the mines family's report charts (charts.h): the fatal click's
 * cell as a heat map of the board, then the games' lengths. Data only.
 */
#include "charts.h"

static const sapper_chart charts[] = {
    {.kind = SAPPER_CHART_CELLS, .title = "The cell of the fatal click",
     .x = "$.lost_on[0]", .y = "$.lost_on[1]", .width = "$.width", .height = "$.height",
     .none = "No game was lost on a cell (the rules record none: a game won, or "
             "decided by points)."},
    {.kind = SAPPER_CHART_LENGTHS, .title = "Game lengths"},
};

const sapper_charts_ext sapper_mines_charts = {
    .struct_size = sizeof(sapper_charts_ext),
    .count = sizeof charts / sizeof charts[0],
    .heading = "Where games were lost, and how long they ran",
    .charts = charts,
};
