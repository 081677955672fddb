// Every category label of a bar chart drawn, apart. Qt Charts lays a bar-category axis's labels out in
// HorizontalAxis::updateGeometry (qtcharts src/charts/axis/horizontalaxis.cpp, Qt 6.4, "label in between"): it hides
// the first and the last label when its bar's band is narrower than the label (turned to the axis' angle), and lets
// the others reach over their neighbours. The Chinese memory chart lost its first label (the recommendation) and its
// last that way: a CJK line is taller than a Latin one, and an upright label is as wide as its lines are tall.
#pragma once

#include <QtGlobal>

#include <optional>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace gpui
{

struct CategoryLabelFit {
    qreal angle = 0; // the labels' angle: 0 level, -35 slanted, -90 upright
    int chartWidth = 0; // the chart's width at which each bar's band holds its label at that angle
};

// For a laid-out chart with a bar-category axis at the bottom: the first of level, slanted and upright at which every
// label fits its band when the chart is `availableWidth` wide (else upright), and the chart width that angle needs.
// nullopt for a chart without such an axis.
std::optional<CategoryLabelFit> categoryLabelFit(const QChart& chart, qreal availableWidth);

// Turns the labels to categoryLabelFit()'s angle and returns the fit. Labels whose turned height runs past the room
// below the plot lose characters from the middle of their longest line (Qt Charts gives the axis at most 40% of the
// chart's height and draws past the edge); a later fit starts again from the chart's own legend place and labels.
std::optional<CategoryLabelFit> fitCategoryLabels(QChart& chart, qreal availableWidth);

// For a laid-out chart with a bar-category axis on the left (a horizontal bar chart): the chart height at which each
// bar's band is as high as its label, so that every label is drawn (Qt Charts' VerticalAxis hides a label that would
// overlap the one above it). nullopt for a chart without such an axis.
std::optional<int> categoryRowsHeight(const QChart& chart);
// For the same chart in `availableHeight`: when its rows need more (categoryRowsHeight), its labels' font smaller, to
// the largest size, no smaller than kSmallestChartPointSize, at which every row fits (a CJK line is taller than a
// Latin one: the Chinese step-time chart's twelve rows ran past the window's bottom row and scrolled its value axis
// out of sight); with rows that do not fit even then, the axis' own font, and the view scrolls. Returns
// categoryRowsHeight() in the font it leaves. A later fit starts again from the axis' own font.
std::optional<int> fitCategoryRows(QChart& chart, qreal availableHeight);
// The smallest text the charts draw, in points: the row labels fitted here, and the legend and axis fonts that
// chart_parts.cpp's newChart and styleAxis make a point smaller than the window's.
constexpr qreal kSmallestChartPointSize = 7;
// For the same chart: the chart width at which those labels are drawn whole. Qt Charts gives the axes on one side at
// most 40% of the width beside the legend (CartesianChartLayout::calculateAxisGeometry, maxAxisPortion) and draws a
// longer label past the chart's left edge.
std::optional<int> categoryColumnWidth(const QChart& chart);

} // namespace gpui
