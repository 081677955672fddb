// A result's cost under one billing mode, read from its one list of per-mode costs (CostEstimate::modes): the
// outputs and the window read every mode's total through it, in the billing-mode table's order.
#pragma once

#include "estimate/common/results.h"
#include "plan/billing_modes.h"

#include <algorithm>
#include <optional>

namespace gp
{

// The total under `mode`; none when the mode has no price or the run no known duration.
inline std::optional<double> billingTotal(const CostEstimate& cost, BillingMode mode)
{
    const std::string_view code = billingModeCode(mode);
    const auto it
        = std::find_if(cost.modes.begin(), cost.modes.end(), [code](const BillingCost& m) { return m.mode == code; });
    return it == cost.modes.end() ? std::nullopt : it->total;
}

} // namespace gp
