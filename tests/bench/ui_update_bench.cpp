// Input change -> updated table and charts for the default plan (goal: under 16 ms, one frame).
// "Updated" is the window's own figure: from the edit until the table, charts and recommendation hold the new result
// (evaluation off the UI thread included). "Painted" adds Qt's repaint of what changed, flushed right after.
#include "charts/chart_builders.h"
#include "charts/chart_view.h"
#include "evaluation.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "plan_document.h"
#include "settings.h"
#include "widgets/frontier_view.h"
#include "widgets/inputs_panel.h"

#include "planner/frontier.h"

#include <QApplication>
#include <QChart>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QImage>
#include <QPainter>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <QPaintEvent>
#include <QResizeEvent>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace
{

// Counts what Qt repaints: the widgets' paint events and their area in pixels, per widget class. A change of one
// result should repaint the table, the charts and the texts that changed, not the whole window.
class PaintCounter : public QObject
{
public:
    PaintCounter() { qApp->installEventFilter(this); }
    ~PaintCounter() override { qApp->removeEventFilter(this); }
    bool eventFilter(QObject* object, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && object->isWidgetType()) {
            const QRect r = static_cast<QPaintEvent*>(event)->rect();
            const double area = double(r.width()) * double(r.height());
            pixels += area;
            byClass[object->metaObject()->className()] += area;
        }
        if ((event->type() == QEvent::Resize || event->type() == QEvent::Move) && object->isWidgetType()
            && !qEnvironmentVariableIsEmpty("GP_GEOMETRY_REPORT"))
            std::fprintf(stderr, "%s %s '%s' parent %s %s\n", event->type() == QEvent::Resize ? "resize" : "move",
                object->metaObject()->className(), qPrintable(object->objectName()),
                object->parent() ? object->parent()->metaObject()->className() : "-",
                event->type() == QEvent::Resize
                    ? qPrintable(QStringLiteral("%1x%2")
                                     .arg(static_cast<QResizeEvent*>(event)->size().width())
                                     .arg(static_cast<QResizeEvent*>(event)->size().height()))
                    : "");
        return false;
    }
    // The widget classes that painted the most, for the benchmark's log (GP_PAINT_REPORT=1).
    void report(const char* name, double iterations) const
    {
        if (qEnvironmentVariableIsEmpty("GP_PAINT_REPORT"))
            return;
        std::multimap<double, std::string, std::greater<>> top;
        for (const auto& [cls, area] : byClass)
            top.emplace(area / iterations, cls);
        int shown = 0;
        for (const auto& [area, cls] : top) {
            if (++shown > 12)
                break;
            std::fprintf(stderr, "%s: %-36s %10.0f px per update\n", name, cls.c_str(), area);
        }
    }
    double pixels = 0;
    std::map<std::string, double> byClass;
};

// Runs the repaint Qt scheduled: widget updates, and the chart scenes' updates that post further updates.
double flushPaint()
{
    QElapsedTimer timer;
    timer.start();
    for (int round = 0; round < 3; ++round)
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    return double(timer.nsecsElapsed()) / 1e6;
}

// The main window at 1600x1000 with the default plan's first result shown and painted, with its own settings.
class BenchWindow
{
public:
    BenchWindow()
        : m_settings(m_dir.filePath(QStringLiteral("settings.ini")))
    {
        gpui::MainWindowOptions options;
        options.settings = &m_settings;
        options.overridesPath = m_dir.filePath(QStringLiteral("overrides.json"));
        options.recoveryPath = m_dir.filePath(QStringLiteral("recovery.gpuplan"));
        options.restoreSession = false;
        options.offerRecovery = false;
        m_window = std::make_unique<gpui::MainWindow>(options);
        m_window->resize(1600, 1000);
        m_window->show();
        QObject::connect(m_window.get(), &gpui::MainWindow::evaluationApplied, &m_loop, &QEventLoop::quit);
        waitForResult();
        flushPaint();
    }
    gpui::MainWindow& window() { return *m_window; }
    void waitForResult() { m_loop.exec(); }

    // Each iteration: `edit(i)` changes an input, then the result is awaited and the repaint flushed. Counters:
    // updated_ms (the window's edit-to-result figure), paint_ms and charts rebuilt rather than updated in place.
    template <class Edit> void measure(benchmark::State& state, Edit edit)
    {
        const long rebuildsBefore = m_window->chartRebuilds();
        PaintCounter painted;
        int i = 0;
        double updatedMs = 0, paintMs = 0;
        for (auto _ : state) {
            edit(++i);
            waitForResult();
            updatedMs += m_window->lastUpdateMilliseconds();
            paintMs += flushPaint();
        }
        const double n = double(state.iterations());
        state.counters["updated_ms"] = benchmark::Counter(updatedMs / n);
        state.counters["paint_ms"] = benchmark::Counter(paintMs / n);
        state.counters["rebuilt_charts"] = benchmark::Counter(double(m_window->chartRebuilds() - rebuildsBefore) / n);
        state.counters["painted_kpx"] = benchmark::Counter(painted.pixels / n / 1e3);
        painted.report("window change", n);
    }

private:
    QTemporaryDir m_dir;
    gpui::Settings m_settings;
    std::unique_ptr<gpui::MainWindow> m_window;
    QEventLoop m_loop;
};

// The whole path the user waits for: spin box edit -> undo command -> background evaluation -> table, charts and
// recommendation -> repaint. The sequence length halves and comes back (Arg 0: within the model's context, the usual
// edit), or doubles and comes back (Arg 1: past the model's 4,096-token context, so a field warning appears and
// goes each time and the inputs panel relays out), so memory, time and cost all change.
void BM_InputChangeToUpdatedWindow(benchmark::State& state)
{
    BenchWindow bench;
    QSpinBox* sequence = bench.window().inputsPanel()->sequenceLengthBox();
    const int base = sequence->value();
    const int other = state.range(0) == 0 ? base / 2 : base * 2;
    // Alternate so that every change is a real change.
    bench.measure(state, [&](int i) { sequence->setValue(i % 2 ? other : base); });
    state.SetLabel(state.range(0) == 0 ? "within context" : "warning appears and goes");
}
BENCHMARK(BM_InputChangeToUpdatedWindow)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The same path for a change that keeps the candidates and chart layout (the training tokens), so the charts are
// updated in place: the normal case while dragging a slider.
void BM_LayoutKeepingChangeToUpdatedWindow(benchmark::State& state)
{
    BenchWindow bench;
    gp::Plan plan = bench.window().document()->plan();
    const double base = plan.workload.trainingTokens;
    bench.measure(state, [&](int i) {
        plan.workload.trainingTokens = i % 2 ? base * 1.5 : base;
        bench.window().document()->change(plan, QStringLiteral("tokens"));
    });
}
BENCHMARK(BM_LayoutKeepingChangeToUpdatedWindow)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Serving: the default serving plan (`example --serving`) in the window, its output tokens edited in the Serving
// group: planner search, table, serving charts (cost per million tokens, throughput-latency curves) and repaint.
void BM_ServingInputChangeToUpdatedWindow(benchmark::State& state)
{
    BenchWindow bench;
    auto serving = gp::parsePlan(gp::servingPlanText());
    if (!serving.ok()) {
        state.SkipWithError("the serving example plan does not parse");
        return;
    }
    bench.window().document()->change(*serving, QStringLiteral("serving"));
    bench.waitForResult();
    flushPaint();
    QSpinBox* output = bench.window().inputsPanel()->servingOutputBox();
    const int base = output->value();
    bench.measure(state, [&](int i) { output->setValue(i % 2 ? base * 2 : base); });
}
BENCHMARK(BM_ServingInputChangeToUpdatedWindow)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Only the window's Qt side, without the background thread: two results (the default plan and half its sequence
// length, or twice it with Arg 1, as above) handed to the window in turn as the evaluator delivers them, each
// applied and repainted.
void BM_WindowApplyAndPaint(benchmark::State& state)
{
    BenchWindow bench;
    gp::Plan longer = gpui::defaultPlan();
    if (state.range(0) == 0)
        longer.workload.sequenceLength /= 2;
    else
        longer.workload.sequenceLength *= 2;
    state.SetLabel(state.range(0) == 0 ? "within context" : "warning appears and goes");
    const gpui::EvaluationPtr evaluations[2]
        = { std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(gpui::defaultPlan(), gp::builtinCatalog())),
              std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(longer, gp::builtinCatalog())) };
    int i = 0;
    double applyMs = 0, paintMs = 0;
    PaintCounter painted;
    for (auto _ : state) {
        QElapsedTimer timer;
        timer.start();
        emit bench.window().evaluator()->finished(evaluations[++i % 2], 0.0);
        applyMs += double(timer.nsecsElapsed()) / 1e6;
        paintMs += flushPaint();
    }
    const double n = double(state.iterations());
    state.counters["apply_ms"] = benchmark::Counter(applyMs / n);
    state.counters["paint_ms"] = benchmark::Counter(paintMs / n);
    state.counters["painted_kpx"] = benchmark::Counter(painted.pixels / n / 1e3);
    painted.report("apply and paint", n);
}
BENCHMARK(BM_WindowApplyAndPaint)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Only the Qt side: table model update and the three charts rebuilt into their views.
void BM_ApplyResultsToTableAndCharts(benchmark::State& state)
{
    const auto evaluation
        = std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(gpui::defaultPlan(), gp::builtinCatalog()));
    gpui::ComparisonModel model;
    gpui::ChartView memory, cost, bottleneck;
    for (gpui::ChartView* v : { &memory, &cost, &bottleneck }) {
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

// The Qt side as the window does it while a slider drags: the table model and the charts updated in place,
// alternating between two results with the same candidates (the default plan and 1.5x its training tokens).
void BM_ApplyResultsInPlace(benchmark::State& state)
{
    gp::Plan longer = gpui::defaultPlan();
    longer.workload.trainingTokens *= 1.5;
    const gpui::EvaluationPtr evaluations[2]
        = { std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(gpui::defaultPlan(), gp::builtinCatalog())),
              std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(longer, gp::builtinCatalog())) };
    gpui::ComparisonModel model;
    gpui::ChartView memory, cost, bottleneck;
    for (gpui::ChartView* v : { &memory, &cost, &bottleneck }) {
        v->resize(500, 400);
        v->show();
    }
    const gpui::ChartOptions options;
    memory.replaceChart(gpui::buildMemoryChart(evaluations[0]->results, options));
    cost.replaceChart(gpui::buildCostChart(evaluations[0]->results, options));
    bottleneck.replaceChart(gpui::buildBottleneckChart(evaluations[0]->results, options));
    int i = 0;
    long rebuilt = 0;
    for (auto _ : state) {
        const gpui::EvaluationPtr& e = evaluations[++i % 2];
        model.setEvaluation(e);
        if (!gpui::updateMemoryChart(memory.chart(), e->results, options)) {
            memory.replaceChart(gpui::buildMemoryChart(e->results, options));
            ++rebuilt;
        }
        if (!gpui::updateCostChart(cost.chart(), e->results, options)) {
            cost.replaceChart(gpui::buildCostChart(e->results, options));
            ++rebuilt;
        }
        if (!gpui::updateBottleneckChart(bottleneck.chart(), e->results, options)) {
            bottleneck.replaceChart(gpui::buildBottleneckChart(e->results, options));
            ++rebuilt;
        }
        QCoreApplication::sendPostedEvents(); // chart layout requests, as in BM_ApplyResultsToTableAndCharts
    }
    state.counters["rebuilt_charts"] = benchmark::Counter(double(rebuilt) / double(state.iterations()));
}
BENCHMARK(BM_ApplyResultsInPlace)->Unit(benchmark::kMillisecond);

// Each part of the Qt side alone, to see where a frame goes: the default plan's charts, each in a view at the window's
// usual size (0 memory, 1 cost, 2 bottleneck).
struct ChartBench {
    const gpui::EvaluationPtr evaluation
        = std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(gpui::defaultPlan(), gp::builtinCatalog()));
    const gpui::ChartOptions options;
    gpui::ChartView view;

    ChartBench()
    {
        view.resize(600, 400);
        view.show();
    }
    QChart* build(int which) const
    {
        return which == 0 ? gpui::buildMemoryChart(evaluation->results, options)
            : which == 1  ? gpui::buildCostChart(evaluation->results, options)
                          : gpui::buildBottleneckChart(evaluation->results, options);
    }
    static std::string name(int which) { return which == 0 ? "memory" : which == 1 ? "cost" : "bottleneck"; }
};

void BM_BuildChart(benchmark::State& state)
{
    ChartBench bench;
    for (auto _ : state) {
        bench.view.replaceChart(bench.build(int(state.range(0))));
        QCoreApplication::sendPostedEvents();
    }
    state.SetLabel(ChartBench::name(int(state.range(0))));
}
BENCHMARK(BM_BuildChart)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// One repaint of a built chart, antialiased (Arg 1: not, as the window paints bars): what each chart costs the frame
// after an input change.
void BM_PaintChart(benchmark::State& state)
{
    ChartBench bench;
    bench.view.replaceChart(bench.build(int(state.range(0))));
    bench.view.setRenderHint(QPainter::Antialiasing, state.range(1) == 0);
    QCoreApplication::sendPostedEvents();
    bench.view.settleLayout();
    QImage image(bench.view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        QPainter painter(&image);
        bench.view.render(&painter);
    }
    state.SetLabel(ChartBench::name(int(state.range(0))) + (state.range(1) == 0 ? " antialiased" : " aliased"));
}
BENCHMARK(BM_PaintChart)->ArgsProduct({ { 0, 1, 2 }, { 0, 1 } })->Unit(benchmark::kMillisecond);

void BM_UpdateTableModel(benchmark::State& state)
{
    gp::Plan longer = gpui::defaultPlan();
    longer.workload.sequenceLength *= 2;
    const gpui::EvaluationPtr evaluations[2]
        = { std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(gpui::defaultPlan(), gp::builtinCatalog())),
              std::make_shared<const gpui::Evaluation>(gpui::evaluatePlan(longer, gp::builtinCatalog())) };
    gpui::ComparisonModel model;
    int i = 0;
    for (auto _ : state)
        model.setEvaluation(evaluations[++i % 2]);
}
BENCHMARK(BM_UpdateTableModel)->Unit(benchmark::kMillisecond);

// The frontier for the default plan's recommendation after the evaluation (goal: under 16 ms, one frame): its scored
// configurations gathered (the candidate's search again, keeping its points), the chart built and painted at the
// view's size.
void BM_FrontierAfterEvaluation(benchmark::State& state)
{
    const gp::Plan plan = gpui::defaultPlan();
    const gp::Catalog& catalog = gp::builtinCatalog();
    const gpui::Evaluation evaluation = gpui::evaluatePlan(plan, catalog);
    if (!evaluation.answer) {
        state.SkipWithError("the default plan has no answer");
        return;
    }
    gpui::ChartView view;
    view.resize(880, 580);
    view.show();
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    std::size_t points = 0;
    for (auto _ : state) {
        const std::vector<gp::FrontierPoint> scored = gp::frontierPoints(plan, catalog, *evaluation.answer, 0);
        points = scored.size();
        view.replaceChart(gpui::buildFrontierChart(*evaluation.answer, 0, scored));
        QCoreApplication::sendPostedEvents();
        static_cast<QWidget&>(view).render(&image);
    }
    state.counters["points"] = double(points);
}
BENCHMARK(BM_FrontierAfterEvaluation)->Unit(benchmark::kMillisecond);

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
