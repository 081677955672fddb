#include "estimate/time/deepspeed_step_passes.h"

#include "plan/precision.h"

#include <algorithm>
#include <cmath>

namespace gp
{

double deepspeedGradientAccumulationBytesPerParameter(
    const Workload& workload, const Configuration& config, const PerformanceDefaults& d, double microBatches)
{
    const double compute = bytesPerElement(workload.precision);
    if (workload.framework != TrainingStack::Deepspeed || !(compute < 4) || !(microBatches >= 1)
        || !std::isfinite(microBatches))
        return 0.0;
    // BF16_Optimizer: every micro-batch's bf16 gradient cast and added into the fp32 one.
    if (workload.precision == Precision::Bf16 && gradientReduceBytes(workload, config.zeroStage) >= 4)
        return microBatches * d.bf16OptimizerGradBytes;
    // AccumulateGrad: the first micro-batch's gradient becomes .grad, each later one is added into it in place. ZeRO 2
    // and 3 reduce each gradient in a hook of their own as it is produced (not read for this: not counted).
    if (config.zeroStage >= 2)
        return 0.0;
    return (microBatches - 1) * d.autogradAccumulateAccesses * compute;
}

double deepspeedUnsplitLayerBytesPerToken(const Architecture& arch, const Workload& workload,
    const Configuration& config, const PerformanceDefaults& d, double forwardPasses)
{
    const int t = std::max(1, config.tensor);
    if (workload.framework != TrainingStack::Deepspeed || t <= 1 || config.sequenceParallel)
        return 0.0;
    const double h = std::isfinite(double(arch.hiddenSize)) ? std::max(0.0, double(arch.hiddenSize)) : 0.0;
    const double element = bytesPerElement(workload.precision);
    // The dropout masks are one byte an element (torch's fused dropout keeps a bool mask): written forward, read
    // backward.
    const double forward = d.unsplitLayerForwardAccesses * element + d.unsplitLayerDropoutMasks;
    const double backward = d.unsplitLayerBackwardAccesses * element + d.unsplitLayerDropoutMasks;
    const double passes = std::isfinite(forwardPasses) ? std::max(1.0, forwardPasses) : 1.0;
    return (double(t) - 1.0) / double(t) * h * (passes * forward + backward);
}

} // namespace gp
