// Serving replicas one search has built, by what their answers depend on. Catalog instances that share a GPU and its
// links (a GPU's 1-, 2-, 4- and 8-GPU sizes, the same GPU at two providers) run the same replica at the same tensor
// and pipeline sizes, so its engine memory, step times and load answers (ReplicaLoads) are built and solved once for
// all of them: the answers are the same numbers the candidate's own replica gives, bit for bit.
#pragma once

#include "estimate/serving/serving_model.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace gp
{

// Whether two candidates' hardware gives a serving replica the same numbers: the same GPU (or MIG slice), GPUs per
// node, links within and between nodes, and nodes where `nodesMatter`. Names, prices, vCPUs, host memory and disks
// differ freely (ServingReplicaCache also compares the local NVMe when the prefix cache has a disk tier).
bool sameServingHardware(const Hardware& a, const Hardware& b, bool nodesMatter);
// Whether a replica's numbers depend on the node count of the deployment it is part of: only when the replica spans
// nodes (its all-reduces cross them: communication_model.cpp, step_time.cpp) or when wide expert parallelism is
// compared over all the deployment's GPUs (wide_expert_parallel.cpp). Otherwise the search's one-node replica and the
// answer's deployment of several nodes run the same replica.
bool servingNodesMatter(
    const ResolvedModel& model, const Workload& workload, const Configuration& config, const Hardware& hardware);

// Shared by the threads of one search (model, assumptions and catalog are that search's); each replica is used under
// its own lock, as its answers are memoised.
class ServingReplicaCache
{
public:
    ServingReplicaCache(const ResolvedModel& model, const Assumptions& assumptions, const Catalog& catalog)
        : m_model(model)
        , m_assumptions(assumptions)
        , m_catalog(catalog)
    {
    }

    // A replica in use: the lock is held as long as this lives.
    struct Use {
        std::unique_lock<std::mutex> lock;
        const ServingReplica* replica = nullptr;
    };
    // The replica of tensor x pipeline `config` (its other fields at their defaults) running `workload` on `hardware`,
    // built on first use.
    Use replica(const Workload& workload, const Configuration& config, const Hardware& hardware);

private:
    struct Entry {
        std::mutex mutex;
        Hardware hardware; // the first candidate's copy, which the replica refers to
        Workload workload;
        std::unique_ptr<ServingReplica> replica;
    };
    const ResolvedModel& m_model;
    const Assumptions& m_assumptions;
    const Catalog& m_catalog;
    std::mutex m_mutex; // guards m_entries
    // By GPU id, tensor, pipeline, GPUs per node and nodes (0 where they do not matter); then compared whole.
    std::map<std::tuple<std::string, int, int, int, int>, std::vector<std::unique_ptr<Entry>>> m_entries;
};

// evaluateCandidate (estimator.h) for a search that shares its serving replicas: a serving plan's aggregated replica
// comes from `servingReplicas` (nullptr: built here), with the same answers.
CandidateResult evaluateCandidateSharing(const ResolvedModel& model, const Plan& plan, const Hardware& hardware,
    const Configuration& config, const Catalog& catalog, ServingReplicaCache* servingReplicas);

} // namespace gp
