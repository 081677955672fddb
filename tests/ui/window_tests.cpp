// The main window end to end: live recompute, undo, broken files, save/open, recovery.
#include "charts/chart_builders.h"
#include "charts/chart_view.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/inputs_panel.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;

namespace
{

class WindowTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = makeWindow();
        ASSERT_TRUE(waitForResult(m_window.get()));
    }

    std::unique_ptr<MainWindow> makeWindow(std::function<bool()> recoveryPrompt = {})
    {
        MainWindowOptions options;
        options.settings = m_settings.get();
        options.overridesPath = m_dir.filePath(QStringLiteral("overrides.json"));
        options.recoveryPath = m_dir.filePath(QStringLiteral("recovery.gpuplan"));
        options.restoreSession = false;
        options.offerRecovery = bool(recoveryPrompt);
        // The prompt must be in place before the constructor offers recovery, so build in two steps.
        if (recoveryPrompt) {
            options.offerRecovery = false;
            auto window = std::make_unique<MainWindow>(options);
            window->setRecoveryPrompt(std::move(recoveryPrompt));
            window->offerRecovery();
            window->setMessageSink([this](const QString&, const QString& text) { m_messages << text; });
            return window;
        }
        auto window = std::make_unique<MainWindow>(options);
        window->setMessageSink([this](const QString&, const QString& text) { m_messages << text; });
        return window;
    }

    // Waits for the window to show the evaluation of its current plan.
    static bool waitForResult(MainWindow* window)
    {
        QSignalSpy spy(window, &MainWindow::evaluationApplied);
        for (int i = 0; i < 4; ++i) {
            EvaluationPtr latest = window->comparisonModel()->evaluation();
            if (latest && latest->generation == window->evaluator()->generation() && !window->evaluator()->isBusy())
                return true;
            if (!spy.wait(test::kEvaluationWaitMs))
                return false;
        }
        return window->comparisonModel()->evaluation() != nullptr;
    }

    static std::vector<double> memoryTotals(const MainWindow* window)
    {
        std::vector<double> totals;
        const ComparisonModel* model = window->comparisonModel();
        for (int row = 0; row < model->rowCount(); ++row)
            totals.push_back(
                model->index(row, ComparisonModel::MemoryPerGpu).data(ComparisonModel::SortRole).toDouble());
        return totals;
    }

    // Sum of the stacked memory bars over all candidates, in GiB.
    static double memoryChartSum(const MainWindow* window)
    {
        double sum = 0;
        for (QAbstractSeries* s : window->memoryChartView()->chart()->series())
            if (auto* bars = qobject_cast<QAbstractBarSeries*>(s))
                for (QBarSet* set : bars->barSets())
                    for (int i = 0; i < set->count(); ++i)
                        sum += set->at(i);
        return sum;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
};

} // namespace

TEST_F(WindowTest, ShowsDefaultPlanResultsInTableAndCharts)
{
    EXPECT_GT(m_window->comparisonModel()->rowCount(), 0);
    EXPECT_GT(memoryChartSum(m_window.get()), 0);
    EXPECT_FALSE(m_window->costChartView()->chart()->series().isEmpty());
    EXPECT_FALSE(m_window->bottleneckChartView()->chart()->series().isEmpty());
    EXPECT_FALSE(m_window->document()->isModified());
}

TEST_F(WindowTest, LongerSequenceUpdatesTableAndChartsAndUndoRestores)
{
    const std::vector<double> before = memoryTotals(m_window.get());
    const double chartBefore = memoryChartSum(m_window.get());
    QChart* chartObjectBefore = m_window->memoryChartView()->chart();
    QSpinBox* sequence = m_window->inputsPanel()->sequenceLengthBox();
    const int original = sequence->value();

    sequence->setValue(original * 4); // activations and logits grow with the sequence
    EXPECT_TRUE(m_window->document()->isModified());
    ASSERT_TRUE(waitForResult(m_window.get()));
    EXPECT_EQ(m_window->document()->plan().workload.sequenceLength, original * 4);
    const std::vector<double> after = memoryTotals(m_window.get());
    ASSERT_EQ(after.size(), before.size());
    double sumBefore = 0, sumAfter = 0;
    for (size_t i = 0; i < before.size(); ++i) {
        sumBefore += before[i];
        sumAfter += after[i];
    }
    EXPECT_GT(sumAfter, sumBefore);
    // The candidates stay the same, so the chart is updated in place rather than rebuilt.
    EXPECT_EQ(m_window->memoryChartView()->chart(), chartObjectBefore);
    EXPECT_NE(memoryChartSum(m_window.get()), chartBefore);

    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->plan().workload.sequenceLength, original);
    EXPECT_EQ(sequence->value(), original); // the widget follows the undone plan
    ASSERT_TRUE(waitForResult(m_window.get()));
    const std::vector<double> undone = memoryTotals(m_window.get());
    ASSERT_EQ(undone.size(), before.size());
    double sumUndone = 0;
    for (double v : undone)
        sumUndone += v;
    EXPECT_DOUBLE_EQ(sumUndone, sumBefore);
    EXPECT_DOUBLE_EQ(memoryChartSum(m_window.get()), chartBefore);
    EXPECT_FALSE(m_window->document()->isModified());
}

TEST_F(WindowTest, RepeatedEditsOfOneFieldMergeIntoOneUndoStep)
{
    QSpinBox* micro = m_window->inputsPanel()->microBatchBox();
    const int start = m_window->document()->undoStack()->count();
    micro->setValue(micro->value() + 1);
    micro->setValue(micro->value() + 1);
    micro->setValue(micro->value() + 1);
    EXPECT_EQ(m_window->document()->undoStack()->count(), start + 1);
}

TEST_F(WindowTest, BrokenPlanFileShowsFieldErrorAndKeepsPlan)
{
    const gp::Plan before = m_window->document()->plan();
    const QString path = test::writeFile(m_dir, QStringLiteral("broken.gpuplan"),
        R"({"format": "gpu-planner-plan", "version": 1,
                                             "model": {"preset": "llama-2-7b"},
                                             "workload": {"sequence_length": -5}})");
    QSignalSpy errors(m_window.get(), &MainWindow::errorShown);
    EXPECT_FALSE(m_window->openPlan(path));
    ASSERT_EQ(errors.count(), 1);
    EXPECT_TRUE(errors.front().front().toString().contains(QStringLiteral("workload.sequence_length")))
        << errors.front().front().toString().toStdString();
    ASSERT_EQ(m_messages.size(), 1);
    EXPECT_TRUE(m_window->document()->plan() == before);
    EXPECT_TRUE(m_window->document()->filePath().isEmpty());
}

TEST_F(WindowTest, SaveThenOpenRoundTripsThePlan)
{
    QSpinBox* sequence = m_window->inputsPanel()->sequenceLengthBox();
    sequence->setValue(sequence->value() / 2);
    const gp::Plan edited = m_window->document()->plan();
    const QString path = m_dir.filePath(QStringLiteral("saved.gpuplan"));
    ASSERT_TRUE(m_window->savePlan(path));
    EXPECT_FALSE(m_window->document()->isModified());
    m_window->document()->reset(defaultPlan(), QString());
    ASSERT_TRUE(m_window->openPlan(path));
    EXPECT_EQ(gp::planToJson(m_window->document()->plan())["workload"], gp::planToJson(edited)["workload"]);
    EXPECT_EQ(m_window->document()->plan().workload.sequenceLength, edited.workload.sequenceLength);
    EXPECT_EQ(m_settings->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
}

TEST_F(WindowTest, AutosaveIsOfferedAndRestoredInANewWindow)
{
    QSpinBox* micro = m_window->inputsPanel()->microBatchBox();
    micro->setValue(micro->value() + 3);
    const gp::Plan edited = m_window->document()->plan();
    ASSERT_TRUE(m_window->autosaveNow());
    EXPECT_FALSE(m_window->autosaveNow()); // nothing new since
    const QString recoveryPath = m_window->recoveryPath();
    ASSERT_TRUE(QFileInfo::exists(recoveryPath));
    // The window ends without closing, as in a crash: its recovery file stays for the next window.
    m_window.reset();
    ASSERT_TRUE(QFileInfo::exists(recoveryPath));

    bool asked = false;
    auto recovered = makeWindow([&asked] {
        asked = true;
        return true;
    });
    EXPECT_TRUE(asked);
    EXPECT_TRUE(recovered->document()->isModified());
    EXPECT_EQ(recovered->document()->plan().workload.microBatchSize, edited.workload.microBatchSize);
}

TEST_F(WindowTest, CoreErrorIsShownNextToTheField)
{
    InputsPanel* inputs = m_window->inputsPanel();
    EXPECT_EQ(inputs->showFieldError(QStringLiteral("workload.lora.rank"), QStringLiteral("must be positive")),
        QStringLiteral("workload.lora.rank"));
    EXPECT_EQ(inputs->fieldError(QStringLiteral("workload.lora.rank")), QStringLiteral("must be positive"));
    // A deeper path lands on the closest widget; an unknown one at the top.
    EXPECT_EQ(inputs->showFieldError(QStringLiteral("model.architecture.hidden_size"), QStringLiteral("x")),
        QStringLiteral("model"));
    EXPECT_EQ(inputs->showFieldError(QStringLiteral("candidates[3].gpu"), QStringLiteral("unknown")), QString());
    inputs->clearFieldErrors();
    EXPECT_TRUE(inputs->fieldError(QStringLiteral("workload.lora.rank")).isEmpty());
}

TEST_F(WindowTest, AnInferencePlanReportsDecodeSpeed)
{
    // New choices offer Serving; a plan in the one-batch inference mode still opens in it and is evaluated.
    QComboBox* mode = m_window->inputsPanel()->modeBox();
    EXPECT_LT(mode->findData(int(gp::Mode::Inference)), 0);
    gp::Plan plan = m_window->document()->plan();
    plan.workload.mode = gp::Mode::Inference;
    m_window->document()->change(plan, QStringLiteral("inference"));
    ASSERT_TRUE(waitForResult(m_window.get()));
    ASSERT_GE(mode->findData(int(gp::Mode::Inference)), 0);
    EXPECT_EQ(mode->currentData().toInt(), int(gp::Mode::Inference));
    ASSERT_EQ(m_window->document()->plan().workload.mode, gp::Mode::Inference);
    EvaluationPtr e = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(e && e->ok);
    bool anyDecode = false;
    for (const gp::CandidateResult& r : e->results)
        anyDecode = anyDecode || r.decodeTokensPerSecond.has_value();
    EXPECT_TRUE(anyDecode);
}

TEST_F(WindowTest, ChartsExportPngAndSvg)
{
    m_window->resize(1400, 900);
    const QString png = m_dir.filePath(QStringLiteral("memory.png"));
    const QString svg = m_dir.filePath(QStringLiteral("memory.svg"));
    QString error;
    ASSERT_TRUE(m_window->memoryChartView()->savePng(png, &error)) << error.toStdString();
    ASSERT_TRUE(m_window->memoryChartView()->saveSvg(svg, &error)) << error.toStdString();
    QImage image(png);
    EXPECT_FALSE(image.isNull());
    QFile file(svg);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    EXPECT_TRUE(text.contains("<svg"));
}

TEST_F(WindowTest, LanguageSwitchIsAppliedAndRemembered)
{
    QChart* before = m_window->memoryChartView()->chart();
    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_EQ(m_settings->language(), QStringLiteral("zh_CN"));
    EXPECT_EQ(currentLanguage(), QStringLiteral("zh_CN"));
    // LanguageChange rebuilt the charts (their titles come from tr()) without losing the results.
    EXPECT_NE(m_window->memoryChartView()->chart(), before);
    EXPECT_GT(memoryChartSum(m_window.get()), 0);
    m_window->setLanguage(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_EQ(currentLanguage(), QStringLiteral("en"));
}

TEST_F(WindowTest, ImportedHuggingFaceConfigBecomesTheModel)
{
    // TinyLlama-1.1B's config.json (huggingface.co/TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T); its
    // safetensors hold 1,100,048,384 parameters.
    const QString path = test::writeFile(m_dir, QStringLiteral("config.json"), R"({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 2048,
        "intermediate_size": 5632, "num_attention_heads": 32, "num_hidden_layers": 22, "num_key_value_heads": 4,
        "vocab_size": 32000, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "hidden_act": "silu"})");
    QString error;
    ASSERT_TRUE(m_window->inputsPanel()->importConfig(path, &error)) << error.toStdString();
    const gp::Plan& plan = m_window->document()->plan();
    ASSERT_TRUE(plan.model.architecture.has_value());
    EXPECT_EQ(plan.model.architecture->hiddenSize, 2048);
    EXPECT_TRUE(plan.model.preset.empty());
    ASSERT_TRUE(waitForResult(m_window.get()));
    EvaluationPtr e = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(e && e->ok) << (e ? e->error.toString() : std::string());
    EXPECT_NEAR(e->modelParameters, 1100048384.0, 0.005 * 1100048384.0);
    m_window->document()->undoStack()->undo();
    EXPECT_FALSE(m_window->document()->plan().model.architecture.has_value());
}

TEST_F(WindowTest, ModelFromTheHuggingFaceCacheIsImportedOffline)
{
    // A hub cache as huggingface_hub lays it out, with the TinyLlama config.json above in the snapshot refs/main
    // names; HF_HOME points at it for the test only.
    const QByteArray previousHome = qgetenv("HF_HOME"), previousCache = qgetenv("HF_HUB_CACHE");
    qunsetenv("HF_HUB_CACHE");
    qputenv("HF_HOME", m_dir.path().toUtf8());
    const QString repoDir = QStringLiteral("hub/models--TinyLlama--TinyLlama-1.1B");
    QDir(m_dir.path()).mkpath(repoDir + QStringLiteral("/snapshots/abc123"));
    QDir(m_dir.path()).mkpath(repoDir + QStringLiteral("/refs"));
    test::writeFile(m_dir, repoDir + QStringLiteral("/refs/main"), "abc123\n");
    test::writeFile(m_dir, repoDir + QStringLiteral("/snapshots/abc123/config.json"), R"({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 2048,
        "intermediate_size": 5632, "num_attention_heads": 32, "num_hidden_layers": 22, "num_key_value_heads": 4,
        "vocab_size": 32000, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "hidden_act": "silu"})");
    QStringList offered;
    m_window->setItemChooser([&](const QString&, const QString& label, const QStringList& items) {
        offered = items;
        EXPECT_TRUE(label.contains(QStringLiteral("hub"))) << label.toStdString();
        return items.value(0);
    });
    m_window->chooseCachedModel();
    EXPECT_EQ(offered, QStringList { QStringLiteral("TinyLlama/TinyLlama-1.1B") });
    const gp::Plan& plan = m_window->document()->plan();
    ASSERT_TRUE(plan.model.architecture.has_value());
    EXPECT_EQ(plan.model.architecture->hiddenSize, 2048);
    EXPECT_EQ(plan.model.name, "TinyLlama/TinyLlama-1.1B");
    ASSERT_TRUE(waitForResult(m_window.get()));
    EvaluationPtr e = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(e && e->ok);
    EXPECT_NEAR(e->modelParameters, 1100048384.0, 0.005 * 1100048384.0);

    // An empty cache says which folder it read, and nothing changes.
    QString shown;
    m_window->setMessageSink([&](const QString&, const QString& text) { shown = text; });
    qputenv("HF_HOME", (m_dir.path() + QStringLiteral("/empty")).toUtf8());
    m_window->chooseCachedModel();
    EXPECT_TRUE(shown.contains(QStringLiteral("empty"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("huggingface-cli download"))) << shown.toStdString();
    EXPECT_EQ(m_window->document()->plan().model.name, "TinyLlama/TinyLlama-1.1B");
    if (previousHome.isNull())
        qunsetenv("HF_HOME");
    else
        qputenv("HF_HOME", previousHome);
    if (!previousCache.isNull())
        qputenv("HF_HUB_CACHE", previousCache);
}

TEST_F(WindowTest, ChartsSettleInRankOrderAfterLiveUpdates)
{
    // The fastest instead of the cheapest reorders the same candidates. The live update leaves them in place; once
    // the inputs stop changing, the charts' categories are those of charts built afresh for the shown result.
    auto categories = [](QChart* chart) {
        QStringList out;
        for (QAbstractAxis* axis : chart->axes())
            if (auto* c = qobject_cast<QBarCategoryAxis*>(axis))
                out << c->categories();
        return out;
    };
    const QStringList cheapestFirst = categories(m_window->memoryChartView()->chart());
    gp::Plan plan = m_window->document()->plan();
    plan.search.objective = gp::SearchObjective::Time;
    m_window->document()->change(plan, QStringLiteral("objective"));
    ASSERT_TRUE(waitForResult(m_window.get()));
    const EvaluationPtr shown = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(shown && shown->ok);
    std::unique_ptr<QChart> memory(buildMemoryChart(shown->results, ChartOptions {}));
    std::unique_ptr<QChart> bottleneck(buildBottleneckChart(shown->results, ChartOptions {}));
    ASSERT_NE(categories(memory.get()), cheapestFirst) << "the objective should reorder the candidates";
    EXPECT_EQ(categories(m_window->memoryChartView()->chart()), cheapestFirst) << "live: in place";
    QTest::qWait(MainWindow::ChartSettleMs + 300);
    EXPECT_EQ(categories(m_window->memoryChartView()->chart()), categories(memory.get()));
    EXPECT_EQ(categories(m_window->bottleneckChartView()->chart()), categories(bottleneck.get()));
}
