// Reads the serving defaults from the catalog; a catalog without a key gets the built-in catalog's value.
#include "estimate/serving/serving_defaults.h"
#include "base/finite_number.h"

#include "estimate/common/performance_defaults.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

} // namespace

ServingDefaults servingDefaults(const Catalog& catalog, const Assumptions& a)
{
    auto get = [&](std::string_view key, double lo, double hi) { return catalogDefault(catalog, key, lo, hi); };
    ServingDefaults d;
    d.gpuMemoryUtilization = get("serving.engine.gpu_memory_utilization", 0.01, 1);
    d.blockSize = int(get("serving.engine.block_size", 1, 4096));
    d.largeGpuBytes = get("serving.engine.large_gpu_gib", 0, 1e6) * kGiB;
    d.maxNumSeqsLarge = int(get("serving.engine.max_num_seqs.large", 1, 1 << 20));
    d.maxNumSeqsSmall = int(get("serving.engine.max_num_seqs.small", 1, 1 << 20));
    d.maxNumBatchedTokensLarge = int(get("serving.engine.max_num_batched_tokens.large", 1, 1 << 24));
    d.maxNumBatchedTokensSmall = int(get("serving.engine.max_num_batched_tokens.small", 1, 1 << 24));
    d.samplerBytesPerLogit = get("serving.memory.sampler_bytes_per_logit", 0, 1e4);
    d.nonTorchSingleBytes = get("serving.memory.non_torch_gib.single", 0, 1e3) * kGiB;
    d.nonTorchTensorParallelBytes = get("serving.memory.non_torch_gib.tensor_parallel", 0, 1e3) * kGiB;
    d.driverReservedBytes = get("serving.memory.driver_reserved_mib", 0, 1e6) * kMiB;
    d.decodeBandwidthEfficiency = get("serving.decode_bandwidth_efficiency", 0.01, 1);
    d.prefillComputeEfficiency = get("serving.prefill_compute_efficiency", 0.01, 1);
    d.stepOverheadSeconds = get("serving.step_overhead_ms", 0, 1e4) * 1e-3;
    d.moeRoutingSecondsPerLayer = get("serving.moe_routing_us_per_layer", 0, 1e5) * 1e-6;
    d.rateHeadroom = get("serving.rate_headroom", 1, 100);
    if (a.servingDecodeBandwidthEfficiency && *a.servingDecodeBandwidthEfficiency > 0)
        d.decodeBandwidthEfficiency = std::min(1.0, *a.servingDecodeBandwidthEfficiency);
    if (a.servingPrefillComputeEfficiency && *a.servingPrefillComputeEfficiency > 0)
        d.prefillComputeEfficiency = std::min(1.0, *a.servingPrefillComputeEfficiency);
    if (a.servingStepOverheadSeconds && *a.servingStepOverheadSeconds >= 0)
        d.stepOverheadSeconds = *a.servingStepOverheadSeconds;
    return d;
}

KvPrecision servingKvPrecision(const Workload& w)
{
    if (w.serving.kvCachePrecision)
        return *w.serving.kvCachePrecision;
    return w.precision == Precision::Fp16 ? KvPrecision::Fp16 : KvPrecision::Bf16;
}

EngineSettings engineSettings(const Workload& w, const GpuSpec& gpu, const ServingDefaults& d)
{
    const ServingEngine& e = w.serving.engine;
    // vLLM picks larger scheduler limits on large GPUs, except A100s ("Setting large max_num_batched_tokens for A100
    // reduces throughput"): the catalog's `serving_large_defaults` says which GPUs it leaves on the small ones.
    const bool large = gpu.memoryBytes >= d.largeGpuBytes && gpu.servingLargeDefaults;
    EngineSettings s;
    s.gpuMemoryUtilization = e.gpuMemoryUtilization.value_or(d.gpuMemoryUtilization);
    s.maxNumSeqs = e.maxNumSeqs.value_or(large ? d.maxNumSeqsLarge : d.maxNumSeqsSmall);
    s.maxNumBatchedTokens = e.maxNumBatchedTokens.value_or(large ? d.maxNumBatchedTokensLarge : d.maxNumBatchedTokensSmall);
    s.blockSize = std::max(1, e.blockSize.value_or(d.blockSize));
    s.requestTokens = e.maxModelLen.value_or(w.serving.promptTokens + w.serving.outputTokens);
    s.prefixCacheHitRate = std::clamp(e.prefixCacheHitRate, 0.0, 0.999);
    s.kvPrecision = servingKvPrecision(w);
    return s;
}

const std::vector<std::string>& servingDefaultKeys()
{
    static const std::vector<std::string> keys = {
        "serving.engine.gpu_memory_utilization",
        "serving.engine.block_size",
        "serving.engine.large_gpu_gib",
        "serving.engine.max_num_seqs.large",
        "serving.engine.max_num_seqs.small",
        "serving.engine.max_num_batched_tokens.large",
        "serving.engine.max_num_batched_tokens.small",
        "serving.memory.sampler_bytes_per_logit",
        "serving.memory.non_torch_gib.single",
        "serving.memory.non_torch_gib.tensor_parallel",
        "serving.memory.driver_reserved_mib",
        "serving.decode_bandwidth_efficiency",
        "serving.prefill_compute_efficiency",
        "serving.step_overhead_ms",
        "serving.moe_routing_us_per_layer",
        "serving.rate_headroom",
    };
    return keys;
}

} // namespace gp
