// Sources: vLLM docs/features/disagg_prefill.md and nixl_connector_usage.md (docs.vllm.ai, read 2026-12-06: the
// decode instance pulls the prompt's KV blocks from the prefill instance over NIXL/UCX after the prefill; the prefill
// request runs with max_tokens 1); SGLang PD disaggregation (docs, read 2026-12-06: prefill and decode servers, KV
// over the Mooncake or NIXL transfer engine on RDMA); llm-d architecture/advanced/disaggregation (v0.9, read
// 2026-12-06: "requires high performance (RDMA) interconnects between nodes for efficient KV transfer"); DistServe
// (OSDI '24): the prefill instance as an M/D/1 queue, the KV transfer added to TTFT.
#include "estimate/serving/disaggregation.h"

#include "base/finite_number.h"
#include "estimate/time/communication_model.h"
#include "transformer/attention.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// How many prefill replicas past the first candidate the search tries before it gives up on the TTFT target (each
// adds the same prefill throughput; the wait falls with every one, so a target met at all is met within a few).
constexpr int kPrefillReplicaTries = 64;

int gpusOf(const Configuration& c)
{
    return std::max(1, c.tensor) * std::max(1, c.pipeline);
}

ServingPool poolOf(const ServingResult& s, int replicas, const Configuration& c)
{
    ServingPool p;
    p.replicas = replicas;
    p.tensor = std::max(1, c.tensor);
    p.pipeline = std::max(1, c.pipeline);
    p.gpusPerReplica = gpusOf(c);
    p.requestsPerSecond = s.requestsPerSecond;
    p.concurrency = s.concurrency;
    p.maxConcurrency = s.maxConcurrency;
    p.ttftSeconds = s.ttftSeconds;
    p.tpotSeconds = s.tpotSeconds;
    p.utilization = s.utilization;
    p.limit = s.limit;
    return p;
}

ServingSpec withoutTargets(const ServingSpec& spec)
{
    ServingSpec s = spec;
    s.slo = {};
    return s;
}

// The prefill pool's time to first token at `replicas` replicas, the transfer and the decode pool's first step
// included; infinite where the prefill replicas or their links do not keep up.
double firstTokenSeconds(const PoolPair& pair, const DecodePoolPoint& decode, const KvLink& link, double rate,
    int replicas, KvTransfer& transfer)
{
    const double perReplica = rate / std::max(1, replicas);
    const LoadPoint q = pair.prefill.loads().openLoop(perReplica, pair.prefill.capacity());
    if (!kvTransferTime(pair.transferBytes, link, perReplica, transfer) || !q.stable)
        return INFINITY;
    return q.ttftSeconds + transfer.seconds + transfer.waitSeconds + decode.firstStepSeconds;
}

// The fewest prefill replicas whose time to first token (transfer and decode first step included) meets the target,
// or without a target keeps up; never fewer than the rate headroom asks for, with the target or without (the one rule
// of ServingReplica::replicasNeeded). 0 when none does; `noBudget` says the transfer and the decode pool alone take
// the whole target.
int fewestPrefillReplicas(
    const PoolPair& pair, const DecodePoolPoint& decode, const KvLink& link, const ServingSpec& spec, bool& noBudget)
{
    noBudget = false;
    if (!pair.prefill.starts() || spec.load.kind != ServingLoadKind::RequestsPerSecond)
        return 0;
    const double rate = spec.load.value;
    KvTransfer bare;
    kvTransferTime(pair.transferBytes, link, 0, bare);
    ServingSpec prefillSpec = withoutTargets(spec);
    if (spec.slo.ttftSeconds) {
        const double left = *spec.slo.ttftSeconds - bare.seconds - decode.firstStepSeconds;
        if (!(left > 0)) {
            noBudget = true;
            return 0;
        }
        prefillSpec.slo.ttftSeconds = left;
    }
    const int first = pair.prefill.replicasNeeded(prefillSpec);
    if (first < 1)
        return 0;
    // The link's wait for other requests' transfers may ask for a few more replicas (each has its own link share).
    KvTransfer t;
    for (int n = first; n < first + kPrefillReplicaTries; ++n) {
        const double ttft = firstTokenSeconds(pair, decode, link, rate, n, t);
        if (std::isfinite(ttft) && (!spec.slo.ttftSeconds || ttft <= *spec.slo.ttftSeconds))
            return n;
    }
    return 0;
}

} // namespace

KvLink kvTransferLink(const Hardware& hw, const PerformanceDefaults& d, int gpus, bool withinNode)
{
    KvLink link;
    const double g = std::max(1, gpus);
    if (withinNode) {
        // Each GPU of the pair sends its share over its own GPU link (NVLink or PCIe) to its peer.
        link.kind = hw.intraNode.kind.empty() ? "pcie" : hw.intraNode.kind;
        const double spec
            = hw.intraNode.bandwidthGBpsPerDirection > 0 ? hw.intraNode.bandwidthGBpsPerDirection : d.pcieFallbackGBps;
        link.lineGBps = positiveOrZero(spec) * g;
        link.achievedGBps = intraNodeBusGBps(hw, d) * g;
        link.latencySeconds = d.allReduceLatencySeconds;
        return link;
    }
    // Between nodes: the replica's GPUs' share of the node's NICs (a NIC per GPU on RDMA instances), at the achieved
    // fraction of RDMA or TCP.
    link.kind = hw.rdma ? "rdma" : "tcp";
    const double share = g / std::max(1, hw.gpusPerNode);
    link.lineGBps = positiveOrZero(hw.interNodeGbps) / 8.0 * share;
    link.achievedGBps = nodeNetworkGBps(hw, d) * share;
    link.latencySeconds = d.networkLatencySeconds;
    return link;
}

KvLink kvTransferLinkBetween(
    const Hardware& prefill, int prefillGpus, const Hardware& decode, int decodeGpus, const PerformanceDefaults& d)
{
    KvLink link;
    const bool rdma = prefill.rdma && decode.rdma && prefill.provider == decode.provider;
    link.kind = rdma ? "rdma" : "tcp";
    auto side = [](const Hardware& hw, int gpus) {
        return positiveOrZero(hw.interNodeGbps) / 8.0 * std::max(1, gpus) / std::max(1, hw.gpusPerNode);
    };
    link.lineGBps = std::min(side(prefill, prefillGpus), side(decode, decodeGpus));
    const double fraction
        = d.linkEfficiencyOverride ? *d.linkEfficiencyOverride : (rdma ? d.rdmaFraction : d.tcpFraction);
    link.achievedGBps = link.lineGBps * fraction;
    link.latencySeconds = d.networkLatencySeconds;
    return link;
}

bool kvTransferTime(double bytes, const KvLink& link, double requestsPerSecond, KvTransfer& out)
{
    out.bytesPerRequest = bytes;
    out.link = link.kind;
    out.lineGbps = link.lineGBps * 8.0;
    out.achievedGBps = link.achievedGBps;
    out.utilization = 0;
    out.waitSeconds = 0;
    if (!link.usable()) {
        out.seconds = INFINITY;
        return false;
    }
    const double service = positiveOrZero(bytes) / (link.achievedGBps * 1e9);
    out.seconds = link.latencySeconds + service;
    out.utilization = std::max(0.0, requestsPerSecond) * service;
    if (!(out.utilization < 1)) {
        out.waitSeconds = INFINITY;
        return false;
    }
    out.waitSeconds = out.utilization * service / (2 * (1 - out.utilization));
    return true;
}

DecodePoolPoint decodePoolPoint(const ServingReplica& decode, const ServingSpec& spec, int replicas)
{
    DecodePoolPoint d;
    ServingSpec s = spec;
    s.slo.ttftSeconds.reset(); // the decode pool answers for TPOT; TTFT is the prefill pool's and the transfer's
    d.replicas = replicas > 0 ? replicas : decode.replicasNeeded(s);
    d.result = decode.serve(s, std::max(1, d.replicas), false);
    d.firstStepSeconds = std::max(0.0, d.result.ttftSeconds - decode.steps().requestOverheadSeconds());
    return d;
}

ServingResult serveDisaggregated(
    const PoolPair& pair, const DecodePoolPoint& decode, const ServingSpec& spec, int prefillReplicas)
{
    const int perNode = std::max(1, pair.hardware.gpusPerNode);
    const int gP = gpusOf(pair.prefillConfig), gD = gpusOf(pair.decodeConfig);
    const int y = std::max(1, decode.replicas);
    const double rate = spec.load.kind == ServingLoadKind::RequestsPerSecond ? spec.load.value : 0.0;
    // Both pools in one node when they fit: the transfer stays on the GPU link; else it crosses the network (always
    // between two instances).
    const Hardware* other = pair.decodeHardware;
    bool withinNode = !other && gP + gD <= perNode;
    KvLink link;
    int x = 0;
    bool noBudget = false;
    for (;;) {
        link = other ? kvTransferLinkBetween(pair.hardware, gP, *other, gD, pair.performance)
                     : kvTransferLink(pair.hardware, pair.performance, std::min(gP, gD), withinNode);
        x = prefillReplicas > 0 ? prefillReplicas : fewestPrefillReplicas(pair, decode, link, spec, noBudget);
        if (!withinNode || std::max(1, x) * gP + y * gD <= perNode)
            break;
        withinNode = false;
    }
    const ServingResult prefill = pair.prefill.serve(withoutTargets(spec), std::max(1, x), false);
    ServingDisaggregation dis;
    dis.prefill = poolOf(prefill, x, pair.prefillConfig);
    dis.decode = poolOf(decode.result, decode.replicas, pair.decodeConfig);
    dis.decode.ttftSeconds = decode.firstStepSeconds;
    if (other) {
        // Each pool on its own instances: named, with its GPU and nodes.
        auto name = [](const Hardware& hw) { return hw.label.empty() ? hw.id : hw.label; };
        dis.prefill.instance = name(pair.hardware);
        dis.prefill.gpuName = pair.hardware.gpu.name;
        dis.prefill.nodes = disaggregatedNodes(std::max(1, x), gP, 0, 1, perNode);
        dis.decode.instance = name(*other);
        dis.decode.gpuName = other->gpu.name;
        dis.decode.nodes = disaggregatedNodes(0, 1, y, gD, other->gpusPerNode);
    }
    // No prefill pool meets the target: the transfer as one request sees it alone (its bare cost to TTFT).
    const bool linkKeepsUp = kvTransferTime(pair.transferBytes, link, x > 0 ? rate / x : 0.0, dis.transfer);

    ServingResult r = decode.result;
    r.deployment = "disaggregated";
    r.replicas = std::max(1, x) + y;
    r.ttftSeconds = prefill.ttftSeconds + dis.transfer.seconds + dis.transfer.waitSeconds + decode.firstStepSeconds;
    r.prefillSeconds = prefill.prefillSeconds;
    r.queueSeconds = prefill.queueSeconds + dis.transfer.waitSeconds + decode.result.queueSeconds;
    r.requestLatencySeconds
        = r.ttftSeconds + std::max(0.0, double(spec.outputTokens) - 1.0) * decode.result.tpotSeconds;
    const bool ttftMet = !spec.slo.ttftSeconds || r.ttftSeconds <= *spec.slo.ttftSeconds;
    r.meetsSlo = decode.replicas > 0 && x > 0 && decode.result.meetsSlo && linkKeepsUp
        && std::isfinite(prefill.ttftSeconds) && ttftMet;
    if (decode.replicas < 1 || !decode.result.meetsSlo)
        r.limit = decode.result.limit;
    else if (noBudget || !linkKeepsUp)
        r.limit = "kv_transfer";
    else if (x < 1 || !ttftMet)
        r.limit = "ttft";
    r.disaggregation = dis;
    return r;
}

int disaggregatedNodes(int prefill, int prefillGpus, int decode, int decodeGpus, int gpusPerNode)
{
    const long long n = std::max(1, gpusPerNode);
    const long long p = static_cast<long long>(std::max(0, prefill)) * std::max(1, prefillGpus);
    const long long d = static_cast<long long>(std::max(0, decode)) * std::max(1, decodeGpus);
    if (p + d <= n)
        return 1;
    return int(std::min<long long>((p + n - 1) / n + (d + n - 1) / n, 1 << 30));
}

double kvTransferBytes(const ResolvedModel& model, const Workload& workload, KvPrecision precision, int decodeTensor)
{
    // What arrives is what the decode ranks hold: SGLang maps each decode rank to the prefill rank(s) holding its heads
    // (python/sglang/srt/disaggregation/common/conn.py, CommonKVManager._resolve_rank_mapping, stored copy at
    // ad7733e4, read 2026-12-06): at equal attention TP each decode rank gets its own prefill rank's cache
    // (required_dst_info_num 1); a larger decode TP has each prefill rank write to decode_tp / prefill_tp ranks; a
    // smaller one has a decode rank gather from several prefill ranks. A KV head replicated on TP / heads ranks (and an
    // MLA latent, on every rank) is therefore moved once per rank: TP x one rank's cache (kvCacheBytes's rank share,
    // ceil(heads / TP) heads). Mooncake's published SGLang run shows it (tests/data/reference/disaggregation.json:
    // Qwen3-235B-A22B, 4 KV heads at TP 8, twice the one-copy bytes).
    const int t = std::max(1, decodeTensor);
    return t
        * kvCacheBytes(
            model.architecture, precision, double(std::max<std::int64_t>(workload.serving.promptTokens, 1)), t);
}

ServingResult serveConfiguredDisaggregation(const ResolvedModel& model, const Workload& workload,
    const Configuration& config, const Hardware& hardware, const Assumptions& assumptions, const Catalog& catalog,
    EngineMemory& decodeMemory, bool& starts, const Hardware* decodeHardware)
{
    const PerformanceDefaults performance = performanceDefaults(
        catalog, assumptions, hardware.gpu.gpuClass, hardware.gpu.architecture, workload.attentionKernel);
    Configuration prefillConfig;
    prefillConfig.tensor = std::max(1, config.prefillTensor);
    prefillConfig.pipeline = std::max(1, config.prefillPipeline);
    Configuration decodeConfig = config;
    decodeConfig.prefillReplicas = 0;
    const ServingReplica prefill(model, prefillPoolWorkload(workload), prefillConfig, hardware, assumptions, catalog);
    Hardware decodeNode;
    if (decodeHardware) {
        // The decode pool's replica spans the nodes of its own instance its layout needs.
        decodeNode = *decodeHardware;
        const int perNode = std::max(1, decodeNode.gpusPerNode);
        decodeNode.nodes = std::max(1, (gpusOf(decodeConfig) + perNode - 1) / perNode);
    }
    const ServingReplica decode(model, decodePoolWorkload(workload), decodeConfig,
        decodeHardware ? decodeNode : hardware, assumptions, catalog);
    decodeMemory = decode.memory();
    starts = prefill.starts() && decode.starts();
    const ServingSpec& spec = workload.serving;
    const DecodePoolPoint d = decodePoolPoint(decode, spec, config.data);
    const PoolPair pair { prefill, prefillConfig, decodeConfig, hardware, performance,
        kvTransferBytes(model, workload, decode.engine().kvPrecision, decodeConfig.tensor),
        decodeHardware ? &decodeNode : nullptr };
    ServingResult r = serveDisaggregated(pair, d, spec, config.prefillReplicas);
    r.curve = decode.serve(withoutTargets(spec), std::max(1, d.replicas), true).curve;
    return r;
}

Workload prefillPoolWorkload(const Workload& workload)
{
    Workload w = workload;
    w.serving.outputTokens = 1; // the prefill request ends at its first token (vLLM's proxy sends max_tokens 1)
    return w;
}

Workload decodePoolWorkload(const Workload& workload)
{
    Workload w = workload;
    // The transferred blocks are a prefix hit; the engine computes only the last prompt token (at most the hit rate
    // the serving defaults allow).
    w.serving.engine.prefixCacheHitRate = 1.0;
    return w;
}

} // namespace gp
