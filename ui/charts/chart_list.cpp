// The one list of the answer's charts (see chart_list.h).
#include "charts/chart_list.h"

#include <QCoreApplication>

#include <cstring>

namespace gpui
{

namespace
{

constexpr unsigned TrainingAndInference = ForTraining | ForInference;
constexpr unsigned EveryAnswer = ForTraining | ForInference | ForServing;

} // namespace

unsigned chartAnswerOf(gp::Mode mode)
{
    switch (mode) {
    case gp::Mode::Training:
        return ForTraining;
    case gp::Mode::Inference:
        return ForInference;
    case gp::Mode::Serving:
        return ForServing;
    case gp::Mode::Rl:
        return 0;
    }
    return 0;
}

QString chartPlaceName(ChartPlace place)
{
    switch (place) {
    case ChartPlace::TopLeft:
        return QStringLiteral("memory");
    case ChartPlace::TopRight:
        return QStringLiteral("cost");
    case ChartPlace::BottomLeft:
        return QStringLiteral("bottlenecks");
    case ChartPlace::None:
        break;
    }
    return QString();
}

const std::vector<ResultChart>& resultCharts()
{
    // id, title, build, update, window answers, place, antialiased, saved answers, PDF answers, PDF height (mm).
    // Batch inference leaves the cost over time out of the PDF: its cost is the table's per-token figure.
    static const std::vector<ResultChart> charts = {
        { "memory", QT_TRANSLATE_NOOP("Charts", "Memory per GPU"), &buildMemoryChart, &updateMemoryChart, EveryAnswer,
            ChartPlace::TopLeft, false, EveryAnswer, EveryAnswer, 74 },
        { "cost", QT_TRANSLATE_NOOP("Charts", "Cost over time"), &buildCostChart, &updateCostChart,
            TrainingAndInference, ChartPlace::TopRight, true, TrainingAndInference, ForTraining, 74 },
        { "bottlenecks", QT_TRANSLATE_NOOP("Charts", "Time per million tokens"), &buildBottleneckChart,
            &updateBottleneckChart, TrainingAndInference, ChartPlace::BottomLeft, false, TrainingAndInference,
            TrainingAndInference, 74 },
        { "serving_cost", QT_TRANSLATE_NOOP("Charts", "Cost per million tokens"), &buildServingCostChart,
            &updateServingCostChart, ForServing, ChartPlace::TopRight, true, ForServing, ForServing, 74 },
        { "serving_curve", QT_TRANSLATE_NOOP("Charts", "Throughput vs latency per replica"), &buildServingCurveChart,
            &updateServingCurveChart, ForServing, ChartPlace::BottomLeft, true, ForServing, ForServing, 80 },
    };
    return charts;
}

const ResultChart* windowChart(ChartPlace place, unsigned answer)
{
    for (const ResultChart& chart : resultCharts())
        if (chart.place == place && (chart.window & answer) != 0)
            return &chart;
    return nullptr;
}

const ResultChart* resultChart(const char* id)
{
    for (const ResultChart& chart : resultCharts())
        if (std::strcmp(chart.id, id) == 0)
            return &chart;
    return nullptr;
}

QString chartTitle(const ResultChart& chart)
{
    return QCoreApplication::translate("Charts", chart.title);
}

} // namespace gpui
