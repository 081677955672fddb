// The one list of the answer's charts. Every place that shows them iterates it: the window's chart views (and the
// settle step that re-sorts them), Save Chart Images and the PDF's Charts section. A new chart is its builder's
// file (ui/charts/<name>_chart.cpp) and an entry in chart_list.cpp.
#pragma once

#include "charts/chart_builders.h"
#include "plan/plan.h"

#include <QString>

#include <vector>

class QChart;

namespace gpui
{

// The kinds of answer a chart is drawn for, as bits of a mask.
enum ChartAnswer : unsigned {
    ForTraining = 1u,
    ForInference = 2u, // offline batch inference
    ForServing = 4u,
};
// The chart-answer bit of a plan's mode (an RL plan has its own view and charts: none here).
unsigned chartAnswerOf(gp::Mode mode);

// The window's chart places, one chart view each: memory | cost on top, the step chart beside the recommendation.
enum class ChartPlace { None = -1, TopLeft, TopRight, BottomLeft };
constexpr int ChartPlaceCount = 3;
// The object name of the window's view at `place` ("memory", "cost", "bottlenecks": what tests and the saved
// splitter sizes know it by).
QString chartPlaceName(ChartPlace place);

using BuildChart = QChart* (*)(const std::vector<gp::CandidateResult>& results, const ChartOptions& options);
// Updates a chart `build` made in place; false (changing nothing) when it must be rebuilt.
using UpdateChart
    = bool (*)(QChart* chart, const std::vector<gp::CandidateResult>& results, const ChartOptions& options);

struct ResultChart {
    const char* id; // names its saved image (<id>.png, <id>.svg)
    const char* title; // its words, in the translation context "Charts" (title(): translated)
    BuildChart build;
    UpdateChart update; // null: rebuilt on every change
    unsigned window; // the answers (ChartAnswer bits) the window shows it for, at `place`
    ChartPlace place;
    bool antialiased; // sloped lines: the window draws it antialiased (bars and axis-parallel lines need not)
    unsigned saved; // the answers Save Chart Images writes it for
    unsigned pdf; // the answers the PDF's Charts section shows it for, in this list's order
    double pdfHeightMm;
};

// Every chart, in the order the PDF shows them.
const std::vector<ResultChart>& resultCharts();
// The chart the window shows at `place` for `answer` (a ChartAnswer bit), or null.
const ResultChart* windowChart(ChartPlace place, unsigned answer);
// A chart by id, or null.
const ResultChart* resultChart(const char* id);
// Its words, translated.
QString chartTitle(const ResultChart& chart);

} // namespace gpui
