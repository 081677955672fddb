// Cost under each billing mode, curves, break-even, spot interruptions and currency conversion, checked by hand.
#include "estimate/cost/cost_model.h"

#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <limits>

using namespace gp;
using namespace gp::testing;

namespace
{

Hardware priced(double perHour, std::optional<double> monthly = std::nullopt, int nodes = 1)
{
    Hardware hw;
    hw.id = "test:box";
    hw.nodes = nodes;
    hw.price.currency = "CNY";
    hw.price.onDemandPerHour = perHour;
    hw.price.monthly = monthly;
    hw.price.spotDiscount = 0.6;
    hw.price.reservedDiscount = 0.4;
    hw.price.status = "published";
    hw.price.source = "test";
    return hw;
}

const BillingCost* mode(const CostEstimate& c, BillingMode billing)
{
    return c.mode(billing);
}

Catalog emptyCatalog()
{
    return Catalog {};
}

} // namespace

TEST(CostModel, OnDemandReservedAndNodes)
{
    const Catalog c = emptyCatalog();
    const CostEstimate e = estimateCost(priced(10.0, std::nullopt, 2), 100, Billing {}, c);
    EXPECT_EQ(e.priceStatus, "published");
    ASSERT_TRUE(e.total(BillingMode::OnDemand) && e.pricePerHour && e.total(BillingMode::Reserved));
    EXPECT_DOUBLE_EQ(*e.pricePerHour, 20.0); // two nodes
    EXPECT_DOUBLE_EQ(*e.total(BillingMode::OnDemand), 2000.0); // 20/h x 100 h
    // A 40% reserved-instance coupon, paid for the whole default 1-year term (12 months x 730 h), not the 100 h used.
    EXPECT_DOUBLE_EQ(*e.total(BillingMode::Reserved), 20.0 * (1 - 0.4) * 12 * 730);
    ASSERT_TRUE(e.reservedTermMonths && e.reservedUnusedHours);
    EXPECT_EQ(*e.reservedTermMonths, 12);
    EXPECT_DOUBLE_EQ(*e.reservedUnusedHours, 12 * 730 - 100.0);
    const BillingCost* od = mode(e, BillingMode::OnDemand);
    ASSERT_NE(od, nullptr);
    EXPECT_DOUBLE_EQ(od->curve.back().cost, 2000.0);
    EXPECT_NEAR(od->curve.back().days, 100.0 / 24, 1e-12);
}

TEST(CostModel, DoublingHoursDoublesCost)
{
    const Catalog c = emptyCatalog();
    Billing b;
    b.spotInterruptionsPerDay = 0.5;
    const CostEstimate a = estimateCost(priced(12.5), 40, b, c);
    const CostEstimate d = estimateCost(priced(12.5), 80, b, c);
    EXPECT_NEAR(*d.total(BillingMode::OnDemand) / *a.total(BillingMode::OnDemand), 2.0, 1e-12);
    EXPECT_NEAR(*d.total(BillingMode::Spot) / *a.total(BillingMode::Spot), 2.0, 1e-12);
    // Reserved: both runs are inside the 1-year term, so both pay the same whole term.
    EXPECT_DOUBLE_EQ(*d.total(BillingMode::Reserved), *a.total(BillingMode::Reserved));
}

TEST(CostModel, SpotWithoutInterruptionsIsDiscountedOnDemand)
{
    const Catalog c = emptyCatalog();
    Billing b;
    b.spotInterruptionsPerDay = 0;
    const CostEstimate e = estimateCost(priced(10.0), 100, b, c);
    ASSERT_TRUE(e.total(BillingMode::Spot) && e.total(BillingMode::OnDemand));
    EXPECT_DOUBLE_EQ(*e.total(BillingMode::Spot), *e.total(BillingMode::OnDemand) * (1 - 0.6));
    EXPECT_DOUBLE_EQ(e.spotExtraHours, 0);
}

TEST(CostModel, SpotInterruptionOverheadByHand)
{
    // 1 interruption per node-day, 2 nodes, checkpoints every 2 h, 30 min restart: each costs 0.5 + 1 = 1.5 h,
    // at 2/24 per hour: T = H / (1 - 1.5 x 2/24) = 100 / 0.875.
    const Catalog c = emptyCatalog();
    Billing b;
    b.spotInterruptionsPerDay = 1;
    b.checkpointIntervalHours = 2;
    b.restartMinutes = 30;
    const CostEstimate e = estimateCost(priced(10.0, std::nullopt, 2), 100, b, c);
    const double total = 100 / 0.875;
    EXPECT_NEAR(e.spotExtraHours, total - 100, 1e-9);
    EXPECT_NEAR(*e.total(BillingMode::Spot), 20 * 0.4 * total, 1e-9);
    EXPECT_NEAR(mode(e, BillingMode::Spot)->finishDays, total / 24, 1e-12);
    // Interrupted faster than it progresses: no finite spot cost.
    b.spotInterruptionsPerDay = 100;
    EXPECT_FALSE(estimateCost(priced(10.0), 100, b, c).total(BillingMode::Spot).has_value());
}

TEST(CostModel, MonthlyStepsAndBreakEven)
{
    const Catalog c = emptyCatalog(); // 30-day months by the fallback
    // 10/h pay-as-you-go vs 5000/month: a month costs as much as 20.83 days of pay-as-you-go.
    const CostEstimate e = estimateCost(priced(10.0, 5000.0), 45 * 24, Billing {}, c);
    ASSERT_TRUE(e.breakEvenDays && e.total(BillingMode::Monthly));
    EXPECT_NEAR(*e.breakEvenDays, 5000.0 / 240, 1e-12);
    EXPECT_DOUBLE_EQ(*e.total(BillingMode::Monthly), 10000.0); // 45 days = 2 whole months
    const BillingCost* m = mode(e, BillingMode::Monthly);
    ASSERT_NE(m, nullptr);
    for (std::size_t i = 1; i < m->curve.size(); ++i)
        EXPECT_GE(m->curve[i].cost, m->curve[i - 1].cost);
    // Consistent with the prices: after the break-even, a month's subscription beats running pay-as-you-go.
    EXPECT_LT(5000.0, 10.0 * 24 * (*e.breakEvenDays + 1));
    EXPECT_GT(5000.0, 10.0 * 24 * (*e.breakEvenDays - 1));
    // A monthly price above 30 days of pay-as-you-go never breaks even.
    EXPECT_FALSE(estimateCost(priced(10.0, 8000.0), 100, Billing {}, c).breakEvenDays.has_value());
}

TEST(CostModel, UnknownPriceIsNeverZero)
{
    Hardware hw;
    hw.price.onDemandPerHour.reset();
    const CostEstimate e = estimateCost(hw, 100, Billing {}, emptyCatalog());
    EXPECT_EQ(e.priceStatus, "unknown");
    EXPECT_FALSE(e.total(BillingMode::OnDemand) || e.total(BillingMode::Monthly) || e.total(BillingMode::Spot)
        || e.total(BillingMode::Reserved) || e.pricePerHour);
}

TEST(CostModel, UserPriceOverridesCatalog)
{
    Hardware hw = priced(10.0, 5000.0, 2);
    hw.userPricePerHour = 33.0;
    const CostEstimate e = estimateCost(hw, 10, Billing {}, emptyCatalog());
    EXPECT_EQ(e.priceStatus, "user");
    EXPECT_DOUBLE_EQ(*e.total(BillingMode::OnDemand), 330.0);
    EXPECT_FALSE(
        e.total(BillingMode::Spot).has_value()); // discounts belong to the catalog's price, not the user's quote
}

TEST(CostCurrency, ConversionWithPlanOrCatalogRate)
{
    const Catalog& catalog = builtinCatalog();
    Billing b;
    const double rate = catalog.number("cny_per_usd", -1);
    EXPECT_NEAR(rate, 7.0796, 1e-9); // CFETS central parity 2025-11-26, defaults-cost.json
    EXPECT_NEAR(convertCurrency(2.0, "USD", "CNY", b, catalog), 2 * rate, 1e-12);
    b.exchangeRate = 7.0;
    EXPECT_NEAR(convertCurrency(14.0, "CNY", "USD", b, catalog), 2.0, 1e-12);
    Hardware hw = priced(4.0);
    hw.price.currency = "USD";
    b.currency = "CNY";
    const CostEstimate e = estimateCost(hw, 10, b, catalog);
    EXPECT_EQ(e.currency, "CNY");
    EXPECT_NEAR(*e.total(BillingMode::OnDemand), 4 * 7.0 * 10, 1e-9);
    for (const auto& key : costDefaultKeys()) {
        if (key != "storage.cny_per_gib_month") { // no sourced disk price yet: storage stays unknown
            EXPECT_TRUE(catalog.defaults.count(key)) << key;
        }
    }
    b.storageGib = 500;
    EXPECT_FALSE(estimateCost(hw, 10, b, catalog).storage.has_value());
}

TEST(CostModel, UnknownDurationGivesPricesButNoTotals)
{
    const CostEstimate e
        = estimateCost(priced(10.0, 5000.0), std::numeric_limits<double>::infinity(), Billing {}, emptyCatalog());
    EXPECT_DOUBLE_EQ(*e.pricePerHour, 10.0);
    EXPECT_TRUE(e.breakEvenDays.has_value());
    EXPECT_FALSE(e.total(BillingMode::OnDemand) || e.total(BillingMode::Monthly) || e.total(BillingMode::Spot)
        || e.total(BillingMode::Reserved));
    const CostEstimate nan = estimateCost(priced(10.0), std::nan(""), Billing {}, emptyCatalog());
    EXPECT_FALSE(nan.total(BillingMode::OnDemand).has_value());
}
