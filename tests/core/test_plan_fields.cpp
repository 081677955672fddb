// The plan's field table: every scalar input round-trips through the file, leaves it when set back to its default,
// names itself in errors, and a plan that lost a value is not equal to the one that had it.
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/cost/cost_model.h"
#include "plan/limits.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

using nlohmann::json;

namespace
{

gp::Plan defaultPlanForFields()
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    EXPECT_TRUE(plan.ok());
    return plan.ok() ? *plan : gp::Plan {};
}

// The values a test tries for a field, in order, none of them its default.
std::vector<json> nonDefaultValues(const gp::PlanField& f)
{
    std::vector<json> values;
    const json def = f.defaultValue();
    auto add = [&](const json& v) {
        if (v != def && std::find(values.begin(), values.end(), v) == values.end())
            values.push_back(v);
    };
    switch (f.kind) {
    case gp::FieldKind::Boolean:
        if (def.is_null()) { // an optional flag (workload.rl.reference): either value is away from "not set"
            add(true);
            add(false);
        } else {
            add(!def.get<bool>());
        }
        break;
    case gp::FieldKind::Choice:
        for (std::string_view name : f.choices)
            add(std::string(name));
        break;
    case gp::FieldKind::Integer:
        for (double v : { f.min + 1, f.min + 2, f.max, f.min })
            if (v >= f.min && v <= f.max && !(f.minExclusive && v <= f.min))
                add(std::int64_t(v));
        break;
    case gp::FieldKind::Number:
        for (double v : { (f.min + f.max) / 2, f.max, f.min + (f.max - f.min) / 4, f.min })
            if (!(f.minExclusive && v <= f.min))
                add(v);
        break;
    case gp::FieldKind::Text: // the one text field, a pipeline layout: one stage, as the default plan's pipeline 1
        add(std::string("EtL"));
        break;
    }
    return values;
}

// The field's JSON pointer ("/workload/serving/slo/ttft_seconds").
json::json_pointer fieldPointer(const gp::PlanField& f)
{
    std::string pointer(f.path);
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    return json::json_pointer("/" + pointer);
}

// What a field needs beside it to be valid (the parser's cross-field rules).
void preparePlanForField(gp::Plan& plan, const gp::PlanField& f)
{
    if (f.path == "workload.activation_checkpointing_layers")
        plan.workload.activationCheckpointing = gp::Checkpointing::Full;
    if (f.path == "workload.parallelism.virtual_stages")
        plan.workload.parallelism.pipelineSchedule = gp::PipelineSchedule::Interleaved;
}

} // namespace

TEST(PlanFields, TableIsWellFormed)
{
    std::set<std::string_view> paths;
    for (const gp::PlanField& f : gp::planFields()) {
        SCOPED_TRACE(std::string(f.path));
        EXPECT_TRUE(paths.insert(f.path).second) << "listed twice";
        ASSERT_TRUE(f.get && f.set);
        EXPECT_FALSE(f.parent().empty());
        // Its entry carries its window words (the window's row and the report's read them, translated).
        EXPECT_TRUE(f.label && *f.label) << "an entry without .words(label)";
        EXPECT_TRUE(!f.toolTip || *f.toolTip) << "an empty tool tip: leave it out";
        if (f.kind == gp::FieldKind::Integer || f.kind == gp::FieldKind::Number) {
            EXPECT_LT(f.min, f.max);
        }
        if (f.kind == gp::FieldKind::Choice) {
            EXPECT_GE(f.choices.size(), 2u);
        }
        if (f.report == gp::FieldReport::Hidden) {
            EXPECT_FALSE(f.hiddenReason.empty()) << "a hidden field says why";
        }
        const json def = f.defaultValue();
        EXPECT_EQ(def.is_null(), f.optional) << "an optional field defaults to absent, a required one to a value";
        if (def.is_number() && !f.optional) {
            EXPECT_TRUE(def.get<double>() >= f.min && def.get<double>() <= f.max) << def.dump();
        }
    }
    // The sweep's fields are the table's sweepable entries (sequence length, micro-batch, ... price discount).
    const auto sweepable = gp::sweepableFields();
    ASSERT_FALSE(sweepable.empty());
    for (const gp::PlanField* f : sweepable)
        EXPECT_TRUE(f->kind == gp::FieldKind::Integer || f->kind == gp::FieldKind::Number) << f->path;
}

TEST(PlanFields, EveryFieldRoundTripsANonDefaultValueAndLeavesTheFileAtItsDefault)
{
    const gp::Plan base = defaultPlanForFields();
    for (const gp::PlanField& f : gp::planFields()) {
        SCOPED_TRACE(std::string(f.path));
        bool tried = false;
        for (const json& value : nonDefaultValues(f)) {
            gp::Plan plan = base;
            preparePlanForField(plan, f);
            f.set(plan, value);
            ASSERT_EQ(f.get(plan), value);
            const std::string saved = gp::serializePlan(plan);
            auto reread = gp::parsePlan(saved);
            if (!reread.ok())
                continue; // a value the parser's cross-field rules refuse here (an interleaved schedule, ...)
            tried = true;
            EXPECT_EQ(f.get(*reread), value) << saved;
            EXPECT_TRUE(*reread == plan) << "the file holds every other value as well";
            EXPECT_EQ(gp::serializePlan(*reread), saved) << "saving twice gives the same bytes";

            // Back at its default: the value read from the file must not come back.
            gp::Plan back = *reread;
            for (const gp::PlanField& g : gp::planFields())
                g.set(back, g.get(base));
            f.set(back, f.defaultValue());
            const json written = gp::planToJson(back);
            if (f.write == gp::FieldWrite::NotAtDefault) {
                EXPECT_FALSE(written.contains(fieldPointer(f))) << written.dump();
            }
            auto again = gp::planFromJson(written);
            ASSERT_TRUE(again.ok()) << again.error().toString();
            EXPECT_EQ(f.get(*again), f.defaultValue());
            break;
        }
        EXPECT_TRUE(tried) << "no non-default value of the field reads back";
    }
}

TEST(PlanFields, ValueOutOfRangeIsRefusedNamingTheField)
{
    const json document = gp::planToJson(defaultPlanForFields());
    for (const gp::PlanField& f : gp::planFields()) {
        if (f.kind != gp::FieldKind::Integer && f.kind != gp::FieldKind::Number && f.kind != gp::FieldKind::Choice)
            continue;
        SCOPED_TRACE(std::string(f.path));
        json bad = document;
        bad[fieldPointer(f)] = f.kind == gp::FieldKind::Choice ? json("no-such-choice") : json(f.max * 2 + 1);
        auto plan = gp::planFromJson(bad);
        ASSERT_FALSE(plan.ok());
        EXPECT_EQ(plan.error().field, f.path) << plan.error().toString();
    }
}

// Plan::operator== compares the values, not the writer's JSON: a writer that drops a field would write the same JSON
// for both plans and pass a JSON comparison; the value read back differs from the plan's, and == says so.
TEST(PlanFields, APlanReadFromAFileMissingAValueIsNotEqualToThePlanThatHadIt)
{
    gp::Plan plan = defaultPlanForFields();
    plan.billing.priceDiscount = 0.25;
    plan.workload.torchCompile = true;
    for (const char* path : { "/billing/price_discount", "/workload/torch_compile" }) {
        json written = gp::planToJson(plan);
        ASSERT_TRUE(written.contains(json::json_pointer(path)));
        const std::string_view p(path);
        written[json::json_pointer(std::string(p.substr(0, p.rfind('/'))))].erase(
            std::string(p.substr(p.rfind('/') + 1)));
        auto dropped = gp::planFromJson(written);
        ASSERT_TRUE(dropped.ok());
        EXPECT_FALSE(*dropped == plan) << path;
    }
    // Fields no struct holds (scenarios, unknown fields) count too; how the file spelled a known one does not.
    gp::Plan withUnknown = plan;
    withUnknown.original["workload"]["future_field"] = 3;
    EXPECT_FALSE(withUnknown == plan);
    gp::Plan respelled = plan;
    respelled.original["workload"]["sequence_length"] = 123;
    EXPECT_TRUE(respelled == plan);
}

// billing.storage_per_month: a monthly bill in the plan's currency, paid for the run's days.
TEST(PlanFields, StoragePerMonthIsPaidForTheRunsDays)
{
    gp::Hardware hw;
    hw.nodes = 1;
    hw.price.onDemandPerHour = 10.0;
    hw.price.currency = "CNY";
    hw.id = "test:box";
    hw.price.status = "published";
    hw.price.source = "test";
    gp::Billing billing;
    billing.storagePerMonth = 300;
    const double hours = 24 * 15;
    const gp::CostEstimate e = gp::estimateCost(hw, hours, billing, gp::builtinCatalog());
    ASSERT_TRUE(e.storage.has_value());
    EXPECT_NEAR(*e.storage, 300 * 15 / e.monthDays, 1e-9); // 15 days of a month of e.monthDays days
    EXPECT_NEAR(*e.total(gp::BillingMode::OnDemand), 10.0 * hours, 1e-9) << "the compute bill is unchanged";
    billing.storagePerMonth.reset();
    EXPECT_FALSE(gp::estimateCost(hw, hours, billing, gp::builtinCatalog()).storage.has_value());
}

// billing.price_surcharge: a share on top of every price paid (a support plan, a tax), quotes and storage included.
TEST(PlanFields, PriceSurchargeIsAddedToEveryPriceQuotesAndStorageIncluded)
{
    gp::Hardware hw;
    hw.nodes = 2;
    hw.price.onDemandPerHour = 10.0; // per node
    hw.price.monthly = 5000.0;
    hw.price.currency = "CNY";
    hw.id = "test:box";
    hw.price.status = "published";
    hw.price.source = "test";
    gp::Billing billing;
    billing.storagePerMonth = 300;
    const double hours = 24 * 15;
    const gp::CostEstimate plain = gp::estimateCost(hw, hours, billing, gp::builtinCatalog());
    billing.priceSurcharge = 0.06; // China's VAT on IT services
    const gp::CostEstimate taxed = gp::estimateCost(hw, hours, billing, gp::builtinCatalog());
    // By hand: 2 nodes x 10 per hour x 360 hours x 1.06 = 7,632; the storage bill 300 x 15 / month days x 1.06.
    EXPECT_NEAR(*taxed.total(gp::BillingMode::OnDemand), 2 * 10.0 * hours * 1.06, 1e-6);
    EXPECT_NEAR(*taxed.pricePerHour, 21.2, 1e-9);
    EXPECT_NEAR(*taxed.storage, 300 * 15 / taxed.monthDays * 1.06, 1e-9);
    ASSERT_TRUE(plain.total(gp::BillingMode::Monthly) && taxed.total(gp::BillingMode::Monthly));
    EXPECT_NEAR(*taxed.total(gp::BillingMode::Monthly) / *plain.total(gp::BillingMode::Monthly), 1.06, 1e-12);
    // A quote is surcharged too (unlike billing.price_discount, which only lowers list prices).
    hw.userPricePerHour = 30.0;
    EXPECT_NEAR(*gp::estimateCost(hw, hours, billing, gp::builtinCatalog()).total(gp::BillingMode::OnDemand),
        30.0 * hours * 1.06, 1e-6);
    // Absent (the default) and 0 leave every figure as it was.
    billing.priceSurcharge = 0;
    hw.userPricePerHour.reset();
    EXPECT_EQ(*gp::estimateCost(hw, hours, billing, gp::builtinCatalog()).total(gp::BillingMode::OnDemand),
        *plain.total(gp::BillingMode::OnDemand));
}
