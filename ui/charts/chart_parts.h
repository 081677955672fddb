// The shared part of the result charts (ui/charts/*_chart.cpp): the palette, the chart frame, axis labels, the state
// a chart keeps for tooltips and in-place updates, and the small helpers every chart uses. Internal to ui/charts.
#pragma once

#include "charts/axis_scale.h"
#include "charts/chart_builders.h"

#include <QChart>
#include <QColor>
#include <QCoreApplication>
#include <QObject>
#include <QPointF>
#include <QStringList>

#include <vector>

class QAbstractAxis;
class QAbstractBarSeries;
class QAbstractSeries;
class QBarSet;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
class QXYSeries;

namespace gpui::chart_parts
{

// The charts' words, in the translation context "Charts".
struct ChartTr {
    Q_DECLARE_TR_FUNCTIONS(Charts)
};

// Tableau 10: hues that stay apart on light and dark backgrounds; the cost chart uses the first six.
inline constexpr QRgb CandidatePalette[]
    = { 0x4E79A7, 0xF28E2B, 0xE15759, 0x59A14F, 0xB07AA1, 0xEDC948, 0x76B7B2, 0xFF9DA7, 0x9C755F, 0xBAB0AC };
inline const QColor FitColor { 0x2E, 0x9D, 0x4F };
inline const QColor MissColor { 0xD0, 0x3B, 0x3B };
inline constexpr int DefaultTickCount = 5; // QValueAxis's own default

// The first `max` results (at least one), in ranked order.
std::vector<const gp::CandidateResult*> shown(const std::vector<gp::CandidateResult>& results, int max);
// The axes' numbers as the window's text writes them (formatNumber: "10,000", not "10000" beside "¥2,415").
void localizeAxisNumbers(QChart* chart);
// A new chart with the title and the options' theme, margins, fonts and legend at the bottom.
QChart* newChart(const QString& title, const ChartOptions& options);
void showTip(const QString& text);
// Names that tell the shown candidates apart, each as short as it can be: chartLabel(), and where two candidates of
// the same node count share that, what differs between them (their instance sizes, then providers); a counter only
// for the same candidate listed twice.
QStringList distinctNames(const std::vector<const gp::CandidateResult*>& rs);
// Unique axis labels: distinctNames() with the node count ("PNV6 x8, 4 nodes").
QStringList categoryLabels(const std::vector<const gp::CandidateResult*>& rs);
// Which candidate each shown result is, whatever its node count: its catalog id, with a counter when the plan lists
// the same one twice.
QStringList candidateIds(const std::vector<const gp::CandidateResult*>& rs);
// With `previous` (the candidate ids a chart shows, in its order) holding exactly the same candidates, puts `rs` in
// that order. Returns whether it did (the chart shows the same candidates in the same places).
bool keepOrder(std::vector<const gp::CandidateResult*>& rs, const QStringList* previous);
void styleAxis(QAbstractAxis* axis);
// Grid, axis and tick lines one device pixel wide in the theme's colours. Call once the axes are on the chart.
void useHairlines(QChart* chart);
// A horizontal bar chart's axes: the candidates down the left (top = first), `axisX`'s values along the bottom.
void attachHorizontalBarAxes(
    QChart* chart, QAbstractSeries* series, const QStringList& labelsBottomUp, QValueAxis* axisX);

// What a chart shows besides its series: the results behind each category (for tooltips) and the layout key the
// chart was built for. An in-place update is only allowed when the key is unchanged.
class ChartState : public QObject
{
public:
    explicit ChartState(QChart* chart);
    static constexpr const char* PropertyName = "gpui_chart_state";
    QString layoutKey;
    std::vector<gp::CandidateResult> results; // in category order
    QStringList labels; // in category order
    // Cost chart only: series in build order and their tooltips.
    std::vector<QLineSeries*> costLines;
    std::vector<QScatterSeries*> finishes;
    std::vector<QStringList> finishTips;
    QScatterSeries* breakEven = nullptr;
    QStringList breakEvenTips;
    // Bar charts with a set per part: which parts the legend lists (a part with no value anywhere is left out).
    std::vector<bool> listedParts;
    // The shown candidates (candidateIds) in the order the chart shows them, best-ranked first.
    QStringList order;
    // Serving throughput-latency chart: one line and one operating point per candidate, the TPOT target line.
    std::vector<QLineSeries*> curves;
    std::vector<QStringList> curveTips;
    std::vector<QScatterSeries*> operatingPoints;
    QLineSeries* target = nullptr;
};

// The state of a chart built by a chart builder, or null.
ChartState* stateOf(QChart* chart);
// The options' part of every layout key.
QString optionsKey(const ChartOptions& options);
// Replaces a bar set's values, touching only those that changed (each replace() re-lays out the bars).
void replaceValues(QBarSet* set, const std::vector<double>& values);
template <class Axis> Axis* firstAxis(QChart* chart, Qt::Orientation orientation)
{
    for (QAbstractAxis* a : chart->axes(orientation))
        if (auto* axis = qobject_cast<Axis*>(a))
            return axis;
    return nullptr;
}
// `live`: ChartOptions::live (a slider dragging); the axes keep their scale while the values fit it.
NiceScale valueScale(const QValueAxis* axis, double value, bool live);
// Keeps the shown results for tooltips, named in full.
void storeResults(ChartState* state, const std::vector<const gp::CandidateResult*>& rs);
// Tooltip of the point of `series` nearest to `p`, from a list parallel to the series' points.
void showNearestTip(QXYSeries* series, const QStringList& tips, const QPointF& p);
// Lists in the legend only the bar sets of parts that have a value somewhere; touches only what changed.
void listParts(QChart* chart, QAbstractBarSeries* series, const std::vector<bool>& listed, ChartState* state);

} // namespace gpui::chart_parts
