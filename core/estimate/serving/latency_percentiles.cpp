// Per-request statistics as vLLM's benchmark reports them (vllm-project/vllm vllm/benchmarks/serve.py
// calculate_metrics): TTFT per request; TPOT = (latency - TTFT) / (output - 1), for outputs longer than one token;
// ITL over every gap between two output tokens; E2EL the request latency. A request's gaps are the engine's steps:
// decode-only ones of the decode step, and a share f of prompt-carrying ones of the prompt step, so over its n gaps
// the prompt-carrying ones are Binomial(n, f) and its TPOT is decode + K / n x (prompt step - decode).
#include "estimate/serving/latency_percentiles.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

constexpr double kPercentiles[] = { 0.50, 0.90, 0.99 };
constexpr int kBisections = 48;

// The q-quantile of a non-decreasing CDF on [lo, hi] (hi grown until it holds q).
template <typename Cdf> double quantileOf(const Cdf& cdf, double q, double lo, double hi)
{
    for (int i = 0; i < 64 && cdf(hi) < q; ++i)
        hi = hi > 0 ? hi * 2 : 1e-6;
    for (int i = 0; i < kBisections && hi - lo > 1e-9 * std::max(1.0, hi); ++i) {
        const double mid = (lo + hi) / 2;
        (cdf(mid) < q ? lo : hi) = mid;
    }
    return hi;
}

double waitCdf(double x, double busy, double waitMean)
{
    if (x < 0)
        return 0;
    if (!(busy > 0) || !(waitMean > 0))
        return 1;
    return 1 - busy * std::exp(-busy * x / waitMean);
}

// P(K <= k) for K ~ Binomial(n, f): exact below a variance of 30, else the normal approximation.
double binomialCdf(double n, double f, double k)
{
    if (k < 0)
        return 0;
    if (k >= n || f <= 0)
        return 1;
    if (f >= 1)
        return 0;
    const double mean = n * f;
    const double var = n * f * (1 - f);
    if (var > 30)
        return 0.5 * std::erfc(-(std::floor(k) + 0.5 - mean) / std::sqrt(2 * var));
    if (f > 0.5) // the pmf from (1 - f)^n underflows: count the other outcome
        return 1 - binomialCdf(n, 1 - f, n - std::floor(k) - 1);
    // pmf(j + 1) = pmf(j) (n - j) / (j + 1) f / (1 - f), from pmf(0) = (1 - f)^n.
    double pmf = std::exp(n * std::log1p(-f)), sum = 0;
    const double odds = f / (1 - f);
    for (int j = 0; j <= int(std::floor(k)); ++j) {
        sum += pmf;
        pmf *= (n - j) / (j + 1.0) * odds;
    }
    return std::min(1.0, sum);
}

ServingPercentiles infinitePercentiles()
{
    return { INFINITY, INFINITY, INFINITY };
}

// Every `stride`-th point of `xs` (at least `most` of them apart), for the grids of the request latency.
std::vector<double> thinned(const std::vector<double>& xs, std::size_t most)
{
    if (xs.size() <= most)
        return xs;
    std::vector<double> out;
    const std::size_t stride = (xs.size() + most - 1) / most;
    for (std::size_t i = stride / 2; i < xs.size(); i += stride)
        out.push_back(xs[i]);
    return out;
}

ServingPercentiles tpotPercentiles(const TrafficShape& traffic, const LoadPoint& p)
{
    const double d = p.decodeStepSeconds, s = p.promptStepSeconds, f = p.promptStepShare;
    std::vector<double> gaps; // output gaps per request with more than one token
    for (double g : traffic.outputs)
        if (g >= 2)
            gaps.push_back(std::round(g) - 1);
    if (gaps.empty())
        return {};
    if (!(s > d) || !(f > 0)) {
        const double t = f >= 1 ? s : d;
        return { t, t, t };
    }
    const auto cdf = [&](double t) {
        double sum = 0;
        for (double n : gaps)
            sum += binomialCdf(n, f, n * (t - d) / (s - d) + 1e-9);
        return sum / double(gaps.size());
    };
    ServingPercentiles out;
    double* slots[] = { &out.p50, &out.p90, &out.p99 };
    for (int i = 0; i < 3; ++i)
        *slots[i] = quantileOf(cdf, kPercentiles[i], d, s);
    return out;
}

} // namespace

double quantileWithWait(const std::vector<double>& shifts, double busy, double waitMean, double q)
{
    if (shifts.empty())
        return 0;
    const auto [lo, hi] = std::minmax_element(shifts.begin(), shifts.end());
    const auto cdf = [&](double t) {
        double sum = 0;
        for (double c : shifts)
            sum += waitCdf(t - c, busy, waitMean);
        return sum / double(shifts.size());
    };
    const double tail = busy > 0 && waitMean > 0 ? waitMean / busy * std::log(std::max(1.0, busy / (1 - q))) : 0.0;
    return quantileOf(cdf, q, *lo, *hi + tail + 1e-12);
}

LatencyPercentiles latencyPercentiles(const ReplicaSteps& steps, const LoadPoint& p, bool withLatency)
{
    LatencyPercentiles out;
    if (!p.stable || !std::isfinite(p.ttftSeconds) || !std::isfinite(p.tpotSeconds)) {
        out.ttft = out.tpot = out.itl = out.latency = infinitePercentiles();
        return out;
    }
    const TrafficShape& traffic = steps.traffic();
    const double computed = steps.computedPromptTokens() / std::max(1.0, steps.promptTokens());
    const double room = std::max(1.0, p.chunkRoom);
    // The request's own prefill: its computed prompt tokens in chunks of the room its step leaves.
    const auto prefill = [&](double prompt) {
        const double a = std::max(1.0, prompt * computed);
        const double chunks = std::max(1.0, std::ceil(a / room - 1e-9));
        return chunks * steps.stepSeconds(p.decodingBeside, a / chunks);
    };
    const bool fixedPrompt = traffic.prompts.size() == 1;
    std::vector<double> ttftShifts;
    for (double prompt : traffic.prompts)
        ttftShifts.push_back(p.ttftFixedSeconds + (fixedPrompt ? p.prefillSeconds : prefill(prompt)));
    double* ttftSlots[] = { &out.ttft.p50, &out.ttft.p90, &out.ttft.p99 };
    for (int i = 0; i < 3; ++i)
        *ttftSlots[i] = quantileWithWait(ttftShifts, p.waitBusyShare, p.waitMeanSeconds, kPercentiles[i]);
    out.tpot = tpotPercentiles(traffic, p);
    double* itlSlots[] = { &out.itl.p50, &out.itl.p90, &out.itl.p99 };
    for (int i = 0; i < 3; ++i)
        *itlSlots[i] = kPercentiles[i] <= 1 - p.promptStepShare ? p.decodeStepSeconds : p.promptStepSeconds;
    if (!withLatency)
        return out;
    // Request latency: TTFT + (output - 1) x the mean gap, over every output length and a few prompt lengths (the
    // outputs make its tail).
    std::vector<double> latencyShifts;
    for (double shift : thinned(ttftShifts, 4))
        for (double g : traffic.outputs)
            latencyShifts.push_back(shift + std::max(0.0, std::round(g) - 1) * p.tpotSeconds);
    double* latencySlots[] = { &out.latency.p50, &out.latency.p90, &out.latency.p99 };
    for (int i = 0; i < 3; ++i)
        *latencySlots[i] = quantileWithWait(latencyShifts, p.waitBusyShare, p.waitMeanSeconds, kPercentiles[i]);
    return out;
}

double latencyStatistic(double mean, const ServingPercentiles& p, SloPercentile which)
{
    switch (which) {
    case SloPercentile::Mean:
        return mean;
    case SloPercentile::P50:
        return p.p50;
    case SloPercentile::P90:
        return p.p90;
    case SloPercentile::P99:
        return p.p99;
    }
    return mean;
}

} // namespace gp
