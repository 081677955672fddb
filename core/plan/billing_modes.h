// The billing modes as one table: each mode's code (the plan's billing.modes word and the key of a result's cost),
// its CSV column, how it is priced, how its cost curve is drawn and what the sensitivity's price scaling moves. The
// cost model, the JSON, CSV and table outputs, the scenario comparison, the sensitivity, the window's charts and the
// PDF read it; a new mode is one row here (and its words in the UI's CoreText::billingMode).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

enum class BillingMode { OnDemand, Monthly, Reserved, Spot };
// The table's rows (checked against it): a fixed set of columns per mode (the window's comparison table) asserts it.
inline constexpr std::size_t kBillingModeCount = 4;

// How a mode turns hours of work into a bill (billedCost() in estimate/cost/cost_model.h).
enum class BillingPricing {
    Hourly, // the pay-as-you-go figure per hour of use
    WholeMonths, // the monthly figure, every month started paid in full
    TermCommitment, // the pay-as-you-go figure less a discount, for every hour of the committed term, used or not
    Interruptible, // the pay-as-you-go figure less a discount, for the longer wall-clock time interruptions cause
};

// How the window's and the PDF's cost-over-time chart draws the mode's curve.
enum class BillingPen { Solid, Dash, DashDot, Dot };

struct BillingModeSpec {
    BillingMode mode;
    std::string_view code; // "on_demand": billing.modes, results' cost.<code>, scenarios' costs.<code>
    std::string_view csvColumn; // "cost_on_demand": estimate/plan --format csv and plan --scenarios CSV
    // The command line's English words ("pay-as-you-go"); the window's are CoreText::billingMode(), translated.
    std::string_view words;
    BillingPricing pricing;
    // The catalog price figure the mode is priced from ("on_demand_per_hour", "monthly"): the figure a sensitivity's
    // price scaling moves for this mode, and the one a quote must give.
    std::string_view priceFigure;
    std::string_view discountKey; // the catalog's discount off the price figure ("spot_discount"); "" = none
    BillingPen pen;
    bool countedByDefault; // in billing.modes when a plan lists none
};

// Every billing mode, in display order (pay-as-you-go, monthly, reserved, spot).
std::span<const BillingModeSpec> billingModes();
const BillingModeSpec& billingModeSpec(BillingMode mode);
// The mode of a code; nullopt for a word that is not one.
std::optional<BillingMode> billingModeFromCode(std::string_view code);
std::string_view billingModeCode(BillingMode mode);
// Every code, for messages: "on_demand, monthly, reserved or spot" (`last` joins the last two; ", " when empty).
std::string billingModeCodes(std::string_view last = " or ");
// Whether a list of codes as a plan or budget gives them (billing.modes) names `mode`.
bool billingModeListed(const std::vector<std::string>& codes, BillingMode mode);
// The code of a mode that may be absent, "" for none: how the outputs write a result's chosen mode.
std::string billingModeText(std::optional<BillingMode> mode);

} // namespace gp
