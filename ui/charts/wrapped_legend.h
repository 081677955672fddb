// A chart's legend below its plot in as many rows as its entries need at the chart's width, every name whole. Qt
// Charts lays a bottom legend out in one row and elides the names that do not fit it (LegendLayout, Qt 6.4): the RL
// step-time chart's six phases lost three names in Chinese ("旧策略…", "参考模…") and in English with many candidates.
#pragma once

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace gpui
{

// Replaces the chart's legend with one that wraps: its entries (every marker's colour and name, in the legend's
// order) are laid out again, centred row by row, whenever the chart's size changes, and the chart's bottom margin
// makes room for the rows. A chart wider than the scroll area it is shown in keeps its rows within the part shown
// (scrolled to the left). Call once the series are on the chart.
void wrapLegendBelowPlot(QChart* chart);

// The rows the wrapped legend of `chart` has now (0 for a chart without one).
int wrappedLegendRows(const QChart& chart);

} // namespace gpui
