// Transformer FLOPs per token, matrix by matrix. Conventions: 2 FLOPs per multiply-add; a backward pass costs
// twice its forward (input gradients + weight gradients, Kaplan et al. 2020 "Scaling Laws", Sec. 2.1), so a
// frozen matrix costs 1x in backward (input gradients only); causal attention with a block-skipping kernel does
// half of the score work (FlashAttention-2 paper, Dao 2023, Sec. 3.1 "causal masking").
#include "transformer/training_flops.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace gp {

namespace {

double positive(double x)
{
    return std::isfinite(x) && x > 0 ? x : 0.0;
}

struct Dims {
    double h = 0, a = 0, k = 0, d = 0, f = 0, fe = 0, v = 0;
    double layers = 0, decoderLayers = 0, moeLayers = 0, denseLayers = 0;
    double experts = 1, activeExperts = 1;
    bool gated = true;
    bool encoderDecoder = false;
    bool causal = true;
};

Dims dimsOf(const Architecture& arch)
{
    Dims s;
    s.h = positive(double(arch.hiddenSize));
    s.a = positive(double(arch.numAttentionHeads));
    s.k = positive(double(arch.kvHeads()));
    s.d = positive(double(arch.headDimension()));
    s.f = positive(double(arch.intermediateSize));
    s.fe = positive(double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize));
    s.v = positive(double(arch.vocabSize));
    s.gated = arch.mlp == MlpKind::Gated;
    s.encoderDecoder = arch.kind == ModelKind::EncoderDecoder;
    s.causal = arch.kind != ModelKind::Encoder;
    s.layers = positive(double(arch.numLayers));
    const double decoder = arch.numDecoderLayers > 0 ? positive(double(arch.numDecoderLayers)) : s.layers;
    s.decoderLayers = s.encoderDecoder ? decoder : 0.0;
    s.experts = std::max(1.0, double(arch.numExperts));
    s.activeExperts = std::clamp(double(arch.expertsPerToken), 1.0, s.experts) + std::max(0, arch.numSharedExperts);
    const double stack = s.layers + s.decoderLayers;
    s.moeLayers = s.experts > 1 ? std::max(0.0, stack - std::max(0, arch.firstDenseLayers)) : 0.0;
    s.denseLayers = stack - s.moeLayers;
    return s;
}

// Multiply-adds per token of the projections of one self-attention block.
double attentionProjectionMacs(const Dims& s)
{
    return s.h * s.a * s.d + 2 * s.h * s.k * s.d + s.a * s.d * s.h;
}

double mlpMacs(const Dims& s, double width)
{
    return (s.gated ? 3.0 : 2.0) * s.h * width;
}

struct Matrix {
    double in = 0, out = 0;
};

// The matrices of one layer a LoRA target-module name stands for (common Hugging Face spellings).
void targetMatrices(const Dims& s, const std::string& name, double mlpWidth, std::vector<Matrix>& out)
{
    const double q = s.a * s.d, kv = s.k * s.d;
    if (name == "q_proj" || name == "query" || name == "q" || name == "wq")
        out.push_back({s.h, q});
    else if (name == "k_proj" || name == "key" || name == "k" || name == "wk")
        out.push_back({s.h, kv});
    else if (name == "v_proj" || name == "value" || name == "v" || name == "wv")
        out.push_back({s.h, kv});
    else if (name == "o_proj" || name == "out_proj" || name == "o" || name == "dense" || name == "self_attention.dense")
        out.push_back({q, s.h});
    else if (name == "qkv_proj" || name == "c_attn" || name == "query_key_value" || name == "wqkv" || name == "Wqkv")
        out.push_back({s.h, q + 2 * kv});
    else if (name == "gate_proj" || name == "up_proj" || name == "w1" || name == "w3" || name == "fc1"
             || name == "c_fc" || name == "dense_h_to_4h" || name == "wi" || name == "wi_0" || name == "wi_1"
             || name == "fc_in")
        out.push_back({s.h, mlpWidth});
    else if (name == "down_proj" || name == "w2" || name == "fc2" || name == "dense_4h_to_h" || name == "wo"
             || name == "fc_out")
        out.push_back({mlpWidth, s.h});
    else if (name == "c_proj") { // GPT-2 uses the name for both the attention and the MLP output
        out.push_back({q, s.h});
        out.push_back({mlpWidth, s.h});
    } else if (name == "all-linear" || name == "all" || name == "all_linear") {
        out.push_back({s.h, q});
        out.push_back({s.h, kv});
        out.push_back({s.h, kv});
        out.push_back({q, s.h});
        if (s.gated)
            out.push_back({s.h, mlpWidth});
        out.push_back({s.h, mlpWidth});
        out.push_back({mlpWidth, s.h});
    }
}

// Adapter parameters per layer; `active` counts only the experts one token uses.
double adapterParamsPerLayer(const Dims& s, const LoraSpec& lora, bool moeLayer, bool active)
{
    const double rank = positive(double(lora.rank));
    std::vector<Matrix> attention, mlp;
    for (const auto& name : lora.targetModules) {
        std::vector<Matrix> found;
        targetMatrices(s, name, moeLayer ? s.fe : s.f, found);
        for (const auto& m : found) {
            const bool isMlp = (m.in == s.h && m.out == (moeLayer ? s.fe : s.f))
                               || (m.out == s.h && m.in == (moeLayer ? s.fe : s.f));
            (isMlp ? mlp : attention).push_back(m);
        }
    }
    double params = 0;
    for (const auto& m : attention)
        params += rank * (m.in + m.out);
    const double copies = moeLayer ? (active ? s.activeExperts : s.experts + 0.0) : 1.0;
    for (const auto& m : mlp)
        params += rank * (m.in + m.out) * copies;
    return params;
}

double adapterParams(const Dims& s, const LoraSpec& lora, bool active)
{
    return adapterParamsPerLayer(s, lora, false, active) * s.denseLayers
           + adapterParamsPerLayer(s, lora, true, active) * s.moeLayers;
}

} // namespace

double totalLayers(const Architecture& arch)
{
    const Dims s = dimsOf(arch);
    return s.layers + s.decoderLayers;
}

double loraAdapterParameters(const Architecture& arch, const LoraSpec& lora)
{
    return adapterParams(dimsOf(arch), lora, false);
}

ForwardFlops forwardFlopsPerToken(const Architecture& arch, const ParameterCounts& counts, const Workload& workload,
                                  double contextTokens, bool causal)
{
    const Dims s = dimsOf(arch);
    ForwardFlops f;
    const double context = positive(contextTokens);
    const double attendedSelf = (causal && s.causal) ? context / 2 : context;

    const double moeMlp = mlpMacs(s, s.fe) * s.activeExperts + s.h * s.experts; // + router
    double macs = attentionProjectionMacs(s) * (s.layers + s.decoderLayers) + mlpMacs(s, s.f) * s.denseLayers
                  + moeMlp * s.moeLayers;
    double attention = 2 * s.a * s.d * attendedSelf * (s.layers + s.decoderLayers); // QK^T and PV, MACs
    if (s.encoderDecoder) {
        // Cross-attention of each decoder layer: Q/O on decoder tokens, K/V on encoder tokens (same count here),
        // scores over the whole encoder sequence.
        macs += (2 * s.h * s.a * s.d + 2 * s.h * s.k * s.d) * s.decoderLayers;
        attention += 2 * s.a * s.d * context * s.decoderLayers;
    }
    if (macs == 0 && counts.active > 0) // no architecture: 2 FLOPs per active non-embedding parameter
        macs = positive(counts.active - counts.embedding - counts.outputHead);
    f.matmul = 2 * macs;
    f.attention = 2 * attention;
    f.head = workload.objective == TrainingObjective::Classification ? 2 * s.h * std::max(1, arch.numClasses)
                                                                     : 2 * s.h * s.v;
    if (workload.mode == Mode::Training) {
        if (workload.technique == Technique::Lora || workload.technique == Technique::Qlora) {
            f.adapters = 2 * adapterParams(s, workload.lora, true);
            f.frozenMatmul = f.matmul + f.head;
        } else if (workload.technique == Technique::Freeze) {
            const double layers = s.layers + s.decoderLayers;
            const double trained = layers > 0 ? std::clamp(double(workload.freezeTrainableLayers), 0.0, layers) : 0;
            f.frozenMatmul = f.matmul * (layers > 0 ? (layers - trained) / layers : 1.0) + f.head;
        }
    }
    return f;
}

TrainingFlopsPerToken trainingFlopsPerToken(const Architecture& arch, const ParameterCounts& counts,
                                            const Workload& workload, Checkpointing checkpointing)
{
    TrainingFlopsPerToken t;
    Workload training = workload;
    training.mode = Mode::Training;
    const double sequence = positive(double(workload.sequenceLength));
    t.forward = forwardFlopsPerToken(arch, counts, training, sequence, true);
    const ForwardFlops& f = t.forward;
    const Dims s = dimsOf(arch);
    const double layers = s.layers + s.decoderLayers;
    t.scoreElementsPerToken = s.a * sequence * layers + (s.encoderDecoder ? s.a * sequence * s.decoderLayers : 0);

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
    case Checkpointing::Full: // one more forward of every backpropagated layer (the head is not recomputed)
        t.recompute = (f.matmul + f.attention + f.adapters) * backpropagated;
        break;
    case Checkpointing::Selective: // attention core only (Korthikanti et al. 2022, arXiv:2205.05198, Sec. 5)
        t.recompute = f.attention * backpropagated;
        break;
    case Checkpointing::None:
        break;
    }
    t.hardware = t.model + t.recompute;
    return t;
}

} // namespace gp
