#include "launch/launch_models.h"

#include <algorithm>
#include <cctype>

namespace gp
{

namespace
{

std::string lowerText(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

// The repository name without its organisation or path, lower case, with variant suffixes and "meta-" taken off.
std::string modelStem(std::string_view name)
{
    std::string stem = lowerText(name);
    while (!stem.empty() && stem.back() == '/')
        stem.pop_back();
    if (auto slash = stem.rfind('/'); slash != std::string::npos)
        stem = stem.substr(slash + 1);
    static const char* const kSuffixes[] = { "-instruct", "-chat", "-hf", "-base", "-fp16", "-bf16", "-it", "-pt" };
    bool changed = true;
    while (changed) {
        changed = false;
        for (const char* suffix : kSuffixes) {
            const std::string s(suffix);
            if (stem.size() > s.size() && stem.compare(stem.size() - s.size(), s.size(), s) == 0) {
                stem.resize(stem.size() - s.size());
                changed = true;
            }
        }
    }
    if (stem.rfind("meta-", 0) == 0)
        stem = stem.substr(5);
    return stem;
}

// torchtitan's model flavors (torchtitan/models/<name>/__init__.py, pytorch/torchtitan at commit
// f3534d77b3876a3c042b60b18785272576d91e59: llama3 "8B", "70B", "405B" are the Llama 3.1 architectures its
// train_configs download; "1B" and "3B" Llama 3.2; qwen3 and llama4 flavors as their model cards name them).
struct TorchtitanFlavor {
    const char* name;
    const char* flavor;
    const char* preset;
};
constexpr TorchtitanFlavor kTorchtitanFlavors[] = {
    { "llama3", "1B", "llama-3.2-1b" },
    { "llama3", "3B", "llama-3.2-3b" },
    { "llama3", "8B", "llama-3.1-8b" },
    { "llama3", "70B", "llama-3.1-70b" },
    { "llama3", "405B", "llama-3.1-405b" },
    { "qwen3", "0.6B", "qwen3-0.6b" },
    { "qwen3", "1.7B", "qwen3-1.7b" },
    { "qwen3", "4B", "qwen3-4b" },
    { "qwen3", "8B", "qwen3-8b" },
    { "qwen3", "14B", "qwen3-14b" },
    { "qwen3", "32B", "qwen3-32b" },
    { "qwen3", "30B-A3B", "qwen3-30b-a3b" },
    { "qwen3", "235B-A22B", "qwen3-235b-a22b" },
    { "llama4", "17bx16e", "llama-4-scout" },
    { "llama4", "17bx128e", "llama-4-maverick" },
    { "deepseek_v3", "671B", "deepseek-v3" },
};

} // namespace

std::string presetRepository(const ModelPreset& preset)
{
    const std::string prefix = "https://huggingface.co/";
    if (preset.source.rfind(prefix, 0) != 0)
        return {};
    const std::string rest = preset.source.substr(prefix.size());
    const auto blob = rest.find("/blob/");
    return blob == std::string::npos ? std::string() : rest.substr(0, blob);
}

const ModelPreset* presetForModelName(std::string_view name)
{
    if (name.empty())
        return nullptr;
    const std::string lower = lowerText(name);
    for (const auto& preset : modelPresets())
        if (lowerText(presetRepository(preset)) == lower || lowerText(preset.id) == lower)
            return &preset;
    const std::string stem = modelStem(name);
    for (const auto& preset : modelPresets())
        if (modelStem(presetRepository(preset)) == stem || preset.id == stem)
            return &preset;
    return nullptr;
}

TorchtitanModel torchtitanModel(std::string_view presetId)
{
    for (const auto& f : kTorchtitanFlavors)
        if (presetId == f.preset)
            return { f.name, f.flavor };
    return {};
}

const ModelPreset* presetForTorchtitan(std::string_view name, std::string_view flavor)
{
    for (const auto& f : kTorchtitanFlavors)
        if (name == f.name && lowerText(flavor) == lowerText(f.flavor))
            return findModelPreset(f.preset);
    return nullptr;
}

} // namespace gp
