// FP8 all-gather of FSDP weights (workload.fp8_all_gather): torchtitan's float8.enable_fsdp_float8_all_gather,
// torchao's WeightWithDynamicFloat8CastTensor. Each rank casts its shard of every Float8Linear weight to fp8 before
// FSDP's all-gather, so those weights travel and are held gathered at one byte instead of two, and the cast runs on
// the shard rather than on the gathered weight. Under the Megatron stack it is --fp8-param-gather: the linear
// weights are FP8 parameters (no 16-bit copy), and the distributed optimizer all-gathers its updated shards in FP8.
// The memory and the time model read the share from here.
#pragma once

#include "estimate/common/results.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <string>

namespace gp
{

// Share of the model's parameters all-gathered in fp8: the blocks' linear weights (the layers FP8 training casts)
// when the workload asks for it, trains in FP8 and the configuration gathers weights (ZeRO-3 over more than one
// data x context rank, or the Megatron stack's distributed optimizer, ZeRO 1 or more, over more than one) with an
// FP8 recipe; 0 otherwise.
double fp8AllGatherShare(const ParameterCounts& counts, const Workload& workload, const Configuration& config);

// Why a plan's fp8_all_gather does nothing for a configuration: "precision" (not FP8 training on this GPU),
// "recipe" (the nvfp4 recipe runs on this GPU), "no_gather" (no ZeRO-3 weight gathering); empty when it applies
// or is not asked for.
std::string fp8AllGatherUnusedReason(const Workload& workload, const Configuration& config);

} // namespace gp
