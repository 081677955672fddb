// The budget's answer: each item answered by the planner (answerPlan, one answer per item), placed on an instance
// type and region under the stock and quota, then the fleet those placements make (machines shared between items
// whose times do not overlap) with the cheapest mix of commitments, monthly spend by item, provider, GPU and
// billing mode, the caps, energy and carbon, and buying the machines instead. Every front end (window, CLI,
// report) renders this one value.
#pragma once

#include "budget/budget.h"
#include "budget/budget_what_if.h"
#include "budget/buy_or_rent.h"
#include "catalog/catalog.h"
#include "planner/answer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gp
{

// Where an item runs: an instance type in a region, and why it is not the planner's first choice when it is not.
struct ItemPlacement {
    std::string instance;
    std::string provider;
    std::string region; // "" = the provider's reference region
    std::string gpu;
    int gpusPerMachine = 1;
    int peakMachines = 0;
    bool moved = false; // not the planner's recommendation in the preferred region
    std::string movedFrom; // "instance@region" of the first choice
    std::string movedBecause; // "sold_out" (the catalog's stock), "stock_limit" (the budget's stock or quota)
};

struct ItemBudget {
    std::string name;
    Mode mode = Mode::Training;
    std::optional<Error> error; // the item could not be answered (its plan, schedule or traffic)
    std::shared_ptr<const PlanAnswer> answer; // shared with the budget's plan cache (an edit copies none)
    std::optional<ItemPlacement> placement;
    // Not placed: stock or quota leave no candidate; `suggestion` names an instance@region that would take it.
    bool unplaced = false;
    std::string suggestion;
    double hoursPerRun = 0; // training: the planner's hours to finish one run
    int runs = 0; // training runs inside the horizon
    bool spot = false; // billed on spot machines
    std::vector<double> ratesByMonth; // serving: requests per second
    std::vector<int> machinesByMonth; // peak machines in each month
    std::vector<double> machineHoursByMonth;
    std::vector<double> spendByMonth; // its share of the fleet's bill
    std::vector<double> kwhByMonth; // at the wall (PUE included); NaN when the GPU's TDP is unknown
    std::vector<double> kgCo2ByMonth; // NaN when the region's grid intensity is unknown
    double spend = 0;
    double aloneCost = 0; // the cheapest bill of this item alone on its own machines
};

// A group of machines of one pool billed alike: `machines` levels with the same commitment each month.
struct FleetRow {
    std::string instance;
    std::string provider;
    std::string region;
    std::string gpu;
    int machines = 0;
    std::vector<std::optional<BillingMode>> modeByMonth; // per horizon month; none when the month is not used
    std::vector<std::string> items; // the items that use these machines
    double cost = 0; // inside the horizon, all machines of the row
    double committedAfterHorizon = 0;
    double utilisation = 0; // used hours / paid hours (reserved and monthly pay for idle hours)
    // How its pool put the items on machines (placePool): "exact" (at most kExactPlacementUnits machine units, every
    // placement tried), "greedy" (more: hours stacked into levels, or no sharing when that bills less); "" for a
    // spot row (billed by its own hours, never shared). `placementUnits`: the pool's machine units.
    std::string placement;
    int placementUnits = 0;
};

// Spend of one key (an item, a provider, a GPU, a billing mode) in each horizon month.
struct SpendLine {
    std::string key;
    std::vector<double> byMonth;
    double total = 0;
};

// A cap the plan breaks: the months, by how much, and what would fix it (codes with args; the UI words them):
//   raise_cap (amount, currency), drop_item (item, saves, currency). Each fix brings every month under the cap.
struct CapBreak {
    std::string cap; // "per_month" or "total"
    int month = 0; // 1-based: the first month over the cap
    double spend = 0; // per_month: the dearest month's spend; total: the cumulative spend in `month`
    double limit = 0;
    double over = 0; // per_month: the dearest month's excess; total: the horizon's excess
    Diagnostics fixes;
    std::vector<int> months; // 1-based, every month over the cap (total: from `month` to the horizon's end)
};

struct BudgetAnswer {
    std::string title;
    std::string currency = "CNY";
    int horizonMonths = 12;
    std::vector<ItemBudget> items;
    std::vector<FleetRow> fleet;
    std::vector<SpendLine> byItem, byProvider, byGpu, byMode;
    std::vector<double> monthly; // the fleet's spend per month
    std::vector<double> cumulative;
    double total = 0;
    double committedAfterHorizon = 0; // reservation months past the horizon
    double aloneTotal = 0; // every item billed alone
    double sharingSaves = 0; // aloneTotal - fleet total (commitments shared between items)
    std::vector<CapBreak> capBreaks;
    std::vector<double> kwhByMonth;
    std::vector<double> kgCo2ByMonth;
    std::optional<BuyOrRentAnswer> buyOrRent;
    Diagnostics warnings;
    double seconds = 0;
    bool cancelled = false;

    int failedItems() const;
    int unplacedItems() const;
};

// Answers the budget: the planner per item (on up to `control.threads` threads each), then the fleet. With a
// `cache` (else one for this answer), an item whose plan was answered before (same JSON) reuses that answer. A
// cancelled search stops the answer: `cancelled` is set and the rest is left empty.
BudgetAnswer answerBudget(
    const Budget& budget, const Catalog& catalog, const SearchControl& control = {}, BudgetPlanCache* cache = nullptr);

} // namespace gp
