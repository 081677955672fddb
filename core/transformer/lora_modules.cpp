// LoRA target names -> adapted matrices of a layer, for every architecture kind.
#include "transformer/lora_modules.h"
#include "base/finite_number.h"

#include "transformer/layers.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace gp
{

namespace
{

enum ModulePart : unsigned {
    Q = 1u << 0,
    K = 1u << 1,
    V = 1u << 2,
    O = 1u << 3,
    QkvFused = 1u << 4,
    Gate = 1u << 5,
    Up = 1u << 6,
    Down = 1u << 7,
    Mixer = 1u << 8, // a hybrid's Gated DeltaNet / Mamba2 projections (in_proj_qkvz, in_proj_ba, in_proj, out_proj)
    Head = 1u << 9, // the output layer over the vocabulary (peft's "lm_head", LitGPT's lora_head); not in all-linear
    AllLinear = Q | K | V | O | Gate | Up | Down | Mixer,
};

struct Name {
    std::string_view name;
    unsigned parts;
};

// One row per spelling. T5's "wo" is the MLP output (T5 names the attention output "o"); the Llama reference
// code's "wo" is the attention output, but Hugging Face's Llama uses o_proj, so "wo" follows T5 and Mixtral.
constexpr Name kNames[] = {
    { "all-linear", AllLinear },
    { "all_linear", AllLinear },
    { "all", AllLinear },
    { "q_proj", Q },
    { "q", Q },
    { "query", Q },
    { "wq", Q },
    { "k_proj", K },
    { "k", K },
    { "key", K },
    { "wk", K },
    { "v_proj", V },
    { "v", V },
    { "value", V },
    { "wv", V },
    { "o_proj", O },
    { "o", O },
    { "out_proj", O },
    { "dense", O },
    { "output_proj", O },
    { "query_key_value", QkvFused },
    { "c_attn", QkvFused },
    { "W_pack", QkvFused },
    { "qkv_proj", QkvFused },
    { "wqkv", QkvFused },
    { "Wqkv", QkvFused },
    { "gate_proj", Gate },
    { "w1", Gate },
    { "wi_0", Gate },
    { "up_proj", Up },
    { "w3", Up },
    { "wi", Up },
    { "wi_1", Up },
    { "fc1", Up },
    { "c_fc", Up },
    { "dense_h_to_4h", Up },
    { "fc_in", Up },
    { "down_proj", Down },
    { "w2", Down },
    { "wo", Down },
    { "fc2", Down },
    { "dense_4h_to_h", Down },
    { "lm_head", Head },
    { "fc_out", Down },
    { "c_proj", O | Down }, // GPT-2 names both the attention output and the MLP output c_proj
    { "in_proj", Mixer },
    { "in_proj_qkvz", Mixer },
    { "in_proj_ba", Mixer },
};

std::string_view lastComponent(std::string_view name)
{
    const auto dot = name.rfind('.');
    return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

const Name* find(std::string_view name)
{
    const std::string_view last = lastComponent(name);
    for (const Name& n : kNames)
        if (n.name == last)
            return &n;
    return nullptr;
}

} // namespace

std::vector<std::string> unknownLoraModules(const std::vector<std::string>& targets)
{
    std::vector<std::string> unknown;
    for (const auto& t : targets)
        if (!find(t) && std::find(unknown.begin(), unknown.end(), t) == unknown.end())
            unknown.push_back(t);
    return unknown;
}

LoraTargets loraTargets(const Architecture& a, const std::vector<std::string>& targets)
{
    LoraTargets out;
    unsigned parts = 0;
    for (const auto& t : targets) {
        if (const Name* n = find(t))
            parts |= n->parts;
        else if (std::find(out.unknown.begin(), out.unknown.end(), t) == out.unknown.end())
            out.unknown.push_back(t);
    }
    if (parts & QkvFused)
        parts &= ~(Q | K | V); // a fused projection is one matrix
    const double h = positiveOrZero(double(a.hiddenSize));
    const double qd = positiveOrZero(double(a.numAttentionHeads * a.headDimension()));
    const double queryOutputs = a.attentionOutputGate ? 2.0 : 1.0; // gated attention: the query and its gate
    const double kd = positiveOrZero(double(a.kvHeads() * a.headDimension()));
    const bool gated = a.mlp == MlpKind::Gated;

    // Attention blocks: one per attention layer (a hybrid's recurrent and MLP-only blocks have none), two in the
    // decoder layers of an encoder-decoder (cross-attention).
    const double attentionBlocks = attentionLayers(a) + (a.kind == ModelKind::EncoderDecoder ? decoderLayers(a) : 0.0);
    auto attention = [&](double in, double outWidth, bool qkvInput) {
        out.matrices.push_back({ in, outWidth, attentionBlocks, attentionBlocks, qkvInput });
    };
    if (parts & QkvFused)
        attention(h, qd * queryOutputs + 2 * kd, true);
    if (parts & Q)
        attention(h, qd * queryOutputs, true);
    if (parts & K)
        attention(h, kd, true);
    if (parts & V)
        attention(h, kd, true);
    if (parts & O)
        attention(qd, h, false);

    // MLPs: dense layers at intermediate_size; MoE layers hold every routed and shared expert at the expert width.
    const double moe = moeLayers(a);
    const double dense = mlpLayers(a) - moe;
    const double f = positiveOrZero(double(a.intermediateSize));
    const double fe = positiveOrZero(double(a.moeIntermediateSize > 0 ? a.moeIntermediateSize : a.intermediateSize));
    const double experts = double(std::max(1, a.numExperts));
    const double shared = double(std::max(0, a.numSharedExperts));
    const double active = std::clamp(double(a.expertsPerToken), 1.0, experts) + shared;
    auto mlp = [&](bool input) {
        if (dense > 0)
            out.matrices.push_back(input ? AdaptedMatrix { h, f, dense, dense } : AdaptedMatrix { f, h, dense, dense });
        if (moe > 0) {
            const double all = moe * (experts + shared), used = moe * active;
            out.matrices.push_back(input ? AdaptedMatrix { h, fe, all, used } : AdaptedMatrix { fe, h, all, used });
        }
    };
    if ((parts & Gate) && gated)
        mlp(true);
    if (parts & Up)
        mlp(true);
    if (parts & Down)
        mlp(false);

    // The output layer: one hidden x vocabulary matrix (its input the final norm's output).
    if ((parts & Head) && a.vocabSize > 0)
        out.matrices.push_back({ h, double(a.vocabSize), 1, 1 });

    // A hybrid's recurrent mixers (parameter_count.cpp deltaNet / mamba2): their input and output projections.
    if (parts & Mixer) {
        const double linear = linearAttentionLayers(a);
        const double mamba = mambaLayers(a);
        if (linear > 0) {
            const double keyDim = double(a.linearKeyHeads) * double(a.linearKeyHeadDim);
            const double valueDim = double(a.linearValueHeads) * double(a.linearValueHeadDim);
            out.matrices.push_back({ h, 2 * keyDim + 2 * valueDim, linear, linear });
            out.matrices.push_back({ h, 2 * double(a.linearValueHeads), linear, linear });
            out.matrices.push_back({ valueDim, h, linear, linear });
        }
        if (mamba > 0) {
            const double inner = double(a.mambaHeads) * double(a.mambaHeadDim);
            const double bc = 2 * double(std::max<std::int64_t>(1, a.mambaGroups)) * double(a.ssmStateSize);
            out.matrices.push_back({ h, 2 * inner + bc + double(a.mambaHeads), mamba, mamba });
            out.matrices.push_back({ inner, h, mamba, mamba });
        }
    }
    return out;
}

double loraParameters(const Architecture& a, const LoraSpec& lora, bool activeOnly)
{
    const double rank = double(std::clamp(lora.rank, 1, 1 << 20));
    double p = 0;
    for (const AdaptedMatrix& m : loraTargets(a, lora.targetModules).matrices)
        p += (activeOnly ? m.activeCount : m.count) * rank * (m.in + m.out);
    return p;
}

} // namespace gp
