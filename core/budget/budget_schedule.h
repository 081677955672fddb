// When each budget item runs, hour by hour over the horizon, and a serving item's traffic month by month.
#pragma once

#include "budget/budget.h"

#include <vector>

namespace gp
{

// An item's use of machines: [startHour, endHour) from the horizon's start.
struct RunInterval {
    double startHour = 0;
    double endHour = 0;
};

struct TrainingRuns {
    std::vector<RunInterval> runs; // clipped at the horizon's end
    double hoursCut = 0; // run hours past the horizon's end (not budgeted; warning run_past_horizon)
};

// The runs of a training item taking `hoursPerRun` each (months of `monthHours`, horizon of `horizonMonths`).
TrainingRuns trainingRuns(const BudgetSchedule& schedule, double hoursPerRun, int horizonMonths, double monthHours);

// Requests per second of a serving item in each horizon month (0 outside its schedule); `planRate` is the plan's own
// rate, used when the item gives no traffic.
std::vector<double> servingRates(const BudgetItem& item, int horizonMonths, double planRate);

// Machines an item uses in each hour of the horizon: `machines` during each interval (fractional hours at the
// edges count as the whole hour, as billing does).
void addIntervals(std::vector<int>& hourly, const std::vector<RunInterval>& runs, int machines);

} // namespace gp
