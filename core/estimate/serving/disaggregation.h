// Prefill and decode apart (xPyD, workload.serving.deployment): a pool of prefill replicas computes each prompt and
// hands its KV cache to a pool of decode replicas over the link between them, as vLLM's disaggregated prefilling
// (docs/features/disagg_prefill.md: the prefill instance computes the prompt, the decode instance pulls its KV cache
// through a KV connector such as NixlConnector), SGLang's PD disaggregation (Mooncake or NIXL transfer engine),
// NVIDIA Dynamo and DistServe run it. Each pool is the serving model's engine on its own: the prefill replica's
// requests end at their first token (one output token), the decode replica finds every prompt token but the last in
// its cache (the connector's blocks count as a prefix hit; vLLM recomputes the last one) and only decodes, so no
// prefill chunk shares its steps. Time to first token = the prefill pool's (overhead, wait, prefill) + the transfer
// (its wait for the link, latency, bytes over the achieved link rate) + the decode pool's wait and first step.
#pragma once

#include "estimate/serving/serving_model.h"

namespace gp
{

// The link a request's KV cache crosses: inside one node the instance's GPU link (NVLink or PCIe) between the two
// replicas' GPUs, else the node network (RDMA where the instance has it, else TCP) at the replicas' GPUs' share of the
// node's NICs. `gpus`: GPUs of the smaller replica of the pair (each GPU moves its share of the cache over its own
// link; llm-d and vLLM's NixlConnector transfer per rank).
struct KvLink {
    std::string kind; // nvlink | pcie | rdma | tcp
    double lineGBps = 0; // line rate this transfer can use, GB/s
    double achievedGBps = 0; // line rate x the catalog's achieved fraction for that link
    double latencySeconds = 0;
    bool usable() const { return achievedGBps > 0; }
};
KvLink kvTransferLink(const Hardware& hw, const PerformanceDefaults& d, int gpus, bool withinNode);

// Between two catalog instances (the prefill pool on one, the decode pool on another): the cache leaves the prefill
// replica's share of its node's NICs and enters the decode replica's share of its own, so it runs at the slower of the
// two; RDMA only where both instances have it on one provider's fabric (EFA does not speak RoCE), else TCP at its
// achieved fraction.
KvLink kvTransferLinkBetween(
    const Hardware& prefill, int prefillGpus, const Hardware& decode, int decodeGpus, const PerformanceDefaults& d);

// One request's transfer of `bytes` over `link` while the link carries `requestsPerSecond` such transfers: latency +
// bytes over the achieved rate, plus the mean wait for the transfers ahead (M/D/1 at the link's utilization). Fills
// `out` and returns whether the link keeps up (utilization below 1).
bool kvTransferTime(double bytes, const KvLink& link, double requestsPerSecond, KvTransfer& out);

// The decode pool under a rate load (`spec.load` requests per second): `replicas` decode replicas, or (0) the
// fewest meeting the TPOT target alone. Computed once per decode layout and paired with any prefill layout.
struct DecodePoolPoint {
    int replicas = 0; // 0: no number of decode replicas meets the TPOT target
    ServingResult result; // the decode replicas' operating point (memory, TPOT, throughput)
    double firstStepSeconds = 0; // its wait and first step, request overhead left to the prefill pool
};
DecodePoolPoint decodePoolPoint(const ServingReplica& decode, const ServingSpec& spec, int replicas);

// A prefill layout and a decode layout of one candidate's GPU, with what the transfer between them needs.
struct PoolPair {
    const ServingReplica& prefill;
    Configuration prefillConfig; // tensor x pipeline of one prefill replica
    Configuration decodeConfig; // of one decode replica
    const Hardware& hardware; // one node of the candidate (gpusPerNode, links)
    const PerformanceDefaults& performance;
    double transferBytes = 0; // the prompt's KV cache one request moves (kvTransferBytes: every decode rank's share)
    const Hardware* decodeHardware = nullptr; // one node of the decode pool's instance when not `hardware`'s
};

// The deployment under a rate load with `prefillReplicas` prefill replicas (0: the fewest meeting what the transfer
// and the decode pool leave of the TTFT target) beside the decode pool `decode`. The result's per-replica figures are
// the decode pool's, its replicas both pools', its `disaggregation` the pools and the transfer; meetsSlo false with a
// pool's replicas 0 when no number of replicas meets the SLO (limit: tpot, ttft or kv_transfer). The transfer crosses
// the GPU link when both pools fit one node, else the network; between the two instances of a mixed pair, always the
// network (kvTransferLinkBetween).
ServingResult serveDisaggregated(
    const PoolPair& pair, const DecodePoolPoint& decode, const ServingSpec& spec, int prefillReplicas);

// Nodes a deployment of `prefill` x `prefillGpus` and `decode` x `decodeGpus` GPUs takes: one node when both pools fit
// in it, else each pool on its own nodes.
int disaggregatedNodes(int prefill, int prefillGpus, int decode, int decodeGpus, int gpusPerNode);

// The prompt's KV cache one request moves from prefill to decode to a decode replica of `decodeTensor` ranks, bytes:
// every rank's share (a KV head held by TP / heads ranks is sent to each of them).
double kvTransferBytes(const ResolvedModel& model, const Workload& workload, KvPrecision precision, int decodeTensor);

// The deployment `config` gives (prefillReplicas, prefillTensor, prefillPipeline; data, tensor, pipeline the decode
// pool's) of one candidate, `hardware` one node of it; `decodeMemory` gets the decode replica's engine memory and
// `starts` whether both replicas' engines start.
ServingResult serveConfiguredDisaggregation(const ResolvedModel& model, const Workload& workload,
    const Configuration& config, const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog,
    EngineMemory& decodeMemory, bool& starts, const Hardware* decodeHardware = nullptr);

// The prefill pool's and the decode pool's workloads: the prefill replica stops at the first token, the decode
// replica finds the prompt in its cache.
Workload prefillPoolWorkload(const Workload& workload);
Workload decodePoolWorkload(const Workload& workload);

} // namespace gp
