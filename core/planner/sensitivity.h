// How far the answer moves when an uncertain input is off: the plan answered again with each input at the low and
// the high end of its sourced spread (estimated prices, compute and bandwidth efficiencies, spot interruptions),
// one input at a time, and whether the recommended candidate changes. The window's Sensitivity view,
// `plan --sensitivity` (table, JSON, CSV) and the report render this one value.
#pragma once

#include "planner/answer.h"

#include <optional>
#include <string>
#include <vector>

namespace gp
{

// The uncertain inputs and their spreads, from the catalog (resources/catalog/defaults-*.json, each with source):
// `uncertainty.price_estimate_spread`, `uncertainty.compute_efficiency_spread`,
// `uncertainty.bandwidth_efficiency_spread`, `spot.interruptions_per_node_day{,.low,.high}`,
// `cuda_context_gib.low/.high`, `allocator_fraction.low/.high`.
struct UncertaintySpreads {
    double priceEstimate = 0; // relative: an estimated price may be off by +/- this fraction
    double computeEfficiency = 0; // relative, on the compute-efficiency curve (training, prefill)
    double bandwidthEfficiency = 0; // relative, on achieved link, network and memory bandwidth
    double spotInterruptions = 0; // per node-day, the point value
    double spotInterruptionsLow = 0;
    double spotInterruptionsHigh = 0;
    double cudaContextLowGib = 0; // the CUDA context's measured range per GPU
    double cudaContextHighGib = 0;
    double allocatorLow = 0; // the caching allocator's rounding and fragmentation, a fraction of allocated
    double allocatorHigh = 0;
};
UncertaintySpreads uncertaintySpreads(const Catalog& catalog);
// The catalog keys uncertaintySpreads reads (every one in the built-in catalog with a source; a test checks it).
const std::vector<std::string>& uncertaintyDefaultKeys();

// The answer's headline under one end of an input's range.
struct SensitivityBound {
    double value = 0; // the input's value there: a factor for prices and efficiencies, a rate for spot
    bool answered = false; // false: nothing met the objective (or the plan could not be answered) there
    double cost = 0; // the recommendation's cost (the plan's currency; per million tokens for inference)
    double hours = 0;
    std::optional<BillingMode> mode; // the billing mode the cost is under
    std::string candidate; // the recommended candidate there (instance id or label)
    bool changed = false; // the recommendation is another candidate than the plan's
    // The plan's recommended configuration (same candidate, layout and node count, not chosen again) evaluated
    // with the input at this end: its memory per GPU and whether it still fits. Inputs that do not change memory
    // keep the point's.
    double memoryBytes = 0;
    bool memoryFits = true;
};

struct SensitivityInput {
    // "estimated_prices", "compute_efficiency", "bandwidth_efficiency", "spot_interruptions", "cuda_context",
    // "allocator_fragmentation"
    std::string input;
    std::string key; // the catalog key of its spread (of its low end when the ends are values)
    double spread = 0; // relative spread (prices, efficiencies); 0 when low/high are values
    // What low.value and high.value are: "factor" (on the catalog's figures), "per_node_day" (spot interruptions),
    // "gib" (the CUDA context per GPU), "fraction" (the allocator's share of allocated memory)
    std::string unit = "factor";
    SensitivityBound low;
    SensitivityBound high;
    double costWidth() const; // |high.cost - low.cost| (0 when either end is unanswered)
    double memoryWidth() const; // |high.memoryBytes - low.memoryBytes|
};

struct PlanSensitivity {
    bool available = false; // false: the plan has no recommendation to vary (see `reason`)
    std::optional<Diagnostic> reason; // why not: "sensitivity_no_recommendation"
    std::string candidate; // the recommendation
    int planIndex = -1; // its index in the plan's candidates
    ObjectiveFigures point; // its headline figures (the answer's)
    std::string currency = "CNY";
    Mode mode = Mode::Training;
    std::string priceStatus; // of the recommendation's price ("estimate", "published", ...)
    // One per input that can move the answer, widest cost range first, then widest memory range (an input with
    // nothing to vary, such as estimated prices when every candidate's price is published or spot when the plan
    // does not allow it, is left out and named in `skipped`, with why).
    std::vector<SensitivityInput> inputs;
    struct Skipped {
        std::string input;
        // "no_estimated_price", "spot_not_counted", "plan_sets" (the plan's assumption replaces the catalog's
        // range), "serving_engine_share" (a serving engine takes a set share of GPU memory), "no_sourced_range"
        // (NCCL's communicator memory: one measurement, no range; a memory input the catalog gives no ends for)
        std::string reason;
    };
    std::vector<Skipped> skipped;
    // The headline range: the lowest and highest cost and hours over every input's two ends and the point.
    // One input at a time, not a joint worst case.
    double costLow = 0, costHigh = 0;
    double hoursLow = 0, hoursHigh = 0;
    // The recommendation's memory per GPU (the point) and its range: the recommended configuration evaluated again
    // with each memory input at its ends, one at a time; `usableMemoryBytes` is what it must stay under, and
    // `memoryFitsAcrossRange` says whether it does at every end.
    double memoryBytes = 0, memoryLow = 0, memoryHigh = 0, usableMemoryBytes = 0;
    bool memoryFitsAcrossRange = true;
    bool stable = true; // the same candidate is recommended at both ends of every input
    // How much the recommendation's price may rise before the runner-up is cheaper (cost objectives, when the
    // recommendation has a price: estimated, published or quoted): runner-up cost / recommended cost - 1 at fixed
    // hours.
    std::optional<double> priceThreshold;
    std::string runnerUp;
    bool priceTie = false; // the runner-up costs the same (threshold 0): any price rise makes it cheaper
    // The sentence, as data: "sensitivity_stable" (candidate), "sensitivity_stable_unless_price" (candidate,
    // percent, runner_up, price_status), "sensitivity_price_tie" (candidate, runner_up, price_status: stable, and
    // the runner-up costs the same), "sensitivity_changes" (candidate, input, bound "low"/"high", to, and percent,
    // runner_up, price_status when there is a price threshold, and tie "true" when it costs the same),
    // "sensitivity_unanswered" (candidate).
    std::optional<Diagnostic> summary;
    double seconds = 0;
};

// An input's id in English words, for the CLI's sentences and table ("estimated_prices" -> "estimated prices").
std::string sensitivityInputWords(std::string input);

// Answers the plan again with each uncertain input at its low and high end (a copy of the catalog with the
// estimated prices or the efficiencies scaled, or the plan's spot rate set) and compares each answer's
// recommendation with `answer`'s (the plan's own answer). Inputs are varied one at a time. A cancelled search
// returns the cancelled error.
Expected<PlanSensitivity> planSensitivity(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, const SearchControl& control = {});

// A copy of `catalog` whose estimated prices (on-demand and monthly figures whose status is "estimate") are
// multiplied by `factor`.
Catalog withEstimatedPricesScaled(const Catalog& catalog, double factor);
// A copy of `catalog` (and of `plan`'s assumptions) whose compute-efficiency peaks, or achieved bandwidth
// fractions (links, network, PCIe, decode memory), are multiplied by `factor` (capped at 1).
Catalog withComputeEfficiencyScaled(const Catalog& catalog, Plan& plan, double factor);
Catalog withBandwidthEfficiencyScaled(const Catalog& catalog, Plan& plan, double factor);

} // namespace gp
