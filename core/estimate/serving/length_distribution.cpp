// Length shapes from the tools that generate serving benchmarks: vLLM's and SGLang's ShareGPT samplers keep each
// request's own lengths (a spread the plan gives as a shape and CV); AIPerf's --sequence-distribution draws
// Normal(mean, stddev) clamped at 1 (ai-dynamo/aiperf docs/tutorials/sequence-distributions.md); vLLM bench
// --burstiness draws the request gaps from a gamma distribution of shape k and scale 1 / (rate k) (vllm-project/vllm
// vllm/benchmarks/serve.py get_request: "Default value is 1, which follows a Poisson process ... A lower burstiness
// value (0 < burstiness < 1) results in more bursty requests"), whose squared coefficient of variation is 1 / k.
#include "estimate/serving/length_distribution.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gp
{

double standardNormalQuantile(double u)
{
    // P. J. Acklam, "An algorithm for computing the inverse normal cumulative distribution function" (2003).
    static constexpr double a[] = { -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
        1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00 };
    static constexpr double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
        6.680131188771972e+01, -1.328068155288572e+01 };
    static constexpr double c[] = { -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00 };
    static constexpr double d[]
        = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00 };
    constexpr double low = 0.02425;
    u = std::clamp(u, 1e-15, 1 - 1e-15);
    if (u < low) {
        const double q = std::sqrt(-2 * std::log(u));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (u > 1 - low)
        return -standardNormalQuantile(1 - u);
    const double q = u - 0.5;
    const double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

double lengthQuantile(LengthShape shape, double mean, double spread, double u)
{
    const double m = std::max(1.0, mean);
    const double cv = std::max(0.0, spread);
    switch (shape) {
    case LengthShape::Fixed:
        return m;
    case LengthShape::Exponential:
        return std::max(1.0, -m * std::log1p(-std::clamp(u, 0.0, 1 - 1e-15)));
    case LengthShape::Lognormal: {
        const double s2 = std::log1p(cv * cv);
        return std::max(1.0, std::exp(std::log(m) - s2 / 2 + std::sqrt(s2) * standardNormalQuantile(u)));
    }
    case LengthShape::Normal:
        return std::max(1.0, m + cv * m * standardNormalQuantile(u));
    }
    return m;
}

std::vector<double> lengthPoints(LengthShape shape, double mean, double spread, int count)
{
    const int n = shape == LengthShape::Fixed ? 1 : std::max(1, count);
    std::vector<double> out(std::size_t(n), 0.0);
    for (int i = 0; i < n; ++i)
        out[std::size_t(i)] = lengthQuantile(shape, mean, spread, (i + 0.5) / n);
    const double avg = std::accumulate(out.begin(), out.end(), 0.0) / n;
    if (avg > 0)
        for (double& x : out)
            x = std::max(1.0, x * std::max(1.0, mean) / avg);
    return out;
}

namespace
{

constexpr int kTrafficLengthPoints = 64;

double squaredCvOf(const std::vector<double>& xs)
{
    double sum = 0, square = 0;
    for (double x : xs) {
        sum += x;
        square += x * x;
    }
    const double n = double(xs.size());
    const double mean = sum / n;
    return mean > 0 ? std::max(0.0, square / n / (mean * mean) - 1) : 0.0;
}

} // namespace

TrafficShape trafficShape(const ServingSpec& spec)
{
    const ServingTraffic& t = spec.traffic;
    TrafficShape s;
    s.plan = t;
    s.meanPrompt = double(std::max<std::int64_t>(spec.promptTokens, 1));
    s.meanOutput = double(std::max<std::int64_t>(spec.outputTokens, 1));
    s.prompts = lengthPoints(t.promptShape, s.meanPrompt, t.promptSpread, kTrafficLengthPoints);
    s.outputs = lengthPoints(t.outputShape, s.meanOutput, t.outputSpread, kTrafficLengthPoints);
    s.promptScv = squaredCvOf(s.prompts);
    s.outputScv = squaredCvOf(s.outputs);
    s.spread = s.promptScv > 0 || s.outputScv > 0;
    // E[g^2] / E[g] = E[g] (1 + cs^2).
    s.contextScale = (s.meanPrompt + s.meanOutput * (1 + s.outputScv) / 2) / (s.meanPrompt + s.meanOutput / 2);
    s.arrivalScv = t.burstiness > 0 ? 1.0 / t.burstiness : 1.0;
    return s;
}

} // namespace gp
