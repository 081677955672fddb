// Transformer FLOPs per token, matrix by matrix. Conventions: 2 FLOPs per multiply-add; a backward pass costs
// twice its forward (input gradients + weight gradients, Kaplan et al. 2020 "Scaling Laws", Sec. 2.1), so a
// frozen matrix costs 1x in backward (input gradients only); causal attention with a block-skipping kernel does
// half of the score work (FlashAttention-2 paper, Dao 2023, Sec. 3.1 "causal masking").
#include "transformer/training_flops.h"
#include "base/finite_number.h"

#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/lora_modules.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace gp
{

namespace
{

struct Dims {
    double h = 0, a = 0, k = 0, d = 0, f = 0, fe = 0, v = 0;
    double layers = 0, decoderLayers = 0, moeLayers = 0, denseLayers = 0;
    double attentionLayers = 0; // self-attention layers of all stacks (a hybrid's recurrent blocks excluded)
    double experts = 1, activeExperts = 1;
    bool gated = true;
    double queryOutputs = 1; // 2 with gated attention (the query projection also emits the output gate)
    bool encoderDecoder = false;
    bool causal = true;
};

Dims dimsOf(const Architecture& arch)
{
    Dims s;
    s.h = positiveOrZero(double(arch.hiddenSize));
    s.a = positiveOrZero(double(arch.numAttentionHeads));
    s.k = positiveOrZero(double(arch.kvHeads()));
    s.d = positiveOrZero(double(arch.headDimension()));
    s.f = positiveOrZero(double(arch.intermediateSize));
    s.fe = positiveOrZero(double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize));
    s.v = positiveOrZero(double(arch.vocabSize));
    s.gated = arch.mlp == MlpKind::Gated;
    s.queryOutputs = arch.attentionOutputGate ? 2.0 : 1.0;
    s.encoderDecoder = arch.kind == ModelKind::EncoderDecoder;
    s.causal = arch.kind != ModelKind::Encoder;
    s.layers = positiveOrZero(double(arch.numLayers));
    s.decoderLayers = s.encoderDecoder ? decoderLayers(arch) : 0.0;
    s.experts = std::max(1.0, double(arch.numExperts));
    s.activeExperts = std::clamp(double(arch.expertsPerToken), 1.0, s.experts) + std::max(0, arch.numSharedExperts);
    s.moeLayers = moeLayers(arch);
    s.denseLayers = mlpLayers(arch) - s.moeLayers;
    s.attentionLayers = attentionLayers(arch);
    return s;
}

// Multiply-adds per token of the projections of one self-attention block (latent attention: the query and
// key/value down- and up-projections, the output projection; DeepSeek-V2 paper, arXiv 2405.04434, Sec. 2.1).
double attentionProjectionMacs(const Dims& s, const AttentionShape& at)
{
    if (at.latent) {
        const double qk = at.heads * at.qkHeadDim;
        const double query = at.qLoraRank > 0 ? s.h * at.qLoraRank + at.qLoraRank * qk : s.h * qk;
        return query + s.h * (at.kvLoraRank + at.ropeDim)
            + at.kvLoraRank * at.heads * (at.qkHeadDim - at.ropeDim + at.vHeadDim) + at.heads * at.vHeadDim * s.h;
    }
    return s.h * s.a * s.d * s.queryOutputs + 2 * s.h * s.k * s.d + s.a * s.d * s.h;
}

double mlpMacs(const Dims& s, double width)
{
    return (s.gated ? 3.0 : 2.0) * s.h * width;
}

// forwardFlopsPerToken with the mode given: training counts the adapters and the frozen share whatever the
// workload's mode (trainingFlopsPerToken), without copying the workload for it.
ForwardFlops forwardFlops(const Architecture& arch, const ParameterCounts& counts, const Workload& workload,
    double contextTokens, bool causal, bool training)
{
    const Dims s = dimsOf(arch);
    ForwardFlops f;
    const double context = positiveOrZero(contextTokens);

    const AttentionShape at = attentionShape(arch);
    const double moeMlp = mlpMacs(s, s.fe) * s.activeExperts + s.h * s.experts; // + router
    // A hybrid's Gated DeltaNet and Mamba2 projections run on every token: their weights are their MACs.
    double macs = attentionProjectionMacs(s, at) * s.attentionLayers + mlpMacs(s, s.f) * s.denseLayers
        + moeMlp * s.moeLayers + positiveOrZero(counts.recurrentLinear);
    // QK^T and PV, MACs; local layers attend to their window only. A hybrid's recurrent layers mix tokens through
    // their state (chunked for a causal pass over the sequence, one step per token in decode).
    double attention = attentionCoreMacsPerToken(arch, context, causal && s.causal) // every stack
        + recurrentMixerMacsPerToken(arch, causal);
    if (s.encoderDecoder) {
        // Cross-attention of each decoder layer: Q/O on decoder tokens, K/V on encoder tokens (same count here),
        // scores over the whole encoder sequence.
        macs += (2 * s.h * s.a * s.d + 2 * s.h * s.k * s.d) * s.decoderLayers;
        attention += 2 * s.a * s.d * context * s.decoderLayers;
    }
    if (macs == 0 && counts.active > 0) // no architecture: 2 FLOPs per active non-embedding parameter
        macs = positiveOrZero(counts.active - counts.embedding - counts.outputHead);
    // Trained multi-token-prediction layers (workload.mtp_layers; Megatron-LM@d98e8a64
    // megatron/core/transformer/multi_token_prediction.py MultiTokenPredictionLayer): per layer and token the
    // projection eh_proj of [norm(hidden); norm(embedding of the shifted token)], 2h -> h, one transformer layer of
    // the model's kind (its MoE layer where it has one: an MoE MTP layer for DeepSeek-V3) with its attention core,
    // and the shared output layer's logits for its loss. The embedding lookup is a gather (no FLOPs).
    const double mtpLayers = training ? double(trainedMtpLayers(arch, workload)) : 0.0;
    const bool moeMtp = s.moeLayers > 0;
    const double mtpMlpMacs = moeMtp ? mlpMacs(s, s.fe) * s.activeExperts : mlpMacs(s, s.f);
    const double mtpLayerMacs
        = attentionProjectionMacs(s, at) + mtpMlpMacs + (moeMtp ? s.h * s.experts : 0.0) + 2 * s.h * s.h;
    // One attention layer's core: the model's mean over its attention layers.
    const double mtpCoreMacs = s.attentionLayers > 0
        ? attentionCoreMacsPerToken(arch, context, causal && s.causal) / s.attentionLayers
        : 0.0;
    macs += mtpLayers * mtpLayerMacs;
    attention += mtpLayers * mtpCoreMacs;
    f.matmul = 2 * macs;
    if (arch.numLayers > 0) // no architecture: the MLP share is unknown (0)
        f.mlp = std::min(f.matmul,
            2
                * (mlpMacs(s, s.f) * s.denseLayers + mlpMacs(s, s.fe) * s.activeExperts * s.moeLayers
                    + mtpLayers * mtpMlpMacs));
    if (arch.numExperts > 1) // routed experts only: shared experts run on every token like a dense MLP
        f.experts = std::min(f.matmul,
            2 * mlpMacs(s, s.fe) * std::clamp(double(arch.expertsPerToken), 1.0, s.experts)
                * (s.moeLayers + (moeMtp ? mtpLayers : 0.0)));
    f.attention = 2 * attention;
    f.head = workload.objective == TrainingObjective::Classification ? 2 * s.h * std::max(1, arch.numClasses)
                                                                     : 2 * s.h * s.v * (1 + mtpLayers);
    f.mtp = mtpLayers * 2 * (mtpLayerMacs + mtpCoreMacs);
    if (training) {
        if (workload.technique == Technique::Lora || workload.technique == Technique::Qlora) {
            f.adapters = 2 * loraParameters(arch, workload.lora, true); // the experts one token uses
            f.frozenMatmul = f.matmul + f.head;
        } else if (workload.technique == Technique::Freeze) {
            const double layers = s.layers + s.decoderLayers;
            const double trained = layers > 0 ? std::clamp(double(workload.freezeTrainableLayers), 0.0, layers) : 0;
            f.frozenMatmul = f.matmul * (layers > 0 ? (layers - trained) / layers : 1.0) + f.head;
        }
    }
    return f;
}

} // namespace

ForwardFlops forwardFlopsPerToken(const Architecture& arch, const ParameterCounts& counts, const Workload& workload,
    double contextTokens, bool causal)
{
    return forwardFlops(arch, counts, workload, contextTokens, causal, workload.mode == Mode::Training);
}

int trainedMtpLayers(const Architecture& arch, const Workload& workload)
{
    const bool languageModel = arch.kind == ModelKind::Decoder && arch.numLayers > 0
        && workload.objective == TrainingObjective::LanguageModeling && workload.technique == Technique::Full;
    return workload.mode == Mode::Training && languageModel ? std::max(0, workload.mtpLayers) : 0;
}

double recomputedLayerShare(const Architecture& arch, const Workload& workload, Checkpointing checkpointing)
{
    if (checkpointing != Checkpointing::Full)
        return 0.0;
    const double layers = totalLayers(arch);
    if (!workload.checkpointedLayers || layers <= 0)
        return 1.0;
    return std::clamp(double(*workload.checkpointedLayers) / layers, 0.0, 1.0);
}

namespace
{

// Forward + backward (`model`) and recomputation FLOPs of one token from its forward FLOPs.
struct PassFlops {
    double model = 0;
    double recompute = 0;
};

PassFlops passFlops(const ForwardFlops& f, const Workload& workload, Checkpointing checkpointing, double layers,
    double perOpRecompute, double recomputedShare)
{
    PassFlops t;
    // Fraction of the layers the backward pass runs through.
    double backpropagated = 1.0;
    switch (workload.technique) {
    case Technique::Full:
        t.model = 3 * f.total();
        break;
    case Technique::Lora:
    case Technique::Qlora:
        // Frozen base: forward + input gradients; attention and adapters: forward + 2x backward.
        t.model = 2 * (f.matmul + f.head) + 3 * (f.attention + f.adapters);
        break;
    case Technique::Freeze: {
        backpropagated = layers > 0 ? std::clamp(double(workload.freezeTrainableLayers), 0.0, layers) / layers : 0;
        // The frozen head still passes input gradients down to the trained layers.
        t.model = f.total() + f.head + 2 * (f.matmul + f.attention) * backpropagated;
        break;
    }
    }
    switch (checkpointing) {
    case Checkpointing::Full: // one more forward of every backpropagated layer (the head is not recomputed); partial
                              // recompute (Megatron's --recompute-num-layers) repeats that share of them only
        t.recompute = (f.matmul + f.attention + f.adapters) * backpropagated * recomputedShare;
        break;
    case Checkpointing::Selective: // attention core only (Korthikanti et al. 2022, arXiv:2205.05198, Sec. 5)
        t.recompute = f.attention * backpropagated;
        break;
    case Checkpointing::PerOp: // the matmuls the policy does not save, recomputed once
        t.recompute = perOpRecompute * backpropagated;
        break;
    case Checkpointing::None:
        break;
    }
    return t;
}

} // namespace

double forwardShare(const TrainingFlopsPerToken& flops)
{
    const double forward = flops.forward.total();
    return flops.hardware > 0 ? std::clamp(forward / flops.hardware, 0.0, 1.0) : 0.0;
}

TrainingFlopsPerToken trainingFlopsPerToken(
    const Architecture& arch, const ParameterCounts& counts, const Workload& workload, Checkpointing checkpointing)
{
    TrainingFlopsPerToken t;
    const double sequence = positiveOrZero(double(workload.sequenceLength));
    // Packed documents (workload.document_tokens): each token attends within its own document, as Megatron-Core's
    // packed sequences do (PackedSeqParams' cu_seqlens, qkv_format "thd": Transformer Engine's fused attention runs
    // each document as its own causal sequence; Megatron-LM@d98e8a64 megatron/core/packed_seq_params.py) and
    // FlashAttention's varlen kernels under padding-free packing. The attention score memory below stays the whole
    // sequence's: without a flash kernel the packed sequence is one masked score matrix.
    const double context
        = workload.documentTokens ? std::min(sequence, positiveOrZero(double(*workload.documentTokens))) : sequence;
    t.forward = forwardFlops(arch, counts, workload, context, true, true);
    const Dims s = dimsOf(arch);
    const double layers = s.layers + s.decoderLayers;
    t.scoreElementsPerToken
        = s.a * sequence * s.attentionLayers + (s.encoderDecoder ? s.a * sequence * s.decoderLayers : 0);
    // torchtitan's per-op policy saves every other matmul output of a block (wq, wv, w1, w2 in forward order,
    // torchtitan models/llama3/infra/parallelize.py `_save_list`): wk, wo and w3 are recomputed.
    const AttentionShape at = attentionShape(arch);
    const double perOpRecompute = 2
        * ((s.h * at.kvHeads * at.qkHeadDim + at.heads * at.vHeadDim * s.h) * s.attentionLayers
            + s.h * s.f * s.denseLayers + s.h * s.fe * s.activeExperts * s.moeLayers);
    const double share = recomputedLayerShare(arch, workload, checkpointing);
    const PassFlops all = passFlops(t.forward, workload, checkpointing, layers, perOpRecompute, share);
    t.model = all.model;
    t.recompute = all.recompute;
    // Megatron's "mla_up_proj" recompute (workload.recompute_mla_up_proj; Megatron-LM@d98e8a64
    // multi_latent_attention.py qkv_up_proj_and_rope_apply under CheckpointWithoutOutput): the query and key/value
    // up-projections run once more before backward, unless full recompute repeats the whole layer anyway.
    const double upProjectionRecompute
        = workload.recomputeMlaUpProj && at.latent && checkpointing != Checkpointing::Full
        ? 2 * at.heads * (at.qLoraRank * at.qkHeadDim + at.kvLoraRank * (at.qkHeadDim - at.ropeDim + at.vHeadDim))
            * s.attentionLayers
            * (workload.technique == Technique::Freeze && layers > 0
                    ? std::clamp(double(workload.freezeTrainableLayers), 0.0, layers) / layers
                    : 1.0)
        : 0.0;
    t.recompute += upProjectionRecompute;
    t.hardware = t.model + t.recompute;
    // The same passes over the blocks' linear layers alone (no attention core, no output head).
    ForwardFlops linear = t.forward;
    linear.attention = 0;
    linear.head = 0;
    linear.frozenMatmul = std::min(linear.frozenMatmul, linear.matmul);
    const PassFlops blocks = passFlops(linear, workload, checkpointing, layers, perOpRecompute, share);
    t.linearHardware = std::min(t.hardware, blocks.model + blocks.recompute + upProjectionRecompute);
    // ...over the routed experts alone (per-op checkpointing recomputes one of their two or three matrices, as it
    // does for the dense MLP)...
    if (t.forward.experts > 0 && t.forward.matmul > 0) {
        ForwardFlops routed;
        routed.matmul = t.forward.experts;
        routed.frozenMatmul = t.forward.frozenMatmul * t.forward.experts / t.forward.matmul;
        const double routedK = std::clamp(double(arch.expertsPerToken), 1.0, s.experts);
        const double perOpExperts = 2 * s.h * s.fe * routedK * s.moeLayers;
        const PassFlops experts = passFlops(routed, workload, checkpointing, layers, perOpExperts, share);
        t.expertsHardware = std::min(t.linearHardware, experts.model + experts.recompute);
    }
    // ...over every MLP (per-op checkpointing recomputes one matrix of each, as perOpRecompute counts)...
    if (t.forward.mlp > 0 && t.forward.matmul > 0) {
        ForwardFlops mlps;
        mlps.matmul = t.forward.mlp;
        mlps.frozenMatmul = t.forward.frozenMatmul * t.forward.mlp / t.forward.matmul;
        const double perOpMlp = 2 * (s.h * s.f * s.denseLayers + s.h * s.fe * s.activeExperts * s.moeLayers);
        const PassFlops mlpPasses = passFlops(mlps, workload, checkpointing, layers, perOpMlp, share);
        t.mlpHardware = std::min(t.linearHardware, mlpPasses.model + mlpPasses.recompute);
    }
    // ...and over the attention core alone (QK^T and PV): its forward, recomputed forward and backward.
    ForwardFlops core;
    core.attention = t.forward.attention;
    const PassFlops scores = passFlops(core, workload, checkpointing, layers, 0.0, share);
    const double coreForward = std::max(0.0, t.forward.attention);
    t.attentionBackward = std::max(0.0, scores.model - coreForward);
    t.attentionForwardHardware = coreForward + scores.recompute;
    // The local layers' share of it (the same context as the forward's): every pass runs each layer's own mask.
    if (coreForward > 0)
        t.attentionWindowedShare = std::clamp(
            2 * windowedAttentionMacsPerToken(arch, context, arch.kind != ModelKind::Encoder) / coreForward, 0.0, 1.0);
    return t;
}

} // namespace gp
