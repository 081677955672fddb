// A user's overrides (their quotes, on-premise machines) and how they merge over the catalog.
#include "catalog/catalog_parse_internal.h"
#include "catalog/catalog.h"
#include "base/json_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <optional>

namespace gp {

using detail::JsonReader;
using nlohmann::json;

namespace {

// The same GPU or machine twice in one file: the merge would keep only the last, silently dropping the first.
std::optional<Error> findDuplicateId(const CatalogOverrides& overrides, const std::string& fileName)
{
    auto check = [&](const auto& items, const char* section) -> std::optional<Error> {
        std::map<std::string, std::size_t> first; // id -> index where it first appears
        for (std::size_t i = 0; i < items.size(); ++i) {
            auto [it, inserted] = first.emplace(items[i].id, i);
            if (!inserted)
                return Error{std::string(section) + "[" + std::to_string(i) + "].id",
                             "\"" + items[i].id + "\" is already defined by " + section + "["
                                 + std::to_string(it->second) + "]",
                             fileName};
        }
        return std::nullopt;
    };
    if (auto e = check(overrides.gpus, "gpus"))
        return e;
    return check(overrides.instances, "instances");
}

} // namespace

Expected<CatalogOverrides> parseOverridesJson(std::string_view text, const std::string& fileName)
{
    json document;
    if (auto problem = detail::parseJsonDocument(text, document))
        return Error{"", *problem, fileName};
    JsonReader root(document, "", fileName);
    std::string format;
    root.string("format", format, true);
    if (root.ok() && format != "gpu-planner-overrides" && format != "gpu-planner-catalog")
        root.fail("format", "must be \"gpu-planner-overrides\", got \"" + format + "\"");
    std::int64_t version = 1;
    root.integer("version", version, true, 1, 1);
    if (!root.ok())
        return root.takeError();

    CatalogOverrides overrides;
    if (format == "gpu-planner-catalog") {
        // A catalog fragment: its GPUs and instances become the user's entries.
        Catalog fragment;
        auto parsed = parseCatalogJson(text, fileName, fragment);
        if (!parsed)
            return parsed.error();
        overrides.gpus = fragment.gpus;
        overrides.instances = fragment.instances;
        if (auto duplicate = findDuplicateId(overrides, fileName))
            return *duplicate;
        return overrides;
    }
    Catalog gpusOnly;
    if (auto it = document.find("gpus"); it != document.end() && !it->is_null()) {
        json fragment = {{"format", "gpu-planner-catalog"}, {"version", 1}, {"gpus", *it}};
        auto parsed = parseCatalogJson(fragment.dump(), fileName, gpusOnly);
        if (!parsed)
            return parsed.error();
        overrides.gpus = gpusOnly.gpus;
    }
    if (auto it = document.find("instances"); it != document.end() && !it->is_null()) {
        if (!it->is_array())
            return Error{"instances", "must be an array", fileName};
        for (std::size_t i = 0; i < it->size(); ++i) {
            auto instance = parseInstance((*it)[i], "instances[" + std::to_string(i) + "]", fileName, true);
            if (!instance)
                return instance.error();
            overrides.instances.push_back(std::move(*instance));
        }
    }
    if (auto it = document.find("prices"); it != document.end() && !it->is_null()) {
        if (!it->is_object())
            return Error{"prices", "must be an object keyed by instance id", fileName};
        for (const auto& [id, value] : it->items()) {
            auto price = parsePrice(value, "prices." + id, fileName, true);
            if (!price)
                return price.error();
            price->status = "user";
            overrides.prices.emplace_back(id, std::move(*price));
        }
    }
    if (auto duplicate = findDuplicateId(overrides, fileName))
        return *duplicate;
    return overrides;
}

namespace {

json priceToJson(const PriceSpec& price)
{
    auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
    json j = {{"currency", price.currency},
              {"on_demand_per_hour", optional(price.onDemandPerHour)},
              {"monthly", optional(price.monthly)},
              {"spot_discount", optional(price.spotDiscount)},
              {"reserved_discount", optional(price.reservedDiscount)},
              {"status", price.status}};
    if (!price.source.empty())
        j["source"] = price.source;
    if (!price.asOf.empty())
        j["as_of"] = price.asOf;
    if (!price.note.empty())
        j["note"] = price.note;
    return j;
}

} // namespace

std::string overridesToJson(const CatalogOverrides& overrides)
{
    json document = {{"format", "gpu-planner-overrides"}, {"version", 1}};
    json gpus = json::array();
    for (const auto& gpu : overrides.gpus) {
        auto optional = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
        json g = {{"id", gpu.id},
                  {"name", gpu.name},
                  {"vendor", gpu.vendor},
                  {"architecture", gpu.architecture},
                  {"form_factor", gpu.formFactor},
                  {"class", gpu.gpuClass},
                  {"memory_gib", gpu.memoryBytes / (1024.0 * 1024.0 * 1024.0)},
                  {"memory_bandwidth_gbps", gpu.memoryBandwidthGBps},
                  {"tflops",
                   {{"fp32", optional(gpu.tflops.fp32)},
                    {"tf32", optional(gpu.tflops.tf32)},
                    {"bf16", optional(gpu.tflops.bf16)},
                    {"fp16", optional(gpu.tflops.fp16)},
                    {"fp8", optional(gpu.tflops.fp8)},
                    {"int8", optional(gpu.tflops.int8)},
                    {"int4", optional(gpu.tflops.int4)}}},
                  {"nvlink", gpu.nvlink.empty() ? json(nullptr) : json(gpu.nvlink)},
                  {"pcie", gpu.pcie},
                  {"tdp_watts", optional(gpu.tdpWatts)},
                  {"source", gpu.source},
                  {"as_of", gpu.asOf}};
        gpus.push_back(g);
    }
    if (!gpus.empty())
        document["gpus"] = gpus;
    json instances = json::array();
    for (const auto& instance : overrides.instances) {
        json i = {{"id", instance.id},
                  {"provider", instance.provider},
                  {"family", instance.family},
                  {"name", instance.name},
                  {"gpu", instance.gpu},
                  {"gpus", instance.gpus},
                  {"vcpus", instance.vcpus},
                  {"memory_gib", instance.memoryBytes / (1024.0 * 1024.0 * 1024.0)},
                  {"intra_node", instance.intraNode},
                  {"network_gbps", instance.networkGbps},
                  {"rdma", instance.rdma},
                  {"price", priceToJson(instance.price)}};
        if (!instance.notes.empty())
            i["notes"] = instance.notes;
        instances.push_back(i);
    }
    if (!instances.empty())
        document["instances"] = instances;
    json prices = json::object();
    for (const auto& [id, price] : overrides.prices)
        prices[id] = priceToJson(price);
    if (!prices.empty())
        document["prices"] = prices;
    return document.dump(2) + "\n";
}

Catalog mergeOverrides(const Catalog& base, const CatalogOverrides& overrides)
{
    Catalog merged = base;
    for (const auto& gpu : overrides.gpus) {
        auto it = std::find_if(merged.gpus.begin(), merged.gpus.end(), [&](const GpuSpec& g) { return g.id == gpu.id; });
        if (it != merged.gpus.end())
            *it = gpu;
        else
            merged.gpus.push_back(gpu);
    }
    for (const auto& instance : overrides.instances) {
        if (!merged.findGpu(instance.gpu)) {
            merged.notices.push_back("overrides: instance \"" + instance.id + "\" names unknown GPU \"" + instance.gpu
                                     + "\"; ignored");
            continue;
        }
        InstanceSpec resolved = instance;
        if (resolved.intraNode.empty() || !merged.findLink(resolved.intraNode)) {
            const GpuSpec* gpu = merged.findGpu(instance.gpu);
            resolved.intraNode = (resolved.gpus > 1 && !gpu->nvlink.empty()) ? gpu->nvlink : gpu->pcie;
        }
        auto it = std::find_if(merged.instances.begin(), merged.instances.end(),
                               [&](const InstanceSpec& i) { return i.id == instance.id; });
        if (it != merged.instances.end())
            *it = resolved;
        else
            merged.instances.push_back(resolved);
    }
    for (const auto& entry : overrides.prices) {
        const std::string& id = entry.first; // a named reference: clang 14 cannot capture structured bindings
        const PriceSpec& price = entry.second;
        auto it = std::find_if(merged.instances.begin(), merged.instances.end(),
                               [&](const InstanceSpec& i) { return i.id == id; });
        if (it == merged.instances.end()) {
            merged.notices.push_back("overrides: price for unknown instance \"" + id + "\"; ignored");
            continue;
        }
        PriceSpec updated = price;
        // A partial quote keeps the catalog's other billing modes.
        if (!updated.onDemandPerHour)
            updated.onDemandPerHour = it->price.onDemandPerHour;
        if (!updated.monthly)
            updated.monthly = it->price.monthly;
        if (!updated.spotDiscount)
            updated.spotDiscount = it->price.spotDiscount;
        if (!updated.reservedDiscount)
            updated.reservedDiscount = it->price.reservedDiscount;
        updated.status = "user";
        it->price = updated;
    }
    return merged;
}

} // namespace gp
