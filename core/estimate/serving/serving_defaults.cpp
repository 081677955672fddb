// Reads the serving defaults from the catalog; a catalog without a key gets the built-in catalog's value.
#include "estimate/serving/serving_defaults.h"
#include "base/finite_number.h"

#include "estimate/common/performance_defaults.h"
#include "estimate/serving/engine_hardware.h"
#include "estimate/serving/engine_release.h"
#include "estimate/serving/prefix_cache.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace gp
{

namespace
{

constexpr double kMiB = 1024.0 * 1024.0;

// A list-valued default (its "values"): the catalog's, else the built-in catalog's.
std::vector<int> catalogList(const Catalog& catalog, std::string_view key)
{
    for (const Catalog* c : { &catalog, &builtinCatalog() })
        if (const auto it = c->defaults.find(key); it != c->defaults.end())
            return it->second.values;
    return {};
}

// TensorRT-LLM keeps the capture sizes up to its largest decode-only batch, min(max_batch_size, max_num_tokens / (1 +
// draft tokens)), and adds that as the last size when a larger one was given (model_engine.py
// _filter_cuda_graph_batch_sizes), so a batch between the last kept size and the cap pads to the cap.
std::vector<int> cappedAt(std::vector<int> sizes, int cap)
{
    const auto kept = std::find_if(sizes.begin(), sizes.end(), [&](int size) { return size > cap; });
    if (kept == sizes.end())
        return sizes;
    sizes.erase(kept, sizes.end());
    if (sizes.empty() || sizes.back() != cap)
        sizes.push_back(cap);
    return sizes;
}

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
    d.samplerFullSortBytesPerLogit = get("serving.memory.sampler_bytes_per_logit_full_sort", 0, 1e4);
    d.nonTorchSingleBytes = get("serving.memory.non_torch_gib.single", 0, 1e3) * kGiB;
    d.nonTorchTensorParallelBytes = get("serving.memory.non_torch_gib.tensor_parallel", 0, 1e3) * kGiB;
    d.driverReservedBytes = get("serving.memory.driver_reserved_mib", 0, 1e6) * kMiB;
    d.decodeBandwidthEfficiency = get("serving.decode_bandwidth_efficiency", 0.01, 1);
    d.prefillComputeEfficiency = get("serving.prefill_compute_efficiency", 0.01, 1);
    d.stepOverheadSeconds = get("serving.step_overhead_ms", 0, 1e4) * 1e-3;
    d.requestOverheadSeconds = get("serving.request_overhead_ms", 0, 1e4) * 1e-3;
    d.moeRoutingSecondsPerLayer = get("serving.moe_routing_us_per_layer", 0, 1e5) * 1e-6;
    d.eagerLayerHostSeconds = get("serving.eager_layer_host_us", 0, 1e5) * 1e-6;
    d.rateHeadroom = get("serving.rate_headroom", 1, 100);
    d.marlinInt4BandwidthRatio = get("serving.kernel.marlin_int4_bandwidth_ratio", 0.1, 2);
    d.llamaCppQ8BandwidthRatio = get("serving.kernel.llama_cpp_q8_0_bandwidth_ratio", 0.1, 2);
    d.llamaCppQ4BandwidthRatio = get("serving.kernel.llama_cpp_q4_0_bandwidth_ratio", 0.1, 2);
    // Every engine's catalog segment comes from engineCatalogName (its plan code with '-' and '.' as '_').
    for (const auto& [code, kind] : detail::kServingEngines) {
        const std::string prefix = "serving.engine." + engineCatalogName(kind);
        d.cpuSecondsPerRequest[int(kind)] = get(prefix + ".cpu_us_per_request", 0, 1e4) * 1e-6;
        d.overlapsCpu[int(kind)] = get(prefix + ".overlaps_cpu", 0, 1) >= 0.5;
        d.splitsMixedAttention[int(kind)] = get(prefix + ".splits_mixed_attention", 0, 1) >= 0.5;
        d.cudaGraphBatchSizes[int(kind)] = catalogList(catalog, prefix + ".cuda_graph_batch_sizes");
    }
    // Release numbers (engine_release.h) up to 99.99.99.
    for (const ServingEngineKind kind : { ServingEngineKind::Vllm, ServingEngineKind::Sglang }) {
        const std::string prefix = "serving.engine." + engineCatalogName(kind);
        d.syncLoopThroughRelease[int(kind)] = int(get(prefix + ".sync_loop_through_version", 0, 999999));
        d.eagerPrefillThroughRelease[int(kind)] = int(get(prefix + ".eager_prefill_through_version", 0, 999999));
    }
    d.nvmeReadBytesPerSecondPerDrive = get("serving.prefix_cache.nvme_read_gbps_per_drive", 0.01, 1e4) * 1e9;
    const char* sglangTp[] = { "tp1", "tp2", "tp4", "tp8", "tp16" };
    for (int i = 0; i < 5; ++i)
        d.sglangMemFractionStatic[i]
            = get(std::string("serving.engine.sglang.mem_fraction_static.") + sglangTp[i], 0.01, 1);
    d.sglangSmallGpuBytes = get("serving.engine.sglang.small_gpu_gib", 0, 1e6) * kGiB;
    d.sglangChunkedPrefillLarge = int(get("serving.engine.sglang.chunked_prefill_size.large", 1, 1 << 24));
    d.sglangChunkedPrefillSmall = int(get("serving.engine.sglang.chunked_prefill_size.small", 1, 1 << 24));
    d.sglangMaxRunningRequests = int(get("serving.engine.sglang.max_running_requests", 1, 1 << 20));
    d.sglangScheduling.prefillOnlySteps = get("serving.engine.sglang.mixed_chunk", 0, 1) < 0.5;
    d.sglangScheduling.initNewTokenRatio = get("serving.engine.sglang.init_new_token_ratio", 0, 1);
    d.sglangScheduling.minNewTokenRatio
        = std::min(d.sglangScheduling.initNewTokenRatio, get("serving.engine.sglang.min_new_token_ratio", 0, 1));
    d.sglangScheduling.newTokenRatioDecay = get("serving.engine.sglang.new_token_ratio_decay", 0, 1);
    d.sglangScheduling.retractDecodeSteps = get("serving.engine.sglang.retract_decode_steps", 0, 1e6);
    d.trtllmFreeGpuMemoryFraction = get("serving.engine.tensorrt_llm.free_gpu_memory_fraction", 0.01, 1);
    d.trtllmMaxBatchSize = int(get("serving.engine.tensorrt_llm.max_batch_size", 1, 1 << 20));
    d.trtllmMaxNumTokens = int(get("serving.engine.tensorrt_llm.max_num_tokens", 1, 1 << 24));
    d.llamaCppParallel = int(get("serving.engine.llama_cpp.parallel", 1, 1 << 16));
    d.llamaCppCtxSize = int(get("serving.engine.llama_cpp.ctx_size", 1, 1 << 26));
    d.llamaCppBatchSize = int(get("serving.engine.llama_cpp.batch_size", 1, 1 << 24));
    d.llamaCppUbatchSize = int(get("serving.engine.llama_cpp.ubatch_size", 1, 1 << 24));
    for (SpeculativeMethod m : { SpeculativeMethod::Eagle, SpeculativeMethod::Eagle3, SpeculativeMethod::Mtp })
        d.speculative[int(m)] = speculativeMethodDefaults(catalog, m);
    d.lora = loraDefaults(catalog);
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

EngineSettings engineSettings(const Workload& w, const GpuSpec& gpu, const ServingDefaults& d, int tensorParallel)
{
    const ServingEngine& e = w.serving.engine;
    EngineSettings s;
    s.kind = e.kind;
    double memory = d.gpuMemoryUtilization;
    int seqs = 0, tokens = 0;
    switch (e.kind) {
    case ServingEngineKind::Vllm: {
        // vLLM picks larger scheduler limits on large GPUs, except A100s ("Setting large max_num_batched_tokens for
        // A100 reduces throughput"): the catalog's `serving_large_defaults` says which GPUs it leaves on the small
        // ones.
        const bool large = gpu.memoryBytes >= d.largeGpuBytes && gpu.servingLargeDefaults;
        seqs = large ? d.maxNumSeqsLarge : d.maxNumSeqsSmall;
        tokens = large ? d.maxNumBatchedTokensLarge : d.maxNumBatchedTokensSmall;
        break;
    }
    case ServingEngineKind::Sglang: {
        // server_args.py: mem_fraction_static falls as the tensor-parallel size grows (more communication buffers).
        const int t = std::max(1, tensorParallel);
        memory = d.sglangMemFractionStatic[t >= 16 ? 4 : t >= 8 ? 3 : t >= 4 ? 2 : t >= 2 ? 1 : 0];
        seqs = d.sglangMaxRunningRequests;
        tokens = gpu.memoryBytes < d.sglangSmallGpuBytes ? d.sglangChunkedPrefillSmall : d.sglangChunkedPrefillLarge;
        s.scheduling = d.sglangScheduling;
        break;
    }
    case ServingEngineKind::TensorRtLlm:
        memory = d.trtllmFreeGpuMemoryFraction;
        seqs = d.trtllmMaxBatchSize;
        tokens = d.trtllmMaxNumTokens;
        break;
    case ServingEngineKind::LlamaCpp:
        // llama-server: --parallel slots decode together, --batch-size tokens per llama_decode (decode tokens
        // first, prompt tokens after them up to it), the cache allocated for --ctx-size cells (llamacpp_engine.h).
        seqs = d.llamaCppParallel;
        tokens = d.llamaCppBatchSize;
        break;
    }
    s.gpuMemoryUtilization = e.gpuMemoryUtilization.value_or(memory);
    s.maxNumSeqs = e.maxNumSeqs.value_or(seqs);
    s.maxNumBatchedTokens = e.maxNumBatchedTokens.value_or(tokens);
    s.blockSize = std::max(1, e.blockSize.value_or(d.blockSize));
    s.requestTokens = e.maxModelLen.value_or(w.serving.promptTokens + w.serving.outputTokens);
    if (e.kind == ServingEngineKind::LlamaCpp) {
        // The unified cache holds --ctx-size cells for all slots; one request may use all of them.
        s.contextTokens = e.maxModelLen.value_or(d.llamaCppCtxSize);
        s.requestTokens = w.serving.promptTokens + w.serving.outputTokens; // the cache may hold less: none runs
        s.ubatchTokens = std::min(d.llamaCppUbatchSize, std::max(1, s.maxNumBatchedTokens));
        s.blockSize = 1; // a cache of single-token cells, not pages
    }
    s.prefixCacheHitRate = prefixDemand(w.serving, s.blockSize).hitRate; // the typed rate, or the shape's
    s.kvPrecision = servingKvPrecision(w);
    s.expertPrecision = expertComputePrecision(w, gpu);
    s.marlinInt4 = runsMarlinInt4(w, gpu);
    s.cpuSecondsPerRequest = d.cpuSecondsPerRequest[int(e.kind)];
    s.overlapsCpu = d.overlapsCpu[int(e.kind)];
    s.splitsMixedAttention = d.splitsMixedAttention[int(e.kind)];
    s.cudaGraphs = e.cudaGraphs;
    s.cudaGraphBatchSizes = e.cudaGraphBatchSizes.value_or(d.cudaGraphBatchSizes[int(e.kind)]);
    // The stated release's scheduler and graphs: a release no later than the engine's last synchronous one runs its
    // CPU work after the GPU's step; no later than its last eager-prefill one, it launches a prompt-carrying step's
    // kernels from the host. No release stated (or none parsed): today's, the catalog's defaults.
    s.statedRelease = parseEngineRelease(e.version).has_value();
    if (releaseAtMost(e.version, d.syncLoopThroughRelease[int(e.kind)]))
        s.overlapsCpu = false;
    s.eagerPrefill = e.cudaGraphs && releaseAtMost(e.version, d.eagerPrefillThroughRelease[int(e.kind)]);
    const SpeculativeMethod method = w.serving.speculative.method;
    s.speculative = speculativeSettings(w.serving.speculative, d.speculative[int(method)]);
    s.lora = loraSettings(w.serving.lora, s.kind, d.lora);
    if (e.kind == ServingEngineKind::TensorRtLlm) {
        // The largest decode-only batch: max_batch_size requests, or the token budget over each one's tokens.
        const double perRequest = std::max(1.0, s.speculative.verifiedTokens());
        const int cap = std::max(1, std::min(s.maxNumSeqs, int(std::max(1, s.maxNumBatchedTokens) / perRequest)));
        s.cudaGraphBatchSizes = cappedAt(std::move(s.cudaGraphBatchSizes), cap);
    }
    return s;
}

// TensorRT-LLM's MXFP4 MoE (tensorrt_llm/_torch/model_config.py get_mxfp4_quant_algo, NVIDIA/TensorRT-LLM as of
// 2026-11): without OVERRIDE_QUANT_ALGO it picks W4A8_MXFP4_MXFP8 (CUTLASS/TRTLLM backends; W4A8_MXFP4_FP8 with the
// Triton backend) when get_sm_version() >= 100, else W4A16_MXFP4. Both 8-bit activation forms run at the FP8 tensor
// rate; "the GPU runs MXFP8" is the catalog's capability for SM100 and later.
Precision expertComputePrecision(const Workload& w, const GpuSpec& gpu)
{
    if (w.serving.engine.kind == ServingEngineKind::TensorRtLlm && w.weightFormat == WeightFormat::Mxfp4
        && gpu.runsFormat("mxfp8"))
        return Precision::Fp8;
    return w.precision;
}

bool runsMarlinInt4(const Workload& w, const GpuSpec& gpu)
{
    const ServingEngineKind kind = w.serving.engine.kind;
    return w.weightFormat == WeightFormat::Int4
        && (kind == ServingEngineKind::Vllm || kind == ServingEngineKind::Sglang) && gpu.vendor == "nvidia"
        && gpu.tflops.bf16.has_value();
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
        "serving.memory.sampler_bytes_per_logit_full_sort",
        "serving.memory.non_torch_gib.single",
        "serving.memory.non_torch_gib.tensor_parallel",
        "serving.memory.driver_reserved_mib",
        "serving.decode_bandwidth_efficiency",
        "serving.prefill_compute_efficiency",
        "serving.step_overhead_ms",
        "serving.request_overhead_ms",
        "serving.moe_routing_us_per_layer",
        "serving.eager_layer_host_us",
        "serving.rate_headroom",
        "serving.kernel.marlin_int4_bandwidth_ratio",
        "serving.kernel.llama_cpp_q8_0_bandwidth_ratio",
        "serving.kernel.llama_cpp_q4_0_bandwidth_ratio",
        "serving.engine.vllm.cpu_us_per_request",
        "serving.engine.vllm.overlaps_cpu",
        "serving.engine.sglang.cpu_us_per_request",
        "serving.engine.sglang.overlaps_cpu",
        "serving.engine.tensorrt_llm.cpu_us_per_request",
        "serving.engine.tensorrt_llm.overlaps_cpu",
        "serving.engine.llama_cpp.cpu_us_per_request",
        "serving.engine.llama_cpp.overlaps_cpu",
        "serving.engine.vllm.splits_mixed_attention",
        "serving.engine.sglang.splits_mixed_attention",
        "serving.engine.tensorrt_llm.splits_mixed_attention",
        "serving.engine.llama_cpp.splits_mixed_attention",
        "serving.engine.vllm.cuda_graph_batch_sizes",
        "serving.engine.sglang.cuda_graph_batch_sizes",
        "serving.engine.tensorrt_llm.cuda_graph_batch_sizes",
        "serving.engine.llama_cpp.cuda_graph_batch_sizes",
        "serving.engine.vllm.sync_loop_through_version",
        "serving.engine.vllm.eager_prefill_through_version",
        "serving.engine.sglang.sync_loop_through_version",
        "serving.engine.sglang.eager_prefill_through_version",
        "serving.prefix_cache.nvme_read_gbps_per_drive",
        "serving.engine.sglang.mem_fraction_static.tp1",
        "serving.engine.sglang.mem_fraction_static.tp2",
        "serving.engine.sglang.mem_fraction_static.tp4",
        "serving.engine.sglang.mem_fraction_static.tp8",
        "serving.engine.sglang.mem_fraction_static.tp16",
        "serving.engine.sglang.small_gpu_gib",
        "serving.engine.sglang.chunked_prefill_size.large",
        "serving.engine.sglang.chunked_prefill_size.small",
        "serving.engine.sglang.max_running_requests",
        "serving.engine.sglang.mixed_chunk",
        "serving.engine.sglang.init_new_token_ratio",
        "serving.engine.sglang.min_new_token_ratio",
        "serving.engine.sglang.new_token_ratio_decay",
        "serving.engine.sglang.retract_decode_steps",
        "serving.engine.tensorrt_llm.free_gpu_memory_fraction",
        "serving.engine.tensorrt_llm.max_batch_size",
        "serving.engine.tensorrt_llm.max_num_tokens",
        "serving.engine.llama_cpp.parallel",
        "serving.engine.llama_cpp.ctx_size",
        "serving.engine.llama_cpp.batch_size",
        "serving.engine.llama_cpp.ubatch_size",
    };
    static const std::vector<std::string> all = [] {
        std::vector<std::string> out = keys;
        out.insert(out.end(), speculativeDefaultKeys().begin(), speculativeDefaultKeys().end());
        out.insert(out.end(), loraDefaultKeys().begin(), loraDefaultKeys().end());
        return out;
    }();
    return all;
}

} // namespace gp
