// Checks the built-in catalog's data (resources/catalog/*.json) against datasheet facts, the two Tencent Cloud guides
// and the catalog's own sourcing rules. Figures asserted here are quoted from the cited documents in the comments.
#include "base/finite_number.h"
#include "catalog/catalog.h"
#include "test_catalog_support.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace
{

using gp::kGiB; // core/base/finite_number.h

using gp::testing::catalog;
using gp::testing::gpu;
using gp::testing::instance;

bool isDate(const std::string& text)
{
    static const std::regex date(R"(\d{4}-\d{2}-\d{2})");
    return std::regex_match(text, date);
}

// Source keys cited inline in notes as "[key]" or "[key1; key2]".
std::vector<std::string> citedKeys(const std::string& text)
{
    static const std::regex bracket(R"(\[([a-z0-9][a-z0-9 ;,.\-]*)\])");
    static const std::regex separator(R"([;,] *)");
    std::vector<std::string> keys;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), bracket); it != std::sregex_iterator(); ++it) {
        const std::string inside = (*it)[1].str();
        for (auto part = std::sregex_token_iterator(inside.begin(), inside.end(), separator, -1);
             part != std::sregex_token_iterator(); ++part) {
            const std::string key = part->str();
            if (!key.empty() && !std::isdigit(static_cast<unsigned char>(key[0])))
                keys.push_back(key);
        }
    }
    return keys;
}

TEST(CatalogContents, LoadsWithoutNotices)
{
    for (const auto& notice : catalog().notices)
        ADD_FAILURE() << notice;
    EXPECT_TRUE(gp::validateCatalog(catalog()).ok());
}

TEST(CatalogContents, HasThirtyInstancesFromThreeProviders)
{
    std::map<std::string, int> perProvider;
    for (const auto& item : catalog().instances)
        ++perProvider[item.provider];
    EXPECT_GE(catalog().instances.size(), 30u);
    EXPECT_GE(perProvider["tencent"], 30);
    EXPECT_GE(perProvider["alibaba"], 10);
    EXPECT_GE(perProvider["aws"], 10);
}

TEST(CatalogContents, EveryTencentGuideFamilyHasItsGpu)
{
    // Tencent Cloud guides: GT4 = A100 40GB NVLink, GN10Xp = V100 32GB NVLink, PNV4 = A10 24GB PCIe 4.0, GN7 = T4 16GB,
    // GI5 = V100 32GB (FP16 125), GNV7 = A100 (MIG, 8-GPU interconnect), GNV7e = A100 80GB.
    const std::map<std::string, std::string> guideFamilies
        = { { "GT4", "a100-40gb-sxm" }, { "GN10Xp", "v100-32gb-sxm2" }, { "PNV4", "a10-24gb" }, { "GN7", "t4-16gb" },
              { "GI5", "v100-32gb-sxm2" }, { "GNV7", "a100-40gb-sxm" }, { "GNV7e", "a100-80gb-sxm" } };
    for (const auto& [family, gpuId] : guideFamilies) {
        std::set<int> sizes;
        for (const auto& item : catalog().instances) {
            if (item.provider != "tencent" || item.family != family)
                continue;
            EXPECT_EQ(item.gpu, gpuId) << item.id;
            sizes.insert(item.gpus);
        }
        EXPECT_FALSE(sizes.empty()) << family;
    }
    // The guide 'GPU服务器选型' recommends GT4/GN10Xp for NVLink multi-GPU training and notes PNV4 depends on PCIe.
    EXPECT_EQ(catalog().findLink(instance("tencent:GT4.41XLARGE948").intraNode)->kind, "nvlink");
    EXPECT_EQ(catalog().findLink(instance("tencent:GN10Xp.20XLARGE320").intraNode)->kind, "nvlink");
    EXPECT_EQ(catalog().findLink(instance("tencent:PNV4.56XLARGE932").intraNode)->kind, "pcie");
}

TEST(CatalogContents, Gt4LargestSizeMatchesTencentTable)
{
    // Tencent 'GPU Computing Instances': GT4.41XLARGE948 = 8 GPUs, 164 vCPU, 948 GB, 50 Gbps.
    const auto& gt4 = instance("tencent:GT4.41XLARGE948");
    EXPECT_EQ(gt4.gpus, 8);
    EXPECT_EQ(gt4.vcpus, 164);
    EXPECT_DOUBLE_EQ(gt4.memoryBytes, 1017907249152.0); // 948 GiB, as in spec/plan-format.md
    EXPECT_DOUBLE_EQ(gt4.networkGbps, 50);
    EXPECT_EQ(gt4.intraNode, "nvlink3");
    EXPECT_FALSE(gt4.sizeEstimate);
}

TEST(CatalogContents, SizesModelledFromTextAreMarkedEstimates)
{
    int modelled = 0;
    for (const auto& item : catalog().instances) {
        if (item.family == "GI5" || item.family == "GNV7" || item.family == "GNV7e") {
            EXPECT_TRUE(item.sizeEstimate) << item.id;
            ++modelled;
        }
    }
    EXPECT_EQ(modelled, 12); // 1/2/4/8-GPU sizes for each of the three families
    // Fractional vGPU sizes (GN7.LARGE20 = 1/4 T4) are left out rather than rounded up to a whole GPU.
    EXPECT_EQ(catalog().findInstance("tencent:GN7.LARGE20"), nullptr);
    EXPECT_EQ(catalog().findInstance("tencent:GN7.2XLARGE40"), nullptr);
}

TEST(CatalogContents, A100SxmMatchesDatasheetDenseFigures)
{
    // NVIDIA A100 datasheet r4: FP32 19.5, TF32 156 | 312*, BF16/FP16 312 | 624*, INT8 624 | 1248*; 40 GB, 1555 GB/s.
    const auto& a100 = gpu("a100-40gb-sxm");
    EXPECT_DOUBLE_EQ(*a100.tflops.fp32, 19.5);
    EXPECT_DOUBLE_EQ(*a100.tflops.tf32, 156);
    EXPECT_DOUBLE_EQ(*a100.tflops.bf16, 312);
    EXPECT_DOUBLE_EQ(*a100.tflops.fp16, 312);
    EXPECT_DOUBLE_EQ(*a100.tflops.int8, 624);
    EXPECT_FALSE(a100.tflops.fp8.has_value());
    EXPECT_NE(*a100.tflops.bf16, 624); // the 2:4-sparse figure
    EXPECT_DOUBLE_EQ(a100.memoryBytes, 40 * kGiB);
    EXPECT_DOUBLE_EQ(a100.memoryBandwidthGBps, 1555);
    EXPECT_EQ(a100.nvlink, "nvlink3");
    EXPECT_DOUBLE_EQ(gpu("a100-80gb-sxm").memoryBandwidthGBps, 2039);
}

TEST(CatalogContents, H100SxmMatchesDatasheetDenseFigures)
{
    // NVIDIA H100 SXM datasheet: BF16 1,979* and FP8 3,958* are sparse; dense 989 and 1979. 80 GB, 3.35 TB/s.
    const auto& h100 = gpu("h100-80gb-sxm");
    EXPECT_DOUBLE_EQ(*h100.tflops.bf16, 989);
    EXPECT_DOUBLE_EQ(*h100.tflops.fp8, 1979);
    EXPECT_DOUBLE_EQ(*h100.tflops.fp32, 67);
    EXPECT_DOUBLE_EQ(h100.memoryBytes, 80 * kGiB);
    EXPECT_DOUBLE_EQ(h100.memoryBandwidthGBps, 3350);
    EXPECT_EQ(h100.nvlink, "nvlink4");
}

TEST(CatalogContents, A10Fp16IsTheDenseTensorFigureNotTf32)
{
    // The guide's "PNV4 FP16 62.4" is the A10's TF32 tensor figure; the datasheet's dense FP16 tensor is 125.
    const auto& a10 = gpu("a10-24gb");
    EXPECT_DOUBLE_EQ(*a10.tflops.fp16, 125);
    EXPECT_DOUBLE_EQ(*a10.tflops.bf16, 125);
    EXPECT_DOUBLE_EQ(*a10.tflops.tf32, 62.5);
    EXPECT_DOUBLE_EQ(*a10.tflops.fp32, 31.2);
    EXPECT_DOUBLE_EQ(a10.memoryBandwidthGBps, 600);
}

TEST(CatalogContents, V100HasFp16TensorButNoBf16)
{
    // Volta: 125 TFLOPS FP16 tensor (the Tencent Cloud guides, Tencent doc); no BF16/TF32/FP8 support.
    for (const char* id : { "v100-16gb-sxm2", "v100-32gb-sxm2" }) {
        const auto& v100 = gpu(id);
        EXPECT_DOUBLE_EQ(*v100.tflops.fp16, 125) << id;
        EXPECT_DOUBLE_EQ(*v100.tflops.fp32, 15.7) << id;
        EXPECT_FALSE(v100.tflops.bf16.has_value()) << id;
        EXPECT_FALSE(v100.tflops.tf32.has_value()) << id;
        EXPECT_FALSE(v100.tflops.fp8.has_value()) << id;
        EXPECT_DOUBLE_EQ(v100.memoryBandwidthGBps, 900) << id;
    }
}

TEST(CatalogContents, TensorRatesAreConsistentlyDense)
{
    // On every tensor-core GPU in the catalog dense BF16 = FP16 = 2 x dense TF32, and FP8 = 2 x BF16 where FP8
    // exists. Mixing one sparse figure (x2) into a dense row breaks these ratios.
    int checked = 0;
    for (const auto& g : catalog().gpus) {
        const auto& t = g.tflops;
        if (t.bf16 && t.fp16) {
            EXPECT_NEAR(*t.bf16 / *t.fp16, 1.0, 0.01) << g.id;
        }
        if (t.bf16 && t.tf32) {
            EXPECT_NEAR(*t.bf16 / *t.tf32, 2.0, 0.05) << g.id;
            ++checked;
        }
        if (t.fp8 && t.bf16) {
            EXPECT_NEAR(*t.fp8 / *t.bf16, 2.0, 0.05) << g.id;
        }
        if (t.fp32 && t.bf16) {
            EXPECT_GT(*t.bf16, *t.fp32) << g.id;
        }
    }
    EXPECT_GE(checked, 20);
    // Known sparse datasheet figures that must not appear as the dense value.
    EXPECT_NE(*gpu("l40s-48gb").tflops.bf16, 733);
    EXPECT_NE(*gpu("h100-80gb-sxm").tflops.bf16, 1979);
    EXPECT_NE(*gpu("l4-24gb").tflops.bf16, 242);
}

TEST(CatalogContents, ExportCappedLinksHaveTheCappedBandwidth)
{
    // A800 / H800: NVLink capped at 400 GB/s bidirectional = 200 per direction; A100 600 and H100 900 bidirectional.
    EXPECT_DOUBLE_EQ(catalog().findLink("nvlink3")->bandwidthGBpsPerDirection, 300);
    EXPECT_DOUBLE_EQ(catalog().findLink("nvlink3-a800")->bandwidthGBpsPerDirection, 200);
    EXPECT_DOUBLE_EQ(catalog().findLink("nvlink4")->bandwidthGBpsPerDirection, 450);
    EXPECT_DOUBLE_EQ(catalog().findLink("nvlink4-h800")->bandwidthGBpsPerDirection, 200);
    EXPECT_EQ(gpu("a800-80gb-sxm").nvlink, "nvlink3-a800");
    EXPECT_EQ(gpu("h800-80gb-sxm").nvlink, "nvlink4-h800");
}

TEST(CatalogContents, AchievedFractionsComeFromMeasurements)
{
    // stas00/ml-engineering: 8x A100 SXM NCCL all-reduce busbw 235 GB/s of 300; 8x MI300X 312.9 of 448.
    EXPECT_NEAR(catalog().findLink("nvlink3")->achievedFraction, 235.0 / 300.0, 0.005);
    EXPECT_NEAR(catalog().findLink("infinity-fabric3")->achievedFraction, 312.9 / 448.0, 0.005);
    // nccl-tests #178: 20 GB/s busbw across PCIe 4.0 (31 GB/s per direction).
    EXPECT_NEAR(catalog().findLink("pcie4")->achievedFraction, 20.0 / 31.0, 0.01);
    for (const auto& link : catalog().links) {
        EXPECT_GT(link.achievedFraction, 0.3) << link.id;
        EXPECT_LE(link.achievedFraction, 1.0) << link.id;
    }
    // PCIe generations double per direction; NVLink is faster than the PCIe of its era.
    auto perDirection = [](const char* id) { return catalog().findLink(id)->bandwidthGBpsPerDirection; };
    EXPECT_LT(perDirection("pcie3"), perDirection("pcie4"));
    EXPECT_LT(perDirection("pcie4"), perDirection("pcie5"));
    EXPECT_LT(perDirection("pcie4"), perDirection("nvlink3"));
}

TEST(CatalogContents, EveryReferenceResolves)
{
    for (const auto& g : catalog().gpus) {
        EXPECT_NE(catalog().findLink(g.pcie), nullptr) << g.id;
        if (!g.nvlink.empty()) {
            EXPECT_NE(catalog().findLink(g.nvlink), nullptr) << g.id;
        }
    }
    for (const auto& item : catalog().instances) {
        EXPECT_NE(catalog().findGpu(item.gpu), nullptr) << item.id;
        EXPECT_NE(catalog().findLink(item.intraNode), nullptr) << item.id;
        EXPECT_GE(item.gpus, 1) << item.id;
        EXPECT_GT(item.vcpus, 0) << item.id;
        EXPECT_GT(item.memoryBytes, 0) << item.id;
        // 0 only where the source publishes no bandwidth (the instance is then never used across nodes).
        if (item.networkGbps <= 0) {
            EXPECT_NE(item.notes.find("Network bandwidth not published"), std::string::npos) << item.id;
        }
        EXPECT_GE(item.networkGbps, 0) << item.id;
        EXPECT_EQ(item.id, item.provider + ":" + item.name);
    }
}

TEST(CatalogContents, EveryValueCitesAKnownSourceAndDate)
{
    // Hardware and price entries name a source key (and may cite more as "[key]" in their notes); each must exist
    // in the sources registry with a title and a YYYY-MM-DD date.
    const auto& sources = catalog().sources;
    std::set<std::string> cited;
    auto cite = [&](const std::string& owner, const std::string& key) {
        EXPECT_EQ(sources.count(key), 1u) << owner << " cites unknown source \"" << key << "\"";
        cited.insert(key);
    };
    for (const auto& g : catalog().gpus) {
        cite(g.id, g.source);
        if (g.smCount > 0)
            cite(g.id + " sm_count", g.smCountSource);
        EXPECT_TRUE(isDate(g.asOf)) << g.id;
        for (const auto& key : citedKeys(g.notes))
            cite(g.id + " notes", key);
    }
    for (const auto& link : catalog().links) {
        cite(link.id, link.source);
        EXPECT_TRUE(isDate(link.asOf)) << link.id;
        for (const auto& key : citedKeys(link.notes))
            cite(link.id + " notes", key);
    }
    for (const auto& item : catalog().instances) {
        cite(item.id, item.source);
        cite(item.id + " price", item.price.source);
        EXPECT_TRUE(isDate(item.asOf)) << item.id;
        for (const auto& key : citedKeys(item.notes))
            cite(item.id + " notes", key);
        for (const auto& key : citedKeys(item.price.note))
            cite(item.id + " price note", key);
    }
    for (const auto& key : cited) {
        auto it = sources.find(key);
        if (it == sources.end())
            continue;
        EXPECT_FALSE(it->second.title.empty()) << key;
        EXPECT_TRUE(isDate(it->second.asOf)) << key << ": " << it->second.asOf;
    }
    EXPECT_GE(cited.size(), 40u);
}

// SM counts (GEMM waves, MIG slices): each read from a named source, or absent with the notes saying no source gives
// one; the H100 whitepaper's two figures (H100 SXM5 132 SMs, H100 PCIe 114). `catalog validate` refuses a count whose
// source the registry lacks.
TEST(CatalogContents, SmCountsAreSourcedOrSaidToBeMissing)
{
    int counted = 0;
    for (const auto& g : catalog().gpus) {
        if (g.smCount > 0) {
            EXPECT_FALSE(g.smCountSource.empty()) << g.id;
            ++counted;
        } else {
            EXPECT_NE(g.notes.find("SM count: the vendor publishes none"), std::string::npos) << g.id;
        }
    }
    EXPECT_GE(counted, 20);
    EXPECT_EQ(gpu("h100-80gb-sxm").smCount, 132);
    EXPECT_EQ(gpu("h100-80gb-pcie").smCount, 114);
    gp::Catalog mutated = catalog();
    mutated.gpus.front().smCount = 80;
    mutated.gpus.front().smCountSource = "no-such-source";
    const auto valid = gp::validateCatalog(mutated);
    ASSERT_FALSE(valid.ok());
    EXPECT_NE(valid.error().toString().find("sm_count_source"), std::string::npos);
}

TEST(CatalogContents, EveryInstanceHasASourcedPrice)
{
    std::map<std::string, int> statuses;
    for (const auto& item : catalog().instances) {
        const auto& price = item.price;
        ++statuses[price.status];
        EXPECT_TRUE(price.status == "published" || price.status == "estimate" || price.status == "missing")
            << item.id << ": " << price.status;
        // A price with no figure says it is missing, never "estimate" (issue 44: an H20 without a price).
        EXPECT_EQ(price.status == "missing", !price.onDemandPerHour && !price.monthly) << item.id;
        EXPECT_FALSE(price.source.empty()) << item.id;
        EXPECT_EQ(catalog().sources.count(price.source), 1u) << item.id << ": " << price.source;
        EXPECT_TRUE(isDate(price.asOf)) << item.id;
        EXPECT_FALSE(price.note.empty()) << item.id;
        // USD clouds price in USD; the Chinese sites in CNY unless the price names a region outside the China site.
        const bool usdCloud = item.provider == "aws" || item.provider == "gcp" || item.provider == "azure";
        EXPECT_EQ(price.currency, usdCloud || !price.region.empty() ? "USD" : "CNY") << item.id;
        for (const auto& other : item.otherPrices) {
            EXPECT_EQ(catalog().sources.count(other.source), 1u) << item.id << ": " << other.source;
            EXPECT_TRUE(isDate(other.asOf)) << item.id;
            EXPECT_FALSE(other.note.empty()) << item.id;
        }
        // Unknown prices are null, never 0.
        if (price.onDemandPerHour) {
            EXPECT_GT(*price.onDemandPerHour, 0) << item.id;
        }
        if (price.monthly) {
            EXPECT_GT(*price.monthly, 0) << item.id;
        }
        for (const auto& discount : { price.spotDiscount, price.reservedDiscount }) {
            if (discount) {
                EXPECT_GT(*discount, 0) << item.id;
                EXPECT_LT(*discount, 1) << item.id;
            }
        }
        if (price.status == "published") {
            EXPECT_TRUE(price.onDemandPerHour || price.monthly) << item.id;
        }
    }
    EXPECT_GE(statuses["published"], 15);
}

TEST(CatalogContents, PublishedPricesMatchTheirSources)
{
    // AWS us-east-1 after the June-2025 cut: p4d.24xlarge 21.957642, p4de.24xlarge 27.44705, p5.48xlarge 55.04 USD/h.
    EXPECT_DOUBLE_EQ(*instance("aws:p4d.24xlarge").price.onDemandPerHour, 21.957642);
    EXPECT_DOUBLE_EQ(*instance("aws:p4de.24xlarge").price.onDemandPerHour, 27.44705);
    EXPECT_DOUBLE_EQ(*instance("aws:p5.48xlarge").price.onDemandPerHour, 55.04);
    EXPECT_EQ(instance("aws:p5.48xlarge").price.status, "published");
    // Alibaba community prices: gn7i-c32g1.8xlarge 8.235 CNY/h, promotion monthly 3203.99; gn7e 1-GPU 34.742 CNY/h.
    const auto& gn7i = instance("alibaba:ecs.gn7i-c32g1.8xlarge");
    EXPECT_DOUBLE_EQ(*gn7i.price.onDemandPerHour, 8.235);
    EXPECT_DOUBLE_EQ(*gn7i.price.monthly, 3203.99);
    EXPECT_DOUBLE_EQ(*instance("alibaba:ecs.gn7e-c16g1.4xlarge").price.onDemandPerHour, 34.742);
    // Tencent GN7vw monthly 3528 CNY (1 T4) and 7056 (2 T4).
    EXPECT_DOUBLE_EQ(*instance("tencent:GN7vw.4XLARGE64").price.monthly, 3528);
    EXPECT_DOUBLE_EQ(*instance("tencent:GN7vw.8XLARGE128").price.monthly, 7056);
}

TEST(CatalogContents, TencentEstimatesFollowTheStatedRule)
{
    // GT4 is Tencent's published list price (114016 CNY/month, 237.51 CNY/h for 8 GPUs; hourly = monthly / 480).
    // GNV7 (A100 40GB, sized as GT4) takes GT4's list price of the same size.
    const auto& gt4 = instance("tencent:GT4.41XLARGE948");
    EXPECT_EQ(gt4.price.status, "published");
    EXPECT_NEAR(*gt4.price.onDemandPerHour, 114016.0 / 480, 0.05); // the list prints 237.51 for 237.533
    EXPECT_EQ(instance("tencent:GNV7-8GPU").price.status, "estimate");
    EXPECT_DOUBLE_EQ(*instance("tencent:GNV7-8GPU").price.onDemandPerHour, *gt4.price.onDemandPerHour);
    // GNV7e (A100 80GB) = the A100 40GB figure x 1.25, AWS p4de/p4d per-GPU ratio 27.44705 / 21.957642.
    EXPECT_NEAR(*instance("tencent:GNV7e-8GPU").price.onDemandPerHour,
        *instance("tencent:GNV7-8GPU").price.onDemandPerHour * 27.44705 / 21.957642, 0.01);
    // Guide 'AI训练选什么GPU型号性价比高？': A100/GNV7 spot often 30-50% off -> 0.4; 预留实例券 up to 40% -> 0.4.
    EXPECT_DOUBLE_EQ(*instance("tencent:GNV7-8GPU").price.spotDiscount, 0.4);
    EXPECT_DOUBLE_EQ(*instance("tencent:GNV7-8GPU").price.reservedDiscount, 0.4);
    // More GPUs of the same family never cost less per hour.
    std::map<std::string, std::map<int, double>> perFamily;
    for (const auto& item : catalog().instances) {
        if (item.price.onDemandPerHour)
            perFamily[item.provider + ":" + item.family][item.gpus] = *item.price.onDemandPerHour;
    }
    for (const auto& [family, byGpus] : perFamily) {
        double previous = 0;
        for (const auto& [gpus, hourly] : byGpus) {
            EXPECT_GT(hourly, previous) << family << " " << gpus << " GPUs";
            previous = hourly;
        }
    }
}

} // namespace

TEST(CatalogContents, EveryInstanceCanGoPastOneNode)
{
    // Issue 44 item 4: 16 instances had no network bandwidth (PNV5b, PNV6, a3-highgpu-1g/2g/4g), so no plan could
    // use two of them. Each has a figure now; one not published is the family's default, marked estimate, and its
    // note says where it comes from.
    for (const auto& item : catalog().instances) {
        EXPECT_GT(item.networkGbps, 0) << item.id;
        if (item.networkEstimate) {
            EXPECT_NE(item.notes.find("network_status estimate"), std::string::npos) << item.id;
        }
    }
    const gp::InstanceSpec& pnv6 = instance("tencent:PNV6.32XLARGE1280");
    const gp::InstanceSpec& pnv4 = instance("tencent:PNV4.56XLARGE932");
    EXPECT_TRUE(pnv6.networkEstimate);
    EXPECT_FALSE(pnv4.networkEstimate);
    EXPECT_EQ(pnv6.networkGbps, pnv4.networkGbps) << "the PNV family default is PNV4's published 8-GPU figure";
    EXPECT_TRUE(instance("gcp:a3-highgpu-4g").networkEstimate);
    EXPECT_FALSE(instance("gcp:a3-highgpu-8g").networkEstimate);
}
