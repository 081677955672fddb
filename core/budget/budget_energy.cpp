// Energy factors from the catalog (defaults-energy.json): no value in code.
#include "budget/budget_energy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace gp
{

namespace
{

double energyDefault(const Catalog& catalog, std::string_view key)
{
    return catalog.number(key, builtinCatalog().number(key, std::numeric_limits<double>::quiet_NaN()));
}

} // namespace

EnergyFactors energyFactors(const Catalog& catalog, std::string_view region, std::optional<double> budgetPue)
{
    EnergyFactors f;
    const double pue = budgetPue ? *budgetPue : energyDefault(catalog, "energy.pue");
    f.pue = std::isfinite(pue) && pue >= 1 ? pue : 1.0;
    const double kg = energyDefault(catalog, "energy.grid_kg_co2_per_kwh." + std::string(region));
    if (std::isfinite(kg) && kg >= 0)
        f.kgCo2PerKwh = kg;
    return f;
}

double trainingPowerFraction(const Catalog& catalog)
{
    const double v = energyDefault(catalog, "energy.training_gpu_power_fraction");
    return std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : v; // NaN: unknown, and so is the energy
}

double gpuKwh(double machineHours, int gpusPerMachine, double tdpWatts, double utilisation)
{
    return machineHours * gpusPerMachine * tdpWatts * std::clamp(utilisation, 0.0, 1.0) / 1000.0;
}

} // namespace gp
