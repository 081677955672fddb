// The models in the local Hugging Face hub cache (huggingface_hub's layout, read offline): each
// models--ORG--NAME folder with a snapshot holding a config.json.
#pragma once

#include <string>
#include <vector>

namespace gp
{

struct CachedModel {
    std::string repo; // "Qwen/Qwen3-8B" ("gpt2" for a repository without an owner)
    std::string configPath; // the config.json of the snapshot refs/main names, else of the newest snapshot
                            // (the path's bytes as the file system has them, not necessarily UTF-8)
    bool operator==(const CachedModel&) const = default;
};

// The hub cache folder as huggingface_hub resolves it: $HF_HUB_CACHE, else $HF_HOME/hub, else
// $HOME/.cache/huggingface/hub. Each argument is the variable's value, null or empty when unset; the result is
// empty when none of them is set.
std::string huggingFaceHubDir(const char* hfHubCache, const char* hfHome, const char* home);

// The cached models of `hubDir` that have a config.json, sorted by repository; none when the folder is missing or
// unreadable (never an exception). Datasets and spaces are left out.
std::vector<CachedModel> cachedModels(const std::string& hubDir);

} // namespace gp
