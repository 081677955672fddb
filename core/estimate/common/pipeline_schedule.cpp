// Pipeline schedules: bubble and in-flight activations of the first stage; ZeRO-2/3 inside a pipeline.
#include "estimate/common/pipeline_schedule.h"

#include <algorithm>

namespace gp
{

double pipelineBubbleFraction(const Configuration& config)
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
    }
    return std::min(m, double(p));
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
