// The hardware and price catalog: GPUs, links, cloud instances, prices and default assumptions.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// A number taken from the world, with where it came from.
struct SourcedValue {
    double value = 0;
    // A list-valued default ("values" instead of "value": increasing whole numbers, such as an engine's CUDA-graph
    // batch sizes); empty for the number-valued ones.
    std::vector<int> values;
    std::string source; // key into Catalog::sources, or a free-text citation
    std::string asOf;
    std::string note;
    bool estimate = false;
};

struct SourceRef {
    std::string key;
    std::string title;
    std::string url;
    std::string asOf;
};

// Dense (no 2:4 sparsity) datasheet peak throughput in TFLOPS/TOPS; nullopt = unsupported or unknown.
// fp4 is the 4-bit floating-point tensor rate (NVFP4/MXFP4 on Blackwell and CDNA 4).
struct Tflops {
    std::optional<double> fp32, tf32, bf16, fp16, fp8, fp4, int8, int4;

    bool any() const { return fp32 || tf32 || bf16 || fp16 || fp8 || fp4 || int8 || int4; }
};

// A MIG profile (NVIDIA Multi-Instance GPU User Guide, "Supported MIG Profiles"; nvidia-smi mig -lgip): a GPU
// instance of `computeSlices` of the 7 compute slices and `memorySlices` of the 8 memory slices, with its own SMs,
// memory, L2 and memory controllers (so its HBM bandwidth is its share of the memory slices), no NVLink or P2P.
struct MigProfile {
    std::string name; // "1g.10gb"
    int computeSlices = 0; // g of 7
    int memorySlices = 0; // of 8
    int sms = 0; // streaming multiprocessors of the instance
    double memoryBytes = 0; // memory the instance reports (nvidia-smi mig -lgip "Memory GiB")
    int instancesPerGpu = 0; // how many such instances one GPU holds at most
    std::string source;
    bool estimate = false; // derived (from a sibling GPU of the same die), not read from a table
};

struct GpuSpec {
    std::string id; // stable lower-case id, e.g. "a100-40gb-sxm"
    std::string name; // "NVIDIA A100 40GB SXM4"
    std::string vendor; // "nvidia", "amd"
    std::string architecture; // "ampere", "hopper", ...
    std::string formFactor; // "sxm", "pcie", "oam"
    std::string gpuClass; // efficiency class: "datacenter-hbm", "datacenter-gddr", "consumer"
    double memoryBytes = 0;
    // Total the driver reports (nvidia-smi / the cloud's API), below the vendor "GB" figure; nullopt = not sourced.
    std::optional<double> usableMemoryBytes;
    std::string usableMemorySource; // where the driver-reported total was read
    double memoryBandwidthGBps = 0; // GB/s (1e9)
    Tflops tflops;
    std::string nvlink; // link id of the GPU's own NVLink (empty: none)
    std::string pcie; // link id of its host interface, e.g. "pcie4"
    std::optional<double> tdpWatts;
    std::string mig; // e.g. "7x10GB"; empty = none/unknown (the datasheet's words; the profiles are migProfiles)
    int smCount = 0; // streaming multiprocessors of the whole GPU (AMD: compute units; 0 = not sourced)
    std::string smCountSource; // the source key that count was read from (required with it)
    std::vector<MigProfile> migProfiles; // empty = no MIG
    const MigProfile* findMigProfile(std::string_view name) const
    {
        for (const auto& p : migProfiles)
            if (p.name == name)
                return &p;
        return nullptr;
    }
    std::string source;
    std::string asOf;
    std::string notes;
    std::vector<std::string> estimatedFields; // fields derived rather than read from a datasheet
    // Capabilities as data (no architecture name is compared in code): the block-scaled training formats its
    // tensor cores run ("mxfp8", "nvfp4"; fp8/fp4 rates themselves are `tflops`) and "fp8_non_tn" where its FP8 GEMMs
    // take layouts other than TN, and whether vLLM gives it the large scheduler defaults when its memory is large (vLLM
    // leaves A100s on the small ones).
    std::vector<std::string> tensorFormats;
    bool servingLargeDefaults = true;

    bool runsFormat(std::string_view format) const
    {
        for (const auto& f : tensorFormats)
            if (f == format)
                return true;
        return false;
    }
};

struct LinkSpec {
    std::string id; // "pcie4", "nvlink3", "nvlink3-a800", ...
    std::string name; // "NVLink 3 (A100)"
    std::string kind; // "pcie", "nvlink", "infinity-fabric"
    double bandwidthGBpsPerDirection = 0; // per GPU, unidirectional, GB/s
    double achievedFraction = 0.8; // typical achieved NCCL bus bandwidth / spec
    std::string source;
    std::string asOf;
    std::string notes;
};

struct PriceSpec {
    std::string currency = "CNY";
    std::optional<double> onDemandPerHour; // pay-as-you-go, whole instance
    std::optional<double> monthly; // monthly subscription, whole instance
    std::optional<double> spotDiscount; // fraction off on-demand (0.6 = 60% off)
    std::optional<double> reservedDiscount; // fraction off on-demand for reserved/committed use
    // "published", "estimate", "user" (typed by the user), "quoted" (imported from the user's cloud account)
    std::string status = "estimate";
    std::string source;
    std::string asOf;
    std::string note; // how an estimate was derived
    // Region the price applies to (provider's own id: "us-east-1", "ap-guangzhou"); empty = the provider's
    // reference region (ProviderSpec::referenceRegion). `zone` when the source names one ("ap-guangzhou-3").
    std::string region;
    std::string zone;
    // Set by mergeOverrides on a quote: the figures it was silent on, kept from the catalog's price
    // ("on_demand_per_hour", "monthly", "spot_discount", "reserved_discount"), and that price's status and source.
    std::vector<std::string> keptFromCatalog;
    std::string catalogStatus;
    std::string catalogSource;

    bool keeps(std::string_view field) const
    {
        for (const auto& f : keptFromCatalog)
            if (f == field)
                return true;
        return false;
    }
    // Status of one billing figure: the catalog's for a figure kept from it, else this price's.
    const std::string& statusOf(std::string_view field) const { return keeps(field) ? catalogStatus : status; }
    const std::string& sourceOf(std::string_view field) const { return keeps(field) ? catalogSource : source; }
};

// Stock of an instance type in one zone, as the cloud's stock listing reported it.
struct ZoneStock {
    std::string zone; // "ap-guangzhou-6"
    std::string status; // "in_stock", "limited", "sold_out"
};

struct InstanceSpec {
    std::string id; // "tencent:GT4.41XLARGE948"
    std::string provider; // "tencent", "alibaba", "aws", "onprem"
    std::string family; // "GT4"
    std::string name; // "GT4.41XLARGE948"
    std::string gpu; // GPU id
    int gpus = 1;
    int vcpus = 0;
    double memoryBytes = 0;
    std::string intraNode; // link id used between the GPUs of one instance
    double networkGbps = 0;
    bool rdma = false;
    std::optional<double> diskIops; // of the recommended data disk, when known
    std::optional<double> diskThroughputMBps;
    // Local instance-store NVMe (local_nvme_gb, local_nvme_drives): total decimal GB and the drives holding it; 0 = not
    // in the catalog. Serving's prefix cache may offload KV to it (workload.serving.prefix_cache.disk_gib).
    double localNvmeGb = 0;
    int localNvmeDrives = 0;
    bool sizeEstimate = false; // sizes modelled from text rather than a published table
    bool networkEstimate = false; // networkGbps is the family's default, no published figure (network_status)
    std::string source;
    std::string asOf;
    std::string notes;
    PriceSpec price; // the reference price (the one used when the plan names no region)
    std::vector<PriceSpec> otherPrices; // the same instance priced in other regions/currencies (region set)
    std::vector<ZoneStock> availability; // per zone, from an imported stock listing; empty = unknown
};

// A cloud provider: its reference region (where prices without a region apply) and, where its own list shows
// one, the per-family relation between the hourly and monthly price (hourly = monthly / hours).
struct ProviderSpec {
    std::string id; // "tencent"
    std::string name; // "Tencent Cloud"
    std::string referenceRegion; // "ap-guangzhou", "us-east-1"
    std::string referenceRegionNote;
    std::map<std::string, double> monthlyHoursByFamily; // family -> hours: hourly = monthly / hours
    std::string source;
    std::string asOf;
    std::string notes;
};

// The price an instance has in a region: `price` is never null; `inRegion` is false when the instance has no
// price there and `price` is its reference price instead.
struct RegionalPrice {
    const PriceSpec* price = nullptr;
    bool inRegion = true;
};

struct Catalog {
    std::vector<GpuSpec> gpus;
    std::vector<LinkSpec> links;
    std::vector<InstanceSpec> instances;
    std::vector<ProviderSpec> providers;
    std::map<std::string, SourceRef> sources;
    std::map<std::string, SourcedValue, std::less<>> defaults; // named default assumptions, see defaults keys in models
    std::vector<std::string> notices; // e.g. "user overrides ignored: ..." for the UI to show

    const GpuSpec* findGpu(std::string_view id) const;
    const LinkSpec* findLink(std::string_view id) const;
    const InstanceSpec* findInstance(std::string_view id) const;
    const ProviderSpec* findProvider(std::string_view id) const;
    // Value of a named default, or `fallback` when the catalog lacks it.
    double number(std::string_view key, double fallback) const;
};

// Parses one catalog JSON document (any of gpus/links/instances/sources/defaults sections).
// `fileName` is used in error messages. Entries are appended to `into`.
Expected<bool> parseCatalogJson(std::string_view text, const std::string& fileName, Catalog& into);

// Checks references (unknown GPU/link ids), duplicates and required fields across the whole catalog.
Expected<bool> validateCatalog(const Catalog& catalog);
// Problems that do not stop the catalog loading, e.g. "gpu_no_tflops" (a GPU without a figure for any precision).
Diagnostics catalogWarnings(const Catalog& catalog);

// The region a price applies to, spelled out: its own region, or the provider's reference region.
std::string priceRegion(const Catalog& catalog, const InstanceSpec& instance, const PriceSpec& price);
// The instance's price in `region` (empty = the provider's reference region); see RegionalPrice.
RegionalPrice priceInRegion(const Catalog& catalog, const InstanceSpec& instance, std::string_view region);
// Every region the catalog prices `provider`'s instances in, reference region first.
std::vector<std::string> providerRegions(const Catalog& catalog, std::string_view provider);

// The catalog compiled into the program (resources/catalog/*.json).
const Catalog& builtinCatalog();

// A user's overrides: a JSON catalog fragment or a CSV price sheet
// (columns: instance,currency,on_demand_per_hour,monthly,spot_discount,reserved_discount,source,as_of,note).
struct CatalogOverrides {
    std::vector<GpuSpec> gpus;
    std::vector<InstanceSpec> instances; // complete instances (on-premise machines) or price-only updates
    std::vector<std::pair<std::string, PriceSpec>> prices; // instance id -> user's price
    std::vector<std::pair<std::string, std::vector<ZoneStock>>> availability; // instance id -> stock per zone
    std::string document; // the JSON text it was read from: fields the program does not model survive a rewrite
};
Expected<CatalogOverrides> parseOverridesJson(std::string_view text, const std::string& fileName);
Expected<CatalogOverrides> parseOverridesCsv(std::string_view text, const std::string& fileName);
// A price sheet (CSV: a name ending in .csv in any case, or text not starting with '{') or a JSON overrides file.
bool looksLikeCsvOverrides(std::string_view fileName, std::string_view text);
Expected<CatalogOverrides> parseOverridesFile(std::string_view text, const std::string& fileName);
std::string overridesToJson(const CatalogOverrides& overrides);
// Merges overrides over a catalog; problems (unknown instance in a price row) go to notices.
Catalog mergeOverrides(const Catalog& base, const CatalogOverrides& overrides);

} // namespace gp
