// Money for a serving deployment: cost per million output tokens and per million tokens, and the monthly bill,
// under the billing modes the plan allows.
#pragma once

#include "estimate/common/results.h"

#include <vector>

namespace gp
{

// Fills the money fields of `result` (its replicas and throughput already set) from `rates` (whole deployment,
// plan currency): an always-on deployment pays each mode's hourly rate (monthly: the month spread over its hours;
// spot: its interruptions' lost hours); the per-token figures use the cheapest mode the plan allows. The monthly bill
// covers `requests_per_month` (pay-as-you-go hours of serving them; monthly: whole months) or, without it, a month
// always on. `monthDays` is the catalog's billing month.
void priceServing(ServingResult& result, const std::vector<BillingRate>& rates, const Billing& billing,
    const ServingSpec& spec, double monthDays);

// Makes `cost` (from estimateCost over `hours`, the month's serving hours) one month's bill under every mode: a
// reservation pays the month's share of its term, every hour of the month used or not (billedMonth), not the whole
// term, so the reserved total compares with the other modes' month. `cost.reserved_unused_hours` becomes the month's
// hours the deployment leaves unused; the reserved curve owes the month at day 0.
void billServingMonth(CostEstimate& cost, double hours);

// Prefill and decode pools on two catalog instances (serving.deployment.mixed_instances): both pools' rates, mode by
// mode. A mode priced for only one instance cannot pay for the pair and is left out; a spot pair runs at the slower
// pool's time factor.
std::vector<BillingRate> combinedRates(const std::vector<BillingRate>& a, const std::vector<BillingRate>& b);
// `into` (one pool's CostEstimate over the serving hours) plus the other pool's, mode by mode, as combinedRates.
void addPoolCost(CostEstimate& into, const CostEstimate& other);

} // namespace gp
