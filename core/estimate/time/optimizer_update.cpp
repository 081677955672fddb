#include "estimate/time/optimizer_update.h"

#include "estimate/common/pipeline_schedule.h"

#include "plan/precision.h"

#include <algorithm>
#include <cmath>

namespace gp
{

double optimizerUpdateBytesPerParameter(
    const Workload& workload, const Configuration& config, const PerformanceDefaults& d)
{
    // Unsloth steps through the same transformers Trainer (TRL's SFTTrainer) and torch optimizer.
    const bool trainer = workload.framework == TrainingStack::Hf || workload.framework == TrainingStack::Unsloth;
    if (!trainer || workload.optimizer != Optimizer::AdamW || config.offload != Offload::None)
        return 0.0;
    // torch keeps the gradient and both moments at the parameter's dtype (zeros_like(param)); the parameter the
    // optimizer holds is the fp32 master where there is one (HF Trainer's mixed precision keeps the model in fp32),
    // else the model itself at the compute width (a model loaded in bf16).
    const double master = masterWeightBytes(workload);
    const double width = master > 0 ? master : bytesPerElement(workload.precision);
    return (d.torchAdamwForeachAccesses + d.clipGradNormForeachAccesses) * width;
}

double optimizerUpdateSeconds(double trainedParameters, const Workload& workload, const Configuration& config,
    const PerformanceDefaults& d, double bandwidthBytesPerSecond)
{
    const double bytes = optimizerUpdateBytesPerParameter(workload, config, d);
    if (!(bytes > 0) || !(bandwidthBytesPerSecond > 0) || !(trainedParameters > 0) || !std::isfinite(trainedParameters))
        return 0.0;
    const double modelRanks = double(std::max(1, config.tensor)) * std::max(1, config.pipeline);
    const double optimizerRanks
        = config.zeroStage >= 1 ? double(std::max(1, config.data)) * std::max(1, config.context) : 1.0;
    // DualPipe updates the two stages its rank holds (pipelineParameterCopies).
    return pipelineParameterCopies(config) * trainedParameters / (modelRanks * optimizerRanks) * bytes
        / bandwidthBytesPerSecond;
}

} // namespace gp
