// A user's overrides (their quotes, on-premise machines) and how they merge over the catalog.
#include "base/json_reader.h"
#include "base/terminal_text.h"
#include "catalog/catalog.h"
#include "catalog/catalog_overrides_file.h"
#include "catalog/catalog_parse_internal.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace gp
{

using detail::JsonReader;
using nlohmann::json;

namespace
{

// The same GPU or machine twice in one file: the merge would keep only the last, silently dropping the first.
std::optional<Error> findDuplicateId(const CatalogOverrides& overrides, const std::string& fileName)
{
    auto check = [&](const auto& items, const char* section) -> std::optional<Error> {
        std::map<std::string, std::size_t> first; // id -> index where it first appears
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (hasControlCharacters(items[i].id)) // printed by `catalog list`: never obeyed by a terminal
                return wordedError(std::string(section) + "[" + std::to_string(i) + "].id",
                    { words::kIdControlCharacter, { escapeTerminalControls(items[i].id) } }, fileName);
            auto [it, inserted] = first.emplace(items[i].id, i);
            if (!inserted)
                return wordedError(std::string(section) + "[" + std::to_string(i) + "].id",
                    { words::kIdDefinedBy, { items[i].id, section, std::to_string(it->second) } }, fileName);
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
        return wordedError("", *problem, fileName);
    JsonReader root(document, "", fileName);
    std::string format;
    root.string("format", format, true);
    if (root.ok() && format != "gpu-planner-overrides" && format != "gpu-planner-catalog")
        root.fail("format", Words { words::kFormatGot, { "gpu-planner-overrides", format } });
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
        overrides.document = std::string(text);
        return overrides;
    }
    Catalog gpusOnly;
    if (auto it = document.find("gpus"); it != document.end() && !it->is_null()) {
        json fragment = { { "format", "gpu-planner-catalog" }, { "version", 1 }, { "gpus", *it } };
        auto parsed = parseCatalogJson(fragment.dump(), fileName, gpusOnly);
        if (!parsed)
            return parsed.error();
        overrides.gpus = gpusOnly.gpus;
    }
    if (auto it = document.find("instances"); it != document.end() && !it->is_null()) {
        if (!it->is_array())
            return wordedError("instances", { words::kMustBeAnArray }, fileName);
        for (std::size_t i = 0; i < it->size(); ++i) {
            auto instance = parseInstance((*it)[i], "instances[" + std::to_string(i) + "]", fileName, true);
            if (!instance)
                return instance.error();
            overrides.instances.push_back(std::move(*instance));
        }
    }
    if (auto it = document.find("prices"); it != document.end() && !it->is_null()) {
        if (!it->is_object())
            return wordedError("prices", { words::kKeyedByInstance }, fileName);
        for (const auto& [id, value] : it->items()) {
            if (hasControlCharacters(id))
                return wordedError("prices", { words::kInstanceIdControl, { escapeTerminalControls(id) } }, fileName);
            auto price = parsePrice(value, "prices." + id, fileName, true);
            if (!price)
                return price.error();
            if (price->status != "quoted")
                price->status = "user"; // a catalog status on a user's entry would pass their figure off as ours
            if (!price->onDemandPerHour && !price->monthly && !price->spotDiscount && !price->reservedDiscount)
                return wordedError("prices." + id, { words::kGivesNoPrice }, fileName);
            overrides.prices.emplace_back(id, std::move(*price));
        }
    }
    if (auto it = document.find("availability"); it != document.end() && !it->is_null()) {
        if (!it->is_object())
            return wordedError("availability", { words::kKeyedByInstance }, fileName);
        for (const auto& [id, value] : it->items()) {
            if (hasControlCharacters(id))
                return wordedError(
                    "availability", { words::kInstanceIdControl, { escapeTerminalControls(id) } }, fileName);
            auto zones = parseAvailability(value, "availability." + id, fileName);
            if (!zones)
                return zones.error();
            overrides.availability.emplace_back(id, std::move(*zones));
        }
    }
    overrides.document = std::string(text);
    if (auto duplicate = findDuplicateId(overrides, fileName))
        return *duplicate;
    return overrides;
}

namespace
{

json optionalJson(const std::optional<double>& v)
{
    return v ? json(*v) : json(nullptr);
}

json priceToJson(const PriceSpec& price)
{
    json j = { { "currency", price.currency }, { "on_demand_per_hour", optionalJson(price.onDemandPerHour) },
        { "monthly", optionalJson(price.monthly) }, { "spot_discount", optionalJson(price.spotDiscount) },
        { "reserved_discount", optionalJson(price.reservedDiscount) }, { "status", price.status } };
    if (!price.source.empty())
        j["source"] = price.source;
    if (!price.asOf.empty())
        j["as_of"] = price.asOf;
    if (!price.note.empty())
        j["note"] = price.note;
    if (!price.region.empty())
        j["region"] = price.region;
    if (!price.zone.empty())
        j["zone"] = price.zone;
    return j;
}

json availabilityToJson(const std::vector<ZoneStock>& zones)
{
    json list = json::array();
    for (const auto& zone : zones)
        list.push_back({ { "zone", zone.zone }, { "status", zone.status } });
    return list;
}

json gpuToJson(const GpuSpec& gpu)
{
    json g = { { "id", gpu.id }, { "name", gpu.name }, { "vendor", gpu.vendor }, { "architecture", gpu.architecture },
        { "form_factor", gpu.formFactor }, { "class", gpu.gpuClass },
        { "memory_gib", gpu.memoryBytes / (1024.0 * 1024.0 * 1024.0) },
        { "memory_bandwidth_gbps", gpu.memoryBandwidthGBps },
        { "tflops",
            { { "fp32", optionalJson(gpu.tflops.fp32) }, { "tf32", optionalJson(gpu.tflops.tf32) },
                { "bf16", optionalJson(gpu.tflops.bf16) }, { "fp16", optionalJson(gpu.tflops.fp16) },
                { "fp8", optionalJson(gpu.tflops.fp8) }, { "fp4", optionalJson(gpu.tflops.fp4) },
                { "int8", optionalJson(gpu.tflops.int8) }, { "int4", optionalJson(gpu.tflops.int4) } } },
        { "nvlink", gpu.nvlink.empty() ? json(nullptr) : json(gpu.nvlink) }, { "pcie", gpu.pcie },
        { "tdp_watts", optionalJson(gpu.tdpWatts) }, { "source", gpu.source }, { "as_of", gpu.asOf } };
    if (gpu.usableMemoryBytes) {
        g["usable_memory_mib"] = *gpu.usableMemoryBytes / (1024.0 * 1024.0);
        g["usable_memory_source"] = gpu.usableMemorySource;
    }
    if (!gpu.mig.empty())
        g["mig"] = gpu.mig;
    if (gpu.smCount > 0) {
        g["sm_count"] = gpu.smCount;
        g["sm_count_source"] = gpu.smCountSource;
    }
    if (!gpu.notes.empty())
        g["notes"] = gpu.notes;
    if (!gpu.estimatedFields.empty())
        g["estimated_fields"] = gpu.estimatedFields;
    return g;
}

// `base` is the entry as the file had it (null for a new one): keys the program does not model survive, the
// ones it writes are replaced, and optional ones it no longer has (`modelled`) are removed.
json overlay(json base, const json& written, std::initializer_list<const char*> modelled)
{
    if (!base.is_object())
        return written;
    for (const char* key : modelled)
        base.erase(key);
    for (const auto& [key, value] : written.items())
        base[key] = value;
    return base;
}

json instanceToJson(const InstanceSpec& instance, json original)
{
    json i = { { "id", instance.id }, { "provider", instance.provider }, { "family", instance.family },
        { "name", instance.name }, { "gpu", instance.gpu }, { "gpus", instance.gpus }, { "vcpus", instance.vcpus },
        { "memory_gib", instance.memoryBytes / (1024.0 * 1024.0 * 1024.0) }, { "intra_node", instance.intraNode },
        { "network_gbps", instance.networkGbps }, { "rdma", instance.rdma } };
    if (instance.diskIops)
        i["disk_iops"] = *instance.diskIops;
    if (instance.diskThroughputMBps)
        i["disk_throughput_mbps"] = *instance.diskThroughputMBps;
    if (instance.localNvmeGb > 0) {
        i["local_nvme_gb"] = instance.localNvmeGb;
        i["local_nvme_drives"] = instance.localNvmeDrives;
    }
    if (instance.sizeEstimate)
        i["size_status"] = "estimate";
    if (!instance.source.empty())
        i["source"] = instance.source;
    if (!instance.asOf.empty())
        i["as_of"] = instance.asOf;
    if (!instance.notes.empty())
        i["notes"] = instance.notes;
    const PriceSpec& p = instance.price;
    if (p.onDemandPerHour || p.monthly || p.spotDiscount || p.reservedDiscount || !p.source.empty())
        i["price"] = priceToJson(p);
    if (!instance.otherPrices.empty()) {
        json others = json::array();
        for (const PriceSpec& other : instance.otherPrices)
            others.push_back(priceToJson(other));
        i["other_prices"] = std::move(others);
    }
    if (!instance.availability.empty())
        i["availability"] = availabilityToJson(instance.availability);
    return overlay(std::move(original), i,
        { "disk_iops", "disk_throughput_mbps", "local_nvme_gb", "local_nvme_drives", "size_status", "source", "as_of",
            "notes", "price", "other_prices", "availability" });
}

// The entries of the array `section` of the original document by id (an index: one look-up per entry, not a scan).
std::unordered_map<std::string, json*> originalEntries(json& section)
{
    std::unordered_map<std::string, json*> entries;
    if (!section.is_array())
        return entries;
    for (auto& entry : section)
        if (entry.is_object()) {
            auto id = entry.find("id");
            if (id != entry.end() && id->is_string())
                entries.emplace(id->get<std::string>(), &entry); // the first, as a scan would find
        }
    return entries;
}

// The original entry with `id`, moved out (each is used once), or null.
json takeEntry(const std::unordered_map<std::string, json*>& entries, const std::string& id)
{
    auto it = entries.find(id);
    return it == entries.end() ? json(nullptr) : std::move(*it->second);
}

// Removes `key` from `document` and returns its value (null when absent), without copying it.
json takeKey(json& document, const char* key)
{
    auto it = document.find(key);
    if (it == document.end())
        return nullptr;
    json value = std::move(*it);
    document.erase(it);
    return value;
}

} // namespace

std::string overridesToJson(const CatalogOverrides& overrides)
{
    // Linear in the entries, moving the original's values instead of copying them: 100,000 machines write in a
    // second or two.
    json document;
    if (overrides.document.empty() || detail::parseJsonDocument(overrides.document, document) || !document.is_object())
        document = json::object(); // not JSON (a CSV sheet): nothing to keep
    json originalGpus = takeKey(document, "gpus");
    json originalInstances = takeKey(document, "instances");
    json originalPrices = takeKey(document, "prices");
    takeKey(document, "availability");
    document["format"] = "gpu-planner-overrides";
    document["version"] = 1;
    json gpus = json::array();
    const auto gpuEntries = originalEntries(originalGpus);
    for (const auto& gpu : overrides.gpus) {
        // GPUs are never edited here: the entry as written keeps every field, those added by later versions too.
        json entry = takeEntry(gpuEntries, gpu.id);
        gpus.push_back(entry.is_object() ? std::move(entry) : gpuToJson(gpu));
    }
    if (!gpus.empty())
        document["gpus"] = std::move(gpus);
    json instances = json::array();
    const auto instanceEntries = originalEntries(originalInstances);
    for (const auto& instance : overrides.instances)
        instances.push_back(instanceToJson(instance, takeEntry(instanceEntries, instance.id)));
    if (!instances.empty())
        document["instances"] = std::move(instances);
    json prices = json::object();
    for (const auto& [id, price] : overrides.prices) {
        json base = nullptr;
        if (originalPrices.is_object())
            if (auto it = originalPrices.find(id); it != originalPrices.end())
                base = std::move(*it);
        prices[id] = overlay(std::move(base), priceToJson(price),
            { "currency", "on_demand_per_hour", "monthly", "spot_discount", "reserved_discount", "status", "source",
                "as_of", "note" });
    }
    if (!prices.empty())
        document["prices"] = std::move(prices);
    json availability = json::object();
    for (const auto& [id, zones] : overrides.availability)
        availability[id] = availabilityToJson(zones);
    if (!availability.empty())
        document["availability"] = std::move(availability);
    return document.dump(2) + "\n";
}

namespace
{

// An amount kept from the catalog in the quote's currency, at the catalog's exchange rate.
std::optional<double> inCurrency(
    const std::optional<double>& amount, const std::string& from, const std::string& to, const Catalog& catalog)
{
    if (!amount || from == to)
        return amount;
    const double rate = catalog.number("cny_per_usd", 0);
    if (!(rate > 0))
        return std::nullopt;
    if (from == "USD" && to == "CNY")
        return *amount * rate;
    if (from == "CNY" && to == "USD")
        return *amount / rate;
    return std::nullopt;
}

} // namespace

Catalog mergeOverrides(const Catalog& base, const CatalogOverrides& overrides)
{
    // Every look-up by id goes through an index: 100,000 user machines merge in linear time, not quadratic.
    Catalog merged = base;
    std::unordered_map<std::string, std::size_t> gpuAt;
    for (std::size_t i = 0; i < merged.gpus.size(); ++i)
        gpuAt.emplace(merged.gpus[i].id, i);
    for (const auto& gpu : overrides.gpus) {
        auto [it, inserted] = gpuAt.emplace(gpu.id, merged.gpus.size());
        if (inserted)
            merged.gpus.push_back(gpu);
        else
            merged.gpus[it->second] = gpu;
    }
    std::unordered_map<std::string, std::size_t> linkAt;
    for (std::size_t i = 0; i < merged.links.size(); ++i)
        linkAt.emplace(merged.links[i].id, i);
    std::unordered_map<std::string, std::size_t> instanceAt;
    for (std::size_t i = 0; i < merged.instances.size(); ++i)
        instanceAt.emplace(merged.instances[i].id, i);
    auto findInstance = [&](const std::string& id) -> InstanceSpec* {
        auto it = instanceAt.find(id);
        return it == instanceAt.end() ? nullptr : &merged.instances[it->second];
    };
    for (const auto& instance : overrides.instances) {
        auto gpuIt = gpuAt.find(instance.gpu);
        if (gpuIt == gpuAt.end()) {
            merged.notices.push_back(
                "overrides: instance \"" + instance.id + "\" names unknown GPU \"" + instance.gpu + "\"; ignored");
            continue;
        }
        InstanceSpec resolved = instance;
        if (resolved.intraNode.empty() || !linkAt.count(resolved.intraNode)) {
            const GpuSpec& gpu = merged.gpus[gpuIt->second];
            resolved.intraNode = (resolved.gpus > 1 && !gpu.nvlink.empty()) ? gpu.nvlink : gpu.pcie;
        }
        auto [it, inserted] = instanceAt.emplace(instance.id, merged.instances.size());
        if (inserted)
            merged.instances.push_back(std::move(resolved));
        else
            merged.instances[it->second] = std::move(resolved);
    }
    for (const auto& entry : overrides.prices) {
        const std::string& id = entry.first; // a named reference: clang 14 cannot capture structured bindings
        const PriceSpec& price = entry.second;
        InstanceSpec* it = findInstance(id);
        if (!it) {
            merged.notices.push_back("overrides: price for unknown instance \"" + id + "\"; ignored");
            continue;
        }
        // A partial quote keeps the catalog's other billing modes, marked as the catalog's (never as the user's).
        const PriceSpec catalogPrice = it->price;
        PriceSpec updated = price;
        updated.keptFromCatalog.clear();
        updated.catalogStatus = catalogPrice.status;
        updated.catalogSource = catalogPrice.source;
        if (updated.status.empty())
            updated.status = "user";
        auto keep = [&](std::optional<double>& field, const std::optional<double>& catalogValue, const char* name) {
            if (!field && catalogValue) {
                field = catalogValue;
                updated.keptFromCatalog.push_back(name);
            }
        };
        keep(updated.onDemandPerHour,
            inCurrency(catalogPrice.onDemandPerHour, catalogPrice.currency, updated.currency, base),
            "on_demand_per_hour");
        keep(updated.monthly, inCurrency(catalogPrice.monthly, catalogPrice.currency, updated.currency, base),
            "monthly");
        keep(updated.spotDiscount, catalogPrice.spotDiscount, "spot_discount");
        keep(updated.reservedDiscount, catalogPrice.reservedDiscount, "reserved_discount");
        it->price = updated;
    }
    for (const auto& entry : overrides.availability) {
        const std::string& id = entry.first;
        InstanceSpec* it = findInstance(id);
        if (!it) {
            merged.notices.push_back("overrides: stock for unknown instance \"" + id + "\"; ignored");
            continue;
        }
        it->availability = entry.second;
    }
    return merged;
}

namespace
{

// One section of the overrides keyed by id: the ids whose entry differs between `from` and `to` take `to`'s entry
// (or lose theirs) in `onDisk`; the others stay as on disk. `key` gives an entry's id, `text` what it says.
template <class Item, class Key, class Text>
void applySectionChanges(
    std::vector<Item>& onDisk, const std::vector<Item>& from, const std::vector<Item>& to, Key key, Text text)
{
    std::unordered_map<std::string, const Item*> before;
    for (const Item& item : from)
        before.emplace(key(item), &item);
    std::unordered_map<std::string, const Item*> after;
    for (const Item& item : to)
        after.emplace(key(item), &item);
    std::unordered_map<std::string, std::size_t> diskAt;
    for (std::size_t i = 0; i < onDisk.size(); ++i)
        diskAt.emplace(key(onDisk[i]), i);
    std::unordered_set<std::string> removed;
    for (const Item& item : to) {
        auto old = before.find(key(item));
        if (old != before.end() && text(*old->second) == text(item))
            continue; // not edited here: the file's entry (perhaps newer) stays
        auto at = diskAt.find(key(item));
        if (at == diskAt.end()) {
            diskAt.emplace(key(item), onDisk.size());
            onDisk.push_back(item);
        } else {
            onDisk[at->second] = item;
        }
    }
    for (const Item& item : from)
        if (!after.count(key(item)))
            removed.insert(key(item));
    if (!removed.empty())
        std::erase_if(onDisk, [&](const Item& item) { return removed.count(key(item)) > 0; });
}

} // namespace

CatalogOverrides withOverridesChanges(CatalogOverrides onDisk, const CatalogOverrides& from, const CatalogOverrides& to)
{
    applySectionChanges(
        onDisk.gpus, from.gpus, to.gpus, [](const GpuSpec& g) { return g.id; },
        [](const GpuSpec& g) { return gpuToJson(g).dump(); });
    applySectionChanges(
        onDisk.instances, from.instances, to.instances, [](const InstanceSpec& i) { return i.id; },
        [](const InstanceSpec& i) { return instanceToJson(i, nullptr).dump(); });
    using PriceEntry = std::pair<std::string, PriceSpec>;
    applySectionChanges(
        onDisk.prices, from.prices, to.prices, [](const PriceEntry& p) { return p.first; },
        [](const PriceEntry& p) { return priceToJson(p.second).dump(); });
    using StockEntry = std::pair<std::string, std::vector<ZoneStock>>;
    applySectionChanges(
        onDisk.availability, from.availability, to.availability, [](const StockEntry& a) { return a.first; },
        [](const StockEntry& a) { return availabilityToJson(a.second).dump(); });
    return onDisk;
}

} // namespace gp
