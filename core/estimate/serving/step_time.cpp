// Decode work reuses the inference speed model (estimate/time/inference_speed.cpp: weights + KV bytes over the
// achieved bandwidth, FLOPs over the achieved peak, two all-reduces per layer) at the serving engine's achieved
// bandwidth; the per-step overhead is the engine's CPU time the GPU waits on. A step's tokens share one pass over
// the weights: decode tokens and prompt tokens of prefill chunks (vLLM V1 scheduler: running requests first, then
// waiting prompts fill the max_num_batched_tokens budget) add their FLOPs, so a step full of prompt tokens is
// compute-bound and no steady state computes faster than the achieved peak. In MoE layers
// the routed experts' GEMMs see only their routed rows (vLLM fused_moe), so they run at a lower efficiency, and
// each step pays the layers' latency-bound routing kernels (serving.moe_routing_us_per_layer). A step's kernels run
// one after another on one stream, so its GPU time is the sum over them of each one's longer of reads and FLOPs
// (gpuWorkAt): the attention kernel (KV reads, attention FLOPs), the routed experts' GEMMs, the other GEMMs.
#include "estimate/serving/step_time.h"
#include "base/finite_number.h"
#include "estimate/serving/llamacpp_engine.h"

#include "estimate/time/communication_model.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>

namespace gp
{

ReplicaSteps::ReplicaSteps(const ResolvedModel& model, const Workload& workload, const Configuration& config,
    const Hardware& hw, const EngineSettings& engine, const ServingDefaults& d, const Catalog& catalog,
    const Assumptions& assumptions)
    : m_model(model)
    , m_workload(workload)
    , m_config(config)
    , m_hardware(hw)
{
    const ServingSpec& s = workload.serving;
    m_prompt = double(std::max<std::int64_t>(s.promptTokens, 1));
    m_output = double(std::max<std::int64_t>(s.outputTokens, 1));
    m_workload.mode = Mode::Inference;
    m_workload.inference.promptTokens = s.promptTokens;
    m_workload.inference.outputTokens = s.outputTokens;
    m_workload.inference.kvCachePrecision = engine.kvPrecision;
    // The serving engine's achieved bandwidth replaces the single-stream figure; quantized weights keep the time
    // model's measured ratio to 16-bit decode.
    Assumptions a = assumptions;
    a.memoryBandwidthEfficiency = d.decodeBandwidthEfficiency;
    m_performance = performanceDefaults(catalog, a, hw.gpu.gpuClass, hw.gpu.architecture, m_workload.attentionKernel);
    // The engine's int4 kernel: Marlin reads the 4-bit weights at the 16-bit kernel's bandwidth (serve-marlin).
    if (engine.marlinInt4)
        m_performance.decodeBandwidthInt4 = std::min(1.0, m_performance.decodeBandwidth * d.marlinInt4BandwidthRatio);
    // llama.cpp multiplies 8- and 4-bit weights in its own matrix-vector kernels (mmvq: Q8_0, Q4_0 blocks dotted with
    // the activations quantized to q8_1), at their measured share of its 16-bit kernel's bandwidth.
    if (engine.kind == ServingEngineKind::LlamaCpp) {
        m_performance.decodeBandwidthInt8 = std::min(1.0, m_performance.decodeBandwidth * d.llamaCppQ8BandwidthRatio);
        m_performance.decodeBandwidthInt4 = std::min(1.0, m_performance.decodeBandwidth * d.llamaCppQ4BandwidthRatio);
    }
    m_peakTflops = peakTflops(hw.gpu, m_workload.precision).value_or(0);
    setUpHostWork(engine, d);
    m_budget = std::max(1, engine.maxNumBatchedTokens);
    // Each MoE layer routes its tokens before the expert GEMMs and combines their outputs after: top-k selection,
    // the expert sort (moe_align_block_size) and the k-way sum, small kernels on a few thread blocks whose time at
    // decode batches is their latency, not their bytes. Every forward step runs them in every MoE layer, on every
    // tensor rank, one stage after another.
    const Architecture& arch = model.architecture;
    m_moe = arch.numExperts > 1;
    m_routing = m_moe ? moeLayers(arch) * d.moeRoutingSecondsPerLayer : 0.0;

    // Decode: the inference speed model at one and two requests; KV reads, FLOPs and all-reduce bytes grow by the
    // same amount with each further request, the weights read stay (dense) or grow with the experts touched (MoE).
    const double bandwidth = positiveOrZero(hw.gpu.memoryBandwidthGBps) * 1e9;
    const double kvBw = bandwidth * m_performance.decodeBandwidth;
    Configuration one = m_config;
    one.microBatchSize = 1;
    const InferenceSpeed s1 = estimateInferenceSpeed(m_model, m_workload, one, m_hardware, m_performance, m_peakTflops);
    m_kvPerRequest = kvBw > 0 ? s1.kvBytesPerGpu / kvBw : INFINITY;
    // Length spreads (serving.traffic): the decoded tokens' mean context is E[p] + E[g^2] / (2 E[g]), longer than
    // the mean lengths' p + g / 2 when outputs vary, since long outputs decode most of the tokens.
    m_traffic = trafficShape(s);
    m_kvPerContextToken = m_kvPerRequest / (m_prompt + m_output / 2);
    m_kvPerRequest *= m_traffic.contextScale;
    m_denseWeightSeconds = std::max(0.0, s1.decodeMemorySeconds - m_kvPerContextToken * (m_prompt + m_output / 2));
    // llama.cpp's file holds the output head quantized (llamacpp_engine.h), read at the weights' rate: fewer bytes than
    // the inference speed model's head at the compute precision.
    if (engine.kind == ServingEngineKind::LlamaCpp && s1.weightBytesPerGpu > 0) {
        const double saved = llamaCppHeadSavingBytesPerGpu(model, m_workload, config.tensor, config.pipeline);
        m_headSavingSeconds = m_denseWeightSeconds * std::min(1.0, saved / s1.weightBytesPerGpu);
        m_denseWeightSeconds -= m_headSavingSeconds;
    }
    setUpDecodeExperts(s1.decodeComputeSeconds, peakTflops(hw.gpu, engine.expertPrecision).value_or(m_peakTflops),
        engine.expertPrecision != m_workload.precision);

    // Prefill: the prompt tokens not found in the prefix cache, in chunks of the token budget.
    const double budget = double(m_budget);
    m_computed = std::max(1.0, std::round(m_prompt * (1.0 - engine.prefixCacheHitRate)));
    const ForwardFlops f = forwardFlopsPerToken(arch, model.parameters, m_workload, m_prompt, true);
    const double chunkTokens = std::min(m_computed, budget);
    // GEMM efficiency falls with the rows it multiplies (the time model's tokens-per-micro-batch curve).
    const auto efficiencyAt
        = [&](double rows) { return d.prefillComputeEfficiency * rows / (rows + m_performance.tokensHalf); };
    const double t = std::max(1, config.tensor);
    const double peak = positiveOrZero(m_peakTflops) * 1e12;
    // Routed experts (vLLM fused_moe.py): the chunk's tokens are sorted by expert (moe_align_block_size) and each
    // expert multiplies only the rows routed to it, chunk x k / E with uniform routing, so the experts' share of the
    // FLOPs runs at the efficiency of those smaller GEMMs, not the chunk's.
    const double experts = m_moe ? positiveOrZero(f.experts) : 0.0;
    const double e = std::max(1.0, double(arch.numExperts));
    const double rowsPerExpert = routedRowsPerExpert(arch, chunkTokens);
    const double denseFlops = m_computed * (f.matmul - experts + f.adapters) + f.head; // last logits
    const double expertFlops = m_computed * experts;
    // The experts' GEMMs at the rate of the engine's MoE kernel (engine.expertPrecision), the rest at the plan's.
    const double expertPeak = engine.expertPrecision == m_workload.precision
        ? peak
        : positiveOrZero(peakTflops(hw.gpu, engine.expertPrecision).value_or(m_peakTflops)) * 1e12;
    const double denseAchieved = peak * efficiencyAt(chunkTokens);
    const double expertAchieved = expertPeak * efficiencyAt(rowsPerExpert);
    // The attention core in the flash-attention kernel, at its measured forward efficiency where known (the time
    // model's rule); else as a GEMM of the chunk.
    const AttentionEfficiency kernel = m_workload.flashAttention
        ? attentionKernelEfficiency(
            m_performance, attentionHeadDim(arch), arch.kind != ModelKind::Encoder, m_workload.attentionKernel)
        : AttentionEfficiency {};
    const double attentionSeconds
        = attentionCoreSeconds(kernel, m_computed * positiveOrZero(f.attention), 0, peak, efficiencyAt(chunkTokens));
    m_prefillPerToken = denseAchieved > 0 && expertAchieved > 0
        ? (denseFlops / denseAchieved + expertFlops / expertAchieved + attentionSeconds) / t / m_computed
        : INFINITY;
    m_prefillDensePerToken = denseAchieved > 0 ? denseFlops / denseAchieved / t / m_computed : 0.0;
    m_prefillAttentionPerToken = std::isfinite(attentionSeconds) ? attentionSeconds / t / m_computed : INFINITY;
    m_prefillRows = chunkTokens;
    m_prefillRowsHalf = m_performance.tokensHalf;
    m_expertPrefillPerToken = expertAchieved > 0 ? expertFlops / expertAchieved / t / m_computed : 0.0;
    // ...and after the second expert GEMM a memory-bound kernel sums each token's k routed outputs (fused_moe.py
    // moe_sum over intermediate_cache3): it reads k and writes one hidden vector per token and MoE layer, on every
    // tensor rank (each holds partial sums of the whole hidden vector).
    const double hbm = bandwidth * m_performance.decodeBandwidth;
    if (experts > 0 && std::isfinite(m_prefillPerToken)) {
        const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
        const double combineBytes = moeLayers(arch) * (k + 1) * positiveOrZero(double(arch.hiddenSize))
            * bytesPerElement(m_workload.precision);
        m_prefillPerToken = hbm > 0 ? m_prefillPerToken + combineBytes / hbm : INFINITY;
    }
    // Tensor parallelism: two all-reduces of every token's hidden state per layer and step (Megatron-LM layout).
    if (t > 1) {
        const bool network = t > hw.gpusPerNode;
        const double bus = network ? nodeNetworkGBps(hw, m_performance) * std::max(1, hw.gpusPerNode) / t
                                   : intraNodeBusGBps(hw, m_performance);
        const double latency = network ? m_performance.networkLatencySeconds : m_performance.allReduceLatencySeconds;
        const double bytesPerToken = 2.0 * (t - 1) / t * positiveOrZero(double(arch.hiddenSize)) * 2;
        m_commLatency = 2 * totalLayers(arch) * latency;
        m_commPerToken = 2 * totalLayers(arch) * (bus > 0 ? bytesPerToken / (bus * 1e9) : INFINITY);
    }
    m_speculative = engine.speculative;
    if (m_speculative.on())
        setUpDraft(f.matmul, f.head);
    if (engine.lora.on()) {
        // LoRA's shrink and expand kernels: their slot reads at the decode bandwidth, their FLOPs at the efficiency of
        // GEMMs of one adapter's rows of a step (a prefill chunk), adapters loaded over the host link.
        const double stageShare
            = layersPerStage(totalLayers(arch), std::max(1, config.pipeline)) / std::max(1.0, totalLayers(arch));
        const LoraFootprint fp = loraFootprint(arch, engine.lora, config.tensor, stageShare, loraElementBytes());
        const double pcie = pcieGBps(hw, catalog, m_performance) * 1e9;
        m_lora = loraStepCost(
            engine.lora, fp, hbm, peak * efficiencyAt(chunkTokens), std::isfinite(pcie) ? pcie : 0.0, m_computed);
    }
}

// The host's part of a step: the engine's fixed overhead, the launches an eager engine (or an eager prefill) makes,
// the CUDA-graph sizes decode steps pad to, and the CPU work per request.
void ReplicaSteps::setUpHostWork(const EngineSettings& engine, const ServingDefaults& d)
{
    m_overhead = d.stepOverheadSeconds;
    // Eager (no CUDA graphs): the host launches each layer's kernels one by one; each pipeline stage's host launches
    // its own layers. llama.cpp's launches are C++ and in the step overhead already.
    // A release that replays graphs for decode steps only launches a prompt-carrying step's kernels the same way.
    const double stageLaunches
        = totalLayers(m_model.architecture) / std::max(1, m_config.pipeline) * d.eagerLayerHostSeconds;
    if (engine.kind != ServingEngineKind::LlamaCpp) {
        m_eagerLaunch = engine.cudaGraphs ? 0.0 : stageLaunches;
        m_eagerPrefill = engine.cudaGraphs && engine.eagerPrefill ? stageLaunches : 0.0;
    }
    // A decode-only step replays the graph captured for the smallest listed batch size holding its requests: the
    // padding rows (TensorRT-LLM's dummy generation requests, vLLM's and SGLang's padded inputs) run every GEMM and
    // read the experts they route to, but hold no context, so their KV reads are not counted.
    if (engine.cudaGraphs)
        m_graphBatchSizes = engine.cudaGraphBatchSizes;
    m_cpuPerRequest = engine.cpuSecondsPerRequest;
    m_overlapsCpu = engine.overlapsCpu;
    m_splitsMixedAttention = engine.splitsMixedAttention;
    m_requestOverhead = d.requestOverheadSeconds;
}

// The decode token's compute time (the inference speed model counts every FLOP at the plan's precision), with its
// routed experts' FLOPs at the experts' rate, and for an MoE the part of it in the experts' kernels and the weights
// every step reads besides the routed experts.
void ReplicaSteps::setUpDecodeExperts(double decodeComputeSeconds, double expertTflops, bool expertsAtOwnRate)
{
    m_computePerDecode = decodeComputeSeconds;
    const Architecture& arch = m_model.architecture;
    const ForwardFlops fd = forwardFlopsPerToken(arch, m_model.parameters, m_workload, m_prompt + m_output / 2, false);
    // The attention kernel's share of the FLOPs (scores and weighted sum over the context): a kernel of its own.
    m_attentionComputePerDecode
        = fd.total() > 0 ? decodeComputeSeconds * std::clamp(positiveOrZero(fd.attention) / fd.total(), 0.0, 1.0) : 0.0;
    if (!m_moe)
        return;
    const double share = fd.total() > 0 ? std::clamp(positiveOrZero(fd.experts) / fd.total(), 0.0, 1.0) : 0.0;
    const double rateRatio
        = expertsAtOwnRate && expertTflops > 0 && m_peakTflops > 0 ? m_peakTflops / expertTflops : 1.0;
    m_expertComputePerDecode = decodeComputeSeconds * share * rateRatio;
    m_computePerDecode = decodeComputeSeconds * (1 - share) + m_expertComputePerDecode;
    // The touched experts' share of the reads is 1 - (1 - k/E)^tokens (weightSeconds), so two batches give the
    // experts' whole reads and the rest.
    const double e = std::max(1.0, double(arch.numExperts));
    const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
    const double one = k / e, many = 1 - std::pow(1 - k / e, 512.0);
    const double allExperts = many > one ? std::max(0.0, (weightSeconds(512) - weightSeconds(1)) / (many - one)) : 0.0;
    m_nonExpertWeightSeconds = std::max(0.0, weightSeconds(1) - allExperts * one);
}

// The draft of EAGLE, EAGLE-3 and MTP is the target's kind of decoder layer (draft_layers of them) behind an input
// projection of projection_inputs x hidden -> hidden (EAGLE's fc over [embedding, feature]; EAGLE-3's over three
// layers' features; DeepSeek-V3's MTP projection M over [hidden, embedding]), and it reads the target's output head
// (EAGLE and MTP share it; EAGLE-3's head over its smaller draft vocabulary reads less, so this is an upper bound).
// Each draft forward reads the draft's share of the weights the target reads at that batch, the head and the
// projection, its own layer's KV for every request, and computes its share of a decode token's FLOPs.
void ReplicaSteps::setUpDraft(double matmulFlops, double headFlops)
{
    const Architecture& arch = m_model.architecture;
    m_tokensPerStep = expectedTokensPerStep(m_speculative.acceptanceRate, m_speculative.draftTokens);
    const double layers = std::max(1.0, totalLayers(arch));
    m_draftLayerShare = std::clamp(m_speculative.draftLayers / layers, 0.0, 1.0);
    const double t = std::max(1, m_config.tensor);
    const double hbm = positiveOrZero(m_hardware.gpu.memoryBandwidthGBps) * 1e9 * m_performance.decodeBandwidth;
    const double hidden = positiveOrZero(double(arch.hiddenSize));
    const double elementBytes = bytesPerElement(m_workload.precision);
    const double headBytes = positiveOrZero(double(arch.vocabSize)) * hidden * elementBytes / t;
    const double projectionBytes = m_speculative.projectionInputs * hidden * hidden * elementBytes / t;
    m_headSeconds = hbm > 0 ? headBytes / hbm : INFINITY;
    m_draftProjectionSeconds = hbm > 0 ? projectionBytes / hbm : INFINITY;
    const double kvLayers = std::max(1.0, kvCacheLayers(arch));
    m_draftKvPerRequest = m_kvPerRequest * std::min(m_speculative.draftLayers, kvLayers) / kvLayers;
    // A decode token's compute time split by FLOPs: the draft runs its layers' share, the head and the projection.
    const double targetFlops = positiveOrZero(matmulFlops) + positiveOrZero(headFlops);
    const double draftFlops = positiveOrZero(matmulFlops) * m_draftLayerShare + positiveOrZero(headFlops)
        + 2 * m_speculative.projectionInputs * hidden * hidden;
    m_draftComputePerToken = targetFlops > 0 ? m_computePerDecode * draftFlops / targetFlops : 0.0;
}

double ReplicaSteps::draftSeconds(double decodeTokens) const
{
    if (!m_speculative.on() || !(decodeTokens > 0))
        return 0.0;
    if (decodeTokens == m_draftMemoTokens)
        return m_draftMemoSeconds;
    const double nd = decodeTokens;
    const double body = std::max(0.0, weightSeconds(nd) - m_headSeconds) * m_draftLayerShare;
    const double memory = body + m_headSeconds + m_draftProjectionSeconds;
    const double compute = nd * m_draftComputePerToken;
    const double comm = m_draftLayerShare * (m_commLatency + nd * m_commPerToken + m_routing);
    m_draftMemoTokens = nd;
    // Its attention kernel reads its KV after the GEMMs before it (gpuWorkAt), its GEMMs the longer of their two.
    m_draftMemoSeconds = m_speculative.draftTokens * (nd * m_draftKvPerRequest + std::max(memory, compute) + comm);
    return m_draftMemoSeconds;
}

double ReplicaSteps::weightSeconds(double tokens) const
{
    if (!m_moe)
        return m_denseWeightSeconds;
    // Routed experts a step's tokens touch: E x (1 - (1 - k/E)^tokens) (the inference speed model's rule); past a
    // few hundred tokens every expert is read.
    const int batch = int(std::clamp(std::ceil(tokens), 1.0, 512.0));
    const std::size_t index = std::size_t(batch - 1);
    if (index >= m_moeWeights.size())
        m_moeWeights.resize(index + 1, -1.0);
    if (m_moeWeights[index] < 0) {
        Configuration c = m_config;
        c.microBatchSize = batch;
        const InferenceSpeed s
            = estimateInferenceSpeed(m_model, m_workload, c, m_hardware, m_performance, m_peakTflops);
        m_moeWeights[index] = std::max(
            0.0, s.decodeMemorySeconds - batch * m_kvPerContextToken * (m_prompt + m_output / 2) - m_headSavingSeconds);
    }
    return m_moeWeights[index];
}

double ReplicaSteps::graphBatch(double requests) const
{
    const auto size = std::lower_bound(
        m_graphBatchSizes.begin(), m_graphBatchSizes.end(), requests - 1e-9, [](int s, double r) { return s < r; });
    return size == m_graphBatchSizes.end() ? requests : std::max(requests, double(*size));
}

double ReplicaSteps::stepTime(double decodeTokens, double prefillTokens, bool speculate) const
{
    const double nd = std::max(0.0, decodeTokens);
    const double np = std::max(0.0, prefillTokens);
    // Verification: each decoding request's drafts and its last token through the target, its KV read once; a
    // decode-only step at its graph's batch size.
    const double rows = np > 0 || nd <= 0 ? nd : graphBatch(nd);
    const double verified = rows * (speculate ? m_speculative.verifiedTokens() : 1.0);
    return withEngineCpu(gpuWork(verified, np, weightSeconds(verified + np), nd * m_kvPerRequest) + m_commLatency
                   + (verified + np) * m_commPerToken + m_routing + (speculate ? draftSeconds(nd) : 0.0)
                   + m_lora.seconds(nd, nd * (speculate ? m_speculative.verifiedTokens() : 1.0), np),
               nd, np)
        + m_overhead;
}

double ReplicaSteps::promptTokensFilling(double decodeTokens, double tokensPerSecond, double least, double most) const
{
    const double nd = std::max(0.0, decodeTokens);
    const double r = std::max(0.0, tokensPerSecond);
    // The step is the larger of two lines in q (its reads, its FLOPs), each plus the all-reduces; q = r x step(q) is
    // the larger of the two lines' fixed points (the reads at the least tokens: an MoE's touched experts grow with q).
    const double verified = nd * m_speculative.verifiedTokens();
    // The engine's CPU line: after the GPU's step it adds to the fixed part; beside it, a third line of slope 0.
    const double cpu = nd * m_cpuPerRequest;
    const double fixed = m_commLatency + verified * m_commPerToken + m_routing + m_overhead + draftSeconds(nd)
        + m_lora.seconds(nd, verified, least) + (m_overlapsCpu ? 0.0 : cpu);
    const double loraPerPrompt = m_lora.on
        ? m_lora.secondsPerToken + m_lora.missShare * m_lora.loadSeconds / m_lora.promptTokensPerRequest
        : 0.0;
    const auto fixedPoint = [&](double base, double slope) {
        const double k = r * slope;
        return k < 1 ? r * base / (1 - k) : INFINITY;
    };
    // The GPU's work is the larger of two lines for the attention kernel, plus the larger of two for the other GEMMs,
    // plus the larger of two for the routed experts' (none for a dense model), as gpuWorkAt sums them: the fixed point
    // of their sum is the largest of the eight triples' fixed points.
    const double weights = weightSeconds(verified + least);
    const double expertWeights = m_moe ? std::max(0.0, weights - m_nonExpertWeightSeconds) : 0.0;
    const double expertCompute = verified * m_expertComputePerDecode;
    const double attentionCompute = verified * m_attentionComputePerDecode;
    const double attentionBase[2] = { nd * m_kvPerRequest, attentionCompute };
    // An engine that runs a mixed step's prompts in an attention kernel of their own adds their FLOPs to both lines.
    const double attentionSlope[2]
        = { m_splitsMixedAttention ? m_prefillAttentionPerToken : 0.0, m_prefillAttentionPerToken };
    const double restBase[2]
        = { weights - expertWeights, verified * m_computePerDecode - expertCompute - attentionCompute };
    const double restSlope[2] = { 0.0, m_prefillPerToken - m_expertPrefillPerToken - m_prefillAttentionPerToken };
    const double expertBase[2] = { expertWeights, expertCompute };
    const double expertSlope[2] = { 0.0, m_expertPrefillPerToken };
    // A step carrying prompt tokens lasts at least the host's launches where they bind (eager, or eager prefill),
    // plus the CPU line after them in a synchronous loop.
    const double launches = std::max(m_eagerLaunch, m_eagerPrefill);
    double q = std::max(m_overlapsCpu ? r * (cpu + m_overhead) : 0.0,
        launches > 0 ? r * (launches + m_overhead + (m_overlapsCpu ? 0.0 : cpu)) : 0.0);
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 2; ++b)
            for (int c = 0; c < 2; ++c)
                q = std::max(q,
                    fixedPoint(attentionBase[c] + restBase[a] + expertBase[b] + fixed,
                        attentionSlope[c] + restSlope[a] + expertSlope[b] + m_commPerToken + loraPerPrompt));
    return std::clamp(q, least, std::max(least, most));
}

double ReplicaSteps::stepSecondsAt(double decodeTokens, double prefillTokens, double decodeContextTokens) const
{
    const double nd = std::max(0.0, decodeTokens);
    const double np = std::max(0.0, prefillTokens);
    const double kv = std::max(0.0, decodeContextTokens) * m_kvPerContextToken;
    const double rows = np > 0 || nd <= 0 ? nd : graphBatch(nd); // a decode-only step at its graph's batch size
    return withEngineCpu(gpuWork(rows, np, weightSeconds(rows + np), kv) + m_commLatency + (rows + np) * m_commPerToken
                   + m_routing + m_lora.seconds(nd, nd, np),
               nd, np)
        + m_overhead;
}

double ReplicaSteps::prefillOnlyStepSeconds(double prefillTokens) const
{
    const double np = std::max(0.0, prefillTokens);
    // The dense GEMMs' seconds scale with the curve's efficiency, rows / (rows + half), from one chunk's rows to the
    // step's; the routed experts, the attention core and the MoE combine stay as one chunk has them.
    const auto curve = [&](double rows) { return rows / (rows + m_prefillRowsHalf); };
    const double rows = std::max(1.0, np);
    const double perToken = std::isfinite(m_prefillPerToken)
        ? m_prefillPerToken - m_prefillDensePerToken * (1 - curve(m_prefillRows) / curve(rows))
        : m_prefillPerToken;
    return withEngineCpu(gpuWorkAt(0, np, weightSeconds(np), 0, perToken) + m_commLatency + np * m_commPerToken
                   + m_routing + m_lora.seconds(0, 0, np),
               0, np)
        + m_overhead;
}

double ReplicaSteps::gpuWorkAt(double verified, double prefill, double weights, double kv, double prefillPerToken) const
{
    // Each layer's kernels run one after another on one stream (each reads what the one before wrote), so the step
    // is the sum over its kernels of each one's longer of reads and FLOPs. The attention kernel reads the KV cache
    // and computes the scores and weighted sums; no engine at the rows' releases runs it beside the GEMMs (no second
    // stream; vLLM's dual-batch and SGLang's two-batch overlap are off by default and overlap all-to-all traffic, and
    // programmatic dependent launch overlaps a kernel's launch and tail, not its reads; docs/plan-format.md).
    const double attentionCompute = verified * m_attentionComputePerDecode + prefill * m_prefillAttentionPerToken;
    // TensorRT-LLM's attention op runs a mixed step's context requests (enqueueContext) and then its generation
    // requests (enqueueGeneration) as two launches (serving.engine.<engine>.splits_mixed_attention): the prompts'
    // attention FLOPs add to the decodes' kernel instead of hiding under its KV reads.
    const double attention = m_splitsMixedAttention
        ? std::max(kv, verified * m_attentionComputePerDecode) + prefill * m_prefillAttentionPerToken
        : std::max(kv, attentionCompute);
    const double compute = verified * m_computePerDecode + prefill * prefillPerToken - attentionCompute;
    if (!m_moe)
        return attention + std::max(weights, compute);
    // The routed experts' grouped GEMMs (vLLM fused_moe's two invoke_fused_moe_kernel launches, TensorRT-LLM's MoE
    // GEMMs) read the touched experts' weights and compute the experts' FLOPs in kernels of their own: the longer of
    // those two, added to the attention's and to the longer of the other GEMMs' reads and FLOPs.
    const double expertWeights = std::max(0.0, weights - m_nonExpertWeightSeconds);
    const double expertCompute = verified * m_expertComputePerDecode + prefill * m_expertPrefillPerToken;
    return attention + std::max(weights - expertWeights, compute - expertCompute)
        + std::max(expertWeights, expertCompute);
}

bool ReplicaSteps::computeBound(double decodeTokens, double prefillTokens) const
{
    const double nd = std::max(0.0, decodeTokens);
    const double np = std::max(0.0, prefillTokens);
    const double verified = nd * m_speculative.verifiedTokens();
    return verified * m_computePerDecode + np * m_prefillPerToken > weightSeconds(verified + np) + nd * m_kvPerRequest;
}

} // namespace gp
