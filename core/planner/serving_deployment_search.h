// The serving search's second dimension (workload.serving.deployment.mode "auto" or "disaggregated"): prefill and
// decode pools apart, each with its own tensor x pipeline layout and replica count (xPyD), beside the aggregated
// replicas; and why the answer's deployment beats the other (AIConfigurator's aggregated vs disaggregated search,
// ai-dynamo/aiconfigurator@095f58a inference_session.py and picking.py: prefill workers for the TTFT target, decode
// workers for the TPOT target, the cheapest pairing per GPU).
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "plan/billing_modes.h"
#include "transformer/model_library.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace gp
{

// One disaggregated deployment of a candidate: the pools' layouts and sizes in `configuration` (data, tensor and
// pipeline the decode pool's; prefillReplicas, prefillTensor and prefillPipeline the prefill pool's), its nodes and
// its serving figures (money not filled).
struct DisaggregatedOption {
    Configuration configuration;
    int nodes = 1;
    int gpus = 1;
    ServingResult serving;
    int prefillNodes = 0; // mixed pairs: each pool's nodes of its own instance (configuration.decodeNodes the decode's)
    // Mixed pairs: the nodes of the candidate's own instance (the pool it keeps) and of the other instance.
    int ownNodes() const;
    int otherNodes() const;
};

// Every pairing of a prefill layout and a decode layout (tensor sizes of one node, or the plan's
// prefill_tensor/decode_tensor; pipeline doubled while a replica does not start) under the plan's rate load: the
// fewest replicas per pool meeting the SLO, or the plan's prefill_replicas/decode_replicas. `oneNode` is the
// candidate at one node; `workload` the serving workload as run on its GPU. Empty when the load is not a rate.
std::vector<DisaggregatedOption> disaggregatedOptions(const ResolvedModel& model, const Workload& workload,
    const Hardware& oneNode, const Assumptions& assumptions, const Catalog& catalog, int maxNodes,
    const std::atomic<bool>* cancel);

// The same with the decode pool on another catalog instance (serving.deployment.mixed_instances): prefill layouts on
// `prefillNode`, decode layouts on `decodeNode` (one node of each), the KV over the network between them
// (kvTransferLinkBetween); configuration.decodeInstance names `decodeInstance`, and each pool has its own nodes.
std::vector<DisaggregatedOption> mixedDisaggregatedOptions(const ResolvedModel& model, const Workload& workload,
    const Hardware& prefillNode, const Hardware& decodeNode, const std::string& decodeInstance,
    const Assumptions& assumptions, const Catalog& catalog, int maxNodes, const std::atomic<bool>* cancel);

// The reverse (serving.deployment.mixed_instances, the other way round): the prefill pool on another catalog instance
// `prefillNode` (configuration.prefillInstance `prefillInstance`, configuration.prefillNodes its nodes) and the decode
// pool on the candidate's `decodeNode`, whose nodes are then the candidate's own.
std::vector<DisaggregatedOption> prefillElsewhereOptions(const ResolvedModel& model, const Workload& workload,
    const Hardware& prefillNode, const Hardware& decodeNode, const std::string& prefillInstance,
    const Assumptions& assumptions, const Catalog& catalog, int maxNodes, const std::atomic<bool>* cancel);

// The least a pair of pools on two instances can cost per million tokens (input + output) under an open rate load, in
// the objective's units: at the cheapest allowed billing mode both instances price (`first` and `second`: each pool's
// instance's rates at the fewest nodes the pool takes), over the tokens the rate brings; where no mode prices both,
// `gpus` (the fewest GPUs of both pools) per million tokens, as an unpriced pair is ranked. 0 where nothing bounds it
// (no rate, a finite run). Search pruning (docs/plan-search.md): a pair whose floor exceeds the best split already
// found cannot win and is not scored.
double pairCostFloor(const std::vector<BillingRate>& first, const std::vector<BillingRate>& second, double gpus,
    const Billing& billing, const ServingSpec& spec);

// One listed instance's pool layouts for pairs of instances (serving.deployment.mixed_instances): its prefill layouts
// (each replica used under its own lock, as its answers are memoised), its decode layouts with their operating points,
// and the fewest nodes each pool takes. Built once per search and shared by every candidate paired with the instance,
// so a plan of N instances builds N sides, not N^2.
struct ServingPoolSide;
class ServingPoolCache
{
public:
    ServingPoolCache(const ResolvedModel& model, const Assumptions& assumptions, const Catalog& catalog);
    ~ServingPoolCache();
    ServingPoolCache(const ServingPoolCache&) = delete;
    ServingPoolCache& operator=(const ServingPoolCache&) = delete;
    // `oneNode`: the plan entry `spec` resolved at one node; `workload` the serving workload as run on the searching
    // candidate's GPU.
    const ServingPoolSide& side(
        const CandidateSpec& spec, const Hardware& oneNode, const Workload& workload, int maxNodes);

private:
    struct Entry;
    const ResolvedModel& m_model;
    const Assumptions& m_assumptions;
    const Catalog& m_catalog;
    std::mutex m_mutex; // guards m_entries
    std::vector<std::unique_ptr<Entry>> m_entries;
};

// The fewest nodes of the side's instance its prefill pool (`prefill`) or its decode pool takes in any pair that meets
// the SLO: the decode pool's fewest replicas meeting TPOT, the prefill pool's fewest meeting the whole TTFT target
// (before the transfer and the decode pool's first step take their share), at the layout taking the fewest nodes;
// 0 when no layout meets it.
int fewestPoolNodes(const ServingPoolSide& side, bool prefill);
// The same pool's fewest GPUs (replicas x GPUs per replica, at the layout taking the fewest); 0 when none meets it.
int fewestPoolGpus(const ServingPoolSide& side, bool prefill);
// The side's instance at one node.
const Hardware& poolSideNode(const ServingPoolSide& side);

// Every pairing of `prefill`'s prefill layouts with `decode`'s decode layouts, the KV over the network between the two
// instances (kvTransferLinkBetween). `candidateHoldsPrefill`: the candidate is the prefill side, and
// configuration.decodeInstance names the decode side's instance; else configuration.prefillInstance names the prefill
// side's, with configuration.prefillNodes its nodes.
std::vector<DisaggregatedOption> pairedSides(const ServingPoolSide& prefill, const ServingPoolSide& decode,
    bool candidateHoldsPrefill, const std::atomic<bool>* cancel);

// disaggregatedOptions of the side's instance from its pool layouts (both pools on it), the same options in the same
// order: a search of mixed pairs builds the candidate's side anyway.
std::vector<DisaggregatedOption> sameInstancePairs(const ServingPoolSide& side, const std::atomic<bool>* cancel);

// The best deployment of one kind the search scored: its GPUs and objective cost (per million tokens).
struct DeploymentOutcome {
    int gpus = 0;
    double cost = 0;
    bool priced = true;
    ServingResult serving;
};

// Why the chosen deployment beats the other kind: "serving_disaggregated_wins" (fewer GPUs or a lower cost, with the
// decode pool's requests per replica against the aggregated replica's), "serving_aggregated_wins" (cheaper),
// "serving_disaggregated_transfer_too_slow" (the KV transfer takes what the TTFT target leaves),
// "serving_disaggregated_misses_slo" (no pool size meets the SLO) or "serving_disaggregated_no_rate" (the load is not a
// rate). `aggregated` absent: no aggregated replica met the SLO.
// `sameInstance`: the best split with both pools on the candidate `candidate` (its label or instance id), which a split
// across two instances is compared to whichever pool the candidate keeps.
std::optional<Diagnostic> deploymentReason(const std::optional<DeploymentOutcome>& aggregated,
    const std::optional<DeploymentOutcome>& disaggregated, const std::optional<DeploymentOutcome>& sameInstance,
    const std::optional<ServingResult>& closestDisaggregated, bool disaggregatedChosen, const ServingSpec& spec,
    const std::string& candidate = {});

// The search off (search.enabled false): the plan's deployment as configured, compared with nothing.
// "serving_pools_as_configured" (`pools`: the plan's prefill and decode pools, evaluated),
// "serving_deployment_not_searched" (mode auto: the plan's aggregated replicas; only the search splits them) or
// deploymentReason's no-rate reason.
std::optional<Diagnostic> configuredDeploymentReason(
    const std::optional<DeploymentOutcome>& pools, const ServingSpec& spec);

} // namespace gp
