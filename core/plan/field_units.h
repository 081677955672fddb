// Numbers typed with their unit for a plan field ("500 ms", "0.5 s", "20%", "2B"): read into the field's own
// unit (plan_fields.h FieldUnit), so that a typed unit is never dropped. The window's rows use it.
#pragma once

#include "plan/plan_fields.h"

#include <optional>
#include <string_view>

namespace gp
{

// The value of `text` in `unit` (a Seconds field: "500 ms" = 0.5, "0.5 s" = 0.5, "2 min" = 120). A number without
// a unit is in `bareSymbol` ("ms": "50" = 0.05 s), or in the field's unit when `bareSymbol` is empty. Thousands
// separators (",") and spaces are ignored. nullopt when `text` is not a number in a unit of the field's kind
// ("abc", "5 GiB" for a time).
std::optional<double> readQuantity(std::string_view text, FieldUnit unit, std::string_view bareSymbol = {});

// The field unit's own symbol ("s", "h", "GiB", "%"); "" for a unit without one.
std::string_view unitSymbol(FieldUnit unit);

// A time unit: the window says "a time" in its message and offers "500 ms or 0.5 s".
bool isTimeUnit(FieldUnit unit);

} // namespace gp
