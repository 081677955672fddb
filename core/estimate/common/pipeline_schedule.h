// The pipeline schedules (1F1B, interleaved, zero-bubble): idle share of a step, the micro-batches whose
// activations the first stage holds at once, and what a pipeline does to ZeRO-2/3 sharding. One home for the
// memory model, the time model and the planner's grid.
#pragma once

#include "estimate/common/results.h"

namespace gp
{

// Pipeline bubble as a fraction of the busy compute time: (p - 1) / m for 1F1B, (p - 1) / (v m) interleaved,
// 0 for zero-bubble (ZB-H2); 0 without a pipeline. m = gradient accumulation steps (micro-batches per step).
double pipelineBubbleFraction(const Configuration& config);

// Micro-batches' activations the first stage keeps in flight (in units of one micro-batch through its layers):
// min(m, p) for 1F1B, min(m, p + (p - 1) / v) interleaved, min(m, 2p - 1) zero-bubble; 1 without a pipeline.
double pipelineInFlightMicroBatches(const Configuration& config);

// ZeRO-2/3 (FSDP) inside a pipeline keeps a stage's parameters gathered and its gradients unsharded for the whole
// step. torch.distributed.pipelining (the one stack that runs FSDP under a pipeline; DeepSpeed's pipeline engine
// allows ZeRO-1 only) turns off resharding after backward and gradient reduction for every micro-batch but the
// last (PipelineStage.backward_maybe_with_nosync), so FSDP2 accumulates the unsharded gradients at its reduce
// precision (FSDPParam.to_accumulated_grad_if_needed) and reduce-scatters them once. torchtitan does not reshard
// after forward with a pipeline either ("to avoid per-microbatch all-gathers"), so the parameters are gathered
// once per step. True for stages 2 and 3 with a pipeline and states sharded over two or more ranks.
bool pipelineKeepsShardsGathered(int zeroStage, int pipeline, int shardRanks);
// The same for a configuration: its ZeRO stage, pipeline and data x context ranks.
bool pipelineKeepsShardsGathered(const Configuration& config);

} // namespace gp
