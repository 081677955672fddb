// Activations one transformer layer stores for backward, tensor by tensor.
#include "estimate/memory/memory_internal.h"

#include "estimate/common/lora_dropout.h"

#include <algorithm>
#include <cmath>

namespace gp
{

// Korthikanti et al. 2022 (arXiv 2205.05198, Sec. 4.1) count, for a GPT layer with f = 4h, GELU and dropout,
// 34sbh + 5as^2b bytes in 16 bits. The same accounting is done here per stored tensor so that GQA (k < a
// KV heads), head sizes with a*d != h (T5-3B), gated MLPs (SwiGLU keeps gate, up, act(gate) and their
// product: 4 tensors of size f) and MoE (each token through k experts) get their own terms:
//   kept whole under tensor parallelism without sequence parallelism: norm inputs, QKV and MLP inputs,
//     dropout masks (Korthikanti's 10sbh);
//   split by t: Q, K, V, the attention output, MLP intermediates, attention scores.
// Flash attention stores the output and a fp32 log-sum-exp per row instead of the a*s^2 score terms.
double layerActivationBytes(const Architecture& arch, const LayerActivationInput& in)
{
    using memory_detail::positive;
    const double s = std::max(0.0, std::isfinite(in.sequence) ? in.sequence : 0.0);
    const double b = std::max(0.0, std::isfinite(in.microBatch) ? in.microBatch : 0.0);
    const double p = positive(in.bytes, 2);
    const double t = positive(double(in.tensorParallel));
    const double h = double(arch.hiddenSize);
    const AttentionShape at = attentionShape(arch);
    const double a = at.heads;
    const double k = at.kvHeads;
    const double d = at.qkHeadDim; // queries and keys
    const double dv = at.vHeadDim; // values and the attention output
    const double sb = s * b;
    const double mask = in.dropout ? kDropoutMaskBytes : 0.0; // dropout masks are one byte per element
    const double scoreMask = in.attentionDropout ? kDropoutMaskBytes : 0.0; // on the attention probabilities

    const int experts = std::max(1, arch.numExperts);
    const double routed = experts > 1 ? double(std::clamp(arch.expertsPerToken, 1, experts)) : 1.0;
    const double shared = experts > 1 ? double(std::max(0, arch.numSharedExperts)) : 0.0;
    const double f
        = double(experts > 1 && arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize);
    // A linear layer's input kept for its weight gradient: the activation itself, or Transformer Engine's FP8 cast
    // of it (transformer_engine/pytorch/module/linear.py: saved_inputmat is the FP8 inputmat when the wgrad GEMM runs
    // in FP8). The fc2 input is the MLP's last intermediate.
    const double g = in.gemmInputBytes > 0 ? in.gemmInputBytes : p;
    // Bytes per element of the MLP's width f that one expert (or the dense MLP) keeps: gated, its gate and up outputs,
    // act(gate) and their product (fc2's input); torch.compile recomputes the last two; Megatron's fused activation
    // keeps its input (gate and up) and fc2 its own input.
    // The gate and up outputs and the activation are at `m` (Hugging Face QLoRA's fp32: estimate/common/hf_stack.h).
    const bool gated = arch.mlp == MlpKind::Gated;
    const double m = in.mlpIntermediateBytes > 0 ? in.mlpIntermediateBytes : p;
    const double perExpertBytes = in.fusedActivation ? (gated ? 2.0 : 1.0) * m + g
        : in.recomputePointwise                      ? (gated ? 2.0 : 1.0) * m
                                                     : (gated ? 3.0 : 1.0) * m + g;

    // Replicated across tensor-parallel ranks unless sequence parallelism splits them: the mixer's half of the
    // layer (attention, or a hybrid's recurrent mixer) and the MLP's.
    // Megatron's "layernorm" recompute drops the output of a norm that stands alone: latent attention's input norm
    // and an MoE layer's pre-MLP norm (the others are fused into the following linear layer, which keeps it).
    const bool mixerNormDropped = in.recomputeNormOutputs && at.latent;
    const bool mlpNormDropped = in.recomputeNormOutputs && experts > 1;
    double mixerWhole = 0;
    mixerWhole += p * sb * h; // first norm input
    mixerWhole += mixerNormDropped ? 0.0 : g * sb * h; // QKV projection input (norm output)
    mixerWhole += mask * sb * h; // dropout mask after the attention output projection
    // A parallel block's MLP reads the block input the first norm already keeps (litgpt/model.py Block: norm_2(x));
    // with a shared norm the MLP's input is the first norm's output too, one tensor kept once for both linears.
    double mlpWhole = 0;
    mlpWhole += arch.parallelResidual ? 0.0 : p * sb * h; // second norm input
    mlpWhole += mlpNormDropped || arch.sharedAttentionNorm ? 0.0 : g * sb * h; // MLP input (norm output)
    mlpWhole += mask * sb * h; // dropout mask after the MLP
    if (at.latent) // latent attention: the query and key/value latents and their norm outputs, computed whole
        mixerWhole += 2 * p * sb * (at.qLoraRank + at.kvLoraRank + at.ropeDim);

    // Split across tensor-parallel ranks.
    double attentionSplit = 0;
    // Q and K, V; latent attention's up-projected ones are dropped and recomputed under "mla_up_proj".
    const double qkvKept = in.recomputeLatentUpProjection && at.latent ? 0.0 : 1.0;
    attentionSplit += qkvKept * p * sb * a * d * (arch.attentionOutputGate ? 2 : 1); // Q (and the output gate)
    attentionSplit += qkvKept * p * sb * k * (d + dv); // K and V
    attentionSplit += p * sb * a * dv; // attention output (input of the output projection)
    if (g != p)
        attentionSplit += g * sb * a * dv; // the output projection's own (FP8) copy of it
    if (in.flashAttention) {
        attentionSplit += 4.0 * sb * a; // fp32 log-sum-exp per query row
    } else {
        attentionSplit += p * a * s * s * b; // softmax output
        attentionSplit += scoreMask * (a * s * s * b) + (scoreMask > 0 ? p * a * s * s * b : 0.0); // mask, dropped
    }
    // MLP intermediates; MoE tokens pass through `routed` experts and all shared ones, each expert keeping
    // its own copy of the token's input, plus fp32 router logits.
    double mlpSplit = 0;
    if (experts > 1) {
        // "moe_act": a routed expert keeps its fc1 output only (its activation's output, fc2's input, is dropped).
        const double routedPerExpertBytes = in.recomputeExpertActivation ? (gated ? 2.0 : 1.0) * p : perExpertBytes;
        mlpSplit += routed * (sb * f * routedPerExpertBytes) + shared * (sb * f * perExpertBytes);
        mlpSplit += routed * g * sb * h;
        mlpWhole += 4.0 * sb * double(experts);
    } else {
        mlpSplit += sb * f * perExpertBytes;
    }

    double whole = mixerWhole + mlpWhole;
    double split = attentionSplit + mlpSplit;
    if (arch.hybrid()) {
        // A hybrid's layers differ: the mean over its blocks of what each keeps. Gated DeltaNet keeps its fused
        // projection outputs (q, k, v, z, b, a), the convolved q, k, v, the delta rule's output and the gated norm's
        // output; Mamba2 its in_proj output (z, x, B, C, dt), the convolved x, B, C, the scan's output and the gated
        // norm's output (the chunk states are recomputed in backward by both kernels).
        const double keyDim = double(arch.linearKeyHeads) * double(arch.linearKeyHeadDim);
        const double valueDim = double(arch.linearValueHeads) * double(arch.linearValueHeadDim);
        const double deltaSplit = p * sb
            * ((2 * keyDim + 2 * valueDim + 2 * double(arch.linearValueHeads)) + (2 * keyDim + valueDim)
                + 2 * valueDim);
        const double inner = double(arch.mambaHeads) * double(arch.mambaHeadDim);
        const double bc = 2 * double(std::max<std::int64_t>(1, arch.mambaGroups)) * double(arch.ssmStateSize);
        const double mambaSplit = p * sb * ((2 * inner + bc + double(arch.mambaHeads)) + (inner + bc) + 2 * inner);
        const double attention = attentionLayers(arch);
        const double linear = linearAttentionLayers(arch);
        const double mamba = mambaLayers(arch);
        const double mixers = std::max(1.0, attention + linear + mamba);
        const double mixerSplit = (attention * attentionSplit + linear * deltaSplit + mamba * mambaSplit) / mixers;
        if (arch.mlpOnlyLayers > 0) {
            // One norm and one mixer or one MLP per block (Nemotron-H).
            const double blocks = std::max(1.0, mixers + mlpOnlyLayers(arch));
            const double mlpBlocks = mlpOnlyLayers(arch);
            whole = (mixers * mixerWhole + mlpBlocks * mlpWhole) / blocks;
            split = (mixers * mixerSplit + mlpBlocks * mlpSplit) / blocks;
        } else {
            split = mixerSplit + mlpSplit;
        }
    }

    if (in.crossAttention) {
        const double se = std::max(0.0, std::isfinite(in.encoderSequence) ? in.encoderSequence : s);
        whole += 2 * p * sb * h + mask * sb * h; // norm input and output, dropout mask
        split += p * sb * a * d * 2; // Q and attention output
        split += p * se * b * k * d * 2; // K and V over the encoder output
        if (in.flashAttention) {
            split += 4.0 * sb * a;
        } else {
            split += p * a * s * se * b + scoreMask * (a * s * se * b) + (scoreMask > 0 ? p * a * s * se * b : 0.0);
        }
    }

    if (in.sequenceParallel)
        return (whole + split) / t;
    return whole + split / t;
}

// torchtitan's per-op selective activation checkpointing (models/llama3/infra/parallelize.py, `_save_list`: aten.mm,
// the SDPA kernels, reduce-scatter and max; "save every other mm"): in forward order a block runs wq, wk, wv,
// wo, w1, w3, w2, of which the 1st, 3rd, 5th and 7th outputs are kept. The checkpointed region's input is kept too.
double perOpCheckpointBytes(const Architecture& arch, const LayerActivationInput& in)
{
    const double s = std::max(0.0, std::isfinite(in.sequence) ? in.sequence : 0.0);
    const double b = std::max(0.0, std::isfinite(in.microBatch) ? in.microBatch : 0.0);
    const double p = in.bytes > 0 ? in.bytes : 2;
    const double t = std::max(1, in.tensorParallel);
    const AttentionShape at = attentionShape(arch);
    const double h = double(arch.hiddenSize);
    const int experts = std::max(1, arch.numExperts);
    const double width = experts > 1
        ? double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize)
            * (std::clamp(arch.expertsPerToken, 1, experts) + std::max(0, arch.numSharedExperts))
        : double(arch.intermediateSize);
    const double sb = s * b;
    const double whole = p * sb * h * 2; // block input, w2 output (the MLP's result, before the residual add)
    double split = p * sb * at.heads * at.qkHeadDim // wq
        + p * sb * at.kvHeads * at.vHeadDim // wv
        + p * sb * at.heads * at.vHeadDim // attention output
        + 4.0 * sb * at.heads // its fp32 log-sum-exp per query row
        + p * sb * width; // w1
    if (in.sequenceParallel)
        return (whole + split) / t;
    return whole + split / t;
}

} // namespace gp
