// Owned machines against the rented fleet, month by month.
#include "budget/buy_or_rent.h"

#include <algorithm>
#include <cmath>

namespace gp
{

BuyOrRentAnswer buyOrRent(const OwnedOption& o, int machines, const std::vector<double>& rentByMonth,
    const std::vector<double>& gpuKwhByMonth, const std::vector<double>& busyHoursByMonth, double pue)
{
    BuyOrRentAnswer a;
    a.instance = o.instance;
    a.machines = machines;
    a.rentByMonth = rentByMonth;
    const std::size_t months = rentByMonth.size();
    const double n = machines;
    const double depreciation = (o.purchasePrice - o.residualValue) / std::max(1, o.lifeMonths);
    double cumRent = 0;
    double cumCash = 0;
    double lastOpex = 0;
    for (std::size_t m = 0; m < months; ++m) {
        const double gpuKwh = m < gpuKwhByMonth.size() ? gpuKwhByMonth[m] : 0.0;
        const double busy = m < busyHoursByMonth.size() ? busyHoursByMonth[m] : 0.0;
        const double kwh = (gpuKwh + busy * o.hostWatts / 1000.0) * pue;
        const double opex = n * (o.hostingPerMonth + o.maintenancePerMonth) + kwh * o.electricityPerKwh;
        const double cash = opex + (m == 0 ? n * o.purchasePrice : 0.0);
        const double cost = opex + (int(m) < o.lifeMonths ? n * depreciation : 0.0);
        a.energyKwhByMonth.push_back(kwh);
        a.ownedCashByMonth.push_back(cash);
        a.ownedCostByMonth.push_back(cost);
        cumRent += rentByMonth[m];
        cumCash += cash;
        if (!a.crossoverMonth && cumRent >= cumCash - 1e-9)
            a.crossoverMonth = int(m) + 1;
        lastOpex = opex;
    }
    a.rentTotal = cumRent;
    a.ownedCashTotal = cumCash;
    for (double c : a.ownedCostByMonth)
        a.ownedCostTotal += c;
    a.residualAtHorizon = n * std::max(o.residualValue, o.purchasePrice - depreciation * double(months));
    // Past the horizon: the gap closes by (last month's rent - last month's opex) a month, if it closes at all.
    if (!a.crossoverMonth && months > 0) {
        const double gain = rentByMonth.back() - lastOpex;
        if (gain > 0) {
            a.crossoverMonth = int(months) + int(std::ceil((cumCash - cumRent) / gain - 1e-9));
            a.crossoverEstimated = true;
        }
    }
    return a;
}

} // namespace gp
