// Requests in flight, latency and throughput of one replica under a load: closed loop (a fixed number of requests
// in flight), open loop (Poisson arrivals at a rate, with the prefill queue) and the largest load meeting an SLO.
#pragma once

#include "estimate/serving/step_time.h"

namespace gp {

struct LoadPoint {
    double concurrency = 0;      // mean requests in flight
    double ttftSeconds = 0;
    double tpotSeconds = 0;      // mean over a request's output tokens after the first
    double decodeStepSeconds = 0;
    double prefillSeconds = 0;
    double queueSeconds = 0;     // mean wait before the prefill starts
    double latencySeconds = 0;   // end to end
    double requestsPerSecond = 0;
    double outputTokensPerSecond = 0;
    bool stable = true;          // open loop: the replica keeps up with the rate
};

// `concurrency` requests always in flight (a closed-loop benchmark): each finished request is replaced at once.
// In steady state (Little's law) the other requests' prefills, about concurrency - 1 of them per request lifetime,
// stretch its decode steps; a request waits for the prefill in progress (M/D/1 on the prefill's share of steps).
LoadPoint closedLoopPoint(const ReplicaSteps& steps, double concurrency);

// Poisson arrivals at `rate` requests per second; concurrency from Little's law (rate x latency), at most
// `capacity` requests (KV cache or max_num_seqs): beyond it the replica does not keep up (stable = false).
LoadPoint openLoopPoint(const ReplicaSteps& steps, double rate, double capacity);

// Whether a point meets the targets that are given.
bool meetsSlo(const LoadPoint& point, const ServingSlo& slo);

// Largest whole concurrency in [1, capacity] whose closed-loop point meets the SLO; 0 when even 1 misses.
int largestConcurrencyMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity);

// Largest arrival rate one replica serves within the SLO (and stably); 0 when none does.
double largestRateMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity);

} // namespace gp
