// Step time = compute (matmuls at an efficiency of the dense peak, plus memory-bound work and pipeline bubble)
// + communication not hidden behind compute + offload + data loading not hidden by prefetching.
#include "estimate/time/throughput_model.h"
#include "base/finite_number.h"
#include "base/number_text.h"
#include "estimate/common/fp8_all_gather.h"
#include "estimate/common/litgpt_stack.h"
#include "estimate/common/lora_adapter_passes.h"
#include "estimate/common/lora_dropout.h"

#include "catalog/gpu_precision.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/common/pipeline_schedule.h"
#include "estimate/common/pipeline_stages.h"
#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/deepspeed_step_passes.h"
#include "estimate/time/fp8_scaling.h"
#include "estimate/time/goodput.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/moe_layer_time.h"
#include "estimate/time/optimizer_update.h"
#include "estimate/time/sizing_rules.h"
#include "estimate/time/torch_ring_attention.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace gp
{

namespace
{

// Bytes moved per attention score element when scores are materialized (no flash attention), 16-bit:
// forward writes QK^T (2), softmax reads and writes it (4), PV reads it (2); backward reads P and writes dP
// (4), the softmax gradient reads both and writes dS (6), dQ/dK read dS twice (4): 22, rounded to 24 for the
// mask and dropout passes eager implementations add.
constexpr double kBytesPerMaterializedScore = 24;

// The largest exposed overhead of a step (the time it adds beyond compute): intra-node link, network, PCIe
// offload, host CPU or data loading, in that order on a tie; nullopt when the step has none.
std::optional<Bottleneck> largestExposedOverhead(const std::array<double, 5>& exposed, double* seconds)
{
    static constexpr std::array<Bottleneck, 5> kinds = { Bottleneck::IntraNodeLink, Bottleneck::Network,
        Bottleneck::PcieOffload, Bottleneck::Cpu, Bottleneck::DataLoading };
    std::size_t best = 0;
    for (std::size_t i = 1; i < exposed.size(); ++i)
        if (exposed[i] > exposed[best])
            best = i;
    *seconds = exposed[best] > 0 && std::isfinite(exposed[best]) ? exposed[best] : 0.0;
    return *seconds > 0 ? std::optional<Bottleneck>(kinds[best]) : std::nullopt;
}

void inferenceEstimate(ThroughputEstimate& r, const ResolvedModel& model, const Workload& workload,
    const Configuration& config, const Hardware& hw, const PerformanceDefaults& d, double peak)
{
    const InferenceSpeed s = estimateInferenceSpeed(model, workload, config, hw, d, peak);
    r.step.compute = std::max(s.decodeMemorySeconds, s.decodeComputeSeconds);
    r.memoryBoundSeconds = s.decodeMemorySeconds;
    const bool network = config.tensor > hw.gpusPerNode;
    r.step.communication = s.decodeCommunicationSeconds;
    (network ? r.step.communicationNetwork : r.step.communicationIntraNode) = s.decodeCommunicationSeconds;
    r.step.total = s.decodeStepSeconds;
    r.decodeTokensPerSecond = s.decodeTokensPerSecond;
    r.prefillSeconds = s.prefillSeconds;
    r.tokensPerSecond = s.decodeTokensPerSecond * std::max(1, config.data);
    r.computeEfficiency = computeEfficiency(d, double(model.architecture.hiddenSize), 1e12);
    r.bottleneck = s.bottleneck;
    if (std::isfinite(s.decodeStepSeconds) && s.decodeStepSeconds > 0) {
        const double flops = s.decodeComputeSeconds * peak * 1e12 * r.computeEfficiency;
        r.modelFlopsUtilization = peak > 0 ? flops / (s.decodeStepSeconds * peak * 1e12) : 0;
    }
}

} // namespace

std::optional<double> peakTflops(const GpuSpec& gpu, Precision precision)
{
    const std::optional<Precision> used = precisionOnGpu(gpu, precision);
    return used ? denseTflops(gpu, *used) : std::nullopt;
}

const std::vector<std::string>& throughputDefaultKeys()
{
    return performanceDefaultKeys();
}

ThroughputEstimate estimateThroughput(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hw, const MemoryBreakdown& memory, const Assumptions& assumptions, const Catalog& catalog)
{
    (void)memory; // host RAM and capacity checks belong to the memory model and the estimator
    return estimateThroughput(model, workload, config, hw, catalog,
        performanceDefaults(catalog, assumptions, hw.gpu.gpuClass, hw.gpu.architecture, workload.attentionKernel,
            workload.framework)); // the one stack whose evaluation trainingGoodputOf reads
}

namespace
{

// One training step as a GPU sees it: the layout, the tokens it computes and the rates it computes them at.
struct TrainingStepShape {
    int t = 1;
    int p = 1;
    int dp = 1;
    int cp = 1;
    double accum = 1;
    double microTokens = 0;
    double gpuTokens = 0; // tokens of the step computed by one GPU (split over tensor x pipeline x context)
    double bandwidth = 0; // achieved HBM bytes per second
    double achieved = 0; // matmul FLOP/s at the plan's precision and efficiency
    double peak16 = 0; // the 16-bit dense peak, FLOP/s
};

// The step's matmul time (linear layers, routed experts, attention core) and, under FP8, what the FP8 (and FP4)
// peaks save over the 16-bit one.
struct TrainingMatmul {
    double seconds = INFINITY;
    double fp8GemmSaving = 0;
};

TrainingMatmul trainingMatmulSeconds(ThroughputEstimate& r, const TrainingStepShape& s, const Architecture& arch,
    const Workload& workload, const Configuration& config, const Hardware& hw, const PerformanceDefaults& d,
    const TrainingFlopsPerToken& flops, ThroughputDetail detail, double peak)
{
    TrainingMatmul m;
    const double gpuTokens = s.gpuTokens;
    const double achieved = s.achieved;
    const double peak16 = s.peak16;
    // The attention core runs in the flash-attention kernel at its own measured efficiency (16-bit, also under FP8
    // training), the rest at the matmul efficiency; eager attention (flash_attention off) runs its score matmuls as
    // GEMMs at the matmul efficiency and pays the score traffic (trainingMemoryBoundSeconds).
    const bool flashKernel = workload.flashAttention && workload.precision != Precision::Fp32;
    const AttentionEfficiency kernel = flashKernel ? attentionKernelEfficiency(d, attentionHeadDim(arch),
                                           arch.kind != ModelKind::Encoder, workload.attentionKernel)
                                                   : AttentionEfficiency {};
    if (detail == ThroughputDetail::Full && flashKernel && kernel.kernel != workload.attentionKernel
        && d.attentionKernelRuns) { // else attention_kernel_unsupported (estimator.cpp) says it
        const std::string wanted(toString(workload.attentionKernel));
        r.warnings.push_back({ "attention_kernel_unmeasured",
            "no measured speed of the " + wanted + " attention kernel on " + hw.gpu.name
                + "; its attention is estimated at flash-attention-2's",
            { { "kernel", wanted }, { "gpu", hw.gpu.name }, { "used", "flash-attention-2" } } });
    }
    const double attentionPeak = workload.precision == Precision::Fp8 ? peak16 : peak * 1e12;
    // Local layers run the kernel's window mask at its measured window rates where it has them (a window no wider
    // than the measured one): a narrow band keeps few key tiles a query tile, so the kernel runs far below its
    // causal rate (attention_efficiency.<arch>.<kernel>.window_*).
    const double windowed = measuredWindowShare(kernel, attentionShape(arch).window, flops.attentionWindowedShare);
    r.attentionSeconds = gpuTokens
        * attentionCoreSeconds(kernel, flops.attentionForwardHardware, flops.attentionBackward, attentionPeak,
            r.computeEfficiency, windowed);
    // PyTorch's ring (torchtitan, torch_ring_attention.h) makes one causal call per layer and pass, at step 0; its
    // cp - 1 later steps are unmasked calls of as many FLOPs, at the kernel's unmasked rates.
    if (flashKernel && runsTorchRing(workload, config) && arch.kind != ModelKind::Encoder) {
        const double causalShare = torchRingLayer(arch, workload, s.cp, s.t, s.microTokens / s.cp).causalShare;
        const AttentionEfficiency unmasked
            = attentionKernelEfficiency(d, attentionHeadDim(arch), false, workload.attentionKernel);
        r.attentionSeconds = causalShare * r.attentionSeconds
            + (1 - causalShare) * gpuTokens
                * attentionCoreSeconds(unmasked, flops.attentionForwardHardware, flops.attentionBackward, attentionPeak,
                    r.computeEfficiency);
    }
    const double attentionFlops = flops.attentionForwardHardware + flops.attentionBackward;
    // Routed experts run as grouped GEMMs, one per local expert over the tokens the expert-parallel group dispatches
    // to it (Megatron-Core --moe-grouped-gemm, torchtitan's grouped_mm, NeMo AutoModel experts: gmm): ep x the
    // rank's micro-batch tokens x k / E rows each, the serving prefill's rule (routedRowsPerExpert), so their share
    // of the FLOPs runs at that GEMM's efficiency. With experts split over ranks, every rank waits at the combine
    // for the busiest one: its share of the routed tokens over the mean (expert_load_imbalance) stretches them.
    const bool moe = arch.numExperts > 1 && flops.expertsHardware > 0;
    const int ep = moe ? std::max(1, config.expert) : 1;
    // Tokens one rank dispatches: with expert parallelism its sequence-parallel share (micro x seq / (cp x t), whole
    // experts per rank, trainingExpertTensor); without it every tensor rank runs the micro-batch on its slice of them.
    const double dispatched = ep > 1 ? s.microTokens / (double(s.cp) * s.t) : s.microTokens / s.cp;
    const double expertsFlops = moe ? flops.expertsHardware : 0.0;
    const double expertEfficiency = moe
        ? computeEfficiency(d, double(arch.hiddenSize), routedRowsPerExpert(arch, dispatched * ep))
        : r.computeEfficiency;
    const double imbalance = ep > 1 ? d.expertLoadImbalance : 1.0;
    const double expertStretch = r.computeEfficiency / expertEfficiency * imbalance; // over the dense GEMMs' time
    double expertsBf16Seconds = 0; // the routed experts' GEMMs at the 16-bit peak (FP8 training: what they save)
    if (workload.precision == Precision::Fp8) {
        // FP8 training casts the blocks' linear layers only (torchao Float8Linear on nn.Linear with the output
        // layer filtered out, torchtitan docs/float8.md; Transformer Engine's te.Linear): the attention core and
        // the output head run at the 16-bit peak.
        const double bf16 = peak16 * r.computeEfficiency;
        const double other = std::max(0.0, flops.hardware - flops.linearHardware - attentionFlops);
        // The NVFP4 recipe (which workloadOnGpu keeps only where the GPU has an FP4 rate) runs the MLP GEMMs at the
        // FP4 peak, at the same fraction of it as every other GEMM, and the other linear layers in FP8.
        const bool nvfp4 = workload.fp8Recipe == Fp8Recipe::Nvfp4 && hw.gpu.tflops.fp4 && *hw.gpu.tflops.fp4 > 0;
        const double fp4 = nvfp4 ? *hw.gpu.tflops.fp4 * 1e12 * r.computeEfficiency : achieved;
        const double fp4Flops = nvfp4 ? std::max(0.0, flops.mlpHardware - expertsFlops) : 0.0;
        if (achieved > 0 && bf16 > 0 && fp4 > 0) {
            r.expertComputeSeconds = gpuTokens * expertsFlops * expertStretch / (nvfp4 ? fp4 : achieved);
            const double fp8Flops = std::max(0.0, flops.linearHardware - expertsFlops - fp4Flops);
            m.seconds = gpuTokens * (fp8Flops / achieved + fp4Flops / fp4 + other / bf16) + r.expertComputeSeconds
                + r.attentionSeconds;
            expertsBf16Seconds = gpuTokens * expertsFlops * expertStretch / bf16;
            m.fp8GemmSaving = gpuTokens * ((fp8Flops + fp4Flops) / bf16 - fp8Flops / achieved - fp4Flops / fp4)
                + (expertsBf16Seconds - r.expertComputeSeconds);
        }
    } else if (achieved > 0) {
        r.expertComputeSeconds = gpuTokens * expertsFlops * expertStretch / achieved;
        m.seconds = gpuTokens * std::max(0.0, flops.hardware - attentionFlops - expertsFlops) / achieved
            + r.expertComputeSeconds + r.attentionSeconds;
    }
    if (moe && std::isfinite(m.seconds)) {
        // The least time of the experts' eagerly issued per-expert kernels (moe_layer_time.h).
        // The copies the rank's experts receive per MoE layer and micro-batch: the tokens it dispatches times k.
        const double routedRows = dispatched * std::clamp(double(arch.expertsPerToken), 1.0, double(arch.numExperts));
        const ExpertCallFloor calls = expertCallFloor(
            arch, workload, config, moeLayers(arch) / double(s.p) * s.accum, routedRows, s.bandwidth, d);
        const double floor = calls.seconds;
        r.expertCallFloorSeconds = floor;
        const double extra = std::max(0.0, floor - r.expertComputeSeconds);
        // Under FP8 the floor also takes back what the FP8 expert GEMMs saved over 16-bit ones (the calls take as
        // long either way), and its per-expert quantize kernels are a cost of the FP8 casts: the saving the casts are
        // weighed against (fp8_slower_than_bf16) is the floored one, less what the quantize kernels add.
        if (workload.precision == Precision::Fp8) {
            const double gemmFloor = floor - calls.quantizeSeconds;
            if (expertsBf16Seconds > r.expertComputeSeconds)
                m.fp8GemmSaving -= (expertsBf16Seconds - r.expertComputeSeconds)
                    - std::max(0.0, expertsBf16Seconds - std::max(gemmFloor, r.expertComputeSeconds));
            m.fp8GemmSaving -= extra - std::max(0.0, gemmFloor - r.expertComputeSeconds);
        }
        // The bias kernels' time (or their traffic) is their own (no traffic of theirs is counted elsewhere).
        r.expertComputeSeconds += extra + calls.biasSeconds;
        m.seconds += extra + calls.biasSeconds;
    }
    return m;
}

// The warning fp8_slower_than_bf16 where the FP8 casts (r.fp8CastSeconds) outweigh what FP8 takes off the step,
// `saving` (once per estimate).
void warnWhenFp8CastsOutweigh(ThroughputEstimate& r, const Hardware& hw, double saving)
{
    if (!(r.fp8CastSeconds > saving) || !std::isfinite(saving)
        || std::any_of(
            r.warnings.begin(), r.warnings.end(), [](const Diagnostic& w) { return w.code == "fp8_slower_than_bf16"; }))
        return;
    r.warnings.push_back({ "fp8_slower_than_bf16",
        "FP8 casts take " + formatNumber(r.fp8CastSeconds * 1e3, 3) + " ms per step on " + hw.gpu.name
            + ", more than the " + formatNumber(std::max(0.0, saving) * 1e3, 3)
            + " ms its GEMMs save over BF16: this layout trains faster in BF16",
        { { "cast_ms", formatNumber(r.fp8CastSeconds * 1e3, 3) },
            { "saved_ms", formatNumber(std::max(0.0, saving) * 1e3, 3) }, { "gpu", hw.gpu.name } } });
}

// The FP8 casts before each linear GEMM, in forward and backward: memory-bound kernels of their own. Weights are
// cast every micro-batch, each rank casting the weights it holds: its tensor x pipeline shard of the dense ones and,
// with expert parallelism, only its own experts (whole, pipeline x ep of them split the routed experts;
// parametersPerGpu's placement). The recipe is the one the GPU runs (workloadOnGpu). Warns when the casts outweigh
// what the FP8 GEMMs save.
// Megatron-Core: each layer quantizes the fused query-key-value and gate-up inputs once (fp8CastTraffic's
// fusedProjectionInputBytes), and its weights once per step, not per micro-batch: the schedule marks each model chunk's
// first micro-batch (schedules.py set_is_first_microbatch) and TELinear / TELayerNormLinear / TEGroupedLinear pass
// is_first_microbatch to Transformer Engine (Megatron-LM@d98e8a64 megatron/core/extensions/transformer_engine.py,
// unless disable_parameter_transpose_cache, default False), which then keeps the FP8 weight (and its transpose) in a
// workspace and refreshes it only on that micro-batch (TransformerEngine v1.8 and v2.9 pytorch/module/linear.py:
// get_weight_workspace with cache_name "weight", update_workspace = is_first_microbatch).
// Under sequence parallelism on a GPU taking TN-layout FP8 GEMMs only, each gathered FP8 tensor is transposed after its
// all-gather, over the gathered tensor (fp8_scaling.h teGatheredTransposeBytesPerToken).
double trainingFp8CastSeconds(ThroughputEstimate& r, const TrainingStepShape& s, const Architecture& arch,
    const Workload& workload, int ep, bool moe, const Hardware& hw, double fp8Gathered, bool fp8Frozen,
    double fp8GemmSaving, bool sequenceParallel, ThroughputDetail detail)
{
    const bool megatron = workload.framework == TrainingStack::Megatron;
    const Fp8CastTraffic cast = fp8CastTraffic(arch, workload.fp8Recipe, megatron);
    // With FP8 all-gather each rank casts its own shard before the gather, not the gathered weight.
    // (The expert-data-parallel group times ep x expert tensor ranks is the stage's t x dp x cp ranks.)
    const double stageRanks = double(s.t) * s.p * s.dp * s.cp;
    const double denseCasters = fp8Gathered > 0 ? stageRanks : double(s.t) * s.p;
    const double expertCasters = fp8Gathered > 0 ? stageRanks : double(s.p) * ep * trainingExpertTensor(s.t, ep);
    // Frozen weights stored in FP8 need no cast (the adapters' own matrices are too small to count).
    const double routedBytes = moe ? cast.routedWeightBytes : 0.0;
    const double castWeights
        = fp8Frozen ? 0.0 : (cast.weightBytes - routedBytes) / denseCasters + routedBytes / expertCasters;
    const double weightCastsPerStep = megatron ? 1.0 : s.accum;
    const double gatheredTransposes = megatron && sequenceParallel && fp8GemmsTakeTnOnly(hw.gpu)
        ? teGatheredTransposeBytesPerToken(arch, workload.fp8Recipe, s.t)
        : 0.0;
    r.fp8CastSeconds
        = (s.gpuTokens * (cast.bytesPerToken + gatheredTransposes) + weightCastsPerStep * castWeights) / s.bandwidth;
    // Small GEMMs gain less from the FP8 peak than their casts cost (torchao's float8 roofline: below about
    // 4k x 4k x 4k tensorwise loses): the plan is then slower than in BF16, and says why.
    if (detail == ThroughputDetail::Full)
        warnWhenFp8CastsOutweigh(r, hw, fp8GemmSaving);
    return r.fp8CastSeconds;
}

// The MoE router's score kernels and the token permutation around the experts, as the memory passes they are, for
// the tokens a rank dispatches (the matmuls' `dispatched` share) in every MoE layer of its stage and micro-batch,
// forward (again where the layer is recomputed) and backward. From Transformer Engine's fused kernels
// (TransformerEngine@d0067d0d) as Megatron-LM@d98e8a64 calls them (moe/router.py, moe/moe_utils.py permute,
// unpermute, sort_chunks_by_idxs, moe/token_dispatcher.py):
// - the router over [tokens, E] scores in fp32 (moe_router_dtype fp32), with its load-balancing loss
//   (pytorch/router.py): forward the top-k kernel reads the logits and writes the probabilities, its saved
//   intermediate (4 bytes each) and the routing map (1), the aux-loss score kernel does the same and the aux loss
//   reads the scores (30 bytes per expert); backward each kernel reads the map or not, its intermediate and its
//   output's gradient and writes the logits' gradient (13 and 12), the aux loss writes the scores' gradient (4) and
//   autograd sums the two logits' gradients (12): 41. The gating GEMM is among the matmuls.
// - permute and unpermute (common/triton/permutation.py _permute_kernel, _unpermute_kernel): the permute reads each
//   token once and writes one copy per routed expert, the unpermute reads the copies and writes the token; backward
//   runs the other kernel: (k + 1) h elements for each of the two, forward and backward. Megatron's flex dispatcher
//   (DeepEP; auto) receives one copy per rank reached and permutes those into the local experts' copies
//   (_DeepepManager.get_permuted_hidden_states_by_experts): (k + ranks reached) h. The allgather dispatcher permutes
//   the whole gathered group (ep x expert tensor ranks' tokens): (k + n) h.
// - the alltoall dispatcher with several local experts sorts the received copies by expert after the dispatch and
//   back before the combine (dispatch_postprocess, combine_preprocess): a read and a write of each copy, 4 k h
//   forward and as much backward.
// - under FP8 (and NVFP4) the grouped GEMMs need each local expert's rows in a multiple of the recipe's alignment
//   (16 rows, 32 for MXFP8), and with the alltoall and allgather dispatchers nothing before the experts pads them:
//   TEGroupedMLP pads the permuted tokens into a new buffer before fc1 and unpads fc2's output after it
//   (Megatron-LM core_v0.15.0 to core_v0.17.0 moe/experts.py fp8_padding / quantization_padding, Transformer
//   Engine v2.9 pytorch/module/fp8_padding.py and fp8_unpadding.py: fused_multi_row_padding, one kernel for all
//   experts, reading each copy and writing it padded), and their backward runs the other kernel on the gradients: a
//   read and a write of each copy for each of the two, 4 k h forward and as much backward. Megatron-LM@d98e8a64
//   moe_utils.py skip_routed_expert_padding names where the experts skip it: router padding
//   (moe_router_padding_for_quantization, default off, set by none of Megatron-Bridge's MoE performance recipes),
//   HybridEP's dispatch, which pads in its own permute, and DeepEP's fused permute. The flex dispatcher is counted
//   without it (HybridEP pads in the dispatch; DeepEP without router padding pays it too, but the plan does not
//   name the backend).
// Hidden states move at 16 bits (FP8 training dispatches bf16 unless told otherwise; fp32 at 4 bytes). HybridEP's
// dispatch (flex) runs its own permute unless moe_permute_fusion_into_hybridep (default off) fuses it into the
// transfer: counted like DeepEP's. Megatron only: the other stacks' routers and permutations (torchtitan's index
// gathers, NeMo AutoModel's) were not read for this and are not counted.
struct MoeTokenPasses {
    double seconds = 0; // all of them
    double fp8PaddingSeconds = 0; // of them, the FP8 padding of the experts' rows (a cost of FP8, as its casts are)
};

MoeTokenPasses moeTokenPassSeconds(
    const TrainingStepShape& s, const Architecture& arch, const Workload& workload, const Configuration& config, int ep)
{
    if (workload.framework != TrainingStack::Megatron || arch.numExperts <= 1 || !(s.bandwidth > 0))
        return {};
    const double e = double(arch.numExperts);
    const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
    const double h = positiveOrZero(double(arch.hiddenSize));
    const double element = workload.precision == Precision::Fp32 ? 4.0 : 2.0;
    double sources = 1.0; // rows the permute reads per token (and the unpermute writes)
    double sorts = 0.0; // elements the chunk sorts move per token, one direction
    if (workload.moeTokenDispatcher == MoeDispatcher::AllToAll)
        sorts = e / ep > 1 ? 4.0 * k * h : 0.0;
    else if (ep > 1 && workload.moeTokenDispatcher == MoeDispatcher::AllGather)
        sources = double(ep) * trainingExpertTensor(s.t, ep);
    else if (ep > 1)
        sources = expertRanksReached(arch, ep);
    const bool padded = workload.precision == Precision::Fp8
        && (workload.moeTokenDispatcher == MoeDispatcher::AllToAll
            || workload.moeTokenDispatcher == MoeDispatcher::AllGather);
    const double padding = padded ? 4.0 * k * h : 0.0; // Fp8Padding and Fp8Unpadding, one direction
    const double permutation = 2.0 * (k + sources) * h + sorts + padding; // elements, one direction
    const double forwardBytes = 30.0 * e + permutation * element;
    const double backwardBytes = 41.0 * e + permutation * element;
    const double forwardPasses = 1.0 + recomputedLayerShare(arch, workload, config.checkpointing);
    const double dispatched = ep > 1 ? s.microTokens / (double(s.cp) * s.t) : s.microTokens / s.cp;
    const double tokens = s.accum * dispatched * moeLayers(arch) / double(s.p);
    MoeTokenPasses passes;
    passes.seconds = tokens * (forwardPasses * forwardBytes + backwardBytes) / s.bandwidth;
    passes.fp8PaddingSeconds = tokens * (forwardPasses + 1.0) * padding * element / s.bandwidth;
    return passes;
}

// Memory-bound work the efficiency curve does not cover: weight reads beyond what the matmuls hide, materialized
// attention scores, dequantization of frozen weights and the FP8 casts.
double trainingMemoryBoundSeconds(ThroughputEstimate& r, const TrainingStepShape& s, const ResolvedModel& model,
    const Workload& workload, const Configuration& config, const Hardware& hw, const TrainingFlopsPerToken& flops,
    TrainingMatmul& matmul, double fp8Gathered, ThroughputDetail detail)
{
    const Architecture& arch = model.architecture;
    const double recomputedShare = recomputedLayerShare(arch, workload, config.checkpointing);
    // A rank reads the weights it holds: its tensor x pipeline shard of the dense ones and, with expert parallelism,
    // its own experts only (parametersPerGpu's placement). Found by the physics property test (TrainingPhysics):
    // reading every expert of the stage made FP8 plans of DeepSeek-V3 memory-bound, and slower than BF16, on weights
    // their GPUs do not hold.
    const bool moe = arch.numExperts > 1 && flops.expertsHardware > 0;
    const int ep = moe ? std::max(1, config.expert) : 1;
    const double routedHeld
        = moe && ep > 1 ? routedExpertFraction(arch, model.parameters, model.parameters.total) : 0.0;
    const double expertRanks = double(s.p) * ep * trainingExpertTensor(s.t, ep);
    const double shard
        = positiveOrZero(model.parameters.total) * ((1 - routedHeld) / (double(s.t) * s.p) + routedHeld / expertRanks);
    const double weightPasses = 2.0 + recomputedShare;
    // Frozen base weights of adapter training stored in another format than the GEMMs read (QLoRA's NF4, LoRA over
    // int8, int4 or fp8 weights) are dequantized before each use: read the stored weight, write and read a 16-bit
    // copy (bitsandbytes' dequantize-then-matmul). FP8 training over weights stored in FP8 (MLPerf Training's
    // Llama 2 70B LoRA with fp8_params, Transformer Engine's fp8_model_init) feeds them to the FP8 GEMMs as stored:
    // read at one byte, never dequantized, never cast (not under the NVFP4 recipe, whose MLP GEMMs take NVFP4
    // operands: there FP8-stored weights are dequantized as any other format). Either way only the weights the
    // format covers (the memory model's formatScopeParameters: the blocks' linear layers, MXFP4's experts); the
    // rest stays 16-bit.
    const bool adapters = workload.technique == Technique::Lora || workload.technique == Technique::Qlora;
    const WeightFormat frozenFormat = adapters ? frozenWeightFormat(workload) : WeightFormat::Same;
    const bool fp8Frozen = workload.precision == Precision::Fp8 && workload.fp8Recipe != Fp8Recipe::Nvfp4
        && (frozenFormat == WeightFormat::Fp8 || frozenFormat == WeightFormat::Fp8Block);
    const double formatShard = frozenFormat == WeightFormat::Same
        ? 0.0
        : std::min(quantizedScopeParameters(model, workload, frozenFormat) / (double(s.t) * s.p), shard);
    const double element = bytesPerElement(workload.precision);
    const double weightBytesRead = fp8Frozen
        ? formatShard * storedBytesPerWeight(workload, frozenFormat) + (shard - formatShard) * element
        : shard * element;
    const double bandwidth = s.bandwidth;
    const double weightRead = bandwidth > 0 ? s.accum * weightPasses * weightBytesRead / bandwidth : 0.0;
    double memoryBound = std::max(0.0, weightRead - matmul.seconds);
    if (!workload.flashAttention && bandwidth > 0)
        memoryBound += s.gpuTokens * flops.scoreElementsPerToken / s.t * kBytesPerMaterializedScore / bandwidth;
    if (formatShard > 0 && !fp8Frozen && bandwidth > 0)
        memoryBound += s.accum * weightPasses * formatShard
            * (storedBytesPerWeight(workload, frozenFormat) + 2 * element) / bandwidth;
    // Megatron's output-discarding recompute (workload.recompute_layernorm, _moe_act) runs the dropped norms and
    // expert activations once more before backward: memory-bound kernels that read their input and write their output
    // again (a norm h in, h out; a gated activation 2f in, f out) for each token of each layer that has them.
    if (bandwidth > 0 && (workload.recomputeLayernorm || workload.recomputeMoeAct)) {
        const AttentionShape at = attentionShape(arch);
        const double norms = workload.recomputeLayernorm
            ? (moe ? moeLayers(arch) : 0.0) + (at.latent ? attentionLayers(arch) : 0.0)
            : 0.0;
        const double fe = double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize);
        const double activation = workload.recomputeMoeAct && moe
            ? moeLayers(arch) * std::clamp(double(arch.expertsPerToken), 1.0, double(arch.numExperts))
                * (arch.mlp == MlpKind::Gated ? 3.0 : 2.0) * fe
            : 0.0;
        memoryBound += s.gpuTokens * (norms * 2.0 * double(arch.hiddenSize) + activation) * element / bandwidth;
    }
    // GPT-OSS's clamped gated activation under Megatron (architecture.clamped_glu; moe_layer_time.h
    // expertClampBytesPerElement): the clamps and their concatenation, eager memory passes around the fused activation
    // on each routed copy of each MoE layer of the rank's stage, forward (again where the layer or, recompute_moe_act,
    // the activation is recomputed) and backward.
    if (moe && arch.clampedGlu && workload.framework == TrainingStack::Megatron && arch.mlp == MlpKind::Gated
        && bandwidth > 0) {
        const ExpertClampBytes clamp = expertClampBytesPerElement(workload);
        const double fe = double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize);
        const double forwardPasses = 1.0 + std::max(recomputedShare, workload.recomputeMoeAct ? 1.0 : 0.0);
        memoryBound += s.gpuTokens * moeLayers(arch)
            * std::clamp(double(arch.expertsPerToken), 1.0, double(arch.numExperts)) * fe
            * (forwardPasses * clamp.forward + clamp.backward) / bandwidth;
    }
    if (moe) {
        const MoeTokenPasses passes = moeTokenPassSeconds(s, arch, workload, config, ep);
        r.moeTokenPassSeconds = passes.seconds;
        memoryBound += r.moeTokenPassSeconds;
        // The FP8 padding of the experts' rows is a cost of FP8 as the casts are: the saving the casts are weighed
        // against (fp8_slower_than_bf16) is less it, as it is less the per-expert quantize kernels.
        matmul.fp8GemmSaving -= passes.fp8PaddingSeconds;
    }
    if (workload.precision == Precision::Fp8 && bandwidth > 0)
        memoryBound += trainingFp8CastSeconds(r, s, arch, workload, ep, moe, hw, fp8Gathered, fp8Frozen,
            matmul.fp8GemmSaving, config.sequenceParallel, detail);
    return memoryBound;
}

// PyTorch's ring attention's memory passes (torchtitan, torch_ring_attention.h): the K,V packing and the fp32 merges
// of every forward pass (recomputation included) and the fp32 accumulations of the backward, in each layer of the
// rank's stage and micro-batch, at the achieved HBM bandwidth.
double torchRingMergeSeconds(
    const TrainingStepShape& s, const Architecture& arch, const Workload& workload, const Configuration& config)
{
    if (!runsTorchRing(workload, config) || !(s.bandwidth > 0))
        return 0.0;
    const TorchRingLayer ring = torchRingLayer(arch, workload, s.cp, s.t, s.microTokens / s.cp);
    const double forwardPasses = 1.0 + recomputedLayerShare(arch, workload, config.checkpointing);
    const double layers = attentionShape(arch).layers / double(s.p) * s.accum;
    return layers * (forwardPasses * ring.forwardMergeBytes + ring.backwardMergeBytes) / s.bandwidth;
}

// Communication, with the overlappable part hidden behind compute as far as compute lasts, and offload. Returns the
// PCIe transfer time left exposed.
double trainingCommunication(ThroughputEstimate& r, const ResolvedModel& model, const Workload& workload,
    const Configuration& config, const Hardware& hw, const Catalog& catalog, const PerformanceDefaults& d,
    double fp8Gathered, double trained, double busyCompute, double linearGemmSeconds, double fp8GemmSaving,
    double forwardShareOfCompute, ThroughputDetail detail)
{
    const Architecture& arch = model.architecture;
    const CommunicationTime c = estimateCommunication(arch, model.parameters.total, trained, workload, config, hw,
        catalog, d, routedExpertFraction(arch, model.parameters, model.parameters.total), fp8Gathered);
    r.expertParallelSeconds = c.expertParallelSeconds;
    const double overlappable = c.overlappableIntraNode + c.overlappableNetwork;
    double window = busyCompute;
    // Megatron-Core reduces the gradients only in the step's last micro-batch, bucket by bucket as its backward
    // produces them (the schedules run every other micro-batch under no_sync: Megatron-LM core_v0.15.0 to
    // core_v0.18.0 pipeline_parallel/schedules.py forward_backward_no_pipelining, and the 1F1B schedules'
    // enable_grad_sync before the last backward; distributed/distributed_data_parallel.py registers a bucket's
    // reduce-scatter from the gradient hook only when is_last_microbatch), and waits for them before the optimizer
    // step (finalize_model_grads -> finish_grad_sync). With overlap_param_gather (every Megatron-Bridge performance
    // recipe) the distributed optimizer's parameter all-gather runs in the next step's first forward: each module's
    // forward pre-hook waits for its bucket's all-gather and dispatches the next bucket's
    // (param_and_grad_buffer.py finish_param_sync). So the reduction hides only behind one micro-batch's backward and
    // the gather behind one micro-batch's forward (forwardShareOfCompute of it), not behind the whole step; the rest of
    // the overlappable traffic keeps the step's compute. Without a pipeline, and with Megatron's 1F1B schedule, whose
    // first stage (the one that finishes last) reduces in its last backward; the interleaved schedule syncs each
    // model chunk's gradients as its last backward ends (grad_sync_func per chunk during the cooldown), so its
    // reductions spread over the cooldown's backwards: not modelled, it (and the zero-bubble schedule, not read for
    // this) keeps the step's compute as before.
    double hidden = 0;
    double others = overlappable;
    const double dataParallel = c.dataParallelReduceSeconds + c.dataParallelGatherSeconds;
    const bool interleaved = config.pipeline > 1 && config.pipelineSchedule != PipelineSchedule::OneFOneB;
    if (workload.framework == TrainingStack::Megatron && dataParallel > 0 && !interleaved) {
        const double micro = busyCompute / double(std::max(1, config.gradientAccumulationSteps));
        const double forward = std::clamp(forwardShareOfCompute, 0.0, 1.0);
        hidden = std::min(d.overlap * c.dataParallelReduceSeconds, micro * (1.0 - forward))
            + std::min(d.overlap * c.dataParallelGatherSeconds, micro * forward);
        others = std::max(0.0, overlappable - dataParallel);
    }
    hidden += std::min(d.overlap * others, std::max(0.0, window - hidden));
    window -= hidden;
    const double keep = overlappable > 0 ? 1.0 - hidden / overlappable : 0.0;
    r.step.communicationIntraNode = c.overlappableIntraNode * keep + c.blockingIntraNode;
    r.step.communicationNetwork = c.overlappableNetwork * keep + c.blockingNetwork;
    // Transformer Engine's tensor-parallel overlap (workload.tp_comm_overlap): the chunked all-gathers and
    // reduce-scatters run while the linear layers' GEMMs compute, so they hide up to those GEMMs' time.
    const double gemms = std::max(0.0, linearGemmSeconds);
    if (c.tensorParallelOverlapped > 0)
        (c.tensorParallelNetwork ? r.step.communicationNetwork : r.step.communicationIntraNode)
            -= std::min(c.tensorParallelOverlapped, gemms);
    r.tensorParallelSeconds = std::isfinite(c.tensorParallelSeconds)
        ? std::max(0.0, c.tensorParallelSeconds - std::min(c.tensorParallelOverlapped, gemms))
        : 0.0;
    // Under FP8 the shorter GEMMs and compute hide less than BF16's would: what FP8 takes off the step is its GEMMs'
    // saving less the tensor-parallel and data-parallel transfers the BF16 step would have hidden besides.
    if (detail == ThroughputDetail::Full && workload.precision == Precision::Fp8 && std::isfinite(fp8GemmSaving)) {
        const double tensorLost
            = std::min(c.tensorParallelOverlapped, gemms + fp8GemmSaving) - std::min(c.tensorParallelOverlapped, gemms);
        const double bf16Busy = std::max(0.0, busyCompute + fp8GemmSaving - r.fp8CastSeconds);
        const double dataLost
            = std::min(d.overlap * overlappable, bf16Busy) - std::min(d.overlap * overlappable, busyCompute);
        warnWhenFp8CastsOutweigh(r, hw, fp8GemmSaving - tensorLost - dataLost);
    }
    // Megatron's combined 1F1B schedule (workload.moe_a2a_overlap) runs one micro-batch's forward beside another's
    // backward, layer by layer, on two streams (Megatron-LM@d98e8a64 megatron/core/pipeline_parallel/combined_1f1b.py):
    // each side's dispatch and combine run while the other side computes. The paired all-to-all hides up to the
    // compute of the paired micro-batches (the same share of the compute the reduce-scatters above left); the
    // warmup forwards and the drain backwards run alone and keep theirs (moeA2aPairedShare). Each all-to-all hides only
    // behind the part of the other micro-batch's compute it runs beside (moe_layer_time.h moeA2aPairedExposedSeconds).
    if (c.expertParallelPaired > 0) {
        const double unpaired = moeA2aPairedExposedSeconds(model.architecture, workload, config, busyCompute,
            r.expertComputeSeconds, c.expertParallelSeconds, moeA2aPairedShare(config));
        const double a2aHidden = std::min(
            std::max(0.0, c.expertParallelPaired - unpaired), std::max(0.0, window) * moeA2aPairedShare(config));
        window -= a2aHidden;
        // The compute beside the all-to-all runs on the SMs its kernel leaves (moeA2aComputeShareBeside), so a second
        // of all-to-all beside compute takes only that share of a second off the step.
        const double stepSaved = a2aHidden * moeA2aComputeShareBeside(workload, hw, catalog);
        r.expertParallelSeconds -= stepSaved; // what stays in step.communication
        (c.expertParallelNetwork ? r.step.communicationNetwork : r.step.communicationIntraNode) -= stepSaved;
    }
    // Ring attention sends the next K,V chunk while the attention of the current one runs (Liu et al. 2023,
    // Sec. 3; Transformer Engine's P2P ring): each step takes max(attention, transfer), so only the transfer
    // the attention cannot cover is exposed. Assumed: the exchange overlaps the attention core only, never the
    // matmuls around it (they wait for the attention output).
    // PyTorch's ring under torch.compile waits for each transfer where it is issued (torch_ring_attention.h).
    const double contextExposed = c.contextParallelExposed
        ? c.contextParallelSeconds
        : std::max(0.0, c.contextParallelSeconds - r.attentionSeconds);
    r.contextParallelSeconds = contextExposed;
    (c.contextParallelNetwork ? r.step.communicationNetwork : r.step.communicationIntraNode) += contextExposed;
    r.step.communication = r.step.communicationIntraNode + r.step.communicationNetwork;
    r.communicationRawSeconds = overlappable + c.blockingIntraNode + c.blockingNetwork + c.contextParallelSeconds;
    r.intraNodeBusySeconds = c.overlappableIntraNode + c.blockingIntraNode;
    r.networkBusySeconds = c.overlappableNetwork + c.blockingNetwork;
    (c.contextParallelNetwork ? r.networkBusySeconds : r.intraNodeBusySeconds) += c.contextParallelSeconds;

    const double pcieHidden = std::min(d.overlap * c.pcieTransfer, std::max(0.0, window));
    r.step.offload = c.pcieTransfer - pcieHidden + c.cpuOptimizer;
    r.pcieBusySeconds = c.pcieTransfer;
    r.cpuBusySeconds = c.cpuOptimizer;
    return c.pcieTransfer - pcieHidden;
}

// Goodput: checkpoints, evaluation and failures beside the steps (goodput.h). A checkpoint holds the trained
// parameters at the compute width, their master copy (master_weights_precision) and the optimizer's states (LoRA: the
// adapters only).
void trainingGoodputOf(ThroughputEstimate& r, const Workload& workload, const Hardware& hw, const Catalog& catalog,
    const PerformanceDefaults& d, const TrainingFlopsPerToken& flops, double trained, double usedGpus, double diskMBps)
{
    const double tokens = positiveOrZero(workload.trainingTokens);
    GoodputInput g;
    g.productiveHours = tokens / r.tokensPerSecond / 3600.0;
    g.gpus = std::max(usedGpus, double(hw.totalGpus()));
    g.nodes = double(std::max(1, hw.nodes));
    const double master = masterWeightBytes(workload);
    g.checkpointBytes
        = trained * (bytesPerElement(workload.precision) + master + optimizerBytesPerParameter(workload.optimizer));
    g.diskMBps = diskMBps;
    g.hostCopyGBps = pcieGBps(hw, catalog, d);
    g.forwardShare = forwardShare(flops);
    g.failuresPerGpuDay = d.failuresPerGpuDay;
    g.restartMinutes = d.restartMinutes;
    const int stack = std::clamp(int(workload.framework), 0, int(std::size(detail::kTrainingStacks)) - 1);
    g.evalIntervalSteps = workload.evalIntervalSteps ? double(*workload.evalIntervalSteps) : d.evalIntervalSteps[stack];
    g.evalSteps = workload.evalSteps ? double(*workload.evalSteps) : d.evalSteps[stack];
    g.checkpointIntervalMinutes = workload.checkpointIntervalMinutes;
    g.asyncCheckpoint = workload.asyncCheckpoint;
    r.goodputFigures = trainingGoodput(g);
    r.goodput = r.goodputFigures.fraction();
    r.trainingHours = r.goodputFigures.wallHours();
    r.gpuHours = r.trainingHours * g.gpus;
}

// Unknown, not zero: a run whose time is unknown must never look free and instant (it then ranks after every
// candidate whose time is known, as an unknown price does).
void markThroughputUnknown(ThroughputEstimate& r, const Workload& workload, const Hardware& hw)
{
    r.warnings.push_back({ "throughput_unknown",
        "no dense peak for " + std::string(toString(workload.precision))
            + " or no memory "
              "bandwidth is known for "
            + hw.gpu.name + "; time and speed are not estimated",
        { { "gpu", hw.gpu.name }, { "precision", std::string(toString(workload.precision)) } } });
    r.trainingHours = std::numeric_limits<double>::infinity();
    r.gpuHours = std::numeric_limits<double>::infinity();
}

// The transfers of a micro-batch's stage left exposed (tensor-parallel all-reduces or reduce-scatters and
// all-gathers, expert-parallel all-to-alls, the context-parallel exchange) lie inside every layer of its forward
// and backward, on the stage's critical path as its compute is: 1F1B runs m + p - 1 slots of one micro-batch's
// forward and backward (Narayanan et al. 2021, arXiv:2104.04473, Sec. 2.2.1), so the schedule's warm-up and drain
// idle for them too, (p - 1) / m of them (pipelineBubbleFraction), part of the step's idle share. Not the
// data-parallel reduction DeepSpeed runs after the schedule, nor the pipeline's own sends (overlappable). DualPipe's
// fraction counts the step's own forward, backward and weight-gradient split (`passes`, pipeline_schedule.h).
void addExposedTransferBubble(ThroughputEstimate& r, const Configuration& config, const PipelinePasses& passes)
{
    const double exposedPerMicroBatch = r.tensorParallelSeconds + r.expertParallelSeconds + r.contextParallelSeconds;
    const double transferBubble = std::isfinite(exposedPerMicroBatch) && exposedPerMicroBatch > 0
        ? exposedPerMicroBatch * pipelineBubbleFraction(config, passes)
        : 0.0;
    r.pipelineBubbleSeconds += transferBubble;
    r.step.compute += transferBubble;
}

// The step runs at its slowest pipeline stage's pace (pipeline_stages.h): the output layer and loss run on the
// head's stage beside its layers, their GEMMs at the 16-bit rate under FP8 as in trainingMatmulSeconds, and the
// trained multi-token-prediction layers on theirs at the layers' rate (Megatron-Core builds them on the last
// stage without a layout, where the layout puts its m with one: multi_token_prediction.py mtp_on_this_rank).
double slowestRankBusySeconds(const ThroughputEstimate& r, const TrainingStepShape& s, const Architecture& arch,
    const Workload& workload, const Configuration& config, const TrainingFlopsPerToken& flops, double busy)
{
    const double passes = flops.forward.total() > 0 ? flops.model / flops.forward.total() : 0;
    const double headFlops = flops.forward.head * passes;
    const double mtpFlops = flops.forward.mtp * passes;
    const double headRate = workload.precision == Precision::Fp8 ? s.peak16 * r.computeEfficiency : s.achieved;
    const bool shares = headRate > 0 && s.achieved > 0 && busy > 0;
    const double headShare = shares ? s.gpuTokens * headFlops / headRate / busy : 0.0;
    const double mtpShare = shares ? s.gpuTokens * mtpFlops / s.achieved / busy : 0.0;
    return busy
        * pipelineSlowestRankFactor(pipelineRanks(workload.parallelism, int(totalLayers(arch)), s.p,
                                        config.virtualStages, trainedMtpLayers(arch, workload)),
            headShare, mtpShare);
}

} // namespace

ThroughputEstimate estimateThroughput(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hw, const Catalog& catalog, const PerformanceDefaults& d, ThroughputDetail detail,
    const TrainingFlopsPerToken* precomputedFlops)
{
    ThroughputEstimate r;
    if (detail == ThroughputDetail::Full)
        r.warnings = checkSizingRules(hw, workload, config, d);

    const std::optional<double> peakOpt = peakTflops(hw.gpu, workload.precision);
    if (!peakOpt || hw.gpu.memoryBandwidthGBps <= 0 || !std::isfinite(hw.gpu.memoryBandwidthGBps)) {
        markThroughputUnknown(r, workload, hw);
        return r;
    }
    const double peak = *peakOpt;
    r.peakTflopsPerGpu = peak;

    if (workload.mode == Mode::Inference) {
        inferenceEstimate(r, model, workload, config, hw, d, peak);
        return r;
    }

    const Architecture& arch = model.architecture;
    TrainingStepShape s;
    s.t = std::max(1, config.tensor);
    s.p = std::max(1, config.pipeline);
    s.dp = std::max(1, config.data);
    s.cp = std::max(1, config.context);
    const double micro = std::max(1, config.microBatchSize);
    s.accum = std::max(1, config.gradientAccumulationSteps);
    const double seq = positiveOrZero(double(workload.sequenceLength));
    s.microTokens = micro * seq;
    s.bandwidth = positiveOrZero(hw.gpu.memoryBandwidthGBps) * 1e9 * d.decodeBandwidth;

    const double fp8Gathered = fp8AllGatherShare(model.parameters, workload, config); // 0 unless it applies
    TrainingFlopsPerToken flops = precomputedFlops
        ? *precomputedFlops
        : trainingFlopsPerToken(arch, model.parameters, workload, config.checkpointing);
    // LitGPT's FSDP with LoRA (litgpt_stack.h): the frozen weights of every unit holding an adapter take weight
    // gradients, full fine-tuning's matmuls, executed (hardware FLOPs) but not model FLOPs: MFU stays LoRA's.
    const LitgptFsdpShape litgptFsdp = litgptFsdpShape(model, workload, config);
    const bool litgptFsdpSharded = litgptFsdpShards(litgptFsdp, config);
    if (litgptFsdpSharded) {
        const LitgptFrozenWeightGradients extra = litgptFrozenWeightGradientFlops(litgptFsdp, flops.forward);
        flops.hardware += extra.total();
        flops.linearHardware += extra.matmul;
        flops.mlpHardware += extra.mlp;
        flops.expertsHardware += extra.experts;
    }
    r.modelFlopsPerToken = flops.model;
    r.hardwareFlopsPerToken = flops.hardware;
    r.tokensPerStep = s.microTokens * s.accum * s.dp;
    r.flopsPerStep = r.tokensPerStep * flops.model;
    // Context parallelism: each rank runs its matmuls on sequence / cp tokens of the micro-batch.
    r.computeEfficiency = computeEfficiency(d, double(arch.hiddenSize), s.microTokens / s.cp);

    // Compute per GPU: the replica's work split over tensor x pipeline x context ranks. A context-parallel rank
    // computes the attention of its queries against every key, so its attention FLOPs are 1/cp of the
    // sequence's too (load-balanced chunks under the causal mask, Megatron-Core's 2 x cp split).
    s.gpuTokens = s.microTokens * s.accum / (double(s.t) * s.p * s.cp);
    s.achieved = peak * 1e12 * r.computeEfficiency;
    s.peak16 = peakTflops(hw.gpu, Precision::Bf16).value_or(peak) * 1e12;
    TrainingMatmul matmul = trainingMatmulSeconds(r, s, arch, workload, config, hw, d, flops, detail, peak);
    // LoRA dropout's own kernels, forward (again where recomputed) and backward (estimate/common/lora_dropout.h).
    const LoraDropoutBytes dropout
        = loraDropoutBytesPerToken(arch, workload.lora, loraDropoutProbability(workload, d.loraDropout),
            bytesPerElement(workload.precision), workload.framework == TrainingStack::Litgpt);
    const double dropoutPasses = 1 + recomputedLayerShare(arch, workload, config.checkpointing);
    if (s.bandwidth > 0)
        r.loraDropoutSeconds = s.gpuTokens * (dropoutPasses * dropout.forward + dropout.backward) / s.bandwidth;
    // PEFT's fp32 adapters' casts, scaling and sum around each adapted module (framework hf; lora_adapter_passes.h).
    const LoraAdapterPassBytes peft = loraAdapterPassBytesPerToken(
        arch, workload.lora, bytesPerElement(workload.precision), peftAdapterBytes(workload));
    if (s.bandwidth > 0)
        r.loraAdapterPassSeconds = s.gpuTokens * (dropoutPasses * peft.forward + peft.backward) / s.bandwidth;
    // Megatron-DeepSpeed's own passes (framework deepspeed; deepspeed_step_passes.h): each micro-batch's gradient
    // accumulation over the rank's trained parameters, and the layer passes every tensor rank runs whole without
    // sequence parallelism, on each token of the rank's micro-batches in each layer of its stage.
    const double trained = trainableParameters(model, workload, s.p); // the memory model's count (MTP too): one home
    if (s.bandwidth > 0) {
        r.gradientAccumulationSeconds = trained / (double(s.t) * s.p)
            * deepspeedGradientAccumulationBytesPerParameter(workload, config, d, s.accum) / s.bandwidth;
        r.unsplitLayerPassSeconds = s.gpuTokens * s.t * totalLayers(arch)
            * deepspeedUnsplitLayerBytesPerToken(arch, workload, config, d, dropoutPasses) / s.bandwidth;
    }
    const double memoryBound = r.loraDropoutSeconds + r.loraAdapterPassSeconds + r.gradientAccumulationSeconds
        + r.unsplitLayerPassSeconds
        + trainingMemoryBoundSeconds(r, s, model, workload, config, hw, flops, matmul, fp8Gathered, detail)
        + torchRingMergeSeconds(s, arch, workload, config);
    r.memoryBoundSeconds = memoryBound;
    const double busyCompute
        = slowestRankBusySeconds(r, s, arch, workload, config, flops, matmul.seconds + memoryBound);
    r.pipelineBubbleSeconds = s.p > 1 ? busyCompute * pipelineBubbleFraction(config, pipelinePasses(flops)) : 0.0;
    // The optimizer's update after the last micro-batch (optimizer_update.h): memory traffic no communication hides.
    r.optimizerUpdateSeconds = optimizerUpdateSeconds(trained, workload, config, d, s.bandwidth);
    r.memoryBoundSeconds += r.optimizerUpdateSeconds;
    r.step.compute = busyCompute + r.pipelineBubbleSeconds + r.optimizerUpdateSeconds;

    // FSDP reduce-scatters each unit's whole flat gradient, frozen weights' included (litgpt_stack.h).
    const double reduced = litgptFsdpSharded ? std::max(trained, litgptFsdp.gradientUnitParameters) : trained;
    const double pcieExposed = trainingCommunication(r, model, workload, config, hw, catalog, d, fp8Gathered, reduced,
        busyCompute, matmul.seconds - r.attentionSeconds, matmul.fp8GemmSaving, forwardShare(flops), detail);
    addExposedTransferBubble(r, config, pipelinePasses(flops)); // the pipeline's idle share of the exposed transfers
    r.achievedTflopsPerGpu
        = busyCompute > 0 && std::isfinite(busyCompute) ? s.gpuTokens * flops.hardware / r.step.compute / 1e12 : 0.0;

    // Data loading: each node reads its share of the step's tokens; loader workers prefetch during the step.
    const int nodes = std::max(1, hw.nodes);
    const double diskMBps = (hw.diskThroughputMBps && std::isfinite(*hw.diskThroughputMBps)
                                && *hw.diskThroughputMBps > 0 && !d.diskThroughputOverride)
        ? *hw.diskThroughputMBps
        : d.diskThroughputMBps;
    const double load = r.tokensPerStep / nodes * d.dataBytesPerToken / (diskMBps * 1e6);
    r.dataLoadingBusySeconds = load;
    const double others = r.step.compute + r.step.communication + r.step.offload;
    r.step.dataLoading = std::max(0.0, load - others);
    r.step.total = others + r.step.dataLoading;

    // The bottleneck is the largest share of the step: compute (memory-bound when its memory traffic outweighs
    // its matmuls) or, when it takes longer, the largest exposed overhead, which is named on its own too (a
    // network busy behind compute for most of the step is not what the step waits for).
    r.largestOverhead = largestExposedOverhead({ r.step.communicationIntraNode, r.step.communicationNetwork,
                                                   pcieExposed, r.cpuBusySeconds, r.step.dataLoading },
        &r.largestOverheadSeconds);
    const Bottleneck computeKind = memoryBound > matmul.seconds ? Bottleneck::MemoryBandwidth : Bottleneck::Compute;
    r.bottleneck = r.largestOverhead && r.largestOverheadSeconds > r.step.compute ? *r.largestOverhead : computeKind;

    if (!(r.step.total > 0) || !std::isfinite(r.step.total)) {
        r.warnings.push_back({ "throughput_unknown", "the step time could not be estimated (a link or rate is zero)",
            { { "gpu", hw.gpu.name } } });
        r.step.total = 0;
        return r;
    }
    r.tokensPerSecond = r.tokensPerStep / r.step.total;
    const double usedGpus = double(s.dp) * s.t * s.p * s.cp;
    r.modelFlopsUtilization = r.tokensPerSecond * flops.model / (usedGpus * peak * 1e12);
    r.trainingFlops = positiveOrZero(workload.trainingTokens) * flops.model;
    trainingGoodputOf(r, workload, hw, catalog, d, flops, trained, usedGpus, diskMBps);
    return r;
}

} // namespace gp
