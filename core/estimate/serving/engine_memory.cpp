// vLLM V1 sizes the KV cache at start-up (gpu_worker.py determine_available_memory): requested memory =
// gpu_memory_utilization x total; a profiling forward at max_num_batched_tokens and a dummy sampler run at
// max_num_seqs set the activation peak; KV = requested - weights - peak - non-torch memory; the cache is cut
// into pages of block_size tokens (kv_cache_utils.py); maximum concurrency = tokens / max_model_len.
#include "estimate/serving/engine_memory.h"

#include "estimate/memory/memory_model.h"
#include "estimate/serving/llamacpp_engine.h"
#include "transformer/attention.h"
#include "transformer/layers.h"

#include <algorithm>
#include <cmath>

namespace gp
{

EngineMemory engineMemory(const ResolvedModel& model, const Workload& w, const Configuration& config,
    const Hardware& hw, const EngineSettings& engine, const ServingDefaults& d, const Assumptions& assumptions,
    const Catalog& catalog)
{
    EngineMemory m;
    const Architecture& arch = model.architecture;
    const int t = std::max(1, config.tensor);
    const int p = std::max(1, config.pipeline);
    const double total = hw.gpu.usableMemoryBytes.value_or(hw.gpu.memoryBytes);
    m.visibleBytes = std::max(0.0, total - d.driverReservedBytes);
    m.weightBytes = inferenceWeightBytesPerGpu(model, w, config);
    if (engine.kind == ServingEngineKind::LlamaCpp) // its GGUF head is quantized (llamacpp_engine.h)
        m.weightBytes -= llamaCppHeadSavingBytesPerGpu(model, w, t, p);
    // A speculative draft's weights beside the target's, at the target's bytes per parameter: a model's own MTP
    // modules as counted (DeepSeek-V3: one MoE layer and its 2h x h projection), else draft_layers of the target's
    // layers and the input projection; the embedding and head are the target's (shared).
    const SpeculativeSettings& spec = engine.speculative;
    const ParameterCounts& counts = model.parameters;
    if (spec.on() && counts.total > 0) {
        const double h = double(std::max<std::int64_t>(arch.hiddenSize, 0));
        const double draftParameters = spec.method == SpeculativeMethod::Mtp && counts.mtp > 0
            ? counts.mtp / std::max(1, arch.mtpModules) * std::min(spec.draftLayers, double(arch.mtpModules))
            : counts.perLayer * spec.draftLayers + spec.projectionInputs * h * h;
        m.draftWeightBytes = m.weightBytes * draftParameters / counts.total;
        m.weightBytes += m.draftWeightBytes;
    }
    // Many LoRA adapters: the slots the engine allocates beside the weights at start-up (lora_adapters.h).
    const double loraStageShare = p > 1 ? layersPerStage(totalLayers(arch), p) / std::max(1.0, totalLayers(arch)) : 1.0;
    m.loraBytes = loraFootprint(arch, engine.lora, t, loraStageShare, loraElementBytes()).gpuBytes;
    m.weightBytes += m.loraBytes;

    // The profiling forward: one sequence of max_num_batched_tokens tokens through the memory model's inference
    // working set (one layer live at a time, the last position's logits).
    Workload forward = w;
    forward.mode = Mode::Inference;
    // (llama.cpp sizes its compute buffer for one ubatch.)
    forward.inference.promptTokens
        = std::max(1, engine.ubatchTokens > 0 ? engine.ubatchTokens : engine.maxNumBatchedTokens);
    forward.inference.outputTokens = 0;
    forward.inference.kvCachePrecision = engine.kvPrecision;
    Configuration one = config;
    one.microBatchSize = 1;
    const MemoryBreakdown pass = estimateMemory(model, forward, one, hw, assumptions, catalog);
    const double forwardPeak = pass.activations + pass.logits;
    // The dummy sampler run after it (vllmSamplerPeakBytes).
    const double sampler = vllmSamplerPeakBytes(double(std::min(engine.maxNumSeqs, engine.maxNumBatchedTokens)),
        double(std::max<std::int64_t>(arch.vocabSize, 0)), double(std::max<std::int64_t>(arch.hiddenSize, 0)),
        double(engine.maxNumBatchedTokens), d);
    m.activationPeakBytes = engine.kind == ServingEngineKind::Vllm ? std::max(forwardPeak, sampler) : forwardPeak;
    m.nonTorchBytes = t * p > 1 ? d.nonTorchTensorParallelBytes : d.nonTorchSingleBytes;
    switch (engine.kind) {
    case ServingEngineKind::Vllm:
        m.engineBytes = engine.gpuMemoryUtilization * m.visibleBytes;
        m.kvBudgetBytes = m.engineBytes - m.weightBytes - m.activationPeakBytes - m.nonTorchBytes;
        break;
    case ServingEngineKind::Sglang:
        // SGLang (server_args.py): mem_fraction_static of the GPU holds the weights and the KV pool; activations,
        // CUDA graphs and communicators live in the rest.
        m.engineBytes = engine.gpuMemoryUtilization * m.visibleBytes;
        m.kvBudgetBytes = m.engineBytes - m.weightBytes;
        break;
    case ServingEngineKind::TensorRtLlm: {
        // TensorRT-LLM (KvCacheConfig.free_gpu_memory_fraction): the KV cache takes that share of the memory left
        // free once the weights and the runtime's buffers are in place.
        const double free = m.visibleBytes - m.weightBytes - m.activationPeakBytes - m.nonTorchBytes;
        m.kvBudgetBytes = free > 0 ? engine.gpuMemoryUtilization * free : free;
        m.engineBytes = m.weightBytes + m.activationPeakBytes + m.nonTorchBytes + std::max(0.0, m.kvBudgetBytes);
        break;
    }
    case ServingEngineKind::LlamaCpp:
        break; // after the bytes per token, below
    }

    // vLLM counts the cache in tokens of every layer (its "GPU KV cache size" line: one page per layer per token);
    // a request needs its full-context layers at its length and its local (sliding-window) layers at the window,
    // which is what "Maximum concurrency" counts (kvCacheBytes, the one KV rule).
    const double layers = std::max(1.0, kvCacheLayers(arch));
    const double stageShare = p > 1 ? layersPerStage(layers, p) / layers : 1.0;
    // The draft's layers keep their own KV in the same cache (vLLM registers them as layers of the KV cache spec).
    const double perLayer = kvCacheBytesPerTokenPerLayer(arch, engine.kvPrecision, t);
    m.draftKvBytesPerToken = spec.on() ? perLayer * spec.draftLayers : 0.0;
    m.kvBytesPerToken = perLayer * kvCacheLayers(arch) * stageShare + m.draftKvBytesPerToken;
    if (engine.kind == ServingEngineKind::LlamaCpp)
        llamaCppCache(m, engine.contextTokens);
    const double page = m.kvBytesPerToken * std::max(1, engine.blockSize);
    if (m.kvBudgetBytes > 0 && page > 0) {
        const double blocks = std::floor(m.kvBudgetBytes / page);
        m.kvCacheTokens = static_cast<std::int64_t>(std::min(blocks * engine.blockSize, 1e15));
    }
    if (engine.kind == ServingEngineKind::LlamaCpp && m.kvBudgetBytes > 0)
        m.kvCacheTokens = engine.contextTokens; // whole cells, not pages
    const double length = double(std::max<std::int64_t>(engine.requestTokens, 1));
    // A hybrid's request also holds its recurrent state, once, whatever its length (in kvCacheBytes).
    m.stateBytesPerRequest = recurrentStateBytes(arch, t) * stageShare;
    // The sliding-window layers' share of a token (TensorRT-LLM gives them full-length blocks: see KvCharge).
    const AttentionShape shape = attentionShape(arch);
    const bool fullLengthWindows
        = engine.kind == ServingEngineKind::TensorRtLlm || engine.kind == ServingEngineKind::LlamaCpp;
    if (!fullLengthWindows && shape.window > 0 && m.kvBytesPerToken > 0) {
        m.kvCharge.windowShare = perLayer * std::min(layers, shape.windowLayers) * stageShare / m.kvBytesPerToken;
        m.kvCharge.windowTokens = shape.window;
    }
    const double perRequest = m.kvCharge.tokens(length) * m.kvBytesPerToken + m.stateBytesPerRequest;
    m.kvCapacityRequests = perRequest > 0 ? double(m.kvCacheTokens) * m.kvBytesPerToken / perRequest : 0.0;
    if (engine.kind == ServingEngineKind::Vllm && m.stateBytesPerRequest > 0 && m.kvBudgetBytes > 0) {
        const VllmHybridPages pages = vllmHybridPages(arch, engine, t, stageShare, m.kvBudgetBytes, length);
        m.kvCapacityRequests = pages.requests;
        m.kvCharge = {}; // counted in whole requests of the full length
        m.kvCacheTokens = static_cast<std::int64_t>(std::min(std::floor(pages.requests * length), 1e15));
    }
    m.maxConcurrency = static_cast<std::int64_t>(std::floor(m.kvCapacityRequests + 1e-9));
    return m;
}

double vllmSamplerPeakBytes(
    double rows, double vocabulary, double hiddenSize, double tokenBudget, const ServingDefaults& d)
{
    if (!(rows > 0))
        return 0.0;
    const double perLogit
        = rows > 1 && rows < kTorchSegmentedSortMinRows ? d.samplerFullSortBytesPerLogit : d.samplerBytesPerLogit;
    const double heldHidden = (tokenBudget + 2 * rows) * hiddenSize * bytesPerElement(KvPrecision::Bf16);
    return rows * vocabulary * perLogit + heldHidden;
}

VllmHybridPages vllmHybridPages(const Architecture& arch, const EngineSettings& engine, int tensorParallel,
    double stageShare, double budgetBytes, double requestTokens)
{
    VllmHybridPages p;
    const double attentionPerToken = kvCacheBytesPerTokenPerLayer(arch, engine.kvPrecision, tensorParallel);
    const double statePage = recurrentStateBytesPerLayer(arch, tensorParallel);
    const double align = std::max(1, engine.blockSize);
    if (!(attentionPerToken > 0) || !(statePage > 0))
        return p;
    // The attention block grows, in multiples of the kernel's alignment, until its page holds one layer's state.
    p.blockTokens = std::max(align, align * std::ceil(statePage / (align * attentionPerToken)));
    p.pageBytes = p.blockTokens * attentionPerToken;
    const double attention = std::ceil(kvCacheLayers(arch) * stageShare);
    const double recurrent = std::ceil((linearAttentionLayers(arch) + mambaLayers(arch)) * stageShare);
    p.groupLayers = std::max(1.0, std::min(attention, recurrent));
    p.attentionGroups = std::ceil(attention / p.groupLayers);
    p.recurrentGroups = std::ceil(recurrent / p.groupLayers);
    p.blocks = std::floor(budgetBytes / (p.pageBytes * p.groupLayers));
    p.blocksPerRequest
        = p.attentionGroups * std::ceil(requestTokens / p.blockTokens) + p.recurrentGroups * kVllmStateBlocksPerRequest;
    p.requests = p.blocksPerRequest > 0 ? p.blocks / p.blocksPerRequest : 0.0;
    return p;
}

} // namespace gp
