// Shared by the throughput, communication, inference-speed and cost tests: builds models and hardware from
// the built-in catalog and from the reference-case JSON files.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gp::testing
{

inline nlohmann::json readJson(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return nlohmann::json::parse(s.str(), nullptr, false);
}

inline Architecture architectureFromJson(const nlohmann::json& j)
{
    Architecture a;
    a.numLayers = j.value("num_layers", 0);
    a.hiddenSize = j.value("hidden_size", 0);
    a.numAttentionHeads = j.value("num_attention_heads", 0);
    a.numKeyValueHeads = j.value("num_key_value_heads", 0);
    a.intermediateSize = j.value("intermediate_size", 0);
    a.vocabSize = j.value("vocab_size", 0);
    a.mlp = j.value("mlp", std::string("gated")) == "gated" ? MlpKind::Gated : MlpKind::Standard;
    a.tieWordEmbeddings = j.value("tie_word_embeddings", false);
    a.learnedPositions = j.value("learned_positions", false);
    a.maxPositions = j.value("max_positions", 0);
    a.attentionBias = j.value("attention_bias", false);
    a.mlpBias = j.value("mlp_bias", false);
    return a;
}

inline ResolvedModel modelFrom(const Architecture& a, const std::string& name = "test")
{
    ResolvedModel m;
    m.name = name;
    m.architecture = a;
    m.parameters = countParameters(a);
    m.weightsDtype = "bf16";
    return m;
}

// Llama-2-7B as in its config.json (meta-llama/Llama-2-7b-hf): 32 layers, hidden 4096, 32 heads, MLP 11008.
inline Architecture llama2_7b()
{
    Architecture a;
    a.numLayers = 32;
    a.hiddenSize = 4096;
    a.numAttentionHeads = 32;
    a.numKeyValueHeads = 32;
    a.intermediateSize = 11008;
    a.vocabSize = 32000;
    return a;
}

// One node (or `nodes`) of `gpusPerNode` catalog GPUs joined by a catalog link.
inline Hardware catalogHardware(const Catalog& catalog, const std::string& gpu, int gpusPerNode,
    const std::string& link, int nodes = 1, double interNodeGbps = 0, bool rdma = false)
{
    Hardware hw;
    hw.id = gpu + " x" + std::to_string(gpusPerNode);
    hw.label = hw.id;
    if (const GpuSpec* g = catalog.findGpu(gpu))
        hw.gpu = *g;
    if (const LinkSpec* l = catalog.findLink(link))
        hw.intraNode = *l;
    hw.gpusPerNode = gpusPerNode;
    hw.nodes = nodes;
    hw.interNodeGbps = interNodeGbps;
    hw.rdma = rdma;
    return hw;
}

inline double median(std::vector<double> v)
{
    if (v.empty())
        return NAN;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

inline std::string bottleneckName(Bottleneck b)
{
    return std::string(toString(b));
}

// FP8 training of 1e9 tokens at `sequenceLength` under `recipe`, the workload the FP8 tests compare on.
inline Workload fp8Training(double sequenceLength, Fp8Recipe recipe = Fp8Recipe::Tensorwise)
{
    Workload w;
    w.sequenceLength = sequenceLength;
    w.trainingTokens = 1e9;
    w.precision = Precision::Fp8;
    w.fp8Recipe = recipe;
    return w;
}

// FP8 pretraining at 8k sequence, as the FP8 recipe tests compare recipes on it.
inline Workload fp8Pretraining(Fp8Recipe recipe)
{
    return fp8Training(8192, recipe);
}

} // namespace gp::testing
