// The window's words for a billing mode of the core's results: CoreText::billingMode (translated) of the mode's code
// in the billing-mode table (plan/billing_modes.h).
#pragma once

#include "core_text.h"
#include "plan/billing_modes.h"

#include <optional>

namespace gpui
{

// The mode's code as text ("on_demand"): the key the window's options and the translated words take.
inline QString billingModeKey(gp::BillingMode mode)
{
    const std::string_view code = gp::billingModeCode(mode);
    return QString::fromUtf8(code.data(), qsizetype(code.size()));
}

// "Pay-as-you-go"; "Reserved, 1-year term" with a reservation's term; "" for none.
inline QString windowBillingMode(std::optional<gp::BillingMode> mode, int reservedTermMonths = 0)
{
    return mode ? CoreText::billingMode(billingModeKey(*mode), reservedTermMonths) : QString();
}

} // namespace gpui
