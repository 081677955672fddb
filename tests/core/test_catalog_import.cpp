// `catalog import`: cloud listings (fixtures written from the documented shapes, tests/data/cloud) into the
// user's overrides; price sheets that name every column they use; quotes that keep their billing modes.
#include "catalog/catalog_import.h"
#include "cli/cli.h"
#include "estimate/cost/cost_model.h"
#include "estimate/estimator.h"
#include "output/results_json.h"
#include "plan/plan.h"
#include "planner/planner.h"

#include "test_cli_support.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using gp::testing::cli;
using gp::testing::CliRun;
namespace fs = std::filesystem;
using namespace gp;
using nlohmann::json;

namespace
{

std::string readFixture(const std::string& name)
{
    std::ifstream file(std::string(GP_TEST_DATA_DIR) + "/cloud/" + name, std::ios::binary);
    std::stringstream s;
    s << file.rdbuf();
    EXPECT_FALSE(s.str().empty()) << name;
    return s.str();
}

CloudImportOptions options(const std::string& file, const std::string& currency = {})
{
    CloudImportOptions o;
    o.fileName = file;
    o.date = "2026-12-01";
    o.currency = currency;
    return o;
}

CloudImportResult imported(const std::string& file, CloudImportOptions o)
{
    auto result = importCloudListing(readFixture(file), o, builtinCatalog(), CatalogOverrides {});
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().toString());
    return result.ok() ? *result : CloudImportResult {};
}

const Diagnostic* findNotice(const CloudImportResult& r, const std::string& code, const std::string& instance)
{
    for (const auto& n : r.notices)
        if (n.code == code && n.arg("instance") == instance)
            return &n;
    return nullptr;
}

std::string stockIn(const InstanceSpec& instance, const std::string& zone)
{
    for (const auto& z : instance.availability)
        if (z.zone == zone)
            return z.status;
    return "absent";
}

Catalog merged(const CloudImportResult& r)
{
    Catalog c = mergeOverrides(builtinCatalog(), r.overrides);
    for (const auto& notice : c.notices)
        EXPECT_NE(notice.rfind("overrides:", 0), 0u) << notice;
    return c;
}

// The overrides as written and read back: what the next program run sees.
Catalog mergedAfterRoundTrip(const CloudImportResult& r)
{
    auto reread = parseOverridesJson(overridesToJson(r.overrides), "overrides.json");
    EXPECT_TRUE(reread.ok()) << (reread.ok() ? "" : reread.error().toString());
    return mergeOverrides(builtinCatalog(), reread.ok() ? *reread : CatalogOverrides {});
}

fs::path scratch(const std::string& name)
{
    fs::path dir = fs::temp_directory_path() / ("gp-import-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir / name;
}

std::string slurp(const fs::path& path)
{
    std::ifstream file(path, std::ios::binary);
    std::stringstream s;
    s << file.rdbuf();
    return s.str();
}

void write(const fs::path& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

} // namespace

TEST(CatalogImport, TencentZoneConfigsGivePricesStockAndNewSizes)
{
    auto o = options("zones.json", "CNY");
    o.region = "ap-guangzhou";
    const CloudImportResult r = imported("tencent-describe-zone-instance-config-infos.json", o);
    EXPECT_EQ(r.format, "tencent DescribeZoneInstanceConfigInfos");
    const Catalog c = merged(r);

    const InstanceSpec* gn7 = c.findInstance("tencent:GN7.2XLARGE32");
    ASSERT_NE(gn7, nullptr);
    EXPECT_EQ(gn7->price.status, "quoted");
    EXPECT_EQ(gn7->price.currency, "CNY");
    EXPECT_DOUBLE_EQ(gn7->price.onDemandPerHour.value_or(0), 7.5); // "7.50", a string in the file
    EXPECT_DOUBLE_EQ(gn7->price.monthly.value_or(0), 2900.0); // PREPAID DiscountPrice "2900.00"
    EXPECT_NEAR(gn7->price.spotDiscount.value_or(0), 1 - 2.25 / 7.5, 1e-12); // SPOTPAID 2.25 against 7.50
    EXPECT_NE(gn7->price.source.find("zones.json"), std::string::npos);
    EXPECT_EQ(gn7->price.asOf, "2026-12-01");
    EXPECT_TRUE(gn7->price.keeps("reserved_discount")); // the file is silent on reserved: the catalog's stays
    EXPECT_EQ(stockIn(*gn7, "ap-guangzhou-6"), "in_stock");
    EXPECT_EQ(stockIn(*gn7, "ap-guangzhou-7"), "sold_out");
    EXPECT_EQ(stockIn(*gn7, "ap-shanghai-5"), "absent"); // another region, left out by --region

    const InstanceSpec* gt4 = c.findInstance("tencent:GT4.41XLARGE948");
    ASSERT_NE(gt4, nullptr);
    EXPECT_DOUBLE_EQ(gt4->price.onDemandPerHour.value_or(0), 120.0);
    EXPECT_EQ(stockIn(*gt4, "ap-guangzhou-6"), "limited"); // UnderStock
    EXPECT_EQ(stockIn(*gt4, "ap-guangzhou-7"), "sold_out");

    // A quarter of a T4 is never a whole GPU.
    EXPECT_EQ(c.findInstance("tencent:GN7.LARGE20"), nullptr);
    const Diagnostic* vgpu = findNotice(r, "import_fractional_gpu", "tencent:GN7.LARGE20");
    ASSERT_NE(vgpu, nullptr);
    EXPECT_EQ(vgpu->arg("gpus"), "0.25");

    // An unknown size of a known family (GN7 = T4) becomes a candidate.
    const InstanceSpec* added = c.findInstance("tencent:GN7.13XLARGE200");
    ASSERT_NE(added, nullptr);
    EXPECT_EQ(added->gpu, builtinCatalog().findInstance("tencent:GN7.2XLARGE32")->gpu);
    EXPECT_EQ(added->gpus, 3);
    EXPECT_EQ(added->vcpus, 52);
    EXPECT_DOUBLE_EQ(added->networkGbps, 13.0);
    EXPECT_DOUBLE_EQ(added->price.onDemandPerHour.value_or(0), 24.0);
    EXPECT_EQ(added->price.status, "quoted");
    EXPECT_EQ(r.added, 1);

    // An unknown family is named; a type without GPUs is simply not a candidate.
    const Diagnostic* family = findNotice(r, "import_unknown_family", "tencent:GZ9.8XLARGE64");
    ASSERT_NE(family, nullptr);
    EXPECT_EQ(family->arg("family"), "GZ9");
    EXPECT_EQ(c.findInstance("tencent:GZ9.8XLARGE64"), nullptr);
    EXPECT_EQ(c.findInstance("tencent:S5.LARGE8"), nullptr);

    // What the next run reads back is the same, and `catalog list --format json` shows the stock.
    const Catalog reread = mergedAfterRoundTrip(r);
    ASSERT_NE(reread.findInstance("tencent:GN7.13XLARGE200"), nullptr);
    EXPECT_EQ(stockIn(*reread.findInstance("tencent:GT4.41XLARGE948"), "ap-guangzhou-6"), "limited");
    const json listed = catalogToJson(reread, false, true);
    bool shown = false;
    for (const auto& i : listed["instances"])
        if (i["id"] == "tencent:GT4.41XLARGE948") {
            shown = true;
            EXPECT_EQ(i["availability"], json::parse(R"([{"zone": "ap-guangzhou-6", "status": "limited"},
                                                          {"zone": "ap-guangzhou-7", "status": "sold_out"}])"));
            EXPECT_EQ(i["price"]["status"], "quoted");
        }
    EXPECT_TRUE(shown);
}

TEST(CatalogImport, TencentFilesNeedTheirCurrencyAndAcceptTheApiWrapper)
{
    auto missing = importCloudListing(
        readFixture("tencent-describe-zone-instance-config-infos.json"), options("zones.json"), builtinCatalog(), {});
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("--currency"), std::string::npos);

    const CloudImportResult r
        = imported("tencent-describe-zone-instance-config-infos-response.json", options("wrapped.json", "USD"));
    const Catalog withQuote = merged(r); // keep the catalog alive while its instance is read
    const InstanceSpec* gt4 = withQuote.findInstance("tencent:GT4.41XLARGE948");
    ASSERT_NE(gt4, nullptr);
    EXPECT_EQ(gt4->price.currency, "USD"); // the international site
    EXPECT_DOUBLE_EQ(gt4->price.onDemandPerHour.value_or(0), 120.0);
    // The catalog's CNY monthly figure, kept in the quote's currency at the catalog's rate.
    const InstanceSpec* base = builtinCatalog().findInstance("tencent:GT4.41XLARGE948");
    if (base->price.monthly && base->price.currency == "CNY") {
        EXPECT_NEAR(
            gt4->price.monthly.value_or(0), *base->price.monthly / builtinCatalog().number("cny_per_usd", 0), 1e-6);
    }
}

TEST(CatalogImport, TencentQuoteNeedsItsInstanceAndPrepaidNeedsItsPeriod)
{
    const std::string hourly = readFixture("tencent-inquiry-price-run-instances.json");
    auto noInstance = importCloudListing(hourly, options("q.json", "CNY"), builtinCatalog(), {});
    ASSERT_FALSE(noInstance.ok());
    EXPECT_NE(noInstance.error().message.find("--instance"), std::string::npos);

    auto o = options("q.json", "CNY");
    o.instance = "GT4.41XLARGE948"; // the provider prefix may be left out
    auto quoted = importCloudListing(hourly, o, builtinCatalog(), {});
    ASSERT_TRUE(quoted.ok()) << quoted.error().toString();
    EXPECT_EQ(quoted->format, "tencent InquiryPriceRunInstances");
    const Catalog withQuoted = merged(*quoted); // keep the catalog alive while its instance is read
    const InstanceSpec* gt4 = withQuoted.findInstance("tencent:GT4.41XLARGE948");
    EXPECT_DOUBLE_EQ(gt4->price.onDemandPerHour.value_or(0), 135.0); // UnitPriceDiscount, not the list 150

    const std::string prepaid = readFixture("tencent-inquiry-price-run-instances-prepaid.json");
    auto noPeriod = importCloudListing(prepaid, o, builtinCatalog(), {});
    ASSERT_FALSE(noPeriod.ok());
    EXPECT_NE(noPeriod.error().message.find("--months"), std::string::npos);
    o.months = 3;
    auto monthly = importCloudListing(prepaid, o, builtinCatalog(), {});
    ASSERT_TRUE(monthly.ok()) << monthly.error().toString();
    EXPECT_DOUBLE_EQ(merged(*monthly).findInstance("tencent:GT4.41XLARGE948")->price.monthly.value_or(0), 81000.0 / 3);
}

TEST(CatalogImport, AwsInstanceTypesAddKnownGpusAndNameUnknownOnes)
{
    const CloudImportResult r = imported("aws-ec2-describe-instance-types.json", options("types.json"));
    const Catalog c = merged(r);
    const InstanceSpec* g6z = c.findInstance("aws:g6z.2xlarge");
    ASSERT_NE(g6z, nullptr);
    EXPECT_EQ(g6z->gpu, matchGpuName(builtinCatalog(), "L4", 22888));
    EXPECT_FALSE(g6z->gpu.empty());
    EXPECT_EQ(g6z->gpus, 1);
    EXPECT_EQ(g6z->vcpus, 8);
    EXPECT_DOUBLE_EQ(g6z->memoryBytes, 32.0 * 1024 * 1024 * 1024); // 32,768 MiB
    EXPECT_DOUBLE_EQ(g6z->networkGbps, 10.0); // PeakBandwidthInGbps
    EXPECT_FALSE(g6z->price.onDemandPerHour.has_value()); // sizes only: no price until one is imported

    const Diagnostic* slice = findNotice(r, "import_fractional_gpu", "aws:g6f.large");
    ASSERT_NE(slice, nullptr);
    EXPECT_EQ(slice->arg("gpus"), "0.125");
    EXPECT_EQ(c.findInstance("aws:g6f.large"), nullptr);
    const Diagnostic* unknown = findNotice(r, "import_unknown_gpu", "aws:g4ad.xlarge");
    ASSERT_NE(unknown, nullptr);
    EXPECT_EQ(unknown->arg("gpu"), "Radeon Pro V520");
    EXPECT_EQ(c.findInstance("aws:m5.large"), nullptr);
    EXPECT_EQ(r.added, 1); // p5.48xlarge is already in the catalog
}

TEST(CatalogImport, AwsPriceListReadsTheNestedJsonStrings)
{
    const CloudImportResult r = imported("aws-pricing-get-products.json", options("prices.json"));
    const Catalog c = merged(r);
    const InstanceSpec* p5 = c.findInstance("aws:p5.48xlarge");
    EXPECT_EQ(p5->price.currency, "USD");
    EXPECT_DOUBLE_EQ(p5->price.onDemandPerHour.value_or(0), 44.0); // Linux; the Windows SKU's 60 is left out
    EXPECT_NEAR(p5->price.reservedDiscount.value_or(0), 1 - 30.8 / 44.0, 1e-12); // 1-year No Upfront
    EXPECT_EQ(p5->price.status, "quoted");
    EXPECT_DOUBLE_EQ(c.findInstance("aws:g5.xlarge")->price.onDemandPerHour.value_or(0), 0.8);
    EXPECT_NE(findNotice(r, "import_unknown_instance", "aws:x9.unknown"), nullptr);

    const std::string two = readFixture("aws-pricing-get-products-two-regions.json");
    auto ambiguous = importCloudListing(two, options("two.json"), builtinCatalog(), {});
    ASSERT_FALSE(ambiguous.ok());
    EXPECT_NE(ambiguous.error().message.find("--region"), std::string::npos);
    auto o = options("two.json");
    o.region = "us-west-2";
    auto west = importCloudListing(two, o, builtinCatalog(), {});
    ASSERT_TRUE(west.ok());
    EXPECT_DOUBLE_EQ(merged(*west).findInstance("aws:p5.48xlarge")->price.onDemandPerHour.value_or(0), 46.0);
}

TEST(CatalogImport, AlibabaSizesStockAndPrice)
{
    const CloudImportResult sizes = imported("alibaba-ecs-describe-instance-types.json", options("types.json"));
    const Catalog c = merged(sizes);
    const InstanceSpec* added = c.findInstance("alibaba:ecs.gn7i-c99g1.2xlarge");
    ASSERT_NE(added, nullptr);
    EXPECT_EQ(added->gpu, builtinCatalog().findInstance("alibaba:ecs.gn7i-c8g1.2xlarge")->gpu);
    EXPECT_EQ(added->family, "gn7i");
    EXPECT_DOUBLE_EQ(added->networkGbps, 16.0); // 16,000,000 Kbit/s
    EXPECT_EQ(findNotice(sizes, "import_unknown_gpu", "alibaba:ecs.gn9z.8xlarge")->arg("gpu"), "NVIDIA GZ900");

    const CloudImportResult stock = imported("alibaba-ecs-describe-available-resource.json", options("stock.json"));
    const Catalog s = merged(stock);
    EXPECT_EQ(stockIn(*s.findInstance("alibaba:ecs.gn7i-c8g1.2xlarge"), "cn-hangzhou-i"), "in_stock");
    EXPECT_EQ(stockIn(*s.findInstance("alibaba:ecs.gn7i-c8g1.2xlarge"), "cn-hangzhou-j"), "sold_out");
    EXPECT_EQ(stockIn(*s.findInstance("alibaba:ecs.gn8is.2xlarge"), "cn-hangzhou-i"), "sold_out");
    EXPECT_EQ(stockIn(*s.findInstance("alibaba:ecs.gn8is.2xlarge"), "cn-hangzhou-j"), "limited");
    EXPECT_NE(findNotice(stock, "import_unknown_instance", "alibaba:ecs.gn99-unknown.2xlarge"), nullptr);

    const std::string price = readFixture("alibaba-ecs-describe-price.json");
    auto o = options("price.json");
    EXPECT_FALSE(importCloudListing(price, o, builtinCatalog(), {}).ok()); // which instance?
    o.instance = "alibaba:ecs.gn7i-c8g1.2xlarge";
    auto quoted = importCloudListing(price, o, builtinCatalog(), {});
    ASSERT_TRUE(quoted.ok()) << quoted.error().toString();
    const Catalog withPrice = merged(*quoted); // keep the catalog alive while its instance is read
    const InstanceSpec* gn7i = withPrice.findInstance("alibaba:ecs.gn7i-c8g1.2xlarge");
    EXPECT_DOUBLE_EQ(gn7i->price.onDemandPerHour.value_or(0), 5.235); // the instanceType line, without the disk
    EXPECT_EQ(gn7i->price.currency, "CNY");
    o.currency = "USD";
    auto conflict = importCloudListing(price, o, builtinCatalog(), {});
    ASSERT_FALSE(conflict.ok());
    EXPECT_NE(conflict.error().message.find("CNY"), std::string::npos);
}

TEST(CatalogImport, GpuNamesMatchByModelAndMemory)
{
    const Catalog& c = builtinCatalog();
    EXPECT_EQ(matchGpuName(c, "L4", 22888), "l4-24gb");
    EXPECT_EQ(matchGpuName(c, "NVIDIA A10", 24 * 1024), "a10-24gb");
    EXPECT_EQ(matchGpuName(c, "A10G", 22888), "a10g-24gb");
    EXPECT_EQ(matchGpuName(c, "NVIDIA A100-SXM4-80GB", 81920), "a100-80gb-sxm");
    EXPECT_EQ(matchGpuName(c, "A100", 40960), ""); // SXM4 or PCIe: not guessed
    EXPECT_EQ(matchGpuName(c, "T4", 15360), "t4-16gb");
    EXPECT_EQ(matchGpuName(c, "T4", 81920), ""); // memory contradicts the name
    EXPECT_EQ(matchGpuName(c, "Radeon Pro V520", 8192), "");
}

TEST(CatalogImport, BadFilesAreErrorsThatChangeNothing)
{
    EXPECT_FALSE(importCloudListing(readFixture("tencent-describe-zone-instance-config-infos-truncated.json"),
        options("t.json", "CNY"), builtinCatalog(), {})
                     .ok());
    auto unknown = importCloudListing(R"({"Instances": []})", options("x.json"), builtinCatalog(), {});
    ASSERT_FALSE(unknown.ok());
    EXPECT_NE(unknown.error().message.find("DescribeZoneInstanceConfigInfos"), std::string::npos);
    auto badPrice = importCloudListing(
        R"({"InstanceTypeQuotaSet": [{"Zone": "ap-guangzhou-6", "InstanceType": "GN7.2XLARGE32",
            "InstanceChargeType": "POSTPAID_BY_HOUR", "Gpu": 1, "GpuCount": 1,
            "Price": {"UnitPrice": "0x10"}}]})",
        options("x.json", "CNY"), builtinCatalog(), {});
    ASSERT_FALSE(badPrice.ok());
    EXPECT_EQ(badPrice.error().field, "InstanceTypeQuotaSet[0].Price.UnitPrice");

    // Through the CLI: a clear error, and the overrides file keeps every byte.
    const fs::path overrides = scratch("overrides.json");
    const std::string before = R"({"format": "gpu-planner-overrides", "version": 1, "_comment": "mine",
  "prices": {"tencent:GT4.4XLARGE96": {"currency": "CNY", "on_demand_per_hour": 30}}})";
    write(overrides, before);
    const CliRun run = cli({ "catalog", "import",
        std::string(GP_TEST_DATA_DIR) + "/cloud/tencent-describe-zone-instance-config-infos-truncated.json",
        "--overrides", overrides.string(), "--currency", "CNY" });
    EXPECT_EQ(run.code, 1) << run.err;
    EXPECT_NE(run.err.find("not valid JSON"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("unchanged"), std::string::npos) << run.err;
    EXPECT_EQ(slurp(overrides), before);
}

TEST(CatalogImport, CliMergesIntoTheOverridesFileKeepingWhatWasThere)
{
    const fs::path overrides = scratch("merge.json");
    write(overrides, R"({"format": "gpu-planner-overrides", "version": 1, "_comment": "team prices",
  "prices": {"tencent:GT4.4XLARGE96": {"currency": "CNY", "on_demand_per_hour": 30, "source": "sales",
                                       "as_of": "2026-11-20"}}})");
    const std::string dir = std::string(GP_TEST_DATA_DIR) + "/cloud/";
    CliRun run = cli({ "catalog", "import", dir + "tencent-describe-zone-instance-config-infos.json", "--overrides",
        overrides.string(), "--currency", "CNY", "--region", "ap-guangzhou" });
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_NE(run.err.find("GZ9"), std::string::npos); // the unknown family, named
    EXPECT_NE(run.err.find("GN7.LARGE20"), std::string::npos); // the vGPU, named
    run = cli({ "catalog", "import", dir + "aws-pricing-get-products.json", "--overrides=" + overrides.string() });
    ASSERT_EQ(run.code, 0) << run.err;

    const json written = json::parse(slurp(overrides));
    EXPECT_EQ(written["_comment"], "team prices");
    EXPECT_EQ(written["prices"]["tencent:GT4.4XLARGE96"]["on_demand_per_hour"], 30);
    EXPECT_EQ(written["prices"]["tencent:GT4.4XLARGE96"]["status"], "user");
    EXPECT_EQ(written["prices"]["aws:p5.48xlarge"]["status"], "quoted");
    EXPECT_EQ(written["prices"]["tencent:GT4.41XLARGE948"]["on_demand_per_hour"], 120.0);

    run = cli({ "catalog", "list", "--instances", "--format", "json", "--overrides", overrides.string() });
    ASSERT_EQ(run.code, 0) << run.err;
    const json listed = json::parse(run.out);
    int withStock = 0;
    for (const auto& i : listed["instances"]) {
        if (!i["availability"].empty())
            ++withStock;
        EXPECT_NE(i["id"], "tencent:GN7.LARGE20");
    }
    EXPECT_EQ(withStock, 3); // GN7.2XLARGE32, GT4.41XLARGE948, GN7.13XLARGE200
}

TEST(CatalogImport, CheaperImportedQuoteChangesTheRecommendation)
{
    auto plan = parsePlan(defaultPlanText());
    ASSERT_TRUE(plan.ok());
    auto before = searchPlan(*plan, builtinCatalog());
    ASSERT_TRUE(before.ok()) << before.error().toString();
    ASSERT_FALSE(before->candidates.empty());
    const std::string first = before->candidates.front().best.candidate;
    // The runner-up that fits, on Tencent, with a price: a quote at a tenth of its hourly price must win.
    const InstanceSpec* runnerUp = nullptr;
    for (std::size_t i = 1; i < before->candidates.size() && !runnerUp; ++i) {
        const auto& c = before->candidates[i];
        const InstanceSpec* spec = builtinCatalog().findInstance(c.best.candidate);
        if (c.fits && spec && spec->provider == "tencent" && spec->price.onDemandPerHour)
            runnerUp = spec;
    }
    ASSERT_NE(runnerUp, nullptr);
    const double quote = *runnerUp->price.onDemandPerHour / 10;
    const json listing
        = { { "InstanceTypeQuotaSet",
                { { { "Zone", "ap-guangzhou-6" }, { "InstanceType", runnerUp->name },
                    { "InstanceFamily", runnerUp->family }, { "InstanceChargeType", "POSTPAID_BY_HOUR" },
                    { "Cpu", runnerUp->vcpus }, { "Memory", 1 }, { "Gpu", runnerUp->gpus },
                    { "GpuCount", runnerUp->gpus }, { "Status", "SELL" }, { "StatusCategory", nullptr },
                    { "Price", { { "UnitPrice", std::to_string(quote) }, { "UnitPriceDiscount", nullptr } } } } } },
              { "RequestId", "r" } };
    auto imported = importCloudListing(listing.dump(), options("cheap.json", "CNY"), builtinCatalog(), {});
    ASSERT_TRUE(imported.ok()) << imported.error().toString();
    const Catalog cheaper = mergeOverrides(builtinCatalog(), imported->overrides);
    auto after = searchPlan(*plan, cheaper);
    ASSERT_TRUE(after.ok());
    EXPECT_NE(first, runnerUp->id);
    EXPECT_EQ(after->candidates.front().best.candidate, runnerUp->id);
    EXPECT_EQ(after->candidates.front().best.cost.priceStatus, "quoted");
}

// --- Price sheets and quotes (issue: misspelt columns, duplicate rows, billing modes kept) -------------------

TEST(PriceSheet, UnknownColumnsAndKeysAreErrorsNamingThem)
{
    auto misspelt = parseOverridesCsv("instance,on_demand_per_hr\ntencent:GT4.41XLARGE948,180\n", "p.csv");
    ASSERT_FALSE(misspelt.ok());
    EXPECT_NE(misspelt.error().message.find("\"on_demand_per_hr\""), std::string::npos);
    auto spaced = parseOverridesCsv("instance, on_demand_per_hour\ntencent:GT4.41XLARGE948,180\n", "p.csv");
    ASSERT_TRUE(spaced.ok()) << spaced.error().toString(); // header cells are trimmed
    EXPECT_DOUBLE_EQ(spaced->prices.at(0).second.onDemandPerHour.value_or(0), 180);
    auto key = parseOverridesJson(R"({"format": "gpu-planner-overrides", "version": 1,
        "prices": {"tencent:GT4.41XLARGE948": {"currency": "CNY", "on_demand": 180}}})",
        "o.json");
    ASSERT_FALSE(key.ok());
    EXPECT_EQ(key.error().field, "prices.tencent:GT4.41XLARGE948.on_demand");
    auto empty = parseOverridesCsv("instance,currency\ntencent:GT4.41XLARGE948,CNY\n", "p.csv");
    ASSERT_FALSE(empty.ok()); // a row with no figure would pass the catalog's price off as the user's
    EXPECT_NE(empty.error().message.find("gives no price"), std::string::npos);
}

TEST(PriceSheet, NumbersAreDecimalWithinTheJsonLimitsAndRowsAreUnique)
{
    for (const char* bad : { "0x10", "1e300", "inf", "nan", "1.5.2", "12abc", "-0x1p3" }) {
        auto r = parseOverridesCsv(
            std::string("instance,on_demand_per_hour\ntencent:GT4.41XLARGE948,") + bad + "\n", "p.csv");
        ASSERT_FALSE(r.ok()) << bad;
        EXPECT_EQ(r.error().field, "line 2.on_demand_per_hour") << bad;
    }
    EXPECT_FALSE(parseOverridesCsv("instance,spot_discount\ntencent:GT4.41XLARGE948,0.995\n", "p.csv").ok());
    EXPECT_TRUE(parseOverridesCsv("instance,on_demand_per_hour\ntencent:GT4.41XLARGE948,1.8e2\n", "p.csv").ok());
    auto twice = parseOverridesCsv(
        "instance,on_demand_per_hour\ntencent:GT4.41XLARGE948,180\naws:p5.48xlarge,40\ntencent:GT4.41XLARGE948,170\n",
        "p.csv");
    ASSERT_FALSE(twice.ok());
    EXPECT_EQ(twice.error().field, "line 4.instance");
    EXPECT_NE(twice.error().message.find("line 2"), std::string::npos);
}

TEST(PriceSheet, CsvIsRecognisedWhateverTheExtensionCase)
{
    const std::string sheet = "instance,on_demand_per_hour\ntencent:GT4.41XLARGE948,180\n";
    EXPECT_TRUE(looksLikeCsvOverrides("PRICES.CSV", sheet));
    EXPECT_TRUE(looksLikeCsvOverrides("prices.txt", sheet));
    EXPECT_FALSE(looksLikeCsvOverrides("overrides.json", "{}"));
    auto parsed = parseOverridesFile(sheet, "PRICES.CSV");
    ASSERT_TRUE(parsed.ok()) << parsed.error().toString();
    EXPECT_EQ(parsed->prices.size(), 1u);
}

TEST(QuoteBillingModes, SheetRowKeepsSpotAndReservedItGives)
{
    auto sheet = parseOverridesCsv("instance,on_demand_per_hour,spot_discount,reserved_discount\n"
                                   "tencent:GT4.41XLARGE948,180,0.5,0.3\n",
        "p.csv");
    ASSERT_TRUE(sheet.ok()) << sheet.error().toString();
    const Catalog c = mergeOverrides(builtinCatalog(), *sheet);
    Hardware hw;
    hw.price = c.findInstance("tencent:GT4.41XLARGE948")->price;
    const CostEstimate e = estimateCost(hw, 10, Billing {}, c);
    EXPECT_EQ(e.priceStatus, "user");
    EXPECT_DOUBLE_EQ(e.total(gp::BillingMode::OnDemand).value_or(0), 1800.0);
    // The quote's 30% off, for the whole 1-year term (12 x 730 h) a reservation commits to, not the run's 10 h.
    EXPECT_DOUBLE_EQ(e.total(gp::BillingMode::Reserved).value_or(0), 180 * 0.7 * 12 * 730);
    ASSERT_TRUE(e.total(gp::BillingMode::Spot).has_value()); // the quote's 50% off, plus interruptions
    EXPECT_GE(*e.total(gp::BillingMode::Spot), 180 * 0.5 * 10);
    for (const auto& m : e.modes)
        if (m.mode != gp::BillingMode::Monthly) {
            EXPECT_EQ(m.priceStatus, "user") << gp::billingModeCode(m.mode);
        }
}

TEST(QuoteBillingModes, FiguresKeptFromTheCatalogAreNeverLabelledUser)
{
    const InstanceSpec* base = builtinCatalog().findInstance("tencent:GT4.41XLARGE948");
    ASSERT_TRUE(base->price.onDemandPerHour && base->price.spotDiscount);
    // Only a monthly quote: pay-as-you-go and spot stay the catalog's, and say so.
    auto sheet = parseOverridesCsv("instance,monthly\ntencent:GT4.41XLARGE948,90000\n", "p.csv");
    ASSERT_TRUE(sheet.ok());
    const Catalog c = mergeOverrides(builtinCatalog(), *sheet);
    Hardware hw;
    hw.price = c.findInstance("tencent:GT4.41XLARGE948")->price;
    const CostEstimate e = estimateCost(hw, 10, Billing {}, c);
    EXPECT_EQ(e.priceStatus, base->price.status); // the headline pay-as-you-go figure is the catalog's
    EXPECT_DOUBLE_EQ(e.pricePerHour.value_or(0), *base->price.onDemandPerHour);
    for (const auto& m : e.modes)
        EXPECT_EQ(m.priceStatus, m.mode == gp::BillingMode::Monthly ? "user" : base->price.status)
            << gp::billingModeCode(m.mode);
    // An on-demand quote: spot applies the catalog's discount to the user's price, labelled the catalog's.
    auto hourly = parseOverridesCsv("instance,on_demand_per_hour\ntencent:GT4.41XLARGE948,180\n", "p.csv");
    const Catalog h = mergeOverrides(builtinCatalog(), *hourly);
    hw.price = h.findInstance("tencent:GT4.41XLARGE948")->price;
    const CostEstimate q = estimateCost(hw, 10, Billing {}, h);
    EXPECT_EQ(q.priceStatus, "user");
    ASSERT_TRUE(q.total(gp::BillingMode::Spot).has_value());
    for (const auto& m : q.modes)
        if (m.mode == gp::BillingMode::Spot) {
            EXPECT_EQ(m.priceStatus, base->price.status);
        }
}

TEST(OverridesFile, RewriteKeepsFieldsTheProgramDoesNotModel)
{
    const std::string text = R"({"format": "gpu-planner-overrides", "version": 1, "_comment": "keep me",
      "gpus": [{"id": "lab-gpu", "name": "Lab GPU", "class": "datacenter-hbm", "memory_gib": 80,
                "memory_bandwidth_gbps": 2000, "tflops": {"bf16": 300}, "pcie": "pcie4", "mig": "7x10GB",
                "notes": "ours", "x_vendor_id": 42, "source": "lab", "as_of": "2026"}],
      "instances": [{"id": "onprem:lab", "provider": "onprem", "gpu": "lab-gpu", "gpus": 8, "disk_iops": 50000,
                     "rack": "B7", "source": "inventory", "as_of": "2026-10",
                     "price": {"currency": "CNY", "on_demand_per_hour": 40}}],
      "prices": {"tencent:GT4.41XLARGE948": {"currency": "CNY", "on_demand_per_hour": 180, "source": "sales",
                                             "as_of": "2026-11-20", "_ticket": "Q-17"}}})";
    auto parsed = parseOverridesJson(text, "o.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().toString();
    parsed->prices.emplace_back("aws:p5.48xlarge", PriceSpec {});
    parsed->prices.back().second.currency = "USD";
    parsed->prices.back().second.onDemandPerHour = 40;
    parsed->prices.back().second.status = "user";
    const json written = json::parse(overridesToJson(*parsed));
    EXPECT_EQ(written["_comment"], "keep me");
    EXPECT_EQ(written["gpus"][0]["mig"], "7x10GB");
    EXPECT_EQ(written["gpus"][0]["notes"], "ours");
    EXPECT_EQ(written["gpus"][0]["x_vendor_id"], 42);
    EXPECT_EQ(written["instances"][0]["disk_iops"], 50000);
    EXPECT_EQ(written["instances"][0]["rack"], "B7");
    EXPECT_EQ(written["instances"][0]["source"], "inventory");
    EXPECT_EQ(written["prices"]["tencent:GT4.41XLARGE948"]["as_of"], "2026-11-20");
    EXPECT_EQ(written["prices"]["tencent:GT4.41XLARGE948"]["_ticket"], "Q-17");
    EXPECT_EQ(written["prices"]["aws:p5.48xlarge"]["on_demand_per_hour"], 40);
    EXPECT_TRUE(parseOverridesJson(written.dump(), "o.json").ok());
}

TEST(OverridesFile, EveryModelledGpuAndInstanceFieldSurvivesAWriteAndRead)
{
    // Every built-in GPU and instance written into an overrides file (as a user's copy of them would be) and read
    // back: the 4-bit rate, the driver-reported memory, the price's region and zone and the prices in other regions
    // must all come back, or a rewrite would silently drop them.
    CatalogOverrides all;
    all.gpus = builtinCatalog().gpus;
    all.instances = builtinCatalog().instances;
    const std::string text = overridesToJson(all);
    auto back = parseOverridesJson(text, "all.json");
    ASSERT_TRUE(back.ok()) << back.error().toString();
    ASSERT_EQ(back->gpus.size(), all.gpus.size());
    ASSERT_EQ(back->instances.size(), all.instances.size());
    int fp4 = 0, usable = 0, regional = 0, others = 0;
    for (std::size_t i = 0; i < all.gpus.size(); ++i) {
        const GpuSpec& a = all.gpus[i];
        const GpuSpec& b = back->gpus[i];
        SCOPED_TRACE(a.id);
        EXPECT_EQ(a.tflops.fp4, b.tflops.fp4);
        EXPECT_EQ(a.tflops.fp8, b.tflops.fp8);
        ASSERT_EQ(a.usableMemoryBytes.has_value(), b.usableMemoryBytes.has_value());
        if (a.usableMemoryBytes) {
            EXPECT_NEAR(*a.usableMemoryBytes, *b.usableMemoryBytes, 1.0);
            EXPECT_EQ(a.usableMemorySource, b.usableMemorySource);
            ++usable;
        }
        fp4 += a.tflops.fp4.has_value();
    }
    for (std::size_t i = 0; i < all.instances.size(); ++i) {
        const InstanceSpec& a = all.instances[i];
        const InstanceSpec& b = back->instances[i];
        SCOPED_TRACE(a.id);
        EXPECT_EQ(a.price.region, b.price.region);
        EXPECT_EQ(a.price.zone, b.price.zone);
        ASSERT_EQ(a.otherPrices.size(), b.otherPrices.size());
        for (std::size_t k = 0; k < a.otherPrices.size(); ++k) {
            EXPECT_EQ(a.otherPrices[k].region, b.otherPrices[k].region);
            EXPECT_EQ(a.otherPrices[k].currency, b.otherPrices[k].currency);
            EXPECT_EQ(a.otherPrices[k].onDemandPerHour, b.otherPrices[k].onDemandPerHour);
        }
        regional += !a.price.region.empty();
        others += !a.otherPrices.empty();
    }
    // The catalog has each kind, so the checks above compared something.
    EXPECT_GT(fp4, 0);
    EXPECT_GT(usable, 0);
    EXPECT_GT(regional + others, 0);
}
