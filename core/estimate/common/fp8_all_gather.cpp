// FP8 all-gather of FSDP weights: which parameters it covers and when it applies.
#include "estimate/common/fp8_all_gather.h"

#include <algorithm>
#include <cmath>

namespace gp {

std::string fp8AllGatherUnusedReason(const Workload& workload, const Configuration& config)
{
    if (!workload.fp8AllGather)
        return {};
    if (workload.mode != Mode::Training || workload.precision != Precision::Fp8)
        return "precision";
    const long long ranks = static_cast<long long>(std::max(1, config.data)) * std::max(1, config.context);
    if (config.zeroStage < 3 || ranks <= 1)
        return "no_gather";
    return {};
}

double fp8AllGatherShare(const ParameterCounts& counts, const Workload& workload, const Configuration& config)
{
    if (!workload.fp8AllGather || !fp8AllGatherUnusedReason(workload, config).empty())
        return 0.0;
    if (!(counts.total > 0) || !std::isfinite(counts.blockLinear))
        return 0.0;
    return std::clamp(counts.blockLinear / counts.total, 0.0, 1.0);
}

} // namespace gp
