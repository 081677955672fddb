// The serving chain for one candidate: engine memory -> KV tokens -> maximum concurrency; step times -> TTFT,
// TPOT and throughput at each concurrency; the operating point of the plan's load; replicas for the load and SLO.
#pragma once

#include "estimate/serving/engine_memory.h"
#include "estimate/serving/load_model.h"
#include "estimate/serving/step_time.h"

#include <memory>

namespace gp
{

// One replica (tensor x pipeline GPUs) of the model on a candidate's GPU, resolved once and reused for any number
// of replicas. Holds references to `model` and `hardware`: they must outlive it.
class ServingReplica
{
public:
    ServingReplica(const ResolvedModel& model, const Workload& workload, const Configuration& config,
        const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog);

    const EngineMemory& memory() const { return m_memory; }
    const EngineSettings& engine() const { return m_engine; }
    const ReplicaSteps& steps() const { return m_steps; }
    // The load answers on those steps, each solved once (load_model.h).
    const ReplicaLoads& loads() const { return m_loads; }
    // Requests one replica can hold in flight: the KV cache's full-length requests, at most max_num_seqs.
    int capacity() const { return m_capacity; }
    bool starts() const { return m_memory.maxConcurrency >= 1; }

    // Replicas the load needs under the SLO ("auto"); 0 when no number of replicas meets it.
    int replicasNeeded(const ServingSpec& spec) const;

    // The deployment of `replicas` replicas under the plan's load (money not filled: see priceServing).
    // `curve` adds the throughput-latency curve.
    ServingResult serve(const ServingSpec& spec, int replicas, bool curve) const;

private:
    // The operating point of the load on `steps` (limit, requested concurrency and utilization set in `r`).
    LoadPoint operatingPoint(const ReplicaLoads& loads, const ServingSpec& spec, ServingResult& r) const;
    // The prefix cache at that point: its figures into `r`; with less held than the shape needs, the point again
    // at the hit rate kept, and the offloaded prefix's load added to the time to first token.
    void applyPrefixCache(const ServingSpec& spec, LoadPoint& p, ServingResult& r) const;

    // The LoRA adapters' figures at the operating point into `r`.
    void describeLora(const LoadPoint& p, ServingResult& r) const;
    // Wide expert parallelism over the candidate's GPUs beside these replicas (MoE models): into `r.wideEp`.
    void compareWideEp(const ServingSpec& spec, ServingResult& r) const;

    // A finite run (serving.traffic.requests) replaces the steady state's latencies and throughput in `r`.
    void serveFiniteRun(ServingResult& r, const ServingSpec& spec) const;

    const ResolvedModel& m_model;
    const Hardware& m_hardware;
    const Catalog& m_catalog;
    Configuration m_config;
    Assumptions m_assumptions;
    Workload m_workload;
    EngineSettings m_engine;
    ServingDefaults m_defaults;
    EngineMemory m_memory;
    ReplicaSteps m_steps;
    ReplicaLoads m_loads { m_steps };
    int m_capacity = 0;
    double m_kvLayers = 0; // layers that keep keys and values
    double m_modelLayers = 0;
    bool m_loraCapped = false; // the LoRA slots, not the KV cache or max_num_seqs, cap the batch
};

} // namespace gp
