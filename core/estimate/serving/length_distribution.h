// Request lengths and arrivals around the plan's means (serving.traffic): a named length shape with its spread as
// equal-probability quantile points, the moments the mean-field engine step needs, and the variability of the
// arrivals and of the prefill work that the queueing model of time to first token reads.
#pragma once

#include "plan/plan.h"

#include <vector>

namespace gp
{

// The standard normal quantile Phi^-1(u), u in (0, 1) (Acklam's rational approximation, relative error < 1.2e-9).
double standardNormalQuantile(double u);

// Tokens at cumulative probability u of `shape` with mean `mean` and coefficient of variation `spread`: fixed is
// the mean; exponential has spread 1 (an output that ends at each token with one probability, a geometric length);
// lognormal has sigma^2 = ln(1 + spread^2); normal (AIPerf's ISL|stddev form) is clamped at one token.
double lengthQuantile(LengthShape shape, double mean, double spread, double u);

// `count` equal-probability points u = (i + 0.5) / count of the shape, at least one token each, scaled so their mean
// is the plan's mean (the mean the plan gives is the mean the engine runs).
std::vector<double> lengthPoints(LengthShape shape, double mean, double spread, int count);

// What the engine model reads of the plan's traffic.
struct TrafficShape {
    ServingTraffic plan; // as the plan gives it
    std::vector<double> prompts, outputs; // equal-probability length points
    double meanPrompt = 1, meanOutput = 1;
    double promptScv = 0; // squared coefficient of variation of the prompt lengths (the prefill work's, cs^2)
    double outputScv = 0;
    // Mean context of a decoding token: E[p] + E[g^2] / (2 E[g]) (the tokens of long outputs are the most decoded),
    // over the fixed lengths' p + g / 2.
    double contextScale = 1;
    double arrivalScv = 1; // squared CV of the arrival gaps: 1 / burstiness (gamma gaps; 1 = Poisson)
    bool spread = false; // any length varies
};
TrafficShape trafficShape(const ServingSpec& spec);

} // namespace gp
