// Attention shapes, attended positions and the KV cache per token: one reading of the attention fields.
#include "transformer/attention.h"
#include "base/finite_number.h"

#include "plan/kv_layouts.h"
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

double windowedAttentionMacsPerToken(const Architecture& a, double context, bool causal)
{
    const AttentionShape s = attentionShape(a);
    return s.heads * (s.qkHeadDim + s.vHeadDim) * s.windowLayers * attendedPositions(context, s.window, causal);
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

double kvCacheBytesPerTokenPerLayer(const Architecture& a, KvPrecision precision, int tensorParallel)
{
    const KvCacheLayout& layout = kvCacheLayout(precision);
    const AttentionShape s = attentionShape(a);
    if (s.latent && layout.mlaRecord) // the latent, its tile scales, the rotary part (kv_layouts.cpp dsMla)
        return s.kvLoraRank * layout.valueBytes
            + std::ceil(s.kvLoraRank / std::max(1.0, layout.latentScaleTile)) * layout.latentScaleBytes
            + s.ropeDim * layout.ropeBytes;
    double bytes = kvCacheElementsPerTokenPerLayer(a, tensorParallel) * layout.valueBytes;
    if (layout.tokenHeadScaleBytes > 0) { // a scale per token and head, for K and for V
        const double heads = s.latent ? 1.0 : std::max(1.0, std::ceil(s.kvHeads / std::max(1, tensorParallel)));
        bytes += 2 * heads * layout.tokenHeadScaleBytes;
    }
    return bytes;
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
    return kept * kvCacheBytesPerTokenPerLayer(a, precision, tensorParallel)
        + (context > 0 ? recurrentStateBytes(a, tensorParallel) : 0.0);
}

namespace
{

constexpr double kConvStateBytes = 2; // the convolution window at the 16-bit model dtype (vLLM mamba_cache_dtype
                                      // "auto")
// Chunk sizes of the chunked forms: flash-linear-attention chunk_gated_delta_rule (BT = 64), Mamba2 ssd_combined
// (config chunk_size 128 in Nemotron-H).
constexpr double kDeltaRuleChunk = 64;
constexpr double kSsdChunk = 128;

struct RecurrentLayer {
    double convChannels = 0; // convolved channels on one rank
    double kernel = 0;
    double stateElements = 0; // state matrix elements on one rank
};

RecurrentLayer deltaNetLayer(const Architecture& a, double t)
{
    RecurrentLayer r;
    const double keyDim = positiveOrZero(double(a.linearKeyHeads)) * positiveOrZero(double(a.linearKeyHeadDim));
    const double valueDim = positiveOrZero(double(a.linearValueHeads)) * positiveOrZero(double(a.linearValueHeadDim));
    r.convChannels = (2 * keyDim + valueDim) / t; // q, k and v are convolved (conv_dim)
    r.kernel = positiveOrZero(double(a.linearConvKernel));
    r.stateElements = std::ceil(positiveOrZero(double(a.linearValueHeads)) / t)
        * positiveOrZero(double(a.linearKeyHeadDim)) * positiveOrZero(double(a.linearValueHeadDim));
    return r;
}

RecurrentLayer mambaLayer(const Architecture& a, double t)
{
    RecurrentLayer r;
    const double inner = positiveOrZero(double(a.mambaHeads)) * positiveOrZero(double(a.mambaHeadDim));
    const double groups = std::max(1.0, double(a.mambaGroups));
    r.convChannels = (inner + 2 * groups * positiveOrZero(double(a.ssmStateSize))) / t; // x, B and C
    r.kernel = positiveOrZero(double(a.mambaConvKernel));
    r.stateElements = std::ceil(positiveOrZero(double(a.mambaHeads)) / t) * positiveOrZero(double(a.mambaHeadDim))
        * positiveOrZero(double(a.ssmStateSize));
    return r;
}

double stateBytes(const RecurrentLayer& r, const Architecture& a)
{
    return r.convChannels * std::max(0.0, r.kernel - 1) * kConvStateBytes + r.stateElements * (a.stateFp32 ? 4 : 2);
}

} // namespace

double recurrentStateBytes(const Architecture& a, int tensorParallel)
{
    const double t = std::max(1, tensorParallel);
    return linearAttentionLayers(a) * stateBytes(deltaNetLayer(a, t), a)
        + mambaLayers(a) * stateBytes(mambaLayer(a, t), a);
}

double recurrentStateBytesPerLayer(const Architecture& a, int tensorParallel)
{
    const double t = std::max(1, tensorParallel);
    if (linearAttentionLayers(a) > 0)
        return stateBytes(deltaNetLayer(a, t), a);
    return mambaLayers(a) > 0 ? stateBytes(mambaLayer(a, t), a) : 0.0;
}

double recurrentMixerMacsPerToken(const Architecture& a, bool chunked)
{
    double macs = 0;
    if (linearAttentionLayers(a) > 0) {
        const double dk = positiveOrZero(double(a.linearKeyHeadDim));
        const double dv = positiveOrZero(double(a.linearValueHeadDim));
        const RecurrentLayer r = deltaNetLayer(a, 1);
        const double perLayer = positiveOrZero(double(a.linearValueHeads))
                * (3 * dk * dv + (chunked ? kDeltaRuleChunk / 2 * (dk + dv) : 0.0))
            + r.convChannels * r.kernel;
        macs += linearAttentionLayers(a) * perLayer;
    }
    if (mambaLayers(a) > 0) {
        const double p = positiveOrZero(double(a.mambaHeadDim));
        const double n = positiveOrZero(double(a.ssmStateSize));
        const RecurrentLayer r = mambaLayer(a, 1);
        const double perLayer
            = positiveOrZero(double(a.mambaHeads)) * (2 * p * n + (chunked ? kSsdChunk / 2 * (n + p) : 0.0))
            + r.convChannels * r.kernel;
        macs += mambaLayers(a) * perLayer;
    }
    return macs;
}

double kvCacheBytesPerToken(const Architecture& a, KvPrecision precision, int tensorParallel)
{
    const double layers = kvCacheLayers(a);
    const double fullLayers = layers - std::min(layers, attentionShape(a).windowLayers);
    return fullLayers * kvCacheBytesPerTokenPerLayer(a, precision, tensorParallel);
}

double kvCacheWindowBytes(const Architecture& a, KvPrecision precision, int tensorParallel)
{
    const AttentionShape s = attentionShape(a);
    if (s.window <= 0)
        return 0.0;
    return kvCacheBytes(a, precision, s.window, tensorParallel)
        - kvCacheBytesPerToken(a, precision, tensorParallel) * s.window - recurrentStateBytes(a, tensorParallel);
}

} // namespace gp
