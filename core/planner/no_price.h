// Why a candidate has no price under a plan's region and billing modes (the answer's no_price reason), as data.
#pragma once

#include "base/diagnostic.h"
#include "catalog/catalog.h"
#include "estimate/common/results.h"
#include "plan/plan.h"

namespace gp
{

// Why `result` (of the plan's candidate `spec`, may be null) has no price under the billing modes the plan counts,
// code "no_price", args: `region` (where its price was looked up: the plan's billing.regions entry for its provider,
// else the region of the catalog's price; empty without a catalog instance), `price_status` (the cost's status:
// "missing" when the catalog says none is published, else "unknown"), `other_modes` (billing-mode codes it is
// priced under that the plan does not count, ", "-joined) and `other_regions` (regions the catalog prices it in).
// The message says what to do (a quote: the candidate's price_per_hour or a price override).
Diagnostic noPriceReason(
    const CandidateResult& result, const CandidateSpec* spec, const Plan& plan, const Catalog* catalog);

} // namespace gp
