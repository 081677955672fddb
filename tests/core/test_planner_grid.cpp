// The planner's grid rules: divisors, tensor/pipeline degrees, micro-batches, node counts, saving levels.
#include "planner/fit_advice.h"
#include "planner/planner_grid.h"

#include <gtest/gtest.h>

#include <set>

using namespace gp;

namespace
{

Architecture decoder(std::int64_t layers, std::int64_t heads, std::int64_t kvHeads)
{
    Architecture a;
    a.hiddenSize = 128 * heads;
    a.numLayers = layers;
    a.numAttentionHeads = heads;
    a.numKeyValueHeads = kvHeads;
    return a;
}

} // namespace

TEST(PlannerGrid, DivisorsAscendingAndEmptyForNonPositive)
{
    EXPECT_EQ(divisorsOf(12), (std::vector<int> { 1, 2, 3, 4, 6, 12 }));
    EXPECT_EQ(divisorsOf(1), (std::vector<int> { 1 }));
    EXPECT_TRUE(divisorsOf(0).empty());
    EXPECT_TRUE(divisorsOf(-8).empty());
}

TEST(PlannerGrid, TensorDegreesDivideNodeAndHeads)
{
    // Llama-2-7B: 32 heads, 32 key/value heads; 8 GPUs per node -> 1, 2, 4, 8.
    EXPECT_EQ(tensorDegrees(8, decoder(32, 32, 32)), (std::vector<int> { 1, 2, 4, 8 }));
    // GPT-2 small: 12 heads: 8 does not divide 12.
    EXPECT_EQ(tensorDegrees(8, decoder(12, 12, 12)), (std::vector<int> { 1, 2, 4 }));
    // GQA with 2 key/value groups: t = 4 replicates each group twice (4 % 2 == 0), allowed.
    EXPECT_EQ(tensorDegrees(4, decoder(32, 32, 2)), (std::vector<int> { 1, 2, 4 }));
    // 24 heads in 3 groups: t = 2 neither divides 3 nor is a multiple of it.
    EXPECT_EQ(tensorDegrees(2, decoder(24, 24, 3)), (std::vector<int> { 1 }));
    // Unknown heads: only t = 1.
    EXPECT_EQ(tensorDegrees(8, decoder(32, 0, 0)), (std::vector<int> { 1 }));
    EXPECT_TRUE(tensorDegrees(0, decoder(32, 32, 32)).empty());
}

TEST(PlannerGrid, PipelineDegreesSpanNodesAndDivideLayers)
{
    // 32 layers, 4 nodes, 32 GPUs left after tensor: 1, 2, 4 (p <= nodes, divides 32 and 32).
    EXPECT_EQ(pipelineDegrees(decoder(32, 32, 32), 4, 32), (std::vector<int> { 1, 2, 4 }));
    // One node: tensor parallelism only.
    EXPECT_EQ(pipelineDegrees(decoder(32, 32, 32), 1, 8), (std::vector<int> { 1 }));
    // 40 layers (Llama-2-13B), 8 nodes, 8 GPUs left: 2, 4, 8 divide 40 and 8; 5 divides 40 but not 8.
    EXPECT_EQ(pipelineDegrees(decoder(40, 40, 40), 8, 8), (std::vector<int> { 1, 2, 4, 8 }));
    // 6 layers: at least two per stage -> p <= 3.
    EXPECT_EQ(pipelineDegrees(decoder(6, 8, 8), 8, 24), (std::vector<int> { 1, 2, 3 }));
}

TEST(PlannerGrid, EncoderDecoderPipelinesBothStacks)
{
    Architecture t5 = decoder(24, 32, 32);
    t5.kind = ModelKind::EncoderDecoder;
    EXPECT_EQ(pipelineLayers(t5), 48);
    t5.numDecoderLayers = 12;
    EXPECT_EQ(pipelineLayers(t5), 36);
}

TEST(PlannerGrid, VirtualStagesSplitTheLayersEvenlyForInterleavedPipelines)
{
    const Architecture a = decoder(32, 32, 32);
    using V = std::vector<int>;
    const PipelineSchedule interleaved = PipelineSchedule::Interleaved;
    EXPECT_EQ(virtualStageDegrees(a, 2, interleaved, 2), (V { 1, 2, 4, 8, 16 }));
    EXPECT_EQ(virtualStageDegrees(a, 4, interleaved, 2), (V { 1, 2, 4, 8 }));
    // The plan's own count is tried where each chunk keeps a layer, even when it splits them unevenly.
    EXPECT_EQ(virtualStageDegrees(a, 2, interleaved, 3), (V { 1, 2, 3, 4, 8, 16 }));
    EXPECT_EQ(virtualStageDegrees(a, 8, interleaved, 5), (V { 1, 2, 4 }));
    // Too deep a pipeline for two chunks per rank: 1F1B's one chunk only.
    EXPECT_EQ(virtualStageDegrees(a, 32, interleaved, 2), (V { 1 }));
    // Other schedules and no pipeline keep the plan's value.
    EXPECT_EQ(virtualStageDegrees(a, 4, PipelineSchedule::OneFOneB, 1), (V { 1 }));
    EXPECT_EQ(virtualStageDegrees(a, 4, PipelineSchedule::ZeroBubble, 1), (V { 1 }));
    EXPECT_EQ(virtualStageDegrees(a, 1, interleaved, 4), (V { 4 }));
}

// One chunk per rank interleaves nothing: the searched configuration says 1F1B.
TEST(PlannerGrid, OneChunkOfAnInterleavedPlanIsOneFOneB)
{
    Hardware hw;
    hw.gpusPerNode = 8;
    hw.nodes = 2;
    Workload w;
    w.parallelism.pipelineSchedule = PipelineSchedule::Interleaved;
    w.parallelism.virtualStages = 2;
    const Configuration one = makeConfiguration(hw, 1, 2, SavingLevels {}, 1, 4, w, 1, 0, 1);
    EXPECT_EQ(one.pipelineSchedule, PipelineSchedule::OneFOneB);
    EXPECT_EQ(one.virtualStages, 1);
    const Configuration four = makeConfiguration(hw, 1, 2, SavingLevels {}, 1, 4, w, 1, 0, 4);
    EXPECT_EQ(four.pipelineSchedule, PipelineSchedule::Interleaved);
    EXPECT_EQ(four.virtualStages, 4);
    const Configuration plans = makeConfiguration(hw, 1, 2, SavingLevels {}, 1, 4, w);
    EXPECT_EQ(plans.virtualStages, 2);
}

TEST(PlannerGrid, MicroBatchesArePowersOfTwoDividingTheReplicaShare)
{
    EXPECT_EQ(microBatchSizes(24), (std::vector<int> { 1, 2, 4, 8 }));
    EXPECT_EQ(microBatchSizes(1), (std::vector<int> { 1 }));
    EXPECT_EQ(microBatchSizes(1024).back(), kMaxGridMicroBatch);
    EXPECT_TRUE(microBatchSizes(0).empty());
    EXPECT_TRUE(microBatchSizes(-4).empty());
}

TEST(PlannerGrid, NodeCountsAutoOrFixed)
{
    CandidateSpec autoNodes;
    autoNodes.nodes = std::nullopt;
    EXPECT_EQ(nodeCounts(autoNodes, 3), (std::vector<int> { 1, 2, 3 }));
    EXPECT_EQ(nodeCounts(autoNodes, 0), (std::vector<int> { 1 }));
    EXPECT_EQ(nodeCounts(autoNodes, 1 << 30).size(), static_cast<std::size_t>(kMaxAdviceNodes));
    CandidateSpec fixed;
    fixed.nodes = 2;
    EXPECT_EQ(nodeCounts(fixed, 16), (std::vector<int> { 2 }));
    fixed.nodes = -1;
    EXPECT_TRUE(nodeCounts(fixed, 16).empty());
}

TEST(PlannerGrid, GlobalBatchExplicitOrFromPlan)
{
    Workload w;
    Configuration c;
    c.microBatchSize = 2;
    c.gradientAccumulationSteps = 4;
    c.data = 8;
    EXPECT_EQ(targetGlobalBatch(w, c), 2 * 4 * 8);
    w.globalBatchSize = 512;
    EXPECT_EQ(targetGlobalBatch(w, c), 512);
    w.globalBatchSize = -3; // invalid: falls back to the configuration
    EXPECT_EQ(targetGlobalBatch(w, c), 64);
}

TEST(PlannerGrid, SavingLevelsValidAndLeastSavingFirst)
{
    struct Grid {
        int data;
        int pipeline;
        std::size_t size;
    };
    // Inside a pipeline with several replicas only ZeRO-0/1 (and ZeRO-1 with the optimizer offloaded) are kept.
    for (const Grid& g : { Grid { 1, 1, 9 }, Grid { 8, 1, 24 }, Grid { 1, 4, 9 }, Grid { 8, 4, 9 } }) {
        const int data = g.data;
        const auto& levels = savingLevels(data, g.pipeline);
        EXPECT_EQ(levels.size(), g.size);
        std::set<std::tuple<int, int, int>> seen;
        for (std::size_t j = 0; j < levels.size(); ++j) {
            const auto& lv = levels[j];
            EXPECT_TRUE(seen.insert({ lv.zeroStage, level(lv.offload), level(lv.checkpointing) }).second);
            if (lv.offload == Offload::Optimizer) {
                EXPECT_GE(lv.zeroStage, 1);
            }
            if (lv.offload == Offload::OptimizerAndParameters) {
                EXPECT_EQ(lv.zeroStage, 3);
            }
            if (data == 1 && lv.offload == Offload::None) {
                EXPECT_EQ(lv.zeroStage, 0);
            }
            if (data > 1 && g.pipeline > 1) {
                EXPECT_LE(lv.zeroStage, 1);
            }
            // Nothing that saves no more than this level comes after it: dominators are met first.
            for (std::size_t i = j + 1; i < levels.size(); ++i)
                EXPECT_FALSE(savesNoMore(levels[i], lv)) << "level " << i << " should precede " << j;
            EXPECT_TRUE(savesNoMore(lv, mostSaving(data, g.pipeline)));
        }
    }
}

TEST(PlannerGrid, SavesNoMoreIsComponentwise)
{
    const SavingLevels a { 2, Offload::None, Checkpointing::Selective };
    const SavingLevels b { 3, Offload::Optimizer, Checkpointing::Selective };
    const SavingLevels c { 3, Offload::None, Checkpointing::None };
    EXPECT_TRUE(savesNoMore(a, b));
    EXPECT_FALSE(savesNoMore(b, a));
    EXPECT_FALSE(savesNoMore(a, c)); // less ZeRO but more checkpointing: not comparable
    EXPECT_FALSE(savesNoMore(c, a));
    EXPECT_TRUE(savesNoMore(a, a));
}
