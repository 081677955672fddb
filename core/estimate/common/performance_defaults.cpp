// Reads the time model's defaults from the catalog (resources/catalog/defaults-performance.json); nothing is
// written in code: a catalog without a key gets the built-in catalog's value.
#include "estimate/common/performance_defaults.h"

#include "estimate/common/attention_kernel_support.h"
#include "estimate/common/lora_dropout.h"
#include "plan/plan_enum_tables.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <string_view>

namespace gp
{

namespace
{

std::optional<double> fraction(const std::optional<double>& v)
{
    if (v && std::isfinite(*v) && *v > 0 && *v <= 1)
        return *v;
    return std::nullopt;
}

bool within(double v, double lo, double hi)
{
    return std::isfinite(v) && v >= lo && v <= hi;
}

// A window figure's key after "window_": "<tokens>.forward" or "<tokens>.backward". One window per kernel: a second
// window's figures are ignored.
struct WindowFigure {
    double tokens = 0;
    double forward = 0;
    double backward = 0;
};

void readWindowFigure(std::string_view rest, double value, WindowFigure& w)
{
    const std::size_t dot = rest.find('.');
    if (dot == std::string_view::npos || dot == 0)
        return;
    double tokens = 0;
    for (const char c : rest.substr(0, dot)) {
        if (c < '0' || c > '9')
            return;
        tokens = tokens * 10 + (c - '0');
    }
    if (!(tokens > 0) || (w.tokens > 0 && w.tokens != tokens))
        return;
    const std::string_view pass = rest.substr(dot + 1);
    if (pass != "forward" && pass != "backward")
        return;
    w.tokens = tokens;
    (pass == "forward" ? w.forward : w.backward) = value;
}

// The attention kernels' figures of one architecture: FlashAttention-2's under
// attention_efficiency.<architecture>.<figure>, the other kernels' under attention_efficiency.<architecture>.<kernel>.
// <figure>; per head dim where measured, else one figure for every head dim (`forward`, `backward`). One ordered scan
// of the keys under the architecture's prefix (the built-in catalog's, then the catalog's valid values over them)
// instead of a lookup per figure and kernel: the same values as catalogDefault per key.
void readAttentionFigures(
    const Catalog& catalog, const std::string& architecture, AttentionKernel wanted, PerformanceDefaults& d)
{
    static constexpr std::string_view kFigures[] = { "forward", "backward", "forward.head_dim_64",
        "forward.head_dim_128", "backward.head_dim_64", "backward.head_dim_128", "causal" };
    constexpr int kKernels = int(std::size(detail::kAttentionKernels));
    double figures[kKernels][std::size(kFigures)] = {};
    WindowFigure windows[kKernels] = {};
    const std::string prefix = "attention_efficiency." + architecture + ".";
    auto scan = [&](const Catalog& from) {
        for (auto it = from.defaults.lower_bound(std::string_view(prefix));
             it != from.defaults.end() && std::string_view(it->first).starts_with(prefix); ++it) {
            std::string_view rest = std::string_view(it->first).substr(prefix.size());
            AttentionKernel kernel = AttentionKernel::FlashAttention2;
            for (const auto& [name, k] : detail::kAttentionKernels) {
                if (k != AttentionKernel::FlashAttention2 && rest.size() > name.size() && rest.starts_with(name)
                    && rest[name.size()] == '.') {
                    kernel = k;
                    rest.remove_prefix(name.size() + 1);
                    break;
                }
            }
            if (kernel != AttentionKernel::FlashAttention2 && kernel != wanted)
                continue;
            const auto figure = std::find(std::begin(kFigures), std::end(kFigures), rest);
            if (figure != std::end(kFigures) && within(it->second.value, 0.01, 1.0))
                figures[int(kernel)][figure - std::begin(kFigures)] = it->second.value;
            else if (rest.starts_with("window_") && within(it->second.value, 0.01, 1.0))
                readWindowFigure(rest.substr(7), it->second.value, windows[int(kernel)]);
        }
    };
    scan(builtinCatalog());
    if (&catalog != &builtinCatalog())
        scan(catalog);
    for (const auto& [name, kernel] : detail::kAttentionKernels) {
        if (kernel != AttentionKernel::FlashAttention2 && kernel != wanted)
            continue;
        const double* f = figures[int(kernel)];
        auto either = [](double specific, double all) { return specific > 0 ? specific : all; };
        PerformanceDefaults::AttentionFigures& a = d.attention[int(kernel)];
        a.forward[0] = either(f[2], f[0]);
        a.forward[1] = either(f[3], f[0]);
        a.backward[0] = either(f[4], f[1]);
        a.backward[1] = either(f[5], f[1]);
        a.causal = f[6] > 0 ? f[6] : 1.0;
        a.known = a.forward[0] > 0 && a.forward[1] > 0 && a.backward[0] > 0 && a.backward[1] > 0;
        const WindowFigure& w = windows[int(kernel)];
        if (w.tokens > 0 && w.forward > 0 && w.backward > 0) {
            a.windowTokens = w.tokens;
            a.windowForward = w.forward;
            a.windowBackward = w.backward;
        }
    }
}

// Reads every default from the catalog (map lookups with string keys: resolve once, not per configuration).
PerformanceDefaults readDefaults(const Catalog& catalog, const std::string& gpuClass, const std::string& architecture,
    AttentionKernel wanted, std::optional<TrainingStack> evaluated)
{
    auto get = [&](std::string_view key, double lo, double hi) { return catalogDefault(catalog, key, lo, hi); };
    PerformanceDefaults d;
    // The peak of the GPU's class or architecture, else the catalog's default peak.
    double peak = get("compute_efficiency.peak.default", 0.01, 1.0);
    // A class with its own peak in the catalog (GDDR and consumer cards) gives its figures, the others their
    // architecture's: the keys are data, no class or architecture name is compared here.
    // (The built-in catalog's map is looked up once where it is the catalog.)
    const Catalog& builtin = builtinCatalog();
    const std::string classKey = "compute_efficiency.peak.class." + gpuClass;
    const bool byClass = !gpuClass.empty()
        && (catalog.defaults.find(classKey) != catalog.defaults.end()
            || (&catalog != &builtin && builtin.defaults.find(classKey) != builtin.defaults.end()));
    const std::string specific
        = byClass ? classKey : (architecture.empty() ? std::string() : "compute_efficiency.peak." + architecture);
    if (!specific.empty()) {
        const double builtinPeak = builtin.number(specific, peak);
        const double v = &catalog == &builtin ? builtinPeak : catalog.number(specific, builtinPeak);
        if (within(v, 0.01, 1.0))
            peak = v;
    }
    d.classPeak = peak;
    d.hiddenHalf = get("compute_efficiency.hidden_half", 0, 1e6);
    // As the matmul peak: a class has no attention figures, an architecture may (FlashAttention's papers measured
    // A100 and H100 SXM).
    if (!architecture.empty() && !byClass)
        readAttentionFigures(catalog, architecture, wanted, d);
    d.attentionKernelRuns = attentionKernelRuns(catalog, architecture, toString(wanted));
    d.tokensHalf = get("compute_efficiency.tokens_half", 0, 1e7);
    d.trainingGoodput = get("training_goodput", 0.05, 1.0);
    d.failuresPerGpuDay = get("goodput.failures_per_gpu_day", 0, 10);
    d.restartMinutes = get("spot.restart_minutes", 0, 1e5);
    // Each stack's evaluation keys, spelled once (every estimate resolves its defaults: no strings built per call).
    struct EvalKeys {
        TrainingStack stack;
        std::string interval, steps;
    };
    static const std::vector<EvalKeys> evalKeys = [] {
        std::vector<EvalKeys> keys;
        for (const auto& [name, stack] : detail::kTrainingStacks) {
            const std::string prefix = "goodput." + std::string(name);
            keys.push_back({ stack, prefix + ".eval_interval_steps", prefix + ".eval_steps" });
        }
        return keys;
    }();
    for (const EvalKeys& k : evalKeys) {
        if (evaluated && k.stack != *evaluated)
            continue;
        d.evalIntervalSteps[int(k.stack)] = get(k.interval, 0, 1e9);
        d.evalSteps[int(k.stack)] = get(k.steps, 0, 1e9);
    }
    d.overlap = get("communication_overlap", 0, 1);
    d.rdmaFraction = get("network.rdma_achieved_fraction", 0.01, 1);
    d.tcpFraction = get("network.tcp_achieved_fraction", 0.01, 1);
    d.pcieFraction = get("pcie.achieved_fraction", 0.01, 1);
    d.pcieFallbackGBps = get("pcie.fallback_gbps", 0.1, 1e4);
    d.cpuAdamParamsPerSecond = get("offload.cpu_adam_params_per_second", 1, 1e15);
    d.torchAdamwForeachAccesses = get("optimizer.torch_adamw_foreach_accesses", 0, 1e3);
    d.clipGradNormForeachAccesses = get("optimizer.clip_grad_norm_foreach_accesses", 0, 1e3);
    d.bf16OptimizerGradBytes = get("deepspeed.bf16_optimizer_grad_bytes_per_parameter", 0, 1e3);
    d.autogradAccumulateAccesses = get("deepspeed.autograd_accumulate_grad_accesses", 0, 1e3);
    d.unsplitLayerForwardAccesses = get("deepspeed.unsplit_layer_forward_accesses", 0, 1e3);
    d.unsplitLayerBackwardAccesses = get("deepspeed.unsplit_layer_backward_accesses", 0, 1e3);
    d.unsplitLayerDropoutMasks = get("deepspeed.unsplit_layer_dropout_masks", 0, 1e3);
    d.dataBytesPerToken = get("data.bytes_per_token", 0, 1e6);
    d.diskThroughputMBps = get("data.disk_throughput_mbps", 0.001, 1e9);
    d.decodeBandwidth = get("decode.bandwidth_efficiency", 0.01, 1);
    d.decodeBandwidthInt8 = get("decode.bandwidth_efficiency.int8", 0.01, 1);
    d.decodeBandwidthInt4 = get("decode.bandwidth_efficiency.int4", 0.01, 1);
    d.allReduceLatencySeconds = get("collective.intra_node_latency_us", 0, 1e6) * 1e-6;
    d.networkLatencySeconds = get("collective.inter_node_latency_us", 0, 1e6) * 1e-6;
    d.expertLoadImbalance = get("moe.expert_load_imbalance", 1, 64);
    d.groupedGemmCallSeconds = get("moe.grouped_gemm_call_us", 0, 1e4) * 1e-6;
    d.expertKernelCallSeconds = get("moe.expert_kernel_call_us", 0, 1e4) * 1e-6;
    d.loraDropout = get(kLoraDropoutDefaultKey, 0, 0.999);
    d.minVcpusPerGpu = get("rules.min_vcpus_per_gpu", 0, 1e4);
    d.ramGbPerVcpu = get("rules.ram_gb_per_vcpu", 0, 1e6);
    d.minDiskIops = get("rules.min_disk_iops", 0, 1e9);
    d.minNetworkGbps = get("rules.min_network_gbps", 0, 1e6);
    return d;
}

} // namespace

double catalogDefault(const Catalog& catalog, std::string_view key, double lo, double hi)
{
    const double v = catalog.number(key, std::numeric_limits<double>::quiet_NaN());
    if (within(v, lo, hi) || &catalog == &builtinCatalog())
        return v;
    return builtinCatalog().number(key, std::numeric_limits<double>::quiet_NaN());
}

PerformanceDefaults performanceDefaults(const Catalog& catalog, const Assumptions& assumptions,
    const std::string& gpuClass, const std::string& architecture, AttentionKernel kernel,
    std::optional<TrainingStack> evaluated)
{
    PerformanceDefaults d = readDefaults(catalog, gpuClass, architecture, kernel, evaluated);
    d.efficiencyOverride = fraction(assumptions.computeEfficiency);
    if (assumptions.communicationOverlap && std::isfinite(*assumptions.communicationOverlap))
        d.overlap = std::clamp(*assumptions.communicationOverlap, 0.0, 1.0);
    d.linkEfficiencyOverride = fraction(assumptions.linkEfficiency);
    if (assumptions.failuresPerGpuDay && std::isfinite(*assumptions.failuresPerGpuDay))
        d.failuresPerGpuDay = std::clamp(*assumptions.failuresPerGpuDay, 0.0, 10.0);
    if (assumptions.expertLoadImbalance && std::isfinite(*assumptions.expertLoadImbalance))
        d.expertLoadImbalance = std::clamp(*assumptions.expertLoadImbalance, 1.0, 64.0);
    if (assumptions.diskThroughputMBps && std::isfinite(*assumptions.diskThroughputMBps)
        && *assumptions.diskThroughputMBps > 0) {
        d.diskThroughputMBps = *assumptions.diskThroughputMBps;
        d.diskThroughputOverride = true;
    }
    if (auto bw = fraction(assumptions.memoryBandwidthEfficiency)) {
        // The user's figure is for 16-bit weights; quantized kernels keep their measured ratio to it.
        const double scale = *bw / d.decodeBandwidth;
        d.decodeBandwidth = *bw;
        d.decodeBandwidthInt8 = std::min(1.0, d.decodeBandwidthInt8 * scale);
        d.decodeBandwidthInt4 = std::min(1.0, d.decodeBandwidthInt4 * scale);
    }
    return d;
}

double computeEfficiency(const PerformanceDefaults& d, double hiddenSize, double tokensPerMicroBatch)
{
    if (d.efficiencyOverride)
        return *d.efficiencyOverride;
    const double h = std::isfinite(hiddenSize) && hiddenSize > 0 ? hiddenSize : d.hiddenHalf;
    const double t = std::isfinite(tokensPerMicroBatch) && tokensPerMicroBatch > 0 ? tokensPerMicroBatch : 1.0;
    const double e = d.classPeak * (h / (h + d.hiddenHalf)) * (t / (t + d.tokensHalf));
    return std::clamp(e, 1e-4, 1.0);
}

namespace
{

// Linear in log2(head dim) between the figures at 64 and 128, flat outside them.
double alongHeadDim(const double* figures, int count, double headDim)
{
    const double x
        = std::clamp(std::log2(std::isfinite(headDim) && headDim > 0 ? headDim : 128.0), 6.0, 6.0 + double(count - 1));
    const int i = std::min(count - 2, int(x - 6.0));
    const double f = x - 6.0 - i;
    return figures[i] + (figures[i + 1] - figures[i]) * f;
}

} // namespace

AttentionEfficiency attentionKernelEfficiency(
    const PerformanceDefaults& d, double headDim, bool causal, AttentionKernel kernel)
{
    AttentionEfficiency e;
    if (!d.attention[int(kernel)].known)
        kernel = AttentionKernel::FlashAttention2;
    e.kernel = kernel;
    const PerformanceDefaults::AttentionFigures& a = d.attention[int(kernel)];
    if (!a.known || d.efficiencyOverride)
        return e;
    const double mask = causal ? a.causal : 1.0;
    e.forward = std::clamp(alongHeadDim(a.forward, 2, headDim) * mask, 1e-4, 1.0);
    e.backward = std::clamp(alongHeadDim(a.backward, 2, headDim) * mask, 1e-4, 1.0);
    // A window is a causal mask: its figures hold for causal models only (measured at the head dim they were).
    if (causal && a.windowTokens > 0) {
        e.windowTokens = a.windowTokens;
        e.windowForward = std::clamp(a.windowForward, 1e-4, 1.0);
        e.windowBackward = std::clamp(a.windowBackward, 1e-4, 1.0);
    }
    return e;
}

double measuredWindowShare(const AttentionEfficiency& kernel, double window, double windowedShare)
{
    if (!kernel.windowKnown() || !(window > 0) || window > kernel.windowTokens || !std::isfinite(windowedShare))
        return 0.0;
    return std::clamp(windowedShare, 0.0, 1.0);
}

double attentionCoreSeconds(const AttentionEfficiency& kernel, double forwardFlops, double backwardFlops,
    double peakFlops, double matmulEfficiency, double windowedShare)
{
    const double forward = std::isfinite(forwardFlops) && forwardFlops > 0 ? forwardFlops : 0.0;
    const double backward = std::isfinite(backwardFlops) && backwardFlops > 0 ? backwardFlops : 0.0;
    if (forward + backward == 0)
        return 0.0;
    if (!(peakFlops > 0) || !std::isfinite(peakFlops))
        return INFINITY;
    if (kernel.known()) {
        const auto at = [&](double forwardRate, double backwardRate) {
            return forward / (peakFlops * forwardRate) + 1.25 * backward / (peakFlops * backwardRate);
        };
        const double w = kernel.windowKnown() ? std::clamp(windowedShare, 0.0, 1.0) : 0.0;
        return (1 - w) * at(kernel.forward, kernel.backward)
            + (w > 0 ? w * at(kernel.windowForward, kernel.windowBackward) : 0.0);
    }
    return matmulEfficiency > 0 ? (forward + backward) / (peakFlops * matmulEfficiency) : INFINITY;
}

const std::vector<std::string>& performanceDefaultKeys()
{
    static const std::vector<std::string> keys = {
        "compute_efficiency.peak.default",
        "compute_efficiency.peak.volta",
        "compute_efficiency.peak.turing",
        "compute_efficiency.peak.ampere",
        "compute_efficiency.peak.ada",
        "compute_efficiency.peak.hopper",
        "compute_efficiency.peak.blackwell",
        "compute_efficiency.peak.cdna3",
        "compute_efficiency.peak.class.datacenter-gddr",
        "compute_efficiency.peak.class.consumer",
        "compute_efficiency.hidden_half",
        "compute_efficiency.tokens_half",
        "attention_efficiency.ampere.forward",
        "attention_efficiency.ampere.backward",
        "attention_efficiency.hopper.forward.head_dim_64",
        "attention_efficiency.hopper.forward.head_dim_128",
        "attention_efficiency.hopper.backward.head_dim_64",
        "attention_efficiency.hopper.backward.head_dim_128",
        "attention_efficiency.hopper.causal",
        "attention_efficiency.hopper.cudnn.forward.head_dim_64",
        "attention_efficiency.hopper.cudnn.forward.head_dim_128",
        "attention_efficiency.hopper.cudnn.backward.head_dim_64",
        "attention_efficiency.hopper.cudnn.backward.head_dim_128",
        "attention_efficiency.hopper.cudnn.causal",
        "attention_efficiency.hopper.flash-attention-3.forward.head_dim_64",
        "attention_efficiency.hopper.flash-attention-3.forward.head_dim_128",
        "attention_efficiency.hopper.flash-attention-3.backward.head_dim_64",
        "attention_efficiency.hopper.flash-attention-3.backward.head_dim_128",
        "attention_efficiency.hopper.flash-attention-3.causal",
        "attention_efficiency.blackwell.cudnn.forward.head_dim_64",
        "attention_efficiency.blackwell.cudnn.forward.head_dim_128",
        "attention_efficiency.blackwell.cudnn.backward",
        "attention_efficiency.blackwell.cudnn.causal",
        "attention_efficiency.blackwell.cudnn.window_128.forward",
        "attention_efficiency.blackwell.cudnn.window_128.backward",
        "training_goodput",
        "goodput.failures_per_gpu_day",
        "spot.restart_minutes",
        "goodput.auto.eval_interval_steps",
        "goodput.auto.eval_steps",
        "goodput.megatron.eval_interval_steps",
        "goodput.megatron.eval_steps",
        "goodput.torchtitan.eval_interval_steps",
        "goodput.torchtitan.eval_steps",
        "goodput.deepspeed.eval_interval_steps",
        "goodput.deepspeed.eval_steps",
        "goodput.hf.eval_interval_steps",
        "goodput.hf.eval_steps",
        "goodput.automodel.eval_interval_steps",
        "goodput.automodel.eval_steps",
        "communication_overlap",
        "network.rdma_achieved_fraction",
        "network.tcp_achieved_fraction",
        "pcie.achieved_fraction",
        "pcie.fallback_gbps",
        "offload.cpu_adam_params_per_second",
        "optimizer.torch_adamw_foreach_accesses",
        "optimizer.clip_grad_norm_foreach_accesses",
        "deepspeed.bf16_optimizer_grad_bytes_per_parameter",
        "deepspeed.autograd_accumulate_grad_accesses",
        "deepspeed.unsplit_layer_forward_accesses",
        "deepspeed.unsplit_layer_backward_accesses",
        "deepspeed.unsplit_layer_dropout_masks",
        "data.bytes_per_token",
        "data.disk_throughput_mbps",
        "decode.bandwidth_efficiency",
        "decode.bandwidth_efficiency.int8",
        "decode.bandwidth_efficiency.int4",
        "collective.intra_node_latency_us",
        "collective.inter_node_latency_us",
        "moe.expert_load_imbalance",
        "moe.grouped_gemm_call_us",
        "moe.expert_kernel_call_us",
        "rules.min_vcpus_per_gpu",
        "rules.ram_gb_per_vcpu",
        "rules.min_disk_iops",
        "rules.min_network_gbps",
    };
    return keys;
}

} // namespace gp
