// Sensitivity: the answer re-run with each uncertain input at the ends of its sourced spread. Properties (the range
// holds the point estimate, cost rises with price, a candidate best across the range is stable), a hand-computed
// price threshold, the catalog's spreads recomputed from their sources, and `plan --sensitivity`.
#include "base/finite_number.h"
#include "base/number_text.h"
#include "catalog/catalog.h"
#include "cli/cli.h"
#include "estimate/cost/cost_model.h"
#include "output/sensitivity_output.h"
#include "planner/answer.h"
#include "planner/sensitivity.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

using nlohmann::json;
using namespace gp;

namespace
{

Plan sensitivityPlan(const json& candidates, const json& billingModes = nullptr)
{
    json document = json::parse(defaultPlanText());
    document["candidates"] = candidates;
    if (!billingModes.is_null())
        document["billing"]["modes"] = billingModes;
    auto plan = planFromJson(document);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : Plan {};
}

json candidate(const std::string& instance)
{
    return { { "instance", instance }, { "nodes", "auto" } };
}

// The built-in catalog with a copy of `instance` named `id` whose price is published at `factor` x the original's.
Catalog withPublishedTwin(const std::string& instance, const std::string& id, double factor)
{
    Catalog catalog = builtinCatalog();
    InstanceSpec twin = *catalog.findInstance(instance);
    twin.id = id;
    twin.name = id.substr(id.find(':') + 1);
    twin.price.status = "published";
    *twin.price.onDemandPerHour *= factor;
    *twin.price.monthly *= factor;
    twin.otherPrices.clear();
    catalog.instances.push_back(twin);
    return catalog;
}

PlanSensitivity sensitivityOf(const Plan& plan, const Catalog& catalog)
{
    auto answer = answerPlan(plan, catalog);
    EXPECT_TRUE(answer.ok());
    if (!answer)
        return {};
    auto s = planSensitivity(plan, catalog, *answer);
    EXPECT_TRUE(s.ok());
    return s.ok() ? *s : PlanSensitivity {};
}

std::string skippedReason(const PlanSensitivity& s, const std::string& input)
{
    for (const PlanSensitivity::Skipped& k : s.skipped)
        if (k.input == input)
            return k.reason;
    return {};
}

const SensitivityInput* inputNamed(const PlanSensitivity& s, const std::string& name)
{
    for (const SensitivityInput& in : s.inputs)
        if (in.input == name)
            return &in;
    return nullptr;
}

} // namespace

TEST(Sensitivity, RangeContainsThePointEstimate)
{
    const Plan plan = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948"),
                                          candidate("tencent:GNV7e-8GPU"), candidate("tencent:GN10Xp.20XLARGE320") }),
        json::array({ "on_demand", "monthly", "spot" }));
    const PlanSensitivity s = sensitivityOf(plan, builtinCatalog());
    ASSERT_TRUE(s.available);
    ASSERT_EQ(s.inputs.size(), 6u); // prices (GNV7e is estimated), compute, bandwidth, spot, CUDA context, allocator
    EXPECT_LE(s.costLow, s.point.cost);
    EXPECT_GE(s.costHigh, s.point.cost);
    EXPECT_LE(s.hoursLow, s.point.hours);
    EXPECT_GE(s.hoursHigh, s.point.hours);
    EXPECT_LT(s.costLow, s.costHigh); // a spread of a few percent moves the cost
    for (const SensitivityInput& in : s.inputs) {
        for (const SensitivityBound* b : { &in.low, &in.high }) {
            ASSERT_TRUE(b->answered) << in.input;
            EXPECT_GE(b->cost, s.costLow) << in.input;
            EXPECT_LE(b->cost, s.costHigh) << in.input;
        }
    }
    // Widest first.
    for (std::size_t i = 1; i < s.inputs.size(); ++i)
        EXPECT_GE(s.inputs[i - 1].costWidth(), s.inputs[i].costWidth());
    // Slower GPUs take longer: low compute efficiency gives more hours than high.
    const SensitivityInput* compute = inputNamed(s, "compute_efficiency");
    ASSERT_NE(compute, nullptr);
    EXPECT_GT(compute->low.hours, compute->high.hours);
    // More interruptions cost more.
    const SensitivityInput* spot = inputNamed(s, "spot_interruptions");
    ASSERT_NE(spot, nullptr);
    EXPECT_LT(spot->low.value, spot->high.value);
}

TEST(Sensitivity, CostRisesWithEstimatedPrice)
{
    const Plan plan = sensitivityPlan(json::array({ candidate("tencent:GNV7-8GPU"), candidate("tencent:GNV7e-8GPU") }));
    double previous = 0;
    for (double factor : { 0.7, 0.85, 1.0, 1.15, 1.3 }) {
        const Catalog scaled = withEstimatedPricesScaled(builtinCatalog(), factor);
        auto answer = answerPlan(plan, scaled);
        ASSERT_TRUE(answer.ok());
        ASSERT_NE(answer->recommendation(), nullptr);
        const double cost = answer->standings[std::size_t(answer->recommended)].figures.cost;
        EXPECT_GT(cost, previous) << factor;
        previous = cost;
    }
    // A published price does not move.
    const Catalog scaled = withEstimatedPricesScaled(builtinCatalog(), 1.5);
    EXPECT_EQ(*scaled.findInstance("tencent:GT4.41XLARGE948")->price.onDemandPerHour,
        *builtinCatalog().findInstance("tencent:GT4.41XLARGE948")->price.onDemandPerHour);
    EXPECT_NEAR(*scaled.findInstance("tencent:GNV7-8GPU")->price.onDemandPerHour,
        1.5 * *builtinCatalog().findInstance("tencent:GNV7-8GPU")->price.onDemandPerHour, 1e-9);
}

TEST(Sensitivity, StableCandidateIsReportedStableWithItsPriceThreshold)
{
    // GNV7-8GPU (estimated price) against the same machine published at 1.5x: the estimate stays cheapest unless
    // its price is more than 50% above the estimate (the same hours, cost linear in the price).
    const Catalog catalog = withPublishedTwin("tencent:GNV7-8GPU", "test:TWIN-8GPU", 1.5);
    const Plan plan = sensitivityPlan(json::array({ candidate("tencent:GNV7-8GPU"), candidate("test:TWIN-8GPU") }));
    const PlanSensitivity s = sensitivityOf(plan, catalog);
    ASSERT_TRUE(s.available);
    EXPECT_EQ(s.candidate, "tencent:GNV7-8GPU");
    EXPECT_EQ(s.priceStatus, "estimate");
    EXPECT_TRUE(s.stable);
    for (const SensitivityInput& in : s.inputs) {
        EXPECT_FALSE(in.low.changed) << in.input;
        EXPECT_FALSE(in.high.changed) << in.input;
    }
    ASSERT_TRUE(s.priceThreshold.has_value());
    EXPECT_NEAR(*s.priceThreshold, 0.5, 1e-6);
    EXPECT_EQ(s.runnerUp, "test:TWIN-8GPU");
    ASSERT_TRUE(s.summary.has_value());
    EXPECT_EQ(s.summary->code, "sensitivity_stable_unless_price");
    EXPECT_EQ(s.summary->arg("percent"), "50");
}

TEST(Sensitivity, PublishedPriceGetsTheSameThresholdRule)
{
    // GT4.41XLARGE948's price is published; the same machine published at 1.2x: the same hours, cost linear in the
    // price, so GT4 stays cheapest unless its price rises more than 20% (1.2 / 1 - 1), the estimated case's rule.
    ASSERT_EQ(builtinCatalog().findInstance("tencent:GT4.41XLARGE948")->price.status, "published");
    const Catalog catalog = withPublishedTwin("tencent:GT4.41XLARGE948", "test:TWIN-GT4", 1.2);
    const Plan plan
        = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948"), candidate("test:TWIN-GT4") }));
    const PlanSensitivity s = sensitivityOf(plan, catalog);
    ASSERT_TRUE(s.available);
    EXPECT_EQ(s.candidate, "tencent:GT4.41XLARGE948");
    EXPECT_EQ(s.priceStatus, "published");
    EXPECT_EQ(inputNamed(s, "estimated_prices"), nullptr); // nothing estimated to vary
    EXPECT_TRUE(s.stable);
    ASSERT_TRUE(s.priceThreshold.has_value());
    EXPECT_NEAR(*s.priceThreshold, 0.2, 1e-6);
    EXPECT_EQ(s.runnerUp, "test:TWIN-GT4");
    ASSERT_TRUE(s.summary.has_value());
    EXPECT_EQ(s.summary->code, "sensitivity_stable_unless_price");
    EXPECT_EQ(s.summary->arg("percent"), "20");
    EXPECT_EQ(s.summary->arg("price_status"), "published");
    EXPECT_NE(s.summary->message.find("above its published price"), std::string::npos) << s.summary->message;
    EXPECT_EQ(s.summary->message.find("estimate"), std::string::npos) << s.summary->message;
}

TEST(Sensitivity, TieBetweenTheBestTwoIsWordedAsATie)
{
    // The same published machine listed twice: the two cost exactly the same, so the threshold is 0 and the
    // sentence says they cost the same instead of "more than 0% above its published price".
    const Catalog catalog = withPublishedTwin("tencent:GT4.41XLARGE948", "test:SAME-GT4", 1.0);
    const Plan plan
        = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948"), candidate("test:SAME-GT4") }));
    const PlanSensitivity s = sensitivityOf(plan, catalog);
    ASSERT_TRUE(s.available);
    ASSERT_TRUE(s.priceThreshold.has_value());
    EXPECT_NEAR(*s.priceThreshold, 0.0, 1e-12);
    EXPECT_TRUE(s.priceTie);
    ASSERT_TRUE(s.summary.has_value());
    EXPECT_EQ(s.summary->code, "sensitivity_price_tie");
    EXPECT_EQ(s.summary->arg("candidate"), s.candidate);
    EXPECT_EQ(s.summary->arg("runner_up"), s.runnerUp);
    EXPECT_NE(s.summary->message.find(
                  "cost the same; any price rise on " + s.candidate + " makes " + s.runnerUp + " cheaper"),
        std::string::npos)
        << s.summary->message;
    EXPECT_EQ(s.summary->message.find("0%"), std::string::npos) << s.summary->message;
    EXPECT_EQ(sensitivityToJson(s)["price_threshold"]["tie"], true);
    // A real margin is no tie (the 20% twin of PublishedPriceGetsTheSameThresholdRule).
    const Catalog apart = withPublishedTwin("tencent:GT4.41XLARGE948", "test:TWIN-GT4", 1.2);
    const PlanSensitivity margin = sensitivityOf(
        sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948"), candidate("test:TWIN-GT4") })), apart);
    EXPECT_FALSE(margin.priceTie);
    EXPECT_EQ(sensitivityToJson(margin)["price_threshold"]["tie"], false);
}

TEST(Sensitivity, RecommendationThatFlipsInsideTheRangeIsNotStable)
{
    // The twin published at 1.05x: the estimate's high end (1 + spread, spread > 5%) makes the twin cheaper.
    const double spread = uncertaintySpreads(builtinCatalog()).priceEstimate;
    ASSERT_GT(spread, 0.05);
    const Catalog catalog = withPublishedTwin("tencent:GNV7-8GPU", "test:TWIN-8GPU", 1.05);
    const Plan plan = sensitivityPlan(json::array({ candidate("tencent:GNV7-8GPU"), candidate("test:TWIN-8GPU") }));
    const PlanSensitivity s = sensitivityOf(plan, catalog);
    ASSERT_TRUE(s.available);
    EXPECT_FALSE(s.stable);
    const SensitivityInput* prices = inputNamed(s, "estimated_prices");
    ASSERT_NE(prices, nullptr);
    EXPECT_FALSE(prices->low.changed);
    EXPECT_TRUE(prices->high.changed);
    EXPECT_EQ(prices->high.candidate, "test:TWIN-8GPU");
    // At the high end the twin wins at its own (published) cost: 1.05x the point.
    EXPECT_NEAR(prices->high.cost / s.point.cost, 1.05, 1e-6);
    ASSERT_TRUE(s.priceThreshold.has_value());
    EXPECT_NEAR(*s.priceThreshold, 0.05, 1e-6);
    ASSERT_TRUE(s.summary.has_value());
    EXPECT_EQ(s.summary->code, "sensitivity_changes");
    EXPECT_EQ(s.summary->arg("input"), "estimated_prices");
    EXPECT_EQ(s.summary->arg("bound"), "high");
    EXPECT_EQ(s.summary->arg("to"), "test:TWIN-8GPU");
}

TEST(Sensitivity, PublishedPricesAndNoSpotSkipThoseInputs)
{
    const Plan plan = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948") }));
    const PlanSensitivity s = sensitivityOf(plan, builtinCatalog());
    ASSERT_TRUE(s.available);
    EXPECT_EQ(s.inputs.size(), 4u); // compute and bandwidth efficiency, CUDA context, allocator
    EXPECT_EQ(inputNamed(s, "estimated_prices"), nullptr);
    EXPECT_EQ(skippedReason(s, "estimated_prices"), "no_estimated_price");
    EXPECT_EQ(skippedReason(s, "spot_interruptions"), "spot_not_counted");
    EXPECT_TRUE(s.stable); // one candidate: nothing to change to
    EXPECT_FALSE(s.priceThreshold.has_value());
    ASSERT_TRUE(s.summary.has_value());
    EXPECT_EQ(s.summary->code, "sensitivity_stable");
}

TEST(Sensitivity, EfficiencyScalingKeepsTheCurveAndCapsAtOne)
{
    Plan plan = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948") }));
    const Catalog& base = builtinCatalog();
    const Catalog up = withComputeEfficiencyScaled(base, plan, 1.2);
    EXPECT_NEAR(
        up.number("compute_efficiency.peak.ampere", 0), 1.2 * base.number("compute_efficiency.peak.ampere", 0), 1e-12);
    EXPECT_EQ(up.number("compute_efficiency.hidden_half", 0), base.number("compute_efficiency.hidden_half", 0));
    EXPECT_FALSE(plan.assumptions.computeEfficiency.has_value()); // unset stays unset
    plan.assumptions.computeEfficiency = 0.9;
    withComputeEfficiencyScaled(base, plan, 1.2);
    EXPECT_DOUBLE_EQ(*plan.assumptions.computeEfficiency, 1.0);
    const Catalog wide = withBandwidthEfficiencyScaled(base, plan, 1.3);
    for (std::size_t i = 0; i < base.links.size(); ++i)
        EXPECT_NEAR(wide.links[i].achievedFraction, std::min(1.0, 1.3 * base.links[i].achievedFraction), 1e-12);
}

TEST(Sensitivity, NoRecommendationIsReportedNotVaried)
{
    json document = json::parse(defaultPlanText());
    document["candidates"] = json::array({ candidate("tencent:GN7.2XLARGE32") });
    document["model"] = { { "preset", "llama-2-70b" } };
    document["search"]["max_nodes"] = 1;
    auto plan = planFromJson(document);
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    const PlanSensitivity s = sensitivityOf(*plan, builtinCatalog());
    EXPECT_FALSE(s.available);
    ASSERT_TRUE(s.reason.has_value());
    EXPECT_EQ(s.reason->code, "sensitivity_no_recommendation");
    EXPECT_EQ(sensitivityToJson(s)["available"], false);
}

// uncertainty.price_estimate_spread is the median relative error of the catalog's price-estimation rule
// ("an instance costs its GPU count x the per-GPU on-demand price of published instances of the same family, else
// of the same provider and GPU, else of the same GPU anywhere"), measured leave-one-out on every instance whose
// on-demand price is published (reference prices, USD at the catalog's exchange rate).
TEST(Sensitivity, PriceSpreadIsTheEstimationRulesLeaveOneOutError)
{
    const Catalog& catalog = builtinCatalog();
    struct Published {
        const InstanceSpec* instance;
        double perGpu; // CNY per GPU-hour
    };
    std::vector<Published> published;
    for (const InstanceSpec& i : catalog.instances) {
        if (i.price.status != "published" || !i.price.onDemandPerHour || i.gpus <= 0)
            continue;
        const double cny = convertCurrency(*i.price.onDemandPerHour, i.price.currency, "CNY", Billing {}, catalog);
        ASSERT_TRUE(std::isfinite(cny)) << i.id;
        published.push_back({ &i, cny / i.gpus });
    }
    ASSERT_GE(published.size(), 50u);
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    };
    std::vector<double> errors;
    for (const Published& p : published) {
        const InstanceSpec& x = *p.instance;
        std::vector<double> donors;
        const std::vector<std::function<bool(const InstanceSpec&)>> rules = {
            [&](const InstanceSpec& o) { return o.provider == x.provider && o.family == x.family; },
            [&](const InstanceSpec& o) { return o.provider == x.provider && o.gpu == x.gpu; },
            [&](const InstanceSpec& o) { return o.gpu == x.gpu; },
        };
        for (const auto& rule : rules) {
            for (const Published& o : published)
                if (o.instance != p.instance && rule(*o.instance))
                    donors.push_back(o.perGpu);
            if (!donors.empty())
                break;
        }
        if (donors.empty())
            continue;
        errors.push_back(std::abs(median(donors) / p.perGpu - 1));
    }
    ASSERT_GE(errors.size(), 50u);
    const double measured = median(errors);
    std::printf("price estimation rule, leave-one-out over %zu published prices: median |error| %.1f%%\n",
        errors.size(), 100 * measured);
    EXPECT_NEAR(uncertaintySpreads(catalog).priceEstimate, measured, 0.005);
}

TEST(Sensitivity, EveryUncertaintyCitesASource)
{
    const Catalog& catalog = builtinCatalog();
    for (const std::string& key : uncertaintyDefaultKeys()) {
        const auto it = catalog.defaults.find(key);
        ASSERT_NE(it, catalog.defaults.end()) << key;
        EXPECT_TRUE(catalog.sources.count(it->second.source)) << key << " cites " << it->second.source;
        EXPECT_FALSE(it->second.asOf.empty()) << key;
        EXPECT_FALSE(it->second.note.empty()) << key;
    }
    const UncertaintySpreads s = uncertaintySpreads(catalog);
    EXPECT_LT(s.spotInterruptionsLow, s.spotInterruptions);
    EXPECT_GT(s.spotInterruptionsHigh, s.spotInterruptions);
}

TEST(Sensitivity, CliPrintsTableJsonAndCsv)
{
    json document = json::parse(defaultPlanText());
    document["candidates"] = json::array({ candidate("tencent:GT4.41XLARGE948"), candidate("tencent:GNV7e-8GPU") });
    auto run = [&](const std::vector<std::string>& args, std::string& out) {
        std::istringstream in(document.dump());
        std::ostringstream o, e;
        const int code = runCli(args, in, o, e);
        out = o.str();
        return code;
    };
    std::string out;
    ASSERT_EQ(run({ "plan", "-", "--sensitivity", "--format", "json" }, out), 0);
    const json j = json::parse(out);
    EXPECT_EQ(j["method"], "one_at_a_time");
    EXPECT_LE(j["cost_low"].get<double>(), j["cost"].get<double>());
    EXPECT_GE(j["cost_high"].get<double>(), j["cost"].get<double>());
    ASSERT_EQ(j["inputs"].size(), 5u);
    EXPECT_EQ(j["inputs"][0]["low"]["answered"], true);
    // The same numbers as the core's value.
    const Plan plan = sensitivityPlan(document["candidates"]);
    const PlanSensitivity s = sensitivityOf(plan, builtinCatalog());
    EXPECT_DOUBLE_EQ(j["cost_low"].get<double>(), s.costLow);
    EXPECT_DOUBLE_EQ(j["cost_high"].get<double>(), s.costHigh);
    ASSERT_EQ(run({ "plan", "-", "--sensitivity", "--format", "csv" }, out), 0);
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1 + 2 * 5); // header + low and high per input
    ASSERT_EQ(run({ "plan", "-", "--sensitivity", "--format", "table" }, out), 0);
    EXPECT_NE(out.find("one input at a time"), std::string::npos);
    EXPECT_NE(out.find("memory per GPU: " + formatGiB(s.memoryBytes) + " GiB (" + formatGiB(s.memoryLow) + " - "
                  + formatGiB(s.memoryHigh) + ")"),
        std::string::npos)
        << out;
    EXPECT_NE(out.find("not varied: nccl memory: one published measurement, no range"), std::string::npos) << out;
    ASSERT_EQ(run({ "plan", "-", "--sensitivity", "--format", "json" }, out), 0);
    const json again = json::parse(out);
    EXPECT_DOUBLE_EQ(again["memory_per_gpu_low"].get<double>(), s.memoryLow);
    EXPECT_DOUBLE_EQ(again["memory_per_gpu_high"].get<double>(), s.memoryHigh);
    EXPECT_EQ(again["skipped_reasons"]["nccl_memory"], "no_sourced_range");
    EXPECT_NE(run({ "plan", "-", "--sensitivity", "--frontier" }, out), 0);
}

// The memory range: the recommended configuration evaluated again with the CUDA context and the allocator's
// fragmentation at the ends of their sourced ranges (stas00/ml-engineering 0.47-1.78 GiB; the allocator's 5-10%).
// Both terms are additive in the memory model, so each end's difference is known by hand.
TEST(Sensitivity, MemoryRangeMovesByTheSourcedEndsOfEachTerm)
{
    const Plan plan = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948") }));
    const Catalog& catalog = builtinCatalog();
    const PlanSensitivity s = sensitivityOf(plan, catalog);
    ASSERT_TRUE(s.available);
    auto answer = answerPlan(plan, catalog);
    ASSERT_TRUE(answer.ok());
    const MemoryBreakdown& point = answer->recommendation()->best.memory;
    EXPECT_DOUBLE_EQ(s.memoryBytes, point.total);
    EXPECT_LE(s.memoryLow, s.memoryBytes);
    EXPECT_GE(s.memoryHigh, s.memoryBytes);
    EXPECT_LT(s.memoryLow, s.memoryHigh);

    const SensitivityInput* context = inputNamed(s, "cuda_context");
    ASSERT_NE(context, nullptr);
    EXPECT_EQ(context->unit, "gib");
    EXPECT_DOUBLE_EQ(context->low.value, 0.47);
    EXPECT_DOUBLE_EQ(context->high.value, 1.78);
    // The context is outside the allocator: the total moves by exactly the context's difference.
    EXPECT_NEAR(context->high.memoryBytes - context->low.memoryBytes, (1.78 - 0.47) * kGiB, 1e3);
    EXPECT_NEAR(s.memoryBytes - context->low.memoryBytes, (1.0 - 0.47) * kGiB, 1e3);

    const SensitivityInput* allocator = inputNamed(s, "allocator_fragmentation");
    ASSERT_NE(allocator, nullptr);
    EXPECT_EQ(allocator->unit, "fraction");
    // 5% is the point, 10% the high end: the allocator's share of the allocated memory doubles.
    EXPECT_NEAR(allocator->low.memoryBytes, s.memoryBytes, 1e3);
    EXPECT_NEAR(allocator->high.memoryBytes - s.memoryBytes, point.allocator, 1e3);
    EXPECT_DOUBLE_EQ(s.memoryHigh, std::max(context->high.memoryBytes, allocator->high.memoryBytes));
    EXPECT_DOUBLE_EQ(s.memoryLow, context->low.memoryBytes);
    // The default plan's GT4 sits close to its usable memory: whether every end still fits is the range's verdict,
    // computed from the ends (the allocator's 10% end is the highest here).
    EXPECT_EQ(s.memoryFitsAcrossRange, s.memoryHigh <= s.usableMemoryBytes);
    EXPECT_EQ(context->high.memoryFits, context->high.memoryBytes <= s.usableMemoryBytes);
    // Inputs that do not touch memory keep the point's.
    const SensitivityInput* compute = inputNamed(s, "compute_efficiency");
    ASSERT_NE(compute, nullptr);
    EXPECT_DOUBLE_EQ(compute->low.memoryBytes, s.memoryBytes);
    EXPECT_DOUBLE_EQ(compute->memoryWidth(), 0.0);
    // Eight GPUs communicate: NCCL's memory has one measurement and is named as not varied.
    EXPECT_EQ(skippedReason(s, "nccl_memory"), "no_sourced_range");
}

TEST(Sensitivity, MemoryTermsThePlanSetsAreNotVaried)
{
    Plan plan = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948") }));
    plan.assumptions.cudaContextGib = 0.8;
    plan.assumptions.ncclGib = 1.0;
    const PlanSensitivity s = sensitivityOf(plan, builtinCatalog());
    ASSERT_TRUE(s.available);
    EXPECT_EQ(inputNamed(s, "cuda_context"), nullptr);
    EXPECT_EQ(skippedReason(s, "cuda_context"), "plan_sets");
    EXPECT_EQ(skippedReason(s, "nccl_memory"), "plan_sets");
    ASSERT_NE(inputNamed(s, "allocator_fragmentation"), nullptr);
    EXPECT_EQ(s.memoryLow, s.memoryBytes); // the allocator's low end is the point
    EXPECT_GT(s.memoryHigh, s.memoryBytes);
}

// A fixed configuration (search off) whose usable memory sits just above its point estimate: at the high end of
// the CUDA context it no longer fits, and the range says so.
TEST(Sensitivity, MemoryRangeReportsAnEndThatNoLongerFits)
{
    Plan plan = sensitivityPlan(json::array({ candidate("tencent:GT4.41XLARGE948") }));
    plan.search.enabled = false;
    const Catalog& catalog = builtinCatalog();
    auto answer = answerPlan(plan, catalog);
    ASSERT_TRUE(answer.ok());
    ASSERT_NE(answer->recommendation(), nullptr);
    const CandidateResult& r = answer->recommendation()->best;
    // Usable = capacity x (1 - headroom): leave 0.3 GiB above the point, less than the context's +0.78 GiB.
    plan.assumptions.headroomFraction = 1 - (r.memory.total + 0.3 * kGiB) / r.gpuMemory;
    const PlanSensitivity s = sensitivityOf(plan, catalog);
    ASSERT_TRUE(s.available);
    EXPECT_LT(s.memoryBytes, s.usableMemoryBytes);
    EXPECT_GT(s.memoryHigh, s.usableMemoryBytes);
    EXPECT_FALSE(s.memoryFitsAcrossRange);
    const SensitivityInput* context = inputNamed(s, "cuda_context");
    ASSERT_NE(context, nullptr);
    EXPECT_TRUE(context->low.memoryFits);
    EXPECT_FALSE(context->high.memoryFits);
    // The fixed configuration no longer fits on the point's nodes at that end: the planner's answer there is another
    // one (more nodes, at another time and cost) or none.
    EXPECT_TRUE(!context->high.answered || context->high.hours != s.point.hours || context->high.cost != s.point.cost);
    const SensitivityInput* allocator = inputNamed(s, "allocator_fragmentation");
    ASSERT_NE(allocator, nullptr);
    EXPECT_DOUBLE_EQ(s.memoryHigh, std::max(context->high.memoryBytes, allocator->high.memoryBytes));
}

// A serving engine takes its set share of GPU memory (gpu_memory_utilization): the runtime's terms do not move it,
// and they are named as not varied rather than left out silently.
TEST(Sensitivity, ServingMemoryIsTheEnginesShareAndNotVaried)
{
    std::ifstream file(std::string(GP_SOURCE_DIR) + "/resources/plans/serving.gpuplan");
    std::stringstream text;
    text << file.rdbuf();
    auto plan = parsePlan(text.str());
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    const PlanSensitivity s = sensitivityOf(*plan, builtinCatalog());
    ASSERT_TRUE(s.available);
    EXPECT_EQ(skippedReason(s, "cuda_context"), "serving_engine_share");
    EXPECT_EQ(skippedReason(s, "allocator_fragmentation"), "serving_engine_share");
    EXPECT_EQ(inputNamed(s, "cuda_context"), nullptr);
    EXPECT_GT(s.memoryBytes, 0);
    EXPECT_EQ(s.memoryLow, s.memoryBytes);
    EXPECT_EQ(s.memoryHigh, s.memoryBytes);
}
