// A catalog price's billing figures by name ("on_demand_per_hour", "monthly", "spot_discount",
// "reserved_discount"), as the billing-mode table (plan/billing_modes.h) and a quote's keptFromCatalog name them.
#pragma once

#include "catalog/catalog.h"

#include <optional>
#include <string_view>

namespace gp
{

// The figure `name` of `price`; nullptr for another name.
inline std::optional<double>* priceFigure(PriceSpec& price, std::string_view name)
{
    return name == "on_demand_per_hour" ? &price.onDemandPerHour
        : name == "monthly"             ? &price.monthly
        : name == "spot_discount"       ? &price.spotDiscount
        : name == "reserved_discount"   ? &price.reservedDiscount
                                        : nullptr;
}

} // namespace gp
