// Uneven pipeline stages (estimate/common/pipeline_stages.h): Megatron-Core's layer split with and without the
// embedding and loss counted as layers, the slowest stage's work over the mean stage's, and the step's compute
// stretched by it. Every figure below is a hand calculation.
#include "estimate/common/pipeline_stages.h"
#include "estimate/time/throughput_model.h"
#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

using namespace gp::testing;

TEST(PipelineStages, MegatronSplitsLayersAndCountsTheEmbeddingAndLossWhereAsked)
{
    // 8 layers at PP 4: 2 a rank; with both counted, (8 + 2) / 4 leaves 2 and 2 over, the first ranks take them
    // (Megatron asserts an even split; 6 layers + 2 do split evenly: 2 a rank, the first and last build 1).
    EXPECT_EQ(pipelineStageLayers(8, 4, PipelineSplit::Layers), (std::vector<int> { 2, 2, 2, 2 }));
    EXPECT_EQ(pipelineStageLayers(6, 4, PipelineSplit::EmbeddingAndLoss), (std::vector<int> { 1, 2, 2, 1 }));
    EXPECT_EQ(pipelineStageLayers(7, 4, PipelineSplit::Loss), (std::vector<int> { 2, 2, 2, 1 }));
    EXPECT_EQ(pipelineStageLayers(7, 4, PipelineSplit::Embedding), (std::vector<int> { 1, 2, 2, 2 }));
    EXPECT_EQ(pipelineStageLayers(5, 1, PipelineSplit::EmbeddingAndLoss), (std::vector<int> { 5 }));
}

TEST(PipelineStages, SlowestStageOverTheMeanByHand)
{
    // The output layer and loss do 0.2 of the model's work, each layer 0.8 / L; the mean stage does 1 / 4.
    // 8 layers, layers only: the last stage 2 x 0.1 + 0.2 = 0.4, over 0.25 = 1.6.
    EXPECT_NEAR(pipelineSlowestStageFactor(8, 4, PipelineSplit::Layers, 0.2), 1.6, 1e-12);
    // 6 layers, both counted: stages 1, 2, 2, 1 layers of 0.8 / 6; the last 0.8 / 6 + 0.2 = 1 / 3, over 0.25.
    EXPECT_NEAR(pipelineSlowestStageFactor(6, 4, PipelineSplit::EmbeddingAndLoss, 0.2), 4.0 / 3.0, 1e-12);
    // 7 layers, the loss counted: 2, 2, 2, 1 layers of 0.8 / 7; the last 0.8 / 7 + 0.2 = 2.2 / 7, over 0.25.
    EXPECT_NEAR(pipelineSlowestStageFactor(7, 4, PipelineSplit::Loss, 0.2), 8.8 / 7.0, 1e-12);
    // No head: even stages are the mean; no pipeline: 1.
    EXPECT_NEAR(pipelineSlowestStageFactor(8, 4, PipelineSplit::Layers, 0.0), 1.0, 1e-12);
    EXPECT_NEAR(pipelineSlowestStageFactor(8, 1, PipelineSplit::Layers, 0.2), 1.0, 1e-12);
}

TEST(PipelineStages, StepComputeFollowsTheSlowestStageOfASmallModel)
{
    // A small model with a large vocabulary at PP 4, BF16, 512 tokens: h 1024, f 4096 (gated), 8 layers, 256k
    // vocabulary. Forward FLOPs a token: a layer 2 (4 h^2 + 3 h f) + the causal attention core 4 (s / 2) h =
    // 34.6M; the output layer 2 h V = 524.3M. Layers only: stages of 2 layers, the last also the head, so the step
    // runs at 2 L + H. Both counted ((8 + 2) / 4: 2, 3, 2, 1 layers): the last 1 L + H is the slowest (H > 2 L).
    Architecture a = llama2_7b();
    a.numLayers = 8;
    a.hiddenSize = 1024;
    a.numAttentionHeads = 16;
    a.numKeyValueHeads = 16;
    a.intermediateSize = 4096;
    a.vocabSize = 256000;
    const ResolvedModel m = modelFrom(a);
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = catalogHardware(catalog, "h100-80gb-sxm", 4, "nvlink4");
    Workload w;
    w.precision = Precision::Bf16;
    w.sequenceLength = 512;
    w.trainingTokens = 1e9;
    Configuration c;
    c.data = 1;
    c.pipeline = 4;
    c.gradientAccumulationSteps = 8;
    w.parallelism.pipelineSplit = PipelineSplit::Layers;
    const ThroughputEstimate layersOnly = estimateThroughput(m, w, c, hw, {}, {}, catalog);
    w.parallelism.pipelineSplit = PipelineSplit::EmbeddingAndLoss;
    const ThroughputEstimate counted = estimateThroughput(m, w, c, hw, {}, {}, catalog);
    const double h = 1024, f = 4096, s = 512, v = 256000;
    const double layer = 2 * (4 * h * h + 3 * h * f) + 4 * (s / 2) * h;
    const double head = 2 * h * v;
    ASSERT_GT(counted.step.compute, 0);
    EXPECT_NEAR(layersOnly.step.compute / counted.step.compute, (2 * layer + head) / (layer + head), 0.01);
}

} // namespace
} // namespace gp
