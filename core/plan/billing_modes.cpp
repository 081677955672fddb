#include "plan/billing_modes.h"

#include <algorithm>
#include <array>

namespace gp
{

namespace
{

// Pay-as-you-go (按量计费), monthly subscription (包年包月), reserved instances (预留实例券, a one- or three-year
// commitment) and spot (竞价实例, can be reclaimed): the modes of the Tencent Cloud guides and of every cloud priced.
constexpr std::array<BillingModeSpec, kBillingModeCount> kBillingModeTable = { {
    { BillingMode::OnDemand, "on_demand", "cost_on_demand", "pay-as-you-go", BillingPricing::Hourly,
        "on_demand_per_hour", "", BillingPen::Solid, true },
    { BillingMode::Monthly, "monthly", "cost_monthly", "monthly", BillingPricing::WholeMonths, "monthly", "",
        BillingPen::Dash, true },
    { BillingMode::Reserved, "reserved", "cost_reserved", "reserved", BillingPricing::TermCommitment,
        "on_demand_per_hour", "reserved_discount", BillingPen::DashDot, false },
    { BillingMode::Spot, "spot", "cost_spot", "spot", BillingPricing::Interruptible, "on_demand_per_hour",
        "spot_discount", BillingPen::Dot, false },
} };

// billingModeSpec() indexes the table by the enum's value.
constexpr bool billingModeTableInEnumOrder()
{
    for (std::size_t i = 0; i < kBillingModeTable.size(); ++i)
        if (static_cast<std::size_t>(kBillingModeTable[i].mode) != i)
            return false;
    return true;
}
static_assert(billingModeTableInEnumOrder());

} // namespace

std::span<const BillingModeSpec> billingModes()
{
    return kBillingModeTable;
}

const BillingModeSpec& billingModeSpec(BillingMode mode)
{
    return kBillingModeTable[static_cast<std::size_t>(mode)];
}

std::optional<BillingMode> billingModeFromCode(std::string_view code)
{
    const auto it = std::find_if(kBillingModeTable.begin(), kBillingModeTable.end(),
        [code](const BillingModeSpec& s) { return s.code == code; });
    return it == kBillingModeTable.end() ? std::nullopt : std::optional<BillingMode>(it->mode);
}

std::string_view billingModeCode(BillingMode mode)
{
    return billingModeSpec(mode).code;
}

std::string billingModeCodes(std::string_view last)
{
    std::string text;
    for (std::size_t i = 0; i < kBillingModeTable.size(); ++i)
        text += (i == 0                                                      ? ""
                        : i + 1 == kBillingModeTable.size() && !last.empty() ? std::string(last)
                                                                             : ", ")
            + std::string(kBillingModeTable[i].code);
    return text;
}

bool billingModeListed(const std::vector<std::string>& codes, BillingMode mode)
{
    return std::find(codes.begin(), codes.end(), billingModeCode(mode)) != codes.end();
}

std::string billingModeText(std::optional<BillingMode> mode)
{
    return mode ? std::string(billingModeCode(*mode)) : std::string();
}

} // namespace gp
