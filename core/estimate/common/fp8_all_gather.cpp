// FP8 all-gather of FSDP weights: which parameters it covers and when it applies.
#include "estimate/common/fp8_all_gather.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

enum class Unused { No, Precision, Recipe, NoGather };

Unused unused(const Workload& workload, const Configuration& config)
{
    if (workload.mode != Mode::Training || workload.precision != Precision::Fp8)
        return Unused::Precision;
    // torchtitan's float8 all-gather casts the weights to FP8; the NVFP4 recipe's MLP GEMMs take NVFP4 weights.
    if (workload.fp8Recipe == Fp8Recipe::Nvfp4)
        return Unused::Recipe;
    const long long ranks = static_cast<long long>(std::max(1, config.data)) * std::max(1, config.context);
    // Megatron-Core's --fp8-param-gather (Megatron-Bridge/NeMo fp8_param_gather) keeps the parameters themselves in
    // FP8 and has the distributed optimizer (ZeRO 1 here) all-gather its updated shards in FP8 over data x context
    // (megatron/core/optimizer/distrib_optimizer.py, quantize_param_shard); it needs the distributed optimizer
    // (megatron/training/arguments.py).
    if (workload.framework == TrainingStack::Megatron && config.zeroStage >= 1 && ranks > 1)
        return Unused::No;
    if (config.zeroStage < 3 || ranks <= 1)
        return Unused::NoGather;
    return Unused::No;
}

} // namespace

std::string fp8AllGatherUnusedReason(const Workload& workload, const Configuration& config)
{
    if (!workload.fp8AllGather)
        return {};
    switch (unused(workload, config)) {
    case Unused::Precision:
        return "precision";
    case Unused::Recipe:
        return "recipe";
    case Unused::NoGather:
        return "no_gather";
    case Unused::No:
        break;
    }
    return {};
}

double fp8AllGatherShare(const ParameterCounts& counts, const Workload& workload, const Configuration& config)
{
    // Every memory and time estimate of the search asks: no strings on this path.
    if (!workload.fp8AllGather || unused(workload, config) != Unused::No)
        return 0.0;
    if (!(counts.total > 0) || !std::isfinite(counts.blockLinear))
        return 0.0;
    return std::clamp(counts.blockLinear / counts.total, 0.0, 1.0);
}

} // namespace gp
