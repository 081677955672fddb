// The user's price quotes: written to the overrides file, merged over the built-in catalog, read back.
#include "catalog_store.h"
#include "models/catalog_model.h"
#include "widgets/candidate_dialogs.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace gpui;

TEST(CatalogStore, PriceQuoteIsSavedMergedAndReadBack)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    const gp::Catalog& builtin = gp::builtinCatalog();
    ASSERT_FALSE(builtin.instances.empty());
    const std::string id = builtin.instances.front().id;
    {
        CatalogStore store(path);
        EXPECT_TRUE(store.loadError().isEmpty());
        QSignalSpy changed(&store, &CatalogStore::catalogChanged);
        gp::PriceSpec quote;
        quote.currency = "CNY";
        quote.onDemandPerHour = 123.45;
        quote.source = "test quote";
        quote.asOf = "2026-11-30";
        ASSERT_TRUE(store.setPrice(id, quote));
        EXPECT_EQ(changed.count(), 1);
        EXPECT_TRUE(QFile::exists(path));
        const gp::InstanceSpec* merged = store.catalog()->findInstance(id);
        ASSERT_NE(merged, nullptr);
        ASSERT_TRUE(merged->price.onDemandPerHour.has_value());
        EXPECT_DOUBLE_EQ(*merged->price.onDemandPerHour, 123.45);
        EXPECT_EQ(merged->price.status, "user");
    }
    CatalogStore reread(path);
    EXPECT_TRUE(reread.hasUserPrice(id));
    const gp::InstanceSpec* merged = reread.catalog()->findInstance(id);
    ASSERT_NE(merged, nullptr);
    EXPECT_DOUBLE_EQ(merged->price.onDemandPerHour.value_or(0), 123.45);

    ASSERT_TRUE(reread.clearPrice(id));
    EXPECT_FALSE(reread.hasUserPrice(id));
    EXPECT_EQ(
        reread.catalog()->findInstance(id)->price.onDemandPerHour, builtin.instances.front().price.onDemandPerHour);
}

TEST(CatalogStore, BrokenOverridesFileIsReportedAndIgnored)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{ not json");
    file.close();
    CatalogStore store(path);
    EXPECT_FALSE(store.loadError().isEmpty());
    EXPECT_EQ(store.catalog()->instances.size(), gp::builtinCatalog().instances.size());
}

namespace
{

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

} // namespace

TEST(CatalogStore, UnreadableFileIsNeverOverwrittenButKeptAsADatedBackup)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    // One out-of-range value among the user's machines and quotes.
    const QByteArray original = R"({"format": "gpu-planner-overrides", "version": 1,
      "instances": [{"id": "onprem:lab", "provider": "onprem", "gpu": "a100-40gb-sxm", "gpus": 8}],
      "prices": {"tencent:GT4.41XLARGE948": {"currency": "CNY", "on_demand_per_hour": 180, "spot_discount": 1.0}}})";
    writeFile(path, original);
    CatalogStore store(path);
    EXPECT_TRUE(store.loadError().contains(QStringLiteral("spot_discount")));
    EXPECT_EQ(readAll(path), original); // reading leaves it alone
    const QString planned = store.plannedBackupPath();
    EXPECT_TRUE(planned.contains(QStringLiteral("overrides.unreadable-")));

    gp::PriceSpec quote;
    quote.onDemandPerHour = 170;
    ASSERT_TRUE(store.setPrice("tencent:GT4.4XLARGE96", quote));
    ASSERT_FALSE(store.backupPath().isEmpty());
    EXPECT_EQ(readAll(store.backupPath()), original); // every byte of the user's file survives
    CatalogStore reread(path);
    EXPECT_TRUE(reread.loadError().isEmpty());
    EXPECT_TRUE(reread.hasUserPrice("tencent:GT4.4XLARGE96"));
}

TEST(CatalogStore, RewriteKeepsFieldsItDoesNotModel)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    writeFile(path, R"({"format": "gpu-planner-overrides", "version": 1, "_comment": "team prices",
      "gpus": [{"id": "lab-gpu", "name": "Lab GPU", "class": "datacenter-hbm", "memory_gib": 80,
                "memory_bandwidth_gbps": 2000, "tflops": {"bf16": 300}, "pcie": "pcie4", "mig": "7x10GB",
                "notes": "ours", "source": "lab", "as_of": "2026"}],
      "instances": [{"id": "onprem:lab", "provider": "onprem", "gpu": "lab-gpu", "gpus": 8, "disk_iops": 50000,
                     "source": "inventory", "as_of": "2026-10"}]})");
    CatalogStore store(path);
    ASSERT_TRUE(store.loadError().isEmpty()) << store.loadError().toStdString();
    gp::PriceSpec quote;
    quote.onDemandPerHour = 170;
    ASSERT_TRUE(store.setPrice("tencent:GT4.4XLARGE96", quote));
    const QByteArray written = readAll(path);
    for (const char* kept : { "\"_comment\"", "\"7x10GB\"", "\"ours\"", "\"disk_iops\"", "\"inventory\"", "2026-10" })
        EXPECT_TRUE(written.contains(kept)) << kept;
}

TEST(CatalogStore, QuoteEditsAndImportsAreUndoable)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("overrides.json"));
    QUndoStack undo;
    CatalogStore store(path);
    store.setUndoStack(&undo);
    const std::string id = "tencent:GT4.41XLARGE948";
    const auto catalogPrice = gp::builtinCatalog().findInstance(id)->price.onDemandPerHour;
    gp::PriceSpec quote;
    quote.onDemandPerHour = 150;
    quote.spotDiscount = 0.5;
    ASSERT_TRUE(store.setPrice(id, quote));
    EXPECT_EQ(undo.count(), 1);
    EXPECT_DOUBLE_EQ(store.catalog()->findInstance(id)->price.onDemandPerHour.value_or(0), 150);
    undo.undo();
    EXPECT_FALSE(store.hasUserPrice(id));
    EXPECT_EQ(store.catalog()->findInstance(id)->price.onDemandPerHour, catalogPrice);
    EXPECT_FALSE(CatalogStore(path).hasUserPrice(id)); // the file too
    undo.redo();
    EXPECT_TRUE(CatalogStore(path).hasUserPrice(id));

    gp::CloudImportOptions options;
    options.currency = "CNY";
    auto imported = store.importCloudListing(
        QStringLiteral(GP_TEST_DATA_DIR "/cloud/tencent-describe-zone-instance-config-infos.json"), options);
    ASSERT_TRUE(imported.ok()) << imported.error().toString();
    EXPECT_EQ(store.catalog()->findInstance(id)->price.status, "quoted");
    EXPECT_NE(store.catalog()->findInstance("tencent:GN7.13XLARGE200"), nullptr);
    undo.undo();
    EXPECT_EQ(store.catalog()->findInstance("tencent:GN7.13XLARGE200"), nullptr);
    EXPECT_EQ(store.catalog()->findInstance(id)->price.status, "user");
}

TEST(PriceDialog, OkWithoutChangesKeepsTheExactPriceAndAddsNoCatalogFigure)
{
    const gp::InstanceSpec* gt4 = gp::builtinCatalog().findInstance("tencent:GT4.41XLARGE948");
    ASSERT_NE(gt4, nullptr);
    // A user's quote with three decimals and a spot discount; reserved is the catalog's.
    gp::CatalogOverrides overrides;
    gp::PriceSpec quote;
    quote.currency = gt4->price.currency;
    quote.onDemandPerHour = 289.614;
    quote.spotDiscount = 0.55;
    quote.status = "user";
    overrides.prices.emplace_back(gt4->id, quote);
    const gp::Catalog merged = gp::mergeOverrides(gp::builtinCatalog(), overrides);
    PriceDialog dialog(*merged.findInstance(gt4->id), true);
    const gp::PriceSpec unchanged = dialog.price();
    EXPECT_EQ(unchanged.onDemandPerHour, std::optional<double>(289.614)); // not 289.61
    EXPECT_EQ(unchanged.spotDiscount, std::optional<double>(0.55));
    EXPECT_FALSE(unchanged.reservedDiscount.has_value()); // still the catalog's, never labelled the user's
    EXPECT_FALSE(unchanged.monthly.has_value());

    dialog.reservedEditor()->setValue(30);
    dialog.spotKindEditor()->setCurrentIndex(1); // a spot price per hour instead of a discount
    dialog.spotEditor()->setValue(100);
    const gp::PriceSpec edited = dialog.price();
    EXPECT_DOUBLE_EQ(edited.reservedDiscount.value_or(0), 0.30);
    EXPECT_NEAR(edited.spotDiscount.value_or(0), 1 - 100 / 289.614, 1e-4);
}

TEST(CatalogModel, ShowsImportedStockAndHidesSoldOutSizes)
{
    QTemporaryDir dir;
    CatalogStore store(dir.filePath(QStringLiteral("overrides.json")));
    gp::CloudImportOptions options;
    options.currency = "CNY";
    options.region = "ap-guangzhou";
    ASSERT_TRUE(store.importCloudListing(
        QStringLiteral(GP_TEST_DATA_DIR "/cloud/tencent-describe-zone-instance-config-infos.json"), options));
    // Sold out in the only zone listed: a made-up record for one more size.
    gp::CatalogOverrides overrides = store.overrides();
    overrides.availability.emplace_back(
        "tencent:GN7.5XLARGE80", std::vector<gp::ZoneStock> { { "ap-guangzhou-6", "sold_out" } });
    ASSERT_TRUE(store.restore(store.overrides(), overrides));
    CatalogModel model;
    model.setCatalog(store.catalog());
    CatalogFilterModel filter;
    filter.setSourceModel(&model);
    auto rowOf = [&](const QString& name) {
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, CatalogModel::Instance).data().toString() == name)
                return r;
        return -1;
    };
    const int gt4 = rowOf(QStringLiteral("GT4.41XLARGE948"));
    const int soldOut = rowOf(QStringLiteral("GN7.5XLARGE80"));
    ASSERT_GE(gt4, 0);
    ASSERT_GE(soldOut, 0);
    EXPECT_TRUE(model.index(gt4, CatalogModel::Stock).data().toString().contains(QLatin1Char('1')));
    EXPECT_FALSE(model.index(gt4, CatalogModel::Stock).data(CatalogModel::SoldOutRole).toBool());
    EXPECT_TRUE(model.index(soldOut, CatalogModel::Stock).data(CatalogModel::SoldOutRole).toBool());
    const int all = filter.rowCount();
    filter.setHideSoldOut(true);
    EXPECT_EQ(filter.rowCount(), all - 1);
    EXPECT_EQ(rowOf(QStringLiteral("GN7.LARGE20")), -1); // a vGPU slice is never listed
}
