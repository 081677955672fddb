// Cost to finish a plan under each billing mode, and cost over elapsed time.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

namespace gp
{

// Cost of running `hardware` for `hours` (wall-clock hours to finish) under every billing mode
// the catalog gives, converted to `billing.currency`.
CostEstimate estimateCost(const Hardware& hardware, double hours, const Billing& billing, const Catalog& catalog);

// What the plan pays of one catalog price figure ("on_demand_per_hour" or "monthly"): 1 - billing.price_discount for
// a list price (published or estimated), 1 for a quote (user or imported) or without a discount. Spot and reserved
// rates are taken off the pay-as-you-go figure, so the discount reaches every mode.
double listPriceFactor(const PriceSpec& price, const char* figure, const Billing& billing);

// Months a monthly subscription pays for a run of `days`: every month started, at least one.
double monthsBilled(double days, double monthDays);

// The cost of `workHours` of work under one billing mode: the one rule every front end and the planner use.
// Spot pays for its interruptions' extra wall-clock time; monthly pays whole months; reserved pays at least its
// whole term (the committed hours). +infinity for a run that cannot finish.
double billedCost(const BillingRate& rate, double workHours, double monthDays);

// One month's bill of a service that runs on beyond the month (serving): as billedCost, except that a reservation
// pays every hour of the month whether used or not (its term is longer than the month).
double billedMonth(const BillingRate& rate, double workHours, double monthDays);

// The term the catalog's reserved discounts are quoted for (defaults-cost.json `billing.reserved_term_months`), in
// months; 0 when the catalog has none.
int quotedReservedTermMonths(const Catalog& catalog);
// The plan's reservation term (`billing.reserved_term_months`), else the quoted term.
int reservedTermMonths(const Billing& billing, const Catalog& catalog);
// The hours a term of `months` commits to (catalog `billing.reserved_term_hours_per_month` each); NaN when unknown.
double reservedTermHours(int months, const Catalog& catalog);

// Converts an amount between currencies ("CNY", "USD") with the plan's or catalog's rate.
double convertCurrency(
    double amount, const std::string& from, const std::string& to, const Billing& billing, const Catalog& catalog);

const std::vector<std::string>& costDefaultKeys();

} // namespace gp
