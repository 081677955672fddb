// The window's serving mode: its inputs (edited through undo, saved and opened unchanged), the table's serving
// columns, the recommendation, the throughput-latency chart and the PDF's serving section.
#include "answer_text.h"
#include "charts/chart_builders.h"
#include "charts/chart_view.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "number_format.h"
#include "plan/kv_layouts.h"
#include "plan/plan_enum_tables.h"
#include "report/report_export.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/comparison_view.h"
#include "widgets/inputs/field_text.h"
#include "widgets/inputs_panel.h"
#include "widgets/recommendation_panel.h"

#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QLineSeries>
#include <QProcess>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>
#include <QValueAxis>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace gpui;
using nlohmann::json;

namespace
{

gp::Plan servingPlan()
{
    auto plan = gp::parsePlan(gp::servingPlanText());
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

class ServingWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        installLanguage(QStringLiteral("en"));
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        const MainWindowOptions options = test::isolatedWindowOptions(m_dir, m_settings.get());
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageSink([](const QString&, const QString&) {});
        ASSERT_TRUE(waitForResult());
    }

    bool waitForResult() { return test::settledEvaluation(*m_window, test::kEvaluationWaitMs) != nullptr; }

    void openJson(const json& document, const QString& name = QStringLiteral("serving.gpuplan"))
    {
        const QString path = test::writeFile(m_dir, name, QByteArray::fromStdString(document.dump(2)));
        ASSERT_TRUE(m_window->openPlan(path));
        ASSERT_TRUE(waitForResult());
    }
    void openServing() { openJson(json::parse(gp::servingPlanText())); }

    json savedJson(const QString& name)
    {
        const QString path = m_dir.filePath(name);
        EXPECT_TRUE(m_window->savePlan(path));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::ReadOnly));
        return json::parse(file.readAll().toStdString());
    }

    // The table's figure for the recommendation (row 0 is the answer's first).
    QVariant cell(int column, int role = ComparisonModel::SortRole) const
    {
        ComparisonModel* model = m_window->comparisonModel();
        return model->data(model->index(0, column), role);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace

TEST_F(ServingWindow, ChoosingServingShowsTheServingInputsAndColumns)
{
    InputsPanel* inputs = m_window->inputsPanel();
    ASSERT_EQ(m_window->document()->plan().workload.mode, gp::Mode::Training);
    EXPECT_FALSE(inputs->servingGroup()->isVisibleTo(inputs));
    EXPECT_TRUE(inputs->trainingGroup()->isVisibleTo(inputs));
    // New choices offer Serving, not the one-batch inference mode.
    QComboBox* mode = inputs->modeBox();
    EXPECT_GE(mode->findData(int(gp::Mode::Serving)), 0);
    EXPECT_LT(mode->findData(int(gp::Mode::Inference)), 0);
    EXPECT_TRUE(m_window->comparisonView()->isColumnHidden(ComparisonModel::Ttft));
    EXPECT_FALSE(m_window->comparisonView()->isColumnHidden(ComparisonModel::Mfu));

    mode->setCurrentIndex(mode->findData(int(gp::Mode::Serving)));
    emit mode->activated(mode->currentIndex());
    ASSERT_TRUE(waitForResult());
    EXPECT_EQ(m_window->document()->plan().workload.mode, gp::Mode::Serving);
    EXPECT_TRUE(inputs->servingGroup()->isVisibleTo(inputs));
    EXPECT_FALSE(inputs->trainingGroup()->isVisibleTo(inputs));
    // Training-only inputs are hidden, the engine's knobs wait behind "Advanced".
    EXPECT_FALSE(inputs->checkpointingBox()->isVisibleTo(inputs));
    EXPECT_FALSE(inputs->servingMaxSeqsBox()->isVisibleTo(inputs));
    inputs->servingAdvancedButton()->click();
    EXPECT_TRUE(inputs->servingMaxSeqsBox()->isVisibleTo(inputs));
    // The table: serving columns in, training columns out; and back when the plan trains again.
    EXPECT_FALSE(m_window->comparisonView()->isColumnHidden(ComparisonModel::Ttft));
    EXPECT_FALSE(m_window->comparisonView()->isColumnHidden(ComparisonModel::MonthlyCost));
    EXPECT_TRUE(m_window->comparisonView()->isColumnHidden(ComparisonModel::Mfu));
    // Latency and cost come before memory, so that they are on screen without scrolling.
    QHeaderView* header = m_window->comparisonView()->horizontalHeader();
    EXPECT_LT(header->visualIndex(ComparisonModel::Ttft), header->visualIndex(ComparisonModel::MemoryPerGpu));
    EXPECT_LT(header->visualIndex(ComparisonModel::RankedCost), header->visualIndex(ComparisonModel::Fits));
    m_window->document()->undoStack()->undo();
    ASSERT_TRUE(waitForResult());
    EXPECT_EQ(m_window->document()->plan().workload.mode, gp::Mode::Training);
    EXPECT_TRUE(m_window->comparisonView()->isColumnHidden(ComparisonModel::Ttft));
    EXPECT_FALSE(m_window->comparisonView()->isColumnHidden(ComparisonModel::Mfu));
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
        EXPECT_EQ(header->visualIndex(c), c) << "column " << c << " is back in its place";
}

TEST_F(ServingWindow, HeadroomIsTheMemoryTheEngineLeavesOutsideItsShare)
{
    openServing();
    EvaluationPtr e = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(e && e->ok);
    ComparisonModel* model = m_window->comparisonModel();
    int started = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const gp::CandidateResult& r = e->results[size_t(row)];
        if (!r.serving || r.serving->kvBudgetBytes <= 0)
            continue;
        ++started;
        // The KV cache fills the engine's share; what is left is the share's complement, about a tenth of the GPU
        // at gpu_memory_utilization 0.9, not a rounding residue ("-0 MiB").
        const double headroom
            = model->data(model->index(row, ComparisonModel::Headroom), ComparisonModel::SortRole).toDouble();
        EXPECT_NEAR(headroom, 0.1 * r.serving->visibleMemoryBytes, 1.0) << r.candidate;
        const QString shown = model->data(model->index(row, ComparisonModel::Headroom)).toString();
        EXPECT_EQ(shown, formatBytes(headroom)) << r.candidate;
        EXPECT_FALSE(shown.startsWith(QLatin1Char('-')) || shown.startsWith(QChar(0x2212))) << shown.toStdString();
        const QString tip = model->data(model->index(row, ComparisonModel::Headroom), Qt::ToolTipRole).toString();
        EXPECT_TRUE(tip.contains(QStringLiteral("KV cache fills"))) << tip.toStdString();
        EXPECT_TRUE(tip.contains(formatBytes(headroom))) << tip.toStdString();
    }
    EXPECT_GE(started, 3);
    const QString header = model->headerData(ComparisonModel::Headroom, Qt::Horizontal, Qt::ToolTipRole).toString();
    EXPECT_TRUE(header.contains(QStringLiteral("gpu_memory_utilization"))) << header.toStdString();
}

TEST_F(ServingWindow, AnEditChangesTheCostPerMillionTokensAndUndoRestoresIt)
{
    openServing();
    EvaluationPtr before = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(before && before->ok);
    ASSERT_GE(before->best, 0);
    const double cost = cell(ComparisonModel::RankedCost).toDouble();
    ASSERT_TRUE(std::isfinite(cost) && cost > 0 && cost < 1e299);
    // The table's figure is the answer's (one home): the result's own cost per million tokens.
    ASSERT_TRUE(before->results[0].serving && before->results[0].serving->costPerMillionTokens);
    EXPECT_NEAR(cost, *before->results[0].serving->costPerMillionTokens, 1e-9 * cost);
    EXPECT_FALSE(cell(ComparisonModel::Ttft, Qt::DisplayRole).toString().isEmpty());
    EXPECT_EQ(cell(ComparisonModel::Replicas).toDouble(), double(before->results[0].serving->replicas));

    // A tighter time-per-output-token target (50 ms -> 15 ms) can only make tokens dearer, and here it does.
    QDoubleSpinBox* tpot = m_window->inputsPanel()->servingTpotBox();
    ASSERT_DOUBLE_EQ(tpot->value(), 50.0);
    tpot->setValue(15.0);
    ASSERT_TRUE(waitForResult());
    ASSERT_TRUE(m_window->document()->plan().workload.serving.slo.tpotSeconds.has_value());
    EXPECT_DOUBLE_EQ(*m_window->document()->plan().workload.serving.slo.tpotSeconds, 0.015);
    const double tighter = cell(ComparisonModel::RankedCost).toDouble();
    EXPECT_GT(tighter, cost);

    m_window->document()->undoStack()->undo();
    ASSERT_TRUE(waitForResult());
    EXPECT_DOUBLE_EQ(*m_window->document()->plan().workload.serving.slo.tpotSeconds, 0.05);
    EXPECT_DOUBLE_EQ(tpot->value(), 50.0);
    EXPECT_DOUBLE_EQ(cell(ComparisonModel::RankedCost).toDouble(), cost);
}

// The KV cache choice offers every layout a serving engine stores (plan/kv_layouts.h), each named, and the plan
// written from the window carries the engine's layout by its plan name.
TEST_F(ServingWindow, KvChoiceOffersTheEnginesLayouts)
{
    openServing();
    QComboBox* kv = m_window->inputsPanel()->servingKvBox();
    for (const auto& [name, precision] : gp::detail::kKvPrecisions) {
        if (gp::kvLayoutEngines(precision).empty())
            continue; // fp32 and int4: no serving engine keeps them
        const int index = kv->findData(int(precision));
        ASSERT_GE(index, 0) << name;
        EXPECT_FALSE(kv->itemText(index).isEmpty()) << name;
    }
    kv->setCurrentIndex(kv->findData(int(gp::KvPrecision::Fp8PerTokenHead)));
    emit kv->activated(kv->currentIndex());
    ASSERT_TRUE(waitForResult());
    EXPECT_EQ(m_window->document()->plan().workload.serving.kvCachePrecision, gp::KvPrecision::Fp8PerTokenHead);
}

TEST_F(ServingWindow, ServingFieldsRoundTripThroughSaveAndOpen)
{
    openServing();
    InputsPanel* inputs = m_window->inputsPanel();
    // Each edit through the widgets, as a user makes it.
    inputs->servingPromptBox()->setValue(2048);
    inputs->servingOutputBox()->setValue(256);
    QComboBox* kind = inputs->servingLoadKindBox();
    kind->setCurrentIndex(kind->findData(int(gp::ServingLoadKind::Concurrency)));
    emit kind->activated(kind->currentIndex());
    inputs->servingConcurrencyBox()->setValue(24);
    inputs->servingTtftBox()->setValue(inputs->servingTtftBox()->minimum()); // "none"
    inputs->servingTpotBox()->setValue(40);
    QComboBox* kv = inputs->servingKvBox();
    kv->setCurrentIndex(kv->findData(int(gp::KvPrecision::Fp8)));
    emit kv->activated(kv->currentIndex());
    inputs->servingReplicasBox()->setValue(3);
    inputs->servingRequestsPerMonthBox()->setText(QStringLiteral("3M"));
    emit inputs->servingRequestsPerMonthBox()->editingFinished();
    inputs->servingGpuUtilizationBox()->setValue(0.85);
    inputs->servingMaxSeqsBox()->setValue(128);
    inputs->servingMaxTokensBox()->setValue(4096);
    inputs->servingPrefixHitBox()->setValue(0.25);
    inputs->servingGraphBatchSizesBox()->setText(QStringLiteral("1, 2, 4, 8 16"));
    emit inputs->servingGraphBatchSizesBox()->editingFinished();
    ASSERT_TRUE(waitForResult());
    EXPECT_EQ(m_window->document()->undoStack()->count(), 14);

    const json saved = savedJson(QStringLiteral("edited.gpuplan"));
    const json& s = saved["workload"]["serving"];
    EXPECT_EQ(saved["workload"]["mode"], "serving");
    EXPECT_EQ(s["prompt_tokens"], 2048);
    EXPECT_EQ(s["output_tokens"], 256);
    EXPECT_EQ(s["load"], json({ { "concurrency", 24 } }));
    EXPECT_FALSE(s.at("slo").contains("ttft_seconds")) << s.dump();
    EXPECT_DOUBLE_EQ(s["slo"]["tpot_seconds"].get<double>(), 0.04);
    EXPECT_EQ(s["kv_cache_precision"], "fp8");
    EXPECT_EQ(s["replicas"], 3);
    EXPECT_DOUBLE_EQ(s["requests_per_month"].get<double>(), 3e6);
    EXPECT_DOUBLE_EQ(s["engine"]["gpu_memory_utilization"].get<double>(), 0.85);
    EXPECT_EQ(s["engine"]["max_num_seqs"], 128);
    EXPECT_EQ(s["engine"]["max_num_batched_tokens"], 4096);
    EXPECT_DOUBLE_EQ(s["engine"]["prefix_cache_hit_rate"].get<double>(), 0.25);
    EXPECT_EQ(s["engine"]["cuda_graph_batch_sizes"], json({ 1, 2, 4, 8, 16 }));

    // Opened again, the widgets show the same values and saving writes the same plan.
    openJson(saved, QStringLiteral("reopened.gpuplan"));
    EXPECT_EQ(inputs->servingPromptBox()->value(), 2048);
    EXPECT_EQ(inputs->servingConcurrencyBox()->value(), 24);
    EXPECT_TRUE(inputs->servingConcurrencyBox()->isVisibleTo(inputs));
    EXPECT_FALSE(inputs->servingRateBox()->isVisibleTo(inputs));
    EXPECT_EQ(inputs->servingTtftBox()->text(), QStringLiteral("none"));
    EXPECT_DOUBLE_EQ(inputs->servingTpotBox()->value(), 40.0);
    EXPECT_EQ(inputs->servingReplicasBox()->value(), 3);
    EXPECT_EQ(inputs->servingMaxSeqsBox()->value(), 128);
    EXPECT_EQ(inputs->servingGraphBatchSizesBox()->text(), QStringLiteral("1, 2, 4, 8, 16"));
    EXPECT_EQ(savedJson(QStringLiteral("again.gpuplan")), saved);

    // Undo goes back through the edits one at a time: the last one was the prefix-cache hit rate.
    openJson(saved, QStringLiteral("undo.gpuplan"));
    inputs->servingMaxSeqsBox()->setValue(64);
    inputs->servingPrefixHitBox()->setValue(0.5);
    m_window->document()->undoStack()->undo();
    EXPECT_DOUBLE_EQ(m_window->document()->plan().workload.serving.engine.prefixCacheHitRate, 0.25);
    EXPECT_EQ(m_window->document()->plan().workload.serving.engine.maxNumSeqs.value_or(0), 64);
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->plan().workload.serving.engine.maxNumSeqs.value_or(0), 128);
    EXPECT_EQ(inputs->servingMaxSeqsBox()->value(), 128);
}

TEST_F(ServingWindow, AnEditNeverDropsAnotherFieldsValue)
{
    json plan = json::parse(gp::servingPlanText());
    plan["workload"]["serving"]["slo"] = { { "ttft_seconds", 0.0004 }, { "tpot_seconds", 0.05 } };
    plan["workload"]["serving"]["requests_per_month"] = 1234567.0;
    openJson(plan);
    // 0.0004 s shows as 0.000 in a three-decimal box, but an edit elsewhere keeps it as the file has it.
    m_window->inputsPanel()->servingOutputBox()->setValue(400);
    ASSERT_TRUE(waitForResult());
    const json saved = savedJson(QStringLiteral("kept.gpuplan"));
    EXPECT_DOUBLE_EQ(saved["workload"]["serving"]["slo"]["ttft_seconds"].get<double>(), 0.0004);
    EXPECT_DOUBLE_EQ(saved["workload"]["serving"]["requests_per_month"].get<double>(), 1234567.0);
    EXPECT_EQ(saved["workload"]["serving"]["output_tokens"], 400);
}

TEST_F(ServingWindow, BadServingInputNamesTheField)
{
    openServing();
    InputsPanel* inputs = m_window->inputsPanel();
    const int steps = m_window->document()->undoStack()->count();
    inputs->servingRequestsPerMonthBox()->setText(QStringLiteral("lots"));
    emit inputs->servingRequestsPerMonthBox()->editingFinished();
    EXPECT_FALSE(inputs->fieldError(QStringLiteral("workload.serving.requests_per_month")).isEmpty());
    EXPECT_EQ(m_window->document()->undoStack()->count(), steps); // refused: nothing recorded
    // CUDA-graph batch sizes must be increasing whole numbers.
    inputs->servingGraphBatchSizesBox()->setText(QStringLiteral("8, 4"));
    emit inputs->servingGraphBatchSizesBox()->editingFinished();
    EXPECT_FALSE(inputs->fieldError(QStringLiteral("workload.serving.engine.cuda_graph_batch_sizes")).isEmpty());
    EXPECT_EQ(m_window->document()->undoStack()->count(), steps);
    // A value past the core's limit is refused with the core's message for the field.
    const QString field = inputs->showFieldError(
        QStringLiteral("workload.serving.engine.max_num_seqs"), QStringLiteral("must be at most 16777216"));
    EXPECT_EQ(field, QStringLiteral("workload.serving.engine.max_num_seqs"));
}

TEST_F(ServingWindow, AnInferencePlanStillOpensAndBecomesServingWithItsBatchAsTheLoad)
{
    json plan = json::parse(gp::defaultPlanText());
    plan["workload"]["mode"] = "inference";
    plan["workload"]["inference"] = { { "batch_size", 12 }, { "prompt_tokens", 700 }, { "output_tokens", 90 } };
    openJson(plan, QStringLiteral("inference.gpuplan"));
    EvaluationPtr e = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(e && e->ok);
    EXPECT_EQ(e->mode, gp::Mode::Inference);
    QComboBox* mode = m_window->inputsPanel()->modeBox();
    ASSERT_GE(mode->findData(int(gp::Mode::Inference)), 0);
    EXPECT_EQ(mode->currentData().toInt(), int(gp::Mode::Inference));
    EXPECT_FALSE(m_window->inputsPanel()->servingGroup()->isVisibleTo(m_window->inputsPanel()));

    mode->setCurrentIndex(mode->findData(int(gp::Mode::Serving)));
    emit mode->activated(mode->currentIndex());
    ASSERT_TRUE(waitForResult());
    const gp::ServingSpec& s = m_window->document()->plan().workload.serving;
    EXPECT_EQ(s.load.kind, gp::ServingLoadKind::Concurrency);
    EXPECT_EQ(s.load.value, 12);
    EXPECT_EQ(s.promptTokens, 700);
    EXPECT_EQ(s.outputTokens, 90);
    EXPECT_EQ(m_window->inputsPanel()->servingConcurrencyBox()->value(), 12);
}

// A training plan with MTP layers and context parallelism switched to serving was refused on a field the serving
// view hides ("applies to training only", under a hidden row). The switch now sets back what the core refuses
// outside training (found from its refusals, not a list kept in the window), says so under the mode naming each
// field and its old value, in the window's language (at the top of the inputs), and one undo brings the training
// plan back whole.
TEST_F(ServingWindow, SwitchingToServingSetsBackTrainingOnlyFieldsSaysWhichAndUndoRestoresThem)
{
    json document = json::parse(gp::defaultPlanText());
    document["workload"]["mtp_layers"] = 1;
    document["workload"]["parallelism"]["context"] = 2;
    openJson(document, QStringLiteral("mtp-context.gpuplan"));
    EvaluationPtr trained = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(trained && trained->ok) << trained->error.toString();
    const gp::Plan before = m_window->document()->plan();
    ASSERT_EQ(before.workload.mtpLayers, 1);
    ASSERT_EQ(before.workload.parallelism.context, 2);
    InputsPanel* inputs = m_window->inputsPanel();
    QComboBox* mode = inputs->modeBox();
    const QStringList expected
        = { QStringLiteral("workload.parallelism.context"), QStringLiteral("workload.mtp_layers") };
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        const std::string where = language.toStdString();
        mode->setCurrentIndex(mode->findData(int(gp::Mode::Serving)));
        emit mode->activated(mode->currentIndex());
        ASSERT_TRUE(waitForResult()) << where;
        const gp::Plan& served = m_window->document()->plan();
        EXPECT_EQ(served.workload.mode, gp::Mode::Serving) << where;
        EXPECT_EQ(served.workload.parallelism.context, 1) << where;
        EXPECT_EQ(served.workload.mtpLayers, 0) << where;
        EvaluationPtr e = m_window->comparisonModel()->evaluation();
        ASSERT_TRUE(e && e->ok) << where << ": " << e->error.toString();
        EXPECT_EQ(inputs->modeResetFields(), expected) << where;
        const QString note = inputs->modeResetNote();
        for (const QString& path : expected)
            EXPECT_TRUE(note.contains(FieldText::label(path.toStdString()))) << where << ": " << note.toStdString();
        EXPECT_TRUE(note.contains(QStringLiteral("Ctrl+Z"))) << where << ": " << note.toStdString();
        if (language == QLatin1String("zh_CN")) {
            EXPECT_FALSE(note.contains(QStringLiteral("training only"))) << note.toStdString();
        }
        EXPECT_TRUE(inputs->fieldError(QString()).isEmpty()) << where;
        // One undo: the training plan as it was, the note gone.
        m_window->document()->undoStack()->undo();
        ASSERT_TRUE(waitForResult()) << where;
        EXPECT_TRUE(m_window->document()->plan() == before) << where;
        EXPECT_TRUE(inputs->modeResetFields().isEmpty()) << where;
        EXPECT_TRUE(inputs->modeResetNote().isEmpty()) << where;
        EXPECT_EQ(inputs->contextBox()->value(), 2) << where;
    }
    installLanguage(QStringLiteral("en"));
}

TEST_F(ServingWindow, RecommendationSaysReplicasLatencyAgainstTargetsAndCost)
{
    openServing();
    m_window->settleNow();
    EvaluationPtr e = m_window->comparisonModel()->evaluation();
    ASSERT_TRUE(e && e->best >= 0);
    const gp::CandidateResult& best = e->results[size_t(e->best)];
    ASSERT_TRUE(best.serving);
    const QString html = recommendationHtml(*e);
    EXPECT_TRUE(html.contains(AnswerText::servingDeployment(best).toHtmlEscaped())) << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral("target 1.00 s"))) << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral("per million tokens"))) << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral("Monthly cost"))) << html.toStdString();
    // Why the others lose, in the core's words: a candidate that needs more instances than the search may use.
    EXPECT_TRUE(html.contains(QStringLiteral("The others"))) << html.toStdString();
}

// Issue 44: the field said "1000.000 s" and the answer "target 1,000.00 s". A latency target reads alike in its field
// and in the recommendation, in both languages; what the user types stays as typed until they leave the field.
TEST_F(ServingWindow, ALatencyTargetReadsAlikeInItsFieldAndInTheAnswer)
{
    json plan = json::parse(gp::servingPlanText());
    plan["workload"]["serving"]["slo"] = { { "ttft_seconds", 1000 }, { "tpot_seconds", 0.05 } };
    const struct {
        const char* language;
        QString ttft, tpot, typed;
    } cases[] = { { "en", QStringLiteral("1,000.00 s"), QStringLiteral("50.0 ms"), QStringLiteral("2.50 s") },
        { "zh_CN", QStringLiteral("1,000.00 秒"), QStringLiteral("50.0 毫秒"), QStringLiteral("2.50 秒") } };
    for (const auto& c : cases) {
        installLanguage(QString::fromLatin1(c.language));
        openJson(plan);
        m_window->settleNow();
        QDoubleSpinBox* ttft = m_window->inputsPanel()->servingTtftBox();
        EXPECT_EQ(ttft->text(), c.ttft) << c.language;
        EXPECT_EQ(m_window->inputsPanel()->servingTpotBox()->text(), c.tpot) << c.language;
        const EvaluationPtr e = m_window->comparisonModel()->evaluation();
        ASSERT_TRUE(e && e->ok);
        const QString html = recommendationHtml(*e);
        EXPECT_TRUE(html.contains(c.ttft)) << c.language << ": " << html.toStdString();
        // Typed text stays as typed while the field has the focus, then reads as the answer writes it.
        ttft->setFocus();
        ttft->selectAll();
        QTest::keyClicks(ttft, QStringLiteral("2500 ms"));
        EXPECT_EQ(ttft->text(), QStringLiteral("2500 ms"));
        EXPECT_EQ(m_window->document()->plan().workload.serving.slo.ttftSeconds.value_or(0), 1000);
        QTest::keyClick(ttft, Qt::Key_Enter);
        EXPECT_DOUBLE_EQ(m_window->document()->plan().workload.serving.slo.ttftSeconds.value_or(0), 2.5);
        EXPECT_EQ(ttft->text(), c.typed) << c.language;
    }
    // A switch of language writes the field again in its units.
    installLanguage(QStringLiteral("en"));
    QCoreApplication::processEvents();
    EXPECT_EQ(m_window->inputsPanel()->servingTtftBox()->text(), QStringLiteral("2.50 s"));
}

TEST_F(ServingWindow, ThroughputLatencyChartHasALinePerCandidateAndTheTargetLine)
{
    const gp::Plan plan = servingPlan();
    const Evaluation e = evaluatePlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(e.ok);
    int withCurve = 0;
    for (const gp::CandidateResult& r : e.results)
        withCurve += r.serving && !r.serving->curve.empty() ? 1 : 0;
    ASSERT_GE(withCurve, 2);
    ChartOptions options;
    options.tpotTargetSeconds = plan.workload.serving.slo.tpotSeconds;
    std::unique_ptr<QChart> chart(buildServingCurveChart(e.results, options));
    int lines = 0, points = 0;
    QLineSeries* target = nullptr;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* scatter = qobject_cast<QScatterSeries*>(s)) {
            ++points;
            ASSERT_EQ(scatter->count(), 1);
        } else if (auto* line = qobject_cast<QLineSeries*>(s)) {
            if (line->name().startsWith(QStringLiteral("TPOT target")))
                target = line;
            else
                ++lines;
        }
    }
    EXPECT_EQ(lines, std::min(withCurve, MaxServingCurves));
    EXPECT_EQ(points, lines);
    ASSERT_NE(target, nullptr);
    EXPECT_DOUBLE_EQ(target->at(0).x(), 50.0); // 0.05 s in milliseconds
    EXPECT_DOUBLE_EQ(target->at(1).x(), 50.0);
    // Each line is its candidate's curve: as many points, x = TPOT in ms, y = output tokens/s per replica.
    const gp::ServingResult& first = *e.results[0].serving;
    auto* firstLine = qobject_cast<QLineSeries*>(chart->series().at(0));
    ASSERT_NE(firstLine, nullptr);
    ASSERT_EQ(firstLine->count(), int(first.curve.size()));
    EXPECT_DOUBLE_EQ(firstLine->at(0).x(), first.curve[0].tpotSeconds * 1e3);
    EXPECT_DOUBLE_EQ(firstLine->at(0).y(), first.curve[0].outputTokensPerSecond);
    // In place: a changed target moves the line without a rebuild.
    options.tpotTargetSeconds = 0.03;
    EXPECT_TRUE(updateServingCurveChart(chart.get(), e.results, options));
    EXPECT_DOUBLE_EQ(target->at(0).x(), 30.0);
}

TEST_F(ServingWindow, ManyCandidatesDrawTheBestCurvesAndSaySo)
{
    gp::Plan plan = servingPlan();
    plan.candidates.clear(); // every catalog instance
    const Evaluation e = evaluatePlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(e.ok);
    int withCurve = 0;
    for (const gp::CandidateResult& r : e.results)
        withCurve += r.serving && !r.serving->curve.empty() ? 1 : 0;
    ASSERT_GT(withCurve, MaxServingCurves);
    ChartOptions options;
    options.maxCandidates = int(e.results.size());
    std::unique_ptr<QChart> chart(buildServingCurveChart(e.results, options));
    int lines = 0;
    for (QAbstractSeries* s : chart->series())
        lines += qobject_cast<QLineSeries*>(s) && !qobject_cast<QScatterSeries*>(s) ? 1 : 0;
    EXPECT_EQ(lines, MaxServingCurves);
    EXPECT_TRUE(chart->title().contains(QStringLiteral("best %1 of %2").arg(MaxServingCurves).arg(withCurve)))
        << chart->title().toStdString();
}

TEST_F(ServingWindow, WindowShowsServingChartsInServingMode)
{
    openServing();
    m_window->settleNow();
    EXPECT_TRUE(m_window->costChartView()->chart()->title().startsWith(QStringLiteral("Cost per million tokens")))
        << m_window->costChartView()->chart()->title().toStdString();
    EXPECT_TRUE(m_window->bottleneckChartView()->chart()->title().startsWith(QStringLiteral("Throughput vs latency")))
        << m_window->bottleneckChartView()->chart()->title().toStdString();
}

TEST_F(ServingWindow, PdfHasTheServingSection)
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    ASSERT_FALSE(pdftotext.isEmpty()) << "pdftotext (poppler-utils) is needed to read the PDF";
    const gp::Plan plan = servingPlan();
    ExportRequest request;
    request.pdfPath = m_dir.filePath(QStringLiteral("serving.pdf"));
    request.csvPath = m_dir.filePath(QStringLiteral("serving.csv"));
    request.language = QStringLiteral("en");
    const auto exported = exportPlanReport(plan, gp::builtinCatalog(), request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();
    QProcess text;
    text.start(pdftotext, { QStringLiteral("-layout"), request.pdfPath, QStringLiteral("-") });
    ASSERT_TRUE(text.waitForFinished(test::kEvaluationWaitMs));
    const QString pdf = QString::fromUtf8(text.readAllStandardOutput());
    EXPECT_TRUE(pdf.contains(QStringLiteral("Serving: throughput, latency and cost"))) << pdf.toStdString();
    EXPECT_TRUE(pdf.contains(QStringLiteral("40 requests/s"))) << pdf.toStdString();
    EXPECT_TRUE(pdf.contains(QStringLiteral("Throughput vs latency per replica")));
    EXPECT_TRUE(pdf.contains(QStringLiteral("Cost per million tokens")));
    // The one-batch wording does not appear for a serving plan.
    EXPECT_FALSE(pdf.contains(QStringLiteral("concurrent requests of"))) << pdf.toStdString();
    // Memory: the engine's share filled by the KV cache and what it leaves unused, not "it needs X of X usable".
    const QString flowing = pdf.simplified();
    EXPECT_TRUE(flowing.contains(QStringLiteral("stay outside the engine"))) << pdf.toStdString();
    EXPECT_TRUE(flowing.contains(QStringLiteral("leaves"))) << pdf.toStdString();
    EXPECT_FALSE(flowing.contains(QStringLiteral("usable on each"))) << pdf.toStdString();
    QFile csv(request.csvPath);
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    EXPECT_TRUE(csv.readLine().contains("serving_cost_per_million_tokens"));
}

TEST_F(ServingWindow, ServingRecommendationIsTranslated)
{
    const Evaluation e = evaluatePlan(servingPlan(), gp::builtinCatalog());
    ASSERT_TRUE(e.ok && e.best >= 0);
    installLanguage(QStringLiteral("zh_CN"));
    const QString html = recommendationHtml(e);
    installLanguage(QStringLiteral("en"));
    EXPECT_TRUE(html.contains(QStringLiteral("首 token 时间"))) << html.toStdString();
    EXPECT_TRUE(html.contains(QStringLiteral("每百万 token"))) << html.toStdString();
    EXPECT_FALSE(html.contains(QStringLiteral("per million tokens"))) << html.toStdString();
    EXPECT_FALSE(html.contains(QStringLiteral("in flight per replica"))) << html.toStdString();
}

TEST_F(ServingWindow, CostChartShowsTheBestCandidatesPerMillionTokens)
{
    gp::Plan plan = servingPlan();
    plan.candidates.clear(); // every catalog instance
    const Evaluation e = evaluatePlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(e.ok);
    std::vector<const gp::CandidateResult*> priced;
    for (const gp::CandidateResult& r : e.results)
        if (r.fits && r.serving && r.serving->costPerMillionTokens)
            priced.push_back(&r);
    ASSERT_GT(int(priced.size()), MaxServingCostBars);
    ChartOptions options;
    options.maxCandidates = int(e.results.size());
    std::unique_ptr<QChart> chart(buildServingCostChart(e.results, options));
    EXPECT_TRUE(chart->title().contains(QStringLiteral("best %1 of %2").arg(MaxServingCostBars).arg(priced.size())))
        << chart->title().toStdString();
    auto* bars = qobject_cast<QAbstractBarSeries*>(chart->series().value(0));
    ASSERT_NE(bars, nullptr);
    ASSERT_EQ(bars->barSets().size(), 2);
    QBarSet* perToken = bars->barSets().at(0);
    ASSERT_EQ(perToken->count(), MaxServingCostBars);
    // Bottom-up: the best-ranked candidate's bar is the last (drawn on top), and it is its cost per million tokens.
    EXPECT_DOUBLE_EQ(perToken->at(MaxServingCostBars - 1), *priced.front()->serving->costPerMillionTokens);
    EXPECT_DOUBLE_EQ(perToken->at(0), *priced[size_t(MaxServingCostBars - 1)]->serving->costPerMillionTokens);
}

// Issue 44 (window6): a looser latency target gave a dearer serving answer. In the window, Qwen2.5 14B with FP8 set
// while training and the mode then switched to serving (32 requests in flight): no targets gave GN10Xp at ¥2.02 per
// million tokens with 220 ms to the first token; a target of 800 ms, which that answer meets, gave PNV4 at ¥2.32.
// The cause was in the core, not the window: the closed loop of one request in flight (22 s to the first token on 8
// V100s, where two requests took 0.1 s) missed every target, so the search for the largest concurrency meeting the
// target (which starts at one request) dropped the cheapest layouts. Property: each looser target costs no more, in
// both languages (the window's own edits, the TTFT field typed in ms).
TEST_F(ServingWindow, ALooserLatencyTargetNeverGivesADearerAnswerInBothLanguages)
{
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        m_window->document()->reset(defaultPlan(), QString()); // File > New without the question
        ASSERT_TRUE(waitForResult());
        InputsPanel* inputs = m_window->inputsPanel();
        QComboBox* preset = inputs->modelBox();
        const int qwen = preset->findData(QStringLiteral("qwen2.5-14b"));
        ASSERT_GE(qwen, 0);
        preset->setCurrentIndex(qwen);
        emit preset->activated(qwen);
        auto* precision = qobject_cast<QComboBox*>(inputs->fieldInput(QStringLiteral("workload.precision")));
        ASSERT_TRUE(precision);
        precision->setCurrentIndex(precision->findData(int(gp::Precision::Fp8)));
        emit precision->activated(precision->currentIndex());
        QComboBox* mode = inputs->modeBox();
        mode->setCurrentIndex(mode->findData(int(gp::Mode::Serving)));
        emit mode->activated(mode->currentIndex());
        ASSERT_TRUE(waitForResult());
        const gp::Plan& plan = m_window->document()->plan();
        ASSERT_EQ(plan.workload.mode, gp::Mode::Serving);
        ASSERT_EQ(plan.workload.precision, gp::Precision::Fp8);
        // The recommendation's cost per million tokens and its time to first token.
        struct Answer {
            double cost = 0;
            double ttft = 0;
        };
        const auto answer = [&]() -> std::optional<Answer> {
            const EvaluationPtr e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
            EXPECT_TRUE(e && e->ok);
            if (!e || e->best < 0)
                return std::nullopt;
            const gp::CandidateResult& best = e->results[std::size_t(e->best)];
            const std::optional<double> cost = headlineCost(*e, std::size_t(e->best));
            if (!cost || !best.serving)
                return std::nullopt;
            return Answer { *cost, best.serving->ttftSeconds };
        };
        const std::optional<Answer> none = answer();
        ASSERT_TRUE(none);
        // Tighter and tighter time-to-first-token targets, typed as a user types them: each costs no less than the
        // looser one, and no more where the looser answer already meets it.
        Answer looser = *none;
        for (const char* target : { "5000 ms", "2000 ms", "800 ms", "500 ms", "300 ms" }) {
            QDoubleSpinBox* ttft = inputs->servingTtftBox();
            ttft->selectAll();
            QTest::keyClicks(ttft, QString::fromLatin1(target));
            QTest::keyClick(ttft, Qt::Key_Enter);
            const std::optional<Answer> now = answer();
            const std::optional<double> seconds = m_window->document()->plan().workload.serving.slo.ttftSeconds;
            ASSERT_TRUE(seconds) << target;
            if (!now)
                break; // no candidate meets this target: nothing to compare
            EXPECT_GE(now->cost, looser.cost * (1 - 1e-9)) << language.toStdString() << ": " << target << " costs "
                                                           << now->cost << ", a looser target " << looser.cost;
            if (looser.ttft <= *seconds) {
                EXPECT_LE(now->cost, looser.cost * (1 + 1e-9))
                    << language.toStdString() << ": " << target << " costs " << now->cost << ", the looser answer "
                    << looser.cost << " at " << looser.ttft << " s to the first token";
            }
            looser = *now;
        }
    }
    installLanguage(QStringLiteral("en"));
}
