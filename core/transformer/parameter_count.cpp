// Exact parameter counts of transformer architectures, and a typical architecture for a bare size.
#include "transformer/model_library.h"

#include "transformer/attention.h"
#include "transformer/layers.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// Conventions the Architecture fields stand for (they match the presets' published config.json files):
// - attention_bias on a gated-MLP (Llama-family) model is the QKV bias of Qwen/ChatGLM (no output bias);
//   on a standard-MLP model every projection has a bias (GPT-2, OPT, BLOOM, BERT).
// - mlp_bias also means LayerNorms with a bias (GPT-2, BERT, OPT, BLOOM); without it norms are weight-only
//   (RMSNorm of Llama/T5, MPT's bias-free LayerNorm).
// - qk_norm adds one RMSNorm weight of the head size for queries and one for keys per layer (Qwen3, Gemma 3);
//   attention sinks one logit per head and layer (GPT-OSS); expert_bias the biases of every expert's matrices
//   and of the router (GPT-OSS); sandwich norms four norms per layer instead of two (Gemma 2/3).
struct Shape {
    double h = 0, a = 0, k = 0, d = 0, f = 0, fe = 0, v = 0;
    bool attentionBias = false, outputBias = false, mlpBias = false, gated = true;
    AttentionShape attention;
    bool qkNorm = false, sinks = false, expertBias = false, sandwich = false, outputGate = false;
};

Shape shapeOf(const Architecture& arch)
{
    Shape s;
    s.attention = attentionShape(arch);
    s.qkNorm = arch.qkNorm;
    s.sinks = arch.attentionSinks;
    s.expertBias = arch.expertBias;
    s.sandwich = arch.sandwichNorms;
    s.outputGate = arch.attentionOutputGate;
    s.h = double(arch.hiddenSize);
    s.a = double(arch.numAttentionHeads);
    s.k = double(arch.kvHeads());
    s.d = double(arch.headDimension());
    s.f = double(arch.intermediateSize);
    s.fe = double(arch.moeIntermediateSize > 0 ? arch.moeIntermediateSize : arch.intermediateSize);
    s.v = double(arch.vocabSize);
    s.gated = arch.mlp == MlpKind::Gated;
    s.attentionBias = arch.attentionBias;
    s.outputBias = arch.attentionBias && !s.gated;
    s.mlpBias = arch.mlpBias;
    return s;
}

struct Part {
    double params = 0;
    double linear = 0; // weights of linear layers (matrices)
    double factored = 0; // rows + cols of matrices, sizes of vectors
    double largest = 0; // largest single matrix (+ its bias)

    void matrix(double rows, double cols, bool bias)
    {
        params += rows * cols + (bias ? cols : 0);
        linear += rows * cols;
        factored += rows + cols + (bias ? cols : 0);
        largest = std::max(largest, rows * cols + (bias ? cols : 0));
    }
    void vector(double n)
    {
        params += n;
        factored += n;
    }
    void add(const Part& other, double times = 1)
    {
        params += other.params * times;
        linear += other.linear * times;
        factored += other.factored * times;
        largest = std::max(largest, other.largest);
    }
};

Part attention(const Shape& s)
{
    Part p;
    const AttentionShape& at = s.attention;
    if (at.latent) {
        // Multi-head latent attention (DeepSeek-V2 paper, arXiv 2405.04434, Sec. 2.1; modeling_deepseek_v3.py):
        // query down- and up-projection with a norm on the latent (or one full-rank projection), the key/value
        // latent plus the shared rotary key, its norm, the key/value up-projection and the output projection.
        const double qk = at.heads * at.qkHeadDim;
        if (at.qLoraRank > 0) {
            p.matrix(s.h, at.qLoraRank, s.attentionBias);
            p.vector(at.qLoraRank);
            p.matrix(at.qLoraRank, qk, false);
        } else {
            p.matrix(s.h, qk, false);
        }
        p.matrix(s.h, at.kvLoraRank + at.ropeDim, s.attentionBias);
        p.vector(at.kvLoraRank);
        p.matrix(at.kvLoraRank, at.heads * (at.qkHeadDim - at.ropeDim + at.vHeadDim), false);
        p.matrix(at.heads * at.vHeadDim, s.h, false);
    } else {
        p.matrix(s.h, s.a * s.d * (s.outputGate ? 2 : 1), s.attentionBias); // gated attention: query and gate
        p.matrix(s.h, s.k * s.d, s.attentionBias);
        p.matrix(s.h, s.k * s.d, s.attentionBias);
        p.matrix(s.a * s.d, s.h, s.outputBias);
        if (s.qkNorm)
            p.vector(2 * s.d);
    }
    if (s.sinks)
        p.vector(s.a);
    return p;
}

// Gated DeltaNet (HF modeling_qwen3_next.py Qwen3NextGatedDeltaNet): in_proj_qkvz (h -> 2 key_dim + 2 value_dim),
// in_proj_ba (h -> 2 value heads), the depthwise conv1d over q, k, v (no bias), dt_bias and A_log per value head,
// the gated RMSNorm over one head's values, out_proj (value_dim -> h).
Part deltaNet(const Architecture& arch, double h)
{
    Part p;
    const double keyDim = double(arch.linearKeyHeads) * double(arch.linearKeyHeadDim);
    const double valueHeads = double(arch.linearValueHeads);
    const double valueDim = valueHeads * double(arch.linearValueHeadDim);
    p.matrix(h, 2 * keyDim + 2 * valueDim, false);
    p.matrix(h, 2 * valueHeads, false);
    p.vector((2 * keyDim + valueDim) * double(arch.linearConvKernel));
    p.vector(2 * valueHeads);
    p.vector(double(arch.linearValueHeadDim));
    p.matrix(valueDim, h, false);
    return p;
}

// Mamba2 (HF modeling_nemotron_h.py NemotronHMamba2Mixer, use_bias false, use_conv_bias true): in_proj (h -> z, x,
// B, C and dt: 2 inner + 2 groups x state + heads), the depthwise conv1d over x, B and C with its bias, dt_bias,
// A_log and D per head, the gated RMSNorm over the inner width, out_proj (inner -> h).
Part mamba2(const Architecture& arch, double h)
{
    Part p;
    const double heads = double(arch.mambaHeads);
    const double inner = heads * double(arch.mambaHeadDim);
    const double bc = 2 * double(std::max<std::int64_t>(1, arch.mambaGroups)) * double(arch.ssmStateSize);
    p.matrix(h, 2 * inner + bc + heads, false);
    p.vector((inner + bc) * (double(arch.mambaConvKernel) + 1));
    p.vector(3 * heads);
    p.vector(inner);
    p.matrix(inner, h, false);
    return p;
}

Part mlp(const Shape& s, double f, bool bias)
{
    Part p;
    if (s.gated) {
        p.matrix(s.h, f, bias); // gate
        p.matrix(s.h, f, bias); // up
    } else {
        p.matrix(s.h, f, bias);
    }
    p.matrix(f, s.h, bias);
    return p;
}

Part norm(const Shape& s)
{
    Part p;
    p.vector(s.h * (s.mlpBias ? 2 : 1));
    return p;
}

// The norms of one layer: before attention and MLP, and after each with sandwich norms.
double normsPerLayer(const Shape& s)
{
    return s.sandwich ? 4 : 2;
}

} // namespace

ParameterCounts countParameters(const Architecture& arch)
{
    ParameterCounts c;
    if (arch.hiddenSize <= 0 || arch.numLayers <= 0 || arch.numAttentionHeads <= 0)
        return c;
    const Shape s = shapeOf(arch);
    const double layers = double(arch.numLayers);
    const double decoderStack = decoderLayers(arch);
    const int experts = std::max(1, arch.numExperts);
    const int perToken = std::clamp(arch.expertsPerToken, 1, experts);
    const bool moe = experts > 1;

    Part embedding;
    embedding.matrix(s.v, s.h, false);
    if (arch.learnedPositions && arch.maxPositions > 0)
        embedding.matrix(double(arch.maxPositions), s.h, false);
    if (arch.kind == ModelKind::Encoder) {
        embedding.matrix(2, s.h, false); // token-type embeddings (type_vocab_size 2)
        embedding.add(norm(s)); // embedding LayerNorm
    }

    const Part attn = attention(s);
    const Part dense = mlp(s, s.f, s.mlpBias);
    Part expertMlp = mlp(s, s.fe, s.mlpBias || s.expertBias);

    Part denseLayer;
    denseLayer.add(attn);
    denseLayer.add(dense);
    denseLayer.add(norm(s), normsPerLayer(s));

    Part body; // all layers of all stacks
    double activeBody = 0;
    Part largestLayer = denseLayer;
    double mlpPerLayer = dense.params;
    if (arch.kind == ModelKind::EncoderDecoder) {
        Part decoderLayer;
        decoderLayer.add(attn, 2); // self- and cross-attention
        decoderLayer.add(dense);
        decoderLayer.add(norm(s), 3);
        body.add(denseLayer, layers);
        body.add(decoderLayer, decoderStack);
        body.add(norm(s), 2); // final norm of each stack
        if (!arch.learnedPositions)
            body.vector(2 * 32 * s.a); // T5 relative attention bias: 32 buckets x heads, first layer of each stack
        if (arch.learnedPositions && arch.maxPositions > 0)
            body.matrix(double(arch.maxPositions), s.h, false); // decoder positions (BART-like)
        activeBody = body.params;
        largestLayer = decoderLayer;
        c.mlpLinear = (layers + decoderStack) * dense.linear;
    } else if (moe) {
        const double moeCount = moeLayers(arch);
        const double denseCount = layers - moeCount;
        Part moeLayer;
        moeLayer.add(attn);
        moeLayer.matrix(s.h, double(experts), s.expertBias); // router
        moeLayer.add(expertMlp, experts);
        moeLayer.add(expertMlp, std::max(0, arch.numSharedExperts));
        moeLayer.add(norm(s), normsPerLayer(s));
        body.add(denseLayer, denseCount);
        body.add(moeLayer, moeCount);
        body.add(norm(s)); // final norm
        activeBody = body.params - moeCount * (experts - perToken) * expertMlp.params;
        c.expertLinear = moeCount * (experts + std::max(0, arch.numSharedExperts)) * expertMlp.linear;
        c.mlpLinear = denseCount * dense.linear + c.expertLinear;
        largestLayer = moeLayer;
        mlpPerLayer = moeLayer.params - attn.params - normsPerLayer(s) * norm(s).params;
        // A multi-token-prediction module (DeepSeek-V3 report, arXiv 2412.19437, Sec. 2.2): two norms, the
        // projection of [hidden; embedding] (2h x h), one more MoE layer and its output norm; the embedding and
        // the head are the model's. Counted apart: the published totals leave them out.
        c.mtpPerModule = moeLayer.params + 2 * s.h * s.h + 3 * norm(s).params;
        c.mtpRoutedPerModule = experts * expertMlp.params;
        c.mtp = std::max(0, arch.mtpModules) * c.mtpPerModule;
        c.mtpActive = std::max(0, arch.mtpModules) * (c.mtpPerModule - (experts - perToken) * expertMlp.params);
    } else {
        body.add(denseLayer, layers);
        c.mlpLinear = layers * dense.linear;
        if (arch.kind == ModelKind::Decoder) {
            body.add(norm(s)); // final norm
            // A dense decoder's multi-token-prediction module, as the MoE one above with its dense layer (what
            // training workload.mtp_layers of them holds; Megatron builds them for any GPT model).
            c.mtpPerModule = denseLayer.params + 2 * s.h * s.h + 3 * norm(s).params;
        }
        activeBody = body.params;
    }

    if (arch.hybrid()) {
        // Hybrid decoders: the recurrent layers hold their mixer instead of attention. With MLP-only blocks
        // (Nemotron-H, NemotronHBlock: one norm and one mixer or MLP each) the mixer blocks hold no MLP either.
        const Part linearMixer = deltaNet(arch, s.h);
        const Part mambaMixer = mamba2(arch, s.h);
        const double linearCount = linearAttentionLayers(arch);
        const double mambaCount = mambaLayers(arch);
        Part change;
        change.add(linearMixer, linearCount);
        change.add(mambaMixer, mambaCount);
        double removed = attn.params * (linearCount + mambaCount);
        double removedLinear = attn.linear * (linearCount + mambaCount);
        double removedFactored = attn.factored * (linearCount + mambaCount);
        if (arch.mlpOnlyLayers > 0) {
            // Every block so far counted attention, an MLP and two norms; the MLP-only blocks hold no mixer, the
            // mixer blocks no MLP, and each block one norm.
            const double mlpOnly = mlpOnlyLayers(arch);
            const double mixerBlocks = layers - mlpOnly;
            removed += attn.params * mlpOnly + dense.params * mixerBlocks + norm(s).params * layers;
            removedLinear += attn.linear * mlpOnly + dense.linear * mixerBlocks;
            removedFactored += attn.factored * mlpOnly + dense.factored * mixerBlocks + norm(s).factored * layers;
            c.mlpLinear = mlpOnly * dense.linear;
        }
        body.add(change);
        c.recurrentLinear = change.linear;
        body.params -= removed;
        body.linear -= removedLinear;
        body.factored -= removedFactored;
        activeBody += change.params - removed;
    }

    Part head;
    if (arch.kind == ModelKind::Encoder) {
        head.matrix(s.h, s.h, true); // BERT pooler
    } else if (!arch.tieWordEmbeddings) {
        head.matrix(s.h, s.v, false);
    }

    c.embedding = embedding.params;
    c.outputHead = head.params;
    c.total = embedding.params + body.params + head.params;
    c.active = embedding.params + activeBody + head.params;
    c.activeAsPublished = c.active;
    c.perLayer = largestLayer.params;
    c.attentionPerLayer = attn.params;
    c.mlpPerLayer = mlpPerLayer;
    c.blockLinear = body.linear;
    c.largestTensor = std::max({ embedding.largest, body.largest, head.largest });
    c.factoredStateElements = embedding.factored + body.factored + head.factored;
    c.layerCount = totalLayers(arch);
    c.largestLayer = c.largestTensor; // DeepSpeed gathers module by module
    const double classes = std::max(1, arch.numClasses);
    c.classificationHead = s.h * classes + classes;
    return c;
}

Architecture typicalArchitecture(double parameters)
{
    // A Llama-shaped decoder (gated MLP, f ~ 8h/3, head size 128, depth ~ h/128 as in Llama 2 7B/13B),
    // 32k vocabulary, untied head: parameters ~ L * 12h^2 + 2Vh solved for h, then L fitted to the size.
    Architecture a;
    a.kind = ModelKind::Decoder;
    a.mlp = MlpKind::Gated;
    a.vocabSize = 32000;
    const double p = std::isfinite(parameters) ? std::clamp(parameters, 1e6, 1e13) : 7e9;
    double h = std::cbrt(p * 128.0 / 12.0);
    h = std::max(256.0, std::round(h / 128.0) * 128.0);
    a.hiddenSize = std::int64_t(h);
    a.numAttentionHeads = std::max<std::int64_t>(1, a.hiddenSize / 128);
    // GQA with 8 KV heads at 70B scale, as Llama 2, where the head count allows it.
    a.numKeyValueHeads = a.numAttentionHeads >= 64 && a.numAttentionHeads % 8 == 0 ? 8 : a.numAttentionHeads;
    a.intermediateSize = std::int64_t(std::max(256.0, std::round(8.0 * h / 3.0 / 256.0) * 256.0));
    Architecture one = a;
    one.numLayers = 1;
    const ParameterCounts c = countParameters(one);
    const double fixed = c.total - c.perLayer;
    const double layers = c.perLayer > 0 ? std::round((p - fixed) / c.perLayer) : 1;
    a.numLayers = std::int64_t(std::max(1.0, layers));
    return a;
}

} // namespace gp
