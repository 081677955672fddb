// Buying machines instead of renting them: the owned machines' cash and cost month by month (purchase, straight-line
// depreciation to the residual value over the machine's life, power = (GPU + host watts) x PUE x electricity price,
// hosting and maintenance) against the rented fleet's bill for the same machines, and the month owning pays off.
#pragma once

#include "budget/budget.h"

#include <optional>
#include <vector>

namespace gp
{

struct BuyOrRentAnswer {
    std::string instance;
    std::string region;
    int machines = 0;
    std::vector<double> rentByMonth; // the rented levels the owned machines replace
    std::vector<double> ownedCashByMonth; // purchase in month 1, then power, hosting and maintenance
    std::vector<double> ownedCostByMonth; // depreciation instead of the purchase
    std::vector<double> energyKwhByMonth; // at the wall (PUE included)
    double rentTotal = 0;
    double ownedCashTotal = 0;
    double ownedCostTotal = 0;
    double residualAtHorizon = 0; // what the machines are still worth at the horizon's end
    std::optional<int> crossoverMonth; // 1-based: cumulative rent reaches cumulative owned cash; absent: never
    bool crossoverEstimated = false; // past the horizon, at the last month's rates
};

// `gpuKwhByMonth`: the GPUs' energy on the owned machines' levels (before PUE); `busyHoursByMonth`: their
// machine-hours (the host's watts count for those).
BuyOrRentAnswer buyOrRent(const OwnedOption& owned, int machines, const std::vector<double>& rentByMonth,
    const std::vector<double>& gpuKwhByMonth, const std::vector<double>& busyHoursByMonth, double pue);

} // namespace gp
