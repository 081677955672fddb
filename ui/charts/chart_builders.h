// The result charts' builders, each in its own file (ui/charts/<name>_chart.cpp) over chart_parts.h; where each
// appears (window place, saved image, PDF) is the chart list's (chart_list.h).
#pragma once

#include "estimate/common/results.h"

#include <QColor>
#include <QString>
#include <optional>
#include <string>
#include <vector>

class QChart;

namespace gpui
{

struct ChartOptions {
    QString currency = QStringLiteral("CNY");
    bool dark = false;
    bool animate = false;
    int maxCandidates = 12; // charts show the first (best-ranked) candidates only, to stay readable
    // Live updates (a slider dragging): when the shown candidates are the ones the chart already shows, they keep
    // their places and labels instead of following the ranking, and the axes keep a scale the values still fit, so
    // bars do not jump and axis labels are not redone. The window updates without it once the input settles.
    bool live = false;
    // Serving: the plan's target for the time per output token (the throughput-latency chart's SLO line).
    std::optional<double> tpotTargetSeconds;
    // The billing modes the plan counts (the planner's answer): the cost chart draws only these, so it never shows
    // a mode the recommendation and the table leave out. Empty draws every priced mode.
    std::vector<std::string> billingModes;
};

// Serving charts draw at most this many candidates' curves (the best-ranked), so that 50 stay readable.
constexpr int MaxServingCurves = 6;
// The serving cost chart draws at most this many candidates' bars (the best-ranked that fit).
constexpr int MaxServingCostBars = 8;

// Colour of the i-th candidate in every chart (a palette that reads on light and dark backgrounds).
QColor candidateColor(int index);
// Short label of a result for chart axes: the instance name without its provider ("GT4.41XLARGE948").
QString chartLabel(const gp::CandidateResult& result);
// Axis labels keep at most this many characters of chartLabel() (the middle elided: "gn8v-te…48xlarge") so that
// twelve long names stay apart; tooltips name the candidate in full.
constexpr int MaxAxisLabelChars = 16;

// Stacked per-GPU memory parts per candidate against each GPU's capacity.
QChart* buildMemoryChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
// Cumulative cost vs elapsed days per candidate and billing mode; finish points; break-even.
QChart* buildCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
// Step time split (compute, exposed intra-node / network communication, offload, data loading).
QChart* buildBottleneckChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options);

// Serving: cost per million tokens (and per million output tokens) per candidate that fits, best first.
QChart* buildServingCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
// Serving: output tokens/s per replica against the time per output token, one line per candidate (the best
// MaxServingCurves) from its curve over concurrency, the operating points marked and the TPOT target as a line.
QChart* buildServingCurveChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options);

// Updates a chart built by the matching build function in place (series values, axis ranges, tooltips) when the
// new results keep its layout: the same candidates, parts and billing modes, scale and options, which is the normal
// case while dragging a slider. Returns false, changing nothing, when the chart must be rebuilt instead.
bool updateMemoryChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
bool updateCostChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
bool updateBottleneckChart(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
bool updateServingCostChart(
    QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
bool updateServingCurveChart(
    QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options);

} // namespace gpui
