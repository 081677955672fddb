// Objective figures, cost/time Pareto frontier and candidate ranking for the planner.
#include "planner/planner_ranking.h"
#include "base/finite_number.h"

#include "estimate/cost/cost_model.h"
#include "plan/billing_modes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace gp
{

namespace
{

double finiteOrInfinity(double v)
{
    return std::isfinite(v) ? v : kInfinity;
}

// Equal up to rounding: the same price x hours reached through different splits must tie.
bool nearlyEqual(double a, double b)
{
    return a == b || std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

// Tier of a candidate in the ranking: lower is better.
int tier(const CandidatePlan& c)
{
    if (c.meetsObjective)
        return 0;
    if (c.fits)
        return 1;
    return 2;
}

double missRatio(const CandidatePlan& c)
{
    const double usable = c.best.usableMemory > 0 ? c.best.usableMemory : c.best.gpuMemory;
    if (!(usable > 0))
        return kInfinity;
    return finiteOrInfinity(c.best.memory.total / usable);
}

std::string checkpointingWords(Checkpointing c)
{
    switch (c) {
    case Checkpointing::None:
        return "no activation checkpointing";
    case Checkpointing::Selective:
        return "selective checkpointing";
    case Checkpointing::Full:
        return "full checkpointing";
    case Checkpointing::PerOp:
        return "per-op selective checkpointing";
    }
    return {};
}

std::string offloadWords(Offload o)
{
    switch (o) {
    case Offload::None:
        return {};
    case Offload::Optimizer:
        return ", optimizer offloaded to CPU";
    case Offload::OptimizerAndParameters:
        return ", optimizer and parameters offloaded to CPU";
    }
    return {};
}

} // namespace

std::string billingModeWords(std::optional<BillingMode> mode)
{
    return mode ? std::string(billingModeSpec(*mode).words) : std::string();
}

std::string reservedTermWords(int months)
{
    if (months > 0 && months % 12 == 0)
        return std::to_string(months / 12) + "-year term";
    return std::to_string(months) + "-month term";
}

int reservedTermOf(const std::vector<CandidatePlan>& candidates)
{
    for (const CandidatePlan& c : candidates)
        if (c.best.cost.reservedTermMonths)
            return *c.best.cost.reservedTermMonths;
    return 0;
}

std::vector<BillingRate> allowedRates(const std::vector<BillingRate>& rates, const Billing& billing)
{
    std::vector<BillingRate> allowed;
    for (const BillingRate& r : rates)
        if (billing.allows(r.mode) && std::isfinite(r.perHour) && r.perHour >= 0)
            allowed.push_back(r);
    return allowed;
}

ObjectiveFigures objectiveFigures(
    const CandidateResult& result, const Workload& workload, const std::vector<BillingRate>& allowed, double monthDays)
{
    ObjectiveFigures f;
    if (workload.mode == Mode::Training) {
        f.hours = finiteOrInfinity(result.trainingHours);
        f.priced = !allowed.empty();
        if (!std::isfinite(f.hours)) {
            // A run that never finishes has no cost worth comparing.
            f.cost = kInfinity;
            return f;
        }
        if (!f.priced) {
            f.cost = finiteOrInfinity(result.gpuHours);
            return f;
        }
        f.cost = kInfinity;
        for (const BillingRate& rate : allowed) {
            const double cost = billedCost(rate, f.hours, monthDays);
            if (cost < f.cost) {
                f.cost = cost;
                f.mode = rate.mode;
            }
        }
        return f;
    }
    if (workload.mode == Mode::Serving) {
        // Serving: hours = one request's latency; cost = per million tokens (input + output) of the deployment
        // always on under the cheapest allowed mode (GPU-hours per million tokens when unpriced).
        const ServingResult* s = result.serving ? &*result.serving : nullptr;
        f.priced = !allowed.empty();
        const double tokensPerHour = s
            ? s->totalRequestsPerSecond * double(workload.serving.promptTokens + workload.serving.outputTokens) * 3600
            : 0;
        if (!s || !(tokensPerHour > 0) || !std::isfinite(tokensPerHour) || !std::isfinite(s->requestLatencySeconds)) {
            f.hours = kInfinity;
            f.cost = kInfinity;
            return f;
        }
        f.hours = s->requestLatencySeconds / 3600.0;
        if (!f.priced) {
            f.cost = finiteOrInfinity(double(std::max(result.gpus, 1)) / tokensPerHour * 1e6);
            return f;
        }
        f.cost = kInfinity;
        for (const BillingRate& rate : allowed) {
            const double cost = finiteOrInfinity(rate.perHour * std::max(1.0, rate.timeFactor) / tokensPerHour * 1e6);
            if (cost < f.cost) {
                f.cost = cost;
                f.mode = rate.mode;
            }
        }
        return f;
    }
    // Inference: one request batch is prefilled, then every sequence of the batch generates its output
    // tokens. decodeTokensPerSecond is one replica's rate for its whole batch; tokensPerSecond adds the replicas.
    // An always-on deployment pays each mode's hourly rate (monthly: the month spread over its hours).
    const double decode = result.decodeTokensPerSecond.value_or(0);
    const double prefill = result.prefillSeconds.value_or(0);
    const double batch = std::max(result.configuration.microBatchSize, 1); // the batch served
    const double outputTokens = static_cast<double>(std::max<std::int64_t>(workload.inference.outputTokens, 1));
    const double replicas = std::max(result.configuration.data, 1);
    const double candidateRate = result.tokensPerSecond > 0 ? result.tokensPerSecond : decode * replicas;
    f.priced = !allowed.empty();
    if (!(decode > 0) || !std::isfinite(decode) || !(candidateRate > 0) || !std::isfinite(candidateRate)) {
        f.hours = kInfinity;
        f.cost = kInfinity;
        return f;
    }
    const double perSequenceRate = decode / batch;
    f.hours = finiteOrInfinity((prefill + outputTokens / perSequenceRate) / 3600.0);
    const double tokensPerHour = candidateRate * 3600.0;
    if (!f.priced) {
        f.cost = finiteOrInfinity(static_cast<double>(std::max(result.gpus, 1)) / tokensPerHour * 1e6);
        return f;
    }
    f.cost = kInfinity;
    for (const BillingRate& rate : allowed) {
        const double cost = finiteOrInfinity(rate.perHour / tokensPerHour * 1e6);
        if (cost < f.cost) {
            f.cost = cost;
            f.mode = rate.mode;
        }
    }
    return f;
}

ObjectiveFigures objectiveFigures(const CandidateResult& result, const Workload& workload, const Billing& billing)
{
    return objectiveFigures(result, workload, allowedRates(result.cost.rates, billing), result.cost.monthDays);
}

bool meetsConstraint(const ObjectiveFigures& figures, const SearchSpec& search)
{
    switch (search.objective) {
    case SearchObjective::Cost:
    case SearchObjective::Time:
        return std::isfinite(figures.hours) && std::isfinite(figures.cost);
    case SearchObjective::CostUnderDeadline:
        // A deadline is about finishing a training run; inference latency is compared in hours too.
        if (!search.deadlineHours)
            return std::isfinite(figures.hours);
        return figures.hours <= *search.deadlineHours;
    case SearchObjective::TimeUnderBudget:
        if (!search.budget)
            return std::isfinite(figures.cost);
        return figures.priced && figures.cost <= *search.budget;
    }
    return false;
}

double objectiveValue(const ObjectiveFigures& figures, SearchObjective objective)
{
    return isTimeObjective(objective) ? figures.hours : figures.cost;
}

bool betterFor(const ObjectiveFigures& a, const ObjectiveFigures& b, SearchObjective objective)
{
    const double pa = objectiveValue(a, objective);
    const double pb = objectiveValue(b, objective);
    if (!nearlyEqual(pa, pb))
        return pa < pb;
    const double sa = isTimeObjective(objective) ? a.cost : a.hours;
    const double sb = isTimeObjective(objective) ? b.cost : b.hours;
    if (!nearlyEqual(sa, sb))
        return sa < sb;
    return false;
}

std::vector<ParetoPoint> paretoFrontier(std::vector<ParetoPoint> points)
{
    // Sorted by hours, then cost, then the order scored (a stable sort's order): the keys alone are sorted and only
    // the frontier's points moved, not every configuration (a search scores hundreds per candidate).
    struct Key {
        double hours, cost;
        std::size_t index;
    };
    std::vector<Key> keys;
    keys.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
        if (std::isfinite(points[i].hours) && std::isfinite(points[i].cost))
            keys.push_back({ points[i].hours, points[i].cost, i });
    std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
        if (a.hours != b.hours)
            return a.hours < b.hours;
        if (a.cost != b.cost)
            return a.cost < b.cost;
        return a.index < b.index;
    });
    std::vector<ParetoPoint> frontier;
    double cheapest = kInfinity;
    for (const Key& k : keys) {
        // Sorted by hours: a point joins only when it is strictly cheaper than everything faster.
        if (k.cost < cheapest) {
            cheapest = k.cost;
            frontier.push_back(std::move(points[k.index]));
        }
    }
    return frontier;
}

void rankCandidates(std::vector<CandidatePlan>& candidates, SearchObjective objective)
{
    const bool costObjective = !isTimeObjective(objective);
    std::stable_sort(candidates.begin(), candidates.end(), [&](const CandidatePlan& a, const CandidatePlan& b) {
        const int ta = tier(a);
        const int tb = tier(b);
        if (ta != tb)
            return ta < tb;
        if (ta == 2)
            return missRatio(a) < missRatio(b);
        // A currency amount and GPU-hours cannot be compared: priced candidates come first.
        if (costObjective && a.priced != b.priced)
            return a.priced;
        return a.objectiveValue < b.objectiveValue;
    });
}

namespace
{

// "4 replicas of tensor 2", or for prefill and decode apart each pool's replicas and layout (the pools' own tensor
// sizes, not the configuration's one).
std::string servedReplicasWords(const ServingResult& s, const Configuration& c)
{
    auto replicas = [](int n, int tensor, int pipeline, const char* kind) {
        return std::to_string(n) + kind + (n == 1 ? " replica" : " replicas") + " of tensor " + std::to_string(tensor)
            + (pipeline > 1 ? " x pipeline " + std::to_string(pipeline) : std::string());
    };
    if (s.disaggregation) {
        const ServingDisaggregation& d = *s.disaggregation;
        return replicas(d.prefill.replicas, d.prefill.tensor, d.prefill.pipeline, " prefill") + " and "
            + replicas(d.decode.replicas, d.decode.tensor, d.decode.pipeline, " decode");
    }
    return replicas(s.replicas, c.tensor, c.pipeline, "");
}

} // namespace

Diagnostic describeChoice(const CandidatePlan& plan, const Plan& workPlan)
{
    const Workload& workload = workPlan.workload;
    const Mode mode = workload.mode;
    const ObjectiveFigures f = objectiveFigures(plan.best, workload, workPlan.billing);
    const CandidateResult& r = plan.best;
    const Configuration& c = r.configuration;
    Diagnostic d;
    d.code = "recommended_configuration";
    d.args = { { "candidate", r.candidate }, { "nodes", std::to_string(r.nodes) }, { "gpus", std::to_string(r.gpus) },
        { "data", std::to_string(c.data) }, { "tensor", std::to_string(c.tensor) },
        { "pipeline", std::to_string(c.pipeline) }, { "zero_stage", std::to_string(c.zeroStage) },
        { "offload", std::string(toString(c.offload)) }, { "checkpointing", std::string(toString(c.checkpointing)) },
        { "micro_batch_size", std::to_string(c.microBatchSize) },
        { "gradient_accumulation_steps", std::to_string(c.gradientAccumulationSteps) },
        { "context", std::to_string(c.context) } };
    std::string split;
    if (c.tensor > 1 || c.pipeline > 1)
        split = ", tensor " + std::to_string(c.tensor) + " x pipeline " + std::to_string(c.pipeline) + " x data "
            + std::to_string(c.data);
    if (c.context > 1)
        split += ", each sequence split across " + std::to_string(c.context) + " GPUs (context parallel)";
    const std::string nodes = std::to_string(r.nodes) + (r.nodes == 1 ? " node" : " nodes");
    if (mode == Mode::Training) {
        const double days = r.trainingHours / 24.0;
        const std::string money = f.priced && std::isfinite(f.cost)
            ? formatNumber(f.cost, 3) + " " + r.cost.currency + " " + billingModeWords(f.mode)
            : formatNumber(r.gpuHours, 3) + " GPU-hours (no price known)";
        d.args.emplace_back("days", formatNumber(days, 2));
        d.args.emplace_back("hours", formatNumber(r.trainingHours, 3));
        if (f.priced && std::isfinite(f.cost)) {
            d.args.emplace_back("cost", formatNumber(f.cost, 6));
            d.args.emplace_back("currency", r.cost.currency);
            d.args.emplace_back("billing_mode", billingModeText(f.mode));
        }
        d.args.emplace_back("gpu_hours", formatNumber(r.gpuHours, 6));
        d.message = "on " + r.candidate + " you need " + nodes + split + ", ZeRO-" + std::to_string(c.zeroStage) + ", "
            + checkpointingWords(c.checkpointing) + offloadWords(c.offload) + ", micro-batch "
            + std::to_string(c.microBatchSize) + " x " + std::to_string(c.gradientAccumulationSteps)
            + " accumulation steps: " + formatNumber(days, 2) + " days, " + money;
    } else if (mode == Mode::Serving && r.serving) {
        const ServingResult& s = *r.serving;
        d.args.emplace_back("replicas", std::to_string(s.replicas));
        d.args.emplace_back("concurrency", formatNumber(s.concurrency, 4));
        d.args.emplace_back("ttft_seconds", formatNumber(s.ttftSeconds, 4));
        d.args.emplace_back("tpot_seconds", formatNumber(s.tpotSeconds, 4));
        d.args.emplace_back("output_tokens_per_second", formatNumber(s.totalOutputTokensPerSecond, 4));
        const char* perMillion = f.priced ? "cost_per_million_tokens" : "gpu_hours_per_million_tokens";
        d.args.emplace_back(perMillion, formatNumber(f.cost, 4));
        if (f.priced) {
            d.args.emplace_back("currency", r.cost.currency);
            d.args.emplace_back("billing_mode", billingModeText(f.mode));
        }
        const std::string money = f.priced
            ? formatNumber(f.cost, 3) + " " + r.cost.currency + " per million tokens " + billingModeWords(f.mode)
            : formatNumber(f.cost, 3) + " GPU-hours per million tokens (no price known)";
        d.message = "on " + r.candidate + " serve with " + servedReplicasWords(s, c) + " on " + nodes + ": "
            + formatNumber(s.concurrency, 3) + " requests in flight per replica, time to first token "
            + formatNumber(s.ttftSeconds, 3) + " s, " + formatNumber(s.tpotSeconds * 1000, 3) + " ms per output token, "
            + money;
    } else {
        d.args.emplace_back("batch_size", std::to_string(c.microBatchSize));
        if (r.decodeTokensPerSecond)
            d.args.emplace_back("decode_tokens_per_second", formatNumber(*r.decodeTokensPerSecond, 4));
        const char* perMillion = f.priced ? "cost_per_million_tokens" : "gpu_hours_per_million_tokens";
        d.args.emplace_back(perMillion, formatNumber(f.cost, 4));
        if (f.priced)
            d.args.emplace_back("billing_mode", billingModeText(f.mode));
        d.args.emplace_back("request_seconds", formatNumber(f.hours * 3600, 4));
        d.message = "on " + r.candidate + " serve with " + nodes + split + ", batch " + std::to_string(c.microBatchSize)
            + ": " + formatNumber(r.tokensPerSecond, 4) + " tokens/s";
    }
    return d;
}

} // namespace gp
