// Energy and carbon of budget items: the GPUs' power from the catalog (datasheet TDP) times their utilisation in
// each phase, the data centre's PUE, and the grid's carbon intensity in the region (resources/catalog/
// defaults-energy.json, each with its source). Shown, not optimised.
#pragma once

#include "catalog/catalog.h"

#include <optional>
#include <string_view>

namespace gp
{

struct EnergyFactors {
    double pue = 1; // data-centre power usage effectiveness
    std::optional<double> kgCo2PerKwh; // the region's grid; absent: not in the catalog
};

// The PUE (the budget's, else the catalog's `energy.pue`) and the region's `energy.grid_kg_co2_per_kwh.<region>`.
EnergyFactors energyFactors(const Catalog& catalog, std::string_view region, std::optional<double> budgetPue);

// The share of TDP a training GPU draws while busy (catalog `energy.training_gpu_power_fraction`).
double trainingPowerFraction(const Catalog& catalog);

// kWh the GPUs of `machineHours` machine-hours draw (before PUE): gpus x TDP x utilisation.
double gpuKwh(double machineHours, int gpusPerMachine, double tdpWatts, double utilisation);

} // namespace gp
