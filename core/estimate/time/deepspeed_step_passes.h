// Megatron-DeepSpeed's memory passes beside the matmuls, counted under `framework: "deepspeed"` where the stack's code
// was read for them (catalog deepspeed.*):
// - the gradient accumulation of each micro-batch. DeepSpeed's BF16_Optimizer (bf16 compute with the gradients kept in
//   fp32: `gradient_precision: "fp32"`, DeepSpeed's data_types.grad_accum_dtype, its default for bf16 without a ZeRO
//   optimizer; microsoft/DeepSpeed@56c522386 deepspeed/runtime/bf16_optimizer.py update_hp_grads, which the pipeline
//   engine calls after every micro-batch's backward, pipe/engine.py _exec_backward_pass) clears the bf16 gradients
//   before each backward and adds each one, cast to fp32, into the fp32 gradient: the bf16 gradient read, the fp32
//   cast written and read again, the fp32 gradient read and written, every micro-batch. Otherwise the gradients
//   accumulate at their own width in `.grad`: PyTorch's AccumulateGrad adds each micro-batch's gradient in place into
//   the one already there (a read of each and a write), every micro-batch after the first, under ZeRO 0 and 1
//   (DeepSpeed v0.5.10 stage_1_and_2.py registers its gradient hooks only for ZeRO 2 or overlap_comm; ZeRO 2 and 3
//   reduce each gradient in those hooks, not read for this and not counted).
// - the layer passes tensor parallelism runs whole on every rank without sequence parallelism, which Megatron-DeepSpeed
//   (bigscience-workshop/Megatron-DeepSpeed@497aa1bf megatron/model/transformer.py ParallelTransformerLayer) does not
//   have: the two layer norms (apex MixedFusedLayerNorm), the two fused bias-dropout-adds and, in backward, the
//   residual stream's gradient sums run on the layer's whole [tokens, hidden] activations on each of the t ranks, where
//   sequence parallelism would split them t ways. Counted: the (t - 1) / t of that traffic the other ranks repeat, per
//   token and layer, forward (again under full recompute) and backward.
// Both at the GPU's achieved memory bandwidth; each micro-batch runs them on each pipeline stage, so they are part of
// the stage's time (and of the bubble).
#pragma once

#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

namespace gp
{

// Bytes moved per trained parameter a rank holds, over the whole step, to accumulate its gradients over
// `microBatches` micro-batches; 0 outside `framework: "deepspeed"`, with one micro-batch at the gradients' own width,
// or in fp32 compute.
double deepspeedGradientAccumulationBytesPerParameter(
    const Workload& workload, const Configuration& config, const PerformanceDefaults& d, double microBatches);

// Bytes moved per token of a rank's micro-batch and per layer by the layer passes its tensor-parallel peers repeat
// without sequence parallelism ((t - 1) / t of them), forward `forwardPasses` times (2 under full recompute) and
// backward once; 0 outside `framework: "deepspeed"`, with one tensor rank or with sequence parallelism.
double deepspeedUnsplitLayerBytesPerToken(const Architecture& arch, const Workload& workload,
    const Configuration& config, const PerformanceDefaults& d, double forwardPasses);

} // namespace gp
