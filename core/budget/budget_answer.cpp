// The budget's answer, first half: each item answered by the planner, its demand on each ranked candidate, and its
// placement under the stock and quota. The second half (budget_ledger.cpp) bills the fleet.
#include "budget/budget_answer.h"

#include "budget/budget_energy.h"
#include "budget/budget_internal.h"
#include "budget/budget_schedule.h"
#include "estimate/cost/cost_model.h"
#include "estimate/estimator.h"
#include "estimate/serving/serving_model.h"
#include "plan/billing_modes.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>

namespace gp
{

namespace
{

// A mode that can be reclaimed (spot): an item counts it only when it allows spot.
bool isInterruptibleMode(const std::string& code)
{
    const auto mode = billingModeFromCode(code);
    return mode && billingModeSpec(*mode).pricing == BillingPricing::Interruptible;
}

// The plan an item is answered with: the budget's currency and billing modes, and for serving the load of its
// busiest month (the instance and configuration must carry the peak; quieter months need fewer replicas).
Plan budgetItemPlan(const BudgetItem& item, const Budget& budget, const std::vector<double>& rates)
{
    Plan plan = *item.plan;
    plan.billing.currency = budget.currency;
    if (!budget.billingModes.empty()) {
        plan.billing.modes.clear();
        for (const std::string& mode : budget.billingModes)
            if (item.allowSpot || !isInterruptibleMode(mode))
                plan.billing.modes.push_back(mode);
        if (plan.billing.modes.empty())
            plan.billing.modes = budget.billingModes;
    }
    if (plan.workload.mode == Mode::Serving && !rates.empty()) {
        const double peak = *std::max_element(rates.begin(), rates.end());
        if (peak > 0)
            plan.workload.serving.load = { ServingLoadKind::RequestsPerSecond, peak };
    }
    return plan;
}

// A serving item's requests per second per horizon month: its traffic, else the plan's rate; NaN in its active
// months when the plan's load is not a rate and the item gives no traffic (it then runs the planner's deployment).
std::vector<double> budgetItemRates(const BudgetItem& item, const Plan& plan, int horizonMonths)
{
    if (plan.workload.mode != Mode::Serving)
        return {};
    const ServingLoad& load = plan.workload.serving.load;
    const bool rate = load.kind == ServingLoadKind::RequestsPerSecond;
    return servingRates(item, horizonMonths, rate ? load.value : std::numeric_limits<double>::quiet_NaN());
}

// The region an item's plan prices `provider` in: its billing.regions entry, else the provider's reference region.
std::string planRegion(const Plan& plan, const Catalog& catalog, const std::string& provider)
{
    if (auto it = plan.billing.regions.find(provider); it != plan.billing.regions.end())
        return it->second;
    const ProviderSpec* spec = catalog.findProvider(provider);
    return spec ? spec->referenceRegion : std::string();
}

// A serving item's machines month by month: each month's replicas for its traffic under the SLO, on the
// configuration the planner chose (a replica is tensor x pipeline GPUs; replicas fill the instances' GPUs as the
// planner counts them).
void servingDemand(BudgetItemDemand& d, const Plan& plan, const PlanAnswer& answer, const CandidatePlan& candidate,
    const CandidateSpec& spec, const Hardware& hw, const Catalog& catalog, double monthHours)
{
    const Configuration& config = candidate.best.configuration;
    const long replicaGpus = long(std::max(1, config.tensor)) * std::max(1, config.pipeline);
    const int perNode = std::max(1, hw.gpusPerNode);
    const Hardware replicaHw = atNodes(hw, spec, int((replicaGpus + perNode - 1) / perNode));
    const Workload workload = workloadOnGpu(plan.workload, hw.gpu);
    const ServingReplica replica(answer.search.model, workload, config, replicaHw, plan.assumptions, catalog);
    for (std::size_t m = 0; m < d.ratesByMonth.size(); ++m) {
        const double rate = d.ratesByMonth[m];
        const long from = long(std::llround(double(m) * monthHours));
        const long to = std::min(long(d.hourly.size()), long(std::llround(double(m + 1) * monthHours)));
        if (std::isnan(rate)) { // a load that is not a rate: the planner's deployment, all month
            const double use = candidate.best.serving ? candidate.best.serving->utilization : 1.0;
            d.utilisationByMonth[m] = std::clamp(use > 0 ? use : 1.0, 0.0, 1.0);
            for (long h = from; h < to; ++h)
                d.hourly[std::size_t(h)] = hw.nodes;
            continue;
        }
        if (!(rate > 0))
            continue;
        ServingSpec load = plan.workload.serving;
        load.load = { ServingLoadKind::RequestsPerSecond, rate };
        const int replicas = load.replicas ? *load.replicas : replica.replicasNeeded(load);
        if (replicas < 1) {
            d.problem = "serving_traffic_unmet";
            d.problemMonth = int(m) + 1;
            return;
        }
        const int machines = int((replicas * replicaGpus + perNode - 1) / perNode);
        // The instances' other GPUs serve too, as the planner counts them: the load spreads over all of them.
        const int serving = std::max(replicas, int(machines * perNode / replicaGpus));
        d.utilisationByMonth[m] = std::clamp(replica.serve(load, serving, false).utilization, 0.0, 1.0);
        for (long h = from; h < to; ++h)
            d.hourly[std::size_t(h)] = machines;
    }
}

// The item's machines hour by hour on one candidate.
BudgetItemDemand itemDemand(const BudgetItem& item, const Plan& plan, const PlanAnswer& answer,
    const CandidatePlan& candidate, const CandidateSpec& spec, const Budget& budget, const Catalog& catalog,
    double monthHours, const std::vector<double>& rates)
{
    BudgetItemDemand d;
    const int months = budget.horizonMonths;
    d.hourly.assign(std::size_t(std::llround(months * monthHours)), 0);
    d.utilisationByMonth.assign(std::size_t(months), 0.0);
    d.ratesByMonth = rates;
    auto hw = resolveCandidate(spec, catalog, std::max(1, candidate.best.nodes), "candidates");
    if (!hw) {
        d.problem = "candidate_unresolved";
        return d;
    }
    d.instance = hw->id;
    d.provider = hw->provider;
    d.gpu = hw->gpu.id;
    d.gpusPerMachine = hw->gpusPerNode;
    d.tdpWatts = hw->gpu.tdpWatts ? *hw->gpu.tdpWatts : std::numeric_limits<double>::quiet_NaN();
    if (plan.workload.mode == Mode::Serving) {
        servingDemand(d, plan, answer, candidate, spec, *hw, catalog, monthHours);
        return d;
    }
    d.hoursPerRun = candidate.best.trainingHours;
    const TrainingRuns runs = trainingRuns(item.schedule, d.hoursPerRun, months, monthHours);
    d.runs = int(runs.runs.size());
    d.hoursCut = runs.hoursCut;
    addIntervals(d.hourly, runs.runs, std::max(1, candidate.best.nodes));
    std::fill(d.utilisationByMonth.begin(), d.utilisationByMonth.end(), trainingPowerFraction(catalog));
    return d;
}

// "sold_out" when the catalog's imported stock lists every zone of `region` as sold out.
bool soldOutIn(const Catalog& catalog, const std::string& instance, const std::string& region)
{
    const InstanceSpec* spec = catalog.findInstance(instance);
    if (!spec || region.empty())
        return false;
    int zones = 0;
    int soldOut = 0;
    for (const ZoneStock& z : spec->availability)
        if (z.zone.rfind(region + "-", 0) == 0 || z.zone == region) {
            ++zones;
            soldOut += z.status == "sold_out";
        }
    return zones > 0 && zones == soldOut;
}

// Why `demand` cannot go to `region` beside what the pools already hold: "sold_out", "stock_limit" or "".
std::string stockBlock(const Budget& budget, const Catalog& catalog, const std::vector<BudgetPool>& pools,
    const BudgetItemDemand& demand, const std::string& region)
{
    if (budget.catalogStock && soldOutIn(catalog, demand.instance, region))
        return "sold_out";
    for (const StockLimit& limit : budget.stock) {
        const bool byInstance = !limit.instance.empty();
        if (limit.region != region || (byInstance ? limit.instance != demand.instance : limit.gpu != demand.gpu))
            continue;
        const int perMachine = limit.maxInstances && byInstance ? 1 : demand.gpusPerMachine;
        const long cap = limit.maxInstances && byInstance ? long(*limit.maxInstances)
            : limit.maxGpus                               ? long(*limit.maxGpus)
                                                          : long(*limit.maxInstances) * demand.gpusPerMachine;
        std::vector<long> used(demand.hourly.size(), 0);
        for (std::size_t h = 0; h < used.size(); ++h)
            used[h] = long(demand.hourly[h]) * perMachine;
        for (const BudgetPool& pool : pools) {
            if (pool.region != region || (byInstance ? pool.instance != limit.instance : pool.gpu != limit.gpu))
                continue;
            const long each = byInstance && limit.maxInstances ? 1 : pool.gpusPerMachine;
            for (const auto& hourly : pool.hourly)
                for (std::size_t h = 0; h < used.size() && h < hourly.size(); ++h)
                    used[h] += long(hourly[h]) * each;
        }
        if (*std::max_element(used.begin(), used.end()) > cap)
            return "stock_limit";
    }
    return "";
}

MachineRates poolRates(const CandidateSpec& spec, const std::string& region, std::optional<double> priceDiscount,
    const Budget& budget, const Catalog& catalog, bool& fromReference)
{
    MachineRates rates;
    auto hw = resolveCandidate(spec, catalog, 1, "candidates");
    if (!hw)
        return rates;
    Billing billing;
    billing.currency = budget.currency;
    billing.priceDiscount = priceDiscount; // off list prices, as the item's own answer (listPriceFactor)
    if (!region.empty() && !hw->provider.empty())
        billing.regions[hw->provider] = region;
    if (const InstanceSpec* instance = catalog.findInstance(hw->id))
        fromReference = !region.empty() && !priceInRegion(catalog, *instance, region).inRegion;
    const CostEstimate cost = estimateCost(*hw, 1.0, billing, catalog);
    for (const BillingRate& rate : cost.rates) {
        if (!budget.allowsMode(rate.mode))
            continue;
        // What the fleet's commitment choice needs of each mode, by how the billing-mode table prices it.
        switch (billingModeSpec(rate.mode).pricing) {
        case BillingPricing::Hourly:
            rates.onDemandPerHour = rate.perHour;
            break;
        case BillingPricing::WholeMonths:
            rates.perMonth = rate.perMonth;
            break;
        case BillingPricing::TermCommitment:
            if (rate.termMonths > 0) {
                rates.reservedPerHour = rate.perHour;
                rates.reservedTermMonths = rate.termMonths;
                rates.reservedHoursPerMonth = rate.committedHours / rate.termMonths;
            }
            break;
        case BillingPricing::Interruptible:
            rates.spotPerHour = rate.perHour;
            rates.spotTimeFactor = rate.timeFactor;
            break;
        }
    }
    return rates;
}

// The regions an item may use on `provider`, preferred first.
std::vector<std::string> allowedRegions(
    const Budget& budget, const Plan& plan, const Catalog& catalog, const std::string& provider)
{
    if (auto it = budget.regions.find(provider); it != budget.regions.end())
        return it->second;
    return { planRegion(plan, catalog, provider) };
}

// What an item's demand on a candidate depends on besides the candidate: its plan as answered (the JSON text), its
// schedule, its rates and the horizon.
std::string itemDemandKey(const std::string& planKey, const BudgetItem& item, const std::vector<double>& rates,
    int horizonMonths, double monthHours)
{
    char number[32];
    std::string key = planKey;
    const auto add = [&](double v) {
        std::snprintf(number, sizeof number, "|%.17g", v);
        key += number;
    };
    const BudgetSchedule& s = item.schedule;
    for (double v : { double(horizonMonths), monthHours, double(s.startMonth), double(s.durationMonths.value_or(-1)),
             double(s.runs), s.everyWeeks.value_or(-1), double(s.everyMonths.value_or(-1)),
             double(s.untilMonth.value_or(-1)), double(rates.size()) })
        add(v);
    for (double v : rates)
        add(v);
    return key;
}

struct BudgetPlacer {
    const Budget& budget;
    const Catalog& catalog;
    double monthHours;
    std::vector<BudgetPool>& pools;
    BudgetPlanCache& cache;
    std::string demandKey; // itemDemandKey of the item being placed

    // itemDemand, from the cache when the same item was placed on the same candidate before.
    BudgetItemDemand cachedDemand(std::size_t candidateIndex, const std::function<BudgetItemDemand()>& compute)
    {
        const std::string key = demandKey + "#" + std::to_string(candidateIndex);
        {
            std::lock_guard<std::mutex> lock(cache.mutex);
            if (auto it = cache.demands.find(key); it != cache.demands.end())
                return *it->second;
        }
        auto demand = std::make_shared<const BudgetItemDemand>(compute());
        std::lock_guard<std::mutex> lock(cache.mutex);
        cache.demands[key] = demand;
        return *demand;
    }

    BudgetPool& poolFor(const BudgetItemDemand& d, const CandidateSpec& spec, const std::string& region,
        std::optional<double> priceDiscount, Diagnostics& warnings)
    {
        for (BudgetPool& pool : pools)
            if (pool.instance == d.instance && pool.region == region && pool.priceDiscount == priceDiscount)
                return pool;
        BudgetPool pool;
        pool.instance = d.instance;
        pool.provider = d.provider;
        pool.region = region;
        pool.gpu = d.gpu;
        pool.gpusPerMachine = d.gpusPerMachine;
        pool.tdpWatts = d.tdpWatts;
        pool.priceDiscount = priceDiscount;
        bool fromReference = false;
        CandidateSpec one = spec;
        one.nodes = 1;
        pool.rates = poolRates(one, region, priceDiscount, budget, catalog, fromReference);
        if (fromReference)
            warnings.push_back({ "price_from_reference_region",
                d.instance + " has no price of its own in " + region + "; the provider's reference price is used",
                { { "instance", d.instance }, { "region", region } } });
        pools.push_back(std::move(pool));
        return pools.back();
    }

    // A spot-allowed training item goes to spot when spot alone costs less than its cheapest commitments alone.
    bool prefersSpot(const BudgetItem& item, const BudgetPool& pool, const BudgetItemDemand& d) const
    {
        if (!item.allowSpot || !pool.rates.spotPerHour || d.runs == 0)
            return false;
        double hours = 0;
        for (int v : d.hourly)
            hours += v;
        const double spot = hours * pool.rates.spotTimeFactor * *pool.rates.spotPerHour;
        return spot < cheapestFleetCost(d.hourly, budget.horizonMonths, monthHours, pool.rates);
    }

    void place(std::size_t index, ItemBudget& out, const Plan& plan, std::vector<BudgetItemDemand>& demands,
        Diagnostics& warnings);
};

void BudgetPlacer::place(
    std::size_t index, ItemBudget& out, const Plan& plan, std::vector<BudgetItemDemand>& demands, Diagnostics& warnings)
{
    const BudgetItem& item = budget.items[index];
    const PlanAnswer& answer = *out.answer;
    const std::vector<CandidateSpec> specs = planCandidates(plan, catalog);
    const std::vector<double> rates = budgetItemRates(item, *item.plan, budget.horizonMonths);
    std::string firstChoice, firstReason, lastProblem;
    for (std::size_t c = 0; c < answer.search.candidates.size(); ++c) {
        const CandidatePlan& candidate = answer.search.candidates[c];
        if (!candidate.fits || !candidate.meetsObjective || candidate.planIndex < 0
            || std::size_t(candidate.planIndex) >= specs.size())
            continue;
        const CandidateSpec& spec = specs[std::size_t(candidate.planIndex)];
        BudgetItemDemand d = cachedDemand(
            c, [&] { return itemDemand(item, plan, answer, candidate, spec, budget, catalog, monthHours, rates); });
        if (!d.problem.empty() || !budget.allowsProvider(d.provider)) {
            lastProblem = d.problem;
            continue;
        }
        for (const std::string& region : allowedRegions(budget, plan, catalog, d.provider)) {
            const std::string block = stockBlock(budget, catalog, pools, d, region);
            if (firstChoice.empty()) {
                firstChoice = d.instance + "@" + region;
                firstReason = block;
            }
            if (!block.empty())
                continue;
            BudgetPool& pool = poolFor(d, spec, region, plan.billing.priceDiscount, warnings);
            ItemPlacement p { d.instance, d.provider, region, d.gpu, d.gpusPerMachine,
                *std::max_element(d.hourly.begin(), d.hourly.end()), false, {}, {} };
            if (firstChoice != d.instance + "@" + region) {
                p.moved = true;
                p.movedFrom = firstChoice;
                p.movedBecause = firstReason;
            }
            out.spot = prefersSpot(item, pool, d);
            pool.items.push_back(index);
            pool.hourly.push_back(d.hourly);
            pool.spot.push_back(out.spot);
            out.placement = p;
            out.hoursPerRun = d.hoursPerRun;
            out.runs = d.runs;
            out.ratesByMonth = d.ratesByMonth;
            if (d.hoursCut > 0)
                warnings.push_back({ "run_past_horizon",
                    item.name + ": " + std::to_string(int(std::ceil(d.hoursCut)))
                        + " run hours fall past the horizon and are not budgeted",
                    { { "item", item.name }, { "hours", std::to_string(int(std::ceil(d.hoursCut))) } } });
            demands[index] = std::move(d);
            return;
        }
    }
    out.unplaced = true;
    if (firstChoice.empty() && !lastProblem.empty()) {
        out.error = Error { "items[" + std::to_string(index) + "]",
            lastProblem == "serving_traffic_unmet" ? "no candidate serves the traffic within the latency targets"
                                                   : "no candidate can be resolved" };
        return;
    }
    // What would take it: the best candidate in any region the catalog prices its provider in.
    for (const CandidatePlan& candidate : answer.search.candidates) {
        if (!candidate.fits || !candidate.meetsObjective || std::size_t(candidate.planIndex) >= specs.size())
            continue;
        BudgetItemDemand d = itemDemand(
            item, plan, answer, candidate, specs[std::size_t(candidate.planIndex)], budget, catalog, monthHours, rates);
        if (!d.problem.empty())
            continue;
        for (const std::string& region : providerRegions(catalog, d.provider))
            if (stockBlock(budget, catalog, pools, d, region).empty()) {
                out.suggestion = d.instance + "@" + region;
                return;
            }
    }
}

} // namespace

double budgetMonthHours(const Catalog& catalog)
{
    const double days = catalog.number("billing.days_per_month", builtinCatalog().number("billing.days_per_month", 30));
    return (std::isfinite(days) && days >= 1 ? days : 30) * 24;
}

int BudgetAnswer::failedItems() const
{
    return int(std::count_if(items.begin(), items.end(), [](const ItemBudget& i) { return i.error.has_value(); }));
}

int BudgetAnswer::unplacedItems() const
{
    return int(std::count_if(
        items.begin(), items.end(), [](const ItemBudget& i) { return i.unplaced && !i.error.has_value(); }));
}

// The planner's answer to an item's plan (`key`: its JSON text), from the cache when the same plan was answered
// before.
static Expected<std::shared_ptr<const PlanAnswer>> cachedPlanAnswer(const Plan& plan, const std::string& key,
    const Catalog& catalog, const SearchControl& control, BudgetPlanCache& cache)
{
    {
        std::lock_guard<std::mutex> lock(cache.mutex);
        if (auto it = cache.answers.find(key); it != cache.answers.end())
            return it->second;
    }
    auto answer = answerPlan(plan, catalog, control);
    if (!answer)
        return answer.error();
    auto shared = std::make_shared<const PlanAnswer>(std::move(*answer));
    std::lock_guard<std::mutex> lock(cache.mutex);
    cache.answers[key] = shared;
    return shared;
}

BudgetAnswer answerBudget(
    const Budget& budget, const Catalog& catalog, const SearchControl& control, BudgetPlanCache* cache)
{
    const auto started = std::chrono::steady_clock::now();
    BudgetAnswer answer;
    answer.title = budget.title;
    answer.currency = budget.currency;
    answer.horizonMonths = budget.horizonMonths;
    const double monthHours = budgetMonthHours(catalog);
    std::vector<BudgetPool> pools;
    std::vector<BudgetItemDemand> demands(budget.items.size());
    BudgetPlanCache local; // items with the same plan (a refresh listed twice) are searched once
    if (!cache)
        cache = &local;
    BudgetPlacer placer { budget, catalog, monthHours, pools, *cache, {} };
    for (std::size_t i = 0; i < budget.items.size(); ++i) {
        const BudgetItem& item = budget.items[i];
        ItemBudget out;
        out.name = item.name;
        if (item.problem || !item.plan) {
            out.error = item.problem.value_or(Error { "items[" + std::to_string(i) + "].plan", "is not read" });
            answer.items.push_back(std::move(out));
            continue;
        }
        out.mode = item.plan->workload.mode;
        const std::vector<double> rates = budgetItemRates(item, *item.plan, budget.horizonMonths);
        const Plan plan = budgetItemPlan(item, budget, rates);
        const std::string planKey = serializePlan(plan);
        auto planAnswer = cachedPlanAnswer(plan, planKey, catalog, control, *cache);
        if (!planAnswer && isCancelled(planAnswer.error())) {
            answer.cancelled = true;
            return answer;
        }
        if (!planAnswer) {
            const Error& e = planAnswer.error();
            out.error
                = Error { "items[" + std::to_string(i) + "].plan" + (e.field.empty() ? "" : "." + e.field), e.message };
            answer.items.push_back(std::move(out));
            continue;
        }
        out.answer = *planAnswer;
        placer.demandKey = itemDemandKey(planKey, item, rates, budget.horizonMonths, monthHours);
        placer.place(i, out, plan, demands, answer.warnings);
        answer.items.push_back(std::move(out));
    }
    billBudgetFleet(answer, pools, demands, budget, catalog);
    answer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return answer;
}

} // namespace gp
