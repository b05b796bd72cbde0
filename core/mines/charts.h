/*
 * charts.h - the report charts every mines-family ruleset declares through
 * SAPPER_EXT_CHARTS (sapper/plugin.h): where games were lost, and how long
 * they ran. One table, so classic, deductive and seeker draw the same
 * pictures of the result members they share ("width", "height",
 * "lost_on"). Nothing here draws; core/report does.
 */
#ifndef SAPPER_MINES_CHARTS_H
#define SAPPER_MINES_CHARTS_H

#include "sapper/plugin.h"

/** The family's charts, static: a rules plugin's get_extension answers
 *  SAPPER_EXT_CHARTS with &sapper_mines_charts. */
extern const sapper_charts_ext sapper_mines_charts;

#endif /* SAPPER_MINES_CHARTS_H */
