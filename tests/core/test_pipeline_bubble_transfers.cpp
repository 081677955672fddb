// The pipeline bubble and the transfers inside a micro-batch's stage (throughput_model.cpp estimateThroughput): the
// tensor-parallel and expert-parallel transfers left exposed lie on the stage's critical path as its compute does, so
// 1F1B's warm-up and drain idle for them too, (p - 1) / m of them (Narayanan et al. 2021, arXiv:2104.04473,
// Sec. 2.2.1), where a zero-bubble schedule idles for neither. The context-parallel exchange is checked in
// test_context_parallel.cpp.
#include "estimate/common/performance_defaults.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/throughput_model.h"
#include "test_memory_support.h"
#include "test_throughput_helpers.h"
#include "transformer/layers.h"

#include <gtest/gtest.h>

namespace gp
{
namespace
{

struct BubblePair {
    ThroughputEstimate oneFOneB;
    ThroughputEstimate zeroBubble;
};

BubblePair bothSchedules(const ResolvedModel& m, const Workload& w, Configuration c, const Hardware& hw)
{
    BubblePair b;
    c.pipelineSchedule = PipelineSchedule::OneFOneB;
    b.oneFOneB = estimateThroughput(m, w, c, hw, {}, {}, builtinCatalog());
    c.pipelineSchedule = PipelineSchedule::ZeroBubble;
    b.zeroBubble = estimateThroughput(m, w, c, hw, {}, {}, builtinCatalog());
    return b;
}

// The busy compute of a step: what is left of step.compute without the bubble and the optimizer's update.
double busyOf(const ThroughputEstimate& t)
{
    return t.step.compute - t.pipelineBubbleSeconds - t.optimizerUpdateSeconds;
}

CommunicationTime communicationOf(const ResolvedModel& m, const Workload& w, const Configuration& c, const Hardware& hw)
{
    const PerformanceDefaults d = performanceDefaults(builtinCatalog(), {}, hw.gpu.gpuClass, hw.gpu.architecture);
    return estimateCommunication(m.architecture, m.parameters.total, m.parameters.total, w, c, hw, builtinCatalog(), d,
        routedExpertFraction(m.architecture, m.parameters, m.parameters.total));
}

TEST(PipelineBubbleTransfers, OneFOneBIdlesForTheExposedTensorParallelTransfers)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "a100-80gb-sxm", 8, "nvlink3", 2, 200, true);
    Workload w;
    w.sequenceLength = 2048;
    Configuration c;
    c.tensor = 4;
    c.pipeline = 4;
    c.gradientAccumulationSteps = 12;
    const CommunicationTime comm = communicationOf(m, w, c, hw);
    ASSERT_GT(comm.tensorParallelSeconds, 0);
    const BubblePair b = bothSchedules(m, w, c, hw);
    // No overlap: all of the tensor-parallel transfer is exposed, and 3 / 12 of it (and of the compute) idles.
    EXPECT_DOUBLE_EQ(b.oneFOneB.tensorParallelSeconds, comm.tensorParallelSeconds);
    const double expected = 3.0 / 12.0 * (busyOf(b.oneFOneB) + comm.tensorParallelSeconds);
    EXPECT_NEAR(b.oneFOneB.pipelineBubbleSeconds, expected, 1e-9 * expected);
    EXPECT_GT(b.oneFOneB.pipelineBubbleSeconds, 3.0 / 12.0 * busyOf(b.oneFOneB));
    EXPECT_DOUBLE_EQ(b.zeroBubble.pipelineBubbleSeconds, 0.0);
    // The transfer itself stays communication, the same under either schedule.
    EXPECT_DOUBLE_EQ(b.oneFOneB.step.communication, b.zeroBubble.step.communication);
    EXPECT_LE(b.oneFOneB.step.communication, b.oneFOneB.communicationRawSeconds);
}

// Megatron's --tp-comm-overlap hides the transfers behind the linear GEMMs: only what it leaves (the launch latencies
// at least) idles in the bubble.
TEST(PipelineBubbleTransfers, TensorParallelOverlapLeavesLessToIdleFor)
{
    const ResolvedModel m = gp::testing::modelFrom(gp::testing::llama2_7b());
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "a100-80gb-sxm", 8, "nvlink3", 2, 200, true);
    Workload w;
    w.sequenceLength = 2048;
    w.framework = TrainingStack::Megatron;
    w.tpCommOverlap = true;
    Configuration c;
    c.tensor = 4;
    c.pipeline = 4;
    c.gradientAccumulationSteps = 12;
    c.sequenceParallel = true;
    const CommunicationTime comm = communicationOf(m, w, c, hw);
    ASSERT_GT(comm.tensorParallelOverlapped, 0);
    const BubblePair b = bothSchedules(m, w, c, hw);
    EXPECT_GT(b.oneFOneB.tensorParallelSeconds, 0);
    EXPECT_LT(b.oneFOneB.tensorParallelSeconds, comm.tensorParallelSeconds);
    const double expected = 3.0 / 12.0 * (busyOf(b.oneFOneB) + b.oneFOneB.tensorParallelSeconds);
    EXPECT_NEAR(b.oneFOneB.pipelineBubbleSeconds, expected, 1e-9 * expected);
    EXPECT_DOUBLE_EQ(b.zeroBubble.pipelineBubbleSeconds, 0.0);
}

TEST(PipelineBubbleTransfers, OneFOneBIdlesForTheExposedExpertAllToAlls)
{
    const ResolvedModel m = test::presetModel("qwen3-30b-a3b");
    ASSERT_GT(m.architecture.numExperts, 1);
    const Hardware hw = gp::testing::catalogHardware(builtinCatalog(), "h100-80gb-sxm", 8, "nvlink4", 2, 3200, true);
    Workload w;
    w.sequenceLength = 4096;
    Configuration c;
    c.data = 8;
    c.expert = 8;
    c.pipeline = 2;
    c.zeroStage = 1;
    c.checkpointing = Checkpointing::Full;
    c.gradientAccumulationSteps = 8;
    const CommunicationTime comm = communicationOf(m, w, c, hw);
    ASSERT_GT(comm.expertParallelSeconds, 0);
    ASSERT_EQ(comm.tensorParallelSeconds, 0);
    const BubblePair b = bothSchedules(m, w, c, hw);
    EXPECT_DOUBLE_EQ(b.oneFOneB.expertParallelSeconds, comm.expertParallelSeconds);
    const double expected = 1.0 / 8.0 * (busyOf(b.oneFOneB) + comm.expertParallelSeconds);
    EXPECT_NEAR(b.oneFOneB.pipelineBubbleSeconds, expected, 1e-9 * expected);
    EXPECT_DOUBLE_EQ(b.zeroBubble.pipelineBubbleSeconds, 0.0);
    EXPECT_DOUBLE_EQ(b.oneFOneB.step.communication, b.zeroBubble.step.communication);
}

} // namespace
} // namespace gp
