// The time model's default assumptions (resources/catalog/defaults-performance.json), resolved once per call
// with the plan's `assumptions` applied, and the compute-efficiency curve they define.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"
#include "plan/plan_enum_tables.h"

#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// Every figure comes from the catalog's defaults (resources/catalog/defaults-performance.json, each with its
// source); the zeros below are placeholders that performanceDefaults() always overwrites.
struct PerformanceDefaults {
    // Compute efficiency = classPeak x h / (h + hiddenHalf) x T / (T + tokensHalf)  (T = tokens per micro-batch)
    double classPeak = 0;
    double hiddenHalf = 0;
    double tokensHalf = 0;
    std::optional<double> efficiencyOverride; // assumptions.compute_efficiency
    // Each fused attention kernel's measured efficiencies on this GPU's architecture, by AttentionKernel
    // (attention_efficiency.<arch>.* for FlashAttention-2, attention_efficiency.<arch>.<kernel>.* for the others:
    // fractions of the dense 16-bit peak at long sequences, unmasked), forward and backward at head dims 64 and 128
    // (larger head dims keep the 128 figure). known = false where the catalog has none for the architecture.
    struct AttentionFigures {
        bool known = false;
        double forward[2] = { 0, 0 };
        double backward[2] = { 0, 0 };
        double causal = 1; // causal over unmasked speed (causal FLOPs counted as half)
        // A sliding-window (local) layer's causal mask of `windowTokens` positions, measured as such
        // (attention_efficiency.<arch>.<kernel>.window_<n>.forward / .backward, the window's FLOPs counted): the rate
        // of local layers whose window is no wider (0 = not measured).
        double windowTokens = 0;
        double windowForward = 0;
        double windowBackward = 0;
    };
    AttentionFigures attention[3];
    // Whether the workload's attention kernel runs on this GPU's architecture at all (attention_kernel.runs.*,
    // estimate/common/attention_kernel_support.h): where it does not, the estimate says so once
    // (attention_kernel_unsupported), not also that its speed is unmeasured.
    bool attentionKernelRuns = true;
    double trainingGoodput = 0; // productive fraction of a long run's wall-clock time (RL post-training's hours)
    // Training goodput (estimate/time/goodput.h): failures per GPU-day (assumptions.failures_per_gpu_day over
    // goodput.failures_per_gpu_day), the restart after one (spot.restart_minutes), and each stack's evaluation
    // (goodput.<stack>.eval_interval_steps / eval_steps), indexed by TrainingStack.
    double failuresPerGpuDay = 0;
    double restartMinutes = 0;
    double evalIntervalSteps[std::size(detail::kTrainingStacks)] = {};
    double evalSteps[std::size(detail::kTrainingStacks)] = {};
    double overlap = 0; // fraction of overlappable communication hidden behind compute
    std::optional<double> linkEfficiencyOverride; // assumptions.link_efficiency: replaces every achieved fraction
    double rdmaFraction = 0; // achieved / line rate between nodes with RDMA
    double tcpFraction = 0; // without RDMA
    double pcieFraction = 0; // host <-> GPU copies
    double pcieFallbackGBps = 0; // when the GPU's host link is not in the catalog
    double cpuAdamParamsPerSecond = 0; // per node
    // The GPU optimizer update (estimate/time/optimizer_update.h): element accesses per trained parameter of
    // torch.optim.AdamW's foreach path and of torch.nn.utils.clip_grad_norm_'s (optimizer.*).
    double torchAdamwForeachAccesses = 0;
    double clipGradNormForeachAccesses = 0;
    // Megatron-DeepSpeed's passes (estimate/time/deepspeed_step_passes.h; deepspeed.*): bytes per parameter and
    // micro-batch of the BF16_Optimizer's fp32 gradient accumulation, element accesses of AccumulateGrad's in-place
    // add, and the element accesses and dropout masks per hidden element of the layer passes each tensor rank runs
    // whole without sequence parallelism.
    double bf16OptimizerGradBytes = 0;
    double autogradAccumulateAccesses = 0;
    double unsplitLayerForwardAccesses = 0;
    double unsplitLayerBackwardAccesses = 0;
    double unsplitLayerDropoutMasks = 0;
    double dataBytesPerToken = 0;
    double diskThroughputMBps = 0;
    bool diskThroughputOverride = false; // assumptions.disk_throughput_mbps set: it beats the instance's disk
    double decodeBandwidth = 0; // achieved / datasheet HBM bandwidth, 16-bit weights
    double decodeBandwidthInt8 = 0;
    double decodeBandwidthInt4 = 0;
    double allReduceLatencySeconds = 0; // one small all-reduce inside a node, framework included
    double networkLatencySeconds = 0; // one small all-reduce between nodes
    double expertLoadImbalance = 1; // MoE: busiest expert-parallel rank's routed tokens / the mean (>= 1)
    double groupedGemmCallSeconds = 0; // MoE: least time of one per-expert GEMM call issued eagerly (Megatron)
    double expertKernelCallSeconds = 0; // MoE: least time of one small per-expert kernel issued in a loop
    double loraDropout = 0; // lora.dropout: workload.lora.dropout where the plan leaves it out
    // The sizing rules of the Tencent Cloud guides 'AI训练选什么GPU型号性价比高？' and
    // 'GPU服务器选型：大模型训练用A100还是V100？'.
    double minVcpusPerGpu = 0;
    double ramGbPerVcpu = 0;
    double minDiskIops = 0;
    double minNetworkGbps = 0;
};

// The catalog's value of a named default; a catalog without it (or with a value outside [lo, hi]) gets the
// built-in catalog's value. The built-in catalog holds every key the models read (a test checks it), so no
// default is written in code.
double catalogDefault(const Catalog& catalog, std::string_view key, double lo = -1e300, double hi = 1e300);

// Resolves the defaults for one GPU (its class and architecture select the efficiency peak). Of the attention
// kernels it reads FlashAttention-2's figures (every kernel's fallback) and `kernel`'s, the one the workload runs:
// each estimate resolves its defaults, so the other kernels' keys are not looked up. Likewise the evaluation figures
// (evalIntervalSteps, evalSteps) of the `evaluated` stack only where it is given (the others stay 0: a caller that
// gives it reads no other stack's), every stack's without it.
PerformanceDefaults performanceDefaults(const Catalog& catalog, const Assumptions& assumptions,
    const std::string& gpuClass, const std::string& architecture,
    AttentionKernel kernel = AttentionKernel::FlashAttention2, std::optional<TrainingStack> evaluated = std::nullopt);

// Fraction of the dense peak the matmuls reach for a hidden size and tokens per micro-batch (0 < x <= 1).
double computeEfficiency(const PerformanceDefaults& defaults, double hiddenSize, double tokensPerMicroBatch);

// Fractions of the dense 16-bit peak the flash-attention kernel reaches, forward and backward, each counted as
// flash-attention's benchmarks count it (forward: the FLOP model's attention core, causal = half of the scores;
// backward: 2.5x the forward, as the kernel recomputes the scores). Zero where not known (no catalog figure for
// the architecture, or a compute_efficiency override): the caller's matmul efficiency applies.
// `kernel` is the plan's; one the catalog has no figures for on the architecture runs at FlashAttention-2's figures
// (`kernel` then says which was used), and without those at the matmul efficiency.
struct AttentionEfficiency {
    double forward = 0;
    double backward = 0;
    // Local layers of a window of at most `windowTokens` positions (the measured window): their own rates.
    double windowTokens = 0;
    double windowForward = 0;
    double windowBackward = 0;
    AttentionKernel kernel = AttentionKernel::FlashAttention2; // whose figures these are
    bool known() const { return forward > 0 && backward > 0; }
    bool windowKnown() const { return windowTokens > 0 && windowForward > 0 && windowBackward > 0; }
};
AttentionEfficiency attentionKernelEfficiency(
    const PerformanceDefaults& defaults, double headDim, bool causal, AttentionKernel kernel);

// The share of the attention core's FLOPs (TrainingFlopsPerToken::attentionWindowedShare) that runs at the kernel's
// measured window rates: the local layers' where their window (`window` positions) is no wider than the measured one
// and the kernel has such figures; else 0.
double measuredWindowShare(const AttentionEfficiency& kernel, double window, double windowedShare);

// Seconds of the attention core (QK^T and PV): `forwardFlops` (forward passes, recomputation included) and
// `backwardFlops` (the FLOP model's backward, 2x its forward) at the kernel's efficiencies of `peakFlops` (the
// 16-bit dense peak, FLOP/s); the kernel's backward does 1.25x the model's backward FLOPs (2.5x forward). Without
// kernel figures, all of it at `matmulEfficiency`. The one rule for training steps and serving prefill.
// `windowedShare` of both (measuredWindowShare) runs at the kernel's window rates.
double attentionCoreSeconds(const AttentionEfficiency& kernel, double forwardFlops, double backwardFlops,
    double peakFlops, double matmulEfficiency, double windowedShare = 0);

// Every catalog default key the time model reads.
const std::vector<std::string>& performanceDefaultKeys();

} // namespace gp
