// Mean-field continuous batching at the engine's steps (the closed form AIConfigurator's aggregated model and Vidur's
// simulations share, with the step of step_time.h): in steady state at an arrival rate, each step carries the decode
// tokens of the requests decoding and the prompt tokens that arrive during it, within the token budget; a request's
// latency = its front-end overhead + its wait for the prefill room + its prefill chunks + (output - 1) steps of the
// decode it sees; throughput = requests in flight / latency (Little's law).
#include "estimate/serving/load_model.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

constexpr double kStepTolerance = 1e-8;

// The engine's mean step S at `rate`: S = step(rate g S, rate a S), the decode tokens of the requests decoding
// (Little's law) and the prompt tokens arriving during the step. The smallest fixed point within the token budget
// (rate (a + g) S <= budget); INFINITY when there is none: the engine cannot take that rate.
double engineMeanStep(const ReplicaSteps& steps, double rate)
{
    const double a = steps.computedPromptTokens();
    const double g = steps.decodeTokensPerRequest();
    if (!(rate > 0))
        return steps.stepSeconds(0, 0);
    const double ceiling = steps.tokenBudget() / (rate * (a + g));
    const auto excess = [&](double s) { return steps.stepSeconds(rate * g * s, rate * a * s) - s; };
    if (!(excess(ceiling) <= 0))
        return INFINITY;
    double lo = 0, hi = ceiling; // excess(lo) > 0 >= excess(hi)
    for (int i = 0; i < 200 && hi - lo > kStepTolerance * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (excess(mid) > 0 ? lo : hi) = mid;
    }
    return hi;
}

// The mean step one request sees while it decodes: itself and the requests decoding beside it (Little's law on the
// decode phase, at most `maxDecoding`), and the prompt tokens of the `others` rate arriving during it.
double requestDecodeStep(const ReplicaSteps& steps, double rate, double others, double maxDecoding)
{
    const double a = steps.computedPromptTokens();
    const double g = steps.decodeTokensPerRequest();
    const auto excess = [&](double t) {
        return steps.stepSeconds(std::clamp(rate * g * t, 1.0, std::max(1.0, maxDecoding)), others * a * t) - t;
    };
    double lo = 0, hi = steps.stepSeconds(1, 0);
    for (int i = 0; i < 64 && excess(hi) > 0; ++i) {
        lo = hi;
        hi *= 2;
    }
    if (!(excess(hi) <= 0))
        return INFINITY;
    for (int i = 0; i < 200 && hi - lo > kStepTolerance * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (excess(mid) > 0 ? lo : hi) = mid;
    }
    return hi;
}

LoadPoint unstablePoint()
{
    LoadPoint p;
    p.stable = false;
    p.ttftSeconds = p.tpotSeconds = p.latencySeconds = p.queueSeconds = INFINITY;
    return p;
}

// The point at arrival `rate`; `others` is the rate of the other requests' arrivals one request sees (Poisson: the
// rate itself; a closed loop of c: (c - 1) / c of it); `poisson` adds the wait for the step in progress.
LoadPoint pointAt(const ReplicaSteps& steps, double rate, double others, double maxDecoding, bool poisson)
{
    const double a = steps.computedPromptTokens();
    const double g = steps.decodeTokensPerRequest();
    const double step = engineMeanStep(steps, rate);
    const double tpot = std::isfinite(step) ? requestDecodeStep(steps, rate, others, maxDecoding) : INFINITY;
    if (!std::isfinite(step) || !std::isfinite(tpot))
        return unstablePoint();
    LoadPoint p;
    p.stepSeconds = step;
    p.tpotSeconds = g > 0 ? tpot : 0.0;
    const double decoding = rate * g * tpot;
    p.decodeStepSeconds = steps.stepSeconds(std::clamp(decoding, 1.0, std::max(1.0, maxDecoding)), 0.0);
    // The prompt goes in chunks into the room the running decodes leave in the token budget, beside the decodes of
    // the other requests.
    const double running = rate * g * step;
    const double room = std::max(1.0, steps.tokenBudget() - running);
    const double chunks = std::max(1.0, std::ceil(a / room - 1e-9));
    p.prefillSeconds = chunks * steps.stepSeconds(std::min(others * g * tpot, running), a / chunks);
    // Other prompts hold the prefill room (token budget per step, or the achieved peak when the steps are
    // compute-bound): an M/D/1 queue at that utilization.
    const double perToken = std::max(step / room, steps.prefillSecondsPerToken());
    const double rho = others * a * perToken;
    if (rho >= 1)
        return unstablePoint();
    p.queueSeconds = rho * p.prefillSeconds / (2 * (1 - rho)) + (poisson ? step / 2 : 0.0);
    p.ttftSeconds = steps.requestOverheadSeconds() + p.queueSeconds + p.prefillSeconds;
    p.latencySeconds = p.ttftSeconds + g * tpot;
    p.requestsPerSecond = rate;
    p.outputTokensPerSecond = rate * steps.outputTokens();
    p.concurrency = rate * p.latencySeconds;
    p.computeBound = steps.computeBound(running, rate * a * step);
    return p;
}

} // namespace

double saturationRate(const ReplicaSteps& steps)
{
    const double a = steps.computedPromptTokens();
    const double g = steps.decodeTokensPerRequest();
    const double idle = steps.stepSeconds(0, 0);
    if (!(idle > 0) || !std::isfinite(idle))
        return 0;
    // No rate fills more than the budget in the shortest step.
    double lo = 0, hi = steps.tokenBudget() / ((a + g) * idle);
    if (std::isfinite(engineMeanStep(steps, hi)))
        return hi;
    for (int i = 0; i < 200 && hi - lo > 1e-7 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (std::isfinite(engineMeanStep(steps, mid)) ? lo : hi) = mid;
    }
    return lo;
}

LoadPoint closedLoopPoint(const ReplicaSteps& steps, double concurrency)
{
    const double c = std::max(1.0, concurrency);
    const double saturated = saturationRate(steps);
    if (!(saturated > 0))
        return unstablePoint();
    const auto at = [&](double rate) { return pointAt(steps, rate, rate * (c - 1) / c, c, false); };
    // rate x latency(rate) grows with the rate: the rate where it reaches c, or the saturation rate.
    double lo = 0, hi = saturated;
    for (int i = 0; i < 200 && hi - lo > 1e-7 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        const LoadPoint p = at(mid);
        (p.stable && mid * p.latencySeconds < c ? lo : hi) = mid;
    }
    LoadPoint p = at(lo > 0 ? lo : hi * 1e-7);
    if (!p.stable)
        return p;
    // Saturated: the requests beyond what the steps take wait in the engine's queue.
    const double wait = c / p.requestsPerSecond - p.latencySeconds;
    if (wait > 1e-6 * p.latencySeconds) {
        p.queueSeconds += wait;
        p.ttftSeconds += wait;
        p.latencySeconds += wait;
    }
    p.concurrency = concurrency;
    return p;
}

LoadPoint openLoopPoint(const ReplicaSteps& steps, double rate, double capacity)
{
    const double cap = std::max(1.0, capacity);
    if (!(rate > 0)) {
        LoadPoint idle = pointAt(steps, 0.0, 0.0, 1.0, true);
        idle.requestsPerSecond = 0;
        idle.outputTokensPerSecond = 0;
        idle.concurrency = 0;
        return idle;
    }
    const LoadPoint p = pointAt(steps, rate, rate, cap, true);
    if (p.stable && p.concurrency <= cap)
        return p;
    // The replica does not keep up: it serves what it holds.
    LoadPoint full = closedLoopPoint(steps, cap);
    full.stable = false;
    return full;
}

bool meetsSlo(const LoadPoint& p, const ServingSlo& slo)
{
    if (!p.stable || !std::isfinite(p.latencySeconds))
        return false;
    if (slo.ttftSeconds && p.ttftSeconds > *slo.ttftSeconds)
        return false;
    if (slo.tpotSeconds && p.tpotSeconds > *slo.tpotSeconds)
        return false;
    return true;
}

int largestConcurrencyMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity)
{
    if (capacity < 1 || !meetsSlo(closedLoopPoint(steps, 1), slo))
        return 0;
    if (meetsSlo(closedLoopPoint(steps, capacity), slo))
        return capacity;
    int lo = 1, hi = capacity; // lo meets, hi misses
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (meetsSlo(closedLoopPoint(steps, mid), slo) ? lo : hi) = mid;
    }
    return lo;
}

double largestRateMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity)
{
    if (capacity < 1)
        return 0;
    // No rate beyond the closed-loop throughput at the capacity is stable.
    const double ceiling = closedLoopPoint(steps, capacity).requestsPerSecond;
    if (!(ceiling > 0))
        return 0;
    double lo = 0, hi = ceiling;
    if (meetsSlo(openLoopPoint(steps, hi, capacity), slo))
        return hi;
    for (int i = 0; i < 50 && hi - lo > 1e-6 * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (meetsSlo(openLoopPoint(steps, mid, capacity), slo) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace gp
