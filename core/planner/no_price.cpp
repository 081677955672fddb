// Why a candidate has no price under a plan's region and billing modes, and what the catalog has instead.
#include "planner/no_price.h"

#include "planner/planner_ranking.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// A price figure the cost model can use (estimate/cost/cost_model.cpp: finite, not negative).
bool hasPriceFigure(const PriceSpec& price)
{
    auto usable = [](const std::optional<double>& v) { return v && std::isfinite(*v) && *v >= 0; };
    return usable(price.onDemandPerHour) || usable(price.monthly);
}

std::string joinWords(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words)
        out += (out.empty() ? "" : ", ") + w;
    return out;
}

} // namespace

Diagnostic noPriceReason(
    const CandidateResult& result, const CandidateSpec* spec, const Plan& plan, const Catalog* catalog)
{
    // The billing modes the candidate is priced under that the plan does not count.
    std::vector<std::string> otherModes;
    std::vector<std::string> otherModeWords;
    for (const BillingRate& rate : result.cost.rates)
        if (!plan.billing.allows(rate.mode)) {
            otherModes.emplace_back(billingModeCode(rate.mode));
            otherModeWords.push_back(billingModeWords(rate.mode));
        }
    // Where its price was looked up, and the regions the catalog prices it in instead.
    std::string region;
    std::vector<std::string> otherRegions;
    const InstanceSpec* instance = catalog && spec && !spec->instance.empty() && !spec->pricePerHour
        ? catalog->findInstance(spec->instance)
        : nullptr;
    if (instance) {
        const auto wanted = plan.billing.regions.find(instance->provider);
        region
            = wanted != plan.billing.regions.end() ? wanted->second : priceRegion(*catalog, *instance, instance->price);
        auto add = [&](const PriceSpec& price) {
            const std::string where = priceRegion(*catalog, *instance, price);
            if (hasPriceFigure(price) && where != region
                && std::find(otherRegions.begin(), otherRegions.end(), where) == otherRegions.end())
                otherRegions.push_back(where);
        };
        add(instance->price);
        for (const PriceSpec& price : instance->otherPrices)
            add(price);
    }
    const std::string status = result.cost.priceStatus;
    std::string message = "no price is listed for it" + (region.empty() ? std::string() : " in " + region)
        + (status == "missing" ? " (none published)" : "");
    if (!otherModes.empty())
        message += "; it is priced " + joinWords(otherModeWords) + ", which billing.modes does not count";
    if (!otherRegions.empty())
        message += "; it has a price in " + joinWords(otherRegions) + " (billing.regions)";
    message += "; give a quote (the candidate's price_per_hour or a price override) to rank it by cost";
    return { "no_price", message,
        { { "region", region }, { "price_status", status }, { "other_modes", joinWords(otherModes) },
            { "other_regions", joinWords(otherRegions) } } };
}

} // namespace gp
