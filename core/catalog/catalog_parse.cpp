// Parses catalog documents (resources/catalog/README.md describes the format).
#include "base/finite_number.h"
#include "base/json_reader.h"
#include "base/number_text.h"
#include "catalog/catalog.h"
#include "catalog/catalog_parse_internal.h"
#include "plan/limits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <string_view>

namespace gp
{

using detail::JsonReader;
using nlohmann::json;

namespace
{

constexpr double kMiB = 1024.0 * 1024.0;

// The names a GPU's tensor_formats may list (catalog.h GpuSpec::tensorFormats): the check and its message read them.
constexpr std::array<std::string_view, 3> kTensorFormats = { "mxfp8", "nvfp4", "fp8_non_tn" };

// kTensorFormats as the message lists them: "mxfp8|nvfp4|fp8_non_tn".
std::string tensorFormatNames()
{
    std::string names;
    for (std::string_view name : kTensorFormats)
        names.append(names.empty() ? "" : "|").append(name);
    return names;
}

bool readTflops(JsonReader& reader, Tflops& out)
{
    const json& object = reader.object();
    auto it = object.find("tflops");
    if (it == object.end() || it->is_null()) {
        reader.fail("tflops", Words { words::kRequired });
        return false;
    }
    JsonReader t(*it, reader.fieldPath("tflops"), reader.file());
    t.optionalNumber("fp32", out.fp32, 0, 1e6);
    t.optionalNumber("tf32", out.tf32, 0, 1e6);
    t.optionalNumber("bf16", out.bf16, 0, 1e6);
    t.optionalNumber("fp16", out.fp16, 0, 1e6);
    t.optionalNumber("fp8", out.fp8, 0, 1e6);
    t.optionalNumber("fp4", out.fp4, 0, 1e6);
    t.optionalNumber("int8", out.int8, 0, 1e6);
    t.optionalNumber("int4", out.int4, 0, 1e6);
    if (!t.ok()) {
        reader.failPath(t.takeError().field, t.takeError().message);
        return false;
    }
    return true;
}

bool readMigProfiles(JsonReader& reader, GpuSpec& gpu)
{
    const json& list = reader.object().contains("mig_profiles") ? reader.object()["mig_profiles"] : json();
    if (list.is_null())
        return true;
    if (!list.is_array()) {
        reader.fail("mig_profiles", Words { words::kListOfProfiles });
        return false;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        JsonReader p(list[i], reader.fieldPath("mig_profiles") + "[" + std::to_string(i) + "]", reader.file());
        MigProfile profile;
        double memoryGib = 0;
        p.string("name", profile.name, true);
        p.integer("compute_slices", profile.computeSlices, true, 1, 7);
        p.integer("memory_slices", profile.memorySlices, true, 1, 8);
        p.integer("sms", profile.sms, true, 1, 100000);
        p.number("memory_gib", memoryGib, true, 0.5, 100000);
        p.integer("instances_per_gpu", profile.instancesPerGpu, true, 1, 7);
        p.string("source", profile.source, true);
        p.boolean("estimate", profile.estimate);
        if (p.ok() && gpu.smCount > 0 && profile.sms > gpu.smCount)
            p.fail("sms", Words { words::kSmsAtMostGpu, { std::to_string(gpu.smCount) } });
        if (p.ok() && gpu.smCount <= 0)
            p.fail("sms", Words { words::kSmsNeedsGpu });
        if (p.ok() && memoryGib * kGiB > gpu.memoryBytes)
            p.fail("memory_gib", Words { words::kMemoryAtMostGpu });
        if (!p.ok()) {
            reader.failWith(p.takeError());
            return false;
        }
        profile.memoryBytes = memoryGib * kGiB;
        gpu.migProfiles.push_back(profile);
    }
    return true;
}

Expected<GpuSpec> parseGpu(const json& value, const std::string& path, const std::string& file)
{
    JsonReader r(value, path, file);
    GpuSpec gpu;
    double memoryGib = 0;
    r.string("id", gpu.id, true);
    r.string("name", gpu.name, true);
    r.string("vendor", gpu.vendor);
    r.string("architecture", gpu.architecture);
    r.string("form_factor", gpu.formFactor);
    r.string("class", gpu.gpuClass, true);
    r.number("memory_gib", memoryGib, true, 0.5, 100000);
    std::optional<double> usableMib;
    r.optionalNumber("usable_memory_mib", usableMib, 1, 1e8);
    r.string("usable_memory_source", gpu.usableMemorySource, usableMib.has_value());
    if (r.ok() && usableMib && *usableMib * kMiB > memoryGib * kGiB)
        r.fail("usable_memory_mib",
            Words { words::kUsableAtMostMemory, { formatExact(memoryGib), formatExact(*usableMib) } });
    r.number("memory_bandwidth_gbps", gpu.memoryBandwidthGBps, true, 1, 1e6);
    if (r.ok())
        readTflops(r, gpu.tflops);
    r.string("nvlink", gpu.nvlink);
    r.string("pcie", gpu.pcie, true);
    r.optionalNumber("tdp_watts", gpu.tdpWatts, 1, 100000);
    r.string("mig", gpu.mig);
    r.string("source", gpu.source, true);
    r.string("as_of", gpu.asOf, true);
    r.string("notes", gpu.notes);
    r.stringList("estimated_fields", gpu.estimatedFields);
    r.stringList("tensor_formats", gpu.tensorFormats);
    for (const std::string& format : gpu.tensorFormats)
        if (r.ok() && std::find(kTensorFormats.begin(), kTensorFormats.end(), format) == kTensorFormats.end())
            r.fail("tensor_formats", Words { words::kTensorFormatsGot, { tensorFormatNames(), format } });
    r.boolean("serving_large_defaults", gpu.servingLargeDefaults);
    r.integer("sm_count", gpu.smCount, false, 0, 100000);
    r.string("sm_count_source", gpu.smCountSource, gpu.smCount > 0);
    gpu.memoryBytes = memoryGib * kGiB;
    if (r.ok())
        readMigProfiles(r, gpu);
    if (!r.ok())
        return r.takeError();
    if (usableMib)
        gpu.usableMemoryBytes = *usableMib * kMiB;
    return gpu;
}

Expected<LinkSpec> parseLink(const json& value, const std::string& path, const std::string& file)
{
    JsonReader r(value, path, file);
    LinkSpec link;
    r.string("id", link.id, true);
    r.string("name", link.name, true);
    r.string("kind", link.kind, true);
    r.number("bandwidth_gbps_per_direction", link.bandwidthGBpsPerDirection, true, 0.001, 1e6);
    r.number("achieved_fraction", link.achievedFraction, true, 0.01, 1.0);
    r.string("source", link.source, true);
    r.string("as_of", link.asOf, true);
    r.string("notes", link.notes);
    if (!r.ok())
        return r.takeError();
    return link;
}

Expected<ProviderSpec> parseProvider(const json& value, const std::string& path, const std::string& file)
{
    JsonReader r(value, path, file);
    ProviderSpec provider;
    r.string("id", provider.id, true);
    r.string("name", provider.name, true);
    r.string("reference_region", provider.referenceRegion, true);
    r.string("reference_region_note", provider.referenceRegionNote);
    r.string("source", provider.source, true);
    r.string("as_of", provider.asOf, true);
    r.string("notes", provider.notes);
    if (!r.ok())
        return r.takeError();
    if (const auto rules = value.find("monthly_hours_by_family"); rules != value.end() && !rules->is_null()) {
        if (!rules->is_object())
            return wordedError(r.fieldPath("monthly_hours_by_family"), { words::kMustBeAnObject }, file);
        JsonReader hours(*rules, r.fieldPath("monthly_hours_by_family"), file);
        for (const auto& [family, number] : rules->items()) {
            double h = 0;
            if (!hours.number(family, h, true, 1, 744))
                return hours.takeError();
            provider.monthlyHoursByFamily[family] = h;
        }
    }
    return provider;
}

} // namespace

// Every key a price object may have; any other (a misspelt "on_demand", say) is an error, since ignoring it would
// silently keep the catalog's figure. Keys starting with "_" are comments.
constexpr std::string_view kPriceKeys[] = { "currency", "on_demand_per_hour", "monthly", "spot_discount",
    "reserved_discount", "status", "source", "as_of", "note", "region", "zone" };

Expected<PriceSpec> parsePrice(const json& value, const std::string& path, const std::string& file, bool userPrice)
{
    JsonReader r(value, path, file);
    PriceSpec price;
    if (value.is_object())
        for (const auto& item : value.items()) {
            const std::string& key = item.key();
            if (key.rfind('_', 0) != 0
                && std::find(std::begin(kPriceKeys), std::end(kPriceKeys), key) == std::end(kPriceKeys))
                return wordedError(path + "." + key, { words::kUnknownPriceField }, file);
        }
    if (userPrice)
        price.status.clear(); // a user's entry is "user" unless it says otherwise
    r.string("currency", price.currency, true);
    if (r.ok() && price.currency != "CNY" && price.currency != "USD")
        r.fail("currency", Words { words::kPriceCurrencyGot, { price.currency } });
    r.optionalNumber("on_demand_per_hour", price.onDemandPerHour, 0, 1e9);
    r.optionalNumber("monthly", price.monthly, 0, 1e12);
    r.optionalNumber("spot_discount", price.spotDiscount, 0, 0.99);
    r.optionalNumber("reserved_discount", price.reservedDiscount, 0, 0.99);
    r.string("status", price.status, !userPrice);
    if (userPrice && price.status.empty())
        price.status = "user";
    if (r.ok() && price.status != "published" && price.status != "estimate" && price.status != "user"
        && price.status != "quoted" && price.status != "missing")
        r.fail("status", Words { words::kPriceStatusGot, { price.status } });
    if (r.ok() && price.status == "missing" && (price.onDemandPerHour || price.monthly))
        r.fail("status", Words { words::kMissingWithFigure });
    r.boundedString("source", price.source, std::size_t(limits::kMaxSourceTextLength), !userPrice);
    r.string("as_of", price.asOf, !userPrice);
    r.boundedString("note", price.note, std::size_t(limits::kMaxSourceTextLength));
    r.string("region", price.region);
    r.string("zone", price.zone);
    if (!r.ok())
        return r.takeError();
    return price;
}

Expected<std::vector<ZoneStock>> parseAvailability(const json& value, const std::string& path, const std::string& file)
{
    std::vector<ZoneStock> stock;
    if (value.is_null())
        return stock;
    if (!value.is_array())
        return wordedError(path, { words::kZoneListShape }, file);
    for (std::size_t i = 0; i < value.size(); ++i) {
        JsonReader r(value[i], path + "[" + std::to_string(i) + "]", file);
        ZoneStock zone;
        r.string("zone", zone.zone, true);
        r.string("status", zone.status, true);
        if (r.ok() && zone.status != "in_stock" && zone.status != "limited" && zone.status != "sold_out")
            r.fail("status", Words { words::kStockStatusGot, { zone.status } });
        if (r.ok() && zone.zone.empty())
            r.fail("zone", Words { words::kNotEmpty });
        if (!r.ok())
            return r.takeError();
        stock.push_back(std::move(zone));
    }
    return stock;
}

Expected<InstanceSpec> parseInstance(
    const json& value, const std::string& path, const std::string& file, bool userInstance)
{
    JsonReader r(value, path, file);
    InstanceSpec instance;
    double memoryGib = 0;
    r.string("id", instance.id, true);
    r.string("provider", instance.provider, true);
    r.string("family", instance.family, !userInstance);
    r.string("name", instance.name, !userInstance);
    r.string("gpu", instance.gpu, true);
    r.integer("gpus", instance.gpus, true, 1, 1024);
    r.integer("vcpus", instance.vcpus, !userInstance, 0, 100000);
    r.number("memory_gib", memoryGib, !userInstance, 0, 1e7);
    r.string("intra_node", instance.intraNode, !userInstance);
    r.number("network_gbps", instance.networkGbps, !userInstance, 0, 1e6);
    r.boolean("rdma", instance.rdma);
    r.optionalNumber("disk_iops", instance.diskIops, 0, 1e9);
    r.optionalNumber("disk_throughput_mbps", instance.diskThroughputMBps, 0, 1e9);
    r.number("local_nvme_gb", instance.localNvmeGb, false, 0, 1e7);
    r.integer("local_nvme_drives", instance.localNvmeDrives, false, 0, 1024);
    if (r.ok() && (instance.localNvmeGb > 0) != (instance.localNvmeDrives > 0))
        r.fail("local_nvme_drives", Words { words::kNvmeTogether });
    std::string sizeStatus = "published";
    r.string("size_status", sizeStatus);
    if (r.ok() && sizeStatus != "published" && sizeStatus != "estimate")
        r.fail("size_status", Words { words::kPublishedOrEstimateGot, { sizeStatus } });
    instance.sizeEstimate = sizeStatus == "estimate";
    std::string networkStatus = "published";
    r.string("network_status", networkStatus);
    if (r.ok() && networkStatus != "published" && networkStatus != "estimate")
        r.fail("network_status", Words { words::kPublishedOrEstimateGot, { networkStatus } });
    instance.networkEstimate = networkStatus == "estimate";
    r.string("source", instance.source, !userInstance);
    r.string("as_of", instance.asOf, !userInstance);
    r.string("notes", instance.notes);
    if (!r.ok())
        return r.takeError();
    if (instance.id.find(':') == std::string::npos)
        return wordedError(r.fieldPath("id"), { words::kProviderNameGot, { instance.id } }, file);
    if (instance.name.empty())
        instance.name = instance.id.substr(instance.id.find(':') + 1);
    if (instance.family.empty())
        instance.family = instance.name;
    instance.memoryBytes = memoryGib * kGiB;
    if (const auto stock = value.find("availability"); stock != value.end()) {
        auto zones = parseAvailability(*stock, r.fieldPath("availability"), file);
        if (!zones)
            return zones.error();
        instance.availability = std::move(*zones);
    }
    const auto it = value.find("price");
    if (it == value.end() || it->is_null()) {
        if (!userInstance)
            return wordedError(r.fieldPath("price"), { words::kRequired }, file);
        instance.price.status = "user";
    } else {
        auto price = parsePrice(*it, r.fieldPath("price"), file, userInstance);
        if (!price)
            return price.error();
        instance.price = *price;
    }
    if (const auto others = value.find("other_prices"); others != value.end() && !others->is_null()) {
        if (!others->is_array())
            return wordedError(r.fieldPath("other_prices"), { words::kMustBeAnArray }, file);
        for (std::size_t i = 0; i < others->size(); ++i) {
            const std::string path = r.fieldPath("other_prices") + "[" + std::to_string(i) + "]";
            auto price = parsePrice((*others)[i], path, file, userInstance);
            if (!price)
                return price.error();
            if (price->region.empty())
                return wordedError(path + ".region", { words::kOtherPriceRegion }, file);
            instance.otherPrices.push_back(std::move(*price));
        }
    }
    return instance;
}

Expected<bool> parseCatalogJson(std::string_view text, const std::string& fileName, Catalog& into)
{
    json document;
    if (auto problem = detail::parseJsonDocument(text, document))
        return wordedError("", *problem, fileName);
    JsonReader root(document, "", fileName);
    if (!root.ok())
        return root.takeError();
    std::string format;
    root.string("format", format, true);
    if (root.ok() && format != "gpu-planner-catalog")
        root.fail("format", Words { words::kFormatGot, { "gpu-planner-catalog", format } });
    std::int64_t version = 1;
    root.integer("version", version, true, 1, 1);
    if (!root.ok())
        return root.takeError();

    if (auto it = document.find("sources"); it != document.end() && !it->is_null()) {
        if (!it->is_object())
            return wordedError("sources", { words::kMustBeAnObject }, fileName);
        for (const auto& [key, value] : it->items()) {
            JsonReader r(value, "sources." + key, fileName);
            SourceRef ref;
            ref.key = key;
            r.string("title", ref.title, true);
            r.string("url", ref.url);
            r.string("as_of", ref.asOf);
            if (!r.ok())
                return r.takeError();
            into.sources[key] = ref;
        }
    }
    auto readArray = [&](const char* name, auto parse, auto& target) -> std::optional<Error> {
        auto it = document.find(name);
        if (it == document.end() || it->is_null())
            return std::nullopt;
        if (!it->is_array())
            return wordedError(name, { words::kMustBeAnArray }, fileName);
        for (std::size_t i = 0; i < it->size(); ++i) {
            auto item = parse((*it)[i], std::string(name) + "[" + std::to_string(i) + "]", fileName);
            if (!item)
                return item.error();
            target.push_back(std::move(*item));
        }
        return std::nullopt;
    };
    if (auto error = readArray("gpus", parseGpu, into.gpus))
        return *error;
    if (auto error = readArray("links", parseLink, into.links))
        return *error;
    if (auto error = readArray("providers", parseProvider, into.providers))
        return *error;
    auto parseCatalogInstance
        = [](const json& v, const std::string& p, const std::string& f) { return parseInstance(v, p, f, false); };
    if (auto error = readArray("instances", parseCatalogInstance, into.instances))
        return *error;

    if (auto it = document.find("defaults"); it != document.end() && !it->is_null()) {
        if (!it->is_object())
            return wordedError("defaults", { words::kMustBeAnObject }, fileName);
        for (const auto& [key, value] : it->items()) {
            JsonReader r(value, "defaults." + key, fileName);
            SourcedValue sourced;
            if (value.is_object() && value.contains("values"))
                r.increasingIntegerList("values", sourced.values, 0, 1 << 24, true);
            else
                r.number("value", sourced.value, true);
            r.string("source", sourced.source, true);
            r.string("as_of", sourced.asOf);
            r.string("note", sourced.note);
            r.boolean("estimate", sourced.estimate);
            if (!r.ok())
                return r.takeError();
            if (into.defaults.count(key))
                return wordedError("defaults." + key, { words::kDefinedTwice }, fileName);
            into.defaults[key] = sourced;
        }
    }
    return true;
}

} // namespace gp
