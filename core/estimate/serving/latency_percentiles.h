// Percentiles of time to first token, time per output token, inter-token latency and request latency at a
// steady-state operating point: the queueing model's wait as a distribution, the plan's length spreads, and the
// share of a request's output gaps that are prompt-carrying steps.
#pragma once

#include "estimate/common/serving_result.h"
#include "estimate/serving/load_model.h"

namespace gp
{

struct LatencyPercentiles {
    ServingPercentiles ttft, tpot, itl, latency;
};

// `withLatency` false leaves the request latency out (the SLO search needs only TTFT and TPOT).
LatencyPercentiles latencyPercentiles(const ReplicaSteps& steps, const LoadPoint& point, bool withLatency = true);

// The statistic `which` of a latency: its mean or one of its percentiles.
double latencyStatistic(double mean, const ServingPercentiles& p, SloPercentile which);

// The q-quantile of c + W, c uniform over `shifts` and W the queueing wait: zero with probability 1 - busy, else
// exponential with mean waitMean / busy (P(W > x) = busy exp(-busy x / waitMean): the M/G/1 probability of waiting
// is the busy share, PASTA, and Kingman's heavy-traffic limit makes the wait exponential).
double quantileWithWait(const std::vector<double>& shifts, double busy, double waitMean, double q);

} // namespace gp
