// Decode reads every weight once per step plus the KV cache, so small batches are limited by HBM bandwidth
// (roofline model, Williams et al. 2009; gpt-fast README "Benchmarks" reports the achieved bandwidth);
// large batches become compute bound. Prefill is one forward pass over the prompt.
#include "estimate/time/inference_speed.h"
#include "base/finite_number.h"

#include "estimate/memory/memory_model.h"
#include "estimate/time/communication_model.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

double bandwidthEfficiency(WeightFormat format, const PerformanceDefaults& d)
{
    switch (format) {
    case WeightFormat::Int8:
        return d.decodeBandwidthInt8;
    case WeightFormat::Int4:
    case WeightFormat::Nf4:
    case WeightFormat::Mxfp4: // 4-bit weights with block scales, dequantized in the kernel as int4 is
        return d.decodeBandwidthInt4;
    case WeightFormat::Same:
    case WeightFormat::Fp8:
    case WeightFormat::Fp8Block:
        break;
    }
    return d.decodeBandwidth;
}

} // namespace

InferenceSpeed estimateInferenceSpeed(const ResolvedModel& model, const Workload& w, const Configuration& config,
    const Hardware& hw, const PerformanceDefaults& d, double peakTflops)
{
    InferenceSpeed s;
    const Architecture& arch = model.architecture;
    const ParameterCounts& counts = model.parameters;
    const double t = std::max(1, config.tensor);
    const double batch = std::max(1, config.microBatchSize); // sequences decoded together
    const double prompt = positiveOrZero(double(w.inference.promptTokens));
    const double output = positiveOrZero(double(w.inference.outputTokens));
    const double h = positiveOrZero(double(arch.hiddenSize));
    const double layers = totalLayers(arch);
    const double bandwidth = positiveOrZero(hw.gpu.memoryBandwidthGBps) * 1e9;
    const double peak = positiveOrZero(peakTflops) * 1e12;
    const double efficiency = computeEfficiency(d, h, 1e12); // decode matmuls: no micro-batch penalty here,
                                                             // their memory-boundness is modelled explicitly

    // Weights read per step: everything but the input embedding table (one row per token); a tied head reads it.
    // The blocks' linear layers are read at the storage format, the rest at the compute precision (the same
    // split as the memory model's weightStorageBytes).
    double params = positiveOrZero(counts.total) - positiveOrZero(counts.embedding);
    if (arch.tieWordEmbeddings && counts.outputHead <= 0)
        params += h * positiveOrZero(double(arch.vocabSize));
    const double scope = formatScopeParameters(counts, w.weightFormat);
    double linear = std::min(params, scope);
    if (arch.numExperts > 1) {
        // Routed experts a batch touches: E x (1 - (1 - k/E)^batch) with uniform routing; the rest are not read.
        const double e = arch.numExperts;
        const double k = std::clamp(double(arch.expertsPerToken), 1.0, e);
        const double fe
            = positiveOrZero(double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize));
        const double perExpert = (arch.mlp == MlpKind::Gated ? 3.0 : 2.0) * h * fe;
        const double untouched = std::pow(1.0 - k / e, batch); // share of experts no sequence routes to
        linear -= std::min(linear, moeLayers(arch) * e * perExpert * untouched);
    }
    const double other = std::max(0.0, params - scope);
    s.weightBytesPerGpu = (linear * storedBytesPerWeight(w, w.weightFormat) + other * bytesPerElement(w.precision)) / t;

    // KV cache read per step: the memory model's bytes per token at the average context of the generation.
    const double context = prompt + output / 2;
    s.kvBytesPerGpu = kvCacheBytes(arch, w.inference.kvCachePrecision, context, int(t)) * batch;
    // A hybrid's recurrent state is read (above, in kvCacheBytes) and written back whole every step.
    s.kvBytesPerGpu += recurrentStateBytes(arch, int(t)) * batch;

    const double weightBw = bandwidth * bandwidthEfficiency(w.weightFormat, d);
    const double kvBw = bandwidth * d.decodeBandwidth;
    s.decodeMemorySeconds
        = (weightBw > 0 ? s.weightBytesPerGpu / weightBw : INFINITY) + (kvBw > 0 ? s.kvBytesPerGpu / kvBw : INFINITY);

    Workload forward = w;
    forward.mode = Mode::Inference;
    const double decodeFlops = forwardFlopsPerToken(arch, counts, forward, context, false).total();
    const double achieved = peak * efficiency;
    s.decodeComputeSeconds = achieved > 0 ? batch * decodeFlops / t / achieved : INFINITY;

    // Tensor parallelism: two all-reduces of the hidden state per layer and step (Megatron-LM layout).
    double bus = 0;
    double latency = d.allReduceLatencySeconds;
    if (t > 1) {
        const bool network = t > hw.gpusPerNode;
        bus = network ? nodeNetworkGBps(hw, d) * std::max(1, hw.gpusPerNode) / t : intraNodeBusGBps(hw, d);
        latency = network ? d.networkLatencySeconds : d.allReduceLatencySeconds;
        const double bytes = 2.0 * (t - 1) / t * batch * h * 2;
        s.decodeCommunicationSeconds = 2 * layers * (latency + (bus > 0 ? bytes / (bus * 1e9) : INFINITY));
    }
    s.decodeStepSeconds = std::max(s.decodeMemorySeconds, s.decodeComputeSeconds) + s.decodeCommunicationSeconds;
    s.decodeTokensPerSecond
        = s.decodeStepSeconds > 0 && std::isfinite(s.decodeStepSeconds) ? batch / s.decodeStepSeconds : 0;
    if (s.decodeCommunicationSeconds > std::max(s.decodeMemorySeconds, s.decodeComputeSeconds))
        s.bottleneck = t > hw.gpusPerNode ? Bottleneck::Network : Bottleneck::IntraNodeLink;
    else
        s.bottleneck
            = s.decodeComputeSeconds > s.decodeMemorySeconds ? Bottleneck::Compute : Bottleneck::MemoryBandwidth;

    // Prefill: the prompt's forward pass at the training efficiency for that many tokens, never faster than
    // reading the weights once.
    // The attention core runs in the flash-attention kernel at its measured forward efficiency where known.
    const double prefillTokens = batch * prompt;
    const ForwardFlops pass = forwardFlopsPerToken(arch, counts, forward, prompt, true);
    const double prefillEfficiency = computeEfficiency(d, h, prefillTokens);
    const double prefillAchieved = peak * prefillEfficiency;
    const AttentionEfficiency kernel = w.flashAttention
        ? attentionKernelEfficiency(d, attentionHeadDim(arch), arch.kind != ModelKind::Encoder, w.attentionKernel)
        : AttentionEfficiency {};
    double prefill = prefillAchieved > 0
        ? (prefillTokens * std::max(0.0, pass.total() - pass.attention) / prefillAchieved
              + attentionCoreSeconds(kernel, prefillTokens * pass.attention, 0, peak, prefillEfficiency))
            / t
        : INFINITY;
    prefill = std::max(prefill, weightBw > 0 ? s.weightBytesPerGpu / weightBw : INFINITY);
    if (t > 1) {
        const double bytes = 2.0 * (t - 1) / t * prefillTokens * h * 2;
        prefill += 2 * layers * (latency + (bus > 0 ? bytes / (bus * 1e9) : INFINITY));
    }
    s.prefillSeconds = prompt > 0 ? prefill : 0;
    return s;
}

} // namespace gp
