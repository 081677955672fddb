// How the plan is billed (billing: currency, modes, spot interruptions, storage, discounts, the reservation's term)
// with its scalar inputs as entries of the plan's field table (plan_fields.h, field_entry.h).
#pragma once

#include "plan/billing_modes.h"
#include "plan/field_entry.h"
#include "plan/limits.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// The billing modes a cost can be computed under, in display order: pay-as-you-go (按量计费), monthly
// subscription (包年包月), reserved instances (预留实例券, a one- or three-year commitment) and spot (竞价实例,
// can be reclaimed).
const std::vector<std::string>& billingModeNames();
// The modes a plan counts when nothing is listed: reserved and spot only when the plan names them.
const std::vector<std::string>& defaultBillingModes();

struct Billing {
    bool operator==(const Billing&) const = default;
    std::string currency = "CNY";
    std::vector<std::string> modes = defaultBillingModes(); // the billing modes the ranking may use
    bool allows(BillingMode mode) const;
    std::optional<double> exchangeRate; // CNY per USD
    std::optional<double> spotInterruptionsPerDay;
    std::optional<double> checkpointIntervalHours;
    std::optional<double> restartMinutes;
    std::optional<double> storageGib; // dataset + checkpoints kept on cloud disk
    std::optional<double> storagePerMonth; // a monthly storage bill (plan currency) added to the cost of every run
    // The user's discount off the catalog's list prices (published or estimated), a fraction from 0 to 0.99: every
    // billing mode of such a price is paid at (1 - discount) of it. A quote (a candidate's price_per_hour, a user or
    // imported price) is what the user pays already and is not discounted. Absent = list prices.
    std::optional<double> priceDiscount;
    // A share added to every price the plan pays, quotes and storage included, from 0 to 1: a support plan billed as a
    // share of the cloud bill (AWS Business Support: 10% of the first $10K of a month's usage, 7% to $80K, 5% to
    // $250K, 3% above; aws.amazon.com/premiumsupport/pricing, 2026-12), a tax on cloud services the prices leave out
    // (China's VAT on IT services: 6%, Caishui [2016] No. 36), a reseller's margin. Absent = none: the prices as the
    // catalog (each with its source) or the quote give them.
    std::optional<double> priceSurcharge;
    // The reservation's term (预留实例券, RI, savings plan), paid in full whether used or not; absent = the catalog's
    // `billing.reserved_term_months`, the term its reserved discounts are quoted for.
    std::optional<int> reservedTermMonths;
    std::map<std::string, std::string> regions; // provider -> region priced ("aws" -> "us-east-1"); absent = reference
};

// billing.reserved_term_months's words for a value out of its range.
inline std::string_view reservedTermRangeWords()
{
    static const std::string words = "a whole number of months from 1 to "
        + std::to_string(limits::kMaxReservedTermMonths) + " (12 = a 1-year term)";
    return words;
}

// The billing inputs (billing.*); the list of modes and the regions are read beside the table (plan_parse.cpp).
template <class Table> void billingFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("billing.currency", GP_PLAN_MEMBER(billing.currency), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Currency"));
    t.add("billing.exchange_rate", GP_PLAN_MEMBER(billing.exchangeRate), Unit::CnyPerUsd, kMinExchangeRate,
         kMaxExchangeRate, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Exchange rate"));
    t.add("billing.spot_interruptions_per_day", GP_PLAN_MEMBER(billing.spotInterruptionsPerDay), Unit::PerDay, 0,
         kMaxInterruptionsPerDay, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Spot interruptions"));
    t.add("billing.checkpoint_interval_hours", GP_PLAN_MEMBER(billing.checkpointIntervalHours), Unit::Hours,
         kMinCheckpointHours, kMaxCheckpointHours, Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Checkpoint interval"));
    t.add("billing.restart_minutes", GP_PLAN_MEMBER(billing.restartMinutes), Unit::Minutes, 0, kMaxRestartMinutes,
         Write::Always, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Restart time"),
            GP_TRANSLATE_NOOP("FieldText", "Time to restart a run from its last checkpoint after a spot interruption"));
    t.add("billing.storage_gib", GP_PLAN_MEMBER(billing.storageGib), Unit::Gib, 0, kMaxStorageGib, Write::Always,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Cloud storage"));
    t.add("billing.storage_per_month", GP_PLAN_MEMBER(billing.storagePerMonth), Unit::MoneyPerMonth, 0, kMaxBudget,
         Write::NotAtDefault, Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Storage per month"),
            GP_TRANSLATE_NOOP("FieldText",
                "A monthly storage bill in the plan's currency (a file system, an object "
                "store), added to the run's storage cost for its length"));
    t.add("billing.price_discount", GP_PLAN_MEMBER(billing.priceDiscount), Unit::Fraction, 0, kMaxPriceDiscount,
         Write::NotAtDefault, Report::Assumption)
        .sweep("0, 0.1, 0.2, 0.3")
        .words(GP_TRANSLATE_NOOP("FieldText", "Price discount"));
    t.add("billing.price_surcharge", GP_PLAN_MEMBER(billing.priceSurcharge), Unit::Fraction, 0, 1, Write::NotAtDefault,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Price surcharge"),
            GP_TRANSLATE_NOOP("FieldText",
                "A share added to every price the plan pays, quotes and storage included: a support plan billed as a "
                "share of the cloud bill, a tax the prices leave out, a reseller's margin"));
    t.add("billing.reserved_term_months", GP_PLAN_MEMBER(billing.reservedTermMonths), Unit::Months, 1,
         double(kMaxReservedTermMonths), Write::Always, Report::Assumption)
        .rangeIs(reservedTermRangeWords())
        .words(GP_TRANSLATE_NOOP("FieldText", "Reservation term"));
}

} // namespace gp
