// The planner: per candidate, the configuration that fits and best meets the objective, searched
// over a pruned grid (rules and pruning in docs/plan-search.md); then the candidates ranked.
#include "planner/planner.h"
#include "base/finite_number.h"

#include "estimate/common/pipeline_schedule.h"
#include "estimate/cost/cost_model.h"
#include "estimate/memory/memory_model.h"
#include "estimate/serving/engine_hardware.h"
#include "estimate/serving/serving_cost.h"
#include "estimate/serving/serving_model.h"
#include "estimate/serving/serving_replica_cache.h"
#include "estimate/time/throughput_model.h"
#include "planner/fit_advice.h"
#include "planner/frontier.h"
#include "planner/planner_grid.h"
#include "planner/planner_ranking.h"
#include "planner/serving_deployment_search.h"
#include "transformer/layers.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <map>
#include <system_error>
#include <thread>

namespace gp
{

namespace
{

// A configuration kept while searching; only the final choice gets a full CandidateResult.
struct Chosen {
    bool have = false;
    ObjectiveFigures figures;
    Configuration configuration;
    int nodes = 0;
};

// The state of one candidate's search.
class CandidateSearch
{
public:
    // `hardware`: the candidate resolved against the catalog once (at any node count), or why it cannot be.
    CandidateSearch(const SearchInputs& inputs, const Plan& work, const CandidateSpec& spec,
        const Expected<Hardware>& hardware, const std::atomic<bool>* cancel)
        : m_inputs(inputs)
        , m_work(work)
        , m_spec(spec)
        , m_hardware(hardware)
        , m_cancel(cancel)
    {
    }

    CandidatePlan run();
    // Keeps every fitting configuration the search scores in `scored` (the frontier chart's points).
    void keepScored(std::vector<ParetoPoint>* scored) { m_keepScored = scored; }
    // Serving: the replicas the search's other candidates built, shared (nullptr: each built here).
    void shareServingReplicas(ServingReplicaCache* cache) { m_servingReplicas = cache; }
    // Serving with mixed_instances: each listed instance's pool layouts, shared (nullptr: built here).
    void shareServingPools(ServingPoolCache* cache) { m_servingPools = cache; }

private:
    void searchTraining(const Hardware& hw);
    void searchInference(const Hardware& hw);
    // Serving: tensor (and pipeline while one replica does not start) x replicas x nodes, per the load and SLO.
    void searchServing(std::optional<Hardware>& firstHardware);
    // Serving with prefill and decode apart (workload.serving.deployment.mode auto or disaggregated).
    void searchDisaggregated(const Hardware& oneNode, int maxNodes);
    // One split scored and kept as the best, the closest to the SLO or the fallback; `other` (with its plan entry)
    // when one of its pools runs on another catalog instance, priced as that instance's nodes.
    void scoreSplit(const DisaggregatedOption& o, int maxNodes, const Hardware* other, const CandidateSpec* otherSpec,
        double& closestMiss);
    // serving.deployment.mixed_instances: either pool on each other listed instance, the candidate the other pool.
    void searchMixedPairs(const Hardware& oneNode, int maxNodes, double& closestMiss);
    // The prices of `nodes` nodes of a plan entry (`spec`, resolved as `hw`), estimated once per candidate's search:
    // the serving search prices the same pools' nodes for every layout and pairing.
    const CostEstimate& servingCostAt(const Hardware& hw, const CandidateSpec& spec, int nodes);
    void evaluateAsConfigured(const Hardware& hw);
    void evaluateConfiguredPools(const Hardware& hw, const Configuration& config);
    std::optional<Diagnostic> servingReason(const Chosen& chosen) const;
    // Time and cost of a configuration that passed the memory check (`memory`); true when it fits.
    bool consider(const Hardware& hw, const Configuration& config, const MemoryBreakdown& memory);
    // Memory check of `config`; true when it fits in GPU memory.
    // `basis`: the split's memory basis (training), else the configuration is estimated whole.
    bool checkMemory(const Hardware& hw, const Configuration& config, MemoryBreakdown& memory,
        const TrainingMemoryBasis* basis = nullptr);
    CandidateResult evaluateChosen(const Chosen& chosen);
    void recordMiss(double ratio, const Configuration& config, int nodes);
    void note(const std::string& code, const std::string& message,
        std::vector<std::pair<std::string, std::string>> args = {}, std::vector<Words> words = {});
    CandidatePlan finish(const std::optional<Hardware>& firstHardware);
    // The candidate as a serving pool names its instance (its label, else its id).
    std::string candidateName() const
    {
        return !m_hardware ? std::string() : m_hardware->label.empty() ? m_hardware->id : m_hardware->label;
    }

    const SearchInputs& m_inputs;
    const Plan& m_work;
    const CandidateSpec& m_spec;
    const Expected<Hardware>& m_hardware;
    const std::atomic<bool>* m_cancel;
    ServingReplicaCache* m_servingReplicas = nullptr;
    ServingPoolCache* m_servingPools = nullptr; // mixed pairs' pool layouts, shared by the search's candidates
    SearchObjective m_objective = SearchObjective::Cost;
    Workload m_memoryWorkload; // m_work.workload as run on the current GPU (precision fallback)
    std::vector<BillingRate> m_rates; // the current node count's rates under the modes the plan allows
    std::map<std::pair<const CandidateSpec*, int>, CostEstimate> m_servingCosts; // servingCostAt's, by entry and nodes
    double m_monthDays = 30;
    std::optional<PerformanceDefaults> m_performance; // the time model's defaults for the candidate's GPU
    // Training FLOPs per token of m_memoryWorkload, one per checkpointing level (the only configuration field they
    // read), computed when a level is first scored and dropped whenever m_memoryWorkload is set.
    std::array<std::optional<TrainingFlopsPerToken>, 4> m_flops;
    CandidateResult m_scratch; // figures of the configuration being scored (no strings touched)
    Chosen m_feasible; // best meeting the objective's constraint
    Chosen m_fallback; // fits but misses the constraint: fastest (deadline) or cheapest (budget)
    std::vector<ParetoPoint> m_points;
    std::vector<ParetoPoint>* m_keepScored = nullptr;
    double m_missRatio = kInfinity;
    Configuration m_missConfig;
    int m_missNodes = 0;
    long m_evaluated = 0;
    long m_full = 0;
    long m_prunedPairs = 0; // ordered pairs of instances not scored: their floor costs more than the best split found
    Diagnostics m_notes;
    std::optional<FitFailure> m_sloFailure; // serving: why the closest configuration misses the SLO
    // Serving deployments compared (planner/serving_deployment_search.h): the best of each kind meeting the SLO.
    std::optional<DeploymentOutcome> m_aggregated, m_disaggregated;
    std::optional<DeploymentOutcome> m_sameInstanceSplit; // the best split with both pools on this candidate
    Chosen m_bestSplit; // the best prefill/decode split meeting the SLO
    std::optional<ServingResult> m_closestDisaggregated; // the split closest to the SLO when none meets it
    std::optional<Configuration> m_asConfigured; // search disabled: the plan's own configuration
    std::optional<Hardware> m_asConfiguredHardware;
};

void CandidateSearch::note(const std::string& code, const std::string& message,
    std::vector<std::pair<std::string, std::string>> args, std::vector<Words> words)
{
    for (const auto& d : m_notes)
        if (d.code == code)
            return;
    m_notes.push_back({ code, message, std::move(args), std::move(words) });
}

void CandidateSearch::recordMiss(double ratio, const Configuration& config, int nodes)
{
    if (ratio < m_missRatio || m_missNodes == 0) {
        m_missRatio = ratio;
        m_missConfig = config;
        m_missNodes = nodes;
    }
}

bool CandidateSearch::checkMemory(
    const Hardware& hw, const Configuration& config, MemoryBreakdown& memory, const TrainingMemoryBasis* basis)
{
    double ratio = 0;
    ++m_evaluated;
    if (basis ? fitsGpuMemory(m_inputs, *basis, hw, config, &ratio, &memory)
              : fitsGpuMemory(m_inputs, m_memoryWorkload, hw, config, &ratio, &memory))
        return true;
    recordMiss(ratio, config, hw.nodes);
    return false;
}

// The light scoring path: evaluateCandidate's fit rules, time and on-demand cost, without recomputing the
// memory, building cost curves or wording warnings. Only the final choice is evaluated in full.
bool CandidateSearch::consider(const Hardware& hw, const Configuration& config, const MemoryBreakdown& memory)
{
    ++m_full;
    if (hw.ramBytesPerNode > 0 && memory.cpuBytes > hw.ramBytesPerNode) {
        // Fits the GPU but not the host: ranks just past a fit among the misses.
        recordMiss(1.0 + 1e-9, config, hw.nodes);
        return false;
    }
    const TrainingFlopsPerToken* flops = nullptr;
    if (m_memoryWorkload.mode == Mode::Training) {
        std::optional<TrainingFlopsPerToken>& level = m_flops.at(static_cast<std::size_t>(config.checkpointing));
        if (!level)
            level = trainingFlopsPerToken(
                m_inputs.model->architecture, m_inputs.model->parameters, m_memoryWorkload, config.checkpointing);
        flops = &*level;
    }
    const ThroughputEstimate t = estimateThroughput(*m_inputs.model, m_memoryWorkload, config, hw, *m_inputs.catalog,
        *m_performance, ThroughputDetail::FiguresOnly, flops);
    CandidateResult& r = m_scratch;
    r.configuration = config;
    r.gpus = hw.totalGpus();
    r.nodes = hw.nodes;
    r.trainingHours = t.trainingHours;
    r.gpuHours = t.gpuHours;
    r.goodput = t.goodputFigures;
    r.tokensPerSecond = t.tokensPerSecond;
    r.decodeTokensPerSecond = t.decodeTokensPerSecond;
    r.prefillSeconds = t.prefillSeconds;
    const ObjectiveFigures f = objectiveFigures(r, m_work.workload, m_rates, m_monthDays);
    ParetoPoint& point = m_points.emplace_back(); // built in place: one copy of the configuration
    point.hours = f.hours;
    point.cost = f.cost;
    point.configuration = config;
    point.nodes = hw.nodes;
    point.priced = f.priced;
    // Better for the objective; on a tie (e.g. the same cost per token with more replicas), fewer nodes. The kept
    // choice is copied only when replaced (a search scores hundreds of configurations per candidate).
    auto replace = [&](Chosen& kept, SearchObjective objective) {
        if (kept.have && !betterFor(f, kept.figures, objective)
            && (betterFor(kept.figures, f, objective) || hw.nodes >= kept.nodes))
            return;
        kept.have = true;
        kept.figures = f;
        kept.configuration = config;
        kept.nodes = hw.nodes;
    };
    if (meetsConstraint(f, m_work.search)) {
        replace(m_feasible, m_objective);
        return true;
    }
    // Missing the deadline: keep the fastest; missing the budget: keep the cheapest.
    const SearchObjective closeness
        = m_objective == SearchObjective::CostUnderDeadline ? SearchObjective::Time : SearchObjective::Cost;
    replace(m_fallback, closeness);
    return true;
}

CandidateResult CandidateSearch::evaluateChosen(const Chosen& chosen)
{
    if (!m_hardware)
        return CandidateResult {};
    return evaluateCandidateSharing(*m_inputs.model, m_work, atNodes(*m_hardware, m_spec, chosen.nodes),
        chosen.configuration, *m_inputs.catalog, m_servingReplicas);
}

void CandidateSearch::searchTraining(const Hardware& hw)
{
    const Architecture& arch = m_inputs.model->architecture;
    const int gpus = hw.totalGpus();
    const std::int64_t global = m_inputs.globalBatch;
    const bool splitsModel = stackSplitsModel(m_work.workload.framework); // else data-parallel layouts only
    if (const ParallelismSpec& stated = m_work.workload.parallelism; !stated.pipelineLayout.empty())
        note("pipeline_layout_kept",
            "the plan's pipeline_layout lists " + std::to_string(stated.pipeline * stated.virtualStages)
                + " stages: the search keeps pipeline " + std::to_string(stated.pipeline) + " and virtual_stages "
                + std::to_string(stated.virtualStages),
            { { "pipeline", std::to_string(stated.pipeline) },
                { "virtual_stages", std::to_string(stated.virtualStages) } });
    for (int t : tensorDegrees(hw.gpusPerNode, arch)) {
        if (gpus % t != 0 || (!splitsModel && t > 1))
            continue;
        for (int p : pipelineDegrees(arch, hw.nodes, gpus / t)) {
            if ((!splitsModel && p > 1) || !pipelineLayoutAllows(m_work.workload, p))
                continue;
            // Interleaved pipelines: the model chunks per rank (planner_grid.h); other schedules keep the plan's, and
            // so does a stated pipeline layout (its stages are pipeline x virtual stages).
            const ParallelismSpec& planned = m_work.workload.parallelism;
            const std::vector<int> virtuals = planned.pipelineLayout.empty()
                ? virtualStageDegrees(arch, p, planned.pipelineSchedule, planned.virtualStages)
                : std::vector<int> { planned.virtualStages };
            for (int v : virtuals)
                // Context parallelism only for long sequences (planner_grid.h): short ones keep the search as it was.
                for (int cp : contextDegrees(m_work.workload.sequenceLength, hw.gpusPerNode, t, gpus / (t * p))) {
                    if (!splitsModel && cp > 1)
                        continue;
                    const int data = gpus / (t * p * cp);
                    if (global % data != 0) {
                        note("global_batch_indivisible",
                            "some splits were skipped: the global batch of " + std::to_string(global)
                                + " sequences does not divide evenly over their data-parallel replicas",
                            { { "global_batch", std::to_string(global) } });
                        continue;
                    }
                    const std::int64_t perReplica = global / data;
                    // ZeRO shards over data x context ranks, so context-parallel ranks count as replicas for the
                    // levels.
                    const std::vector<SavingLevels>& levels = savingLevels(data * cp, p);
                    // MoE: the expert-parallel degrees among the replicas (planner_grid.h); dense models keep 1.
                    const std::vector<int> experts = splitsModel
                        ? expertDegrees(arch, data, m_work.workload.parallelism.expert)
                        : std::vector<int> { 1 };
                    for (int ep : experts)
                        for (int micro : microBatchSizes(perReplica)) {
                            const std::int64_t accumulation = perReplica / micro;
                            // 1F1B keeps a pipeline busy only with at least as many micro-batches as stages.
                            if (p > 1 && accumulation < p)
                                continue;
                            const int accum = static_cast<int>(std::min<std::int64_t>(accumulation, 1 << 30));
                            // DualPipe: an even pipeline and 2p micro-batches or more (pipeline_schedule.h).
                            if (pipelineScheduleProblem(planned.pipelineSchedule, p, accum).text)
                                continue;
                            // torchtitan's dualpipev with torch.compile: no pipeline (pipeline_schedule.h).
                            if (pipelineCompileProblem(m_work.workload.framework, planned.pipelineSchedule, p,
                                    m_work.workload.torchCompile)
                                    .text)
                                continue;
                            // Memory grows with the micro-batch: once even the most saving levels miss, larger ones do
                            // too.
                            MemoryBreakdown memory;
                            // The split's configuration, made once: each level below only sets its saving levels.
                            Configuration c = makeConfiguration(
                                hw, t, p, mostSaving(data * cp, p), micro, accum, m_work.workload, cp, ep, v);
                            // Every saving level of this split shares the rest of its memory: computed once.
                            const TrainingMemoryBasis basis
                                = trainingMemoryBasis(*m_inputs.model, m_memoryWorkload, c, m_inputs.memory);
                            if (!checkMemory(hw, c, memory, &basis))
                                break;
                            // Minimal fitting saving levels: any level saving at least as much on every axis is no
                            // faster.
                            std::array<SavingLevels, 32> fitting {};
                            std::size_t fittingCount = 0;
                            for (const SavingLevels& lv : levels) {
                                bool dominated = false;
                                for (std::size_t i = 0; i < fittingCount && !dominated; ++i)
                                    dominated = savesNoMore(fitting[i], lv);
                                if (dominated)
                                    continue;
                                setSavingLevels(c, lv);
                                if (!checkMemory(hw, c, memory, &basis))
                                    continue;
                                if (consider(hw, c, memory) && fittingCount < fitting.size())
                                    fitting[fittingCount++] = lv;
                            }
                        }
                }
        }
    }
}

void CandidateSearch::searchInference(const Hardware& hw)
{
    const Architecture& arch = m_inputs.model->architecture;
    const int gpus = hw.totalGpus();
    const int planBatch = std::max(m_inputs.plan->workload.inference.batchSize, 1);
    for (int t : tensorDegrees(hw.gpusPerNode, arch)) {
        if (gpus % t != 0)
            continue;
        for (int p : pipelineDegrees(arch, hw.nodes, gpus / t)) {
            // The plan's batch first; smaller batches only while it does not fit (KV cache grows with it).
            for (int batch = planBatch; batch >= 1; batch = batch == 1 ? 0 : std::max(batch / 2, 1)) {
                const Configuration c = makeConfiguration(hw, t, p, SavingLevels {}, batch, 1, m_work.workload);
                MemoryBreakdown memory;
                if (!checkMemory(hw, c, memory))
                    continue;
                const bool fits = consider(hw, c, memory);
                if (fits && batch != planBatch)
                    note("batch_reduced",
                        "the plan's batch of " + std::to_string(planBatch)
                            + " does not fit some splits; they serve a smaller batch",
                        { { "batch_size", std::to_string(planBatch) } });
                if (fits)
                    break;
            }
        }
    }
}

namespace
{

// Why the closest serving configuration misses the SLO, in words the UI can repeat (code + args).
FitFailure sloFailure(const ServingReplica& replica, const ServingSpec& spec, bool nodesLimited, int maxNodes)
{
    const LoadPoint single = replica.loads().closedLoop(1);
    const std::string prompt = std::to_string(spec.promptTokens);
    if (spec.slo.ttftSeconds && single.ttftSeconds > *spec.slo.ttftSeconds)
        return { "serving_ttft_floor",
            "time to first token is at least " + formatNumber(single.ttftSeconds, 3) + " s at " + prompt
                + " prompt tokens, above the " + formatNumber(*spec.slo.ttftSeconds, 3)
                + " s target even with one request in flight",
            { { "ttft_seconds", formatNumber(single.ttftSeconds, 4) },
                { "target_seconds", formatNumber(*spec.slo.ttftSeconds, 4) }, { "prompt_tokens", prompt } } };
    if (spec.slo.tpotSeconds && single.tpotSeconds > *spec.slo.tpotSeconds)
        return { "serving_tpot_floor",
            "time per output token is at least " + formatNumber(single.tpotSeconds * 1000, 3) + " ms, above the "
                + formatNumber(*spec.slo.tpotSeconds * 1000, 3) + " ms target even with one request in flight",
            { { "tpot_seconds", formatNumber(single.tpotSeconds, 4) },
                { "target_seconds", formatNumber(*spec.slo.tpotSeconds, 4) } } };
    if (nodesLimited)
        return { "serving_nodes_exhausted",
            "the load needs more than the " + std::to_string(maxNodes) + " instances the search may use",
            { { "max_nodes", std::to_string(maxNodes) } } };
    return { "serving_slo_not_met", "no configuration meets the latency targets at this load", {} };
}

} // namespace

void CandidateSearch::searchServing(std::optional<Hardware>& firstHardware)
{
    const Architecture& arch = m_inputs.model->architecture;
    const ServingSpec& spec = m_work.workload.serving;
    const int maxNodes
        = m_spec.nodes ? std::max(1, *m_spec.nodes) : std::clamp(m_work.search.maxNodes, 1, kMaxAdviceNodes);
    if (!m_hardware) {
        note("candidate_invalid", m_hardware.error().toString(), { { "field", m_hardware.error().field } },
            m_hardware.error().words);
        return;
    }
    const std::optional<Hardware> first = atNodes(*m_hardware, m_spec, 1);
    firstHardware = *first;
    // An engine that does not run on the GPU at all: no configuration is tried, the reason is the answer.
    if (const auto unsupported = servingEngineUnsupported(*m_inputs.catalog, spec.engine.kind, first->gpu)) {
        note(unsupported->code, unsupported->message, unsupported->args);
        return;
    }
    if (const auto kv = kvCacheUnsupported(spec.kvCachePrecision, first->gpu)) {
        note(kv->code, kv->message, kv->args);
        return;
    }
    const int perNode = first->gpusPerNode;
    m_memoryWorkload = workloadOnGpu(m_work.workload, first->gpu);
    m_flops.fill(std::nullopt);
    double bestMissCost = kInfinity;
    for (int t : tensorDegrees(perNode, arch)) {
        for (int p = 1; p <= std::max(1, int(totalLayers(arch))); p *= 2) {
            if (m_cancel && m_cancel->load(std::memory_order_relaxed))
                return;
            const int replicaNodes = (t * p + perNode - 1) / perNode;
            if (replicaNodes > maxNodes || (p > 1 && t * p > perNode * replicaNodes))
                break;
            const std::optional<Hardware> hw = atNodes(*m_hardware, m_spec, replicaNodes);
            if (replicaNodes > 1 && hw->interNodeGbps <= 0) {
                note("no_network", "more than one node needs a network bandwidth between nodes",
                    { { "nodes", std::to_string(replicaNodes) } });
                break;
            }
            Configuration config;
            config.tensor = t;
            config.pipeline = p;
            ++m_evaluated;
            std::optional<ServingReplica> own;
            ServingReplicaCache::Use shared;
            if (m_servingReplicas)
                shared = m_servingReplicas->replica(m_memoryWorkload, config, *hw);
            else
                own.emplace(*m_inputs.model, m_memoryWorkload, config, *hw, m_work.assumptions, *m_inputs.catalog);
            const ServingReplica& replica = own ? *own : *shared.replica;
            if (!replica.starts()) {
                const EngineMemory& m = replica.memory();
                const double needed = m.weightBytes + m.activationPeakBytes + m.nonTorchBytes
                    + m.kvBytesPerToken * double(replica.engine().requestTokens);
                recordMiss(m.engineBytes > 0 ? needed / m.engineBytes : kInfinity, config, replicaNodes);
                continue; // a deeper pipeline may make room
            }
            ++m_full;
            int replicas = spec.replicas ? *spec.replicas : replica.replicasNeeded(spec);
            const bool reachable = replicas > 0;
            replicas = std::max(replicas, 1);
            int nodes = int((static_cast<long long>(replicas) * t * p + perNode - 1) / perNode);
            const bool nodesLimited = nodes > maxNodes;
            nodes = std::clamp(nodes, replicaNodes, maxNodes);
            if (!spec.replicas || nodesLimited)
                replicas = std::max(1, nodes * perNode / (t * p)); // the instances' other GPUs serve too
            const std::optional<Hardware> deployment = atNodes(*m_hardware, m_spec, nodes);
            config.data = replicas;
            CandidateResult& r = m_scratch;
            r.configuration = config;
            r.gpus = deployment->totalGpus();
            r.nodes = nodes;
            r.serving = replica.serve(spec, replicas, false);
            const CostEstimate& prices = servingCostAt(*m_hardware, m_spec, nodes);
            const std::vector<BillingRate> rates = allowedRates(prices.rates, m_work.billing);
            const ObjectiveFigures f = objectiveFigures(r, m_work.workload, rates, prices.monthDays);
            m_points.push_back({ f.hours, f.cost, config, nodes, f.priced });
            const Chosen candidate { true, f, config, nodes };
            if (r.serving->meetsSlo && reachable && !nodesLimited) {
                if (!m_feasible.have || betterFor(f, m_feasible.figures, m_objective)
                    || (!betterFor(m_feasible.figures, f, m_objective) && nodes < m_feasible.nodes)) {
                    m_feasible = candidate;
                    m_aggregated = DeploymentOutcome { r.gpus, f.cost, f.priced, *r.serving };
                }
            } else {
                // Missing the SLO: keep the configuration closest to it (the lowest latency), say why.
                const double miss = f.hours;
                if (!m_fallback.have || miss < bestMissCost) {
                    bestMissCost = miss;
                    m_fallback = candidate;
                    m_sloFailure = sloFailure(replica, spec, nodesLimited, maxNodes);
                }
            }
            break; // the replica starts: a deeper pipeline only adds GPUs
        }
    }
    if (spec.deployment.mode != ServingDeploymentMode::Aggregated)
        searchDisaggregated(*first, maxNodes);
}

void CandidateSearch::searchDisaggregated(const Hardware& oneNode, int maxNodes)
{
    const ServingSpec& spec = m_work.workload.serving;
    if (spec.deployment.mode == ServingDeploymentMode::Disaggregated
        && spec.load.kind == ServingLoadKind::RequestsPerSecond) {
        m_feasible = {}; // the plan asks for the pools: aggregated replicas stay only as the comparison
        m_fallback = {};
        m_sloFailure.reset();
    }
    double closestMiss = kInfinity;
    // With mixed pairs the candidate's pool layouts are its shared side's (built once, paired with every instance).
    const bool mixed = spec.deployment.mixedInstances && spec.load.kind == ServingLoadKind::RequestsPerSecond;
    const std::vector<DisaggregatedOption> options = mixed && m_servingPools
        ? sameInstancePairs(m_servingPools->side(m_spec, oneNode, m_memoryWorkload, maxNodes), m_cancel)
        : disaggregatedOptions(
            *m_inputs.model, m_memoryWorkload, oneNode, m_work.assumptions, *m_inputs.catalog, maxNodes, m_cancel);
    for (const DisaggregatedOption& o : options)
        scoreSplit(o, maxNodes, nullptr, nullptr, closestMiss);
    m_sameInstanceSplit = m_disaggregated;
    if (!mixed)
        return;
    searchMixedPairs(oneNode, maxNodes, closestMiss);
}

void CandidateSearch::searchMixedPairs(const Hardware& oneNode, int maxNodes, double& closestMiss)
{
    // Each other catalog instance of the plan (a MIG slice or a machine is no pool's instance) holds either pool, the
    // candidate the other. Each instance's pool layouts are built once per search (ServingPoolCache). A pair costs at
    // least the fewest nodes each of its pools takes (fewestPoolNodes) at the cheapest mode both instances price: once
    // that floor costs more than the best split found, the pair cannot win and is not scored (pairCostFloor).
    std::optional<ServingPoolCache> own;
    if (!m_servingPools)
        own.emplace(*m_inputs.model, m_work.assumptions, *m_inputs.catalog);
    ServingPoolCache& pools = m_servingPools ? *m_servingPools : *own;
    const ServingPoolSide& mine = pools.side(m_spec, oneNode, m_memoryWorkload, maxNodes);
    const bool costObjective = !isTimeObjective(m_objective);
    auto rates = [&](const Hardware& hw, const CandidateSpec& spec, int nodes) {
        return servingCostAt(hw, spec, nodes).rates;
    };
    // A direction with a pool no layout of its instance can size for the SLO has no floor: infinite.
    auto floorOf = [&](const ServingPoolSide& prefill, const ServingPoolSide& decode, bool holdsPrefill,
                       const CandidateSpec& other) {
        const int prefillNodes = fewestPoolNodes(prefill, true), decodeNodes = fewestPoolNodes(decode, false);
        if (prefillNodes < 1 || decodeNodes < 1)
            return kInfinity;
        if (!costObjective)
            return 0.0;
        const std::vector<BillingRate> prefillRates
            = holdsPrefill ? rates(oneNode, m_spec, prefillNodes) : rates(poolSideNode(prefill), other, prefillNodes);
        const std::vector<BillingRate> decodeRates
            = holdsPrefill ? rates(poolSideNode(decode), other, decodeNodes) : rates(oneNode, m_spec, decodeNodes);
        return pairCostFloor(prefillRates, decodeRates,
            double(fewestPoolGpus(prefill, true) + fewestPoolGpus(decode, false)), m_work.billing,
            m_work.workload.serving);
    };
    struct OtherInstance {
        std::size_t index;
        const ServingPoolSide* side;
        double floors[2]; // the candidate holding the prefill pool, the decode pool
    };
    std::vector<OtherInstance> others;
    for (std::size_t i = 0; i < m_work.candidates.size(); ++i) {
        const CandidateSpec& other = m_work.candidates[i];
        if (other.instance.empty() || other.instance == m_spec.instance || !other.mig.empty())
            continue;
        const Expected<Hardware> hw
            = resolveCandidate(other, *m_inputs.catalog, 1, "candidates[" + std::to_string(i) + "]");
        if (!hw)
            continue;
        const ServingPoolSide& theirs = pools.side(other, atNodes(*hw, other, 1), m_memoryWorkload, maxNodes);
        others.push_back({ i, &theirs, { floorOf(mine, theirs, true, other), floorOf(theirs, mine, false, other) } });
    }
    std::stable_sort(others.begin(), others.end(), [](const OtherInstance& a, const OtherInstance& b) {
        return std::min(a.floors[0], a.floors[1]) < std::min(b.floors[0], b.floors[1]);
    });
    for (const OtherInstance& o : others) {
        const CandidateSpec& other = m_work.candidates[o.index];
        for (int direction = 0; direction < 2; ++direction) {
            if (m_cancel && m_cancel->load(std::memory_order_relaxed))
                return;
            if (m_bestSplit.have && o.floors[direction] > m_bestSplit.figures.cost * (1 + 1e-9)) {
                ++m_prunedPairs;
                continue;
            }
            const bool holdsPrefill = direction == 0;
            for (const DisaggregatedOption& d :
                pairedSides(holdsPrefill ? mine : *o.side, holdsPrefill ? *o.side : mine, holdsPrefill, m_cancel))
                scoreSplit(d, maxNodes, &poolSideNode(*o.side), &other, closestMiss);
        }
    }
}

const CostEstimate& CandidateSearch::servingCostAt(const Hardware& hw, const CandidateSpec& spec, int nodes)
{
    // atNodes sets the nodes and the entry's quoted price from `spec` alone, so one entry at one node count is one
    // hardware whichever of its node counts `hw` carries.
    const auto [at, added] = m_servingCosts.try_emplace({ &spec, nodes });
    if (added)
        at->second = estimateCost(atNodes(hw, spec, nodes), 1.0, m_work.billing, *m_inputs.catalog);
    return at->second;
}

void CandidateSearch::scoreSplit(const DisaggregatedOption& o, int maxNodes, const Hardware* other,
    const CandidateSpec* otherSpec, double& closestMiss)
{
    ++m_evaluated;
    ++m_full;
    // A mixed pair: the candidate's own nodes hold one pool, the other instance's the other pool.
    const int ownNodes = other ? o.ownNodes() : o.nodes;
    const int otherNodes = other ? o.otherNodes() : 0;
    const bool nodesLimited = std::max(ownNodes, otherNodes) > maxNodes;
    CandidateResult& r = m_scratch;
    r.configuration = o.configuration;
    r.gpus = o.gpus;
    r.nodes = o.nodes;
    r.serving = o.serving;
    // Each pool is billed as its own instance's nodes.
    const CostEstimate& prices = servingCostAt(*m_hardware, m_spec, ownNodes);
    std::vector<BillingRate> rates = prices.rates;
    if (other && otherSpec)
        rates = combinedRates(rates, servingCostAt(*other, *otherSpec, otherNodes).rates);
    const ObjectiveFigures f
        = objectiveFigures(r, m_work.workload, allowedRates(rates, m_work.billing), prices.monthDays);
    m_points.push_back({ f.hours, f.cost, o.configuration, ownNodes, f.priced });
    const Chosen candidate { true, f, o.configuration, ownNodes };
    if (o.serving.meetsSlo && !nodesLimited) {
        // The best split by the same rule as the answer (the objective, then fewer nodes): the one the reason
        // names, whether or not it beats the aggregated replicas.
        // On a tie, fewer nodes of both pools (a kept choice's own nodes are its prefill pool's on a mixed pair).
        auto fewerNodes = [&](const Chosen& kept) {
            return o.nodes < kept.nodes + kept.configuration.decodeNodes + kept.configuration.prefillNodes;
        };
        if (!m_bestSplit.have || betterFor(f, m_bestSplit.figures, m_objective)
            || (!betterFor(m_bestSplit.figures, f, m_objective) && fewerNodes(m_bestSplit))) {
            m_bestSplit = candidate;
            m_disaggregated = DeploymentOutcome { o.gpus, f.cost, f.priced, o.serving };
        }
        if (!m_feasible.have || betterFor(f, m_feasible.figures, m_objective)
            || (!betterFor(m_feasible.figures, f, m_objective) && fewerNodes(m_feasible)))
            m_feasible = candidate;
    } else {
        // The split closest to the SLO: its decode pool meets TPOT, then the shortest transfer.
        const ServingDisaggregation& d = *o.serving.disaggregation;
        const double miss = (d.decode.replicas > 0 ? 0.0 : 1e6) + d.transfer.seconds;
        if (miss < closestMiss) {
            closestMiss = miss;
            m_closestDisaggregated = o.serving;
        }
        if (!m_fallback.have && !m_feasible.have) {
            m_fallback = candidate;
            m_sloFailure
                = FitFailure { "serving_slo_not_met", "no configuration meets the latency targets at this load", {} };
        }
    }
}

void CandidateSearch::evaluateAsConfigured(const Hardware& hw)
{
    auto config = configurationFromPlan(m_work, hw);
    if (!config) {
        note("configuration_invalid", config.error().toString(), { { "field", config.error().field } },
            config.error().words);
        return;
    }
    if (!m_asConfigured) {
        m_asConfigured = *config;
        m_asConfiguredHardware = hw;
    }
    // The estimator's layout check (tensor parallelism within a node, ...): a node count it refuses is no answer,
    // however the memory scores (nodes "auto" used to take 2 nodes for tensor 16 on 8-GPU nodes and recommend them).
    if (auto problem = layoutProblem(*m_inputs.model, *config, hw, m_work.workload.mode == Mode::Serving)) {
        note(problem->code, problem->message, problem->args, problem->words);
        return;
    }
    if (config->prefillReplicas > 0) {
        evaluateConfiguredPools(hw, *config);
        return;
    }
    MemoryBreakdown memory;
    if (checkMemory(hw, *config, memory))
        consider(hw, *config, memory);
}

// The plan's own prefill and decode pools (search off): evaluated in full, as the answer will be; they fit when both
// pools' engines start.
void CandidateSearch::evaluateConfiguredPools(const Hardware& hw, const Configuration& config)
{
    ++m_evaluated;
    ++m_full;
    const CandidateResult r
        = evaluateCandidateSharing(*m_inputs.model, m_work, hw, config, *m_inputs.catalog, m_servingReplicas);
    if (!r.fits || !r.serving) {
        recordMiss(r.usableMemory > 0 ? std::max(1.0 + 1e-9, r.memory.total / r.usableMemory) : 2.0, config, hw.nodes);
        return;
    }
    const ObjectiveFigures f = objectiveFigures(r, m_work.workload, m_rates, m_monthDays);
    const Chosen chosen { true, f, config, hw.nodes };
    m_disaggregated = DeploymentOutcome { r.gpus, f.cost, f.priced, *r.serving };
    if (r.serving->meetsSlo && meetsConstraint(f, m_work.search))
        m_feasible = chosen;
    else if (!m_fallback.have)
        m_fallback = chosen;
}

CandidatePlan CandidateSearch::run()
{
    m_objective = m_work.search.objective;
    const int maxNodes = std::clamp(m_work.search.maxNodes, 1, kMaxAdviceNodes);
    const std::vector<int> nodes = nodeCounts(m_spec, maxNodes);
    std::optional<Hardware> firstHardware;
    if (m_work.workload.mode == Mode::Serving && m_work.search.enabled) {
        searchServing(firstHardware);
        return finish(firstHardware);
    }
    // One copy of the candidate's hardware, its node count changed per count tried; the workload as run on its GPU
    // (and the FLOPs cached for it) are the same at every count.
    std::optional<Hardware> hw;
    for (int n : nodes) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed))
            break; // the caller drops this answer
        if (!m_hardware) {
            note("candidate_invalid", m_hardware.error().toString(), { { "field", m_hardware.error().field } },
                m_hardware.error().words);
            break;
        }
        if (!hw) {
            hw = *m_hardware;
            m_memoryWorkload = workloadOnGpu(m_work.workload, hw->gpu);
            m_flops.fill(std::nullopt);
        }
        setNodes(*hw, m_spec, n);
        if (!firstHardware)
            firstHardware = *hw;
        if (n > 1 && hw->interNodeGbps <= 0) {
            note("no_network", "more than one node needs a network bandwidth between nodes",
                { { "nodes", std::to_string(n) } });
            break; // no larger node count can run either
        }
        if (!m_performance)
            m_performance = performanceDefaults(*m_inputs.catalog, m_work.assumptions, hw->gpu.gpuClass,
                hw->gpu.architecture, m_work.workload.attentionKernel); // one GPU per candidate
        const CostEstimate prices = estimateCost(*hw, 1.0, m_work.billing, *m_inputs.catalog);
        m_rates = allowedRates(prices.rates, m_work.billing);
        m_monthDays = prices.monthDays;
        if (!m_work.search.enabled) {
            // The plan's own layout: "auto" nodes are the fewest it fits on (and meets a deadline or budget with),
            // never more instances to win on the objective; a data-parallel "auto" fills them.
            evaluateAsConfigured(*hw);
            if (m_feasible.have)
                break;
        } else if (m_work.workload.mode == Mode::Training)
            searchTraining(*hw);
        else
            searchInference(*hw);
    }
    return finish(firstHardware);
}

// Why this deployment: the search's comparison, or with the search off what the plan configured.
std::optional<Diagnostic> CandidateSearch::servingReason(const Chosen& chosen) const
{
    const bool split = chosen.configuration.prefillReplicas > 0;
    if (!m_work.search.enabled)
        return configuredDeploymentReason(split ? m_disaggregated : std::nullopt, m_work.workload.serving);
    return deploymentReason(m_aggregated, m_disaggregated, m_sameInstanceSplit, m_closestDisaggregated, split,
        m_work.workload.serving, candidateName());
}

CandidatePlan CandidateSearch::finish(const std::optional<Hardware>& firstHardware)
{
    CandidatePlan out;
    out.configurationsEvaluated = m_evaluated;
    out.fullEvaluations = m_full;
    out.mixedPairsPruned = m_prunedPairs;
    const SearchSpec& search = m_work.search;
    const bool timeObjective = m_objective == SearchObjective::Time || m_objective == SearchObjective::TimeUnderBudget;
    if (m_feasible.have) {
        out.best = evaluateChosen(m_feasible);
        if (out.best.serving)
            out.best.serving->deploymentReason = servingReason(m_feasible);
        if (!out.best.fits)
            note("estimator_disagrees",
                "the full evaluation of the chosen configuration does not fit although "
                "the search's scoring said it does");
        // A recommendation fits: the full evaluation has the last word.
        out.fits = out.best.fits;
        out.meetsObjective = out.best.fits;
        out.priced = m_feasible.figures.priced;
        out.objectiveValue = out.best.fits ? objectiveValue(m_feasible.figures, m_objective) : kInfinity;
    } else if (m_fallback.have) {
        out.best = evaluateChosen(m_fallback);
        if (out.best.serving)
            out.best.serving->deploymentReason = servingReason(m_fallback);
        out.fits = true;
        out.priced = m_fallback.figures.priced;
        out.objectiveValue = objectiveValue(m_fallback.figures, m_objective);
        if (m_sloFailure) {
            out.best.failure = *m_sloFailure;
        } else if (m_work.workload.mode == Mode::Serving) {
            // Serving as configured (no search): the configuration fits but misses the latency targets at the load.
            out.best.failure
                = FitFailure { "serving_slo_not_met", "no configuration meets the latency targets at this load", {} };
        } else if (m_objective == SearchObjective::CostUnderDeadline) {
            const std::string fastest = formatNumber(m_fallback.figures.hours, 3);
            const std::string deadline = formatNumber(search.deadlineHours.value_or(0), 3);
            out.best.failure = FitFailure { "deadline_not_met",
                "the fastest configuration that fits takes " + fastest + " hours, past the deadline of " + deadline
                    + " hours",
                { { "fastest_hours", fastest }, { "deadline_hours", deadline } } };
        } else if (!m_fallback.figures.priced) {
            out.best.failure
                = FitFailure { "price_unknown", "no price is known for this candidate, so the budget cannot be checked",
                      { { "candidate", out.best.candidate } } };
        } else {
            const std::string cheapest = formatNumber(m_fallback.figures.cost, 4);
            const std::string budget = formatNumber(search.budget.value_or(0), 4);
            out.best.failure = FitFailure { "budget_exceeded",
                "the cheapest configuration that fits costs " + cheapest + " " + out.best.cost.currency
                    + ", over the budget of " + budget,
                { { "cheapest_cost", cheapest }, { "budget", budget }, { "currency", out.best.cost.currency } } };
        }
    } else {
        // Nothing fits: show the closest miss with its breakdown, say why, and what would fit.
        std::optional<Hardware> missHardware;
        if (m_work.workload.mode == Mode::Serving) {
            // The serving engine's own reason (no KV memory, a request longer than the cache) is the answer.
            if (m_missNodes > 0 && m_hardware)
                out.best = evaluateCandidate(*m_inputs.model, m_work, atNodes(*m_hardware, m_spec, m_missNodes),
                    m_missConfig, *m_inputs.catalog);
            if (m_missNodes == 0 && !m_notes.empty()) {
                const Diagnostic& firstNote = m_notes.front();
                out.best.failure = FitFailure { firstNote.code, firstNote.message, firstNote.args, firstNote.words };
            }
            out.best.fits = false;
            out.objectiveValue = kInfinity;
        } else if (m_missNodes > 0) {
            if (m_hardware) {
                missHardware = atNodes(*m_hardware, m_spec, m_missNodes);
                out.best = evaluateCandidate(*m_inputs.model, m_work, *missHardware, m_missConfig, *m_inputs.catalog);
            }
        }
        const bool serving = m_work.workload.mode == Mode::Serving;
        if (serving && m_missNodes == 0 && firstHardware) {
            out.best.candidate = firstHardware->label.empty() ? firstHardware->id : firstHardware->label;
            out.best.gpu = firstHardware->gpu.id;
            out.best.gpuName = firstHardware->gpu.name;
            out.best.gpusPerNode = firstHardware->gpusPerNode;
        }
        if (!serving && !missHardware && firstHardware) {
            missHardware = firstHardware;
            out.best.candidate = firstHardware->label.empty() ? firstHardware->id : firstHardware->label;
            out.best.gpu = firstHardware->gpu.id;
            out.best.gpuName = firstHardware->gpu.name;
            out.best.gpusPerNode = firstHardware->gpusPerNode;
            out.best.nodes = firstHardware->nodes;
            out.best.gpus = firstHardware->totalGpus();
            out.best.gpuMemory = firstHardware->gpu.memoryBytes;
            out.best.usableMemory = usableMemoryBytes(*firstHardware, m_inputs.headroom);
            out.best.bottleneck = Bottleneck::MemoryCapacity;
        }
        out.best.fits = false;
        if (missHardware) {
            const int nodeLimit
                = m_spec.nodes ? std::max(*m_spec.nodes, 1) : std::clamp(search.maxNodes, 1, kMaxAdviceNodes);
            const int firstNodes = m_spec.nodes ? nodeLimit : 1;
            std::optional<CandidateResult> moreNodes;
            if (nodeLimit < kMaxAdviceNodes)
                moreNodes = smallestFittingNodes(m_inputs, m_work, m_spec, nodeLimit + 1, kMaxAdviceNodes);
            out.best.failure = explainNoFit(m_inputs, *missHardware, out.best, moreNodes, nodeLimit);
            // No configuration reached the memory check: what the search noted (e.g. no split divides the
            // global batch) is what binds; more nodes, when they help, are among the suggestions.
            if (!m_notes.empty() && m_missNodes == 0) {
                const Diagnostic& first = m_notes.front();
                out.best.failure = FitFailure { first.code, first.message, first.args, first.words };
                if (first.code == "global_batch_indivisible")
                    out.best.failure = FitFailure { "no_split_divides_batch",
                        "no split of the GPUs allowed divides the global batch of " + first.arg("global_batch")
                            + " sequences evenly over its data-parallel replicas; a global batch that the replica "
                              "count divides (a power of two, for example) would",
                        { { "global_batch", first.arg("global_batch") } } };
            }
            out.best.suggestions = suggestFits(m_inputs, m_spec, *missHardware, moreNodes, firstNodes, nodeLimit,
                m_asConfigured, m_asConfiguredHardware ? &*m_asConfiguredHardware : nullptr);
        } else if (!m_notes.empty()) {
            const Diagnostic& first = m_notes.front();
            out.best.failure = FitFailure { first.code, first.message, first.args, first.words };
        }
        out.objectiveValue = kInfinity;
    }
    if (out.fits && !out.priced && !timeObjective)
        m_notes.push_back({ "ranked_by_gpu_hours",
            "no price is known for " + out.best.candidate + ", so it is ranked by GPU-hours instead of cost",
            { { "candidate", out.best.candidate } } });
    // What the search noticed (skipped splits, a reduced batch, ranking by GPU-hours) is shown with the result.
    for (Diagnostic& note : m_notes) {
        const bool known = std::any_of(out.best.warnings.begin(), out.best.warnings.end(),
            [&](const Diagnostic& w) { return w.code == note.code; });
        if (!known && (!out.best.failure || out.best.failure->code != note.code))
            out.best.warnings.push_back(std::move(note));
    }
    if (m_keepScored)
        *m_keepScored = m_points;
    out.frontier = paretoFrontier(std::move(m_points));
    if (out.meetsObjective)
        out.summary = describeChoice(out, m_work);
    return out;
}

// The global batch kept for one candidate: explicit, or the plan's configuration on its first node count.
std::int64_t candidateGlobalBatch(const Plan& plan, const CandidateSpec& spec, const Expected<Hardware>& hardware)
{
    if (plan.workload.globalBatchSize && *plan.workload.globalBatchSize > 0)
        return *plan.workload.globalBatchSize;
    if (!hardware)
        return std::max(plan.workload.microBatchSize, 1);
    auto config = configurationFromPlan(plan, atNodes(*hardware, spec, spec.nodes.value_or(1)));
    if (!config)
        return std::max(plan.workload.microBatchSize, 1);
    return targetGlobalBatch(plan.workload, *config);
}

} // namespace

namespace
{

// The plan as one candidate's search reads it: everything but the candidate list and the document as read
// (copying those for each of N candidates made a search quadratic in N and in the size of unknown fields).
Plan searchablePlan(const Plan& plan)
{
    Plan slim;
    slim.title = plan.title;
    slim.model = plan.model;
    slim.workload = plan.workload;
    slim.assumptions = plan.assumptions;
    slim.billing = plan.billing;
    slim.search = plan.search;
    if (plan.workload.serving.deployment.mixedInstances)
        slim.candidates = plan.candidates; // the instances a decode pool may run on (the plan's listed ones)
    return slim;
}

// `hardware`: the candidate resolved once (searchPlan's validation), shared by every node count the search tries.
CandidatePlan searchOne(const Plan& slim, const CandidateSpec& candidate, const Expected<Hardware>& hardware,
    const ResolvedModel& model, const Catalog& catalog, const std::atomic<bool>* cancel,
    std::vector<ParetoPoint>* scored = nullptr, ServingReplicaCache* servingReplicas = nullptr,
    ServingPoolCache* servingPools = nullptr)
{
    SearchInputs inputs = makeSearchInputs(slim, model, catalog);
    inputs.globalBatch = candidateGlobalBatch(slim, candidate, hardware);
    CandidateSearch search(inputs, slim, candidate, hardware, cancel);
    search.keepScored(scored);
    search.shareServingReplicas(servingReplicas);
    search.shareServingPools(servingPools);
    return search.run();
}

} // namespace

bool isCancelled(const Error& error)
{
    return error.field == "search" && error.message == "cancelled";
}

CandidatePlan searchCandidate(const Plan& plan, const CandidateSpec& candidate, const ResolvedModel& model,
    const Catalog& catalog, const std::string& fieldPath, const std::atomic<bool>* cancel)
{
    const Expected<Hardware> hardware = resolveCandidate(candidate, catalog, candidate.nodes.value_or(1), fieldPath);
    return searchOne(searchablePlan(plan), candidate, hardware, model, catalog, cancel);
}

std::vector<ParetoPoint> scoredConfigurations(
    const Plan& plan, const Catalog& catalog, const PlanAnswer& answer, std::size_t candidate)
{
    std::vector<ParetoPoint> scored;
    if (candidate >= answer.search.candidates.size())
        return scored;
    const int index = answer.search.candidates[candidate].planIndex;
    const std::vector<CandidateSpec> specs = planCandidates(plan, catalog);
    if (index < 0 || std::size_t(index) >= specs.size())
        return scored;
    const CandidateSpec& spec = specs[std::size_t(index)];
    const Expected<Hardware> hardware
        = resolveCandidate(spec, catalog, spec.nodes.value_or(1), "candidates[" + std::to_string(index) + "]");
    searchOne(searchablePlan(plan), spec, hardware, answer.search.model, catalog, nullptr, &scored);
    return scored;
}

Expected<PlanSearchResult> searchPlan(const Plan& plan, const Catalog& catalog, const SearchControl& control)
{
    unsigned threads = control.threads;
    const std::atomic<bool>* cancel = control.cancel;
    auto cancelled = [&] { return cancel && cancel->load(std::memory_order_relaxed); };
    const auto start = std::chrono::steady_clock::now();
    auto model = resolveModel(plan.model);
    if (!model)
        return model.error();
    if (auto problem = recipeProblem(plan, *model))
        return *problem;
    PlanSearchResult result;
    result.model = std::move(*model);
    const std::vector<CandidateSpec> candidates = planCandidates(plan, catalog);
    // A candidate that names an unknown GPU or instance is an error in the plan, not a misfit. Each is resolved
    // against the catalog here, once; the search derives every node count it tries from that.
    std::vector<Expected<Hardware>> hardware;
    hardware.reserve(candidates.size());
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const std::string path = "candidates[" + std::to_string(i) + "]";
        hardware.push_back(resolveCandidate(candidates[i], catalog, candidates[i].nodes.value_or(1), path));
        if (!hardware.back())
            return hardware.back().error();
    }
    // Candidates are independent: each worker takes the next unsearched one and writes only its own slot.
    result.candidates.resize(candidates.size());
    const Plan slim = searchablePlan(plan);
    // Candidates of the same GPU and links share their serving replicas (serving_replica_cache.h).
    ServingReplicaCache servingReplicas(result.model, slim.assumptions, catalog);
    // With mixed_instances, each listed instance's pool layouts too (serving_deployment_search.h).
    ServingPoolCache servingPools(result.model, slim.assumptions, catalog);
    std::atomic<std::size_t> next { 0 };
    std::vector<std::exception_ptr> failures(candidates.size());
    auto work = [&] {
        for (std::size_t i = next++; i < candidates.size() && !cancelled(); i = next++) {
            try {
                result.candidates[i] = searchOne(slim, candidates[i], hardware[i], result.model, catalog, cancel,
                    nullptr, &servingReplicas, &servingPools);
                result.candidates[i].planIndex = int(i);
            } catch (...) {
                failures[i] = std::current_exception();
            }
        }
    };
    if (threads == 0)
        threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    const std::size_t helpers = std::min<std::size_t>(threads, candidates.size()) - (candidates.empty() ? 0 : 1);
    std::vector<std::thread> pool;
    pool.reserve(helpers);
    for (std::size_t t = 0; t < helpers; ++t) {
        // Short of memory a thread may not start; the others (this one at least) search its share. Letting the
        // exception leave here would destroy the threads already running, which aborts the program.
        try {
            pool.emplace_back(work);
        } catch (const std::system_error&) {
            break;
        }
    }
    work(); // this thread searches too
    for (std::thread& t : pool)
        t.join();
    for (const std::exception_ptr& failure : failures)
        if (failure)
            std::rethrow_exception(failure);
    if (cancelled())
        return Error { "search", "cancelled" };
    for (const CandidatePlan& c : result.candidates)
        result.configurationsEvaluated += c.configurationsEvaluated;
    rankCandidates(result.candidates, plan.search.objective);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace gp
