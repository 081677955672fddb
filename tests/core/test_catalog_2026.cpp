// The 2026 catalog: Blackwell / CDNA 3-4 GPUs with dense figures and fp4, five providers, Tencent's published list
// prices and their hourly/monthly rule, regions on prices, usable memory, and the checks on the new fields.
// Every figure asserted here is quoted from the source named next to it (the catalog's sources.json keys).
#include "base/embedded_files.h"
#include "base/finite_number.h"
#include "catalog/catalog.h"
#include "catalog/gpu_precision.h"
#include "cli/cli.h"
#include "estimate/estimator.h"
#include "plan/plan.h"
#include "test_catalog_support.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

using nlohmann::json;

namespace
{

using gp::kGiB; // core/base/finite_number.h
constexpr double kMiB = 1024.0 * 1024.0;

using gp::testing::catalog;
using gp::testing::gpu;
using gp::testing::instance;

struct Dense {
    std::optional<double> fp32, tf32, bf16, fp16, fp8, fp4, int8;
};

void expectDense(const std::string& id, const Dense& expected)
{
    const gp::Tflops& t = gpu(id).tflops;
    auto same = [&](const char* name, const std::optional<double>& want, const std::optional<double>& got) {
        EXPECT_EQ(want.has_value(), got.has_value()) << id << " " << name;
        if (want && got) {
            EXPECT_DOUBLE_EQ(*got, *want) << id << " " << name;
        }
    };
    same("fp32", expected.fp32, t.fp32);
    same("tf32", expected.tf32, t.tf32);
    same("bf16", expected.bf16, t.bf16);
    same("fp16", expected.fp16, t.fp16);
    same("fp8", expected.fp8, t.fp8);
    same("fp4", expected.fp4, t.fp4);
    same("int8", expected.int8, t.int8);
}

json gpuEntry()
{
    return json::parse(R"({"id": "test-gpu", "name": "Test GPU", "class": "datacenter-hbm", "memory_gib": 80,
        "memory_bandwidth_gbps": 2039, "tflops": {"fp32": 19.5, "bf16": 312, "fp16": 312},
        "pcie": "pcie4", "source": "hand-made", "as_of": "2026-11-30"})");
}

json document(json gpus)
{
    return { { "format", "gpu-planner-catalog" }, { "version", 1 }, { "gpus", gpus } };
}

gp::Plan catalogPlan(const json& patch)
{
    json doc = json::parse(gp::defaultPlanText());
    doc.merge_patch(patch);
    auto plan = gp::parsePlan(doc.dump());
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

} // namespace

TEST(Catalog2026, BlackwellGpusCarryDenseFiguresAndFp4)
{
    // NVIDIA Blackwell Technical Brief (HGX B200) per GPU, sparse | dense [report-2026-09]: FP4 18 | 9 PF, FP8 9 | 4.5,
    // INT8 9 | 4.5 POPS, BF16/FP16 4.5 | 2.25, TF32 2.2 | 1.1, FP32 75 TF; 180 GB; DGX page 8 TB/s; NVLink 5.
    expectDense("b200-180gb-sxm", { 75, 1100, 2250, 2250, 4500, 9000, 4500 });
    EXPECT_DOUBLE_EQ(gpu("b200-180gb-sxm").memoryBytes, 180 * kGiB);
    EXPECT_DOUBLE_EQ(gpu("b200-180gb-sxm").memoryBandwidthGBps, 8000);
    // Blackwell Ultra datasheet (HGX B300): FP4 14 PF dense, FP8 9 sparse, BF16 4.5 sparse, TF32 2.2 sparse, FP32 75;
    // 270 GB at 7.7 TB/s. INT8 307 TOPS sparse; Verda's dense 0.15 POPS kept as an estimate [verda-gb300].
    expectDense("b300-270gb-sxm", { 75, 1100, 2250, 2250, 4500, 14000, 150 });
    EXPECT_DOUBLE_EQ(gpu("b300-270gb-sxm").memoryBytes, 270 * kGiB);
    EXPECT_DOUBLE_EQ(gpu("b300-270gb-sxm").memoryBandwidthGBps, 7700);
    const auto& b300Estimates = gpu("b300-270gb-sxm").estimatedFields;
    EXPECT_NE(std::find(b300Estimates.begin(), b300Estimates.end(), "tflops.int8"), b300Estimates.end());
    EXPECT_LT(*gpu("b300-270gb-sxm").tflops.int8, *gpu("b200-180gb-sxm").tflops.int8) << "NVIDIA cut INT8 on B300";
    // GB200 superchip (1 Grace + 2 B200): NVFP4 20 PF dense, FP8 20 / INT8 20 / BF16 10 / TF32 5 sparse, FP32 160 TF,
    // 372 GB at 16 TB/s -> per GPU FP4 10000, FP8 5000, INT8 5000, BF16 2500, TF32 1250, FP32 80; 186 GB, 8 TB/s.
    expectDense("gb200-186gb", { 80, 1250, 2500, 2500, 5000, 10000, 5000 });
    EXPECT_DOUBLE_EQ(gpu("gb200-186gb").memoryBytes, 372.0 / 2 * kGiB);
    EXPECT_DOUBLE_EQ(gpu("gb200-186gb").memoryBandwidthGBps, 16000.0 / 2);
    // GB300 per GPU: FP4 15 PF dense, FP8 10 / BF16 5 / TF32 2.5 sparse, INT8 330 TOPS sparse, FP32 80; 279 GB, 8 TB/s.
    expectDense("gb300-279gb", { 80, 1250, 2500, 2500, 5000, 15000, 165 });
    EXPECT_DOUBLE_EQ(gpu("gb300-279gb").memoryBytes, 279 * kGiB);
    for (const char* id : { "b200-180gb-sxm", "b300-270gb-sxm", "gb200-186gb", "gb300-279gb" }) {
        EXPECT_EQ(gpu(id).nvlink, "nvlink5") << id;
        EXPECT_FALSE(gpu(id).tflops.int4.has_value()) << id << ": NVIDIA publishes no INT4 rate for Blackwell";
    }
    // NVLink 5: 18 links, 900 GB/s per direction per GPU [stas00-net].
    EXPECT_DOUBLE_EQ(catalog().findLink("nvlink5")->bandwidthGBpsPerDirection, 900);
}

TEST(Catalog2026, H20Rtx5090AndInstinctGpusCarryDenseFigures)
{
    // NVIDIA vGPU 'Hopper H20' page: 96 GB HBM3 and 141 GB HBM3e SKUs, both 4.0 TB/s, 400 W; compute assumed equal
    // to the 96 GB part (148 BF16 / 296 FP8 dense), so marked estimates; no FP4 on Hopper.
    expectDense("h20-141gb", { 44, 74, 148, 148, 296, std::nullopt, 296 });
    EXPECT_DOUBLE_EQ(gpu("h20-141gb").memoryBytes, 141 * kGiB);
    EXPECT_DOUBLE_EQ(gpu("h20-141gb").memoryBandwidthGBps, 4000);
    EXPECT_FALSE(gpu("h20-141gb").estimatedFields.empty());
    // RTX Blackwell whitepaper appendix A (RTX 5090), FP32 accumulate, dense: FP4 1676 (3352 sparse), FP8 419,
    // FP16/BF16 209.5, TF32 104.8, FP32 104.8, INT8 838; 32 GB GDDR7, 1792 GB/s, PCIe 5.0, no NVLink.
    expectDense("rtx-5090-32gb", { 104.8, 104.8, 209.5, 209.5, 419, 1676, 838 });
    EXPECT_DOUBLE_EQ(gpu("rtx-5090-32gb").memoryBandwidthGBps, 1792);
    EXPECT_TRUE(gpu("rtx-5090-32gb").nvlink.empty());
    // AMD MI325X: 256 GB HBM3E, 6 TB/s, FP32 163.4, TF32 653.7, BF16/FP16 1307.4, FP8 2614.9, INT8 2614.9; XGMI 448.
    expectDense("mi325x-256gb", { 163.4, 653.7, 1307.4, 1307.4, 2614.9, std::nullopt, 2614.9 });
    EXPECT_DOUBLE_EQ(gpu("mi325x-256gb").memoryBandwidthGBps, 6000);
    EXPECT_EQ(gpu("mi325x-256gb").nvlink, "infinity-fabric3");
    // AMD MI355X brochure: BF16 2.5166 PF dense, FP8 5.0332, MXFP4 10.07 (10066), FP32 157.3; TF32 not listed (null);
    // 288 GB, 8 TB/s; XGMI 7 x 76.5 = 535.5 GB/s.
    expectDense("mi355x-288gb", { 157.3, std::nullopt, 2516.6, 2516.6, 5033.2, 10066, 5000 });
    EXPECT_DOUBLE_EQ(gpu("mi355x-288gb").memoryBytes, 288 * kGiB);
    EXPECT_DOUBLE_EQ(catalog().findLink(gpu("mi355x-288gb").nvlink)->bandwidthGBpsPerDirection, 7 * 76.5);
    // Before Blackwell / CDNA 4 there is no FP4 tensor path.
    EXPECT_FALSE(gpu("h100-80gb-sxm").tflops.fp4.has_value());
    EXPECT_FALSE(gpu("mi300x-192gb").tflops.fp4.has_value());
}

TEST(Catalog2026, DriverReportedMemoryIsBelowTheVendorFigure)
{
    // nvidia-smi totals [modal-2797]: A10 23028 MiB, L4 23034, T4 15360, L40S 46068, H100 81559, A100 80GB 81920.
    const std::map<std::string, double> mib = { { "a10-24gb", 23028 }, { "l4-24gb", 23034 }, { "t4-16gb", 15360 },
        { "l40s-48gb", 46068 }, { "h100-80gb-sxm", 81559 }, { "a100-80gb-sxm", 81920 } };
    for (const auto& [id, total] : mib) {
        const auto& g = gpu(id);
        ASSERT_TRUE(g.usableMemoryBytes.has_value()) << id;
        EXPECT_DOUBLE_EQ(*g.usableMemoryBytes, total * kMiB) << id;
        EXPECT_LE(*g.usableMemoryBytes, g.memoryBytes) << id;
        EXPECT_EQ(g.usableMemorySource, "modal-2797") << id;
        EXPECT_EQ(catalog().sources.count(g.usableMemorySource), 1u) << id;
    }
    EXPECT_LT(*gpu("a10-24gb").usableMemoryBytes, 24 * kGiB) << "the driver reports less than 24 GiB";
}

TEST(Catalog2026, FiveProvidersAndAtLeast150Instances)
{
    std::map<std::string, int> perProvider;
    for (const auto& item : catalog().instances)
        ++perProvider[item.provider];
    EXPECT_GE(catalog().instances.size(), 150u);
    EXPECT_GE(perProvider.size(), 5u);
    for (const char* provider : { "tencent", "alibaba", "aws", "gcp", "azure" }) {
        EXPECT_GE(perProvider[provider], 4) << provider;
        EXPECT_NE(catalog().findProvider(provider), nullptr) << provider;
    }
    // The families of the 2026 research, by their published names.
    for (const char* id :
        { "aws:p5e.48xlarge", "aws:p5en.48xlarge", "aws:p6-b200.48xlarge", "aws:g6.48xlarge", "aws:g6e.xlarge",
            "gcp:a2-ultragpu-1g", "gcp:a3-highgpu-8g", "gcp:a3-megagpu-8g", "gcp:a3-ultragpu-8g", "gcp:a4-highgpu-8g",
            "azure:Standard_ND96isr_H100_v5", "azure:Standard_ND96isr_H200_v5", "azure:Standard_ND96isr_MI300X_v5",
            "azure:Standard_ND128isr_NDR_GB200_v6", "alibaba:ecs.gn8v-8x.48xlarge", "alibaba:ecs.ebmgn8v.48xlarge",
            "alibaba:ecs.gn8is-8x.32xlarge", "tencent:PNV5b.64XLARGE768", "tencent:PNV6.32XLARGE1280" })
        EXPECT_NE(catalog().findInstance(id), nullptr) << id;
}

TEST(Catalog2026, GpusTheCloudsRentHaveAnInstance)
{
    // H200 (AWS p5e/p5en, GCP a3-ultragpu, Azure ND H200 v5), H20 (Alibaba gn8v), L40S (AWS g6e), L4 (AWS g6),
    // MI300X (Azure ND MI300X v5), B200 (AWS p6-b200, GCP a4), B300 (AWS p6-b300), GB200 (Azure ND GB200 v6).
    std::set<std::string> rented;
    for (const auto& item : catalog().instances)
        rented.insert(item.gpu);
    for (const char* id : { "h200-141gb-sxm", "h20-96gb", "l40s-48gb", "l4-24gb", "mi300x-192gb", "b200-180gb-sxm",
             "b300-270gb-sxm", "gb200-186gb", "l20-48gb" })
        EXPECT_EQ(rented.count(id), 1u) << id;
    // AWS g6e.48xlarge: 8 x L40S, 192 vCPU, 1536 GiB, 400 Gbps, 30.13118 USD/h in us-east-1 [skypilot-aws].
    const auto& g6e = instance("aws:g6e.48xlarge");
    EXPECT_EQ(g6e.gpus, 8);
    EXPECT_EQ(g6e.vcpus, 192);
    EXPECT_DOUBLE_EQ(g6e.memoryBytes, 1536 * kGiB);
    EXPECT_DOUBLE_EQ(*g6e.price.onDemandPerHour, 30.13118);
    EXPECT_EQ(g6e.price.region, "us-east-1");
}

TEST(Catalog2026, TencentListPricesArePublishedWithTheirSource)
{
    // Tencent 标准刊例价 (qcloud-documents@8ec0729 价格总览): GT4.4XLARGE96 13748 CNY/month, 28.64 CNY/h;
    // GN10Xp.2XLARGE40 5750 / 11.98; GN8.LARGE56 3520-4400 / 12.07-15.09 (upper end kept); GN7.8XLARGE128 5500 / 19.1;
    // GN6.7XLARGE48 2600 / 9; GN6S.2XLARGE40 4000 / 13.88.
    struct Row {
        const char* id;
        double monthly, hourly;
    };
    for (const Row& row :
        { Row { "tencent:GT4.4XLARGE96", 13748, 28.64 }, Row { "tencent:GT4.41XLARGE948", 114016, 237.51 },
            Row { "tencent:GN10Xp.2XLARGE40", 5750, 11.98 }, Row { "tencent:GN10X.18XLARGE320", 42000, 145.96 },
            Row { "tencent:GN8.LARGE56", 4400, 15.09 }, Row { "tencent:GI3X.45XLARGE452", 18400, 38.33 },
            Row { "tencent:GN7.2XLARGE32", 2500, 8.68 }, Row { "tencent:GN7.8XLARGE128", 5500, 19.1 },
            Row { "tencent:GN6.7XLARGE48", 2600, 9 }, Row { "tencent:GN6S.2XLARGE40", 4000, 13.88 } }) {
        const auto& price = instance(row.id).price;
        EXPECT_EQ(price.status, "published") << row.id;
        EXPECT_EQ(price.source, "tencent-list-price") << row.id;
        EXPECT_EQ(price.currency, "CNY") << row.id;
        EXPECT_DOUBLE_EQ(*price.monthly, row.monthly) << row.id;
        EXPECT_DOUBLE_EQ(*price.onDemandPerHour, row.hourly) << row.id;
        EXPECT_NE(price.note.find("undated"), std::string::npos) << row.id << ": the list carries no date";
        EXPECT_TRUE(price.region.empty()) << row.id << ": the 中国大陆 list is Tencent's reference region";
    }
    const auto& source = catalog().sources.at("tencent-list-price");
    EXPECT_NE(source.title.find("qcloud-documents@8ec0729"), std::string::npos);
    EXPECT_NE(source.title.find("undated"), std::string::npos);
    // The list charges more for the larger one-GPU GN7 sizes (the old estimate priced all three at 8.787).
    EXPECT_GT(*instance("tencent:GN7.8XLARGE128").price.onDemandPerHour,
        *instance("tencent:GN7.2XLARGE32").price.onDemandPerHour * 2);
}

TEST(Catalog2026, TencentHourlyFollowsTheListsPerFamilyRule)
{
    // The list: hourly = monthly / 480 for GT4, GN10Xp, GI3X (13748 / 480 = 28.64) and ~ monthly / 288 for GN7, GN8,
    // GN10X (2500 / 288 = 8.68; GN8's rows sit within 1.5%: 4400 / 15.09 = 291.6).
    const gp::ProviderSpec* tencent = catalog().findProvider("tencent");
    ASSERT_NE(tencent, nullptr);
    const std::map<std::string, double> expected = { { "GT4", 480 }, { "GN10Xp", 480 }, { "GI3X", 480 }, { "GN7", 288 },
        { "GN8", 288 }, { "GN10X", 288 }, { "GN6", 288 }, { "GN6S", 288 } };
    EXPECT_EQ(tencent->monthlyHoursByFamily, expected);
    int checked = 0;
    for (const auto& item : catalog().instances) {
        if (item.provider != "tencent" || item.price.source != "tencent-list-price" || item.price.status != "published")
            continue;
        const double hours = tencent->monthlyHoursByFamily.at(item.family);
        EXPECT_NEAR(*item.price.onDemandPerHour, *item.price.monthly / hours, *item.price.onDemandPerHour * 0.015)
            << item.id;
        ++checked;
    }
    EXPECT_EQ(checked, 28) << "4 GT4 + 4 GN10X + 4 GN10Xp + 4 GN8 + 3 GI3X + 5 GN7 + 2 GN6 + 2 GN6S";
    // No Tencent price is derived with the old single rule (monthly = hourly x 730 x 0.55, Alibaba's observed ratio).
    for (const auto& item : catalog().instances) {
        if (item.provider != "tencent")
            continue;
        EXPECT_EQ(item.price.note.find("0.55"), std::string::npos) << item.id;
        if (item.price.monthly && item.price.onDemandPerHour) {
            EXPECT_GT(std::abs(*item.price.monthly / *item.price.onDemandPerHour - 730 * 0.55), 1) << item.id;
        }
    }
}

TEST(Catalog2026, TencentEstimatesNameThePublishedPriceTheyDeriveFrom)
{
    // GNV7 (A100 40GB, sized as GT4) = GT4's list price of the same size; GI5 (V100 32GB, sized as GN10Xp) = GN10Xp's;
    // GNV7e (A100 80GB) = GT4 x 1.25, the AWS p4de/p4d per-GPU ratio 27.44705 / 21.957642.
    EXPECT_DOUBLE_EQ(*instance("tencent:GNV7-8GPU").price.onDemandPerHour, 237.51);
    EXPECT_DOUBLE_EQ(*instance("tencent:GI5-1GPU").price.monthly, 5750);
    EXPECT_NEAR(*instance("tencent:GNV7e-8GPU").price.onDemandPerHour, 237.51 * 27.44705 / 21.957642, 0.001);
    // PNV4 (A10): Alibaba's 8.235 CNY/h per A10, monthly = hourly x 480 (the newer families' relation).
    EXPECT_NEAR(*instance("tencent:PNV4.7XLARGE116").price.monthly, 8.235 * 480, 0.01);
    for (const auto& item : catalog().instances) {
        if (item.provider != "tencent" || item.price.status != "estimate" || !item.price.onDemandPerHour)
            continue;
        const std::string& note = item.price.note;
        const bool names = note.find("[tencent-list-price]") != std::string::npos
            || note.find("[ali-price-community]") != std::string::npos
            || note.find("[tencent-bm-list]") != std::string::npos
            || note.find("[tencent-pnv5b-tokyo]") != std::string::npos;
        EXPECT_TRUE(names) << item.id << ": " << note;
    }
}

TEST(Catalog2026, TencentInternationalPricesNameTheirZone)
{
    // Tencent international 'Billing Description' (prices for Guangzhou Zone 3): GN7.2XLARGE32 1.26 USD/h,
    // GN7.5XLARGE80 2.01, GN7.8XLARGE128 2.77, GN6S.LARGE20 1.11, GN6S.2XLARGE40 2.22.
    for (const auto& [id, usd] : std::map<std::string, double> { { "tencent:GN7.2XLARGE32", 1.26 },
             { "tencent:GN7.5XLARGE80", 2.01 }, { "tencent:GN7.8XLARGE128", 2.77 }, { "tencent:GN6S.LARGE20", 1.11 },
             { "tencent:GN6S.2XLARGE40", 2.22 } }) {
        const auto& item = instance(id);
        ASSERT_EQ(item.otherPrices.size(), 1u) << id;
        const auto& intl = item.otherPrices.front();
        EXPECT_EQ(intl.currency, "USD") << id;
        EXPECT_DOUBLE_EQ(*intl.onDemandPerHour, usd) << id;
        EXPECT_EQ(intl.region, "ap-guangzhou") << id;
        EXPECT_EQ(intl.zone, "ap-guangzhou-3") << id;
        EXPECT_EQ(intl.source, "tencent-intl-billing") << id;
    }
}

TEST(Catalog2026, EveryPriceBelongsToARegion)
{
    for (const auto& item : catalog().instances) {
        ASSERT_NE(catalog().findProvider(item.provider), nullptr) << item.id;
        EXPECT_FALSE(gp::priceRegion(catalog(), item, item.price).empty()) << item.id;
        for (const auto& other : item.otherPrices)
            EXPECT_FALSE(other.region.empty()) << item.id;
    }
    // Reference regions: AWS us-east-1, Google Cloud us-central1, Azure eastus, Tencent's 中国大陆 list.
    EXPECT_EQ(catalog().findProvider("aws")->referenceRegion, "us-east-1");
    EXPECT_EQ(catalog().findProvider("gcp")->referenceRegion, "us-central1");
    // ND H200 v5's only price is West US 3 (84.80 USD/h): asked for East US it says it has none there.
    const auto& h200 = instance("azure:Standard_ND96isr_H200_v5");
    EXPECT_EQ(gp::priceRegion(catalog(), h200, h200.price), "westus3");
    EXPECT_FALSE(gp::priceInRegion(catalog(), h200, "eastus").inRegion);
    EXPECT_TRUE(gp::priceInRegion(catalog(), h200, "westus3").inRegion);
    // GN7.2XLARGE32: the reference (CNY list) price, or the international site's ap-guangzhou USD price.
    const auto& gn7 = instance("tencent:GN7.2XLARGE32");
    EXPECT_EQ(gp::priceInRegion(catalog(), gn7, "").price->currency, "CNY");
    EXPECT_EQ(gp::priceInRegion(catalog(), gn7, "ap-guangzhou").price->currency, "USD");
    const gp::RegionalPrice tokyo = gp::priceInRegion(catalog(), gn7, "ap-tokyo");
    EXPECT_FALSE(tokyo.inRegion);
    EXPECT_EQ(tokyo.price, &gn7.price) << "falls back to the reference price";
    const auto regions = gp::providerRegions(catalog(), "tencent");
    ASSERT_FALSE(regions.empty());
    EXPECT_EQ(regions.front(), "china-mainland");
    EXPECT_NE(std::find(regions.begin(), regions.end(), "ap-guangzhou"), regions.end());
}

TEST(Catalog2026, PlanRegionPicksThePriceAndSaysWhenThereIsNone)
{
    // g6.48xlarge: 13.3504 USD/h in us-east-1, 16.416 USD/h in ap-northeast-2 (Seoul) [aws-p5e-other-region].
    const json candidate = json::array({ { { "instance", "aws:g6.48xlarge" } } });
    gp::Plan reference = catalogPlan({ { "candidates", candidate }, { "billing", { { "currency", "USD" } } } });
    gp::Plan seoul = catalogPlan({ { "candidates", candidate },
        { "billing", { { "currency", "USD" }, { "regions", { { "aws", "ap-northeast-2" } } } } } });
    EXPECT_EQ(seoul.billing.regions.at("aws"), "ap-northeast-2");
    auto a = gp::estimatePlan(reference, catalog());
    auto b = gp::estimatePlan(seoul, catalog());
    ASSERT_TRUE(a.ok() && b.ok());
    ASSERT_EQ(a->results.size(), 1u);
    ASSERT_EQ(b->results.size(), 1u);
    if (a->results[0].cost.pricePerHour && b->results[0].cost.pricePerHour) {
        EXPECT_NEAR(*b->results[0].cost.pricePerHour / *a->results[0].cost.pricePerHour, 16.416 / 13.3504, 1e-9);
    } else {
        ADD_FAILURE() << "g6.48xlarge has a price in both regions";
    }
    auto hasWarning = [](const gp::CandidateResult& r, const std::string& code) {
        return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const auto& w) { return w.code == code; });
    };
    EXPECT_FALSE(hasWarning(b->results[0], "price_not_in_region"));
    // Tokyo has no g6 price in the catalog: the reference price stays and the result says so.
    gp::Plan tokyo = catalogPlan({ { "candidates", candidate },
        { "billing", { { "currency", "USD" }, { "regions", { { "aws", "ap-northeast-1" } } } } } });
    auto c = gp::estimatePlan(tokyo, catalog());
    ASSERT_TRUE(c.ok());
    EXPECT_TRUE(hasWarning(c->results[0], "price_not_in_region"));
    EXPECT_EQ(c->results[0].cost.pricePerHour, a->results[0].cost.pricePerHour);
}

TEST(Catalog2026, BillingRegionsRoundTripAndBadValuesNameTheField)
{
    gp::Plan plan
        = catalogPlan({ { "billing", { { "regions", { { "aws", "us-west-2" }, { "tencent", "ap-guangzhou" } } } } } });
    auto reread = gp::parsePlan(gp::serializePlan(plan));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(reread->billing.regions, plan.billing.regions);
    EXPECT_EQ(reread->billing.regions.size(), 2u);
    json doc = json::parse(gp::defaultPlanText());
    doc["billing"]["regions"] = { { "aws", 5 } };
    auto bad = gp::parsePlan(doc.dump());
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "billing.regions.aws");
    // Removing a region removes it from the saved file.
    plan.billing.regions.erase("aws");
    auto saved = json::parse(gp::serializePlan(plan));
    EXPECT_FALSE(saved["billing"]["regions"].contains("aws"));
}

TEST(CatalogValidation, NegativeFp4IsAnErrorNamingFileAndPath)
{
    json entry = gpuEntry();
    entry["tflops"]["fp4"] = -5;
    gp::Catalog into;
    auto parsed = gp::parseCatalogJson(document({ entry }).dump(), "my-gpus.json", into);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().file, "my-gpus.json");
    EXPECT_EQ(parsed.error().field, "gpus[0].tflops.fp4");
    EXPECT_NE(parsed.error().toString().find("my-gpus.json: gpus[0].tflops.fp4"), std::string::npos)
        << parsed.error().toString();
}

TEST(CatalogValidation, MissingOrNullFp4IsFine)
{
    json withNull = gpuEntry();
    withNull["tflops"]["fp4"] = nullptr;
    for (const json& entry : { gpuEntry(), withNull }) {
        gp::Catalog into;
        auto parsed = gp::parseCatalogJson(document({ entry }).dump(), "my-gpus.json", into);
        ASSERT_TRUE(parsed.ok()) << parsed.error().toString();
        EXPECT_FALSE(into.gpus.at(0).tflops.fp4.has_value());
    }
    json with = gpuEntry();
    with["tflops"]["fp4"] = 9000;
    gp::Catalog into;
    ASSERT_TRUE(gp::parseCatalogJson(document({ with }).dump(), "x.json", into).ok());
    EXPECT_DOUBLE_EQ(*into.gpus.at(0).tflops.fp4, 9000);
}

TEST(CatalogValidation, NewFieldsAreChecked)
{
    auto error = [](const json& doc) {
        gp::Catalog into;
        auto parsed = gp::parseCatalogJson(doc.dump(), "f.json", into);
        return parsed.ok() ? std::string() : parsed.error().toString();
    };
    json gpuMore = gpuEntry();
    gpuMore["usable_memory_mib"] = 90000; // more than 80 GiB = 81920 MiB
    gpuMore["usable_memory_source"] = "hand-made";
    EXPECT_EQ(error(document({ gpuMore })).rfind("f.json: gpus[0].usable_memory_mib:", 0), 0u)
        << error(document({ gpuMore }));
    json gpuUnsourced = gpuEntry();
    gpuUnsourced["usable_memory_mib"] = 81000;
    EXPECT_EQ(error(document({ gpuUnsourced })).rfind("f.json: gpus[0].usable_memory_source:", 0), 0u);
    json providers = { { "format", "gpu-planner-catalog" }, { "version", 1 },
        { "providers",
            json::array({ { { "id", "x" }, { "name", "X" }, { "reference_region", "r1" },
                { "monthly_hours_by_family", { { "F", -3 } } }, { "source", "s" }, { "as_of", "2026-12-01" } } }) } };
    EXPECT_EQ(error(providers).rfind("f.json: providers[0].monthly_hours_by_family.F:", 0), 0u) << error(providers);
    json instances = json::parse(R"({"format": "gpu-planner-catalog", "version": 1, "instances": [
        {"id": "x:box", "provider": "x", "family": "box", "name": "box", "gpu": "g", "gpus": 1, "vcpus": 8,
         "memory_gib": 64, "intra_node": "pcie4", "network_gbps": 10, "source": "s", "as_of": "2026-12-01",
         "price": {"currency": "USD", "on_demand_per_hour": 1, "status": "published", "source": "s", "as_of": "2026-12-01"},
         "other_prices": [{"currency": "USD", "on_demand_per_hour": 2, "status": "published", "source": "s",
                           "as_of": "2026-12-01"}]}]})");
    EXPECT_EQ(error(instances).rfind("f.json: instances[0].other_prices[0].region:", 0), 0u) << error(instances);
}

TEST(CatalogValidation, GpuWithoutAnyTflopsFigureWarns)
{
    gp::Catalog catalog;
    gp::GpuSpec silent;
    silent.id = "mystery-gpu";
    silent.gpuClass = "datacenter-hbm"; // a known class and architecture: only the missing figure warns
    silent.architecture = "hopper";
    catalog.gpus.push_back(silent);
    gp::GpuSpec known = silent;
    known.id = "fp32-only";
    known.tflops.fp32 = 19.5;
    catalog.gpus.push_back(known);
    const gp::Diagnostics warnings = gp::catalogWarnings(catalog);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0].code, "gpu_no_tflops");
    EXPECT_EQ(warnings[0].arg("gpu"), "mystery-gpu");
    EXPECT_TRUE(gp::catalogWarnings(gp::builtinCatalog()).empty());
}

TEST(CatalogContents, NoCatalogTextSaysSeedOrNamesARepositoryPath)
{
    // The product speaks to its users: no "seed" and no repository path (shared/seeds/001) anywhere in the
    // catalog's files, ids included; the two Tencent guides are cited by their published titles.
    int files = 0;
    for (const auto& file : gp::embeddedFiles()) {
        if (file.path.rfind("catalog/", 0) != 0)
            continue;
        ++files;
        std::string lower(file.data);
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        EXPECT_EQ(lower.find("seed"), std::string::npos) << file.path;
        EXPECT_EQ(lower.find("shared/"), std::string::npos) << file.path;
    }
    EXPECT_GE(files, 8);
    const auto& guide = catalog().sources.at("tencent-guide-gpu-selection");
    EXPECT_NE(guide.title.find("GPU服务器选型：大模型训练用A100还是V100？如何配置高性价比实例？"), std::string::npos);
    EXPECT_NE(catalog().sources.at("tencent-guide-ai-training").title.find("AI训练选什么GPU型号性价比高？"),
        std::string::npos);
}

TEST(Catalog2026, CatalogListJsonShowsFp4ProvidersRegionsAndTheTencentList)
{
    std::istringstream in;
    std::ostringstream out;
    std::ostringstream err;
    ASSERT_EQ(gp::runCli({ "catalog", "list", "--format", "json" }, in, out, err), gp::ExitOk) << err.str();
    const json listed = json::parse(out.str());
    std::map<std::string, json> gpus;
    for (const auto& g : listed["gpus"])
        gpus[g["id"].get<std::string>()] = g;
    EXPECT_EQ(gpus.at("b200-180gb-sxm")["tflops"]["fp4"], 9000);
    EXPECT_EQ(gpus.at("mi355x-288gb")["tflops"]["fp4"], 10066);
    EXPECT_TRUE(gpus.at("h100-80gb-sxm")["tflops"]["fp4"].is_null());
    EXPECT_EQ(gpus.at("a10-24gb")["usable_memory_bytes"], 23028.0 * kMiB);
    EXPECT_GE(listed["instances"].size(), 150u);
    EXPECT_GE(listed["providers"].size(), 5u);
    for (const auto& item : listed["instances"]) {
        EXPECT_FALSE(item["price"]["region"].get<std::string>().empty()) << item["id"];
        if (item["id"] == "tencent:GT4.41XLARGE948") {
            EXPECT_EQ(item["price"]["status"], "published");
            EXPECT_EQ(item["price"]["source"], "tencent-list-price");
            EXPECT_EQ(item["price"]["monthly"], 114016);
            EXPECT_EQ(item["price"]["in_reference_region"], true);
        }
        if (item["id"] == "tencent:GN7.2XLARGE32") {
            ASSERT_EQ(item["other_prices"].size(), 1u);
            EXPECT_EQ(item["other_prices"][0]["zone"], "ap-guangzhou-3");
        }
    }
}

TEST(Catalog2026, CatalogValidateRefusesAGpuWithoutUsableTflops)
{
    // Issue 45: `catalog validate` refuses (exit 1, naming the field) a GPU the planner cannot time: no TFLOPS at
    // all, or only integer ones; loading such a file elsewhere still only warns.
    const std::string overrides = R"({"format": "gpu-planner-overrides", "version": 1, "gpus": [
        {"id": "lab-gpu", "name": "Lab GPU", "class": "datacenter-hbm", "memory_gib": 80,
         "memory_bandwidth_gbps": 2000, "tflops": {}, "pcie": "pcie4", "source": "our lab", "as_of": "2026-12-01"}]})";
    for (const char* tflops : { "\"tflops\": {}", "\"tflops\": {\"int8\": 600}" }) {
        std::istringstream in(std::string(overrides).replace(overrides.find("\"tflops\": {}"), 12, tflops));
        std::ostringstream out;
        std::ostringstream err;
        EXPECT_EQ(gp::runCli({ "catalog", "validate", "-" }, in, out, err), gp::ExitInvalidInput) << err.str();
        EXPECT_NE(err.str().find("gpus[0].tflops: GPU \"lab-gpu\" has no positive figure"), std::string::npos)
            << err.str();
        EXPECT_TRUE(out.str().empty()) << out.str();
    }
    // A figure for any one precision is enough.
    std::istringstream in2(
        std::string(overrides).replace(overrides.find("\"tflops\": {}"), 12, "\"tflops\": {\"fp32\": 19.5}"));
    std::ostringstream out2;
    std::ostringstream err2;
    EXPECT_EQ(gp::runCli({ "catalog", "validate", "-" }, in2, out2, err2), gp::ExitOk) << err2.str();
    EXPECT_EQ(err2.str().find("warning"), std::string::npos) << err2.str();
}

TEST(CatalogValidation, ArchitectureWithoutEfficiencyKeysAndUnknownClassWarn)
{
    // Issue 37 part 5: a new architecture without compute_efficiency.peak.<architecture> silently took the default
    // peak, and nothing checked a GPU's class. Both warn now; a GDDR card takes its class's peak, so its
    // architecture needs no key of its own.
    gp::Catalog catalog;
    gp::GpuSpec next;
    next.id = "next-gen";
    next.gpuClass = "datacenter-hbm";
    next.architecture = "rubin";
    next.tflops.bf16 = 2500;
    catalog.gpus.push_back(next);
    gp::GpuSpec gddr = next;
    gddr.id = "next-gddr";
    gddr.gpuClass = "datacenter-gddr";
    catalog.gpus.push_back(gddr);
    gp::GpuSpec odd = next;
    odd.id = "odd-class";
    odd.gpuClass = "workstation";
    odd.architecture = "hopper";
    catalog.gpus.push_back(odd);
    const gp::Diagnostics warnings = gp::catalogWarnings(catalog);
    std::vector<std::string> seen;
    for (const auto& w : warnings)
        seen.push_back(w.code + ":" + w.arg("gpu"));
    EXPECT_EQ(
        seen, (std::vector<std::string> { "gpu_architecture_no_efficiency:next-gen", "gpu_class_unknown:odd-class" }));
    EXPECT_TRUE(gp::catalogWarnings(gp::builtinCatalog()).empty()) << "the built-in catalog has every key";
}

TEST(GpuCapabilities, BlockScaledRecipesFollowTheCatalogsTensorFormats)
{
    // Issue 37 part 5: which FP8 recipe a GPU runs is read from its tensor_formats, not its architecture's name. A
    // Hopper-class GPU given the formats runs them; a Blackwell GPU without them falls back.
    const gp::GpuSpec* b200 = gp::builtinCatalog().findGpu("b200-180gb-sxm");
    const gp::GpuSpec* h100 = gp::builtinCatalog().findGpu("h100-80gb-sxm");
    const gp::GpuSpec* rtx5090 = gp::builtinCatalog().findGpu("rtx-5090-32gb");
    ASSERT_TRUE(b200 && h100 && rtx5090);
    EXPECT_EQ(gp::fp8RecipeOnGpu(*b200, gp::Fp8Recipe::Nvfp4), gp::Fp8Recipe::Nvfp4);
    EXPECT_EQ(gp::fp8RecipeOnGpu(*rtx5090, gp::Fp8Recipe::Nvfp4), gp::Fp8Recipe::Mxfp8);
    EXPECT_EQ(gp::fp8RecipeOnGpu(*h100, gp::Fp8Recipe::Mxfp8), gp::Fp8Recipe::Tensorwise);
    gp::GpuSpec renamed = *b200;
    renamed.architecture = "some-future-name";
    EXPECT_EQ(gp::fp8RecipeOnGpu(renamed, gp::Fp8Recipe::Nvfp4), gp::Fp8Recipe::Nvfp4) << "a name was compared";
    gp::GpuSpec withoutFormats = *b200;
    withoutFormats.tensorFormats.clear();
    EXPECT_EQ(gp::fp8RecipeOnGpu(withoutFormats, gp::Fp8Recipe::Nvfp4), gp::Fp8Recipe::Tensorwise);
    gp::GpuSpec hopperWithMx = *h100;
    hopperWithMx.tensorFormats = { "mxfp8" };
    EXPECT_EQ(gp::fp8RecipeOnGpu(hopperWithMx, gp::Fp8Recipe::Mxfp8), gp::Fp8Recipe::Mxfp8);
    // A GPU's tensor_formats takes known formats only.
    gp::Catalog parsed;
    const auto bad = gp::parseCatalogJson(R"({"format": "gpu-planner-catalog", "version": 1, "gpus": [{"id": "x",
        "name": "X", "class": "datacenter-hbm", "memory_gib": 80, "memory_bandwidth_gbps": 3000,
        "tflops": {"bf16": 900}, "pcie": "pcie5", "source": "s", "as_of": "2026-12-06",
        "tensor_formats": ["fp6"]}]})",
        "x.json", parsed);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().toString().find("tensor_formats"), std::string::npos) << bad.error().toString();
    // The names the message lists are the names the check takes (one table): each one listed reads, and the list
    // holds every format the catalog's GPUs list.
    ASSERT_EQ(bad.error().words.size(), 1u);
    ASSERT_EQ(bad.error().words.front().args.size(), 2u);
    const std::string listed = bad.error().words.front().args.front();
    EXPECT_EQ(bad.error().words.front().args.back(), "fp6");
    std::vector<std::string> names;
    for (std::size_t start = 0; start <= listed.size();) {
        const std::size_t bar = std::min(listed.find('|', start), listed.size());
        names.push_back(listed.substr(start, bar - start));
        start = bar + 1;
    }
    EXPECT_GE(names.size(), 3u) << listed;
    for (const std::string& name : names) {
        gp::Catalog one;
        const auto read = gp::parseCatalogJson(R"({"format": "gpu-planner-catalog", "version": 1, "gpus": [{"id": "x",
        "name": "X", "class": "datacenter-hbm", "memory_gib": 80, "memory_bandwidth_gbps": 3000,
        "tflops": {"bf16": 900}, "pcie": "pcie5", "source": "s", "as_of": "2026-12-06",
        "tensor_formats": [")"
                + name + R"("]}]})",
            "x.json", one);
        EXPECT_TRUE(read.ok()) << name << ": " << read.error().toString();
    }
    for (const gp::GpuSpec& gpu : gp::builtinCatalog().gpus)
        for (const std::string& format : gpu.tensorFormats)
            EXPECT_NE(std::find(names.begin(), names.end(), format), names.end()) << gpu.id << " " << format;
}
