// The attention of an architecture read once: per-head sizes (multi-head latent attention included), local
// (sliding-window) layers, the positions a query attends to, and the KV cache a token keeps. Parameter counts,
// FLOPs, activations, inference memory, decode and serving all read these.
#pragma once

#include "plan/plan.h"
#include "transformer/layers.h"

#include <algorithm>

namespace gp
{

struct AttentionShape {
    double heads = 0; // query heads
    double kvHeads = 0; // key/value heads (latent attention: every head gets its own keys and values)
    double qkHeadDim = 0; // query/key size per head (latent attention: the non-rotary plus the rotary part)
    double vHeadDim = 0; // value size per head
    bool latent = false; // multi-head latent attention (DeepSeek-V2 paper, arXiv 2405.04434, Sec. 2.1)
    double qLoraRank = 0; // latent attention's query compression (0 = a full-rank query projection)
    double kvLoraRank = 0;
    double ropeDim = 0; // latent attention's decoupled rotary key, one per token shared by all heads
    double layers = 0; // layers with self-attention (all stacks)
    double windowLayers = 0; // of the decoder stack, the layers that attend to the last `window` tokens only
    double window = 0;
};

// Inline: the planner's every memory and time estimate reads it.
inline AttentionShape attentionShape(const Architecture& a)
{
    AttentionShape s;
    s.heads = positiveOrZero(double(a.numAttentionHeads));
    s.layers = attentionLayers(a);
    if (a.latentAttention()) {
        s.latent = true;
        s.kvHeads = s.heads;
        s.qkHeadDim = positiveOrZero(double(a.qkNopeHeadDim)) + positiveOrZero(double(a.qkRopeHeadDim));
        s.vHeadDim = positiveOrZero(double(a.vHeadDim));
        s.qLoraRank = positiveOrZero(double(a.qLoraRank));
        s.kvLoraRank = positiveOrZero(double(a.kvLoraRank));
        s.ropeDim = positiveOrZero(double(a.qkRopeHeadDim));
    } else {
        s.kvHeads = positiveOrZero(double(a.kvHeads()));
        s.qkHeadDim = positiveOrZero(double(a.headDimension()));
        s.vHeadDim = s.qkHeadDim;
    }
    if (a.slidingWindow > 0 && a.kind == ModelKind::Decoder) {
        const double layers = kvCacheLayers(a);
        s.window = double(a.slidingWindow);
        s.windowLayers = a.slidingWindowLayers > 0 ? std::min(layers, double(a.slidingWindowLayers)) : layers;
    }
    return s;
}

// Average number of earlier positions (itself included) one query attends to in a layer of window `window`
// (0 = the whole context). causal: the mean over every position of a causal sequence of `context` tokens
// (training, prefill); otherwise one query over `context` cached tokens (decode).
double attendedPositions(double context, double window, bool causal);

// Multiply-adds per token of the attention core (Q K^T and P V) over every self-attention layer, local layers
// at their window.
double attentionCoreMacsPerToken(const Architecture& architecture, double context, bool causal);

// Of attentionCoreMacsPerToken, the local (sliding-window) layers' multiply-adds: what an attention kernel runs with
// its window mask (0 for a model without local layers).
double windowedAttentionMacsPerToken(const Architecture& architecture, double context, bool causal);

// The head dimension an attention kernel tiles over: the query/key size per head (latent attention: its
// non-rotary plus rotary part, the larger of its two head sizes).
double attentionHeadDim(const Architecture& architecture);

// Elements of keys and values one token keeps in one layer on one of `tensorParallel` ranks: 2 x KV heads x
// head size (tensor parallelism splits heads, one whole head at least); latent attention keeps the compressed
// latent and the shared rotary key, the same on every rank (DeepSeek-V2 paper, Table 1: (d_c + d_h^R) l).
double kvCacheElementsPerTokenPerLayer(const Architecture& architecture, int tensorParallel = 1);

// The recurrent state one sequence keeps on one of `tensorParallel` ranks in a hybrid model's Gated DeltaNet and
// Mamba2 layers, in bytes, whatever its length: each layer's convolution window (kernel - 1 positions of the
// convolved channels, at the 16-bit model dtype) and its state matrix per head (Gated DeltaNet: value heads x key
// size x value size; Mamba2: heads x head size x state size), at fp32 with state_fp32 else 16-bit. Tensor
// parallelism splits channels and heads. vLLM MambaStateShapeCalculator (model_executor/layers/mamba/
// mamba_utils.py: gated_delta_net_state_shape, mamba2_state_shape); HF Qwen3NextDynamicCache / NemotronH cache.
// 0 for models without such layers.
double recurrentStateBytes(const Architecture& architecture, int tensorParallel = 1);
// Of those bytes, one layer's (Gated DeltaNet first, else Mamba2), for the per-layer breakdown.
double recurrentStateBytesPerLayer(const Architecture& architecture, int tensorParallel = 1);

// Multiply-adds per token of the recurrent layers' sequence mixing (not their projections, which are weight
// matrices). Gated DeltaNet per value head: the state read by the query, the delta-rule read by the key and the
// rank-one update, 3 x d_k x d_v (Yang et al. 2024, "Gated Delta Networks", arXiv 2412.06464, Sec. 3, Eq. 7);
// Mamba2 per head: the state update B x^T and the read C^T h, 2 x P x N (Dao & Gu 2024, "Transformers are SSMs",
// arXiv 2405.21060, Sec. 6); their chunked training/prefill forms add the intra-chunk causal product over half a
// chunk on average, C/2 x (d_k + d_v) and C/2 x (N + P) (chunk 64: flash-linear-attention chunk_gated_delta_rule;
// 128: Mamba2 ssd chunk_size), with `chunked` true. Plus the depthwise convolution over the kernel.
double recurrentMixerMacsPerToken(const Architecture& architecture, bool chunked);

// The bytes one layer keeps per token on one rank at `precision`'s layout (plan/kv_layouts.h): the cached values at
// their bytes (block scales included), plus a scale per token and KV head for K and V where the layout keeps one
// (vLLM's *_per_token_head), or for latent attention a layout's own record (vLLM's *_ds_mla: the latent with its tile
// scales and the rotary part, 656 bytes for fp8_ds_mla at DeepSeek's 512 + 64).
double kvCacheBytesPerTokenPerLayer(const Architecture& architecture, KvPrecision precision, int tensorParallel = 1);
// The KV cache of one sequence of `contextTokens` tokens on one rank, in bytes: the decoder's layers that keep the
// whole context, plus the local layers at min(context, window), plus a hybrid's recurrent state (one per sequence,
// any length). The one rule memory, decode and serving use.
double kvCacheBytes(
    const Architecture& architecture, KvPrecision precision, double contextTokens, int tensorParallel = 1);
// The part that grows with the context: bytes per token of the layers that keep the whole context.
double kvCacheBytesPerToken(const Architecture& architecture, KvPrecision precision, int tensorParallel = 1);
// The local layers' KV at their full window (0 without local layers); the recurrent state is recurrentStateBytes.
double kvCacheWindowBytes(const Architecture& architecture, KvPrecision precision, int tensorParallel = 1);

} // namespace gp
