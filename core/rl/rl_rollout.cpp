// The tail: HybridFlow (Sheng et al. 2024, arXiv:2409.19256) and AReaL (Fu et al. 2025, arXiv:2505.24298 section 2)
// describe synchronous generation waiting for the longest output while the GPUs idle; slime and AReaL refill the
// engine with later prompts instead (partial rollouts, staleness eta >= 2).
#include "rl/rl_rollout.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

constexpr int kRlRolloutSegments = 32; // midpoint rule over the response length: < 0.5% off the exact sum

double rlShape(double mean, double max)
{
    return mean >= max ? 0.0 : max / std::max(1.0, mean) - 1.0;
}

// Decode seconds while `n` sequences that started together run from token `from` to token `to`.
double rlDrainSeconds(
    const ReplicaSteps& steps, double n, double from, double to, double mean, double max, double kvSecondsPerToken)
{
    if (!(to > from))
        return 0;
    const double dt = (to - from) / kRlRolloutSegments;
    double seconds = 0;
    for (int i = 0; i < kRlRolloutSegments; ++i) {
        const double t = from + (i + 0.5) * dt;
        const double running = std::max(1.0, n * rlResponseSurvival(t, mean, max));
        const double step = steps.decodeStepSeconds(running) + running * (t - mean / 2) * kvSecondsPerToken;
        seconds += dt * std::max(0.0, step);
    }
    return seconds;
}

} // namespace

double rlResponseSurvival(double tokens, double mean, double max)
{
    if (tokens >= max)
        return 0;
    const double k = rlShape(mean, max);
    return k <= 0 ? 1.0 : std::pow(std::max(0.0, 1.0 - tokens / max), k);
}

double rlLongestResponse(double n, double mean, double max)
{
    const double k = rlShape(mean, max);
    if (k <= 0 || n <= 0)
        return max;
    // E[max] = integral of P(max > t) dt, P(max > t) = 1 - (1 - S(t))^n. In v = 1 - S the integrand is smooth where
    // it matters (near the maximum for large n): t = max (1 - (1 - v)^(1/k)), dt = max / k (1 - v)^(1/k - 1) dv.
    const int segments = 512;
    double sum = 0;
    const double count = std::max(1.0, n);
    for (int i = 0; i < segments; ++i) {
        const double u = (i + 0.5) / segments; // t / max
        const double survival = std::pow(1.0 - u, k);
        sum += 1.0 - std::pow(1.0 - survival, count);
    }
    return max * sum / segments;
}

double rlLongestResponseTruncated(double n, double mean, double max, double truncated)
{
    const double share = std::clamp(truncated, 0.0, 1.0);
    const double p = n > 0 ? 1.0 - std::pow(1.0 - share, n) : 0.0;
    return p * max + (1.0 - p) * rlLongestResponse(n, mean, max);
}

// One prompt's prefill with nothing else in flight: its computed tokens (those not in the prefix cache) in steps of
// the engine's token budget, each step as long as the engine-step model makes it.
double rlPromptPrefillSeconds(const ReplicaSteps& steps)
{
    const double tokens = steps.computedPromptTokens();
    const double budget = std::max(1, steps.tokenBudget());
    const double fullSteps = std::floor(tokens / budget);
    const double rest = tokens - fullSteps * budget;
    return fullSteps * steps.stepSeconds(0, budget) + (rest > 0 ? steps.stepSeconds(0, rest) : 0.0);
}

RlRollout rlRolloutTime(const ReplicaSteps& steps, double sequences, double prompts, double capacity, double mean,
    double max, bool tailFilled, double kvSecondsPerToken, double stepSequences, double truncated)
{
    RlRollout r;
    r.sequencesPerReplica = sequences;
    const double batch = std::max(1.0, std::min(sequences, capacity));
    r.concurrency = batch;
    const double full = steps.decodeStepSeconds(batch);
    r.peakTokensPerSecond = batch / full;
    // Each distinct prompt is prefilled once; its samples find it in the prefix cache.
    r.prefillSeconds = std::max(0.0, prompts) * rlPromptPrefillSeconds(steps);
    if (tailFilled) {
        r.tailFilled = true;
        r.longestResponseTokens = rlLongestResponse(batch, mean, max);
        r.decodeSeconds = sequences * mean * full / batch;
        return r;
    }
    const double queued = std::max(0.0, sequences - batch);
    const double steady = queued * mean * full / batch; // full while the queue refills finished sequences
    const double end = rlLongestResponseTruncated(std::max(batch, stepSequences), mean, max, truncated);
    r.longestResponseTokens = end;
    const double k = rlShape(mean, max);
    const double half = k <= 0 ? end : std::min(end, max * (1.0 - std::pow(0.5, 1.0 / k)));
    const double body = rlDrainSeconds(steps, batch, 0, half, mean, max, kvSecondsPerToken);
    r.tailSeconds = rlDrainSeconds(steps, batch, half, end, mean, max, kvSecondsPerToken);
    r.decodeSeconds = steady + body + r.tailSeconds;
    return r;
}

} // namespace gp
