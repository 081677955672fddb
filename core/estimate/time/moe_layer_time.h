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

// Bytes Megatron's per-expert output bias (TEGroupedMLP._apply_bias, experts with biases) moves per routed copy and
// hidden element of one MoE layer pass: {forward, backward}. The routing probabilities are 32-bit where the dispatcher
// is flex (DeepEP and HybridEP take only fp32 probabilities and upcast them) and 16-bit otherwise (the router's dtype,
// Megatron-Core's default moe_router_dtype None: the model's 16 bits).
struct ExpertBiasBytes {
    double forward = 0;
    double backward = 0;
};

ExpertBiasBytes expertBiasBytesPerElement(const Workload& workload);

// Bytes Megatron-Core's clamped gated activation (architecture.clamped_glu: GPT-OSS, activation_func_clamp_value 7)
// moves outside its fused kernel per routed copy and expert intermediate element (the fc1 output holds two per copy:
// gate and linear halves): {forward, backward}. The clamps and their concatenation run eagerly before the compiled
// weighted quick-GEGLU (Megatron-LM core_v0.15.0 to core_v0.18.0 fusions/fused_bias_geglu.py
// weighted_bias_quick_geglu_impl; TEGroupedMLP.bias_act_func, which the moe_act recompute runs again).
struct ExpertClampBytes {
    double forward = 0;
    double backward = 0;
};

ExpertClampBytes expertClampBytesPerElement(const Workload& workload);

// What a rank's eagerly issued per-expert kernels take over a step, layerPasses (MoE layers of the rank's stage times
// micro-batches) x local experts x calls: the GEMMs at least moe.grouped_gemm_call_us each and the quantize kernels
// moe.expert_kernel_call_us each (together a floor under the experts' GEMM time), and the experts' output bias: its
// kernels moe.expert_kernel_call_us each, or its traffic (routedRows, the routed copies a rank's experts receive per
// layer pass, x hidden x expertBiasBytesPerElement at `bandwidth` bytes/s) where that takes longer (time of their own:
// the bias's traffic is counted nowhere else). Zero outside Megatron and without experts; under a full-iteration CUDA
// graph only the bias's traffic is left.
struct ExpertCallFloor {
    double seconds = 0; // the floor under the experts' GEMM time: GEMM calls and quantize kernels
    double quantizeSeconds = 0; // of it, the FP8 quantize kernels' part
    double biasSeconds = 0; // the bias kernels or their traffic, beside the floor
};

ExpertCallFloor expertCallFloor(const Architecture& arch, const Workload& workload, const Configuration& config,
    double layerPasses, double routedRows, double bandwidth, const PerformanceDefaults& d);

// One step of Megatron-Core's combined 1F1B schedule for one layer (workload.moe_a2a_overlap): a micro-batch's
// forward beside another's backward, each part on the stream Megatron-LM issues it to (core_v0.15.0
// models/common/model_chunk_schedule_plan.py TransformerLayerSchedulePlan.run):
//   comm stream:    combine_bwd        | dispatch_fwd -> dispatch_bwd      | combine_fwd
//   compute stream: attn_fwd, post_attn_fwd | mlp_bwd -> mlp_bwd_dw -> mlp_fwd | post_attn_bwd, attn_bwd
// with the data each part waits for: mlp_bwd the combine_bwd's gradient, dispatch_fwd the router (post_attn_fwd),
// dispatch_bwd mlp_bwd's gradient, mlp_fwd the dispatched tokens, combine_fwd mlp_fwd's output, post_attn_bwd the
// dispatch_bwd's gradient. Each all-to-all hides only behind the compute it runs beside.
struct MoeA2aLayerPair {
    double attentionForward = 0; // attn_fwd + post_attn_fwd: everything of the layer but the experts, forward
    double attentionBackward = 0; // post_attn_bwd + attn_bwd
    double expertsForward = 0; // mlp_fwd
    double expertsBackward = 0; // mlp_bwd (data gradients)
    double expertsWeightGradient = 0; // mlp_bwd_dw (delayed weight gradients)
    double allToAll = 0; // one dispatch or combine
};

// The time the pair takes beyond its compute: the all-to-all its compute cannot cover.
double moeA2aLayerPairExposedSeconds(const MoeA2aLayerPair& pair);

// What the combined schedule leaves exposed of a step's paired all-to-all (share of the layer steps paired,
// moeA2aPairedShare): per MoE layer and paired micro-batch, the compute split as the step's, the layer's part of
// everything but the experts (busyCompute less expertSeconds over the stage's layers) and its experts (expertSeconds
// over the stage's MoE layers), forward one third and backward two (data and weight gradients alike).
double moeA2aPairedExposedSeconds(const Architecture& arch, const Workload& workload, const Configuration& config,
    double busyCompute, double expertSeconds, double allToAllSeconds, double pairedShare);

} // namespace gp
