// DualPipe and DualPipeV (DeepSeek-V3 Technical Report, arXiv:2412.19437 Sec. 3.2.1 and Table 2; deepseek-ai/DualPipe
// @3da1bbea): bubble and first-stage activations by hand from Table 2's formulas, the overlapped pairs counted from
// the schedules' steps, the doubled parameters, the schedules' requirements, and the expert all-to-all hidden no
// further than the paired compute.
#include "base/error_words.h"
#include "catalog/catalog.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/pipeline_schedule.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/throughput_model.h"
#include "plan/plan.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/training_flops.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace gp
{
namespace
{

Configuration dualPiped(int p, int m, PipelineSchedule schedule)
{
    Configuration c;
    c.pipeline = p;
    c.gradientAccumulationSteps = m;
    c.pipelineSchedule = schedule;
    return c;
}

TEST(DualPipeSchedule, BubbleByHandFromTableTwo)
{
    // F = 1/3, B = 2/3 (full backward), W = 1/4 of a micro-batch's compute on a rank: F&B + B - 3W = 1 + 2/3 - 3/4
    // = 11/12 of it per chunk. DualPipe, 8 ranks = 8 stages, 16 micro-batches: (8/2 - 1) x 11/12 over 16 micro-batches
    // of compute 1 each. DualPipeV, 8 ranks = 16 stages of half a rank's layers: (16/2 - 1) x 11/24 over 16.
    PipelinePasses passes;
    passes.forward = 1.0 / 3;
    passes.backward = 2.0 / 3;
    passes.weightGradient = 0.25;
    EXPECT_NEAR(
        pipelineBubbleFraction(dualPiped(8, 16, PipelineSchedule::DualPipe), passes), 3 * 11.0 / 12 / 16, 1e-15);
    EXPECT_NEAR(
        pipelineBubbleFraction(dualPiped(8, 16, PipelineSchedule::DualPipeV), passes), 7 * 11.0 / 24 / 16, 1e-15);
    // Two ranks of DualPipe: p/2 - 1 = 0, no bubble; no pipeline: none.
    EXPECT_EQ(pipelineBubbleFraction(dualPiped(2, 16, PipelineSchedule::DualPipe), passes), 0.0);
    EXPECT_EQ(pipelineBubbleFraction(dualPiped(1, 16, PipelineSchedule::DualPipeV), passes), 0.0);
    // Shorter than 1F1B's (p - 1) / m on the same ranks, and the weight gradients shorten it.
    EXPECT_LT(pipelineBubbleFraction(dualPiped(8, 16, PipelineSchedule::DualPipe), passes),
        pipelineBubbleFraction(dualPiped(8, 16, PipelineSchedule::OneFOneB), passes));
    PipelinePasses noWeights = passes;
    noWeights.weightGradient = 0;
    EXPECT_GT(pipelineBubbleFraction(dualPiped(8, 16, PipelineSchedule::DualPipe), noWeights),
        pipelineBubbleFraction(dualPiped(8, 16, PipelineSchedule::DualPipe), passes));
}

TEST(DualPipeSchedule, PassesComeFromTheStepsOwnFlops)
{
    // Full training without recomputation: backward = 2 x forward, and every matrix of the layers and the head takes a
    // weight gradient of its forward's size; the attention core has none.
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    Workload w;
    w.sequenceLength = 4096;
    const TrainingFlopsPerToken flops = trainingFlopsPerToken(m.architecture, m.parameters, w, Checkpointing::None);
    const PipelinePasses passes = pipelinePasses(flops);
    EXPECT_NEAR(passes.forward, 1.0 / 3, 1e-12);
    EXPECT_NEAR(passes.backward, 2.0 / 3, 1e-12);
    const double weighted = flops.forward.matmul + flops.forward.head;
    EXPECT_NEAR(passes.weightGradient, weighted / flops.hardware, 1e-12);
    EXPECT_LT(passes.weightGradient, passes.forward); // the attention core's share has no weights
    // LoRA: the frozen base takes no weight gradient, only the adapters do.
    Workload lora = w;
    lora.technique = Technique::Lora;
    const PipelinePasses adapters
        = pipelinePasses(trainingFlopsPerToken(m.architecture, m.parameters, lora, Checkpointing::None));
    EXPECT_LT(adapters.weightGradient, 0.05 * passes.weightGradient);
}

TEST(DualPipeSchedule, FirstStageHoldsPpPlusOneChunks)
{
    // Table 2: PP + 1 stage-chunks. DualPipe's stage is a rank's layers: p + 1; DualPipeV's 2p stages are half a rank's
    // layers each: (2p + 1) / 2 of a rank's.
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(dualPiped(8, 32, PipelineSchedule::DualPipe)), 9.0);
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(dualPiped(8, 32, PipelineSchedule::DualPipeV)), 8.5);
    EXPECT_DOUBLE_EQ(pipelineInFlightMicroBatches(dualPiped(1, 32, PipelineSchedule::DualPipe)), 1.0);
    EXPECT_DOUBLE_EQ(pipelineParameterCopies(dualPiped(8, 32, PipelineSchedule::DualPipe)), 2.0);
    EXPECT_DOUBLE_EQ(pipelineParameterCopies(dualPiped(8, 32, PipelineSchedule::DualPipeV)), 1.0);
    EXPECT_DOUBLE_EQ(pipelineParameterCopies(dualPiped(1, 32, PipelineSchedule::DualPipe)), 1.0);
}

// The pairs each rank runs, counted from the steps of DualPipe.step and DualPipeV.step (deepseek-ai/DualPipe@3da1bbea):
// step 4 runs two overlapped pairs an iteration (the middle ranks', or DualPipeV's last rank's, first one apart), step
// 5 one.
double averagePairedShare(int p, int m, bool cutInHalf)
{
    double paired = 0;
    for (int r = 0; r < p; ++r) {
        if (cutInHalf) {
            paired += 2.0 * (m - 2 * p + r + 1) + (p - r - 1) - (r == p - 1 ? 1 : 0);
        } else {
            const int h = std::min(r, p - 1 - r);
            paired += 2.0 * (m / 2 - p + h + 1) + (p / 2 - h - 1) - (h == p / 2 - 1 ? 1 : 0);
        }
    }
    return paired / p / (cutInHalf ? 2.0 * m : double(m));
}

TEST(DualPipeSchedule, PairedShareCountedFromTheSchedulesSteps)
{
    for (int p : { 2, 4, 8, 16 })
        for (int m : { 2 * p, 2 * p + 6, 120 }) {
            EXPECT_NEAR(
                moeA2aPairedShare(dualPiped(p, m, PipelineSchedule::DualPipe)), averagePairedShare(p, m, false), 1e-12)
                << p << " " << m;
            EXPECT_NEAR(
                moeA2aPairedShare(dualPiped(p, m, PipelineSchedule::DualPipeV)), averagePairedShare(p, m, true), 1e-12)
                << p << " " << m;
        }
    // The README's example: 8 ranks, 20 micro-batches: ranks 0..3 (and 7..4) pair 9, 10, 11 and 11 forward chunks.
    EXPECT_NEAR(moeA2aPairedShare(dualPiped(8, 20, PipelineSchedule::DualPipe)), (9 + 10 + 11 + 11) / 4.0 / 20, 1e-12);
}

TEST(DualPipeSchedule, RequirementsNameTheField)
{
    EXPECT_STREQ(pipelineScheduleProblem(PipelineSchedule::DualPipe, 3, 12).text, words::kDualPipeNeedsEvenPipeline);
    EXPECT_STREQ(pipelineScheduleProblem(PipelineSchedule::DualPipe, 4, 6).text, words::kDualPipeNeedsMicroBatches);
    EXPECT_STREQ(pipelineScheduleProblem(PipelineSchedule::DualPipe, 4, 9).text, words::kDualPipeNeedsEvenMicroBatches);
    EXPECT_EQ(pipelineScheduleProblem(PipelineSchedule::DualPipe, 4, 8).text, nullptr);
    EXPECT_EQ(pipelineScheduleProblem(PipelineSchedule::DualPipeV, 3, 6).text, nullptr);
    EXPECT_STREQ(pipelineScheduleProblem(PipelineSchedule::DualPipeV, 3, 5).text, words::kDualPipeNeedsMicroBatches);
    EXPECT_EQ(pipelineScheduleProblem(PipelineSchedule::OneFOneB, 3, 1).text, nullptr);

    auto estimateWith = [](int pipeline, int accumulation, const char* schedule) {
        nlohmann::json j = nlohmann::json::parse(R"({
            "format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
            "workload": {"mode": "training", "technique": "full", "precision": "bf16", "sequence_length": 4096,
                         "micro_batch_size": 1, "training_tokens": 1e9, "parallelism": {"data": 2}},
            "candidates": [{"gpu": "h100-80gb-sxm", "nodes": 1}]})");
        j["candidates"][0]["gpus_per_node"] = 2 * pipeline;
        j["workload"]["gradient_accumulation_steps"] = accumulation;
        j["workload"]["parallelism"]["pipeline"] = pipeline;
        j["workload"]["parallelism"]["pipeline_schedule"] = schedule;
        auto plan = planFromJson(j);
        EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
        return estimatePlan(*plan, builtinCatalog());
    };
    auto odd = estimateWith(3, 12, "dualpipe");
    ASSERT_FALSE(odd.ok());
    EXPECT_EQ(odd.error().field, "workload.parallelism.pipeline");
    auto few = estimateWith(4, 6, "dualpipev");
    ASSERT_FALSE(few.ok());
    EXPECT_EQ(few.error().field, "workload.gradient_accumulation_steps");
    EXPECT_NE(few.error().message.find("at least 8"), std::string::npos) << few.error().message;
    auto runs = estimateWith(4, 8, "dualpipe");
    ASSERT_TRUE(runs.ok()) << runs.error().toString();
    EXPECT_EQ(runs->results.front().configuration.pipelineSchedule, PipelineSchedule::DualPipe);
}

// A global batch sets the micro-batches per candidate (data degree x micro-batch size): the requirement is checked on
// that count, naming the global batch, not on the plan's default accumulation of 1.
TEST(DualPipeSchedule, AGlobalBatchsMicroBatchesAreTheOnesChecked)
{
    auto estimateWithGlobalBatch = [](int globalBatch) {
        nlohmann::json j = nlohmann::json::parse(R"({
            "format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
            "workload": {"mode": "training", "technique": "full", "precision": "bf16", "sequence_length": 4096,
                         "micro_batch_size": 1, "training_tokens": 1e9,
                         "parallelism": {"data": 2, "pipeline": 4, "pipeline_schedule": "dualpipe"}},
            "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 8, "nodes": 1}]})");
        j["workload"]["global_batch_size"] = globalBatch;
        auto plan = planFromJson(j);
        EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
        return estimatePlan(*plan, builtinCatalog());
    };
    auto runs = estimateWithGlobalBatch(32); // 16 micro-batches a replica: at least 2 x 4, even
    ASSERT_TRUE(runs.ok()) << runs.error().toString();
    EXPECT_EQ(runs->results.front().configuration.gradientAccumulationSteps, 16);
    auto few = estimateWithGlobalBatch(8); // 4 micro-batches a replica
    ASSERT_FALSE(few.ok());
    EXPECT_EQ(few.error().field, "workload.global_batch_size");
    EXPECT_NE(few.error().message.find("at least 8"), std::string::npos) << few.error().message;
}

TEST(DualPipeSchedule, TwoCopiesOfTheStagesParametersAndStates)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4", 1);
    Workload w;
    w.sequenceLength = 4096;
    for (int zero : { 0, 1 }) {
        Configuration c = dualPiped(4, 8, PipelineSchedule::OneFOneB);
        c.data = 2;
        c.zeroStage = zero;
        const MemoryBreakdown plain = estimateMemory(m, w, c, hw, {}, builtinCatalog());
        c.pipelineSchedule = PipelineSchedule::DualPipe;
        const MemoryBreakdown dual = estimateMemory(m, w, c, hw, {}, builtinCatalog());
        EXPECT_NEAR(dual.weights, 2 * plain.weights, 1e-6 * plain.weights) << zero;
        EXPECT_NEAR(dual.gradients, 2 * plain.gradients, 1e-6 * plain.gradients) << zero;
        EXPECT_NEAR(dual.optimizer, 2 * plain.optimizer, 1e-6 * plain.optimizer) << zero;
        // p + 1 = 5 micro-batches in flight on the first stage against 1F1B's 4.
        EXPECT_GT(dual.activations, plain.activations);
        c.pipelineSchedule = PipelineSchedule::DualPipeV;
        const MemoryBreakdown cut = estimateMemory(m, w, c, hw, {}, builtinCatalog());
        // DualPipeV's V holds the first and the last stage on rank 0: the embedding and the output layer together
        // beside its two half-stages (8 of the 32 layers), where 1F1B's first rank holds the embedding only.
        const ParameterCounts& n = m.parameters;
        const double perLayer = (n.total - n.embedding - n.outputHead) / n.layerCount;
        const double firstRank = std::max(n.embedding, n.outputHead) + 8 * perLayer;
        EXPECT_NEAR(cut.weights / plain.weights, (n.embedding + 8 * perLayer + n.outputHead) / firstRank, 1e-9) << zero;
        EXPECT_GT(cut.activations, plain.activations);
        EXPECT_LT(cut.activations, dual.activations);
    }
}

TEST(DualPipeSchedule, AllToAllHidesNoFurtherThanThePairedCompute)
{
    // DeepSeek-V3's layout cut down: 16 stages, expert parallel 64 over 8 nodes, 120 micro-batches. The paired
    // all-to-all hides behind the paired compute: never more than that compute's share of the step, and with a slow
    // network (an all-to-all longer than the compute) the excess stays.
    const ResolvedModel m = test::presetModel("deepseek-v3");
    const Catalog& catalog = builtinCatalog();
    Workload w;
    w.sequenceLength = 4096;
    w.activationCheckpointing = Checkpointing::Selective;
    Configuration c;
    c.data = 128;
    c.pipeline = 16;
    c.expert = 64;
    c.zeroStage = 1;
    c.microBatchSize = 1;
    c.gradientAccumulationSteps = 120;
    c.checkpointing = Checkpointing::Selective;
    for (double gbps : { 3200.0, 100.0 }) {
        const Hardware hw = gp::testing::catalogHardware(catalog, "h800-80gb-sxm", 8, "nvlink4-h800", 256, gbps, true);
        const PerformanceDefaults d = performanceDefaults(catalog, {}, hw.gpu.gpuClass, hw.gpu.architecture);
        c.pipelineSchedule = PipelineSchedule::OneFOneB;
        const ThroughputEstimate plain = estimateThroughput(m, w, c, hw, catalog, d);
        c.pipelineSchedule = PipelineSchedule::DualPipe;
        ASSERT_TRUE(dualPipePairsExpertAllToAll(m.architecture, w, c));
        const ThroughputEstimate dual = estimateThroughput(m, w, c, hw, catalog, d);
        const double raw = plain.expertParallelSeconds; // 1F1B pairs nothing: all of it exposed
        ASSERT_GT(raw, 0);
        const double hidden = raw - dual.expertParallelSeconds;
        const double busy = dual.step.compute - dual.pipelineBubbleSeconds - dual.optimizerUpdateSeconds;
        EXPECT_GT(hidden, 0) << gbps;
        EXPECT_LE(hidden, busy * moeA2aPairedShare(c) + 1e-9) << gbps;
        if (gbps < 1000) {
            ASSERT_GT(raw, busy); // the all-to-all outlasts the compute
            EXPECT_GE(dual.expertParallelSeconds, raw - busy * moeA2aPairedShare(c) - 1e-9);
        }
        // Torchtitan runs DualPipeV's pairs apart under activation checkpointing: nothing hidden.
        Workload titan = w;
        titan.framework = TrainingStack::Torchtitan;
        Configuration v = c;
        v.pipelineSchedule = PipelineSchedule::DualPipeV;
        EXPECT_FALSE(dualPipePairsExpertAllToAll(m.architecture, titan, v));
        v.checkpointing = Checkpointing::None;
        EXPECT_TRUE(dualPipePairsExpertAllToAll(m.architecture, titan, v));
    }
}

} // namespace
} // namespace gp
