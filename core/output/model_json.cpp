// JSON and table text of imported models and the preset library.
#include "output/model_json.h"

#include "base/number_text.h"
#include "plan/architecture_json.h"
#include "transformer/attention.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace gp {

namespace {

nlohmann::json warningsToJson(const Diagnostics& warnings)
{
    nlohmann::json list = nlohmann::json::array();
    for (const Diagnostic& d : warnings) {
        nlohmann::json w = {{"code", d.code}, {"message", d.message}};
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
    if (f.mtpParameters > 0)
        j["mtp_parameters"] = f.mtpParameters;
    j["kv_cache_bytes_per_token"] = f.kvCacheBytesPerToken;
    j["kv_cache_window_bytes"] = f.kvCacheWindowBytes;
}

std::string billions(double parameters)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(parameters >= 1e10 ? 1 : 2) << parameters / 1e9 << " B";
    return s.str();
}

} // namespace

ModelFigures modelFigures(const Architecture& a)
{
    const ParameterCounts c = countParameters(a);
    ModelFigures f;
    f.parameters = c.total;
    f.activeParameters = c.active;
    f.mtpParameters = c.mtp;
    f.kvCacheBytesPerToken = kvCacheBytesPerToken(a, KvPrecision::Bf16);
    f.kvCacheWindowBytes = kvCacheWindowBytes(a, KvPrecision::Bf16);
    return f;
}

nlohmann::json importedModelToJson(const ImportedConfig& imported, const std::string& source,
                                   std::optional<double> safetensorsParameters)
{
    nlohmann::json j = {{"source", source}, {"architecture", architectureToJson(imported.architecture)}};
    putFigures(j, modelFigures(imported.architecture));
    if (safetensorsParameters)
        j["safetensors_parameters"] = *safetensorsParameters;
    j["torch_dtype"] = imported.torchDtype;
    j["quantization"] = imported.quantization;
    j["warnings"] = warningsToJson(imported.warnings);
    return j;
}

nlohmann::json presetsToJson(const std::vector<ModelPreset>& presets)
{
    nlohmann::json list = nlohmann::json::array();
    for (const ModelPreset& p : presets) {
        nlohmann::json j = {{"id", p.id}, {"name", p.name}, {"family", p.family}, {"weights_dtype", p.weightsDtype},
                            {"source", p.source}, {"architecture", architectureToJson(p.architecture)}};
        putFigures(j, modelFigures(p.architecture));
        list.push_back(j);
    }
    return {{"presets", list}};
}

std::string presetsToTable(const std::vector<ModelPreset>& presets)
{
    std::size_t idWidth = 2, nameWidth = 4;
    for (const ModelPreset& p : presets) {
        idWidth = std::max(idWidth, p.id.size());
        nameWidth = std::max(nameWidth, p.name.size());
    }
    std::ostringstream out;
    out << std::left << std::setw(int(idWidth) + 2) << "id" << std::setw(int(nameWidth) + 2) << "name"
        << std::right << std::setw(12) << "parameters" << std::setw(12) << "active" << std::setw(14) << "KV B/token"
        << std::setw(14) << "KV window B" << '\n';
    for (const ModelPreset& p : presets) {
        const ModelFigures f = modelFigures(p.architecture);
        out << std::left << std::setw(int(idWidth) + 2) << p.id << std::setw(int(nameWidth) + 2) << p.name
            << std::right << std::setw(12) << billions(f.parameters) << std::setw(12)
            << billions(f.activeParameters) << std::setw(14) << formatExact(f.kvCacheBytesPerToken) << std::setw(14)
            << formatExact(f.kvCacheWindowBytes) << '\n';
    }
    return out.str();
}

} // namespace gp
