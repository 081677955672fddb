// Requests in flight, latency and throughput of one replica under a load: closed loop (a fixed number of requests
// in flight), open loop (Poisson arrivals at a rate, with the prefill queue) and the largest load meeting an SLO.
#pragma once

#include "estimate/serving/step_time.h"

#include <utility>
#include <vector>

namespace gp
{

struct LoadPoint {
    double concurrency = 0; // mean requests in flight
    double ttftSeconds = 0; // request overhead + wait + prefill
    double tpotSeconds = 0; // mean over a request's output tokens after the first (others' prefill chunks included)
    double decodeStepSeconds = 0; // a decode-only step of the requests decoding beside one (the median inter-token gap)
    double stepSeconds = 0; // the engine's mean step over all its steps (decode-only and prompt-carrying)
    double prefillSeconds = 0; // one request's prefill chunks, without waiting
    double queueSeconds = 0; // mean wait before the prefill starts
    double latencySeconds = 0; // end to end
    double requestsPerSecond = 0;
    double outputTokensPerSecond = 0;
    bool computeBound = false; // the mean step's FLOPs outlast its HBM reads
    bool saturated = false; // closed loop: the steps take no more requests; the rest wait in the engine's queue
    bool stable = true; // open loop: the replica keeps up with the rate
    // What the percentiles read (latency_percentiles.h): the time to first token is ttftFixedSeconds + a wait for
    // the others' prefill (zero with probability 1 - waitBusyShare, else exponential of mean
    // waitMeanSeconds / waitBusyShare) + the request's own prefill in chunks of chunkRoom beside decodingBeside
    // decodes; a share promptStepShare of its output gaps are prompt-carrying steps of promptStepSeconds.
    double ttftFixedSeconds = 0;
    double waitMeanSeconds = 0;
    double waitBusyShare = 0;
    double decodingBeside = 0;
    double chunkRoom = 1;
    double promptStepShare = 0;
    double promptStepSeconds = 0;
};

// `concurrency` requests always in flight (a closed-loop benchmark): each finished request is replaced at once.
// The rate is the one at which Little's law holds (rate x latency = concurrency); when the engine saturates first
// (its steps cannot take more prompt tokens or FLOPs) the requests beyond wait in its queue.
LoadPoint closedLoopPoint(const ReplicaSteps& steps, double concurrency);

// Poisson arrivals at `rate` requests per second; concurrency from Little's law (rate x latency), at most
// `capacity` requests (KV cache or max_num_seqs): beyond it, or beyond what the steps compute, the replica does not
// keep up (stable = false).
LoadPoint openLoopPoint(const ReplicaSteps& steps, double rate, double capacity);

// Whether a point meets the targets that are given, at the statistic the SLO names (serving.slo.percentile).
bool meetsSlo(const ReplicaSteps& steps, const LoadPoint& point, const ServingSlo& slo);

// Largest whole concurrency in [1, capacity] whose closed-loop point meets the SLO; 0 when even 1 misses.
int largestConcurrencyMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity);

// Largest arrival rate one replica serves within the SLO (and stably); 0 when none does.
double largestRateMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity);

// The same answers on one replica's steps, each solved once: a deployment asks for the same points and limits several
// times (the replicas its load needs, the answer at them, the reason for its limit, the curve, a search's other
// pools). Each answer is the function's above, bit for bit. Holds a reference to `steps`: it must outlive this; not
// for use from two threads at once.
class ReplicaLoads
{
public:
    explicit ReplicaLoads(const ReplicaSteps& steps)
        : m_steps(steps)
    {
    }
    ReplicaLoads(const ReplicaLoads&) = delete;
    ReplicaLoads& operator=(const ReplicaLoads&) = delete;

    const ReplicaSteps& steps() const { return m_steps; }
    LoadPoint closedLoop(double concurrency) const;
    LoadPoint openLoop(double rate, double capacity) const;
    int largestConcurrencyMeeting(const ServingSlo& slo, int capacity) const;
    double largestRateMeeting(const ServingSlo& slo, int capacity) const;

private:
    struct SloAnswer {
        ServingSlo slo;
        int capacity = 0;
        double value = 0;
    };
    const ReplicaSteps& m_steps;
    mutable std::vector<std::pair<double, LoadPoint>> m_closed; // by concurrency
    mutable std::vector<std::pair<std::pair<double, double>, LoadPoint>> m_open; // by rate and capacity
    mutable std::vector<SloAnswer> m_concurrencies, m_rates;
};

} // namespace gp
