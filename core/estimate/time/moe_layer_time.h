// The least time Megatron-Core's routed experts take when the host issues their kernels one expert at a time:
// Transformer Engine's GroupedLinear runs one GEMM per local expert and, under FP8 recipes without a multi-tensor
// kernel, one quantize per local expert for each operand it casts; experts with biases (GPT-OSS) add their output
// bias expert by expert.
#pragma once

#include "estimate/common/performance_defaults.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

namespace gp
{

// The per-expert kernels of one MoE layer of one micro-batch, per local expert (forward, its recompute, backward).
struct ExpertCallsPerLayer {
    double gemms = 0; // cuBLASLt GEMMs (fc1, fc2 forward; their data and weight gradients backward)
    double quantizeKernels = 0; // FP8 quantize kernels of the experts' activations and output gradients
    double biasKernels = 0; // the output bias, scaled by the routing probability, and its gradients
};

ExpertCallsPerLayer expertCallsPerLayer(
    const Architecture& arch, const Workload& workload, Checkpointing checkpointing);

// What a rank's eagerly issued per-expert kernels take over a step, layerPasses (MoE layers of the rank's stage times
// micro-batches) x local experts x calls: the GEMMs at least moe.grouped_gemm_call_us each and the quantize kernels
// moe.expert_kernel_call_us each (together a floor under the experts' GEMM time), the bias kernels
// moe.expert_kernel_call_us each (time of their own: their traffic is counted nowhere else). Zero outside Megatron,
// without experts, under a full-iteration CUDA graph.
struct ExpertCallFloor {
    double seconds = 0; // the floor under the experts' GEMM time: GEMM calls and quantize kernels
    double quantizeSeconds = 0; // of it, the FP8 quantize kernels' part
    double biasSeconds = 0; // the bias kernels, beside the floor
};

ExpertCallFloor expertCallFloor(const Architecture& arch, const Workload& workload, const Configuration& config,
    double layerPasses, const PerformanceDefaults& d);

} // namespace gp
