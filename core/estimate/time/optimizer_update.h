// The optimizer's update of the trained parameters on the GPU, once per step after the last micro-batch: memory-bound
// kernels over each rank's trained parameters, counted where the stack's optimizer code was read (catalog
// optimizer.*): under `framework: "hf"` (and `"unsloth"`, which trains through the same Trainer) torch.optim.AdamW's
// default multi-tensor (foreach) path with torch.nn.utils.clip_grad_norm_ before it. The other stacks' updates are not
// counted (their fused kernels were not read for this). transformers' Trainer defaults to `adamw_torch_fused` from
// torch 2.8 (training_args.py default_optim): one fused kernel, which the plan cannot state, so such a run is estimated
// with the foreach path's bytes.
#pragma once

#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

namespace gp
{

// Bytes moved per trained parameter by one update (reads and writes of the parameter, its gradient, both moments and
// the foreach path's denominator, all at the parameter's width as torch keeps them); 0 where it is not counted: another
// stack, another optimizer than AdamW, or the optimizer offloaded to the CPU.
double optimizerUpdateBytesPerParameter(
    const Workload& workload, const Configuration& config, const PerformanceDefaults& d);

// Seconds one GPU spends in the update: its share of the trained parameters (tensor x pipeline ranks, and data x
// context ranks from ZeRO 1, which partitions the optimizer) at `bandwidthBytesPerSecond`.
double optimizerUpdateSeconds(double trainedParameters, const Workload& workload, const Configuration& config,
    const PerformanceDefaults& d, double bandwidthBytesPerSecond);

} // namespace gp
