// Decode steps reuse the inference speed model (estimate/time/inference_speed.cpp: weights + KV bytes over the
// achieved bandwidth, FLOPs over the achieved peak, two all-reduces per layer) at the serving engine's achieved
// bandwidth; the per-step overhead is the engine's CPU time the GPU waits on. Prefill is chunked as vLLM V1
// schedules it: decode requests first, then prompt tokens fill the max_num_batched_tokens budget. In MoE layers
// the routed experts' GEMMs see only their routed rows (vLLM fused_moe), so they run at a lower efficiency, and
// each step pays the layers' latency-bound routing kernels (serving.moe_routing_us_per_layer).
#include "estimate/serving/step_time.h"
#include "base/finite_number.h"

#include "estimate/time/communication_model.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>

namespace gp {

ReplicaSteps::ReplicaSteps(const ResolvedModel& model, const Workload& workload, const Configuration& config,
                           const Hardware& hw, const EngineSettings& engine, const ServingDefaults& d,
                           const Catalog& catalog, const Assumptions& assumptions)
    : m_model(model), m_workload(workload), m_config(config), m_hardware(hw)
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
    m_peakTflops = peakTflops(hw.gpu, m_workload.precision).value_or(0);
    m_overhead = d.stepOverheadSeconds;
    // Each MoE layer routes its tokens before the expert GEMMs and combines their outputs after: top-k selection,
    // the expert sort (moe_align_block_size) and the k-way sum, small kernels on a few thread blocks whose time at
    // decode batches is their latency, not their bytes. Every forward step runs them in every MoE layer, on every
    // tensor rank, one stage after another.
    m_routing = model.architecture.numExperts > 1 ? moeLayers(model.architecture) * d.moeRoutingSecondsPerLayer : 0.0;

    // Prefill: the prompt tokens not found in the prefix cache, in chunks of the token budget.
    const Architecture& arch = model.architecture;
    const double budget = std::max(1, engine.maxNumBatchedTokens);
    const double computed = std::max(1.0, std::round(m_prompt * (1.0 - engine.prefixCacheHitRate)));
    m_chunks = int(std::ceil(computed / budget));
    m_shareOfStep = std::min(1.0, computed / budget);
    const ForwardFlops f = forwardFlopsPerToken(arch, model.parameters, m_workload, m_prompt, true);
    const double chunkTokens = std::min(computed, budget);
    // GEMM efficiency falls with the rows it multiplies (the time model's tokens-per-micro-batch curve).
    const auto efficiencyAt = [&](double rows) {
        return d.prefillComputeEfficiency * rows / (rows + m_performance.tokensHalf);
    };
    const double t = std::max(1, config.tensor);
    const double peak = positiveOrZero(m_peakTflops) * 1e12;
    // Routed experts (vLLM fused_moe.py): the chunk's tokens are sorted by expert (moe_align_block_size) and each
    // expert multiplies only the rows routed to it, chunk x k / E with uniform routing, so the experts' share of the
    // FLOPs runs at the efficiency of those smaller GEMMs, not the chunk's.
    const double experts = arch.numExperts > 1 ? positiveOrZero(f.experts) : 0.0;
    const double e = std::max(1.0, double(arch.numExperts));
    const double rowsPerExpert = routedRowsPerExpert(arch, chunkTokens);
    const double denseFlops = computed * (f.matmul - experts + f.adapters) + f.head; // last logits
    const double expertFlops = computed * experts;
    const double denseAchieved = peak * efficiencyAt(chunkTokens);
    const double expertAchieved = peak * efficiencyAt(rowsPerExpert);
    // The attention core in the flash-attention kernel, at its measured forward efficiency where known (the time
    // model's rule); else as a GEMM of the chunk.
    const AttentionEfficiency kernel
        = m_workload.flashAttention
              ? attentionKernelEfficiency(m_performance, attentionHeadDim(arch), arch.kind != ModelKind::Encoder,
                                          m_workload.attentionKernel)
              : AttentionEfficiency{};
    const double attentionSeconds
        = attentionCoreSeconds(kernel, computed * positiveOrZero(f.attention), 0, peak, efficiencyAt(chunkTokens));
    m_chunkComputeSeconds = denseAchieved > 0 && expertAchieved > 0
                                ? (denseFlops / denseAchieved + expertFlops / expertAchieved + attentionSeconds) / t
                                      / m_chunks
                                : INFINITY;
    // ...and after the second expert GEMM a memory-bound kernel sums each token's k routed outputs (fused_moe.py
    // moe_sum over intermediate_cache3): it reads k and writes one hidden vector per token and MoE layer, on every
    // tensor rank (each holds partial sums of the whole hidden vector).
    const double hbm = positiveOrZero(hw.gpu.memoryBandwidthGBps) * 1e9 * m_performance.decodeBandwidth;
    if (experts > 0 && std::isfinite(m_chunkComputeSeconds)) {
        const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
        const double combineBytes = chunkTokens * moeLayers(arch) * (k + 1) * positiveOrZero(double(arch.hiddenSize))
                                    * bytesPerElement(m_workload.precision);
        m_chunkComputeSeconds = hbm > 0 ? m_chunkComputeSeconds + combineBytes / hbm : INFINITY;
    }
    if (std::isfinite(m_chunkComputeSeconds))
        m_chunkComputeSeconds += m_routing;
    if (t > 1) {
        const bool network = t > hw.gpusPerNode;
        const double bus = network ? nodeNetworkGBps(hw, m_performance) * std::max(1, hw.gpusPerNode) / t
                                   : intraNodeBusGBps(hw, m_performance);
        const double latency = network ? m_performance.networkLatencySeconds : m_performance.allReduceLatencySeconds;
        const double bytes = 2.0 * (t - 1) / t * chunkTokens * positiveOrZero(double(arch.hiddenSize)) * 2;
        m_chunkCommunicationSeconds = 2 * totalLayers(arch) * (latency + (bus > 0 ? bytes / (bus * 1e9) : INFINITY));
    }
}

const ReplicaSteps::Decode& ReplicaSteps::decodeAt(int batch) const
{
    const std::size_t index = std::size_t(std::max(batch, 1) - 1);
    if (index >= m_decode.size()) {
        m_decode.resize(index + 1);
        m_known.resize(index + 1, false);
    }
    if (!m_known[index]) {
        Configuration c = m_config;
        c.microBatchSize = int(index) + 1;
        const InferenceSpeed s = estimateInferenceSpeed(m_model, m_workload, c, m_hardware, m_performance, m_peakTflops);
        Decode& d = m_decode[index];
        d.memoryAndCompute = std::max(s.decodeMemorySeconds, s.decodeComputeSeconds) + m_routing;
        d.communication = s.decodeCommunicationSeconds;
        d.bound = s.decodeComputeSeconds > s.decodeMemorySeconds ? Bottleneck::Compute : Bottleneck::MemoryBandwidth;
        m_known[index] = true;
    }
    return m_decode[index];
}

double ReplicaSteps::decodeStepSeconds(double batch) const
{
    const double b = std::max(1.0, batch);
    const int lower = int(std::floor(b));
    const Decode& lo = decodeAt(lower);
    double step = lo.memoryAndCompute + lo.communication;
    if (b > lower) {
        const Decode& hi = decodeAt(lower + 1);
        step += (b - lower) * (hi.memoryAndCompute + hi.communication - step);
    }
    return step + m_overhead;
}

Bottleneck ReplicaSteps::decodeBound(double batch) const
{
    return decodeAt(int(std::llround(std::max(1.0, batch)))).bound;
}

double ReplicaSteps::prefillSeconds(double batch) const
{
    // Each chunk step also decodes the other requests in flight: it lasts as long as the slower of the two.
    const double others = std::max(0.0, batch - 1);
    const double rideAlong = others >= 1 ? decodeStepSeconds(others) - m_overhead : decodeAt(1).memoryAndCompute;
    return m_chunks * (std::max(m_chunkComputeSeconds, rideAlong) + m_chunkCommunicationSeconds + m_overhead);
}

} // namespace gp
