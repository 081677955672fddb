// The training recipe in the window: pipeline schedule and virtual stages, partial recompute, bf16 optimizer
// states, LoRA dropout and its position. Each control edits its plan field, undo restores it, it is disabled (saying
// why) where it does not apply, an invalid combination shows the core's message at the field, and the planner's choice
// shows the recipe.
#include "answer_text.h"
#include "core_text.h"
#include "main_window.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/inputs_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

using namespace gpui;
using nlohmann::json;

namespace
{

constexpr int Llama2Layers = 32; // llama-2-7b, the default plan's model (config.json: num_hidden_layers)

class RecipeInputsTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        installLanguage(QStringLiteral("en"));
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = std::make_unique<MainWindow>(test::isolatedWindowOptions(m_dir, m_settings.get()));
        m_window->setMessageSink([](const QString&, const QString&) {});
        ASSERT_TRUE(settled());
        m_inputs = m_window->inputsPanel();
    }
    void TearDown() override { installLanguage(QStringLiteral("en")); }

    bool settled() { return test::settledEvaluation(*m_window, test::kEvaluationWaitMs) != nullptr; }
    const gp::Plan& plan() const { return m_window->document()->plan(); }
    QUndoStack* undo() const { return m_window->document()->undoStack(); }

    // The default plan as configured (planner off) with `patch` merged in.
    void openManual(const json& patch)
    {
        json document = json::parse(gp::defaultPlanText());
        document["search"]["enabled"] = false;
        document.merge_patch(patch);
        const QString path
            = test::writeFile(m_dir, QStringLiteral("recipe.gpuplan"), QByteArray::fromStdString(document.dump(2)));
        ASSERT_TRUE(m_window->openPlan(path));
        ASSERT_TRUE(settled());
    }

    static void choose(QComboBox* combo, int value)
    {
        const int i = combo->findData(value);
        ASSERT_GE(i, 0);
        combo->setCurrentIndex(i);
        emit combo->activated(i);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    InputsPanel* m_inputs = nullptr;
};

} // namespace

TEST_F(RecipeInputsTest, ScheduleAndVirtualStagesNeedAPipelineAndSayWhy)
{
    openManual(json::object());
    ASSERT_EQ(plan().workload.parallelism.pipeline, 1);
    QComboBox* schedule = m_inputs->pipelineScheduleBox();
    QSpinBox* stages = m_inputs->virtualStagesBox();
    EXPECT_TRUE(schedule->isVisibleTo(m_inputs));
    EXPECT_FALSE(schedule->isEnabled());
    EXPECT_FALSE(stages->isEnabled());
    EXPECT_TRUE(schedule->toolTip().contains(QStringLiteral("pipeline parallel 2")))
        << schedule->toolTip().toStdString();
    EXPECT_TRUE(stages->toolTip().contains(QStringLiteral("pipeline parallel 2"))) << stages->toolTip().toStdString();

    m_inputs->pipelineBox()->setValue(2);
    EXPECT_TRUE(schedule->isEnabled());
    EXPECT_FALSE(stages->isEnabled()); // 1F1B: one model chunk per rank
    EXPECT_TRUE(stages->toolTip().contains(QStringLiteral("interleaved"))) << stages->toolTip().toStdString();
    choose(schedule, int(gp::PipelineSchedule::Interleaved));
    EXPECT_TRUE(stages->isEnabled());

    // Back to one stage: disabled again, the plan's schedule kept for when a pipeline returns.
    m_inputs->pipelineBox()->setValue(1);
    EXPECT_FALSE(schedule->isEnabled());
    EXPECT_FALSE(stages->isEnabled());
    EXPECT_EQ(plan().workload.parallelism.pipelineSchedule, gp::PipelineSchedule::Interleaved);
}

TEST_F(RecipeInputsTest, ScheduleAndVirtualStagesEditThePlanAndUndoRestoresThem)
{
    openManual({ { "workload",
        { { "parallelism", { { "pipeline", 4 }, { "zero_stage", 1 } } }, { "gradient_accumulation_steps", 8 } } } });
    QComboBox* schedule = m_inputs->pipelineScheduleBox();
    QSpinBox* stages = m_inputs->virtualStagesBox();
    const int steps = undo()->count();

    // Interleaving starts at two model chunks per rank (the core refuses fewer).
    choose(schedule, int(gp::PipelineSchedule::Interleaved));
    EXPECT_EQ(plan().workload.parallelism.pipelineSchedule, gp::PipelineSchedule::Interleaved);
    EXPECT_EQ(plan().workload.parallelism.virtualStages, 2);
    EXPECT_EQ(stages->value(), 2);
    stages->setValue(4);
    EXPECT_EQ(plan().workload.parallelism.virtualStages, 4);
    EXPECT_EQ(undo()->count(), steps + 2);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change parallelism"));

    // The evaluated configuration carries them, and the recommendation's words name them.
    EvaluationPtr e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok && !e->results.empty());
    EXPECT_EQ(e->results.front().configuration.virtualStages, 4);
    EXPECT_TRUE(AnswerText::configuration(*e, e->results.front()).contains(QStringLiteral("interleaved, 4 chunks")))
        << AnswerText::configuration(*e, e->results.front()).toStdString();

    undo()->undo();
    EXPECT_EQ(plan().workload.parallelism.virtualStages, 2);
    EXPECT_EQ(stages->value(), 2);
    undo()->undo();
    EXPECT_EQ(plan().workload.parallelism.pipelineSchedule, gp::PipelineSchedule::OneFOneB);
    EXPECT_EQ(plan().workload.parallelism.virtualStages, 1);
    EXPECT_EQ(schedule->currentData().toInt(), int(gp::PipelineSchedule::OneFOneB));
    EXPECT_EQ(stages->value(), 1);
    EXPECT_FALSE(stages->isEnabled());

    // Zero bubble runs one chunk per rank.
    choose(schedule, int(gp::PipelineSchedule::ZeroBubble));
    EXPECT_EQ(plan().workload.parallelism.pipelineSchedule, gp::PipelineSchedule::ZeroBubble);
    EXPECT_EQ(plan().workload.parallelism.virtualStages, 1);
    // So do DualPipe's two stages per rank and DualPipeV's V, each offered by the box.
    for (gp::PipelineSchedule dual : { gp::PipelineSchedule::DualPipe, gp::PipelineSchedule::DualPipeV }) {
        ASSERT_GE(schedule->findData(int(dual)), 0);
        choose(schedule, int(dual));
        EXPECT_EQ(plan().workload.parallelism.pipelineSchedule, dual);
        EXPECT_EQ(plan().workload.parallelism.virtualStages, 1);
        EXPECT_FALSE(stages->isEnabled());
    }
}

TEST_F(RecipeInputsTest, InvalidVirtualStagesShowTheCoresErrorAtTheField)
{
    openManual({ { "workload",
        { { "parallelism", { { "pipeline", 4 }, { "pipeline_schedule", "interleaved" }, { "virtual_stages", 2 } } },
            { "gradient_accumulation_steps", 8 } } } });
    QSpinBox* stages = m_inputs->virtualStagesBox();
    ASSERT_TRUE(stages->isEnabled());
    const gp::Plan before = plan();
    // Interleaved with one chunk: the parser's message, the plan unchanged.
    stages->setValue(1);
    const QString one = m_inputs->fieldError(QStringLiteral("workload.parallelism.virtual_stages"));
    EXPECT_TRUE(one.contains(QStringLiteral("at least 2")))
        << one.toStdString() << " | " << m_inputs->fieldError(QString()).toStdString();
    EXPECT_TRUE(plan() == before);
    // More chunks than the model has layers (4 stages x 16 chunks > 32 layers): the core's message at the field.
    stages->setValue(16);
    ASSERT_TRUE(test::settledEvaluation(*m_window, test::kEvaluationWaitMs) != nullptr);
    const QString many = m_inputs->fieldError(QStringLiteral("workload.parallelism.virtual_stages"));
    EXPECT_TRUE(many.contains(QStringLiteral("64 model chunks")) && many.contains(QStringLiteral("32 layers")))
        << many.toStdString();
}

TEST_F(RecipeInputsTest, PartialRecomputeEditsThePlanBoundedByTheModel)
{
    openManual(json::object()); // full checkpointing, every layer
    QSpinBox* layers = m_inputs->checkpointedLayersBox();
    ASSERT_TRUE(layers->isEnabled());
    EXPECT_EQ(layers->maximum(), Llama2Layers);
    EXPECT_EQ(layers->value(), Llama2Layers); // all layers: the plan leaves the field out
    EXPECT_FALSE(plan().workload.checkpointedLayers.has_value());
    EXPECT_TRUE(layers->text().contains(QStringLiteral("of 32 layers"))) << layers->text().toStdString();

    layers->setValue(8);
    ASSERT_TRUE(plan().workload.checkpointedLayers.has_value());
    EXPECT_EQ(*plan().workload.checkpointedLayers, 8);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change partial recompute"));
    EvaluationPtr e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok && !e->results.empty());
    EXPECT_TRUE(AnswerText::configuration(*e, e->results.front()).contains(QStringLiteral("recompute 8 of 32 layers")));

    // Typed past the model's layers: the core's bound, naming the model's count.
    layers->setFocus();
    layers->selectAll();
    QTest::keyClicks(layers, QStringLiteral("40"));
    QTest::keyClick(layers, Qt::Key_Return);
    const QString error = m_inputs->fieldError(QStringLiteral("workload.activation_checkpointing_layers"));
    EXPECT_TRUE(error.contains(QStringLiteral("32 layers")) && error.contains(QStringLiteral("40")))
        << error.toStdString();
    EXPECT_EQ(*plan().workload.checkpointedLayers, 8);

    undo()->undo();
    EXPECT_FALSE(plan().workload.checkpointedLayers.has_value());
    EXPECT_EQ(layers->value(), Llama2Layers);

    // Only full checkpointing recomputes whole layers: another policy disables the box and says why.
    layers->setValue(8);
    choose(m_inputs->checkpointingBox(), int(gp::Checkpointing::Selective));
    EXPECT_EQ(plan().workload.activationCheckpointing, gp::Checkpointing::Selective);
    EXPECT_FALSE(plan().workload.checkpointedLayers.has_value()); // the parser refuses it off full checkpointing
    EXPECT_FALSE(layers->isEnabled());
    EXPECT_TRUE(layers->toolTip().contains(QStringLiteral("full"))) << layers->toolTip().toStdString();
    undo()->undo();
    EXPECT_EQ(plan().workload.activationCheckpointing, gp::Checkpointing::Full);
    EXPECT_EQ(*plan().workload.checkpointedLayers, 8);
    EXPECT_EQ(layers->value(), 8);
    EXPECT_TRUE(layers->isEnabled());
}

TEST_F(RecipeInputsTest, Bf16OptimizerStatesEditThePlanAndUndoRestoresThem)
{
    openManual(json::object());
    QCheckBox* bf16 = m_inputs->bf16StatesBox();
    ASSERT_TRUE(bf16->isEnabled());
    ASSERT_FALSE(bf16->isChecked());
    const gp::CandidateResult before = test::settledEvaluation(*m_window, test::kEvaluationWaitMs)->results.front();
    bf16->setChecked(true);
    EXPECT_TRUE(plan().workload.bf16OptimizerStates);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Toggle bf16 optimizer states"));
    EvaluationPtr e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok && !e->results.empty());
    // The optimizer part holds, per parameter under ZeRO-3 in bf16 mixed precision, the fp32 master weights (4 B),
    // the fp32 gradient partition (4 B) and AdamW's two fp32 moments (8 B): 16 B. The moments in bf16 (4 B)
    // leave 12 B, three quarters, for the same candidate in the same layout.
    const auto same = std::find_if(e->results.begin(), e->results.end(),
        [&](const gp::CandidateResult& r) { return r.candidate == before.candidate; });
    ASSERT_NE(same, e->results.end());
    ASSERT_GT(before.memory.optimizer, 0);
    EXPECT_NEAR(same->memory.optimizer, before.memory.optimizer * 12 / 16, 1e-6 * before.memory.optimizer);
    EXPECT_TRUE(AnswerText::configuration(*e, *same).contains(QStringLiteral("bf16 optimizer states")));
    undo()->undo();
    EXPECT_FALSE(plan().workload.bf16OptimizerStates);
    EXPECT_FALSE(bf16->isChecked());

    // 8-bit AdamW keeps no fp32 moments: nothing to halve, so the box is off and says why.
    openManual({ { "workload", { { "optimizer", "adamw-8bit" } } } });
    EXPECT_FALSE(bf16->isEnabled());
    EXPECT_TRUE(bf16->toolTip().contains(QStringLiteral("8-bit"))) << bf16->toolTip().toStdString();
}

TEST_F(RecipeInputsTest, PlannerModeShowsTheRecipeLikeTheOtherChosenInputs)
{
    // The default plan: the planner chooses, full checkpointing.
    ASSERT_TRUE(m_inputs->plannerChoosesBox()->isChecked());
    QSpinBox* layers = m_inputs->checkpointedLayersBox();
    EXPECT_FALSE(layers->isEnabled()); // like the checkpointing policy, the planner's to choose
    EXPECT_EQ(layers->toolTip(), m_inputs->checkpointingBox()->toolTip());
    // The schedule still applies to the planner's pipelines: shown and editable, virtual stages only interleaved.
    EXPECT_TRUE(m_inputs->pipelineScheduleBox()->isVisibleTo(m_inputs));
    EXPECT_TRUE(m_inputs->pipelineScheduleBox()->isEnabled());
    EXPECT_FALSE(m_inputs->virtualStagesBox()->isEnabled());
    EXPECT_FALSE(m_inputs->contextBox()->isVisibleTo(m_inputs)); // the planner searches it
    m_inputs->bf16StatesBox()->setChecked(true);
    ASSERT_TRUE(settled());
    const QString text = m_inputs->plannerChoiceText();
    EXPECT_TRUE(text.contains(QStringLiteral("bf16 optimizer states"))) << text.toStdString();
}

TEST_F(RecipeInputsTest, ControlsAreReachableByKeyboardAndTranslated)
{
    openManual({ { "workload",
        { { "parallelism", { { "pipeline", 2 }, { "pipeline_schedule", "interleaved" }, { "virtual_stages", 2 } } },
            { "gradient_accumulation_steps", 4 } } } });
    // Tab moves from the pipeline degree to the schedule, then to the virtual stages.
    QWidget* next = m_inputs->pipelineBox();
    QList<QWidget*> order;
    for (int i = 0; i < 40 && next; ++i) {
        next = next->nextInFocusChain();
        if (next->focusPolicy() & Qt::TabFocus)
            order << next;
    }
    const qsizetype schedule = order.indexOf(m_inputs->pipelineScheduleBox());
    const qsizetype stages = order.indexOf(m_inputs->virtualStagesBox());
    ASSERT_GE(schedule, 0);
    EXPECT_GT(stages, schedule);
    for (QWidget* w :
        { static_cast<QWidget*>(m_inputs->checkpointedLayersBox()), static_cast<QWidget*>(m_inputs->bf16StatesBox()) })
        EXPECT_TRUE(w->focusPolicy() & Qt::TabFocus);

    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_TRUE(m_inputs->bf16StatesBox()->text().contains(QStringLiteral("bf16 优化器状态")))
        << m_inputs->bf16StatesBox()->text().toStdString();
    QStringList labels;
    for (QLabel* label : m_inputs->findChildren<QLabel*>())
        labels << label->text();
    EXPECT_TRUE(labels.contains(QStringLiteral("流水线调度"))) << labels.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(labels.contains(QStringLiteral("虚拟阶段")));
    EXPECT_TRUE(labels.contains(QStringLiteral("部分重计算层数")));
    EXPECT_FALSE(m_inputs->virtualStagesBox()->toolTip().contains(QStringLiteral("chunks")));
}

TEST_F(RecipeInputsTest, Fp8ScalingAppliesToFp8TrainingEditsThePlanAndUndoRestoresIt)
{
    openManual(json::object()); // bf16: the recipe does not apply and the box says why
    QComboBox* recipe = m_inputs->fp8RecipeBox();
    EXPECT_FALSE(recipe->isEnabled());
    EXPECT_TRUE(recipe->toolTip().contains(QStringLiteral("FP8"))) << recipe->toolTip().toStdString();

    openManual({ { "workload", { { "precision", "fp8" } } },
        { "candidates", json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 8 } } }) } });
    ASSERT_TRUE(recipe->isEnabled());
    EXPECT_EQ(recipe->currentData().toInt(), int(gp::Fp8Recipe::Tensorwise));
    const EvaluationPtr tensorwise = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(tensorwise && tensorwise->ok && !tensorwise->results.empty());
    choose(recipe, int(gp::Fp8Recipe::Rowwise));
    EXPECT_EQ(plan().workload.fp8Recipe, gp::Fp8Recipe::Rowwise);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change FP8 scaling"));
    const EvaluationPtr rowwise = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(rowwise && rowwise->ok && !rowwise->results.empty());
    // Rowwise scaling moves more bytes per cast (torchao's roofline): the same layout trains slower.
    EXPECT_LT(rowwise->results.front().tokensPerSecond, tensorwise->results.front().tokensPerSecond);

    // MXFP8 on an H100 runs as tensorwise and the result says so, in words.
    choose(recipe, int(gp::Fp8Recipe::Mxfp8));
    const EvaluationPtr mx = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(mx && mx->ok && !mx->results.empty());
    const auto& warnings = mx->results.front().warnings;
    const auto warned = std::find_if(
        warnings.begin(), warnings.end(), [](const gp::Diagnostic& d) { return d.code == "fp8_recipe_unsupported"; });
    ASSERT_NE(warned, warnings.end());
    EXPECT_TRUE(CoreText::diagnostic(*warned).contains(QStringLiteral("Blackwell")));
    EXPECT_NEAR(mx->results.front().tokensPerSecond, tensorwise->results.front().tokensPerSecond,
        1e-9 * tensorwise->results.front().tokensPerSecond);

    undo()->undo();
    undo()->undo();
    EXPECT_EQ(plan().workload.fp8Recipe, gp::Fp8Recipe::Tensorwise);
    EXPECT_EQ(recipe->currentData().toInt(), int(gp::Fp8Recipe::Tensorwise));
}

TEST_F(RecipeInputsTest, Nvfp4ScalingSpeedsUpABlackwellAndSaysTheFp8AllGatherIsNotUsedThere)
{
    openManual({ { "workload", { { "precision", "fp8" }, { "parallelism", { { "zero_stage", 3 } } } } },
        { "candidates", json::array({ { { "gpu", "b200-180gb-sxm" }, { "gpus_per_node", 8 } } }) } });
    QComboBox* recipe = m_inputs->fp8RecipeBox();
    QCheckBox* gather = m_inputs->fp8AllGatherBox();
    ASSERT_TRUE(recipe->isEnabled());
    ASSERT_TRUE(gather->isEnabled());
    const EvaluationPtr fp8 = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(fp8 && fp8->ok && !fp8->results.empty());

    choose(recipe, int(gp::Fp8Recipe::Nvfp4));
    EXPECT_EQ(plan().workload.fp8Recipe, gp::Fp8Recipe::Nvfp4);
    EXPECT_TRUE(recipe->currentText().contains(QStringLiteral("NVFP4"))) << recipe->currentText().toStdString();
    // The MLP GEMMs at the FP4 peak: faster on a B200, and no warning that the recipe is not run.
    const EvaluationPtr fp4 = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(fp4 && fp4->ok && !fp4->results.empty());
    EXPECT_GT(fp4->results.front().tokensPerSecond, 1.1 * fp8->results.front().tokensPerSecond);
    for (const gp::Diagnostic& d : fp4->results.front().warnings)
        EXPECT_NE(d.code, "fp8_recipe_unsupported");
    // FP8 all-gather does not apply to NVFP4 weights: the box (still on for GPUs that fall back to FP8) says so,
    // and the B200's result says it is not used there.
    gather->setChecked(true);
    EXPECT_TRUE(plan().workload.fp8AllGather);
    EXPECT_TRUE(gather->toolTip().contains(QStringLiteral("NVFP4"))) << gather->toolTip().toStdString();
    const EvaluationPtr gathered = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(gathered && gathered->ok && !gathered->results.empty());
    const auto& warnings = gathered->results.front().warnings;
    const auto unused = std::find_if(
        warnings.begin(), warnings.end(), [](const gp::Diagnostic& d) { return d.code == "fp8_all_gather_unused"; });
    ASSERT_NE(unused, warnings.end());
    EXPECT_TRUE(CoreText::diagnostic(*unused).contains(QStringLiteral("NVFP4")))
        << CoreText::diagnostic(*unused).toStdString();

    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_TRUE(recipe->currentText().contains(QStringLiteral("注意力"))) << recipe->currentText().toStdString();
    m_window->setLanguage(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);

    undo()->undo();
    EXPECT_FALSE(plan().workload.fp8AllGather);
    undo()->undo();
    EXPECT_EQ(plan().workload.fp8Recipe, gp::Fp8Recipe::Tensorwise);
    EXPECT_FALSE(gather->toolTip().contains(QStringLiteral("NVFP4"))) << gather->toolTip().toStdString();
}

TEST_F(RecipeInputsTest, Fp8AllGatherAppliesToFp8Zero3EditsThePlanAndUndoRestoresIt)
{
    openManual(json::object()); // bf16: does not apply, and the box says why
    QCheckBox* box = m_inputs->fp8AllGatherBox();
    EXPECT_FALSE(box->isEnabled());
    EXPECT_TRUE(box->toolTip().contains(QStringLiteral("FP8 training"))) << box->toolTip().toStdString();

    // FP8 under ZeRO-2: still no weights gathered.
    openManual({ { "workload", { { "precision", "fp8" }, { "parallelism", { { "zero_stage", 2 } } } } },
        { "candidates",
            json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 2 },
                { "inter_node_gbps", 400 } } }) } });
    EXPECT_FALSE(box->isEnabled());
    EXPECT_TRUE(box->toolTip().contains(QStringLiteral("ZeRO-3"))) << box->toolTip().toStdString();

    openManual({ { "workload", { { "precision", "fp8" }, { "parallelism", { { "zero_stage", 3 } } } } },
        { "candidates",
            json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 2 },
                { "inter_node_gbps", 400 } } }) } });
    ASSERT_TRUE(box->isEnabled());
    ASSERT_FALSE(box->isChecked());
    const EvaluationPtr before = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(before && before->ok && !before->results.empty());
    box->setChecked(true);
    EXPECT_TRUE(plan().workload.fp8AllGather);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Toggle FP8 all-gather"));
    const EvaluationPtr after = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(after && after->ok && !after->results.empty());
    // Half the gathered bytes of the linear weights: a smaller gather buffer, and no slower.
    EXPECT_LT(after->results.front().memory.total, before->results.front().memory.total);
    EXPECT_GE(after->results.front().tokensPerSecond, before->results.front().tokensPerSecond);
    undo()->undo();
    EXPECT_FALSE(plan().workload.fp8AllGather);
    EXPECT_FALSE(box->isChecked());
    EXPECT_TRUE(box->focusPolicy() & Qt::TabFocus);

    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_TRUE(box->text().contains(QStringLiteral("FP8 全收集"))) << box->text().toStdString();
}

// Issue 44 (fourth try): the FP8 all-gather box said "Applies to ZeRO-3/FSDP" and stayed off under Megatron at ZeRO 1,
// where the core gathers the weights in FP8 from the distributed optimizer (--fp8-param-gather,
// estimate/common/fp8_all_gather.cpp). Chosen in the window's training-stack row, the box turns on, its tool tip names
// Megatron's gather in both languages, the plan's memory falls with it, and without the distributed optimizer it says
// what to set.
TEST_F(RecipeInputsTest, Fp8AllGatherUnderMegatronAppliesWithTheDistributedOptimizerInBothLanguages)
{
    openManual({ { "workload", { { "precision", "fp8" }, { "parallelism", { { "zero_stage", 1 } } } } },
        { "candidates",
            json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 2 },
                { "inter_node_gbps", 400 } } }) } });
    QCheckBox* box = m_inputs->fp8AllGatherBox();
    EXPECT_FALSE(box->isEnabled()) << "ZeRO 1 under the default stack gathers no weights";
    auto* stack = qobject_cast<QComboBox*>(m_inputs->fieldInput(QStringLiteral("workload.framework")));
    ASSERT_NE(stack, nullptr);
    const int megatron = stack->findData(QStringLiteral("megatron"));
    ASSERT_GE(megatron, 0);
    stack->setCurrentIndex(megatron);
    emit stack->activated(megatron);
    ASSERT_EQ(plan().workload.framework, gp::TrainingStack::Megatron);
    EXPECT_TRUE(box->isEnabled()) << box->toolTip().toStdString();
    EXPECT_TRUE(box->toolTip().contains(QStringLiteral("--fp8-param-gather"))) << box->toolTip().toStdString();
    EXPECT_FALSE(box->toolTip().contains(QStringLiteral("FSDP's all-gather"))) << box->toolTip().toStdString();
    const EvaluationPtr before = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(before && before->ok && !before->results.empty());
    box->setChecked(true);
    EXPECT_TRUE(plan().workload.fp8AllGather);
    const EvaluationPtr after = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(after && after->ok && !after->results.empty());
    EXPECT_LT(after->results.front().memory.total, before->results.front().memory.total)
        << "the parameters are held in FP8";

    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_TRUE(box->toolTip().contains(QStringLiteral("--fp8-param-gather"))) << box->toolTip().toStdString();
    EXPECT_FALSE(box->toolTip().contains(QStringLiteral("half the gathered bytes"))) << "translated";
    // Without the distributed optimizer (ZeRO 0) nothing is gathered: the box says what to set.
    openManual(
        { { "workload",
              { { "precision", "fp8" }, { "framework", "megatron" }, { "parallelism", { { "zero_stage", 0 } } } } },
            { "candidates",
                json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 8 }, { "nodes", 2 },
                    { "inter_node_gbps", 400 } } }) } });
    EXPECT_FALSE(box->isEnabled());
    EXPECT_TRUE(box->toolTip().contains(QStringLiteral("Megatron"))) << box->toolTip().toStdString();
    m_window->setLanguage(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_TRUE(box->toolTip().contains(QStringLiteral("distributed optimizer"))) << box->toolTip().toStdString();
}

// Under Unsloth the loss is always its fused chunked cross-entropy: the Loss choice is off and says why, in both
// languages, and on again under another stack.
TEST_F(RecipeInputsTest, LossChoiceIsOffUnderUnslothAndSaysWhy)
{
    openManual({ { "workload", { { "framework", "unsloth" } } } });
    QWidget* loss = m_inputs->fieldInput(QStringLiteral("workload.loss_implementation"));
    ASSERT_NE(loss, nullptr);
    EXPECT_FALSE(loss->isEnabled());
    EXPECT_TRUE(loss->toolTip().contains(QStringLiteral("Unsloth"))) << loss->toolTip().toStdString();
    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_FALSE(loss->toolTip().contains(QStringLiteral("this choice is not used"))) << "translated";
    m_window->setLanguage(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    auto* stack = qobject_cast<QComboBox*>(m_inputs->fieldInput(QStringLiteral("workload.framework")));
    ASSERT_NE(stack, nullptr);
    const int hf = stack->findData(QStringLiteral("hf"));
    ASSERT_GE(hf, 0);
    stack->setCurrentIndex(hf);
    emit stack->activated(hf);
    ASSERT_EQ(plan().workload.framework, gp::TrainingStack::Hf);
    EXPECT_TRUE(loss->isEnabled());
    EXPECT_TRUE(loss->toolTip().isEmpty());
}

// Issue 44 (fourth try, typing session): "Layers trained (freeze): 2" stood, editable, under Training details while the
// technique was a full fine-tune, where it counts for nothing (only the freeze technique reads it). It is now off
// under the other techniques and says which technique it counts with, in both languages.
TEST_F(RecipeInputsTest, LayersTrainedByFreezeAreOffUnderAnotherTechniqueAndSaySo)
{
    openManual(json::object()); // a full fine-tune
    QWidget* layers = m_inputs->fieldInput(QStringLiteral("workload.freeze_trainable_layers"));
    ASSERT_NE(layers, nullptr);
    EXPECT_FALSE(layers->isEnabled());
    EXPECT_TRUE(layers->toolTip().contains(CoreText::technique(gp::Technique::Freeze)))
        << layers->toolTip().toStdString();
    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    EXPECT_FALSE(layers->isEnabled());
    EXPECT_TRUE(layers->toolTip().contains(CoreText::technique(gp::Technique::Freeze)))
        << layers->toolTip().toStdString();
    EXPECT_FALSE(layers->toolTip().contains(QStringLiteral("technique"))) << "translated";
    m_window->setLanguage(QStringLiteral("en"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    openManual({ { "workload", { { "technique", "freeze" } } } });
    EXPECT_TRUE(layers->isEnabled());
    EXPECT_FALSE(layers->toolTip().contains(QStringLiteral("Counts only"))) << layers->toolTip().toStdString();
}

// The LoRA group's dropout rows (workload.lora.dropout, dropout_position): beside the rank, reachable by keyboard,
// each edit one undo step that undo restores, the box's lowest value the catalog's default, a probability of 1
// refused at the field, the estimate keeping the dropout's mask and copy, both languages.
namespace
{

const json kLoraAllLinear = { { "workload",
    { { "technique", "lora" }, { "activation_checkpointing", "none" },
        { "lora",
            { { "rank", 16 },
                { "target_modules",
                    { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" } } } } } } };

} // namespace

TEST_F(RecipeInputsTest, LoraDropoutEditsThePlanUndoRestoresItAndTheEstimateKeepsItsMask)
{
    openManual(kLoraAllLinear);
    QDoubleSpinBox* dropout = m_inputs->findChild<QDoubleSpinBox*>(QStringLiteral("lora:dropout"));
    QComboBox* position = m_inputs->findChild<QComboBox*>(QStringLiteral("lora:dropout_position"));
    ASSERT_NE(dropout, nullptr);
    ASSERT_NE(position, nullptr);
    ASSERT_TRUE(dropout->isVisibleTo(m_window.get()));
    // Left out of the plan: the box's lowest value, worded as the catalog's default (0).
    EXPECT_EQ(dropout->value(), dropout->minimum());
    EXPECT_TRUE(dropout->text().contains(QStringLiteral("catalog default"))) << dropout->text().toStdString();
    EXPECT_FALSE(plan().workload.lora.dropout.has_value());
    const EvaluationPtr before = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(before && before->ok && !before->results.empty());

    const int steps = undo()->count();
    dropout->setValue(0.1);
    ASSERT_TRUE(plan().workload.lora.dropout.has_value());
    EXPECT_DOUBLE_EQ(*plan().workload.lora.dropout, 0.1);
    EXPECT_EQ(undo()->count(), steps + 1);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change LoRA dropout"));
    const EvaluationPtr pre = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(pre && pre->ok && !pre->results.empty());
    // peft's dropout before lora_A: the mask and the dropped input of every adapted module's input are kept, and
    // its kernels take time of their own.
    EXPECT_GT(pre->results.front().memory.activations, before->results.front().memory.activations);
    EXPECT_GT(pre->results.front().step.total, before->results.front().step.total);

    const int i = position->findData(int(gp::LoraDropoutPosition::Post));
    ASSERT_GE(i, 0);
    position->setCurrentIndex(i);
    emit position->activated(i);
    EXPECT_EQ(plan().workload.lora.dropoutPosition, gp::LoraDropoutPosition::Post);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change LoRA dropout position"));
    const EvaluationPtr post = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(post && post->ok && !post->results.empty());
    // After lora_B only the output's one-byte mask: less than the dropped input and its mask.
    EXPECT_LT(post->results.front().memory.activations, pre->results.front().memory.activations);
    EXPECT_GT(post->results.front().memory.activations, before->results.front().memory.activations);

    undo()->undo();
    EXPECT_EQ(plan().workload.lora.dropoutPosition, gp::LoraDropoutPosition::Pre);
    EXPECT_EQ(position->currentData().toInt(), int(gp::LoraDropoutPosition::Pre));
    undo()->undo();
    EXPECT_FALSE(plan().workload.lora.dropout.has_value());
    EXPECT_EQ(dropout->value(), dropout->minimum());

    // A plan that states it shows it.
    json stated = kLoraAllLinear;
    stated["workload"]["lora"]["dropout"] = 0.05;
    stated["workload"]["lora"]["dropout_position"] = "post";
    openManual(stated);
    EXPECT_DOUBLE_EQ(dropout->value(), 0.05);
    EXPECT_EQ(position->currentData().toInt(), int(gp::LoraDropoutPosition::Post));
}

TEST_F(RecipeInputsTest, LoraDropoutOfOneIsRefusedAtTheField)
{
    json stated = kLoraAllLinear;
    stated["workload"]["lora"]["dropout"] = 0.1;
    openManual(stated);
    QDoubleSpinBox* dropout = m_inputs->findChild<QDoubleSpinBox*>(QStringLiteral("lora:dropout"));
    ASSERT_NE(dropout, nullptr);
    QLineEdit* line = dropout->findChild<QLineEdit*>();
    ASSERT_NE(line, nullptr);
    dropout->setFocus();
    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("1"));
    QTest::keyClick(line, Qt::Key_Return);
    EXPECT_DOUBLE_EQ(*plan().workload.lora.dropout, 0.1) << "the plan keeps its value";
    const QString error = m_inputs->fieldError(QStringLiteral("workload.lora.dropout"));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("Dropout"))) << error.toStdString();
}

TEST_F(RecipeInputsTest, LoraDropoutRowsFollowTheRankByKeyboardAndAreTranslated)
{
    openManual(kLoraAllLinear);
    QDoubleSpinBox* dropout = m_inputs->findChild<QDoubleSpinBox*>(QStringLiteral("lora:dropout"));
    QComboBox* position = m_inputs->findChild<QComboBox*>(QStringLiteral("lora:dropout_position"));
    ASSERT_NE(dropout, nullptr);
    ASSERT_NE(position, nullptr);
    QSpinBox* rank = qobject_cast<QSpinBox*>(m_inputs->fieldInput(QStringLiteral("workload.lora.rank")));
    ASSERT_NE(rank, nullptr);
    // Tab moves from the rank to the dropout, then to its position.
    QList<QWidget*> order;
    QWidget* next = rank;
    for (int i = 0; i < 40 && next; ++i) {
        next = next->nextInFocusChain();
        if (next->focusPolicy() & Qt::TabFocus)
            order << next;
    }
    const qsizetype atDropout = order.indexOf(dropout);
    const qsizetype atPosition = order.indexOf(position);
    ASSERT_GE(atDropout, 0);
    EXPECT_GT(atPosition, atDropout);

    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QStringList labels;
    for (QLabel* label : m_inputs->findChildren<QLabel*>())
        labels << label->text();
    EXPECT_TRUE(labels.contains(QStringLiteral("Dropout 概率"))) << labels.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(labels.contains(QStringLiteral("Dropout 位置")));
    EXPECT_TRUE(dropout->text().contains(QStringLiteral("目录默认值"))) << dropout->text().toStdString();
    EXPECT_TRUE(position->itemText(0).contains(QStringLiteral("作用于输入"))) << position->itemText(0).toStdString();
    EXPECT_TRUE(dropout->toolTip().contains(QStringLiteral("dropout 概率"))) << dropout->toolTip().toStdString();
}
