// Cost to finish a plan under each billing mode, and cost over elapsed time.
#pragma once

#include "gp/catalog.h"
#include "gp/hardware.h"
#include "gp/plan.h"
#include "gp/results.h"

namespace gp {

// Cost of running `hardware` for `hours` (wall-clock hours to finish) under every billing mode
// the catalog gives, converted to `billing.currency`.
CostEstimate estimateCost(const Hardware& hardware, double hours, const Billing& billing, const Catalog& catalog);

// Converts an amount between currencies ("CNY", "USD") with the plan's or catalog's rate.
double convertCurrency(double amount, const std::string& from, const std::string& to, const Billing& billing,
                       const Catalog& catalog);

const std::vector<std::string>& costDefaultKeys();

} // namespace gp
