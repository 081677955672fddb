#include "estimate/serving/engine_hardware.h"

#include "estimate/common/performance_defaults.h"
#include "plan/kv_layouts.h"

#include <cmath>

namespace gp
{

std::string engineCatalogName(ServingEngineKind kind)
{
    std::string name(toString(kind));
    for (char& c : name)
        if (c == '-' || c == '.')
            c = '_';
    return name;
}

bool servingEngineRuns(const Catalog& catalog, ServingEngineKind kind, std::string_view architecture)
{
    if (architecture.empty())
        return true;
    std::string key = "serving.engine." + engineCatalogName(kind) + ".runs.";
    key.append(architecture);
    const double runs = catalogDefault(catalog, key, 0.0, 1.0);
    return !std::isfinite(runs) || runs >= 0.5;
}

std::optional<FitFailure> servingEngineUnsupported(const Catalog& catalog, ServingEngineKind kind, const GpuSpec& gpu)
{
    if (servingEngineRuns(catalog, kind, gpu.architecture))
        return std::nullopt;
    const std::string engine(toString(kind));
    return FitFailure { "serving_engine_unsupported",
        engine + " does not run on " + gpu.name + " (" + gpu.architecture
            + "): the engine's supported hardware does not list " + gpu.architecture,
        { { "engine", engine }, { "gpu", gpu.name }, { "architecture", gpu.architecture } } };
}

std::optional<FitFailure> kvCacheUnsupported(const std::optional<KvPrecision>& precision, const GpuSpec& gpu)
{
    // The FP4 caches' kernels: vLLM's nvfp4_ds_mla runs on SM100 only (FLASHMLA_SPARSE supports_combination), its
    // nvfp4 on the SM100 trtllm-gen path (rejected on SM120: vllm-project/vllm issue #49011), TensorRT-LLM's on
    // Blackwell's FP4 tensor cores; the catalog's "nvfp4" tensor format marks the data-center Blackwell GPUs.
    if (!precision || !kvCacheLayout(*precision).needsNvfp4Gpu || gpu.runsFormat("nvfp4"))
        return std::nullopt;
    const std::string name(toString(*precision));
    return FitFailure { "kv_cache_precision_unsupported",
        "workload.serving.kv_cache_precision \"" + name + "\" runs on data-center Blackwell GPUs (NVFP4 tensor cores); "
            + gpu.name + " has none",
        { { "kv_cache_precision", name }, { "gpu", gpu.name } } };
}

std::string servingEngineAttentionBackend(const Catalog& catalog, ServingEngineKind kind, std::string_view architecture)
{
    if (architecture.empty())
        return {};
    std::string prefix = "serving.engine." + engineCatalogName(kind) + ".attention_backend.";
    prefix.append(architecture).append(".");
    // The catalog's own entries; a catalog with none under the prefix reads the built-in catalog's.
    for (const Catalog* from : { &catalog, &builtinCatalog() }) {
        bool listed = false;
        for (auto it = from->defaults.lower_bound(std::string_view(prefix));
             it != from->defaults.end() && std::string_view(it->first).starts_with(prefix); ++it) {
            listed = true;
            if (std::isfinite(it->second.value) && it->second.value >= 0.5)
                return it->first.substr(prefix.size());
        }
        if (listed)
            return {};
    }
    return {};
}

} // namespace gp
