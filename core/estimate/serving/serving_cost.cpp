// $ per 1M tokens = $ per hour / (tokens per second x 3600) x 1e6 (kubernetes-sigs/inference-perf #139, citing
// NVIDIA's TCO method); the bill of a run under each mode is billedCost (estimate/cost/cost_model.cpp).
#include "estimate/serving/serving_cost.h"

#include "estimate/cost/cost_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gp
{

void priceServing(ServingResult& r, const std::vector<BillingRate>& rates, const Billing& billing,
    const ServingSpec& spec, double monthDays)
{
    const BillingRate* cheapest = nullptr;
    const BillingRate* onDemand = nullptr;
    const BillingRate* monthly = nullptr;
    auto hourly = [](const BillingRate& rate) { return rate.perHour * std::max(1.0, rate.timeFactor); };
    for (const BillingRate& rate : rates) {
        if (!billing.allows(rate.mode) || !std::isfinite(rate.perHour) || rate.perHour < 0)
            continue;
        if (!cheapest || hourly(rate) < hourly(*cheapest))
            cheapest = &rate;
        // The break-even compares the pay-as-you-go hour with the whole month (the table's Hourly and WholeMonths).
        if (billingModeSpec(rate.mode).pricing == BillingPricing::Hourly)
            onDemand = &rate;
        if (billingModeSpec(rate.mode).pricing == BillingPricing::WholeMonths)
            monthly = &rate;
    }
    if (!cheapest)
        return;
    r.billingMode = cheapest->mode;
    r.pricePerHour = hourly(*cheapest);
    const double outputPerHour = r.totalOutputTokensPerSecond * 3600.0;
    const double tokensPerRequest = double(spec.promptTokens + spec.outputTokens);
    const double tokensPerHour = r.totalRequestsPerSecond * tokensPerRequest * 3600.0;
    if (outputPerHour > 0 && std::isfinite(outputPerHour))
        r.costPerMillionOutputTokens = *r.pricePerHour / outputPerHour * 1e6;
    if (tokensPerHour > 0 && std::isfinite(tokensPerHour))
        r.costPerMillionTokens = *r.pricePerHour / tokensPerHour * 1e6;

    // The month's bill: the hours of serving the month's requests, or always on (a reservation pays the whole month).
    const double monthHours = monthDays * 24.0;
    double hours = monthHours;
    if (spec.requestsPerMonth && r.totalRequestsPerSecond > 0)
        hours = *spec.requestsPerMonth / r.totalRequestsPerSecond / 3600.0;
    double best = std::numeric_limits<double>::infinity();
    for (const BillingRate& rate : rates) {
        if (!billing.allows(rate.mode) || !std::isfinite(rate.perHour) || rate.perHour < 0)
            continue;
        const double cost = billedMonth(rate, hours, monthDays);
        if (cost < best) {
            best = cost;
            r.monthlyBillingMode = rate.mode;
        }
    }
    if (std::isfinite(best))
        r.monthlyCost = best;
    if (onDemand && monthly && onDemand->perHour > 0 && monthly->perMonth > 0)
        r.breakEvenHoursPerMonth = monthly->perMonth / onDemand->perHour;
}

std::vector<BillingRate> combinedRates(const std::vector<BillingRate>& a, const std::vector<BillingRate>& b)
{
    std::vector<BillingRate> out;
    for (const BillingRate& x : a) {
        const auto y = std::find_if(b.begin(), b.end(), [&](const BillingRate& r) { return r.mode == x.mode; });
        if (y == b.end())
            continue;
        BillingRate sum = x;
        sum.perHour = x.perHour + y->perHour;
        sum.perMonth = x.perMonth + y->perMonth;
        sum.timeFactor = std::max(x.timeFactor, y->timeFactor);
        sum.committedHours = std::max(x.committedHours, y->committedHours);
        sum.termMonths = std::max(x.termMonths, y->termMonths);
        out.push_back(sum);
    }
    return out;
}

void addPoolCost(CostEstimate& into, const CostEstimate& other)
{
    into.pricePerHour = into.pricePerHour && other.pricePerHour
        ? std::optional<double>(*into.pricePerHour + *other.pricePerHour)
        : std::nullopt;
    into.rates = combinedRates(into.rates, other.rates);
    std::vector<BillingCost> modes;
    for (const BillingCost& m : into.modes) {
        const BillingCost* o = other.mode(m.mode);
        if (!o || !m.total || !o->total)
            continue;
        BillingCost sum = m;
        sum.total = *m.total + *o->total;
        // The curves step at the same days when both pools run the same hours; else only the end is kept.
        if (m.curve.size() == o->curve.size()) {
            for (std::size_t i = 0; i < sum.curve.size(); ++i)
                sum.curve[i].cost += o->curve[i].cost;
        } else {
            sum.curve = { { 0, 0 }, { std::max(m.finishDays, o->finishDays), *sum.total } };
        }
        sum.finishDays = std::max(m.finishDays, o->finishDays);
        modes.push_back(std::move(sum));
    }
    into.modes = std::move(modes);
    if (into.storage && other.storage)
        *into.storage += *other.storage;
    // The pair's figure is as sure as its less sure pool's.
    if (other.priceStatus == "unknown" || (other.priceStatus == "estimate" && into.priceStatus != "unknown"))
        into.priceStatus = other.priceStatus;
    into.breakEvenDays.reset();
}

void billServingMonth(CostEstimate& cost, double hours)
{
    if (!std::isfinite(hours) || hours < 0)
        return;
    // A commitment (the table's TermCommitment pricing) owes its month whether used or not.
    const auto rate = std::find_if(cost.rates.begin(), cost.rates.end(),
        [](const BillingRate& r) { return billingModeSpec(r.mode).pricing == BillingPricing::TermCommitment; });
    BillingCost* mode = rate == cost.rates.end() ? nullptr : cost.mode(rate->mode);
    if (!mode)
        return;
    const double monthHours = cost.monthDays * 24.0;
    const double month = billedMonth(*rate, hours, cost.monthDays);
    const double finishDays = hours / 24.0;
    // The month is owed from its first day; hours beyond it (more requests than a month always on serves) go on at
    // the reserved rate.
    const double owed = rate->perHour * monthHours;
    mode->total = month;
    mode->curve = { { 0, 0 }, { 0, owed } };
    if (hours > monthHours) {
        mode->curve.push_back({ cost.monthDays, owed });
        mode->curve.push_back({ finishDays, month });
    } else {
        mode->curve.push_back({ finishDays, owed });
    }
    cost.reservedUnusedHours = std::max(0.0, monthHours - hours);
}

} // namespace gp
