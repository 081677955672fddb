// What the budget's stages hand each other: an item's demand on one candidate, and a pool (one instance type in
// one region) with the items placed on it.
#pragma once

#include "budget/budget.h"
#include "budget/budget_answer.h"
#include "budget/budget_fleet.h"
#include "catalog/catalog.h"

#include <string>
#include <vector>

namespace gp
{

struct BudgetItemDemand {
    std::string instance; // the Hardware id
    std::string provider;
    std::string gpu;
    int gpusPerMachine = 1;
    double tdpWatts = 0; // NaN when unknown
    std::vector<int> hourly; // machines in each horizon hour
    std::vector<double> utilisationByMonth; // share of TDP the GPUs draw while busy
    std::vector<double> ratesByMonth; // serving
    double hoursPerRun = 0;
    int runs = 0;
    double hoursCut = 0;
    std::string problem; // "" or why the candidate cannot carry the item ("serving_traffic_unmet")
    int problemMonth = 0;
};

struct BudgetPool {
    std::string instance;
    std::string provider;
    std::string region;
    std::string gpu;
    int gpusPerMachine = 1;
    double tdpWatts = 0;
    MachineRates rates;
    // The billing.price_discount of the plans it serves (their contract's discount off list prices): items whose
    // plans give different discounts are billed as different accounts, in pools of their own.
    std::optional<double> priceDiscount;
    std::vector<std::size_t> items; // indices into the budget's items
    std::vector<std::vector<int>> hourly; // per entry of `items`
    std::vector<bool> spot; // per entry of `items`: billed on spot machines
};

// The hours of a horizon month (catalog billing.days_per_month x 24).
double budgetMonthHours(const Catalog& catalog);

// Bills the pools into the answer: fleet rows, each item's spend, the spend lines, caps, energy, buy or rent.
void billBudgetFleet(BudgetAnswer& answer, const std::vector<BudgetPool>& pools,
    const std::vector<BudgetItemDemand>& demands, const Budget& budget, const Catalog& catalog);

} // namespace gp
