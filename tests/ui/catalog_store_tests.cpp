// The user's price quotes: written to the overrides file, merged over the built-in catalog, read back.
#include "catalog_store.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

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
    EXPECT_EQ(reread.catalog()->findInstance(id)->price.onDemandPerHour, builtin.instances.front().price.onDemandPerHour);
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
