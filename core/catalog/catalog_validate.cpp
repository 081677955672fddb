// Cross-entry checks: references resolve, ids are unique, every price and figure has a source.
#include "catalog/catalog.h"

#include <set>

namespace gp
{

Expected<bool> validateCatalog(const Catalog& catalog)
{
    std::set<std::string> ids;
    for (std::size_t i = 0; i < catalog.gpus.size(); ++i) {
        const auto& gpu = catalog.gpus[i];
        const std::string path = "gpus[" + std::to_string(i) + "]";
        if (!ids.insert(gpu.id).second)
            return Error { path + ".id", "duplicate id \"" + gpu.id + "\"" };
        if (!catalog.findLink(gpu.pcie))
            return Error { path + ".pcie", "unknown link id \"" + gpu.pcie + "\"" };
        if (!gpu.nvlink.empty() && !catalog.findLink(gpu.nvlink))
            return Error { path + ".nvlink", "unknown link id \"" + gpu.nvlink + "\"" };
        if (!gpu.tflops.bf16 && !gpu.tflops.fp16 && !gpu.tflops.fp32)
            return Error { path + ".tflops", "needs at least one of fp32, fp16, bf16" };
        // An SM count is a figure from the world: it names the source it was read from.
        if (gpu.smCount > 0 && !catalog.sources.empty() && !catalog.sources.count(gpu.smCountSource))
            return Error { path + ".sm_count_source", "unknown source \"" + gpu.smCountSource + "\"" };
    }
    for (std::size_t i = 0; i < catalog.links.size(); ++i) {
        const auto& link = catalog.links[i];
        if (!ids.insert(link.id).second)
            return Error { "links[" + std::to_string(i) + "].id", "duplicate id \"" + link.id + "\"" };
    }
    for (std::size_t i = 0; i < catalog.instances.size(); ++i) {
        const auto& instance = catalog.instances[i];
        const std::string path = "instances[" + std::to_string(i) + "]";
        if (!ids.insert(instance.id).second)
            return Error { path + ".id", "duplicate id \"" + instance.id + "\"" };
        if (!catalog.findGpu(instance.gpu))
            return Error { path + ".gpu", "unknown GPU id \"" + instance.gpu + "\"" };
        if (!instance.intraNode.empty() && !catalog.findLink(instance.intraNode))
            return Error { path + ".intra_node", "unknown link id \"" + instance.intraNode + "\"" };
        if (instance.price.status != "user" && instance.price.source.empty())
            return Error { path + ".price.source", "is required" };
        std::set<std::string> regions = { priceRegion(catalog, instance, instance.price) };
        for (std::size_t k = 0; k < instance.otherPrices.size(); ++k) {
            const auto& other = instance.otherPrices[k];
            const std::string otherPath = path + ".other_prices[" + std::to_string(k) + "]";
            if (!regions.insert(other.region).second)
                return Error { otherPath + ".region",
                    "instance \"" + instance.id + "\" already has a price in \"" + other.region + "\"" };
            if (other.status != "user" && other.source.empty())
                return Error { otherPath + ".source", "is required" };
        }
    }
    std::set<std::string> providers;
    for (std::size_t i = 0; i < catalog.providers.size(); ++i) {
        if (!providers.insert(catalog.providers[i].id).second)
            return Error { "providers[" + std::to_string(i) + "].id",
                "duplicate id \"" + catalog.providers[i].id + "\"" };
    }
    return true;
}

Diagnostics catalogWarnings(const Catalog& catalog)
{
    Diagnostics warnings;
    // A default key the catalog (or the built-in one it falls back to) gives.
    auto hasDefault = [&catalog](const std::string& key) {
        return catalog.defaults.find(key) != catalog.defaults.end()
            || builtinCatalog().defaults.find(key) != builtinCatalog().defaults.end();
    };
    // The efficiency classes the time model documents (resources/catalog/README.md, gpus[].class).
    static const std::set<std::string> knownClasses = { "datacenter-hbm", "datacenter-gddr", "consumer" };
    for (const auto& gpu : catalog.gpus) {
        if (!gpu.tflops.any())
            warnings.push_back({ "gpu_no_tflops",
                "GPU \"" + gpu.id + "\" has no TFLOPS figure for any precision; its speed is unknown",
                { { "gpu", gpu.id } } });
        if (!knownClasses.count(gpu.gpuClass))
            warnings.push_back({ "gpu_class_unknown",
                "GPU \"" + gpu.id + "\" has the unknown class \"" + gpu.gpuClass
                    + "\"; the known ones are datacenter-hbm, datacenter-gddr and consumer",
                { { "gpu", gpu.id }, { "class", gpu.gpuClass } } });
        // Its peak efficiency comes from its class's key, else its architecture's; a named architecture without
        // either silently took compute_efficiency.peak.default (a GPU naming none takes it knowingly).
        const bool classPeak = hasDefault("compute_efficiency.peak.class." + gpu.gpuClass);
        if (!gpu.architecture.empty() && !classPeak && !hasDefault("compute_efficiency.peak." + gpu.architecture))
            warnings.push_back({ "gpu_architecture_no_efficiency",
                "GPU \"" + gpu.id + "\": architecture \"" + gpu.architecture + "\" has no compute_efficiency.peak."
                    + gpu.architecture + " (nor its class a compute_efficiency.peak.class." + gpu.gpuClass
                    + "); it takes compute_efficiency.peak.default",
                { { "gpu", gpu.id }, { "architecture", gpu.architecture } } });
        if (gpu.runsFormat("nvfp4") && !(gpu.tflops.fp4 && *gpu.tflops.fp4 > 0))
            warnings.push_back(
                { "gpu_format_without_rate", "GPU \"" + gpu.id + "\" lists tensor format nvfp4 but has no tflops.fp4",
                    { { "gpu", gpu.id }, { "format", "nvfp4" } } });
    }
    return warnings;
}

} // namespace gp
