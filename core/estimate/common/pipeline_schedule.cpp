// Pipeline schedules: bubble and in-flight activations of the first stage, parameter copies, the DualPipe
// schedules' requirements; ZeRO-2/3 inside a pipeline.
#include "estimate/common/pipeline_schedule.h"

#include "base/error_words.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace gp
{

PipelinePasses pipelinePasses(const TrainingFlopsPerToken& flops)
{
    PipelinePasses passes;
    const double forward = flops.forward.total();
    if (!(flops.hardware > 0) || !(forward > 0))
        return passes;
    const ForwardFlops& f = flops.forward;
    const double weighted = std::max(0.0, f.matmul + f.head + f.adapters - f.frozenMatmul);
    passes.forward = std::clamp(forward / flops.hardware, 0.0, 1.0);
    passes.backward = 1.0 - passes.forward;
    passes.weightGradient = std::clamp(weighted / flops.hardware, 0.0, passes.backward);
    return passes;
}

namespace
{

// DualPipe's bubble in units of one micro-batch's pass through a rank's layers: (p/2 - 1)(F&B + B - 3W), F&B = F + B.
double dualPipeBubbleChunks(const PipelinePasses& passes)
{
    const double f = std::max(0.0, passes.forward);
    const double b = std::max(0.0, passes.backward);
    const double w = std::clamp(passes.weightGradient, 0.0, b);
    return std::max(0.0, (f + b) + b - 3.0 * w);
}

} // namespace

double pipelineBubbleFraction(const Configuration& config, const PipelinePasses& passes)
{
    const int p = std::max(1, config.pipeline);
    if (p <= 1)
        return 0.0;
    const double m = std::max(1, config.gradientAccumulationSteps);
    switch (config.pipelineSchedule) {
    case PipelineSchedule::OneFOneB: // (p - 1) / m (Narayanan et al. 2021, arXiv:2104.04473, Sec. 2.2.1)
        break;
    case PipelineSchedule::Interleaved: // v model chunks per rank shrink it v times (ibid., Sec. 2.2.2)
        return (p - 1) / (std::max(1, config.virtualStages) * m);
    case PipelineSchedule::ZeroBubble: // ZB-H2: backward split into input and weight gradients fills the bubble
        return 0.0; // (Qi et al. 2023, arXiv:2401.10241, Sec. 3), at about twice 1F1B's memory
    case PipelineSchedule::DualPipe:
    case PipelineSchedule::DualPipeV: {
        // Table 2 of arXiv:2412.19437 (and the DualPipe README's, DualPipeV's row "based on the same number of PP
        // stages"): (PP/2 - 1)(F&B + B - 3W) with F, B, W one stage-chunk's. DualPipe: PP = p stages of a rank's
        // layers each, so p/2 - 1 chunks of the rank's compute per m micro-batches (F + B each). DualPipeV: PP = 2p
        // stages of half a rank's layers (2 per rank), so p - 1 half-chunks.
        const double busy = std::max(0.0, passes.forward) + std::max(0.0, passes.backward);
        if (!(busy > 0))
            return 0.0;
        const double bubble = config.pipelineSchedule == PipelineSchedule::DualPipe
            ? (p / 2.0 - 1.0) * dualPipeBubbleChunks(passes)
            : (p - 1.0) * dualPipeBubbleChunks(passes) / 2.0;
        return std::max(0.0, bubble) / (m * busy);
    }
    }
    return (p - 1) / m;
}

double pipelineInFlightMicroBatches(const Configuration& config)
{
    const int p = std::max(1, config.pipeline);
    const double m = std::max(1, config.gradientAccumulationSteps);
    if (p <= 1)
        return 1.0;
    switch (config.pipelineSchedule) {
    case PipelineSchedule::OneFOneB: // the first stage holds p micro-batches before its first backward
        break;
    case PipelineSchedule::Interleaved: // p (1 + (p - 1) / (p v)): Korthikanti et al. 2022, arXiv:2205.05198, 4.2.3
        return std::min(m, p + double(p - 1) / std::max(1, config.virtualStages));
    case PipelineSchedule::ZeroBubble: // ZB-H2 warms up with 2p - 1 micro-batches (Qi et al. 2023, Sec. 3.1)
        return std::min(m, 2.0 * p - 1);
    case PipelineSchedule::DualPipe: // Table 2: PP + 1 stage-chunks, the rank's layers each (p chunks of warm-up
        return std::min(m, p + 1.0); // forwards, one more while a forward and a backward overlap: DualPipe.step)
    case PipelineSchedule::DualPipeV: // PP + 1 = 2p + 1 chunks of half the rank's layers (DualPipeV.step: 2p
        return std::min(m, p + 0.5); // forwards before the first backward, one more in an overlapped pair)
    }
    return std::min(m, double(p));
}

double pipelineParameterCopies(const Configuration& config)
{
    return config.pipeline > 1 && config.pipelineSchedule == PipelineSchedule::DualPipe ? 2.0 : 1.0;
}

Words pipelineScheduleProblem(PipelineSchedule schedule, int pipeline, int microBatches)
{
    if (pipeline <= 1 || (schedule != PipelineSchedule::DualPipe && schedule != PipelineSchedule::DualPipeV))
        return {};
    const std::string name = schedule == PipelineSchedule::DualPipe ? "dualpipe" : "dualpipev";
    if (schedule == PipelineSchedule::DualPipe && pipeline % 2 != 0)
        return { words::kDualPipeNeedsEvenPipeline, { name, std::to_string(pipeline) } };
    if (microBatches < 2 * pipeline)
        return { words::kDualPipeNeedsMicroBatches,
            { name, std::to_string(pipeline), std::to_string(2 * pipeline), std::to_string(microBatches) } };
    if (schedule == PipelineSchedule::DualPipe && microBatches % 2 != 0)
        return { words::kDualPipeNeedsEvenMicroBatches, { name, std::to_string(microBatches) } };
    return {};
}

Words pipelineCompileProblem(TrainingStack stack, PipelineSchedule schedule, int pipeline, bool torchCompile)
{
    if (stack != TrainingStack::Torchtitan || schedule != PipelineSchedule::DualPipeV || pipeline <= 1 || !torchCompile)
        return {};
    return { words::kDualPipeVRefusesCompile, {} };
}

const char* pipelineScheduleProblemField(const Words& problem)
{
    const bool even = problem.text && std::strcmp(problem.text, words::kDualPipeNeedsEvenPipeline) == 0;
    return even ? "workload.parallelism.pipeline" : "workload.gradient_accumulation_steps";
}

bool pipelineKeepsShardsGathered(int zeroStage, int pipeline, int shardRanks)
{
    return zeroStage >= 2 && pipeline > 1 && shardRanks > 1;
}

bool pipelineKeepsShardsGathered(const Configuration& config)
{
    return pipelineKeepsShardsGathered(
        config.zeroStage, config.pipeline, std::max(1, config.data) * std::max(1, config.context));
}

} // namespace gp
