// Model names in launch files: a Hugging Face repository ("meta-llama/Meta-Llama-3-8B-Instruct") or torchtitan's
// model name and flavor ("llama3", "8B") to the model library's preset, and back.
#pragma once

#include "transformer/model_library.h"

#include <string>
#include <string_view>

namespace gp
{

// The Hugging Face repository a preset was read from ("meta-llama/Llama-2-7b-hf"), from its source address.
std::string presetRepository(const ModelPreset& preset);

// The preset a repository id or local path names: the same repository, or the same name once an organisation,
// a variant suffix (-Instruct, -Chat, -hf, -Base, -fp16, -bf16) and "Meta-" are taken off
// ("NousResearch/Meta-Llama-3-8B", "casperhansen/llama-3-70b-fp16" -> llama-3-8b, llama-3-70b); nullptr when none does.
const ModelPreset* presetForModelName(std::string_view name);

struct TorchtitanModel {
    std::string name; // torchtitan's model name ("llama3")
    std::string flavor; // its flavor ("8B")
};

// torchtitan's (name, flavor) of a preset, or an empty name when torchtitan has no such flavor.
TorchtitanModel torchtitanModel(std::string_view presetId);
// The preset of a torchtitan (name, flavor), or nullptr.
const ModelPreset* presetForTorchtitan(std::string_view name, std::string_view flavor);

} // namespace gp
