// The serving search's second dimension (workload.serving.deployment.mode "auto" or "disaggregated"): prefill and
// decode pools apart, each with its own tensor x pipeline layout and replica count (xPyD), beside the aggregated
// replicas; and why the answer's deployment beats the other (AIConfigurator's aggregated vs disaggregated search,
// ai-dynamo/aiconfigurator@095f58a inference_session.py and picking.py: prefill workers for the TTFT target, decode
// workers for the TPOT target, the cheapest pairing per GPU).
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/hardware.h"
#include "estimate/common/results.h"
#include "transformer/model_library.h"

#include <atomic>
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
// `sameInstance`: the best split with both pools on the candidate, which a split across two instances is compared to.
std::optional<Diagnostic> deploymentReason(const std::optional<DeploymentOutcome>& aggregated,
    const std::optional<DeploymentOutcome>& disaggregated, const std::optional<DeploymentOutcome>& sameInstance,
    const std::optional<ServingResult>& closestDisaggregated, bool disaggregatedChosen, const ServingSpec& spec);

} // namespace gp
