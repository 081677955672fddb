// Models as the CLI prints them: an imported config.json and the preset library, with the counts the estimate
// uses (total and active parameters, KV cache per token and of the local layers' windows).
#pragma once

#include "transformer/model_library.h"

#include <nlohmann/json.hpp>

#include <optional>

#include <string>
#include <vector>

namespace gp
{

// The counts of one architecture every model listing shows.
struct ModelFigures {
    double parameters = 0; // total (every expert; multi-token-prediction modules apart)
    double activeParameters = 0; // per token, as the model card counts them; the total for dense models
    bool activeWithoutEmbedding = false; // activeParameters leaves the input embedding out (GPT-OSS's card)
    double mtpParameters = 0; // multi-token-prediction modules
    double kvCacheBytesPerToken = 0; // 16-bit KV, layers that keep the whole context
    double kvCacheWindowBytes = 0; // 16-bit KV of the local layers at their window
    double kvCacheLayers = 0; // layers that keep keys and values (a hybrid's attention layers)
    double recurrentStateBytes = 0; // a hybrid's recurrent state per sequence (0 without recurrent layers)
};
ModelFigures modelFigures(const Architecture& architecture, bool activeWithoutEmbedding = false);

// `gpu-planner-cli model import`: architecture, figures, dtype, shipped quantization and warnings.
nlohmann::json importedModelToJson(
    const ImportedConfig& imported, const std::string& source, std::optional<double> safetensorsParameters);
// `gpu-planner-cli model import --format table`: the same figures as lines of "name  value".
std::string importedModelToTable(
    const ImportedConfig& imported, const std::string& source, std::optional<double> safetensorsParameters);
// `gpu-planner-cli model list`.
nlohmann::json presetsToJson(const std::vector<ModelPreset>& presets);
std::string presetsToTable(const std::vector<ModelPreset>& presets);

} // namespace gp
