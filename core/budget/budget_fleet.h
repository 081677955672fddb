// The fleet's billing: the machines one instance type in one region needs hour by hour, stacked into levels
// (level k is "the k-th machine", busy whenever k or more are needed), and the cheapest mix of commitments for
// each level: pay-as-you-go, monthly (包年包月) or a reserved term (预留实例券) from any month. Items whose times do
// not overlap share a level's machine and so its commitment.
#pragma once

#include "plan/billing_modes.h"

#include <optional>
#include <string>
#include <vector>

namespace gp
{

// What one machine costs under each mode, in the budget's currency; a mode the catalog does not price, or the budget
// does not allow, is absent.
struct MachineRates {
    std::optional<double> onDemandPerHour;
    std::optional<double> perMonth; // monthly subscription: a whole month for any use in it
    std::optional<double> reservedPerHour; // paid for every hour of the term, used or not
    int reservedTermMonths = 0;
    double reservedHoursPerMonth = 0; // the term's hours per month (catalog billing.reserved_term_hours_per_month)
    std::optional<double> spotPerHour; // per hour of wall-clock time
    double spotTimeFactor = 1; // wall-clock hours per hour of work (interruptions)
};

// One level's bill: the mode of each horizon month ("" = not used, nothing paid) and its cost.
struct LevelBill {
    std::vector<std::optional<BillingMode>> modeByMonth;
    std::vector<double> costByMonth;
    std::vector<int> reservationStarts; // 0-based months where a reservation starts
    double committedAfterHorizon = 0; // reservation months past the horizon, owed all the same
    double total = 0; // costByMonth + committedAfterHorizon: what the choice minimised
};

// The cheapest bill for one machine used `usedHours[m]` hours in month m (0-based months of `monthHours`): each
// month pay-as-you-go (hours x rate) or monthly (the month's price), or a reservation of the whole term starting
// in any month and covering every month of it. Exact (a dynamic programme over months).
LevelBill cheapestCommitments(const std::vector<double>& usedHours, const MachineRates& rates, double monthHours);

// Hours each level is busy in each month: result[k][m] for level k+1 (k from 0 to the peak - 1).
std::vector<std::vector<double>> levelHours(const std::vector<int>& hourly, int months, double monthHours);

// The hours each item spends on each level in each month, items stacked in their order each hour (item 0 on the
// lowest levels): result[k][m][i].
std::vector<std::vector<std::vector<double>>> levelItemHours(
    const std::vector<std::vector<int>>& itemHourly, int levels, int months, double monthHours);

// The cheapest bill of a demand profile: the sum of its levels' cheapest bills.
double cheapestFleetCost(const std::vector<int>& hourly, int months, double monthHours, const MachineRates& rates);

// One machine of a fixed placement: its hours per month, and each item's share of them ([m][item]).
struct PlacedMachine {
    std::vector<double> hours;
    std::vector<std::vector<double>> itemHours;
};

// Who pays a pool's bill (issue 41). Each level-month's bill is shared by the items that used that machine that
// month, by their hours (the FinOps Foundation's "proportional" split of a shared cost, Shared Cost Management,
// finops.org/framework/capabilities/shared-cost-management, read 2026-12-06). An item whose share so comes to more
// than its own cheapest bill alone (`alone`) pays its alone cost instead, each of its months scaled alike: the
// stand-alone cost test (Faulhaber 1975, "Cross-subsidization: pricing in public enterprises", American Economic
// Review 65(5): no user pays more than it would standing alone). What that frees, and the bill of level-months no
// item used, goes to the pool's other items in the same months, in proportion to their hours on the pool's machines
// over the horizon, none past its own alone cost. When the pool bills no more than its items alone (every placement
// placePool returns), the shares add up to the pool's bill inside the horizon.
struct PoolShares {
    std::vector<std::vector<double>> byMonth; // [entry][month]
    std::vector<double> unused; // [month]: what no item could take (only when the pool bills more than items alone)
};
// `bills[k]` and `itemHours[k][m][entry]` per level (machine) k; `alone[entry]` (0 for an entry that shares nothing).
PoolShares sharePoolBill(const std::vector<LevelBill>& bills,
    const std::vector<std::vector<std::vector<double>>>& itemHours, const std::vector<double>& alone);

// Pools of at most this many machine units (an item's unit k is its k-th machine, busy whenever the item needs more
// than k) are placed exactly; larger pools take the cheaper of stacked levels and no sharing.
constexpr int kExactPlacementUnits = 8;

// How a pool's items are put on machines: `levels` (hours stacked, items moving between machines hour by hour) or
// `machines` (each unit kept on one machine, shared only by units whose times do not overlap), whichever the
// commitments bill cheaper; `exact` when every placement of the units was tried.
struct PoolPlacement {
    bool stacked = true;
    bool exact = false;
    int units = 0; // the pool's machine units (each item's peak machines, added)
    std::vector<PlacedMachine> machines; // when not stacked
    double cost = 0;
};
PoolPlacement placePool(
    const std::vector<std::vector<int>>& itemHourly, int months, double monthHours, const MachineRates& rates);
// Its cost.
double pooledFleetCost(
    const std::vector<std::vector<int>>& itemHourly, int months, double monthHours, const MachineRates& rates);

} // namespace gp
