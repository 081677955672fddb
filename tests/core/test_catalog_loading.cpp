// Catalog documents: loading, validation messages that name the field, overrides and price sheets.
#include "catalog/catalog.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace
{

json loadingGpuEntry()
{
    return json::parse(R"({"id": "test-gpu", "name": "Test GPU", "class": "datacenter-hbm", "memory_gib": 80,
        "memory_bandwidth_gbps": 2039, "tflops": {"fp32": 19.5, "bf16": 312, "fp16": 312},
        "pcie": "pcie4", "source": "hand-made", "as_of": "2026-11-30"})");
}

json linkEntry()
{
    return json::parse(R"({"id": "pcie4", "name": "PCIe 4.0 x16", "kind": "pcie",
        "bandwidth_gbps_per_direction": 31.5, "achieved_fraction": 0.8, "source": "hand-made", "as_of": "2026"})");
}

json instanceEntry()
{
    return json::parse(R"({"id": "test:box.8x", "provider": "test", "family": "box", "name": "box.8x",
        "gpu": "test-gpu", "gpus": 8, "vcpus": 96, "memory_gib": 1024, "intra_node": "pcie4", "network_gbps": 100,
        "source": "hand-made", "as_of": "2026",
        "price": {"currency": "USD", "on_demand_per_hour": 20, "monthly": 9000, "spot_discount": 0.5,
                  "reserved_discount": 0.3, "status": "published", "source": "hand-made", "as_of": "2026"}})");
}

json document(json gpus, json links, json instances)
{
    return { { "format", "gpu-planner-catalog" }, { "version", 1 }, { "gpus", gpus }, { "links", links },
        { "instances", instances } };
}

gp::Expected<gp::Catalog> load(const json& doc)
{
    gp::Catalog catalog;
    auto parsed = gp::parseCatalogJson(doc.dump(), "test.json", catalog);
    if (!parsed)
        return parsed.error();
    auto valid = gp::validateCatalog(catalog);
    if (!valid)
        return valid.error();
    return catalog;
}

} // namespace

TEST(CatalogLoading, ReadsEntriesInBytes)
{
    auto catalog = load(document({ loadingGpuEntry() }, { linkEntry() }, { instanceEntry() }));
    ASSERT_TRUE(catalog.ok()) << catalog.error().toString();
    const gp::GpuSpec* gpu = catalog->findGpu("test-gpu");
    ASSERT_NE(gpu, nullptr);
    EXPECT_DOUBLE_EQ(gpu->memoryBytes, 80.0 * 1024 * 1024 * 1024);
    EXPECT_DOUBLE_EQ(gpu->tflops.bf16.value(), 312);
    EXPECT_FALSE(gpu->tflops.fp8.has_value());
    const gp::InstanceSpec* instance = catalog->findInstance("test:box.8x");
    ASSERT_NE(instance, nullptr);
    EXPECT_EQ(instance->gpus, 8);
    EXPECT_DOUBLE_EQ(instance->price.onDemandPerHour.value(), 20);
    EXPECT_EQ(instance->price.status, "published");
}

TEST(CatalogLoading, MissingFieldIsNamedWithItsPath)
{
    json gpu = loadingGpuEntry();
    gpu.erase("memory_gib");
    gp::Catalog catalog;
    auto parsed = gp::parseCatalogJson(
        document({ loadingGpuEntry(), gpu }, { linkEntry() }, json::array()).dump(), "gpus.json", catalog);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().field, "gpus[1].memory_gib");
    EXPECT_EQ(parsed.error().file, "gpus.json");
    EXPECT_EQ(parsed.error().toString(), "gpus.json: gpus[1].memory_gib: is required");
}

TEST(CatalogLoading, NegativeAndWrongTypedValuesAreRefused)
{
    json instance = instanceEntry();
    instance["price"]["on_demand_per_hour"] = -3;
    gp::Catalog catalog;
    auto parsed = gp::parseCatalogJson(
        document({ loadingGpuEntry() }, { linkEntry() }, { instance }).dump(), "instances.json", catalog);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().field, "instances[0].price.on_demand_per_hour");

    json gpu = loadingGpuEntry();
    gpu["tflops"]["bf16"] = "fast";
    gp::Catalog other;
    auto typed = gp::parseCatalogJson(document({ gpu }, { linkEntry() }, json::array()).dump(), "gpus.json", other);
    ASSERT_FALSE(typed.ok());
    EXPECT_EQ(typed.error().field, "gpus[0].tflops.bf16");
}

TEST(CatalogLoading, UnknownGpuAndDuplicateIdsAreReported)
{
    json instance = instanceEntry();
    instance["gpu"] = "no-such-gpu";
    auto unknown = load(document({ loadingGpuEntry() }, { linkEntry() }, { instance }));
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().field, "instances[0].gpu");
    EXPECT_NE(unknown.error().message.find("no-such-gpu"), std::string::npos);

    auto duplicate = load(document({ loadingGpuEntry(), loadingGpuEntry() }, { linkEntry() }, json::array()));
    ASSERT_FALSE(duplicate.ok());
    EXPECT_EQ(duplicate.error().field, "gpus[1].id");
}

TEST(CatalogLoading, NotJsonIsAClearError)
{
    gp::Catalog catalog;
    auto parsed = gp::parseCatalogJson("{\"gpus\": [", "broken.json", catalog);
    ASSERT_FALSE(parsed.ok());
    EXPECT_EQ(parsed.error().file, "broken.json");
    EXPECT_NE(parsed.error().message.find("JSON"), std::string::npos);
}

TEST(CatalogOverrides, PriceOverrideReplacesTheQuoteAndKeepsOtherModes)
{
    auto catalog = load(document({ loadingGpuEntry() }, { linkEntry() }, { instanceEntry() }));
    ASSERT_TRUE(catalog.ok());
    auto overrides = gp::parseOverridesJson(
        R"({"format": "gpu-planner-overrides", "version": 1,
            "prices": {"test:box.8x": {"currency": "USD", "on_demand_per_hour": 12.5, "source": "our quote"}}})",
        "overrides.json");
    ASSERT_TRUE(overrides.ok()) << overrides.error().toString();
    gp::Catalog merged = gp::mergeOverrides(*catalog, *overrides);
    const auto* instance = merged.findInstance("test:box.8x");
    ASSERT_NE(instance, nullptr);
    EXPECT_DOUBLE_EQ(instance->price.onDemandPerHour.value(), 12.5);
    EXPECT_EQ(instance->price.status, "user");
    EXPECT_DOUBLE_EQ(instance->price.monthly.value(), 9000) << "a partial quote keeps the catalog's monthly price";
    EXPECT_DOUBLE_EQ(catalog->findInstance("test:box.8x")->price.onDemandPerHour.value(), 20) << "base untouched";
}

TEST(CatalogOverrides, OnPremiseMachineIsAdded)
{
    auto catalog = load(document({ loadingGpuEntry() }, { linkEntry() }, json::array()));
    ASSERT_TRUE(catalog.ok());
    auto overrides = gp::parseOverridesJson(
        R"({"format": "gpu-planner-overrides", "version": 1,
            "instances": [{"id": "onprem:lab-box", "provider": "onprem", "gpu": "test-gpu", "gpus": 4,
                           "price": {"currency": "CNY", "on_demand_per_hour": 30}}]})",
        "overrides.json");
    ASSERT_TRUE(overrides.ok()) << overrides.error().toString();
    gp::Catalog merged = gp::mergeOverrides(*catalog, *overrides);
    const auto* box = merged.findInstance("onprem:lab-box");
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->gpus, 4);
    EXPECT_EQ(box->intraNode, "pcie4") << "the GPU's own link when none is given";
    EXPECT_EQ(box->price.status, "user");
}

TEST(CatalogOverrides, UnknownReferencesBecomeNoticesNotFailures)
{
    auto catalog = load(document({ loadingGpuEntry() }, { linkEntry() }, { instanceEntry() }));
    ASSERT_TRUE(catalog.ok());
    gp::CatalogOverrides overrides;
    overrides.prices.push_back({ "nowhere:x", gp::PriceSpec {} });
    gp::InstanceSpec ghost;
    ghost.id = "onprem:ghost";
    ghost.gpu = "missing-gpu";
    overrides.instances.push_back(ghost);
    gp::Catalog merged = gp::mergeOverrides(*catalog, overrides);
    ASSERT_EQ(merged.notices.size(), 2u);
    EXPECT_NE(merged.notices[0].find("missing-gpu"), std::string::npos);
    EXPECT_NE(merged.notices[1].find("nowhere:x"), std::string::npos);
    EXPECT_EQ(merged.instances.size(), catalog->instances.size());
}

TEST(CatalogOverrides, JsonRoundTrip)
{
    gp::CatalogOverrides overrides;
    gp::PriceSpec price;
    price.currency = "CNY";
    price.onDemandPerHour = 88.5;
    price.status = "user";
    price.source = "quote 2026-11";
    overrides.prices.push_back({ "test:box.8x", price });
    auto reread = gp::parseOverridesJson(gp::overridesToJson(overrides), "overrides.json");
    ASSERT_TRUE(reread.ok()) << reread.error().toString();
    ASSERT_EQ(reread->prices.size(), 1u);
    EXPECT_EQ(reread->prices[0].first, "test:box.8x");
    EXPECT_DOUBLE_EQ(reread->prices[0].second.onDemandPerHour.value(), 88.5);
    EXPECT_EQ(reread->prices[0].second.source, "quote 2026-11");
}

TEST(CatalogOverrides, CsvPriceSheet)
{
    const char* sheet = "\xEF\xBB\xBFinstance,currency,on_demand_per_hour,monthly,spot_discount,source\r\n"
                        "test:box.8x,CNY,99.5,50000,0.4,\"quote, November\"\r\n";
    auto overrides = gp::parseOverridesCsv(sheet, "prices.csv");
    ASSERT_TRUE(overrides.ok()) << overrides.error().toString();
    ASSERT_EQ(overrides->prices.size(), 1u);
    const auto& price = overrides->prices[0].second;
    EXPECT_DOUBLE_EQ(price.onDemandPerHour.value(), 99.5);
    EXPECT_DOUBLE_EQ(price.monthly.value(), 50000);
    EXPECT_DOUBLE_EQ(price.spotDiscount.value(), 0.4);
    EXPECT_EQ(price.source, "quote, November");
}

TEST(CatalogOverrides, CsvErrorsNameLineAndColumn)
{
    auto bad = gp::parseOverridesCsv("instance,on_demand_per_hour\nx:y,cheap\n", "prices.csv");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "line 2.on_demand_per_hour");
    auto negative = gp::parseOverridesCsv("instance,monthly\nx:y,-1\n", "prices.csv");
    ASSERT_FALSE(negative.ok());
    EXPECT_EQ(negative.error().field, "line 2.monthly");
    auto noColumn = gp::parseOverridesCsv("id,price\nx,1\n", "prices.csv");
    ASSERT_FALSE(noColumn.ok());
    EXPECT_NE(noColumn.error().message.find("instance"), std::string::npos);
    auto unclosed = gp::parseOverridesCsv("instance,source\nx:y,\"open\n", "prices.csv");
    ASSERT_FALSE(unclosed.ok());
}
