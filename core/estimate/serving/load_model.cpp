// Mean-field continuous batching (the closed form AIConfigurator's aggregated model and Vidur's simulations
// share): a request's latency = its wait + its prefill + (output - 1) decode steps + the stalls the other
// requests' prefills add to those steps; throughput = requests in flight / latency (Little's law).
#include "estimate/serving/load_model.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

// The point at `concurrency` requests in flight arriving at `rate` (closed loop: rate = concurrency / latency);
// `poisson` adds the mean wait for the next engine step of a random arrival.
LoadPoint pointAt(const ReplicaSteps& steps, double concurrency, double rate, bool poisson)
{
    LoadPoint p;
    const double c = std::max(1.0, concurrency);
    const double output = steps.outputTokens();
    p.concurrency = concurrency;
    p.decodeStepSeconds = steps.decodeStepSeconds(c);
    p.prefillSeconds = steps.prefillSeconds(c);
    // A prefill chunk step replaces a decode step of the requests in flight; what it lasts beyond one is a stall.
    const double stall = std::max(0.0, p.prefillSeconds - steps.prefillChunks() * p.decodeStepSeconds);
    // The prefill is a server busy for the prompt's share of the steps; M/D/1 mean wait rho b / (2 (1 - rho)).
    const double busy = p.prefillSeconds * steps.prefillShareOfStep();
    const double rho = rate * busy;
    if (rho >= 1) {
        p.stable = false;
        p.queueSeconds = INFINITY;
    } else {
        p.queueSeconds = rho * busy / (2 * (1 - rho)) + (poisson ? p.decodeStepSeconds / 2 : 0.0);
    }
    p.ttftSeconds = p.queueSeconds + p.prefillSeconds;
    const double decode = (output - 1) * p.decodeStepSeconds + (c - 1) * stall;
    p.latencySeconds = p.ttftSeconds + decode;
    p.tpotSeconds = output > 1 ? decode / (output - 1) : 0.0;
    p.requestsPerSecond = std::isfinite(p.latencySeconds) && p.latencySeconds > 0 ? concurrency / p.latencySeconds : 0;
    p.outputTokensPerSecond = p.requestsPerSecond * output;
    return p;
}

} // namespace

LoadPoint closedLoopPoint(const ReplicaSteps& steps, double concurrency)
{
    // The wait depends on the rate, the rate on the latency: a few fixed-point rounds settle it.
    LoadPoint p = pointAt(steps, concurrency, 0.0, false);
    for (int i = 0; i < 30; ++i) {
        const LoadPoint next = pointAt(steps, concurrency, p.requestsPerSecond, false);
        const bool settled = std::fabs(next.latencySeconds - p.latencySeconds) <= 1e-9 * p.latencySeconds;
        p = next;
        if (!p.stable || settled)
            break;
    }
    return p;
}

LoadPoint openLoopPoint(const ReplicaSteps& steps, double rate, double capacity)
{
    // concurrency = rate x latency(concurrency): latency grows with concurrency, so bisect on the excess.
    auto excess = [&](double c) {
        const LoadPoint p = pointAt(steps, c, rate, true);
        return p.stable ? rate * p.latencySeconds - c : INFINITY;
    };
    const double cap = std::max(1.0, capacity);
    if (!(rate > 0)) {
        LoadPoint idle = pointAt(steps, 0.0, 0.0, true);
        idle.requestsPerSecond = 0;
        idle.outputTokensPerSecond = 0;
        return idle;
    }
    if (excess(cap) > 0) {
        LoadPoint p = pointAt(steps, cap, rate, true);
        p.stable = false;
        p.requestsPerSecond = cap / p.latencySeconds;
        p.outputTokensPerSecond = p.requestsPerSecond * steps.outputTokens();
        return p;
    }
    double lo = 0, hi = cap;
    for (int i = 0; i < 60 && hi - lo > 1e-6 * std::max(1.0, hi); ++i) {
        const double mid = (lo + hi) / 2;
        (excess(mid) > 0 ? lo : hi) = mid;
    }
    LoadPoint p = pointAt(steps, hi, rate, true);
    p.requestsPerSecond = rate;
    p.outputTokensPerSecond = rate * steps.outputTokens();
    return p;
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
