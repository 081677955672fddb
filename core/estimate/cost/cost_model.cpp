// Cost to finish under each billing mode the catalog prices, cost-vs-days curves, pay-as-you-go vs monthly
// break-even, and spot's expected interruption overhead (restart + half a checkpoint interval of lost work each
// time, the expected loss for interruptions uniform in time). A reservation (预留实例券, RI, savings plan) is a
// commitment: its whole term is paid at the discounted rate whether the run uses it or not.
#include "estimate/cost/cost_model.h"

#include "plan/billing_modes.h"
#include "plan/limits.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gp
{

namespace
{

constexpr int kMaxCurvePoints = 400;

// A cost default (defaults-cost.json, with its source): from the catalog in use, else the built-in catalog's (a
// user catalog may leave it out). There is no literal here: a value missing from both is NaN, never a made-up number.
double costDefault(const Catalog& catalog, std::string_view key)
{
    const double builtin = builtinCatalog().number(key, std::numeric_limits<double>::quiet_NaN());
    return &catalog == &builtinCatalog() ? builtin : catalog.number(key, builtin); // one lookup in the built-in one
}

bool usable(const std::optional<double>& v)
{
    return v && std::isfinite(*v) && *v >= 0;
}

double daysPerMonth(const Catalog& catalog)
{
    const double v = costDefault(catalog, "billing.days_per_month");
    return std::isfinite(v) && v >= 1 ? v : std::numeric_limits<double>::quiet_NaN();
}

std::vector<CostPoint> linearCurve(double perDay, double days)
{
    return { { 0, 0 }, { days, perDay * days } };
}

// Monthly subscription: a whole month is paid at the start of each month used.
std::vector<CostPoint> monthlyCurve(double perMonth, double days, double monthDays)
{
    std::vector<CostPoint> curve;
    const double months = monthsBilled(days, monthDays);
    const int steps = static_cast<int>(std::min<double>(months, kMaxCurvePoints / 2));
    for (int m = 0; m < steps; ++m) {
        const double start = m * monthDays;
        curve.push_back({ start, perMonth * m });
        curve.push_back({ start, perMonth * (m + 1) });
    }
    curve.push_back({ days, perMonth * months });
    return curve;
}

// Reserved: the commitment is owed from the day it is signed, so the curve jumps to it at day 0 and stays flat;
// a run longer than the term goes on at the reserved rate past the term's end.
std::vector<CostPoint> reservedCurve(const BillingRate& rate, double days)
{
    const double committed = rate.perHour * rate.committedHours;
    const double termDays = rate.committedHours / 24.0;
    std::vector<CostPoint> curve = { { 0, 0 }, { 0, committed } };
    if (days > termDays) {
        curve.push_back({ termDays, committed });
        curve.push_back({ days, rate.perHour * days * 24.0 });
    } else {
        curve.push_back({ days, committed });
    }
    return curve;
}

// A positive whole number of months, else 0.
int wholeMonths(double months)
{
    return std::isfinite(months) && months >= 1 && months == std::floor(months) && months <= 1200 ? int(months) : 0;
}

} // namespace

int quotedReservedTermMonths(const Catalog& catalog)
{
    return wholeMonths(costDefault(catalog, "billing.reserved_term_months"));
}

int reservedTermMonths(const Billing& billing, const Catalog& catalog)
{
    if (billing.reservedTermMonths && *billing.reservedTermMonths >= 1)
        return *billing.reservedTermMonths;
    return quotedReservedTermMonths(catalog);
}

double reservedTermHours(int months, const Catalog& catalog)
{
    const double perMonth = costDefault(catalog, "billing.reserved_term_hours_per_month");
    if (months < 1 || !std::isfinite(perMonth) || perMonth <= 0)
        return std::numeric_limits<double>::quiet_NaN();
    return months * perMonth;
}

double monthsBilled(double days, double monthDays)
{
    return std::max(1.0, std::ceil(days / monthDays - 1e-9));
}

double billedCost(const BillingRate& rate, double workHours, double monthDays)
{
    if (!std::isfinite(workHours) || workHours < 0)
        return std::numeric_limits<double>::infinity();
    if (billingModeSpec(rate.mode).pricing == BillingPricing::WholeMonths)
        return rate.perMonth * monthsBilled(workHours / 24.0, monthDays);
    // A reservation's term is paid whether used or not: the committed hours are the floor.
    return rate.perHour * std::max(workHours * rate.timeFactor, rate.committedHours);
}

double billedMonth(const BillingRate& rate, double workHours, double monthDays)
{
    if (billingModeSpec(rate.mode).pricing == BillingPricing::TermCommitment && std::isfinite(workHours)
        && workHours >= 0)
        return rate.perHour * std::max(workHours, monthDays * 24.0);
    return billedCost(rate, workHours, monthDays);
}

double convertCurrency(
    double amount, const std::string& from, const std::string& to, const Billing& billing, const Catalog& catalog)
{
    if (from == to || !std::isfinite(amount))
        return amount;
    double rate = costDefault(catalog, "cny_per_usd");
    if (billing.exchangeRate && std::isfinite(*billing.exchangeRate) && *billing.exchangeRate > 0)
        rate = *billing.exchangeRate;
    if (!(rate > 0) || !std::isfinite(rate))
        return NAN;
    if (from == "USD" && to == "CNY")
        return amount * rate;
    if (from == "CNY" && to == "USD")
        return amount / rate;
    return NAN; // unknown currency pair
}

const std::vector<std::string>& costDefaultKeys()
{
    static const std::vector<std::string> keys = {
        "cny_per_usd",
        "billing.days_per_month",
        "billing.reserved_term_months",
        "billing.reserved_term_hours_per_month",
        "spot.interruptions_per_node_day",
        "spot.checkpoint_interval_hours",
        "spot.restart_minutes",
        "storage.cny_per_gib_month",
    };
    return keys;
}

// billing.regions: the instance's price in the region the plan names for its provider, when the catalog has one
// (a user's quote always wins; without a price there the reference price stays and the estimator says so).
static const PriceSpec& regionalPrice(const Hardware& hw, const Billing& billing, const Catalog& catalog)
{
    const auto region = billing.regions.find(hw.provider);
    if (region == billing.regions.end() || hw.price.status == "user" || hw.price.status == "quoted")
        return hw.price;
    const InstanceSpec* instance = catalog.findInstance(hw.id);
    if (!instance)
        return hw.price;
    const RegionalPrice found = priceInRegion(catalog, *instance, region->second);
    return found.inRegion ? *found.price : hw.price;
}

double listPriceFactor(const PriceSpec& price, const char* figure, const Billing& billing)
{
    if (!billing.priceDiscount || !std::isfinite(*billing.priceDiscount))
        return 1.0;
    const std::string& status = price.statusOf(figure);
    if (status == "user" || status == "quoted")
        return 1.0; // a quote is what the user pays already
    return 1.0 - std::clamp(*billing.priceDiscount, 0.0, limits::kMaxPriceDiscount);
}

CostEstimate estimateCost(const Hardware& hw, double hours, const Billing& billing, const Catalog& catalog)
{
    const PriceSpec& priceSpec = regionalPrice(hw, billing, catalog);
    CostEstimate c;
    c.currency = billing.currency.empty() ? "CNY" : billing.currency;
    const double runHours = std::isfinite(hours) && hours > 0 ? hours : 0.0; // checked again below
    const double days = runHours / 24.0;
    const double nodes = std::max(1, hw.nodes);
    const double monthDays = daysPerMonth(catalog);
    auto convert
        = [&](double amount) { return convertCurrency(amount, priceSpec.currency, c.currency, billing, catalog); };

    std::optional<double> perHour; // whole candidate, plan currency
    std::optional<double> perMonth;
    const bool planPrice = hw.userPricePerHour && std::isfinite(*hw.userPricePerHour) && *hw.userPricePerHour >= 0;
    if (planPrice) {
        perHour = *hw.userPricePerHour;
        c.priceStatus = "user";
        c.priceSource = "plan";
    } else {
        if (usable(priceSpec.onDemandPerHour))
            perHour = convert(*priceSpec.onDemandPerHour * nodes * hw.priceShare
                * listPriceFactor(priceSpec, "on_demand_per_hour", billing));
        if (usable(priceSpec.monthly))
            perMonth
                = convert(*priceSpec.monthly * nodes * hw.priceShare * listPriceFactor(priceSpec, "monthly", billing));
        if (perHour && !std::isfinite(*perHour))
            perHour.reset();
        if (perMonth && !std::isfinite(*perMonth))
            perMonth.reset();
        // The headline figure's status and source: a figure kept from the catalog under a partial quote is the
        // catalog's, never the user's.
        const char* headline = perHour ? "on_demand_per_hour" : "monthly";
        const std::string& status = priceSpec.statusOf(headline);
        // No figure: "missing" when the catalog says no price was found (published nowhere), else "unknown".
        c.priceStatus = (perHour || perMonth) ? (status.empty() ? "estimate" : status)
                                              : (priceSpec.status == "missing" ? "missing" : "unknown");
        c.priceSource = priceSpec.sourceOf(headline);
    }
    // Whose figures a mode rests on: the quote's only when every one of them came from the quote (spot and reserved
    // apply their discount to the pay-as-you-go price).
    auto modeStatus = [&](BillingMode mode) {
        if (planPrice)
            return std::string("user");
        // The mode's price figure and its discount (the billing-mode table's): either kept from the catalog makes
        // the mode's cost the catalog's.
        const BillingModeSpec& spec = billingModeSpec(mode);
        const bool kept
            = priceSpec.keeps(spec.priceFigure) || (!spec.discountKey.empty() && priceSpec.keeps(spec.discountKey));
        const std::string& status = kept ? priceSpec.catalogStatus : priceSpec.status;
        return status.empty() ? std::string("estimate") : status;
    };
    if (!perHour && !perMonth) {
        c.priceStatus = !planPrice && priceSpec.status == "missing" ? "missing" : "unknown";
        return c;
    }
    // billing.price_surcharge: a share on top of every price paid, a quote's too (a support plan, a tax).
    const double surcharge = 1.0
        + (billing.priceSurcharge && std::isfinite(*billing.priceSurcharge)
                ? std::clamp(*billing.priceSurcharge, 0.0, 1.0)
                : 0.0);
    if (perHour)
        *perHour *= surcharge;
    if (perMonth)
        *perMonth *= surcharge;
    c.pricePerHour = perHour;
    if (perHour && perMonth && *perHour > 0 && *perMonth / (*perHour * 24) <= monthDays)
        c.breakEvenDays = *perMonth / (*perHour * 24); // a month costs as much as this many days of pay-as-you-go
    // What each mode charges; totals below all come from billedCost() on these rates.
    c.monthDays = monthDays;
    if (perHour) {
        c.rates.push_back(BillingRate { BillingMode::OnDemand, *perHour, 0, 1, 0, 0 });
        // A quote's discounts apply to the quote (a plan's own price_per_hour has none: the catalog's discounts are
        // for the catalog's price). Reserved pays for its whole term: without a known term there is no reserved cost.
        const int term = reservedTermMonths(billing, catalog);
        const double termHours = reservedTermHours(term, catalog);
        if (!planPrice && usable(priceSpec.reservedDiscount) && *priceSpec.reservedDiscount < 1
            && std::isfinite(termHours)) {
            c.rates.push_back(BillingRate {
                BillingMode::Reserved, *perHour * (1 - *priceSpec.reservedDiscount), 0, 1, termHours, term });
            c.reservedTermMonths = term;
        }
        if (!planPrice && usable(priceSpec.spotDiscount) && *priceSpec.spotDiscount < 1) {
            double perDay = costDefault(catalog, "spot.interruptions_per_node_day");
            if (billing.spotInterruptionsPerDay && std::isfinite(*billing.spotInterruptionsPerDay))
                perDay = *billing.spotInterruptionsPerDay;
            double interval = costDefault(catalog, "spot.checkpoint_interval_hours");
            if (billing.checkpointIntervalHours && std::isfinite(*billing.checkpointIntervalHours))
                interval = *billing.checkpointIntervalHours;
            double restart = costDefault(catalog, "spot.restart_minutes");
            if (billing.restartMinutes && std::isfinite(*billing.restartMinutes))
                restart = *billing.restartMinutes;
            // Each node can be reclaimed; any reclaim stops the whole job.
            const double perHourRate = std::max(0.0, perDay) * nodes / 24.0;
            const double lost = std::max(0.0, restart) / 60.0 + std::max(0.0, interval) / 2.0;
            // Time T satisfies T = hours + rate * T * lost, interruptions falling in the extra time too.
            const double busy = perHourRate * lost;
            // busy >= 1: interruptions come faster than the job makes progress, spot never finishes (no spot mode).
            const bool known = std::isfinite(perDay) && std::isfinite(interval) && std::isfinite(restart);
            if (known && busy < 1)
                c.rates.push_back(BillingRate {
                    BillingMode::Spot, *perHour * (1 - *priceSpec.spotDiscount), 0, 1 / (1 - busy), 0, 0 });
        }
    }
    if (perMonth)
        c.rates.push_back(BillingRate { BillingMode::Monthly, *perMonth / (monthDays * 24), *perMonth, 1, 0, 0 });
    std::stable_sort(
        c.rates.begin(), c.rates.end(), [](const BillingRate& a, const BillingRate& b) { return a.mode < b.mode; });
    if (!std::isfinite(hours) || hours < 0)
        return c; // unknown duration: prices only, no totals (never a cost of 0 for a run that cannot finish)

    for (const BillingRate& rate : c.rates) {
        const double total = billedCost(rate, runHours, monthDays);
        const double finishDays = runHours * rate.timeFactor / 24.0;
        const BillingPricing pricing = billingModeSpec(rate.mode).pricing;
        BillingCost mode { rate.mode, total,
            pricing == BillingPricing::WholeMonths          ? monthlyCurve(rate.perMonth, days, monthDays)
                : pricing == BillingPricing::TermCommitment ? reservedCurve(rate, days)
                                                            : linearCurve(rate.perHour * 24, finishDays),
            finishDays, modeStatus(rate.mode) };
        if (pricing == BillingPricing::TermCommitment)
            c.reservedUnusedHours = std::max(0.0, rate.committedHours - runHours);
        if (pricing == BillingPricing::Interruptible)
            c.spotExtraHours = runHours * rate.timeFactor - runHours;
        c.modes.push_back(std::move(mode));
    }

    if (billing.storageGib && std::isfinite(*billing.storageGib) && *billing.storageGib > 0) {
        const double price = catalog.number("storage.cny_per_gib_month", -1);
        if (price >= 0) {
            const double cost = convertCurrency(
                price * *billing.storageGib * std::max(days, 0.0) / monthDays, "CNY", c.currency, billing, catalog);
            if (std::isfinite(cost))
                c.storage = cost;
        }
    }
    // The plan's own monthly storage bill (billing.storage_per_month, plan currency), for the run's days.
    if (billing.storagePerMonth && std::isfinite(*billing.storagePerMonth) && *billing.storagePerMonth > 0)
        c.storage = c.storage.value_or(0) + *billing.storagePerMonth * std::max(days, 0.0) / monthDays;
    if (c.storage)
        *c.storage *= surcharge;
    return c;
}

} // namespace gp
