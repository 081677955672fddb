// Scenarios in the window: the scenario bar's edits are undoable, edits made while a scenario is active change
// only that scenario, a plan with three scenarios round-trips, and the Compare view shows the numbers
// `gpu-planner-cli plan --scenarios` prints.
#include "charts/chart_view.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "models/scenario_comparison_model.h"
#include "number_format.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/frontier_view.h"
#include "widgets/inputs_panel.h"

#include "widgets/scenario_bar.h"
#include "widgets/scenario_compare_view.h"
#include "widgets/sweep_view.h"
#include <QLocale>

#include "plan/scenarios.h"
#include "planner/frontier.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QCheckBox>
#include <QDir>
#include <QLabel>
#include <QLogValueAxis>
#include <QProcess>
#include <QScatterSeries>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QValueAxis>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

using namespace gpui;
using nlohmann::json;

namespace
{

json scenarioPlanDocument()
{
    json document = json::parse(gp::defaultPlanText());
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } },
        { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } });
    document["scenarios"] = json::array(
        { { { "name", "8k context" }, { "overrides", { { "workload", { { "sequence_length", 8192 } } } } } },
            { { "name", "LoRA" },
                { "overrides", { { "workload", { { "technique", "lora" }, { "lora", { { "rank", 64 } } } } } } } },
            { { "name", "only GN7" },
                { "overrides",
                    { { "candidates",
                        json::array({ { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } }) } } } } });
    return document;
}

class ScenarioWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        const MainWindowOptions options = test::isolatedWindowOptions(m_dir, m_settings.get());
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageSink([](const QString&, const QString&) {});
        m_planPath = test::writeFile(
            m_dir, QStringLiteral("scenarios.gpuplan"), QByteArray::fromStdString(scenarioPlanDocument().dump(2)));
    }

    // Waits until the window shows the evaluation of its newest request.
    EvaluationPtr settled() { return test::settledEvaluation(*m_window, test::kEvaluationWaitMs); }

    // Opens the scenario plan without its scenarios as `name` and shows the sweep view; `ready` (spying on the view's
    // comparisonReady) has seen the first sweep when this returns.
    SweepView* openSweep(const QString& name, std::unique_ptr<QSignalSpy>& ready)
    {
        json document = scenarioPlanDocument();
        document.erase("scenarios");
        const QString path = test::writeFile(m_dir, name, QByteArray::fromStdString(document.dump()));
        EXPECT_TRUE(m_window->openPlan(path));
        SweepView* view = m_window->sweepView();
        ready = std::make_unique<QSignalSpy>(view, &ScenarioCompareView::comparisonReady);
        m_window->showSweepView();
        EXPECT_TRUE(ready->wait(test::kEvaluationWaitMs));
        return view;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    QString m_planPath;
};

// With GP_SCREENS_DIR set: sweeps `values` and saves the view in English and Chinese as PREFIX{en,zh_CN}.png there.
void saveSweepScreens(SweepView* view, QSignalSpy& ready, const QString& values, const QString& prefix)
{
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    if (screens.isEmpty())
        return;
    view->setValues(values);
    ASSERT_TRUE(view->run());
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    view->resize(1300, 760);
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents(); // the relaid-out labels take their new text's width
        // No label is cut: each is as wide as its text in this language.
        for (const QLabel* label : view->findChildren<QLabel*>()) {
            if (label->isVisible() && !label->wordWrap() && !label->text().isEmpty()) {
                EXPECT_GE(label->width(), label->sizeHint().width()) << label->text().toStdString();
            }
        }
        EXPECT_TRUE(view->grab().save(screens + QLatin1Char('/') + prefix + language + QStringLiteral(".png")));
    }
    installLanguage(QStringLiteral("en"));
}

} // namespace

TEST_F(ScenarioWindow, PlanWithThreeScenariosRoundTripsThroughTheWindow)
{
    ASSERT_TRUE(m_window->openPlan(m_planPath));
    ASSERT_EQ(gp::planScenarios(m_window->document()->plan()).size(), 3u);
    const QString saved = m_dir.filePath(QStringLiteral("saved.gpuplan"));
    ASSERT_TRUE(m_window->savePlan(saved));
    QFile file(saved);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    auto reread = gp::parsePlan(file.readAll().toStdString());
    ASSERT_TRUE(reread.ok()) << reread.error().toString();
    auto original = gp::planFromJson(scenarioPlanDocument());
    ASSERT_TRUE(original.ok());
    EXPECT_TRUE(*reread == *original);
    ASSERT_EQ(gp::planScenarios(*reread).size(), 3u);
    EXPECT_EQ(gp::planScenarios(*reread)[2].name, "only GN7");
}

TEST_F(ScenarioWindow, ScenarioBarEditsAreUndoable)
{
    ASSERT_TRUE(m_window->openPlan(m_planPath));
    ScenarioBar* bar = m_window->scenarioBar();
    QUndoStack* undo = m_window->document()->undoStack();
    const auto names = [this] {
        std::vector<std::string> out;
        for (const gp::Scenario& s : gp::planScenarios(m_window->document()->plan()))
            out.push_back(s.name);
        return out;
    };
    bar->addScenario();
    ASSERT_EQ(names().size(), 4u);
    EXPECT_EQ(bar->activeScenario(), 3);
    bar->renameScenario(3, QStringLiteral("  bigger  "));
    EXPECT_EQ(names()[3], "bigger");
    bar->setActiveScenario(1);
    bar->duplicateScenario();
    ASSERT_EQ(names().size(), 5u);
    EXPECT_EQ(names()[4], "LoRA copy");
    EXPECT_EQ(gp::planScenarios(m_window->document()->plan())[4].overrides,
        gp::planScenarios(m_window->document()->plan())[1].overrides);
    bar->deleteScenario(0);
    ASSERT_EQ(names().size(), 4u);
    EXPECT_EQ(names()[0], "LoRA");
    undo->undo(); // delete
    EXPECT_EQ(names().size(), 5u);
    EXPECT_EQ(names()[0], "8k context");
    undo->undo(); // duplicate
    undo->undo(); // rename
    ASSERT_EQ(names().size(), 4u);
    EXPECT_EQ(names()[3].rfind("Scenario", 0), 0u);
    undo->undo(); // add
    EXPECT_EQ(names().size(), 3u);
    EXPECT_LT(bar->activeScenario(), 3); // an active scenario that was undone away falls back
    undo->redo();
    EXPECT_EQ(names().size(), 4u);
}

TEST_F(ScenarioWindow, EditsWhileAScenarioIsActiveChangeOnlyThatScenario)
{
    ASSERT_TRUE(m_window->openPlan(m_planPath));
    ASSERT_TRUE(settled());
    const gp::Plan base = m_window->document()->plan();
    m_window->scenarioBar()->setActiveScenario(0);
    EvaluationPtr shown = settled();
    ASSERT_TRUE(shown && shown->ok);
    // The window shows the scenario's plan.
    EXPECT_EQ(m_window->inputsPanel()->plan().workload.sequenceLength, 8192);
    gp::Plan edited = m_window->inputsPanel()->plan();
    edited.workload.microBatchSize = 2;
    emit m_window->inputsPanel()->planEdited(
        edited, [] { return QStringLiteral("edit"); }, -1);
    const gp::Plan after = m_window->document()->plan();
    EXPECT_EQ(after.workload.microBatchSize, base.workload.microBatchSize); // the base plan is untouched
    EXPECT_EQ(after.workload.sequenceLength, base.workload.sequenceLength);
    const auto scenarios = gp::planScenarios(after);
    EXPECT_EQ(scenarios[0].overrides["workload"]["micro_batch_size"], 2);
    EXPECT_EQ(scenarios[0].overrides["workload"]["sequence_length"], 8192);
    EXPECT_EQ(scenarios[1].overrides, gp::planScenarios(base)[1].overrides);
    m_window->document()->undoStack()->undo();
    EXPECT_TRUE(m_window->document()->plan() == base);
    // Back on the base plan, an edit changes the base and keeps every scenario.
    m_window->scenarioBar()->setActiveScenario(-1);
    edited = m_window->inputsPanel()->plan();
    edited.workload.trainingTokens = 3e9;
    emit m_window->inputsPanel()->planEdited(
        edited, [] { return QStringLiteral("edit"); }, -1);
    EXPECT_DOUBLE_EQ(m_window->document()->plan().workload.trainingTokens, 3e9);
    EXPECT_EQ(gp::planScenarios(m_window->document()->plan()).size(), 3u);
}

TEST_F(ScenarioWindow, NewScenarioIsNamedAfterItsChangeAndTheCompareViewSaysWhatChanged)
{
    // Issue 44 item 8: the comparison did not say what each scenario changed, and new scenarios were "Scenario 4".
    ASSERT_TRUE(m_window->openPlan(m_planPath));
    ASSERT_TRUE(settled());
    const gp::Plan base = m_window->document()->plan();
    ScenarioBar* bar = m_window->scenarioBar();
    bar->addScenario();
    ASSERT_EQ(bar->activeScenario(), 3);
    ASSERT_TRUE(settled());
    gp::Plan edited = m_window->inputsPanel()->plan();
    edited.workload.sequenceLength = 16384;
    emit m_window->inputsPanel()->planEdited(
        edited, [] { return QStringLiteral("edit"); }, -1);
    EXPECT_EQ(gp::planScenarios(m_window->document()->plan())[3].name, "sequence_length 16384");
    // A name the user gave stays.
    bar->renameScenario(3, QStringLiteral("long context"));
    edited = m_window->inputsPanel()->plan();
    edited.workload.microBatchSize = 2;
    emit m_window->inputsPanel()->planEdited(
        edited, [] { return QStringLiteral("edit"); }, -1);
    EXPECT_EQ(gp::planScenarios(m_window->document()->plan())[3].name, "long context");

    ScenarioCompareView* view = m_window->compareView();
    QSignalSpy ready(view, &ScenarioCompareView::comparisonReady);
    m_window->showCompareView();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    ScenarioComparisonModel* model = view->model();
    ASSERT_EQ(model->rowCount(), 5);
    using C = ScenarioComparisonModel;
    const QString changes = model->data(model->index(4, C::Changes)).toString();
    // The fields in the inputs' words and the numbers as the window writes them, not the file's paths.
    EXPECT_TRUE(changes.contains(QStringLiteral("Sequence length: %1 → 16,384")
                                     .arg(QLocale(QLocale::English).toString(base.workload.sequenceLength))))
        << changes.toStdString();
    EXPECT_TRUE(changes.contains(QStringLiteral("Micro-batch size: %1 → 2").arg(base.workload.microBatchSize)))
        << changes.toStdString();
    EXPECT_FALSE(changes.contains(QStringLiteral("workload."))) << changes.toStdString();
    // Issue 44, second try: in Chinese the changes showed "workload.sequence_length：4096 → 8192".
    installLanguage(QStringLiteral("zh_CN"));
    const QString zhChanges = model->data(model->index(4, C::Changes)).toString();
    EXPECT_TRUE(zhChanges.contains(QString::fromUtf8("序列长度"))) << zhChanges.toStdString();
    EXPECT_FALSE(zhChanges.contains(QStringLiteral("workload."))) << zhChanges.toStdString();
    installLanguage(QStringLiteral("en"));
    EXPECT_TRUE(model->data(model->index(3, C::Changes)).toString().contains(QStringLiteral("candidates:")))
        << "the \"only GN7\" scenario changes the candidates";
    EXPECT_EQ(model->data(model->index(0, C::Changes)).toString(), QStringLiteral("baseline"));
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    if (!screens.isEmpty()) {
        view->resize(1400, 600);
        for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            installLanguage(language);
            QCoreApplication::processEvents();
            EXPECT_TRUE(
                view->grab().save(screens + QStringLiteral("/compare_changes_") + language + QStringLiteral(".png")));
        }
        installLanguage(QStringLiteral("en"));
    }
}

TEST_F(ScenarioWindow, CompareViewShowsTheNumbersOfPlanScenarios)
{
    ASSERT_TRUE(m_window->openPlan(m_planPath));
    ScenarioCompareView* view = m_window->compareView();
    QAbstractItemModelTester tester(view->model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy ready(view, &ScenarioCompareView::comparisonReady);
    m_window->showCompareView();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    ScenarioComparisonModel* model = view->model();
    ASSERT_EQ(model->rowCount(), 4);

    QProcess cli;
    cli.start(QStringLiteral(GP_CLI_PATH),
        { QStringLiteral("plan"), m_planPath, QStringLiteral("--scenarios"), QStringLiteral("--format"),
            QStringLiteral("json") });
    ASSERT_TRUE(cli.waitForFinished(test::kEvaluationWaitMs));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    const json out = json::parse(cli.readAllStandardOutput().toStdString());
    ASSERT_EQ(out["scenarios"].size(), 4u);
    using C = ScenarioComparisonModel;
    for (int row = 0; row < 4; ++row) {
        const json& r = out["scenarios"][std::size_t(row)];
        EXPECT_EQ(model->data(model->index(row, C::Candidate)).toString().toStdString(),
            r["best"]["candidate"].get<std::string>());
        EXPECT_DOUBLE_EQ(
            model->data(model->index(row, C::BestCost), C::ValueRole).toDouble(), r["best"]["cost"].get<double>());
        EXPECT_DOUBLE_EQ(
            model->data(model->index(row, C::Hours), C::ValueRole).toDouble(), r["best"]["hours"].get<double>());
        EXPECT_DOUBLE_EQ(model->data(model->index(row, C::Headroom), C::ValueRole).toDouble(),
            r["best"]["memory_headroom_per_gpu"].get<double>());
        for (const auto& [mode, column] :
            { std::pair { "on_demand", C::CostOnDemand }, std::pair { "monthly", C::CostMonthly } }) {
            const QVariant v = model->data(model->index(row, column), C::ValueRole);
            ASSERT_EQ(v.isValid(), r["best"]["costs"].contains(mode)) << row << mode;
            if (v.isValid()) {
                EXPECT_DOUBLE_EQ(v.toDouble(), r["best"]["costs"][mode].get<double>());
            }
        }
        if (row > 0) {
            EXPECT_DOUBLE_EQ(model->data(model->index(row, C::CostDifference), C::ValueRole).toDouble(),
                r["difference"]["cost"].get<double>());
        }
    }
    // Another baseline: the differences follow it.
    view->setBaseline(2);
    EXPECT_EQ(view->baseline(), 2);
    EXPECT_FALSE(model->data(model->index(2, C::CostDifference), C::ValueRole).isValid());
    const double lora = out["scenarios"][2]["best"]["cost"].get<double>();
    EXPECT_DOUBLE_EQ(model->data(model->index(0, C::CostDifference), C::ValueRole).toDouble(),
        out["scenarios"][0]["best"]["cost"].get<double>() - lora);

    // Screenshots for review, when asked for (GP_SCREENS_DIR), in English and Chinese.
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    if (!screens.isEmpty()) {
        QDir().mkpath(screens);
        view->resize(1300, 760);
        for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            installLanguage(language);
            QCoreApplication::processEvents();
            EXPECT_TRUE(view->grab().save(screens + QStringLiteral("/compare_") + language + QStringLiteral(".png")));
            m_window->resize(1600, 1000);
            m_window->scenarioBar()->setActiveScenario(1);
            settled();
            EXPECT_TRUE(m_window->grab().save(
                screens + QStringLiteral("/window_scenario_") + language + QStringLiteral(".png")));
            m_window->scenarioBar()->setActiveScenario(-1);
            settled();
        }
        installLanguage(QStringLiteral("en"));
    }
}

TEST_F(ScenarioWindow, CompareViewStatusLineFollowsTheLanguage)
{
    ASSERT_TRUE(installLanguage(QStringLiteral("en"))); // as the application starts: English plurals from its .qm
    ASSERT_TRUE(m_window->openPlan(m_planPath));
    ScenarioCompareView* view = m_window->compareView();
    QSignalSpy ready(view, &ScenarioCompareView::comparisonReady);
    m_window->showCompareView();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    const auto comparison = view->comparison();
    ASSERT_TRUE(comparison);
    const QString seconds = formatSeconds(comparison->seconds);
    const QString english = view->statusText();
    EXPECT_EQ(english, QStringLiteral("3 scenarios compared in %1").arg(seconds));

    // The View > Language switch installs a translator; the line is worded again, not left in English.
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    const QString chinese = view->statusText();
    EXPECT_EQ(chinese, QStringLiteral("已比较 3 个场景，用时 %1").arg(formatSeconds(comparison->seconds)));
    ASSERT_TRUE(installLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(view->statusText(), english);
}

TEST_F(ScenarioWindow, CompareViewWithOneCandidate)
{
    json document = scenarioPlanDocument();
    document["candidates"] = json::array({ { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } });
    const QString path
        = test::writeFile(m_dir, QStringLiteral("one.gpuplan"), QByteArray::fromStdString(document.dump()));
    ASSERT_TRUE(m_window->openPlan(path));
    ScenarioCompareView* view = m_window->compareView();
    QSignalSpy ready(view, &ScenarioCompareView::comparisonReady);
    m_window->showCompareView();
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    ASSERT_EQ(view->model()->rowCount(), 4);
    for (int row = 0; row < 4; ++row)
        EXPECT_EQ(view->model()->data(view->model()->index(row, ScenarioComparisonModel::Candidate)).toString(),
            QStringLiteral("tencent:GN7.20XLARGE320"));
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    if (!screens.isEmpty()) {
        view->resize(1300, 760);
        for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            installLanguage(language);
            QCoreApplication::processEvents();
            EXPECT_TRUE(view->grab().save(
                screens + QStringLiteral("/compare_one_candidate_") + language + QStringLiteral(".png")));
        }
        installLanguage(QStringLiteral("en"));
    }
}

TEST_F(ScenarioWindow, FrontierViewDrawsTheScoredPointsAndShowsAClickedOne)
{
    json document = scenarioPlanDocument();
    document.erase("scenarios");
    const QString path
        = test::writeFile(m_dir, QStringLiteral("frontier.gpuplan"), QByteArray::fromStdString(document.dump()));
    ASSERT_TRUE(m_window->openPlan(path));
    EvaluationPtr shown = settled();
    ASSERT_TRUE(shown && shown->ok && shown->answer);
    m_window->showFrontierView();
    FrontierView* view = m_window->frontierView();
    ASSERT_EQ(view->candidate(), 0);
    const auto& points = view->points();
    ASSERT_EQ(points.size(),
        gp::frontierPoints(m_window->document()->plan(), gp::builtinCatalog(), *shown->answer, 0).size());
    ASSERT_GT(points.size(), 1u);
    EXPECT_EQ(std::count_if(points.begin(), points.end(), [](const gp::FrontierPoint& f) { return f.chosen; }), 1);
    // The chart draws every point: the scored series holds them all.
    QChart* chart = view->chartView()->chart();
    ASSERT_TRUE(chart);
    ASSERT_FALSE(chart->series().isEmpty());
    auto* scored = qobject_cast<QScatterSeries*>(chart->series().first());
    ASSERT_TRUE(scored);
    EXPECT_EQ(std::size_t(scored->count()), points.size());
    // Round ticks: each axis steps by 1, 2, 2.5 or 5 times a power of ten from a multiple of its step.
    for (QAbstractAxis* axis : chart->axes()) {
        auto* values = qobject_cast<QValueAxis*>(axis);
        ASSERT_NE(values, nullptr);
        const double step = (values->max() - values->min()) / std::max(1, values->tickCount() - 1);
        ASSERT_GT(step, 0);
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
        EXPECT_TRUE(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 2.5) < 1e-9
            || std::abs(mantissa - 5) < 1e-9)
            << step;
        EXPECT_NEAR(std::remainder(values->min(), step), 0.0, 1e-9 * step) << values->min();
    }
    // The chosen point's details are the recommendation's figures.
    const gp::CandidateResult& best = shown->results.front();
    EXPECT_TRUE(view->detailsText().contains(formatHours(best.trainingHours))) << view->detailsText().toStdString();
    // A click on another point shows that point.
    const auto other = std::find_if(points.begin(), points.end(), [](const gp::FrontierPoint& f) { return !f.chosen; });
    ASSERT_NE(other, points.end());
    view->showPoint(int(other - points.begin()));
    EXPECT_TRUE(view->detailsText().contains(formatHours(other->point.hours))) << view->detailsText().toStdString();
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    if (!screens.isEmpty()) {
        view->resize(1200, 680);
        for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            installLanguage(language);
            QCoreApplication::processEvents();
            EXPECT_TRUE(view->grab().save(screens + QStringLiteral("/frontier_") + language + QStringLiteral(".png")));
        }
        installLanguage(QStringLiteral("en"));
    }
}

TEST_F(ScenarioWindow, FrontierViewFramesTheFrontierAndZoomsByKeyboard)
{
    // Issue 44 item 7: axes to 3,000 h and 400k squeezed the frontier and the choice into a corner. By default the
    // chart frames the frontier and the chosen point; "all configurations" frames every point; log axes are an
    // option; + and - zoom, the arrows pan, 0 resets.
    json document = scenarioPlanDocument();
    document.erase("scenarios");
    const QString path
        = test::writeFile(m_dir, QStringLiteral("frontier-zoom.gpuplan"), QByteArray::fromStdString(document.dump()));
    ASSERT_TRUE(m_window->openPlan(path));
    ASSERT_TRUE(settled());
    m_window->showFrontierView();
    FrontierView* view = m_window->frontierView();
    const auto& points = view->points();
    ASSERT_GT(points.size(), 1u);
    double frontierMax = 0, allMax = 0;
    for (const gp::FrontierPoint& f : points) {
        allMax = std::max(allMax, f.point.hours);
        if (f.onFrontier || f.chosen)
            frontierMax = std::max(frontierMax, f.point.hours);
    }
    ASSERT_GT(allMax, 2 * frontierMax) << "the plan's slowest configurations lie far beyond its frontier";
    auto hoursAxis = [&]() -> QAbstractAxis* {
        const auto axes = view->chartView()->chart()->axes(Qt::Horizontal);
        return axes.isEmpty() ? nullptr : axes.first();
    };
    auto* hours = qobject_cast<QValueAxis*>(hoursAxis());
    ASSERT_TRUE(hours);
    EXPECT_GE(hours->max(), frontierMax);
    EXPECT_LT(hours->max(), allMax) << "the default frame is every point, not the frontier";
    for (const gp::FrontierPoint& f : points)
        if (f.onFrontier || f.chosen) {
            EXPECT_GE(f.point.hours, hours->min());
        }

    view->allPointsBox()->setChecked(true);
    hours = qobject_cast<QValueAxis*>(hoursAxis());
    ASSERT_TRUE(hours);
    EXPECT_GE(hours->max(), allMax);
    view->allPointsBox()->setChecked(false);

    view->logScaleBox()->setChecked(true);
    EXPECT_TRUE(qobject_cast<QLogValueAxis*>(hoursAxis()));
    // The cost axis names the currency as every figure writes it ("Cost (¥)"), not by its code (issue 44, second
    // try: "费用 (CNY)" beside "¥" everywhere else).
    {
        const auto costAxes = view->chartView()->chart()->axes(Qt::Vertical);
        ASSERT_FALSE(costAxes.isEmpty());
        EXPECT_TRUE(costAxes.first()->titleText().contains(QString::fromUtf8("¥")))
            << costAxes.first()->titleText().toStdString();
        EXPECT_FALSE(costAxes.first()->titleText().contains(QStringLiteral("CNY")));
    }
    view->logScaleBox()->setChecked(false);

    hours = qobject_cast<QValueAxis*>(hoursAxis());
    ASSERT_TRUE(hours);
    view->resize(1100, 640);
    view->chartView()->settleLayout();
    const double span = hours->max() - hours->min();
    QTest::keyClick(view->chartView(), Qt::Key_Plus);
    EXPECT_LT(hours->max() - hours->min(), span * 0.9) << "+ did not zoom in";
    const double zoomedMin = hours->min();
    QTest::keyClick(view->chartView(), Qt::Key_Right);
    EXPECT_GT(hours->min(), zoomedMin) << "the right arrow did not pan";
    QTest::keyClick(view->chartView(), Qt::Key_0);
    EXPECT_NEAR(hours->max() - hours->min(), span, span * 1e-6) << "0 did not reset the zoom";
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    if (!screens.isEmpty()) {
        for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            installLanguage(language);
            QCoreApplication::processEvents();
            EXPECT_TRUE(
                view->grab().save(screens + QStringLiteral("/frontier_zoomed_") + language + QStringLiteral(".png")));
        }
        view->logScaleBox()->setChecked(true);
        EXPECT_TRUE(view->grab().save(screens + QStringLiteral("/frontier_log_zh_CN.png")));
        installLanguage(QStringLiteral("en"));
    }
}

TEST_F(ScenarioWindow, LanguageSwitchesWithEveryViewOpenKeepTheWindow)
{
    // Issue 44 item 9: the window vanished once on a language switch with the frontier, sweep, sensitivity and
    // Compare views open. The switch is repeated here with all four open and their background work in flight
    // (the sanitizer build runs this test: cmake -DGP_SANITIZE=ON, target ui_tests).
    ASSERT_TRUE(m_window->openPlan(m_planPath));
    ASSERT_TRUE(settled());
    QSignalSpy compared(m_window->compareView(), &ScenarioCompareView::comparisonReady);
    m_window->showCompareView();
    m_window->showFrontierView();
    m_window->showSensitivityView();
    m_window->showSweepView();
    m_window->sweepView()->setValues(QStringLiteral("2048, 4096"));
    ASSERT_TRUE(m_window->sweepView()->run());
    for (int round = 0; round < 6; ++round) {
        m_window->setLanguage(round % 2 == 0 ? QStringLiteral("zh_CN") : QStringLiteral("en"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
        QCoreApplication::processEvents();
        // An edit while the views recompute: new background work supersedes the old.
        gp::Plan edited = m_window->document()->plan();
        edited.workload.microBatchSize = 1 + round % 2;
        m_window->document()->change(edited, QStringLiteral("edit"));
        QCoreApplication::processEvents();
    }
    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    ASSERT_TRUE(compared.wait(test::kEvaluationWaitMs) || compared.count() > 0);
    EXPECT_TRUE(settled());
    EXPECT_EQ(m_window->frontierView()->windowTitle(), QStringLiteral("费用-时间前沿"));
    EXPECT_TRUE(m_window->compareView()->isVisible());
    m_window->setLanguage(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}

TEST_F(ScenarioWindow, SweepViewShowsOneRowPerValueAndNamesABadValue)
{
    std::unique_ptr<QSignalSpy> spy;
    SweepView* view = openSweep(QStringLiteral("sweep.gpuplan"), spy); // sequence length 2048, 4096, 8192, 16384
    QSignalSpy& ready = *spy;
    ScenarioComparisonModel* model = view->model();
    ASSERT_EQ(model->rowCount(), 5); // the plan, then one row per value
    using C = ScenarioComparisonModel;
    // Each value's row is that value's scenario with its best answer.
    // Named in the window's words (the sweep names them "workload.sequence_length=2048").
    const QStringList values { QStringLiteral("2,048"), QStringLiteral("4,096"), QStringLiteral("8,192"),
        QStringLiteral("16,384") };
    for (int row = 1; row < 5; ++row) {
        EXPECT_EQ(model->data(model->index(row, C::Scenario)).toString(),
            QStringLiteral("Sequence length = ") + values[row - 1]);
        EXPECT_FALSE(model->data(model->index(row, C::Candidate)).toString().isEmpty());
        EXPECT_TRUE(model->data(model->index(row, C::Headroom), C::ValueRole).isValid());
    }
    view->setValues(QStringLiteral("1024, 0"));
    EXPECT_FALSE(view->run());
    EXPECT_TRUE(view->errorText().startsWith(QStringLiteral("--values: 0: workload.sequence_length:")))
        << view->errorText().toStdString();
    saveSweepScreens(view, ready, QStringLiteral("2048, 4096, 8192, 16384"), QStringLiteral("sweep_"));
}

// The screens check (uiscreens): scrolled sideways to the costs and differences, the sweep's table lost its scenario
// column, so a row read "¥1,362 ... +12.5 h" with no "Sequence length = 16,384" to say which value it was. Scrolled
// to its right end, the table still shows the scenario column whole at its left, over every row, with the table's
// own names and width (the helper the comparison table keeps its rank and candidate with); unscrolled it is in its
// own place, not twice.
TEST_F(ScenarioWindow, TheSweepsScenarioColumnStaysInSightWhenTheTableScrollsSideways)
{
    std::unique_ptr<QSignalSpy> spy;
    SweepView* view = openSweep(QStringLiteral("sweep.gpuplan"), spy);
    view->resize(700, 600); // narrower than the table's columns
    QCoreApplication::processEvents();
    QTableView* table = view->table();
    QTableView* names = view->scenarioColumn();
    ASSERT_TRUE(table && names);
    using C = ScenarioComparisonModel;
    QScrollBar* across = table->horizontalScrollBar();
    ASSERT_GT(across->maximum(), 0) << "the table is wider than its view at 700 px";
    across->setValue(0);
    QCoreApplication::processEvents();
    EXPECT_FALSE(names->isVisible()) << "unscrolled, the scenario column is the table's own";
    across->setValue(across->maximum());
    QCoreApplication::processEvents();
    ASSERT_LE(table->columnViewportPosition(C::Scenario) + table->columnWidth(C::Scenario), 0)
        << "scrolled to the end, the table's own scenario column is out of sight";
    ASSERT_TRUE(names->isVisible());
    const QPoint corner = names->mapTo(table, QPoint(0, 0));
    EXPECT_EQ(corner.x(), table->viewport()->mapTo(table, QPoint(0, 0)).x()) << "at the table's left edge";
    EXPECT_EQ(names->model(), table->model());
    EXPECT_EQ(names->columnWidth(C::Scenario), table->columnWidth(C::Scenario)) << "as wide as the table's own";
    EXPECT_GE(names->width(), table->columnWidth(C::Scenario));
    for (int c = 0; c < C::ColumnCount; ++c) {
        EXPECT_EQ(names->isColumnHidden(c), c != C::Scenario) << c;
    }
    ASSERT_EQ(view->model()->rowCount(), 5);
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QRect cell = names->visualRect(names->model()->index(row, C::Scenario));
        EXPECT_TRUE(names->viewport()->rect().contains(cell)) << "row " << row << " named whole in sight";
        EXPECT_EQ(names->viewport()->mapTo(table, cell.topLeft()).y(),
            table->viewport()->mapTo(table, table->visualRect(table->model()->index(row, C::Candidate)).topLeft()).y())
            << "beside its own figures, row " << row;
    }
    // Back at the start, the table's own column shows the names again and the copy goes.
    across->setValue(0);
    QCoreApplication::processEvents();
    EXPECT_FALSE(names->isVisible());
}

TEST_F(ScenarioWindow, SweepOfThePriceDiscountGivesTheCliNumbersAndNamesABadValue)
{
    std::unique_ptr<QSignalSpy> spy;
    SweepView* view = openSweep(QStringLiteral("discount.gpuplan"), spy);
    QSignalSpy& ready = *spy;
    const QString path = m_dir.filePath(QStringLiteral("discount.gpuplan")); // the plan the window opened
    int field = -1;
    for (std::size_t i = 0; i < SweepView::fields().size(); ++i)
        if (std::string(SweepView::fields()[i].path) == "billing.price_discount")
            field = int(i);
    ASSERT_GE(field, 0) << "the sweep offers a price discount";
    view->setField(field);
    view->setValues(QStringLiteral("0, 0.2, 0.4"));
    ASSERT_TRUE(view->run());
    ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    ScenarioComparisonModel* model = view->model();
    ASSERT_EQ(model->rowCount(), 4);

    QProcess cli;
    cli.start(QStringLiteral(GP_CLI_PATH),
        { QStringLiteral("sweep"), path, QStringLiteral("--field"), QStringLiteral("billing.price_discount"),
            QStringLiteral("--values"), QStringLiteral("0,0.2,0.4"), QStringLiteral("--format"),
            QStringLiteral("json") });
    ASSERT_TRUE(cli.waitForFinished(test::kEvaluationWaitMs));
    ASSERT_EQ(cli.exitCode(), 0) << cli.readAllStandardError().toStdString();
    const json out = json::parse(cli.readAllStandardOutput().toStdString());
    ASSERT_EQ(out["scenarios"].size(), 4u);
    using C = ScenarioComparisonModel;
    double previous = std::numeric_limits<double>::infinity();
    for (int row = 0; row < 4; ++row) {
        const json& r = out["scenarios"][std::size_t(row)];
        EXPECT_EQ(model->data(model->index(row, C::Candidate)).toString().toStdString(),
            r["best"]["candidate"].get<std::string>());
        const double cost = model->data(model->index(row, C::BestCost), C::ValueRole).toDouble();
        EXPECT_DOUBLE_EQ(cost, r["best"]["cost"].get<double>());
        EXPECT_DOUBLE_EQ(
            model->data(model->index(row, C::Hours), C::ValueRole).toDouble(), r["best"]["hours"].get<double>());
        if (row > 0) {
            EXPECT_LE(cost, previous) << row; // a deeper discount never costs more
            previous = cost;
        }
    }
    EXPECT_LT(model->data(model->index(3, C::BestCost), C::ValueRole).toDouble(),
        model->data(model->index(1, C::BestCost), C::ValueRole).toDouble());
    for (const QString& bad : { QStringLiteral("0.1, -0.1"), QStringLiteral("0.1, 1"), QStringLiteral("NaN") }) {
        view->setValues(bad);
        EXPECT_FALSE(view->run()) << bad.toStdString();
        EXPECT_TRUE(view->errorText().contains(QStringLiteral("billing.price_discount:")))
            << view->errorText().toStdString();
    }
    saveSweepScreens(view, ready, QStringLiteral("0, 0.1, 0.2, 0.3"), QStringLiteral("sweep_discount_"));
}

// The screens check (uiscreens): the Chinese sweep named its rows "workload.sequence_length=2048", the plan file's
// path in the Chinese window, beside a changes column that said "序列长度：4,096 → 2,048". A sweep's row is now named
// in the window's words and units in both languages (the report and the sweep chart read the same name); any other
// name, and a path that is no field of the plan's table, stays as written.
TEST(ScenarioNames, ASweepsRowIsNamedInTheWindowsWordsInBothLanguages)
{
    auto named = [](const std::string& name) {
        gp::ScenarioRow row;
        row.name = name;
        return ScenarioComparisonModel::rowName(row);
    };
    gp::ScenarioRow swept;
    swept.name = "workload.sequence_length=16384";
    EXPECT_EQ(named("workload.sequence_length=16384"), QStringLiteral("Sequence length = 16,384"));
    EXPECT_EQ(ScenarioComparisonModel::sweepValue(swept), QStringLiteral("16,384"));
    EXPECT_EQ(named("AWS=cheap"), QStringLiteral("AWS=cheap"));
    EXPECT_EQ(named("candidates[*].nodes=2"), QStringLiteral("candidates[*].nodes=2"));
    EXPECT_EQ(named("8k context"), QStringLiteral("8k context"));
    gp::ScenarioRow other;
    other.name = "8k context";
    EXPECT_TRUE(ScenarioComparisonModel::sweepValue(other).isEmpty());
    installLanguage(QStringLiteral("zh_CN"));
    const QString chinese = named("workload.sequence_length=16384");
    installLanguage(QStringLiteral("en"));
    EXPECT_EQ(chinese, QStringLiteral("序列长度 = 16,384"));
}
