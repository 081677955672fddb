// The answer re-run with each uncertain input at the ends of its sourced spread, one input at a time.
#include "planner/sensitivity.h"

#include "catalog/price_figure.h"
#include "estimate/common/performance_defaults.h"
#include "plan/billing_modes.h"
#include "planner/frontier.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>

namespace gp
{

namespace
{

constexpr const char* kPriceKey = "uncertainty.price_estimate_spread";
constexpr const char* kComputeKey = "uncertainty.compute_efficiency_spread";
constexpr const char* kBandwidthKey = "uncertainty.bandwidth_efficiency_spread";
constexpr const char* kSpotKey = "spot.interruptions_per_node_day";
constexpr const char* kSpotLowKey = "spot.interruptions_per_node_day.low";
constexpr const char* kSpotHighKey = "spot.interruptions_per_node_day.high";
constexpr const char* kContextLowKey = "cuda_context_gib.low";
constexpr const char* kContextHighKey = "cuda_context_gib.high";
constexpr const char* kAllocatorLowKey = "allocator_fraction.low";
constexpr const char* kAllocatorHighKey = "allocator_fraction.high";

double capped(double fraction, double factor)
{
    return std::min(1.0, fraction * factor);
}

void scaleDefault(Catalog& catalog, const std::string& key, double factor)
{
    auto it = catalog.defaults.find(key);
    if (it != catalog.defaults.end())
        it->second.value = capped(it->second.value, factor);
}

void scaleAssumption(std::optional<double>& value, double factor)
{
    if (value && std::isfinite(*value) && *value > 0)
        *value = capped(*value, factor);
}

// Scales the estimated price figures every billing mode is priced from (the billing-mode table's), each once.
void scalePrice(PriceSpec& price, double factor)
{
    std::vector<std::string_view> scaled;
    for (const BillingModeSpec& mode : billingModes()) {
        if (std::find(scaled.begin(), scaled.end(), mode.priceFigure) != scaled.end())
            continue;
        scaled.push_back(mode.priceFigure);
        std::optional<double>* figure = priceFigure(price, mode.priceFigure);
        if (figure && *figure && price.statusOf(mode.priceFigure) == "estimate")
            **figure *= factor;
    }
}

// Costs this close (relative) are the same figure: a tie, worded as one (a rounding-level difference is no margin).
constexpr double kPriceTieFraction = 1e-9;

std::string tieSentence(const std::string& candidate, const std::string& runnerUp)
{
    return candidate + " and " + runnerUp + " cost the same; any price rise on " + candidate + " makes " + runnerUp
        + " cheaper.";
}

std::string percentText(double fraction)
{
    return formatNumber(100 * fraction, 2);
}

// The headline of an answer at one end of an input.
SensitivityBound boundOf(const Expected<PlanAnswer>& answer, int planIndex, double value)
{
    SensitivityBound b;
    b.value = value;
    if (!answer || !answer->recommendation())
        return b;
    const Standing& standing = answer->standings[std::size_t(answer->recommended)];
    b.answered = std::isfinite(standing.figures.cost) && std::isfinite(standing.figures.hours);
    b.cost = standing.figures.cost;
    b.hours = standing.figures.hours;
    b.mode = standing.figures.mode;
    b.candidate = answer->recommendation()->best.candidate;
    b.changed = answer->recommendation()->planIndex != planIndex;
    return b;
}

// What the price threshold's percentage is taken of, in the CLI's words: the recommendation's estimate, its
// published price or the user's quote.
std::string priceReference(const std::string& status)
{
    if (status == "estimate")
        return "the estimate";
    if (status == "user")
        return "the quoted price";
    return "its published price";
}

bool anyEstimatedPrice(const PlanAnswer& answer)
{
    for (const CandidatePlan& c : answer.search.candidates)
        if (c.best.cost.priceStatus == "estimate")
            return true;
    return false;
}

} // namespace

std::string sensitivityInputWords(std::string input)
{
    std::replace(input.begin(), input.end(), '_', ' ');
    return input;
}

UncertaintySpreads uncertaintySpreads(const Catalog& catalog)
{
    UncertaintySpreads s;
    s.priceEstimate = catalogDefault(catalog, kPriceKey, 0, 10);
    s.computeEfficiency = catalogDefault(catalog, kComputeKey, 0, 0.99);
    s.bandwidthEfficiency = catalogDefault(catalog, kBandwidthKey, 0, 0.99);
    s.spotInterruptions = catalogDefault(catalog, kSpotKey, 0, 1000);
    s.spotInterruptionsLow = catalogDefault(catalog, kSpotLowKey, 0, 1000);
    s.spotInterruptionsHigh = catalogDefault(catalog, kSpotHighKey, 0, 1000);
    s.cudaContextLowGib = catalogDefault(catalog, kContextLowKey, 0, 64);
    s.cudaContextHighGib = catalogDefault(catalog, kContextHighKey, 0, 64);
    s.allocatorLow = catalogDefault(catalog, kAllocatorLowKey, 0, 1);
    s.allocatorHigh = catalogDefault(catalog, kAllocatorHighKey, 0, 1);
    return s;
}

const std::vector<std::string>& uncertaintyDefaultKeys()
{
    static const std::vector<std::string> keys = { kPriceKey, kComputeKey, kBandwidthKey, kSpotLowKey, kSpotHighKey,
        kContextLowKey, kContextHighKey, kAllocatorLowKey, kAllocatorHighKey };
    return keys;
}

double SensitivityInput::costWidth() const
{
    return low.answered && high.answered ? std::abs(high.cost - low.cost) : 0.0;
}

double SensitivityInput::memoryWidth() const
{
    return std::abs(high.memoryBytes - low.memoryBytes);
}

Catalog withEstimatedPricesScaled(const Catalog& catalog, double factor)
{
    Catalog scaled = catalog;
    for (InstanceSpec& instance : scaled.instances) {
        scalePrice(instance.price, factor);
        for (PriceSpec& price : instance.otherPrices)
            scalePrice(price, factor);
    }
    return scaled;
}

Catalog withComputeEfficiencyScaled(const Catalog& catalog, Plan& plan, double factor)
{
    Catalog scaled = catalog;
    for (auto& [key, value] : scaled.defaults)
        if (key.rfind("compute_efficiency.peak.", 0) == 0 || key == "serving.prefill_compute_efficiency")
            value.value = capped(value.value, factor);
    scaleAssumption(plan.assumptions.computeEfficiency, factor);
    scaleAssumption(plan.assumptions.servingPrefillComputeEfficiency, factor);
    return scaled;
}

Catalog withBandwidthEfficiencyScaled(const Catalog& catalog, Plan& plan, double factor)
{
    Catalog scaled = catalog;
    for (LinkSpec& link : scaled.links)
        link.achievedFraction = capped(link.achievedFraction, factor);
    for (const char* key : { "network.rdma_achieved_fraction", "network.tcp_achieved_fraction",
             "pcie.achieved_fraction", "decode.bandwidth_efficiency", "decode.bandwidth_efficiency.int8",
             "decode.bandwidth_efficiency.int4", "serving.decode_bandwidth_efficiency" })
        scaleDefault(scaled, key, factor);
    scaleAssumption(plan.assumptions.linkEfficiency, factor);
    scaleAssumption(plan.assumptions.memoryBandwidthEfficiency, factor);
    scaleAssumption(plan.assumptions.servingDecodeBandwidthEfficiency, factor);
    return scaled;
}

namespace
{

// One input of the sensitivity: how to build the plan and catalog at a factor (or value) `value`; a memory input
// also evaluates the recommended configuration again at that value.
struct SensitivityVariation {
    std::string input;
    std::string key;
    double spread;
    std::string unit;
    double low, high;
    std::function<Plan(double)> planAt; // the plan with the input at `value` (unset: the plan)
    std::function<Catalog(double, Plan&)> catalogAt; // the catalog at `value` (unset: the catalog)
    bool memory = false;
};

// The inputs to vary for the plan's recommendation `best`; those left out are added to `s.skipped` with the reason.
std::vector<SensitivityVariation> sensitivityVariations(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, const CandidatePlan& best, PlanSensitivity& s)
{
    const UncertaintySpreads spreads = uncertaintySpreads(catalog);
    std::vector<SensitivityVariation> variations;
    if (anyEstimatedPrice(answer) && spreads.priceEstimate > 0)
        variations.push_back({ "estimated_prices", kPriceKey, spreads.priceEstimate, "factor",
            1 - spreads.priceEstimate, 1 + spreads.priceEstimate, nullptr,
            [&base = catalog](double f, Plan&) { return withEstimatedPricesScaled(base, f); } });
    else
        s.skipped.push_back({ "estimated_prices", "no_estimated_price" });
    if (spreads.computeEfficiency > 0)
        variations.push_back({ "compute_efficiency", kComputeKey, spreads.computeEfficiency, "factor",
            1 - spreads.computeEfficiency, 1 + spreads.computeEfficiency, nullptr,
            [&base = catalog](double f, Plan& variant) { return withComputeEfficiencyScaled(base, variant, f); } });
    if (spreads.bandwidthEfficiency > 0)
        variations.push_back({ "bandwidth_efficiency", kBandwidthKey, spreads.bandwidthEfficiency, "factor",
            1 - spreads.bandwidthEfficiency, 1 + spreads.bandwidthEfficiency, nullptr,
            [&base = catalog](double f, Plan& variant) { return withBandwidthEfficiencyScaled(base, variant, f); } });
    // Interruptions move the modes that can be reclaimed (the billing-mode table's interruptible pricing).
    const auto modes = billingModes();
    const bool interruptible = std::any_of(modes.begin(), modes.end(), [&](const BillingModeSpec& m) {
        return m.pricing == BillingPricing::Interruptible && plan.billing.allows(m.mode);
    });
    if (interruptible && plan.workload.mode == Mode::Training)
        variations.push_back({ "spot_interruptions", kSpotLowKey, 0, "per_node_day", spreads.spotInterruptionsLow,
            spreads.spotInterruptionsHigh,
            [&base = plan](double rate) {
                Plan variant = base;
                variant.billing.spotInterruptionsPerDay = rate;
                return variant;
            },
            nullptr });
    else
        s.skipped.push_back({ "spot_interruptions", "spot_not_counted" });
    // The memory terms with a sourced range. A serving engine's memory is its set share of the GPU
    // (gpu_memory_utilization), whatever the runtime takes; a term the plan sets is the plan's, not the catalog's.
    const bool serving = plan.workload.mode == Mode::Serving;
    const auto memoryInput = [&](const char* input, const char* key, const char* unit, double low, double high,
                                 const std::optional<double>& planValue, std::optional<double> Assumptions::*field) {
        if (serving)
            s.skipped.push_back({ input, "serving_engine_share" });
        else if (planValue)
            s.skipped.push_back({ input, "plan_sets" });
        else if (high > low || low > 0)
            variations.push_back({ input, key, 0, unit, low, high,
                [&base = plan, field](double value) {
                    Plan variant = base;
                    variant.assumptions.*field = value;
                    return variant;
                },
                nullptr, true });
        else
            s.skipped.push_back({ input, "no_sourced_range" }); // a catalog without the range's ends
    };
    memoryInput("cuda_context", kContextLowKey, "gib", spreads.cudaContextLowGib, spreads.cudaContextHighGib,
        plan.assumptions.cudaContextGib, &Assumptions::cudaContextGib);
    memoryInput("allocator_fragmentation", kAllocatorLowKey, "fraction", spreads.allocatorLow, spreads.allocatorHigh,
        plan.assumptions.allocatorFraction, &Assumptions::allocatorFraction);
    // NCCL's communicators: one measurement (before and after the first barrier), no range to vary.
    if (!serving && best.best.gpus > 1)
        s.skipped.push_back({ "nccl_memory", plan.assumptions.ncclGib ? "plan_sets" : "no_sourced_range" });
    return variations;
}

// Answers the plan again at both ends of every input's range, widening `s`'s cost, hours and memory ranges; the
// error of a cancelled search.
std::optional<Error> measureSensitivityVariations(const Plan& plan, const Catalog& catalog, const PlanAnswer& answer,
    const SearchControl& control, const CandidatePlan& best, const std::vector<SensitivityVariation>& variations,
    PlanSensitivity& s)
{
    const ParetoPoint recommended { 0, 0, best.best.configuration, best.best.nodes, s.point.priced };
    for (const SensitivityVariation& v : variations) {
        SensitivityInput in;
        in.input = v.input;
        in.key = v.key;
        in.spread = v.spread;
        in.unit = v.unit;
        for (auto [end, value] : { std::pair { &in.low, v.low }, std::pair { &in.high, v.high } }) {
            Plan variant = v.planAt ? v.planAt(value) : plan;
            std::optional<Catalog> varied;
            if (v.catalogAt)
                varied = v.catalogAt(value, variant);
            const Catalog& used = varied ? *varied : catalog;
            auto a = answerPlan(variant, used, control);
            if (!a && isCancelled(a.error()))
                return a.error();
            *end = boundOf(a, s.planIndex, value);
            end->memoryBytes = s.memoryBytes;
            end->memoryFits = best.best.fits;
            if (v.memory) {
                auto r = evaluatePoint(variant, used, answer, std::size_t(answer.recommended), recommended);
                if (r) {
                    end->memoryBytes = r->memory.total;
                    end->memoryFits = r->fits;
                    s.memoryLow = std::min(s.memoryLow, end->memoryBytes);
                    s.memoryHigh = std::max(s.memoryHigh, end->memoryBytes);
                    s.memoryFitsAcrossRange = s.memoryFitsAcrossRange && r->fits;
                }
            }
            if (end->answered) {
                s.costLow = std::min(s.costLow, end->cost);
                s.costHigh = std::max(s.costHigh, end->cost);
                s.hoursLow = std::min(s.hoursLow, end->hours);
                s.hoursHigh = std::max(s.hoursHigh, end->hours);
            }
            if (end->changed || !end->answered)
                s.stable = false;
        }
        s.inputs.push_back(std::move(in));
    }
    return std::nullopt;
}

// The price threshold: cost is linear in the price at fixed hours, so the recommendation stays cheapest until its
// cost reaches the runner-up's. One rule whatever the price's status: a published price or a quote moves too (a
// discount, a list-price change), only an estimate also has a sourced spread.
void findSensitivityPriceThreshold(const PlanAnswer& answer, PlanSensitivity& s)
{
    const bool costObjective
        = answer.objective == SearchObjective::Cost || answer.objective == SearchObjective::CostUnderDeadline;
    if (costObjective && s.priceStatus != "unknown" && s.priceStatus != "missing" && s.point.priced
        && s.point.cost > 0) {
        for (std::size_t i = 0; i < answer.search.candidates.size(); ++i) {
            const CandidatePlan& c = answer.search.candidates[i];
            const ObjectiveFigures& f = answer.standings[i].figures;
            if (int(i) == answer.recommended || !c.meetsObjective || !f.priced || !std::isfinite(f.cost))
                continue;
            s.priceThreshold = f.cost / s.point.cost - 1;
            s.runnerUp = c.best.candidate;
            // The two cost the same (the ranking's tie-break chose): any rise at all makes the runner-up cheaper,
            // which "more than 0% above" would only hint at.
            s.priceTie = *s.priceThreshold <= kPriceTieFraction;
            break;
        }
    }
}

// The one-sentence answer: what changes the recommendation first, or that nothing in the ranges does.
void summarizeSensitivity(PlanSensitivity& s)
{
    if (!s.stable) {
        for (const SensitivityInput& in : s.inputs)
            for (auto [end, bound] : { std::pair { &in.low, "low" }, std::pair { &in.high, "high" } }) {
                if (s.summary || !end->changed)
                    continue;
                s.summary = Diagnostic { "sensitivity_changes",
                    s.candidate + " is no longer recommended at the " + bound + " end of "
                        + sensitivityInputWords(in.input) + ": " + end->candidate + " is.",
                    { { "candidate", s.candidate }, { "input", in.input }, { "bound", bound },
                        { "to", end->candidate } } };
            }
        if (s.summary && s.priceThreshold) {
            s.summary->args.emplace_back("percent", percentText(*s.priceThreshold));
            s.summary->args.emplace_back("runner_up", s.runnerUp);
            s.summary->args.emplace_back("price_status", s.priceStatus);
            if (s.priceTie) {
                s.summary->args.emplace_back("tie", "true");
                s.summary->message += " " + tieSentence(s.candidate, s.runnerUp);
            } else {
                s.summary->message += " Its price may rise " + percentText(*s.priceThreshold) + "% above "
                    + priceReference(s.priceStatus) + " before " + s.runnerUp + " is cheaper.";
            }
        }
        if (!s.summary)
            s.summary = Diagnostic { "sensitivity_unanswered",
                "At one end of an input's range no candidate meets the objective.", { { "candidate", s.candidate } } };
    } else if (s.priceThreshold && s.priceTie) {
        s.summary = Diagnostic { "sensitivity_price_tie", tieSentence(s.candidate, s.runnerUp),
            { { "candidate", s.candidate }, { "runner_up", s.runnerUp }, { "price_status", s.priceStatus } } };
    } else if (s.priceThreshold) {
        s.summary = Diagnostic { "sensitivity_stable_unless_price",
            s.candidate + " stays the recommendation unless its price is more than " + percentText(*s.priceThreshold)
                + "% above " + priceReference(s.priceStatus) + " (then " + s.runnerUp + " is cheaper).",
            { { "candidate", s.candidate }, { "percent", percentText(*s.priceThreshold) }, { "runner_up", s.runnerUp },
                { "price_status", s.priceStatus } } };
    } else {
        s.summary = Diagnostic { "sensitivity_stable",
            s.candidate + " stays the recommendation across every input's range.", { { "candidate", s.candidate } } };
    }
}

} // namespace

Expected<PlanSensitivity> planSensitivity(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, const SearchControl& control)
{
    const auto started = std::chrono::steady_clock::now();
    PlanSensitivity s;
    s.currency = answer.currency;
    s.mode = answer.mode;
    const CandidatePlan* best = answer.recommendation();
    if (!best) {
        s.reason = Diagnostic { "sensitivity_no_recommendation",
            "No candidate meets the objective, so there is no recommendation to vary." };
        return s;
    }
    s.available = true;
    s.candidate = best->best.candidate;
    s.planIndex = best->planIndex;
    s.point = answer.standings[std::size_t(answer.recommended)].figures;
    s.priceStatus = best->best.cost.priceStatus;
    s.memoryBytes = s.memoryLow = s.memoryHigh = best->best.memory.total;
    s.usableMemoryBytes = best->best.usableMemory;
    s.memoryFitsAcrossRange = best->best.fits;

    const std::vector<SensitivityVariation> variations = sensitivityVariations(plan, catalog, answer, *best, s);
    s.costLow = s.costHigh = s.point.cost;
    s.hoursLow = s.hoursHigh = s.point.hours;
    if (auto cancelled = measureSensitivityVariations(plan, catalog, answer, control, *best, variations, s))
        return *cancelled;
    std::stable_sort(s.inputs.begin(), s.inputs.end(), [](const SensitivityInput& a, const SensitivityInput& b) {
        if (a.costWidth() != b.costWidth())
            return a.costWidth() > b.costWidth();
        return a.memoryWidth() > b.memoryWidth();
    });
    findSensitivityPriceThreshold(answer, s);
    summarizeSensitivity(s);
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return s;
}

} // namespace gp
