// The pipeline schedules (1F1B, interleaved, zero-bubble, DualPipe, DualPipeV): idle share of a step, the
// micro-batches whose activations the first stage holds at once, the parameters a rank holds, what the schedule
// requires of the layout, and what a pipeline does to ZeRO-2/3 sharding. One home for the memory model, the time
// model, plan validation and the planner's grid.
#pragma once

#include "base/expected.h"
#include "estimate/common/results.h"
#include "transformer/training_flops.h"

namespace gp
{

// A micro-batch's pass through a stage as DualPipe's bubble counts it (arXiv:2412.19437 Table 2; the DualPipe
// README's table): F its forward, B its full backward (input and weight gradients, recomputation included), W the
// weight-gradient GEMMs alone, each as a share of the stage's compute (F + B = 1 for training). The default is a
// forward-only pass (F = 1): what a caller that does not split its step runs.
struct PipelinePasses {
    double forward = 1.0;
    double backward = 0.0;
    double weightGradient = 0.0;
};

// The training step's split, from its own FLOPs: F = the forward FLOPs, B = the rest of the hardware FLOPs
// (backward and recomputation), W = the forward FLOPs of the weights that take gradients (every trained matrix's
// weight gradient is one more GEMM of its forward's size: the blocks' matmuls, the head and the adapters less the
// frozen ones; the attention core has no weights).
PipelinePasses pipelinePasses(const TrainingFlopsPerToken& flops);

// Pipeline bubble as a fraction of the busy compute time: (p - 1) / m for 1F1B, (p - 1) / (v m) interleaved,
// 0 for zero-bubble (ZB-H2), (p/2 - 1)(F&B + B - 3W) / (m (F + B)) for DualPipe and, its stages half a rank's
// layers, (p - 1)(F&B + B - 3W) / (2 m (F + B)) for DualPipeV, with F&B = F + B (the pair's compute; what its
// transfers leave exposed is scaled by the same fraction: addExposedTransferBubble); 0 without a pipeline.
// m = gradient accumulation steps (micro-batches per step), p = pipeline ranks.
double pipelineBubbleFraction(const Configuration& config, const PipelinePasses& passes = {});

// Micro-batches' activations the first stage keeps in flight (in units of one micro-batch through a rank's
// layers / p of the model): min(m, p) for 1F1B, min(m, p + (p - 1) / v) interleaved, min(m, 2p - 1) zero-bubble,
// min(m, p + 1) DualPipe and min(m, p + 1/2) DualPipeV (Table 2's PP + 1 stage-chunks; DualPipeV's 2p stages
// each hold half a rank's layers); 1 without a pipeline.
double pipelineInFlightMicroBatches(const Configuration& config);

// Copies of its stage's parameters a rank holds: 2 for DualPipe (stages i and p - 1 - i, each a module of its own
// with its own gradients, summed with its twin's after the step: deepseek-ai/DualPipe@3da1bbea
// examples/example_dualpipe.py; Table 2's "2x"), 1 otherwise (DualPipeV's two stages are halves of a rank's share).
double pipelineParameterCopies(const Configuration& config);

// What DualPipe and DualPipeV require of a pipeline of p ranks and m micro-batches per step (DualPipe.step:
// p even, m even and m >= 2p; DualPipeV.step and PyTorch's ScheduleDualPipeV: m >= 2p, i.e. at least as many
// micro-batches as stages). Empty words where the layout runs, or where the schedule is another or p is 1.
Words pipelineScheduleProblem(PipelineSchedule schedule, int pipeline, int microBatches);
// PyTorch's ScheduleDualPipeV refuses stages holding a module torch.compile wrapped (pytorch/pytorch@00722e64
// torch/distributed/pipelining/schedules.py: ScheduleDualPipeV.__init__ calls _check_torch_compile_compatibility,
// which raises on an OptimizedModule among a stage's modules, "we dont support input/weight backward split with
// torch.compile"); torchtitan compiles each transformer block of its stages (apply_compile), so a torchtitan plan
// with workload.torch_compile cannot run dualpipev with a pipeline. Empty words otherwise (a compiled loss alone is
// the schedule's loss_fn, no stage module: it runs). The field it names is workload.torch_compile.
Words pipelineCompileProblem(TrainingStack stack, PipelineSchedule schedule, int pipeline, bool torchCompile);
// The plan field a problem above names: workload.parallelism.pipeline for the even pipeline, else
// workload.gradient_accumulation_steps.
const char* pipelineScheduleProblemField(const Words& problem);

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
