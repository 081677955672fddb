// Input change -> updated table and charts for the default plan (goal: under 16 ms, one frame).
#include "charts/chart_builders.h"
#include "charts/chart_view.h"
#include "evaluation.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "plan_document.h"
#include "settings.h"
#include "widgets/inputs_panel.h"

#include <QApplication>
#include <QChart>
#include <QEventLoop>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

namespace {

// The whole path the user waits for: spin box edit -> undo command -> background evaluation -> table and charts.
void BM_InputChangeToUpdatedWindow(benchmark::State& state)
{
    QTemporaryDir dir;
    gpui::Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    gpui::MainWindowOptions options;
    options.settings = &settings;
    options.overridesPath = dir.filePath(QStringLiteral("overrides.json"));
    options.recoveryPath = dir.filePath(QStringLiteral("recovery.gpuplan"));
    options.restoreSession = false;
    options.offerRecovery = false;
    gpui::MainWindow window(options);
    window.resize(1600, 1000);
    window.show();
    QEventLoop loop;
    QObject::connect(&window, &gpui::MainWindow::evaluationApplied, &loop, &QEventLoop::quit);
    loop.exec(); // the default plan's first result

    QSpinBox* sequence = window.inputsPanel()->sequenceLengthBox();
    const int base = sequence->value();
    int i = 0;
    double windowMs = 0;
    for (auto _ : state) {
        sequence->setValue(++i % 2 ? base * 2 : base); // alternate so every change is a real change
        loop.exec();
        windowMs += window.lastUpdateMilliseconds();
    }
    state.counters["reported_ms"] = benchmark::Counter(windowMs / double(state.iterations()));
}
BENCHMARK(BM_InputChangeToUpdatedWindow)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Only the Qt side: table model update and the three charts rebuilt into their views.
void BM_ApplyResultsToTableAndCharts(benchmark::State& state)
{
    const auto evaluation = std::make_shared<const gpui::Evaluation>(
        gpui::evaluatePlan(gpui::defaultPlan(), gp::builtinCatalog()));
    gpui::ComparisonModel model;
    gpui::ChartView memory, cost, bottleneck;
    for (gpui::ChartView* v : {&memory, &cost, &bottleneck}) {
        v->resize(500, 400);
        v->show();
    }
    gpui::ChartOptions options;
    for (auto _ : state) {
        model.setEvaluation(evaluation);
        memory.replaceChart(gpui::buildMemoryChart(evaluation->results, options));
        cost.replaceChart(gpui::buildCostChart(evaluation->results, options));
        bottleneck.replaceChart(gpui::buildBottleneckChart(evaluation->results, options));
        QCoreApplication::sendPostedEvents(); // chart layout requests
    }
}
BENCHMARK(BM_ApplyResultsToTableAndCharts)->Unit(benchmark::kMillisecond);

// Only the core: the default plan evaluated (planner search when the plan enables it).
void BM_EvaluateDefaultPlan(benchmark::State& state)
{
    const gp::Plan plan = gpui::defaultPlan();
    const gp::Catalog& catalog = gp::builtinCatalog();
    for (auto _ : state)
        benchmark::DoNotOptimize(gpui::evaluatePlan(plan, catalog));
}
BENCHMARK(BM_EvaluateDefaultPlan)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
