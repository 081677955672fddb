// Cost to finish under each billing mode the catalog prices, cost-vs-days curves, pay-as-you-go vs monthly
// break-even, and spot's expected interruption overhead (restart + half a checkpoint interval of lost work each
// time, the expected loss for interruptions uniform in time).
#include "estimate/cost/cost_model.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

constexpr int kMaxCurvePoints = 400;

bool usable(const std::optional<double>& v)
{
    return v && std::isfinite(*v) && *v >= 0;
}

double daysPerMonth(const Catalog& catalog)
{
    const double v = catalog.number("billing.days_per_month", 30);
    return std::isfinite(v) && v >= 1 ? v : 30;
}

std::vector<CostPoint> linearCurve(double perDay, double days)
{
    return {{0, 0}, {days, perDay * days}};
}

// Monthly subscription: a whole month is paid at the start of each month used.
std::vector<CostPoint> monthlyCurve(double perMonth, double days, double monthDays)
{
    std::vector<CostPoint> curve;
    const double months = std::ceil(days / monthDays - 1e-9);
    const int steps = static_cast<int>(std::min<double>(months, kMaxCurvePoints / 2));
    for (int m = 0; m < steps; ++m) {
        const double start = m * monthDays;
        curve.push_back({start, perMonth * m});
        curve.push_back({start, perMonth * (m + 1)});
    }
    curve.push_back({days, perMonth * std::max(1.0, months)});
    return curve;
}

} // namespace

double convertCurrency(double amount, const std::string& from, const std::string& to, const Billing& billing,
                       const Catalog& catalog)
{
    if (from == to || !std::isfinite(amount))
        return amount;
    double rate = catalog.number("cny_per_usd", 7.0796);
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
        "spot.interruptions_per_node_day",
        "spot.checkpoint_interval_hours",
        "spot.restart_minutes",
        "storage.cny_per_gib_month",
    };
    return keys;
}

CostEstimate estimateCost(const Hardware& hw, double hours, const Billing& billing, const Catalog& catalog)
{
    CostEstimate c;
    c.currency = billing.currency.empty() ? "CNY" : billing.currency;
    const double runHours = std::isfinite(hours) && hours > 0 ? hours : 0.0; // checked again below
    const double days = runHours / 24.0;
    const double nodes = std::max(1, hw.nodes);
    const double monthDays = daysPerMonth(catalog);
    auto convert = [&](double amount) {
        return convertCurrency(amount, hw.price.currency, c.currency, billing, catalog);
    };

    std::optional<double> perHour; // whole candidate, plan currency
    std::optional<double> perMonth;
    if (hw.userPricePerHour && std::isfinite(*hw.userPricePerHour) && *hw.userPricePerHour >= 0) {
        perHour = *hw.userPricePerHour;
        c.priceStatus = "user";
        c.priceSource = "plan";
    } else {
        if (usable(hw.price.onDemandPerHour))
            perHour = convert(*hw.price.onDemandPerHour * nodes);
        if (usable(hw.price.monthly))
            perMonth = convert(*hw.price.monthly * nodes);
        if (perHour && !std::isfinite(*perHour))
            perHour.reset();
        if (perMonth && !std::isfinite(*perMonth))
            perMonth.reset();
        c.priceStatus = (perHour || perMonth) ? (hw.price.status.empty() ? "estimate" : hw.price.status) : "unknown";
        c.priceSource = hw.price.source;
    }
    if (!perHour && !perMonth) {
        c.priceStatus = "unknown";
        return c;
    }
    c.pricePerHour = perHour;
    if (perHour && perMonth && *perHour > 0 && *perMonth / (*perHour * 24) <= monthDays)
        c.breakEvenDays = *perMonth / (*perHour * 24); // a month costs as much as this many days of pay-as-you-go
    if (!std::isfinite(hours) || hours < 0)
        return c; // unknown duration: prices only, no totals (never a cost of 0 for a run that cannot finish)

    if (perHour) {
        BillingCost onDemand{"on_demand", *perHour * runHours, linearCurve(*perHour * 24, days), days};
        c.onDemand = onDemand.total;
        c.modes.push_back(onDemand);

        if (c.priceStatus != "user" && usable(hw.price.reservedDiscount) && *hw.price.reservedDiscount < 1) {
            const double rate = *perHour * (1 - *hw.price.reservedDiscount);
            BillingCost reserved{"reserved", rate * runHours, linearCurve(rate * 24, days), days};
            c.reserved = reserved.total;
            c.modes.push_back(reserved);
        }

        if (c.priceStatus != "user" && usable(hw.price.spotDiscount) && *hw.price.spotDiscount < 1) {
            const double rate = *perHour * (1 - *hw.price.spotDiscount);
            double perDay = catalog.number("spot.interruptions_per_node_day", 0.0067);
            if (billing.spotInterruptionsPerDay && std::isfinite(*billing.spotInterruptionsPerDay))
                perDay = *billing.spotInterruptionsPerDay;
            double interval = catalog.number("spot.checkpoint_interval_hours", 1.0);
            if (billing.checkpointIntervalHours && std::isfinite(*billing.checkpointIntervalHours))
                interval = *billing.checkpointIntervalHours;
            double restart = catalog.number("spot.restart_minutes", 15.0);
            if (billing.restartMinutes && std::isfinite(*billing.restartMinutes))
                restart = *billing.restartMinutes;
            // Each node can be reclaimed; any reclaim stops the whole job.
            const double perHourRate = std::max(0.0, perDay) * nodes / 24.0;
            const double lost = std::max(0.0, restart) / 60.0 + std::max(0.0, interval) / 2.0;
            // Time T satisfies T = hours + rate * T * lost, interruptions falling in the extra time too.
            const double busy = perHourRate * lost;
            if (busy < 1) {
                const double total = runHours / (1 - busy);
                c.spotExtraHours = total - runHours;
                BillingCost spot{"spot", rate * total, linearCurve(rate * 24, total / 24), total / 24};
                c.spot = spot.total;
                c.modes.push_back(spot);
            }
            // Otherwise interruptions come faster than the job makes progress: spot never finishes (no spot mode;
            // every reported figure stays finite).
        }
    }
    if (perMonth) {
        const double months = std::max(1.0, std::ceil(days / monthDays - 1e-9));
        BillingCost monthly{"monthly", *perMonth * months, monthlyCurve(*perMonth, days, monthDays), days};
        c.monthly = monthly.total;
        c.modes.push_back(monthly);
    }

    if (billing.storageGib && std::isfinite(*billing.storageGib) && *billing.storageGib > 0) {
        const double price = catalog.number("storage.cny_per_gib_month", -1);
        if (price >= 0) {
            const double cost = convertCurrency(price * *billing.storageGib * std::max(days, 0.0) / monthDays, "CNY",
                                                c.currency, billing, catalog);
            if (std::isfinite(cost))
                c.storage = cost;
        }
    }
    return c;
}

} // namespace gp
