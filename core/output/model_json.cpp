// JSON and table text of imported models and the preset library.
#include "output/model_json.h"

#include "base/number_text.h"
#include "plan/architecture_json.h"
#include "transformer/attention.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace gp
{

namespace
{

nlohmann::json warningsToJson(const Diagnostics& warnings)
{
    nlohmann::json list = nlohmann::json::array();
    for (const Diagnostic& d : warnings) {
        nlohmann::json w = { { "code", d.code }, { "message", d.message } };
        for (const auto& [key, value] : d.args)
            w[key] = value;
        list.push_back(w);
    }
    return list;
}

void putFigures(nlohmann::json& j, const ModelFigures& f)
{
    j["parameters"] = f.parameters;
    j["active_parameters"] = f.activeParameters;
    j["active_parameters_convention"] = f.activeWithoutEmbedding ? "without-embedding" : "with-embedding";
    if (f.mtpParameters > 0)
        j["mtp_parameters"] = f.mtpParameters;
    j["kv_cache_bytes_per_token"] = f.kvCacheBytesPerToken;
    j["kv_cache_window_bytes"] = f.kvCacheWindowBytes;
    j["kv_cache_layers"] = f.kvCacheLayers;
    j["recurrent_state_bytes"] = f.recurrentStateBytes;
}

std::string billions(double parameters)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(parameters >= 1e10 ? 1 : 2) << parameters / 1e9 << " B";
    return s.str();
}

} // namespace

ModelFigures modelFigures(const Architecture& a, bool activeWithoutEmbedding)
{
    const ParameterCounts c = countParameters(a);
    ModelFigures f;
    f.parameters = c.total;
    f.activeParameters = activeWithoutEmbedding ? c.active - c.embedding : c.active;
    f.activeWithoutEmbedding = activeWithoutEmbedding;
    f.mtpParameters = c.mtp;
    f.kvCacheBytesPerToken = kvCacheBytesPerToken(a, KvPrecision::Bf16);
    f.kvCacheWindowBytes = kvCacheWindowBytes(a, KvPrecision::Bf16);
    f.kvCacheLayers = kvCacheLayers(a);
    f.recurrentStateBytes = recurrentStateBytes(a);
    return f;
}

nlohmann::json importedModelToJson(
    const ImportedConfig& imported, const std::string& source, std::optional<double> safetensorsParameters)
{
    nlohmann::json j = { { "source", source }, { "architecture", architectureToJson(imported.architecture) } };
    putFigures(j, modelFigures(imported.architecture, imported.activeWithoutEmbedding));
    if (safetensorsParameters)
        j["safetensors_parameters"] = *safetensorsParameters;
    j["torch_dtype"] = imported.torchDtype;
    j["quantization"] = imported.quantization;
    if (imported.bitsPerWeight > 0)
        j["weight_bits"] = imported.bitsPerWeight;
    j["warnings"] = warningsToJson(imported.warnings);
    return j;
}

std::string importedModelToTable(
    const ImportedConfig& imported, const std::string& source, std::optional<double> safetensorsParameters)
{
    const ModelFigures f = modelFigures(imported.architecture, imported.activeWithoutEmbedding);
    const Architecture& a = imported.architecture;
    std::ostringstream out;
    auto row = [&out](const char* name, const std::string& value) {
        out << std::left << std::setw(26) << name << value << '\n';
    };
    row("source", source);
    row("kind", std::string(toString(a.kind)));
    row("parameters", billions(f.parameters));
    row("active parameters",
        billions(f.activeParameters)
            + (f.activeWithoutEmbedding ? " (without the embedding)" : " (with the embedding)"));
    if (f.mtpParameters > 0)
        row("mtp parameters", billions(f.mtpParameters));
    if (safetensorsParameters)
        row("safetensors parameters", billions(*safetensorsParameters));
    row("layers", std::to_string(a.numLayers));
    row("hidden size", std::to_string(a.hiddenSize));
    if (a.numExperts > 1)
        row("experts", std::to_string(a.expertsPerToken) + " of " + std::to_string(a.numExperts) + " per token");
    row("KV B/token", formatExact(f.kvCacheBytesPerToken));
    row("KV window B", formatExact(f.kvCacheWindowBytes));
    if (a.hybrid()) {
        row("KV layers", formatExact(f.kvCacheLayers) + " of " + std::to_string(a.numLayers));
        row("state B/sequence", formatExact(f.recurrentStateBytes));
    }
    row("torch dtype", imported.torchDtype.empty() ? std::string("-") : imported.torchDtype);
    row("quantization", imported.quantization.empty() ? std::string("-") : imported.quantization);
    if (imported.bitsPerWeight > 0)
        row("weight bits", formatExact(imported.bitsPerWeight));
    for (const Diagnostic& d : imported.warnings)
        row("warning", d.message);
    return out.str();
}

nlohmann::json presetsToJson(const std::vector<ModelPreset>& presets)
{
    nlohmann::json list = nlohmann::json::array();
    for (const ModelPreset& p : presets) {
        nlohmann::json j
            = { { "id", p.id }, { "name", p.name }, { "family", p.family }, { "weights_dtype", p.weightsDtype },
                  { "source", p.source }, { "architecture", architectureToJson(p.architecture) } };
        putFigures(j, modelFigures(p.architecture, p.activeWithoutEmbedding));
        list.push_back(j);
    }
    return { { "presets", list } };
}

std::string presetsToTable(const std::vector<ModelPreset>& presets)
{
    std::size_t idWidth = 2, nameWidth = 4;
    for (const ModelPreset& p : presets) {
        idWidth = std::max(idWidth, p.id.size());
        nameWidth = std::max(nameWidth, p.name.size());
    }
    std::ostringstream out;
    out << std::left << std::setw(int(idWidth) + 2) << "id" << std::setw(int(nameWidth) + 2) << "name" << std::right
        << std::setw(12) << "parameters" << std::setw(12) << "active" << std::setw(14) << "KV B/token" << std::setw(14)
        << "KV window B" << '\n';
    for (const ModelPreset& p : presets) {
        const ModelFigures f = modelFigures(p.architecture, p.activeWithoutEmbedding);
        out << std::left << std::setw(int(idWidth) + 2) << p.id << std::setw(int(nameWidth) + 2) << p.name << std::right
            << std::setw(12) << billions(f.parameters) << std::setw(12) << billions(f.activeParameters) << std::setw(14)
            << formatExact(f.kvCacheBytesPerToken) << std::setw(14) << formatExact(f.kvCacheWindowBytes) << '\n';
    }
    return out.str();
}

} // namespace gp
