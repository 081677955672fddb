// Inference memory per GPU: weights at their storage format, KV cache, one forward's working set.
#include "estimate/memory/memory_internal.h"

#include "transformer/layers.h"

#include <algorithm>
#include <cmath>

namespace gp
{

double inferenceWeightBytesPerGpu(const ResolvedModel& model, const Workload& w, const Configuration& cfg)
{
    const ParameterCounts& c = model.parameters;
    const int t = std::max(1, cfg.tensor);
    const int pp = std::max(1, cfg.pipeline);
    const int ep = std::max(1, cfg.expert);
    const double share
        = c.total > 0 ? parametersPerGpu(model.architecture, c, c.total, c.outputHead, t, pp, ep, t) / c.total : 0.0;
    return weightStorageBytes(model, w, w.weightFormat) * share;
}

} // namespace gp

namespace gp::memory_detail
{

MemoryBreakdown estimateInference(
    const ResolvedModel& model, const Workload& w, const Configuration& cfg, const MemoryDefaults& defaults)
{
    (void)defaults;
    MemoryBreakdown m;
    const Architecture& arch = model.architecture;
    const ParameterCounts& c = model.parameters;
    const int t = std::max(1, cfg.tensor);
    const int pp = std::max(1, cfg.pipeline);
    const double cb = bytesPerElement(w.precision);
    const double h = double(arch.hiddenSize);

    // Weights: tensor parallelism splits every matrix (vocabulary-parallel embedding and head as in vLLM and
    // Megatron), pipeline parallelism the layers, expert parallelism the routed experts.
    const double layers = positive(c.layerCount);
    const double layersInStage = layersPerStage(layers, pp);
    m.weights = inferenceWeightBytesPerGpu(model, w, cfg);
    if (w.weightFormat == WeightFormat::Nf4 || w.weightFormat == WeightFormat::Int8)
        m.buffers = c.largestTensor / t * cb; // bitsandbytes dequantizes one weight at a time

    // KV cache for batch x (prompt + output) tokens at its own precision; encoder-decoder models also cache
    // the cross-attention keys and values of the prompt. The batch is the configuration's micro-batch.
    const double batch = positive(double(cfg.microBatchSize));
    const double prompt = std::max(0.0, double(w.inference.promptTokens));
    const double output = std::max(0.0, double(w.inference.outputTokens));
    const double stageFraction = layersInStage / layers;
    m.kvCache = kvCacheBytes(arch, w.inference.kvCachePrecision, prompt + output, t) * batch;
    m.kvCache *= pp > 1 ? stageFraction : 1.0;

    // One forward over the whole prompt (prefill), one layer live at a time: residual and norm output,
    // Q/K/V, attention output and the MLP intermediates; eager attention also materializes the scores.
    const AttentionShape shape = attentionShape(arch);
    const double a = shape.heads;
    const int experts = std::max(1, arch.numExperts);
    const double f = double(arch.intermediateSize);
    const double fe = double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize);
    const double mlpWidth
        = experts > 1 ? fe * (std::clamp(arch.expertsPerToken, 1, experts) + std::max(0, arch.numSharedExperts)) : f;
    const double mlpTensors = arch.mlp == MlpKind::Gated ? 3.0 : 2.0;
    const double tokens = batch * std::max(1.0, prompt);
    double perToken = 2 * h
        + (a * shape.qkHeadDim + shape.kvHeads * (shape.qkHeadDim + shape.vHeadDim) + a * shape.vHeadDim
              + mlpTensors * std::max(mlpWidth, f))
            / t;
    double layer = cb * tokens * perToken;
    if (!w.flashAttention)
        layer += (cb + 4.0) * a / t * prompt * prompt * batch; // scores and their fp32 softmax
    m.activations = layer;
    // Logits of the last position of each sequence, upcast to fp32 for sampling.
    if (arch.kind != ModelKind::Encoder)
        m.logits = batch * double(arch.vocabSize) * (cb + 4.0);
    return m;
}

} // namespace gp::memory_detail
