#include "planner/serving_deployment_search.h"

#include "base/number_text.h"
#include "estimate/serving/disaggregation.h"
#include "estimate/serving/serving_cost.h"
#include "planner/planner_grid.h"
#include "transformer/layers.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace gp
{

// One pool's replica at one layout, resolved on the candidate at the nodes it spans. Outside the anonymous namespace:
// ServingPoolSide (declared in the header) holds these, and a type with internal linkage in a member of a type with
// external linkage is refused in a unity batch (-Wsubobject-linkage).
struct DeploymentPoolLayout {
    Configuration config;
    Hardware hardware;
    std::unique_ptr<ServingReplica> replica;
    double transferBytes = 0; // a decode layout's: the prompt's KV its ranks receive (kvTransferBytes)
};

namespace
{

// The pool's layouts: each tensor size of one node (or the plan's), at the shallowest pipeline whose engine starts.
std::vector<std::unique_ptr<DeploymentPoolLayout>> poolLayouts(const ResolvedModel& model, const Workload& workload,
    const Hardware& oneNode, const Assumptions& assumptions, const Catalog& catalog, int maxNodes,
    std::optional<int> fixedTensor)
{
    std::vector<std::unique_ptr<DeploymentPoolLayout>> out;
    const Architecture& arch = model.architecture;
    const int perNode = std::max(1, oneNode.gpusPerNode);
    const std::vector<int> tensors = fixedTensor ? std::vector<int> { *fixedTensor } : tensorDegrees(perNode, arch);
    for (int t : tensors) {
        for (int p = 1; p <= std::max(1, int(totalLayers(arch))); p *= 2) {
            const int nodes = (t * p + perNode - 1) / perNode;
            if (nodes > maxNodes || (nodes > 1 && oneNode.interNodeGbps <= 0))
                break;
            auto layout = std::make_unique<DeploymentPoolLayout>();
            layout->config.tensor = t;
            layout->config.pipeline = p;
            layout->hardware = oneNode;
            layout->hardware.nodes = nodes;
            layout->replica = std::make_unique<ServingReplica>(
                model, workload, layout->config, layout->hardware, assumptions, catalog);
            if (layout->replica->starts()) {
                layout->transferBytes = kvTransferBytes(model, workload, layout->replica->engine().kvPrecision, t);
                out.push_back(std::move(layout));
                break; // a deeper pipeline only adds GPUs
            }
        }
    }
    return out;
}

std::string gbText(double bytes)
{
    return formatNumber(bytes / 1e6, 3);
}

std::vector<std::pair<std::string, std::string>> transferArgs(const KvTransfer& t)
{
    return { { "link", t.link }, { "link_gbps", formatNumber(t.lineGbps, 3) },
        { "transfer_seconds", formatNumber(t.seconds + t.waitSeconds, 3) },
        { "transfer_mb", gbText(t.bytesPerRequest) } };
}

std::string splitText(const ServingDisaggregation& d)
{
    auto on = [](const ServingPool& p) { return p.instance.empty() ? std::string() : " on " + p.instance; };
    return std::to_string(d.prefill.replicas) + "P" + std::to_string(d.decode.replicas) + "D (prefill tp"
        + std::to_string(d.prefill.tensor) + (d.prefill.pipeline > 1 ? " pp" + std::to_string(d.prefill.pipeline) : "")
        + on(d.prefill) + ", decode tp" + std::to_string(d.decode.tensor)
        + (d.decode.pipeline > 1 ? " pp" + std::to_string(d.decode.pipeline) : "") + on(d.decode) + ")";
}

// A split over two instances: what the pair saves against the best split on the candidate's instance alone (the
// instance of the pool the candidate keeps: the prefill pool's, or the decode pool's when the prefill pool moved).
void pairReason(Diagnostic& why, const DeploymentOutcome& pair, const std::optional<DeploymentOutcome>& sameInstance,
    const std::string& candidate)
{
    const ServingDisaggregation& d = *pair.serving.disaggregation;
    const std::string& alone = candidate == d.decode.instance ? d.decode.instance : d.prefill.instance;
    why.args.insert(why.args.end(),
        { { "prefill_instance", d.prefill.instance }, { "decode_instance", d.decode.instance },
            { "prefill_gpu", d.prefill.gpuName }, { "decode_gpu", d.decode.gpuName }, { "alone_instance", alone } });
    why.message += "; prefill on " + d.prefill.instance + " (" + d.prefill.gpuName + "), decode on " + d.decode.instance
        + " (" + d.decode.gpuName + ")";
    if (sameInstance && sameInstance->serving.disaggregation && sameInstance->cost > 0) {
        const std::string ratio = formatNumber(pair.cost / sameInstance->cost, 3);
        why.args.insert(why.args.end(),
            { { "same_instance_cost_ratio", ratio },
                { "same_instance_split", splitText(*sameInstance->serving.disaggregation) },
                { "same_instance_gpus", std::to_string(sameInstance->gpus) } });
        why.message += ", " + ratio + "x the cost of the best split on " + alone + " alone, "
            + splitText(*sameInstance->serving.disaggregation) + " on " + std::to_string(sameInstance->gpus) + " GPUs";
    } else {
        why.message += "; no split on " + alone + " alone meets the SLO";
    }
}

std::string transferText(const KvTransfer& t)
{
    return "the KV transfer of " + gbText(t.bytesPerRequest) + " MB per request over " + formatNumber(t.lineGbps, 3)
        + " Gbps " + t.link + " adds " + formatNumber(t.seconds + t.waitSeconds, 3) + " s to TTFT";
}

Diagnostic disaggregatedWins(const std::optional<DeploymentOutcome>& aggregated, const DeploymentOutcome& split)
{
    const ServingDisaggregation& d = *split.serving.disaggregation;
    std::vector<std::pair<std::string, std::string>> args = transferArgs(d.transfer);
    args.insert(args.end(),
        { { "split", splitText(d) }, { "prefill_replicas", std::to_string(d.prefill.replicas) },
            { "decode_replicas", std::to_string(d.decode.replicas) }, { "gpus", std::to_string(split.gpus) },
            { "decode_requests", formatNumber(d.decode.concurrency, 3) },
            { "tpot_ms", formatNumber(split.serving.tpotSeconds * 1000, 3) } });
    if (!aggregated)
        return { "serving_disaggregated_wins",
            splitText(d) + " on " + std::to_string(split.gpus)
                + " GPUs meets the SLO where no aggregated replica does: each decode replica decodes "
                + formatNumber(d.decode.concurrency, 3) + " requests at "
                + formatNumber(split.serving.tpotSeconds * 1000, 3)
                + " ms per token with no prefill chunk in its steps; " + transferText(d.transfer),
            args };
    const double ours = d.decode.concurrency;
    const double theirs = aggregated->serving.concurrency;
    const std::string ratio = theirs > 0 ? formatNumber(ours / theirs, 2) : "-";
    args.insert(args.end(),
        { { "aggregated_gpus", std::to_string(aggregated->gpus) }, { "aggregated_requests", formatNumber(theirs, 3) },
            { "batch_ratio", ratio }, { "cost_ratio", formatNumber(split.cost / aggregated->cost, 3) } });
    return { "serving_disaggregated_wins",
        splitText(d) + " on " + std::to_string(split.gpus) + " GPUs costs "
            + formatNumber(split.cost / aggregated->cost, 3) + "x the aggregated replicas on "
            + std::to_string(aggregated->gpus) + " GPUs: each decode replica holds " + formatNumber(ours, 3)
            + " requests within the TPOT target, " + ratio + "x the aggregated replica's " + formatNumber(theirs, 3)
            + ", once no prefill chunk shares its steps; " + transferText(d.transfer),
        args };
}

} // namespace

namespace
{

// The configuration a pair of pool layouts answers with: the decode layout's, with both pools' replica counts and the
// prefill layout's tensor and pipeline.
Configuration pairedConfiguration(
    const Configuration& prefill, const Configuration& decode, const ServingDisaggregation& pools)
{
    Configuration c = decode;
    c.data = std::max(1, pools.decode.replicas);
    c.prefillReplicas = std::max(1, pools.prefill.replicas);
    c.prefillTensor = prefill.tensor;
    c.prefillPipeline = prefill.pipeline;
    return c;
}

// Every prefill layout on `node` paired with every decode layout on it (both pools on the candidate), the decode
// layouts' operating points `points`; `locks` (one per prefill replica) where the replicas are shared.
std::vector<DisaggregatedOption> oneInstancePairs(const std::vector<std::unique_ptr<DeploymentPoolLayout>>& prefills,
    const std::vector<std::unique_ptr<DeploymentPoolLayout>>& decodes, const std::vector<DecodePoolPoint>& points,
    const std::vector<std::unique_ptr<std::mutex>>* locks, const Hardware& node, const PerformanceDefaults& performance,
    const ServingSpec& spec, const std::atomic<bool>* cancel)
{
    std::vector<DisaggregatedOption> out;
    const ServingDeployment& plan = spec.deployment;
    const int perNode = std::max(1, node.gpusPerNode);
    for (std::size_t j = 0; j < decodes.size(); ++j) {
        const DeploymentPoolLayout& d = *decodes[j];
        for (std::size_t i = 0; i < prefills.size(); ++i) {
            if (cancel && cancel->load(std::memory_order_relaxed))
                return out;
            const DeploymentPoolLayout& p = *prefills[i];
            const PoolPair pair { *p.replica, p.config, d.config, node, performance, d.transferBytes, nullptr };
            DisaggregatedOption o;
            {
                std::unique_lock<std::mutex> lock;
                if (locks)
                    lock = std::unique_lock<std::mutex>(*(*locks)[i]);
                o.serving = serveDisaggregated(pair, points[j], spec, plan.prefillReplicas.value_or(0));
            }
            o.configuration = pairedConfiguration(p.config, d.config, *o.serving.disaggregation);
            const int gP = p.config.tensor * p.config.pipeline, gD = d.config.tensor * d.config.pipeline;
            o.nodes = disaggregatedNodes(o.configuration.prefillReplicas, gP, o.configuration.data, gD, perNode);
            o.gpus = o.configuration.prefillReplicas * gP + o.configuration.data * gD;
            out.push_back(std::move(o));
        }
    }
    return out;
}

// The same with the pools' layouts built here.
std::vector<DisaggregatedOption> sameInstanceOptions(const ResolvedModel& model, const Workload& workload,
    const Hardware& oneNode, const Assumptions& assumptions, const Catalog& catalog, int maxNodes,
    const std::atomic<bool>* cancel)
{
    const ServingSpec& spec = workload.serving;
    if (spec.load.kind != ServingLoadKind::RequestsPerSecond)
        return {};
    const ServingDeployment& plan = spec.deployment;
    const auto prefills = poolLayouts(
        model, prefillPoolWorkload(workload), oneNode, assumptions, catalog, maxNodes, plan.prefillTensor);
    const auto decodes
        = poolLayouts(model, decodePoolWorkload(workload), oneNode, assumptions, catalog, maxNodes, plan.decodeTensor);
    if (prefills.empty() || decodes.empty())
        return {};
    const PerformanceDefaults performance = performanceDefaults(
        catalog, assumptions, oneNode.gpu.gpuClass, oneNode.gpu.architecture, workload.attentionKernel);
    std::vector<DecodePoolPoint> points;
    for (const auto& d : decodes)
        points.push_back(decodePoolPoint(*d->replica, spec, plan.decodeReplicas.value_or(0)));
    return oneInstancePairs(prefills, decodes, points, nullptr, oneNode, performance, spec, cancel);
}

} // namespace

std::vector<DisaggregatedOption> disaggregatedOptions(const ResolvedModel& model, const Workload& workload,
    const Hardware& oneNode, const Assumptions& assumptions, const Catalog& catalog, int maxNodes,
    const std::atomic<bool>* cancel)
{
    return sameInstanceOptions(model, workload, oneNode, assumptions, catalog, maxNodes, cancel);
}

std::vector<DisaggregatedOption> mixedDisaggregatedOptions(const ResolvedModel& model, const Workload& workload,
    const Hardware& prefillNode, const Hardware& decodeNode, const std::string& decodeInstance,
    const Assumptions& assumptions, const Catalog& catalog, int maxNodes, const std::atomic<bool>* cancel)
{
    ServingPoolCache sides(model, assumptions, catalog);
    CandidateSpec prefill, decode;
    prefill.instance = prefillNode.id;
    decode.instance = decodeInstance;
    return pairedSides(sides.side(prefill, prefillNode, workload, maxNodes),
        sides.side(decode, decodeNode, workload, maxNodes), true, cancel);
}

struct ServingPoolSide {
    std::string instance;
    Hardware node; // one node of the instance
    Workload workload;
    std::vector<std::unique_ptr<DeploymentPoolLayout>> prefills, decodes;
    std::vector<std::unique_ptr<std::mutex>> prefillLocks; // one per prefill replica (its answers are memoised)
    std::vector<DecodePoolPoint> points; // one per decode layout
    std::optional<PerformanceDefaults> performance; // the prefill side's (its GPU's) defaults
    int fewestPrefillNodes = 0, fewestDecodeNodes = 0;
    int fewestPrefillGpus = 0, fewestDecodeGpus = 0;
};

struct ServingPoolCache::Entry {
    CandidateSpec spec;
    Workload workload;
    int maxNodes = 1;
    std::mutex mutex; // guards the build of `side`
    std::unique_ptr<ServingPoolSide> side;
};

ServingPoolCache::ServingPoolCache(const ResolvedModel& model, const Assumptions& assumptions, const Catalog& catalog)
    : m_model(model)
    , m_assumptions(assumptions)
    , m_catalog(catalog)
{
}

ServingPoolCache::~ServingPoolCache() = default;

namespace
{

// The side's pools and floors (ServingPoolSide), built by one thread under its entry's lock.
std::unique_ptr<ServingPoolSide> buildPoolSide(const ResolvedModel& model, const Workload& workload,
    const Hardware& oneNode, const CandidateSpec& spec, const Assumptions& assumptions, const Catalog& catalog,
    int maxNodes)
{
    auto side = std::make_unique<ServingPoolSide>();
    side->instance = spec.instance;
    side->node = oneNode;
    side->workload = workload;
    const ServingSpec& serving = workload.serving;
    const ServingDeployment& plan = serving.deployment;
    side->prefills = poolLayouts(
        model, prefillPoolWorkload(workload), oneNode, assumptions, catalog, maxNodes, plan.prefillTensor);
    side->decodes
        = poolLayouts(model, decodePoolWorkload(workload), oneNode, assumptions, catalog, maxNodes, plan.decodeTensor);
    side->performance = performanceDefaults(
        catalog, assumptions, oneNode.gpu.gpuClass, oneNode.gpu.architecture, workload.attentionKernel);
    const int perNode = std::max(1, oneNode.gpusPerNode);
    // The prefill pool's floor: the whole TTFT target (a pair's transfer and decode first step only take from it).
    ServingSpec prefillSpec = serving;
    prefillSpec.slo = {};
    prefillSpec.slo.ttftSeconds = serving.slo.ttftSeconds;
    for (const auto& p : side->prefills) {
        side->prefillLocks.push_back(std::make_unique<std::mutex>());
        const int x
            = plan.prefillReplicas.value_or(0) > 0 ? *plan.prefillReplicas : p->replica->replicasNeeded(prefillSpec);
        if (x < 1)
            continue;
        const int g = p->config.tensor * p->config.pipeline;
        const int n = disaggregatedNodes(x, g, 0, 1, perNode);
        side->fewestPrefillNodes = side->fewestPrefillNodes == 0 ? n : std::min(side->fewestPrefillNodes, n);
        side->fewestPrefillGpus = side->fewestPrefillGpus == 0 ? x * g : std::min(side->fewestPrefillGpus, x * g);
    }
    for (const auto& d : side->decodes) {
        side->points.push_back(decodePoolPoint(*d->replica, serving, plan.decodeReplicas.value_or(0)));
        const DecodePoolPoint& point = side->points.back();
        if (point.replicas < 1 || !point.result.meetsSlo)
            continue;
        const int g = d->config.tensor * d->config.pipeline;
        const int n = disaggregatedNodes(0, 1, point.replicas, g, perNode);
        side->fewestDecodeNodes = side->fewestDecodeNodes == 0 ? n : std::min(side->fewestDecodeNodes, n);
        const int gpus = point.replicas * g;
        side->fewestDecodeGpus = side->fewestDecodeGpus == 0 ? gpus : std::min(side->fewestDecodeGpus, gpus);
    }
    return side;
}

} // namespace

const ServingPoolSide& ServingPoolCache::side(
    const CandidateSpec& spec, const Hardware& oneNode, const Workload& workload, int maxNodes)
{
    Entry* entry = nullptr;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto& e : m_entries)
            if (e->maxNodes == maxNodes && e->spec == spec && e->workload == workload)
                entry = e.get();
        if (!entry) {
            m_entries.push_back(std::make_unique<Entry>());
            entry = m_entries.back().get();
            entry->spec = spec;
            entry->workload = workload;
            entry->maxNodes = maxNodes;
        }
    }
    const std::lock_guard<std::mutex> lock(entry->mutex);
    if (!entry->side)
        entry->side = buildPoolSide(m_model, entry->workload, oneNode, entry->spec, m_assumptions, m_catalog, maxNodes);
    return *entry->side;
}

int fewestPoolNodes(const ServingPoolSide& side, bool prefill)
{
    return prefill ? side.fewestPrefillNodes : side.fewestDecodeNodes;
}

int fewestPoolGpus(const ServingPoolSide& side, bool prefill)
{
    return prefill ? side.fewestPrefillGpus : side.fewestDecodeGpus;
}

const Hardware& poolSideNode(const ServingPoolSide& side)
{
    return side.node;
}

std::vector<DisaggregatedOption> pairedSides(const ServingPoolSide& prefill, const ServingPoolSide& decode,
    bool candidateHoldsPrefill, const std::atomic<bool>* cancel)
{
    std::vector<DisaggregatedOption> out;
    const ServingSpec& spec = prefill.workload.serving;
    if (spec.load.kind != ServingLoadKind::RequestsPerSecond || !prefill.performance)
        return out;
    const ServingDeployment& plan = spec.deployment;
    const int perNode = std::max(1, prefill.node.gpusPerNode);
    for (std::size_t j = 0; j < decode.decodes.size(); ++j) {
        const DeploymentPoolLayout& d = *decode.decodes[j];
        for (std::size_t i = 0; i < prefill.prefills.size(); ++i) {
            if (cancel && cancel->load(std::memory_order_relaxed))
                return out;
            const DeploymentPoolLayout& p = *prefill.prefills[i];
            DisaggregatedOption o;
            {
                const std::lock_guard<std::mutex> lock(*prefill.prefillLocks[i]);
                const PoolPair pair { *p.replica, p.config, d.config, prefill.node, *prefill.performance,
                    d.transferBytes, &decode.node };
                o.serving = serveDisaggregated(pair, decode.points[j], spec, plan.prefillReplicas.value_or(0));
            }
            o.configuration = pairedConfiguration(p.config, d.config, *o.serving.disaggregation);
            const int gP = p.config.tensor * p.config.pipeline, gD = d.config.tensor * d.config.pipeline;
            o.prefillNodes = disaggregatedNodes(o.configuration.prefillReplicas, gP, 0, 1, perNode);
            const int decodeNodes
                = disaggregatedNodes(0, 1, o.configuration.data, gD, std::max(1, decode.node.gpusPerNode));
            o.nodes = o.prefillNodes + decodeNodes;
            o.gpus = o.configuration.prefillReplicas * gP + o.configuration.data * gD;
            if (candidateHoldsPrefill) {
                o.configuration.decodeInstance = decode.instance;
                o.configuration.decodeNodes = decodeNodes;
            } else {
                o.configuration.prefillInstance = prefill.instance;
                o.configuration.prefillNodes = o.prefillNodes;
            }
            out.push_back(std::move(o));
        }
    }
    return out;
}

std::vector<DisaggregatedOption> sameInstancePairs(const ServingPoolSide& side, const std::atomic<bool>* cancel)
{
    const ServingSpec& spec = side.workload.serving;
    if (spec.load.kind != ServingLoadKind::RequestsPerSecond || !side.performance || side.prefills.empty()
        || side.decodes.empty())
        return {};
    return oneInstancePairs(
        side.prefills, side.decodes, side.points, &side.prefillLocks, side.node, *side.performance, spec, cancel);
}

std::vector<DisaggregatedOption> prefillElsewhereOptions(const ResolvedModel& model, const Workload& workload,
    const Hardware& prefillNode, const Hardware& decodeNode, const std::string& prefillInstance,
    const Assumptions& assumptions, const Catalog& catalog, int maxNodes, const std::atomic<bool>* cancel)
{
    ServingPoolCache sides(model, assumptions, catalog);
    CandidateSpec prefill, decode;
    prefill.instance = prefillInstance;
    decode.instance = decodeNode.id;
    return pairedSides(sides.side(prefill, prefillNode, workload, maxNodes),
        sides.side(decode, decodeNode, workload, maxNodes), false, cancel);
}

int DisaggregatedOption::ownNodes() const
{
    if (!configuration.prefillInstance.empty())
        return nodes - configuration.prefillNodes;
    return configuration.decodeInstance.empty() ? nodes : prefillNodes;
}

int DisaggregatedOption::otherNodes() const
{
    if (!configuration.prefillInstance.empty())
        return configuration.prefillNodes;
    return configuration.decodeInstance.empty() ? 0 : configuration.decodeNodes;
}

double pairCostFloor(const std::vector<BillingRate>& first, const std::vector<BillingRate>& second, double gpus,
    const Billing& billing, const ServingSpec& spec)
{
    // A finite run's throughput is its requests over its makespan, which its random arrivals may bring under n / rate:
    // no floor then.
    if (spec.load.kind != ServingLoadKind::RequestsPerSecond || !(spec.load.value > 0) || spec.traffic.requests)
        return 0.0;
    const double tokensPerHour = spec.load.value * double(spec.promptTokens + spec.outputTokens) * 3600.0;
    double floor = INFINITY;
    for (const BillingRate& r : combinedRates(first, second))
        if (billing.allows(r.mode) && std::isfinite(r.perHour) && r.perHour >= 0)
            floor = std::min(floor, r.perHour * std::max(1.0, r.timeFactor) / tokensPerHour * 1e6);
    // No mode prices both: ranked by GPUs per million tokens (objectiveFigures' unpriced rule).
    return std::isfinite(floor) ? floor : std::max(1.0, gpus) / tokensPerHour * 1e6;
}

std::optional<Diagnostic> deploymentReason(const std::optional<DeploymentOutcome>& aggregated,
    const std::optional<DeploymentOutcome>& disaggregated, const std::optional<DeploymentOutcome>& sameInstance,
    const std::optional<ServingResult>& closestDisaggregated, bool disaggregatedChosen, const ServingSpec& spec,
    const std::string& candidate)
{
    if (spec.deployment.mode == ServingDeploymentMode::Aggregated)
        return std::nullopt;
    if (spec.load.kind != ServingLoadKind::RequestsPerSecond)
        return Diagnostic { "serving_disaggregated_no_rate",
            "prefill and decode pools are sized for a rate of requests (load requests_per_second); under this load the "
            "replicas stay aggregated",
            {} };
    if (disaggregatedChosen && disaggregated && disaggregated->serving.disaggregation) {
        Diagnostic why = disaggregatedWins(aggregated, *disaggregated);
        const ServingDisaggregation& d = *disaggregated->serving.disaggregation;
        if (!d.decode.instance.empty())
            pairReason(why, *disaggregated, sameInstance, candidate);
        return why;
    }
    if (disaggregated && disaggregated->serving.disaggregation && aggregated) {
        const ServingDisaggregation& d = *disaggregated->serving.disaggregation;
        std::vector<std::pair<std::string, std::string>> args = transferArgs(d.transfer);
        args.insert(args.end(),
            { { "split", splitText(d) }, { "gpus", std::to_string(disaggregated->gpus) },
                { "aggregated_gpus", std::to_string(aggregated->gpus) },
                { "cost_ratio", formatNumber(disaggregated->cost / aggregated->cost, 3) } });
        return Diagnostic { "serving_aggregated_wins",
            "aggregated replicas on " + std::to_string(aggregated->gpus)
                + " GPUs cost less than the best prefill/decode split, " + splitText(d) + " on "
                + std::to_string(disaggregated->gpus) + " GPUs at "
                + formatNumber(disaggregated->cost / aggregated->cost, 3) + "x the cost; " + transferText(d.transfer),
            args };
    }
    if (closestDisaggregated && closestDisaggregated->disaggregation) {
        const ServingResult& s = *closestDisaggregated;
        const KvTransfer& t = s.disaggregation->transfer;
        if (s.limit == "kv_transfer" && spec.slo.ttftSeconds) {
            std::vector<std::pair<std::string, std::string>> args = transferArgs(t);
            args.push_back({ "target_seconds", formatNumber(*spec.slo.ttftSeconds, 3) });
            return Diagnostic { "serving_disaggregated_transfer_too_slow",
                "prefill and decode apart miss the " + formatNumber(*spec.slo.ttftSeconds, 3)
                    + " s TTFT target: " + transferText(t) + ", more than the target leaves the prefill pool",
                args };
        }
        return Diagnostic { "serving_disaggregated_misses_slo",
            "no split of prefill and decode pools meets the latency targets at this load (the closest is limited by "
                + s.limit + ")",
            { { "limit", s.limit } } };
    }
    return Diagnostic { "serving_disaggregated_misses_slo",
        "no split of prefill and decode pools meets the latency targets at this load (no pool's engine starts)",
        { { "limit", "kv_cache" } } };
}

std::optional<Diagnostic> configuredDeploymentReason(
    const std::optional<DeploymentOutcome>& pools, const ServingSpec& spec)
{
    if (spec.deployment.mode == ServingDeploymentMode::Aggregated
        || spec.load.kind != ServingLoadKind::RequestsPerSecond)
        return deploymentReason(std::nullopt, std::nullopt, std::nullopt, std::nullopt, false, spec);
    if (pools && pools->serving.disaggregation) {
        const ServingDisaggregation& d = *pools->serving.disaggregation;
        std::vector<std::pair<std::string, std::string>> args = transferArgs(d.transfer);
        args.insert(args.end(),
            { { "split", splitText(d) }, { "prefill_replicas", std::to_string(d.prefill.replicas) },
                { "decode_replicas", std::to_string(d.decode.replicas) }, { "gpus", std::to_string(pools->gpus) } });
        return Diagnostic { "serving_pools_as_configured",
            "the search is off: the plan's pools as configured, " + splitText(d) + " on " + std::to_string(pools->gpus)
                + " GPUs, not compared with aggregated replicas; " + transferText(d.transfer),
            args };
    }
    return Diagnostic { "serving_deployment_not_searched",
        "the search is off: the plan's aggregated replicas as configured; prefill and decode pools are sized only by "
        "the search (or set deployment mode disaggregated with prefill_replicas and decode_replicas)",
        {} };
}

} // namespace gp
