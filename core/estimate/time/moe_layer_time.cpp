#include "estimate/time/moe_layer_time.h"

#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <algorithm>

namespace gp
{

namespace
{

// Kernels one FP8 quantize of one expert's operand launches in Transformer Engine's split_quantize, which
// GroupedLinear calls for its inputs forward and its output gradients backward (module/grouped_linear.py at v2.9,
// v2.14 and 4220403e, the TE of Megatron-Bridge 25.11 to 26.06): only delayed scaling has a multi-tensor kernel
// (nvte_multi_cast_transpose); every other quantizer casts each expert's split on its own (csrc/extensions/cast.cpp
// multi_tensor_quantize_impl "Quantize kernels individually" at v2.9; the UNFUSED path of split_quantize through
// 4220403e). Current scaling, the plan's tensorwise under Megatron (--fp8-recipe tensorwise is Float8CurrentScaling,
// Megatron-LM core_r0.15.0 fp8_utils.py; Megatron-Bridge's fp8_cs), runs four kernels a quantize
// (Float8CurrentScalingQuantizer::quantize_impl, csrc/quantizer.cpp: nvte_compute_amax_with_config, which launches
// zero_amax_kernel to clear the amax before the amax kernel's atomic max (common/recipe/current_scaling.cu
// launch_amax_kernel), then compute_scale_from_amax_kernel and the cast; the same four at v2.9, v2.14 and 4220403e);
// MXFP8 and block scaling one (the scales are computed inside the cast, into buffers allocated without a fill,
// MXFP8Quantizer::create_tensor's at::empty; one kernel writes the rowwise and the columnwise copy,
// common/util/cast_kernels.cuh ScalingType::BIDIMENSIONAL). The MXFP8 scale swizzle cuBLASLt needs before each GEMM
// adds no per-expert kernel: the grouped GEMM swizzles all experts' scales of an operand at once
// (te_general_grouped_gemm's multi_tensor_swizzle_scaling_factors, up to kMaxTensorsPerKernel = 64 tensors a launch,
// common/swizzle/swizzle.cu at v2.9, 70f53666). NVFP4 splits are quantized by one fused kernel (split_quantize's
// FUSED_NVFP4 path): none per expert; nor delayed scaling (TE's DelayedScaling, one fused kernel for all splits).
double quantizeKernelsPerCast(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Tensorwise:
        return 4.0;
    case Fp8Recipe::Rowwise:
    case Fp8Recipe::Blockwise:
    case Fp8Recipe::Mxfp8:
        return 1.0;
    case Fp8Recipe::Nvfp4:
    case Fp8Recipe::Delayed:
        return 0.0;
    }
    return 0.0;
}

} // namespace

// Megatron-Core's grouped experts (--moe-grouped-gemm: Transformer Engine's GroupedLinear) run one cuBLASLt GEMM per
// local expert, issued by the host in a loop over a few CUDA streams (TE's multi-stream grouped GEMM,
// cublaslt_gemm.cu); each MoE layer of each micro-batch issues two per expert forward (fc1, fc2) and four backward
// (their data and weight gradients; adapters: data only), two more where the whole layer is recomputed. Under FP8 each
// GroupedLinear also quantizes its input split per expert forward (fc1's and fc2's) and its output gradient per expert
// backward (fc2's, then fc1's), once more forward where the layer is recomputed; with the expert activation
// recomputed (recompute_moe_act) Megatron keeps fc2's input unquantized (experts.py set_save_original_input) and TE
// quantizes it per expert again for the weight gradient (grouped_linear.py backward, ctx.save_original_input).
ExpertCallsPerLayer expertCallsPerLayer(const Architecture& arch, const Workload& workload, Checkpointing checkpointing)
{
    ExpertCallsPerLayer c;
    const double recomputed = recomputedLayerShare(arch, workload, checkpointing);
    const bool adapters = workload.technique == Technique::Lora || workload.technique == Technique::Qlora;
    c.gemms = 2.0 * (1.0 + recomputed) + (adapters ? 2.0 : 4.0);
    if (workload.precision == Precision::Fp8) {
        const double casts = 2.0 * (1.0 + recomputed) + 2.0 + (workload.recomputeMoeAct ? 1.0 : 0.0);
        c.quantizeKernels = casts * quantizeKernelsPerCast(workload.fp8Recipe);
    }
    // Experts with biases (GPT-OSS): fc2 leaves its bias to TEGroupedMLP._apply_bias (Megatron-LM core_r0.15.0 to
    // core_v0.17.0 moe/experts.py), which splits the experts' output by expert and computes t + b * p for each (two
    // kernels forward: the bias scaled by the routing probabilities, the sum); autograd runs each expert's backward on
    // its own: the gradient cast back to t's 16 bits, b's gradient (grad x p, summed over the expert's tokens, cast to
    // b's dtype) and p's (grad x b, summed over the hidden size): six kernels. fc1's bias is in its GEMM.
    if (arch.expertBias)
        c.biasKernels = 2.0 * (1.0 + recomputed) + 6.0;
    return c;
}

// Issued eagerly, each GEMM call takes at least moe.grouped_gemm_call_us (TE's published per-expert loop time at
// small per-expert M) and each other per-expert kernel moe.expert_kernel_call_us (a per-tensor MXFP8 quantize loop's
// time per tensor), so a rank's experts take no less than their calls times those. A full-iteration CUDA
// graph replays the calls without the host (workload.cuda_graphs full-iteration); per-layer graphs leave dropless
// experts uncaptured (Megatron-Bridge's CUDA graph guide: attn, moe_router, moe_preprocess for dropless MoE).
// torchtitan, NeMo AutoModel and the generic stack run the experts as one grouped kernel (torch._grouped_mm, gmm):
// no per-expert calls.
// The floor is taken per MoE layer, not over the step, because dropless MoE stops the host at every layer's forward:
// the alltoall dispatcher copies the routing counts to the host and waits for them before the expert all-to-all
// (Megatron-LM core_v0.15.0 moe/token_dispatcher.py: cuda_dtoh_point before permutation 1, cuda_sync_point
// "before_ep_alltoall" with expert parallelism, "before_finish" without; the flex and allgather dispatchers read their
// counts too), so the host cannot issue a later layer's calls while the GPU runs an earlier layer's GEMMs. The wait
// itself costs no separate term: the copy is queued before permutation 1 and the host waits only before the
// all-to-all, so the round trip runs beside the permutation. Only drop-and-pad (moe_pad_expert_input_to_capacity: the
// counts are the capacity, known on the host) and graph-captured iterations have no such wait; no plan states the
// first, and the floor is lifted for the second.
// The combined 1F1B schedule (workload.moe_a2a_overlap) keeps the floor: the wait sits in the dispatch node, which
// the host reaches after queuing one micro-batch's attention, router, count all-gather and count copy and the other's
// expert backward (Megatron-LM@8f1c2f8a, the Megatron-LM of Megatron-Bridge 26.02: models/common/
// model_chunk_schedule_plan.py TransformerLayerSchedulePlan.run; models/gpt/fine_grained_callables.py
// submodule_attn_forward runs the dispatcher's preprocess), so the host stays within one layer step of the GPU and a
// layer step takes between max(host, GPU) and host + GPU; the schedule hides the all-to-all, not the calls. DeepEP
// (moe/fused_a2a.py: the host waits for the GPU's per-expert counts) and HybridEP's dropless dispatch
// (token_dispatcher.py _HybridEPManager: without num_permuted_tokens, a CPU sync) wait in the same node. The output
// bias t + b * p of each expert's split, concatenated and cast back to t's dtype (Megatron-LM core_v0.15.0 to
// core_v0.18.0 moe/experts.py TEGroupedMLP._apply_bias), with t the 16-bit fc2 output, b the expert's bias and p the
// routing probability of width P; the result is R = max(2, P) bytes wide (PyTorch's type promotion). Forward: b * p
// writes R; the sum reads 2 + R and writes R; torch.cat reads and writes R; .to(t's dtype) reads R and writes 2 where
// R is not 2 (else it returns t itself). Backward (autograd): .to's gradient cast up (reads 2, writes R) and the sum's
// gradient for t cast back down (reads R, writes 2) where R is not 2; torch.cat's gradient is views; the product's
// gradients for b (grad x p, then summed over the expert's rows) and for p (grad x b, then summed over the hidden
// size) each read R, write R and read R again. 12 + 12 bytes with 16-bit probabilities, 28 + 36 with fp32 ones.
// Probabilities: the flex dispatcher's DeepEP and HybridEP accept fp32 only and upcast them (Megatron-LM core_v0.15.0
// moe/token_dispatcher.py _DeepepManager, core_v0.16.0 _HybridEPManager "HybridEP only supports float32 probs");
// alltoall and allgather keep the router's, which the plan does not state: Megatron-Core's default moe_router_dtype
// (None: the model's 16 bits, router.py; Transformer Engine's fused top-k returns the probabilities in the logits'
// dtype, v2.14 pytorch/router.py; GPT-OSS's Megatron-Bridge recipes, the one model with expert biases, set none).
ExpertBiasBytes expertBiasBytesPerElement(const Workload& workload)
{
    const bool fp32Probs = workload.moeTokenDispatcher == MoeDispatcher::Flex
        || workload.moeTokenDispatcher == MoeDispatcher::Auto || workload.precision == Precision::Fp32;
    const double t = workload.precision == Precision::Fp32 ? 4.0 : 2.0;
    const double r = std::max(t, fp32Probs ? 4.0 : 2.0);
    const bool cast = r != t;
    ExpertBiasBytes b;
    b.forward = r + (t + 2.0 * r) + 2.0 * r + (cast ? r + t : 0.0);
    b.backward = (cast ? 2.0 * (t + r) : 0.0) + 2.0 * 3.0 * r;
    return b;
}

// weighted_bias_quick_geglu_impl with a clamp value (Megatron-Bridge's GPT-OSS providers set
// activation_func_clamp_value 7.0 with bias_activation_fusion, v0.2.0 to v0.5.0) splits the fc1 output of f pairs into
// its gate and linear halves (views), clamps each (the gate from above, the linear half on both sides) and concatenates
// them before the compiled kernel, all eagerly, at the output's width t: forward the two clamps read and write f each
// and the concatenation reads and writes 2f: 8 t bytes per pair. Backward (PyTorch's autograd,
// tools/autograd/derivatives.yaml clamp: FunctionsManual.cpp clamp_backward): the concatenation's gradient is views;
// the gate's clamp compares its input with the bound (reads t, writes a 1-byte mask) and selects the gradient with
// where (reads the mask and t, writes t); the linear half's compares twice, ANDs the masks in place (reads 2, writes
// 1) and selects (1 + t in, t out); torch.chunk's gradient concatenates the two halves' gradients (reads and writes
// 2 t): (3 t + 2) + (4 t + 6) + 4 t = 11 t + 8 bytes per pair.
ExpertClampBytes expertClampBytesPerElement(const Workload& workload)
{
    const double t = workload.precision == Precision::Fp32 ? 4.0 : 2.0;
    ExpertClampBytes b;
    b.forward = 8.0 * t;
    b.backward = 11.0 * t + 8.0;
    return b;
}

ExpertCallFloor expertCallFloor(const Architecture& arch, const Workload& workload, const Configuration& config,
    double layerPasses, double routedRows, double bandwidth, const PerformanceDefaults& d)
{
    ExpertCallFloor f;
    if (workload.framework != TrainingStack::Megatron || arch.numExperts <= 1 || !(layerPasses > 0))
        return f;
    const bool eager = workload.cudaGraphs != CudaGraphScope::FullIteration;
    const int ep = std::max(1, config.expert);
    const double localExperts = double(arch.numExperts) / double(std::min(ep, arch.numExperts));
    const ExpertCallsPerLayer calls = expertCallsPerLayer(arch, workload, config.checkpointing);
    const double expertPasses = layerPasses * localExperts;
    if (arch.expertBias) {
        const ExpertBiasBytes bytes = expertBiasBytesPerElement(workload);
        const double forwardPasses = 1.0 + recomputedLayerShare(arch, workload, config.checkpointing);
        const double traffic = bandwidth > 0 ? layerPasses * std::max(0.0, routedRows) * double(arch.hiddenSize)
                * (forwardPasses * bytes.forward + bytes.backward) / bandwidth
                                             : 0.0;
        f.biasSeconds = std::max(eager ? expertPasses * calls.biasKernels * d.expertKernelCallSeconds : 0.0, traffic);
    }
    if (!eager)
        return f;
    f.quantizeSeconds = expertPasses * calls.quantizeKernels * d.expertKernelCallSeconds;
    f.seconds = expertPasses * calls.gemms * d.groupedGemmCallSeconds + f.quantizeSeconds;
    return f;
}

// The two streams run their parts in issue order; each part starts when its stream is free and what it waits for is
// done. The pair ends when both streams have finished.
double moeA2aLayerPairExposedSeconds(const MoeA2aLayerPair& pair)
{
    const double x = std::max(0.0, pair.allToAll);
    const double attnForwardEnd = std::max(0.0, pair.attentionForward);
    const double combineBackwardEnd = x;
    const double expertsBackwardEnd
        = std::max(attnForwardEnd, combineBackwardEnd) + std::max(0.0, pair.expertsBackward);
    const double dispatchForwardEnd = std::max(combineBackwardEnd, attnForwardEnd) + x;
    const double weightGradientEnd = expertsBackwardEnd + std::max(0.0, pair.expertsWeightGradient);
    const double dispatchBackwardEnd = std::max(dispatchForwardEnd, expertsBackwardEnd) + x;
    const double expertsForwardEnd
        = std::max(weightGradientEnd, dispatchForwardEnd) + std::max(0.0, pair.expertsForward);
    const double combineForwardEnd = std::max(dispatchBackwardEnd, expertsForwardEnd) + x;
    const double attnBackwardEnd
        = std::max(expertsForwardEnd, dispatchBackwardEnd) + std::max(0.0, pair.attentionBackward);
    const double compute = attnForwardEnd + std::max(0.0, pair.expertsBackward)
        + std::max(0.0, pair.expertsWeightGradient) + std::max(0.0, pair.expertsForward)
        + std::max(0.0, pair.attentionBackward);
    return std::max(0.0, std::max(combineForwardEnd, attnBackwardEnd) - compute);
}

double moeA2aPairedExposedSeconds(const Architecture& arch, const Workload& workload, const Configuration& config,
    double busyCompute, double expertSeconds, double allToAllSeconds, double pairedShare)
{
    const double p = double(std::max(1, config.pipeline));
    const double accum = double(std::max(1, config.gradientAccumulationSteps));
    const double moe = moeLayers(arch) / p * accum; // MoE layer passes of the stage in a step
    const double layers = totalLayers(arch) / p * accum;
    const double calls = (4.0 + 2.0 * recomputedLayerShare(arch, workload, config.checkpointing)) * moe;
    if (!(moe > 0) || !(layers > 0) || !(calls > 0) || !(allToAllSeconds > 0) || !(pairedShare > 0))
        return 0.0;
    const double experts = std::max(0.0, expertSeconds) / moe;
    const double rest = std::max(0.0, busyCompute - expertSeconds) / layers;
    MoeA2aLayerPair pair;
    pair.attentionForward = rest / 3.0;
    pair.attentionBackward = 2.0 * rest / 3.0;
    pair.expertsForward = experts / 3.0;
    pair.expertsBackward = experts / 3.0;
    pair.expertsWeightGradient = experts / 3.0;
    pair.allToAll = allToAllSeconds / calls;
    return moeA2aLayerPairExposedSeconds(pair) * moe * pairedShare;
}

} // namespace gp
