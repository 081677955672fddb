// Why a candidate cannot fit, and verified changes that would make it fit.
#include "planner/fit_advice.h"
#include "base/finite_number.h"

#include "estimate/common/pipeline_schedule.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "planner/planner_grid.h"
#include "planner/planner_ranking.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// Memory-saving levels tried, least first, for the smallest-footprint fit of advice: no offload, the optimizer
// offloaded, everything offloaded (the planner grid's most saving ones, planner_grid.h).
std::vector<SavingLevels> footprintLevels(int data, int pipeline)
{
    if (pipelineKeepsShardsGathered(3, pipeline, data)) // ZeRO-2/3 keep a pipeline stage gathered
        return { { 1, Offload::None, Checkpointing::Full }, { 1, Offload::Optimizer, Checkpointing::Full },
            { 1, Offload::Optimizer, Checkpointing::Full } };
    if (data <= 1)
        return { { 0, Offload::None, Checkpointing::Full }, { 2, Offload::Optimizer, Checkpointing::Full },
            { 3, Offload::OptimizerAndParameters, Checkpointing::Full } };
    return { { 3, Offload::None, Checkpointing::Full }, { 3, Offload::Optimizer, Checkpointing::Full },
        { 3, Offload::OptimizerAndParameters, Checkpointing::Full } };
}

void addConfigurationArgs(Diagnostic& d, const CandidateResult& r)
{
    const Configuration& c = r.configuration;
    d.args.emplace_back("nodes", std::to_string(r.nodes));
    d.args.emplace_back("gpus", std::to_string(r.gpus));
    d.args.emplace_back("tensor", std::to_string(c.tensor));
    d.args.emplace_back("pipeline", std::to_string(c.pipeline));
    d.args.emplace_back("data", std::to_string(c.data));
    d.args.emplace_back("context", std::to_string(c.context));
    d.args.emplace_back("zero_stage", std::to_string(c.zeroStage));
    d.args.emplace_back("offload", std::string(toString(c.offload)));
    d.args.emplace_back("checkpointing", std::string(toString(c.checkpointing)));
    d.args.emplace_back("micro_batch_size", std::to_string(c.microBatchSize));
}

std::string configurationWords(const CandidateResult& r)
{
    const Configuration& c = r.configuration;
    std::string s = "ZeRO-" + std::to_string(c.zeroStage) + " over " + std::to_string(r.nodes)
        + (r.nodes == 1 ? " node" : " nodes") + " (" + std::to_string(r.gpus) + (r.gpus == 1 ? " GPU" : " GPUs");
    if (c.tensor > 1)
        s += ", tensor " + std::to_string(c.tensor);
    if (c.pipeline > 1)
        s += ", pipeline " + std::to_string(c.pipeline);
    if (c.context > 1)
        s += ", context " + std::to_string(c.context);
    s += ")";
    if (c.offload != Offload::None)
        s += std::string(", offload ") + std::string(toString(c.offload));
    if (c.checkpointing != Checkpointing::None)
        s += ", " + std::string(toString(c.checkpointing)) + " checkpointing";
    return s;
}

// Weights of the whole model on one GPU, unsharded: what a single GPU would have to hold.
double unshardedWeights(const SearchInputs& inputs, const Workload& workload, const Hardware& hardware)
{
    Hardware one = hardware;
    one.nodes = 1;
    one.gpusPerNode = 1;
    Configuration c;
    const Workload onGpu = workloadOnGpu(workload, hardware.gpu);
    const MemoryBreakdown m = estimateMemory(*inputs.model, onGpu, c, one, inputs.plan->assumptions, *inputs.catalog);
    return m.weights;
}

} // namespace

SearchInputs makeSearchInputs(const Plan& plan, const ResolvedModel& model, const Catalog& catalog)
{
    SearchInputs inputs;
    inputs.plan = &plan;
    inputs.model = &model;
    inputs.catalog = &catalog;
    inputs.headroom = headroomFraction(plan.assumptions, catalog);
    inputs.memory = memoryDefaults(plan.assumptions, catalog);
    return inputs;
}

namespace
{

bool fitsUsableMemory(const MemoryBreakdown& m, const SearchInputs& inputs, const Hardware& hardware, double* ratio,
    MemoryBreakdown* memory)
{
    if (memory)
        *memory = m;
    const double usable = usableMemoryBytes(hardware, inputs.headroom);
    const double r = usable > 0 && std::isfinite(m.total) ? m.total / usable : std::numeric_limits<double>::infinity();
    if (ratio)
        *ratio = r;
    return r <= 1.0;
}

} // namespace

bool fitsGpuMemory(const SearchInputs& inputs, const Workload& workload, const Hardware& hardware,
    const Configuration& config, double* ratio, MemoryBreakdown* memory)
{
    return fitsUsableMemory(
        estimateMemory(*inputs.model, workload, config, hardware, inputs.memory), inputs, hardware, ratio, memory);
}

bool fitsGpuMemory(const SearchInputs& inputs, const TrainingMemoryBasis& basis, const Hardware& hardware,
    const Configuration& config, double* ratio, MemoryBreakdown* memory)
{
    return fitsUsableMemory(estimateMemory(basis, config, hardware), inputs, hardware, ratio, memory);
}

void setSavingLevels(Configuration& config, const SavingLevels& levels)
{
    config.zeroStage = levels.zeroStage;
    config.offload = levels.offload;
    config.checkpointing = levels.checkpointing;
}

Configuration makeConfiguration(const Hardware& hardware, int tensor, int pipeline, const SavingLevels& levels,
    int microBatch, int accumulation, const Workload& workload, int context, int expert, int virtualStages)
{
    Configuration c;
    c.tensor = std::max(tensor, 1);
    c.pipeline = std::max(pipeline, 1);
    c.context = std::max(context, 1);
    c.data = std::max(hardware.totalGpus() / (c.tensor * c.pipeline * c.context), 1);
    setSavingLevels(c, levels);
    c.microBatchSize = std::max(microBatch, 1);
    c.gradientAccumulationSteps = std::max(accumulation, 1);
    c.sequenceParallel = workload.parallelism.sequenceParallel && c.tensor > 1;
    // The searched expert degree, else the plan's where it divides the data-parallel replicas.
    const int ep = expert > 0 ? expert : workload.parallelism.expert;
    c.expert = ep > 1 && c.data % ep == 0 ? ep : 1;
    if (c.pipeline > 1) { // the plan's schedule; the searched model chunks, else the plan's
        c.pipelineSchedule = workload.parallelism.pipelineSchedule;
        c.virtualStages = virtualStages > 0 ? virtualStages : std::max(workload.parallelism.virtualStages, 1);
        if (c.pipelineSchedule == PipelineSchedule::Interleaved && c.virtualStages < 2)
            c.pipelineSchedule = PipelineSchedule::OneFOneB; // one chunk per rank interleaves nothing: 1F1B
    }
    return c;
}

std::optional<CandidateResult> smallestFootprintFit(
    const SearchInputs& inputs, const Plan& plan, const Hardware& hardware, bool allowOffload)
{
    const Workload workload = workloadOnGpu(plan.workload, hardware.gpu);
    const Architecture& arch = inputs.model->architecture;
    const int gpus = hardware.totalGpus();
    if (hardware.nodes > 1 && hardware.interNodeGbps <= 0)
        return std::nullopt; // several nodes without a network cannot run (estimator: no_network)
    const bool training = workload.mode == Mode::Training;
    const int levelCount = training ? (allowOffload ? 3 : 1) : 1;
    const bool splitsModel = !training || stackSplitsModel(workload.framework); // else data-parallel layouts only
    for (int levelIndex = 0; levelIndex < levelCount; ++levelIndex) {
        for (int t : tensorDegrees(hardware.gpusPerNode, arch)) {
            if (gpus % t != 0 || (!splitsModel && t > 1))
                continue;
            for (int p : pipelineDegrees(arch, hardware.nodes, gpus / t)) {
                if ((!splitsModel && p > 1) || !pipelineLayoutAllows(workload, p))
                    continue;
                const std::vector<int> contexts = training && splitsModel
                    ? contextDegrees(workload.sequenceLength, hardware.gpusPerNode, t, gpus / (t * p))
                    : std::vector<int> { 1 };
                for (int cp : contexts) {
                    const int data = gpus / (t * p * cp);
                    // The planner's grid rules (planner.cpp searchTraining), so a fit found here is one the search
                    // finds when the nodes are allowed: the global batch divides over the replicas, and a pipeline
                    // gets at least as many micro-batches as stages.
                    if (training && (data <= 0 || inputs.globalBatch % data != 0))
                        continue;
                    SavingLevels levels = training ? footprintLevels(data * cp, p)[levelIndex] : SavingLevels {};
                    const std::int64_t accumulation = training ? inputs.globalBatch / data : 1;
                    if (training && p > 1 && accumulation < p)
                        continue;
                    const int batch = training ? 1 : std::max(plan.workload.inference.batchSize, 1);
                    const Configuration c = makeConfiguration(hardware, t, p, levels, batch,
                        static_cast<int>(std::min<std::int64_t>(accumulation, 1 << 20)), workload, cp);
                    if (!fitsGpuMemory(inputs, workload, hardware, c))
                        continue;
                    CandidateResult r = evaluateCandidate(*inputs.model, plan, hardware, c, *inputs.catalog);
                    if (r.fits)
                        return r;
                }
            }
        }
    }
    return std::nullopt;
}

namespace
{

// Memory only, ignoring the batch's divisibility: whether the most saving split (offloading or not) fits.
// `workload`: the plan's as run on the hardware's GPU (workloadOnGpu).
bool fitsMemoryAtAnySplit(
    const SearchInputs& inputs, const Plan& plan, const Workload& workload, const Hardware& hardware, bool allowOffload)
{
    const Architecture& arch = inputs.model->architecture;
    const int gpus = hardware.totalGpus();
    const bool training = workload.mode == Mode::Training;
    const bool splitsModel = !training || stackSplitsModel(workload.framework); // else data-parallel layouts only
    for (int t : tensorDegrees(hardware.gpusPerNode, arch)) {
        if (gpus % t != 0 || (!splitsModel && t > 1))
            continue;
        for (int p : pipelineDegrees(arch, hardware.nodes, gpus / t)) {
            if ((!splitsModel && p > 1) || !pipelineLayoutAllows(workload, p))
                continue;
            // The most saving context split only: more context parallelism never needs more memory per GPU.
            const std::vector<int> contexts = training && splitsModel
                ? contextDegrees(workload.sequenceLength, hardware.gpusPerNode, t, gpus / (t * p))
                : std::vector<int> { 1 };
            const int cp = contexts.back();
            const int data = gpus / (t * p * cp);
            SavingLevels levels;
            if (training)
                levels = footprintLevels(data * cp, p)[allowOffload ? 2 : 0];
            const int batch = training ? 1 : std::max(plan.workload.inference.batchSize, 1);
            const Configuration c = makeConfiguration(hardware, t, p, levels, batch, std::max(p, 1), workload, cp);
            if (fitsGpuMemory(inputs, workload, hardware, c))
                return true;
        }
    }
    return false;
}

} // namespace

std::optional<CandidateResult> smallestFittingNodes(const SearchInputs& inputs, const Plan& plan,
    const CandidateSpec& candidate, int fromNodes, int toNodes, bool allowOffload)
{
    fromNodes = std::max(fromNodes, 1);
    toNodes = std::min(toNodes, kMaxAdviceNodes);
    if (fromNodes > toNodes)
        return std::nullopt;
    // Resolved against the catalog once; each node count tried is derived from it.
    const auto resolved = resolveCandidate(candidate, *inputs.catalog, 1, "candidates");
    if (!resolved)
        return std::nullopt;
    auto hardwareAt = [&](int nodes) -> std::optional<Hardware> { return atNodes(*resolved, candidate, nodes); };
    // The bisection's node counts change one copy; the GPU, and so the workload run on it, stays.
    Hardware trial = *resolved;
    const Workload onGpu = workloadOnGpu(plan.workload, trial.gpu);
    auto floorFits = [&](int nodes) {
        setNodes(trial, candidate, nodes);
        if (trial.nodes > 1 && trial.interNodeGbps <= 0)
            return false;
        return fitsMemoryAtAnySplit(inputs, plan, onGpu, trial, allowOffload);
    };
    // The memory floor over the whole advice range, independent of the range asked for, so the answer does
    // not move with search.max_nodes: the fewest nodes whose most saving split fits in GPU memory (memory per
    // GPU does not grow with more replicas, so this is a bisection). Nothing fits at the ceiling: no node
    // count helps.
    if (!floorFits(kMaxAdviceNodes))
        return std::nullopt;
    int failing = 0;
    int fitting = kMaxAdviceNodes;
    while (fitting - failing > 1) {
        const int middle = failing + (fitting - failing) / 2;
        if (floorFits(middle))
            fitting = middle;
        else
            failing = middle;
    }
    // From there, node counts in order, each verified with the planner's grid rules and the full estimate
    // (the global batch must divide over the replicas, so the fit is not monotone in the node count).
    for (int nodes = std::max(fromNodes, fitting); nodes <= toNodes; ++nodes) {
        const auto hardware = hardwareAt(nodes);
        if (!hardware)
            continue;
        if (auto fit = smallestFootprintFit(inputs, plan, *hardware, allowOffload))
            return fit;
    }
    return std::nullopt;
}

FitFailure explainNoFit(const SearchInputs& inputs, const Hardware& hardware, const CandidateResult& closestMiss,
    const std::optional<CandidateResult>& moreNodes, int nodeLimit)
{
    const double gpuMemory = hardware.gpu.memoryBytes;
    const double usable
        = closestMiss.usableMemory > 0 ? closestMiss.usableMemory : usableMemoryBytes(hardware, inputs.headroom);
    const bool evaluated = closestMiss.memory.total > 0;
    // The constraint that binds the configuration shown beside the reason (the closest miss), in its numbers.
    FitFailure binding;
    if (!evaluated) {
        // No configuration reached the memory model (no valid split): what one GPU would have to hold.
        const double weights = unshardedWeights(inputs, inputs.plan->workload, hardware);
        binding.code = weights > usable ? "weights_exceed_memory" : "memory_exceeds_capacity";
        binding.args = { { "weights_gib", formatGiB(weights) }, { "gpu_memory_gib", formatGiB(gpuMemory) },
            { "usable_gib", formatGiB(usable) } };
        binding.message = "the model's weights alone take " + formatGiB(weights) + " GiB, more than one GPU's "
            + formatGiB(usable) + " GiB usable";
    } else if (closestMiss.failure && closestMiss.failure->code != "memory_exceeds_capacity") {
        binding = *closestMiss.failure; // host RAM, layout: as the estimator words it
    } else if (closestMiss.memory.weights > usable) {
        binding.code = "weights_exceed_memory";
        binding.args = { { "weights_gib", formatGiB(closestMiss.memory.weights) },
            { "gpu_memory_gib", formatGiB(gpuMemory) }, { "usable_gib", formatGiB(usable) } };
        binding.message = "the weights alone take " + formatGiB(closestMiss.memory.weights)
            + " GiB per GPU in the closest configuration, more than the " + formatGiB(usable) + " GiB usable";
    } else if (!moreNodes && closestMiss.memory.activations + closestMiss.memory.logits > usable
        && inputs.plan->workload.mode == Mode::Training
        && closestMiss.configuration.checkpointing == Checkpointing::Full) {
        // More replicas shard weights, gradients and optimizer states, never one sequence's activations. Said
        // only of a configuration that checkpoints fully: one that does not (a layout the user set) may fit with
        // checkpointing, which the suggestions then offer.
        const double activations = closestMiss.memory.activations + closestMiss.memory.logits;
        binding.code = "activations_exceed_memory";
        binding.args = { { "activations_gib", formatGiB(activations) }, { "usable_gib", formatGiB(usable) },
            { "sequence_length", std::to_string(inputs.plan->workload.sequenceLength) },
            { "nodes_ceiling", std::to_string(kMaxAdviceNodes) } };
        binding.message = "the activations of one sequence of " + std::to_string(inputs.plan->workload.sequenceLength)
            + " tokens take " + formatGiB(activations) + " GiB per GPU even with full checkpointing, more than the "
            + formatGiB(usable) + " GiB usable; more nodes do not shrink them (no node count up to "
            + std::to_string(kMaxAdviceNodes) + " fits): a shorter sequence, a larger GPU or splitting the sequence "
            + "across GPUs would";
    } else {
        binding.code = "memory_exceeds_capacity";
        binding.args = { { "required_gib", formatGiB(closestMiss.memory.total) }, { "usable_gib", formatGiB(usable) } };
        // With the search off the configuration shown is the plan's own, not the most memory-saving one.
        binding.message = std::string(inputs.plan->search.enabled ? "even the most memory-saving configuration needs "
                                                                  : "the configuration as set needs ")
            + formatGiB(closestMiss.memory.total) + " GiB per GPU, " + formatGiB(usable) + " GiB usable";
        if (!moreNodes && nodeLimit < kMaxAdviceNodes) {
            binding.args.emplace_back("nodes_ceiling", std::to_string(kMaxAdviceNodes));
            binding.message += "; no node count up to " + std::to_string(kMaxAdviceNodes) + " fits";
        }
    }
    if (!moreNodes)
        return binding;
    // A fit exists beyond the nodes allowed: say so, after what binds within them.
    FitFailure f;
    f.code = "needs_more_nodes";
    f.args = { { "nodes_needed", std::to_string(moreNodes->nodes) },
        { "zero_stage", std::to_string(moreNodes->configuration.zeroStage) },
        { "max_nodes", std::to_string(nodeLimit) }, { "limit_code", binding.code } };
    f.args.insert(f.args.end(), binding.args.begin(), binding.args.end());
    f.message = binding.message + "; the smallest fit needs " + configurationWords(*moreNodes) + ", more than the "
        + std::to_string(nodeLimit) + (nodeLimit == 1 ? " node" : " nodes") + " allowed";
    return f;
}

namespace
{

// The plan's own configuration with one saving changed (search disabled: the user chose it), each that fits.
void suggestConfiguredSavings(std::vector<Diagnostic>& out, const SearchInputs& inputs, const Configuration& c,
    const Hardware& configuredHardware)
{
    const Plan& plan = *inputs.plan;
    const Workload& workload = plan.workload;
    struct Variant {
        const char* code;
        SavingLevels levels;
        const char* words;
    };
    // Inside a pipeline ZeRO-2/3 keep the stage gathered (pipeline_schedule.h): ZeRO-1 is the sharding to suggest.
    Configuration atZero3 = c;
    atZero3.zeroStage = 3;
    const bool pipelined = pipelineKeepsShardsGathered(atZero3);
    const int zero = pipelined ? 1 : 3;
    const Offload zeroOffload
        = pipelined && c.offload == Offload::OptimizerAndParameters ? Offload::Optimizer : c.offload;
    // Each change alone first; ZeRO and offload also with full checkpointing when alone they do not fit.
    const Variant variants[] = {
        { "suggest_checkpointing", { c.zeroStage, c.offload, Checkpointing::Full }, "full activation checkpointing" },
        { "suggest_zero", { zero, zeroOffload, c.checkpointing },
            pipelined ? "ZeRO-1 (shard the optimizer states)" : "ZeRO-3 (shard weights, gradients and optimizer)" },
        { "suggest_zero", { zero, zeroOffload, Checkpointing::Full },
            pipelined ? "ZeRO-1 and full activation checkpointing" : "ZeRO-3 and full activation checkpointing" },
        { "suggest_offload", { 3, Offload::OptimizerAndParameters, c.checkpointing },
            "ZeRO-3 with optimizer and parameters offloaded to CPU" },
        { "suggest_offload", { 3, Offload::OptimizerAndParameters, Checkpointing::Full },
            "ZeRO-3 with optimizer and parameters offloaded to CPU, and full activation checkpointing" },
    };
    for (const auto& v : variants) {
        const bool offered = std::any_of(out.begin(), out.end(), [&](const Diagnostic& d) { return d.code == v.code; });
        if (offered)
            continue;
        if (v.levels.zeroStage == c.zeroStage && v.levels.offload == c.offload
            && v.levels.checkpointing == c.checkpointing)
            continue;
        if (std::string_view(v.code) == "suggest_zero" && c.data <= 1)
            continue; // one replica: ZeRO shards nothing
        Configuration changed = c;
        changed.zeroStage = v.levels.zeroStage;
        changed.offload = v.levels.offload;
        changed.checkpointing = v.levels.checkpointing;
        const Workload onGpu = workloadOnGpu(workload, configuredHardware.gpu);
        if (!fitsGpuMemory(inputs, onGpu, configuredHardware, changed))
            continue;
        CandidateResult r = evaluateCandidate(*inputs.model, plan, configuredHardware, changed, *inputs.catalog);
        if (!r.fits)
            continue;
        Diagnostic d;
        d.code = v.code;
        addConfigurationArgs(d, r);
        d.message = std::string("use ") + v.words + ": fits with " + formatGiB(r.memory.total) + " GiB per GPU";
        out.push_back(std::move(d));
    }
}

// Context parallelism: a sequence whose activations no data-parallel layout holds is split across the GPUs
// of a node (ring attention), evaluated like every suggestion. With the plan's own configuration (search
// disabled) its context degree grows at the same GPUs (fewer replicas); else the smallest footprint split of
// the candidate's first node count with context parallelism at any sequence length.
std::optional<Diagnostic> suggestContextParallel(const SearchInputs& inputs, const Hardware& hardware,
    const std::optional<Configuration>& asConfigured, const Hardware* configuredHardware)
{
    const Plan& plan = *inputs.plan;
    const Workload& workload = plan.workload;
    if (!stackSplitsModel(workload.framework))
        return std::nullopt; // the stack has no context parallelism to suggest
    std::optional<CandidateResult> fit;
    if (asConfigured && configuredHardware) {
        const Configuration& c = *asConfigured;
        const Workload onGpu = workloadOnGpu(workload, configuredHardware->gpu);
        const int groupGpus = c.data * std::max(c.context, 1); // the GPUs data x context ranks share
        for (int cp :
            contextDegrees(workload.sequenceLength, configuredHardware->gpusPerNode, c.tensor, groupGpus, true)) {
            if (cp <= c.context || fit)
                continue;
            Configuration changed = c;
            changed.context = cp;
            changed.data = groupGpus / cp;
            if (!fitsGpuMemory(inputs, onGpu, *configuredHardware, changed))
                continue;
            CandidateResult r = evaluateCandidate(*inputs.model, plan, *configuredHardware, changed, *inputs.catalog);
            if (r.fits)
                fit = r;
        }
    } else if (!asConfigured) {
        const Workload onGpu = workloadOnGpu(workload, hardware.gpu);
        const int gpus = hardware.totalGpus();
        for (int t : tensorDegrees(hardware.gpusPerNode, inputs.model->architecture)) {
            if (fit || gpus % t != 0)
                continue;
            for (int cp : contextDegrees(workload.sequenceLength, hardware.gpusPerNode, t, gpus / t, true)) {
                const int data = gpus / (t * cp);
                if (fit || cp == 1 || data <= 0 || inputs.globalBatch % data != 0)
                    continue;
                const Configuration c = makeConfiguration(hardware, t, 1, footprintLevels(data * cp, 1)[0], 1,
                    static_cast<int>(std::min<std::int64_t>(inputs.globalBatch / data, 1 << 20)), onGpu, cp);
                if (!fitsGpuMemory(inputs, onGpu, hardware, c))
                    continue;
                CandidateResult r = evaluateCandidate(*inputs.model, plan, hardware, c, *inputs.catalog);
                if (r.fits)
                    fit = r;
            }
        }
    }
    if (!fit)
        return std::nullopt;
    Diagnostic d;
    d.code = "suggest_context_parallel";
    addConfigurationArgs(d, *fit);
    d.message = "split each sequence across " + std::to_string(fit->configuration.context)
        + " GPUs (context parallelism): fits with " + configurationWords(*fit) + ", " + formatGiB(fit->memory.total)
        + " GiB per GPU";
    return d;
}

// A larger GPU from the catalog, in the same number of GPUs per node: the smallest that fits with
// everything on the GPUs first (offloading is slow and suggested apart), then one that fits offloading.
std::optional<Diagnostic> suggestLargerGpu(
    const SearchInputs& inputs, const Hardware& hardware, int firstNodes, int nodeLimit)
{
    const Plan& plan = *inputs.plan;
    std::vector<const GpuSpec*> larger;
    for (const auto& g : inputs.catalog->gpus)
        if (g.memoryBytes > hardware.gpu.memoryBytes)
            larger.push_back(&g);
    std::stable_sort(larger.begin(), larger.end(),
        [](const GpuSpec* a, const GpuSpec* b) { return a->memoryBytes < b->memoryBytes; });
    for (bool allowOffload : { false, true }) {
        for (const GpuSpec* g : larger) {
            CandidateSpec bare;
            bare.gpu = g->id;
            bare.gpusPerNode = hardware.gpusPerNode;
            bare.nodes = nodeLimit;
            if (hardware.interNodeGbps > 0)
                bare.interNodeGbps = hardware.interNodeGbps;
            const auto fit = smallestFittingNodes(inputs, plan, bare, firstNodes, nodeLimit, allowOffload);
            if (!fit)
                continue;
            Diagnostic d;
            d.code = "suggest_larger_gpu";
            d.args = { { "gpu", g->id }, { "gpu_name", g->name }, { "gpu_memory_gib", formatGiB(g->memoryBytes) } };
            // A catalog instance carrying that GPU, the closest in GPU count, so the user can pick it.
            const InstanceSpec* instance = nullptr;
            for (const auto& i : inputs.catalog->instances) {
                if (i.gpu != g->id)
                    continue;
                const int gap = std::abs(i.gpus - hardware.gpusPerNode);
                if (!instance || gap < std::abs(instance->gpus - hardware.gpusPerNode))
                    instance = &i;
            }
            if (instance)
                d.args.emplace_back("instance", instance->id);
            addConfigurationArgs(d, *fit);
            d.message = "a " + g->name + " (" + formatGiB(g->memoryBytes) + " GiB) fits with "
                + configurationWords(*fit) + (instance ? ", e.g. instance " + instance->id : std::string());
            return d;
        }
    }
    return std::nullopt;
}

// Training: LoRA, else QLoRA, when the plan's technique is heavier and the lighter one fits.
std::optional<Diagnostic> suggestLighterTechnique(
    const SearchInputs& inputs, const CandidateSpec& candidate, int firstNodes, int nodeLimit)
{
    const Plan& plan = *inputs.plan;
    const Workload& workload = plan.workload;
    struct TechniqueChange {
        const char* code;
        Technique technique;
        WeightFormat format;
        const char* words;
    };
    const TechniqueChange changes[] = {
        { "suggest_lora", Technique::Lora, workload.weightFormat, "LoRA (train low-rank adapters, base frozen)" },
        { "suggest_qlora", Technique::Qlora, WeightFormat::Nf4, "QLoRA (4-bit NF4 base, LoRA adapters)" },
    };
    for (const auto& change : changes) {
        if (workload.technique == change.technique)
            continue;
        if (change.technique == Technique::Lora && workload.technique == Technique::Qlora)
            continue; // QLoRA already needs less than LoRA
        Plan variant = plan;
        variant.workload.technique = change.technique;
        variant.workload.weightFormat = change.format;
        SearchInputs variantInputs = inputs;
        variantInputs.plan = &variant;
        const auto fit = smallestFittingNodes(variantInputs, variant, candidate, firstNodes, nodeLimit);
        if (!fit)
            continue;
        Diagnostic d;
        d.code = change.code;
        d.args.emplace_back("rank", std::to_string(workload.lora.rank));
        addConfigurationArgs(d, *fit);
        d.message = std::string("use ") + change.words + ": fits with " + configurationWords(*fit);
        return d; // the lightest change that fits is enough; QLoRA is only offered when LoRA does not fit
    }
    return std::nullopt;
}

std::optional<Diagnostic> suggestQuantizedWeights(
    const SearchInputs& inputs, const CandidateSpec& candidate, int firstNodes, int nodeLimit)
{
    const Plan& plan = *inputs.plan;
    const Workload& workload = plan.workload;
    // Serving: quantized weights read less memory; int8 first, then 4-bit.
    for (WeightFormat format : { WeightFormat::Int8, WeightFormat::Int4 }) {
        if (format == workload.weightFormat)
            continue;
        if (format == WeightFormat::Int8 && workload.weightFormat == WeightFormat::Int8)
            continue;
        Plan variant = plan;
        variant.workload.weightFormat = format;
        SearchInputs variantInputs = inputs;
        variantInputs.plan = &variant;
        const auto fit = smallestFittingNodes(variantInputs, variant, candidate, firstNodes, nodeLimit);
        if (!fit)
            continue;
        Diagnostic d;
        d.code = "suggest_quantization";
        d.args.emplace_back("weight_format", std::string(toString(format)));
        addConfigurationArgs(d, *fit);
        d.message = "serve " + std::string(toString(format)) + " weights: fits with " + configurationWords(*fit);
        return d;
    }
    return std::nullopt;
}

} // namespace

std::vector<Diagnostic> suggestFits(const SearchInputs& inputs, const CandidateSpec& candidate,
    const Hardware& hardware, const std::optional<CandidateResult>& moreNodes, int firstNodes, int nodeLimit,
    const std::optional<Configuration>& asConfigured, const Hardware* configuredHardware)
{
    std::vector<Diagnostic> out;
    const Workload& workload = inputs.plan->workload;
    const bool training = workload.mode == Mode::Training;

    if (moreNodes) {
        Diagnostic d;
        d.code = "suggest_more_gpus";
        addConfigurationArgs(d, *moreNodes);
        d.message = "use " + std::to_string(moreNodes->nodes) + " nodes: fits with " + configurationWords(*moreNodes);
        out.push_back(std::move(d));
    }
    if (asConfigured && configuredHardware && training)
        suggestConfiguredSavings(out, inputs, *asConfigured, *configuredHardware);
    if (training)
        if (auto d = suggestContextParallel(inputs, hardware, asConfigured, configuredHardware))
            out.push_back(std::move(*d));
    if (auto d = suggestLargerGpu(inputs, hardware, firstNodes, nodeLimit))
        out.push_back(std::move(*d));
    if (training) {
        if (auto d = suggestLighterTechnique(inputs, candidate, firstNodes, nodeLimit))
            out.push_back(std::move(*d));
    } else if (workload.weightFormat == WeightFormat::Same || workload.weightFormat == WeightFormat::Fp8
        || workload.weightFormat == WeightFormat::Int8) {
        if (auto d = suggestQuantizedWeights(inputs, candidate, firstNodes, nodeLimit))
            out.push_back(std::move(*d));
    }
    return out;
}

} // namespace gp
