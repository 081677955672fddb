// Attention shapes, attended positions and the KV cache per token: one reading of the attention fields.
#include "transformer/attention.h"
#include "base/finite_number.h"

#include "plan/precision.h"
#include "transformer/layers.h"

#include <algorithm>
#include <cmath>

namespace gp
{

double attendedPositions(double context, double window, bool causal)
{
    const double c = positiveOrZero(context);
    const double w = positiveOrZero(window);
    if (!causal)
        return w > 0 ? std::min(c, w) : c;
    if (w <= 0 || c <= w)
        return c / 2;
    // Positions 1..w see themselves and those before; later ones see w: (w^2/2 + (c - w) w) / c.
    return (w * w / 2 + (c - w) * w) / c;
}

double attentionCoreMacsPerToken(const Architecture& a, double context, bool causal)
{
    const AttentionShape s = attentionShape(a);
    const double perPosition = s.heads * (s.qkHeadDim + s.vHeadDim); // Q K^T and P V per attended position
    const double fullLayers = std::max(0.0, s.layers - s.windowLayers);
    return perPosition
        * (fullLayers * attendedPositions(context, 0, causal)
            + s.windowLayers * attendedPositions(context, s.window, causal));
}

double attentionHeadDim(const Architecture& a)
{
    const AttentionShape s = attentionShape(a);
    return std::max(s.qkHeadDim, s.vHeadDim);
}

double kvCacheElementsPerTokenPerLayer(const Architecture& a, int tensorParallel)
{
    const AttentionShape s = attentionShape(a);
    if (s.latent)
        return s.kvLoraRank + s.ropeDim;
    const double t = std::max(1, tensorParallel);
    const double heads = std::max(1.0, std::ceil(s.kvHeads / t));
    return heads * (s.qkHeadDim + s.vHeadDim);
}

double kvCacheBytes(const Architecture& a, KvPrecision precision, double contextTokens, int tensorParallel)
{
    // The layers are the decoder's (an encoder-decoder's cross-attention caches the prompt in the same layers);
    // encoder-only models keep none (vLLM paper, Kwon et al. 2023, Sec. 3: 2 x layers x heads x head size).
    const AttentionShape s = attentionShape(a);
    const double layers = kvCacheLayers(a);
    const double windowLayers = std::min(layers, s.windowLayers);
    const double context = positiveOrZero(contextTokens);
    const double kept = (layers - windowLayers) * context + windowLayers * std::min(context, s.window);
    return kept * kvCacheElementsPerTokenPerLayer(a, tensorParallel) * bytesPerElement(precision);
}

double kvCacheBytesPerToken(const Architecture& a, KvPrecision precision, int tensorParallel)
{
    const double layers = kvCacheLayers(a);
    const double fullLayers = layers - std::min(layers, attentionShape(a).windowLayers);
    return fullLayers * kvCacheElementsPerTokenPerLayer(a, tensorParallel) * bytesPerElement(precision);
}

double kvCacheWindowBytes(const Architecture& a, KvPrecision precision, int tensorParallel)
{
    const AttentionShape s = attentionShape(a);
    return kvCacheBytes(a, precision, s.window, tensorParallel)
        - kvCacheBytesPerToken(a, precision, tensorParallel) * s.window;
}

} // namespace gp
