// Pipeline schedules (1F1B, interleaved, zero-bubble), partial recompute and full-bf16 optimizer states: each
// against a hand calculation or a property.
#include "catalog/catalog.h"
#include "estimate/common/pipeline_schedule.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/throughput_model.h"
#include "plan/plan.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

Configuration pipelined(int p, int m, PipelineSchedule schedule, int v = 1)
{
    Configuration c;
    c.pipeline = p;
    c.gradientAccumulationSteps = m;
    c.pipelineSchedule = schedule;
    c.virtualStages = v;
    return c;
}

TEST(PipelineSchedule, BubbleFractionsByHand)
{
    // 405B layout of torchtitan's Table 5: 8 stages, 8 micro-batches.
    EXPECT_DOUBLE_EQ(pipelineBubbleFraction(pipelined(8, 8, PipelineSchedule::OneFOneB)), 7.0 / 8);
    EXPECT_DOUBLE_EQ(pipelineBubbleFraction(pipelined(8, 8, PipelineSchedule::Interleaved, 2)), 7.0 / 16);
    EXPECT_DOUBLE_EQ(pipelineBubbleFraction(pipelined(8, 8, PipelineSchedule::ZeroBubble)), 0.0);
    EXPECT_DOUBLE_EQ(pipelineBubbleFraction(pipelined(1, 8, PipelineSchedule::Interleaved, 2)), 0.0);
    // More model chunks never lengthen the bubble.
    double previous = 1e9;
    for (int v : { 1, 2, 4, 8 }) {
        const double bubble = pipelineBubbleFraction(pipelined(4, 16, PipelineSchedule::Interleaved, v));
        EXPECT_LE(bubble, previous);
        previous = bubble;
    }
}

TEST(PipelineSchedule, FirstStageInFlightMicroBatchesByHand)
{
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(pipelined(8, 32, PipelineSchedule::OneFOneB)), 8.0);
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(pipelined(8, 4, PipelineSchedule::OneFOneB)), 4.0);
    // p (1 + (p - 1) / (p v)) = 8 + 7 / 2 (Korthikanti et al. 2022, 4.2.3).
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(pipelined(8, 32, PipelineSchedule::Interleaved, 2)), 11.5);
    // ZB-H2: 2p - 1.
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(pipelined(8, 32, PipelineSchedule::ZeroBubble)), 15.0);
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(pipelined(1, 32, PipelineSchedule::ZeroBubble)), 1.0);
}

TEST(PipelineSchedule, InterleavedRunsFasterAndHoldsMoreThanOneFOneB)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4", 2, 3200, true);
    Workload w;
    w.sequenceLength = 4096;
    Configuration c = pipelined(4, 8, PipelineSchedule::OneFOneB);
    c.data = 4;
    c.checkpointing = Checkpointing::Full;
    const ThroughputEstimate plain = estimateThroughput(m, w, c, hw, {}, {}, builtinCatalog());
    const MemoryBreakdown plainMemory = estimateMemory(m, w, c, hw, {}, builtinCatalog());
    c.pipelineSchedule = PipelineSchedule::Interleaved;
    c.virtualStages = 2;
    const ThroughputEstimate interleaved = estimateThroughput(m, w, c, hw, {}, {}, builtinCatalog());
    const MemoryBreakdown interleavedMemory = estimateMemory(m, w, c, hw, {}, builtinCatalog());
    EXPECT_DOUBLE_EQ(interleaved.pipelineBubbleSeconds, plain.pipelineBubbleSeconds / 2);
    EXPECT_GT(interleaved.tokensPerSecond, plain.tokensPerSecond);
    // Activations held: 4 + 3 / 2 = 5.5 micro-batches instead of 4, the embedding's and final norm's aside.
    EXPECT_GT(interleavedMemory.activations, plainMemory.activations);
    c.pipelineSchedule = PipelineSchedule::ZeroBubble;
    c.virtualStages = 1;
    const ThroughputEstimate zeroBubble = estimateThroughput(m, w, c, hw, {}, {}, builtinCatalog());
    EXPECT_DOUBLE_EQ(zeroBubble.pipelineBubbleSeconds, 0.0);
    EXPECT_GT(estimateMemory(m, w, c, hw, {}, builtinCatalog()).activations, interleavedMemory.activations);
}

TEST(PartialRecompute, ScalesRecomputeAndMemoryBetweenNoneAndFull)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b()); // 32 layers
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4");
    Workload w;
    w.sequenceLength = 4096;
    const TrainingFlopsPerToken full = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::Full);
    w.checkpointedLayers = 8;
    const TrainingFlopsPerToken quarter = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::Full);
    EXPECT_DOUBLE_EQ(quarter.recompute, full.recompute / 4); // 8 of 32 layers recomputed
    EXPECT_DOUBLE_EQ(quarter.model, full.model);
    Configuration c;
    c.data = 8;
    c.zeroStage = 3;
    auto activations = [&](Checkpointing policy, std::optional<int> layers) {
        Workload x = w;
        x.checkpointedLayers = layers;
        c.checkpointing = policy;
        return estimateMemory(m, x, c, hw, {}, builtinCatalog()).activations;
    };
    const double none = activations(Checkpointing::None, std::nullopt);
    const double all = activations(Checkpointing::Full, std::nullopt);
    EXPECT_DOUBLE_EQ(activations(Checkpointing::Full, 32), all);
    double previous = none * 1.0000001;
    for (int n : { 0, 8, 16, 24, 32 }) {
        const double a = activations(Checkpointing::Full, n);
        EXPECT_LT(a, previous) << n << " layers recomputed";
        previous = a;
    }
}

TEST(FullBf16Training, Bf16MomentsHalveAdamState)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4");
    Workload w;
    Configuration c;
    c.data = 8;
    c.zeroStage = 3;
    const MemoryBreakdown mixed = estimateMemory(m, w, c, hw, {}, builtinCatalog());
    w.bf16OptimizerStates = true;
    const MemoryBreakdown bf16Moments = estimateMemory(m, w, c, hw, {}, builtinCatalog());
    w.masterWeights = false;
    const MemoryBreakdown pure = estimateMemory(m, w, c, hw, {}, builtinCatalog());
    // Mixed precision under ZeRO: fp32 master 4 B + AdamW moments 8 B + fp32 gradient partition 4 B = 16 B per
    // parameter; bf16 moments: 4 + 4 + 4 = 12 B; full bf16 (no master copy, no fp32 partition): the 4 B of moments.
    EXPECT_DOUBLE_EQ(bf16Moments.optimizer, mixed.optimizer * 12 / 16);
    EXPECT_DOUBLE_EQ(pure.optimizer, mixed.optimizer * 4 / 16);
    EXPECT_DOUBLE_EQ(pure.weights, mixed.weights);
}

Expected<Plan> recipePlan(const std::string& workloadFields)
{
    return parsePlan(R"({ "format": "gpu-planner-plan", "version": 1, "model": { "preset": "llama-2-7b" },
        "workload": { "mode": "training", )"
        + workloadFields + R"( } })");
}

TEST(TrainingRecipeFields, ReadWrittenAndRefusedByName)
{
    auto interleaved = recipePlan(R"("parallelism": { "pipeline": 4, "virtual_stages": 2 })");
    ASSERT_TRUE(interleaved.ok()) << interleaved.error().toString();
    EXPECT_EQ(interleaved->workload.parallelism.pipelineSchedule, PipelineSchedule::Interleaved); // implied
    const nlohmann::json written = planToJson(*interleaved)["workload"]["parallelism"];
    EXPECT_EQ(written["pipeline_schedule"], "interleaved");
    EXPECT_EQ(written["virtual_stages"], 2);
    auto zb = recipePlan(R"("parallelism": { "pipeline": 4, "pipeline_schedule": "zero_bubble" })");
    ASSERT_TRUE(zb.ok());
    EXPECT_EQ(zb->workload.parallelism.pipelineSchedule, PipelineSchedule::ZeroBubble);
    auto partial = recipePlan(R"("activation_checkpointing": "full", "activation_checkpointing_layers": 8)");
    ASSERT_TRUE(partial.ok()) << partial.error().toString();
    EXPECT_EQ(partial->workload.checkpointedLayers, std::optional<int>(8));
    EXPECT_EQ(planToJson(*partial)["workload"]["activation_checkpointing_layers"], 8);
    const std::pair<const char*, const char*> refused[] = {
        { R"("parallelism": { "pipeline": 4, "pipeline_schedule": "1f1b", "virtual_stages": 2 })",
            "workload.parallelism.virtual_stages" },
        { R"("parallelism": { "pipeline": 4, "pipeline_schedule": "interleaved" })",
            "workload.parallelism.virtual_stages" },
        { R"("parallelism": { "pipeline_schedule": "gpipe" })", "workload.parallelism.pipeline_schedule" },
        { R"("activation_checkpointing": "selective", "activation_checkpointing_layers": 4)",
            "workload.activation_checkpointing_layers" },
    };
    for (const auto& [fields, field] : refused) {
        auto bad = recipePlan(fields);
        ASSERT_FALSE(bad.ok()) << fields;
        EXPECT_EQ(bad.error().field, field) << bad.error().toString();
    }
}

TEST(TrainingRecipeFields, SetBackToTheDefaultLeavesTheFile)
{
    // A file with every recipe field set; the plan then edited back to the defaults (as the window does) writes
    // none of them, and reads back as the defaults rather than the file's old values.
    auto plan = recipePlan(R"("activation_checkpointing": "full", "activation_checkpointing_layers": 8,
        "bf16_optimizer_states": true, "sequence_length": 32768,
        "parallelism": { "pipeline": 4, "pipeline_schedule": "interleaved", "virtual_stages": 2, "context": 4,
                         "expert": 2, "sequence_parallel": true })");
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    Plan edited = *plan;
    edited.workload.checkpointedLayers.reset();
    edited.workload.bf16OptimizerStates = false;
    edited.workload.parallelism = ParallelismSpec {};
    const nlohmann::json written = planToJson(edited);
    for (const char* key : { "activation_checkpointing_layers", "bf16_optimizer_states" })
        EXPECT_FALSE(written["workload"].contains(key)) << key;
    for (const char* key : { "pipeline_schedule", "virtual_stages", "context", "expert", "sequence_parallel" })
        EXPECT_FALSE(written["workload"]["parallelism"].contains(key)) << key;
    auto reread = planFromJson(written);
    ASSERT_TRUE(reread.ok()) << reread.error().toString();
    EXPECT_EQ(reread->workload.parallelism.pipelineSchedule, PipelineSchedule::OneFOneB);
    EXPECT_EQ(reread->workload.parallelism.virtualStages, 1);
    EXPECT_EQ(reread->workload.parallelism.context, 1);
    EXPECT_FALSE(reread->workload.checkpointedLayers.has_value());
    EXPECT_FALSE(reread->workload.bf16OptimizerStates);
}

TEST(TrainingRecipeFields, ModelBoundsNameTheField)
{
    // llama-2-7b has 32 layers (config.json num_hidden_layers).
    auto model = resolveModel(recipePlan(R"("sequence_length": 4096)")->model);
    ASSERT_TRUE(model.ok());
    auto check = [&](const std::string& fields, bool searched) {
        auto plan = recipePlan(fields);
        EXPECT_TRUE(plan.ok()) << plan.error().toString();
        plan->search.enabled = searched;
        return recipeProblem(*plan, *model);
    };
    EXPECT_FALSE(check(R"("activation_checkpointing": "full", "activation_checkpointing_layers": 32)", false));
    auto layers = check(R"("activation_checkpointing": "full", "activation_checkpointing_layers": 33)", false);
    ASSERT_TRUE(layers);
    EXPECT_EQ(layers->field, "workload.activation_checkpointing_layers");
    EXPECT_NE(layers->message.find("32 layers, got 33"), std::string::npos) << layers->message;
    // 4 stages x 8 chunks = 32 chunks of one layer each: allowed; x 9 = 36 chunks: refused.
    EXPECT_FALSE(check(R"("parallelism": { "pipeline": 4, "virtual_stages": 8 })", false));
    auto chunks = check(R"("parallelism": { "pipeline": 4, "virtual_stages": 9 })", false);
    ASSERT_TRUE(chunks);
    EXPECT_EQ(chunks->field, "workload.parallelism.virtual_stages");
    EXPECT_NE(chunks->message.find("4 x 9 = 36 model chunks"), std::string::npos) << chunks->message;
    // While the planner chooses, its smallest pipeline (2) bounds the chunks: 2 x 16 fits, 2 x 17 does not.
    EXPECT_FALSE(check(R"("parallelism": { "virtual_stages": 16 })", true));
    EXPECT_TRUE(check(R"("parallelism": { "virtual_stages": 17 })", true));
    // Without a pipeline the chunks do not run: no bound.
    EXPECT_FALSE(check(R"("parallelism": { "pipeline": 1, "virtual_stages": 64 })", false));
    // The same bound reaches `plan` and `estimate` through the search and the estimate.
    auto refused = recipePlan(R"("parallelism": { "pipeline": 4, "virtual_stages": 9 })");
    refused->search.enabled = false;
    auto answer = estimatePlan(*refused, builtinCatalog());
    ASSERT_FALSE(answer.ok());
    EXPECT_EQ(answer.error().field, "workload.parallelism.virtual_stages");
}

} // namespace
} // namespace gp
