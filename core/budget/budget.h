// A team's budget (`.gpubudget`, docs/budget-format.md): several workloads, each a plan with a schedule, over a
// horizon of months, under caps, allowed providers/regions/billing modes, stock and quota, and an owned-machine
// option. The types, the reader and the writer.
#pragma once

#include "base/expected.h"
#include "plan/plan.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// When an item runs. Months are 1-based and inclusive (month 1 is the horizon's first month).
// Training: `runs` runs of the planner's hours each, the first at the start of `startMonth`, the next ones every
// `everyWeeks` weeks or `everyMonths` months (`untilMonth` instead of `runs`: every run that starts by the end of
// that month). Serving: always on from `startMonth` for `durationMonths` (default: to the horizon's end).
struct BudgetSchedule {
    int startMonth = 1;
    std::optional<int> durationMonths;
    int runs = 1;
    std::optional<double> everyWeeks;
    std::optional<int> everyMonths;
    std::optional<int> untilMonth;
};

// A serving item's traffic, requests per second per month of its schedule: a start rate growing by a fraction
// each month, or a table (one rate per active month, the last repeated if the table is shorter).
struct BudgetTraffic {
    std::optional<double> requestsPerSecond;
    double growthPerMonth = 0;
    std::vector<double> byMonth;
};

struct BudgetItem {
    std::string name;
    std::string planPath; // the .gpuplan it names, relative to the budget file ("" when embedded)
    nlohmann::json planDocument; // the embedded plan as written (null when planPath is used)
    std::optional<Plan> plan; // the plan read (embedded, or by loadBudgetPlans)
    std::optional<Error> problem; // why the item cannot be answered (its plan, its schedule); the rest still is
    BudgetSchedule schedule;
    BudgetTraffic traffic;
    bool allowSpot = false; // the item may run on spot (竞价实例) machines
};

struct BudgetCaps {
    std::optional<double> perMonth; // budget currency
    std::optional<double> total;
};

// Stock or quota: at most `maxInstances` of `instance`, or `maxGpus` GPUs of `gpu`, in `region` at any time.
struct StockLimit {
    std::string instance;
    std::string gpu;
    std::string region;
    std::optional<int> maxInstances;
    std::optional<int> maxGpus;
};

// Buying the machines instead of renting: per machine, in the budget's currency.
struct OwnedOption {
    std::string instance; // the instance type owned machines replace (its pool in the fleet)
    std::optional<int> machines; // default: the pool's peak
    double purchasePrice = 0;
    int lifeMonths = 48;
    double residualValue = 0; // what a machine is worth at the end of its life
    double hostWatts = 0; // CPU, memory, disks, fans, NICs (the GPUs' watts come from the catalog)
    double electricityPerKwh = 0;
    double hostingPerMonth = 0;
    double maintenancePerMonth = 0;
};

struct Budget {
    std::string title;
    std::string currency = "CNY";
    int horizonMonths = 12;
    BudgetCaps caps;
    std::vector<std::string> providers; // allowed; empty = all
    std::map<std::string, std::vector<std::string>> regions; // provider -> allowed regions, preferred first
    std::vector<std::string> billingModes; // allowed; empty = every mode
    std::vector<StockLimit> stock;
    bool catalogStock = true; // a region whose every zone the catalog's imported stock lists as sold out is closed
    std::optional<double> pue; // data-centre power usage effectiveness; absent = the catalog's
    std::optional<OwnedOption> owned;
    std::vector<BudgetItem> items;
    nlohmann::json original; // the document as read: unknown fields survive a write

    bool allowsMode(BillingMode mode) const;
    bool allowsProvider(std::string_view provider) const;
};

// Reads a budget document. Errors in the budget's own fields stop it (the message names the field); an item's
// problems (its plan, schedule or traffic) go to that item's `problem` and the rest is still read.
Expected<Budget> parseBudget(std::string_view text);
// Reads the plans items name by path: `read` gets the path joined to `baseDir`. A plan that cannot be read or
// parsed becomes the item's problem ("items[2].plan: ...").
using BudgetFileReader = std::function<Expected<std::string>(const std::string& path)>;
void loadBudgetPlans(Budget& budget, const std::string& baseDir, const BudgetFileReader& read);

nlohmann::json budgetToJson(const Budget& budget);
std::string serializeBudget(const Budget& budget);

// The budget `gpu-planner-cli example --budget` prints and the window opens.
std::string_view exampleBudgetText();

} // namespace gp
