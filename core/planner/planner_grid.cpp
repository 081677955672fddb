// The planner's grid: sensible parallel splits, saving levels and micro-batches for one candidate.
#include "planner/planner_grid.h"
#include "estimate/common/pipeline_schedule.h"

#include "transformer/layers.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace gp
{

std::vector<int> divisorsOf(int n)
{
    std::vector<int> out;
    if (n <= 0)
        return out;
    for (int d = 1; d <= n; ++d)
        if (n % d == 0)
            out.push_back(d);
    return out;
}

std::int64_t pipelineLayers(const Architecture& architecture)
{
    return static_cast<std::int64_t>(totalLayers(architecture));
}

std::vector<int> tensorDegrees(int gpusPerNode, const Architecture& architecture)
{
    std::vector<int> out;
    const std::int64_t heads = architecture.numAttentionHeads;
    const std::int64_t kvHeads = architecture.kvHeads();
    for (int t : divisorsOf(gpusPerNode)) {
        if (t == 1) {
            out.push_back(t);
            continue;
        }
        // Unknown head counts: tensor parallelism cannot be checked, so it is not offered.
        if (heads <= 0 || kvHeads <= 0 || heads % t != 0)
            continue;
        // Megatron splits key/value groups across ranks, or replicates them when t exceeds their number.
        if (kvHeads % t != 0 && t % kvHeads != 0)
            continue;
        out.push_back(t);
    }
    return out;
}

std::vector<int> pipelineDegrees(const Architecture& architecture, int nodes, int gpusLeft)
{
    std::vector<int> out { 1 };
    const std::int64_t layers = pipelineLayers(architecture);
    if (layers < 4 || nodes < 2 || gpusLeft < 2)
        return out;
    const int limit = static_cast<int>(std::min<std::int64_t>({ layers / 2, nodes, gpusLeft }));
    for (int p = 2; p <= limit; ++p)
        if (layers % p == 0 && gpusLeft % p == 0)
            out.push_back(p);
    return out;
}

std::vector<int> contextDegrees(std::int64_t sequenceLength, int gpusPerNode, int tensor, int gpusLeft, bool anyLength)
{
    std::vector<int> out { 1 };
    if (sequenceLength < kMinContextParallelSequence && !anyLength)
        return out;
    for (int cp = 2; static_cast<long long>(cp) * std::max(tensor, 1) <= gpusPerNode && cp <= gpusLeft; cp *= 2) {
        if (gpusLeft % cp != 0 || sequenceLength / cp < kMinContextParallelChunk || sequenceLength % (2LL * cp) != 0)
            continue;
        out.push_back(cp);
    }
    return out;
}

std::vector<int> expertDegrees(const Architecture& architecture, int data, int planExpert)
{
    std::vector<int> out { 1 };
    const int experts = architecture.numExperts;
    if (experts <= 1 || data <= 1)
        return out;
    for (int ep = 2; ep <= data && ep <= experts; ep *= 2)
        if (data % ep == 0 && experts % ep == 0)
            out.push_back(ep);
    if (planExpert > 1 && planExpert <= data && data % planExpert == 0 && experts % planExpert == 0
        && std::find(out.begin(), out.end(), planExpert) == out.end()) {
        out.push_back(planExpert);
        std::sort(out.begin(), out.end());
    }
    return out;
}

std::vector<int> virtualStageDegrees(
    const Architecture& architecture, int pipeline, PipelineSchedule schedule, int planVirtual)
{
    const int plan = std::max(planVirtual, 1);
    if (pipeline <= 1 || schedule != PipelineSchedule::Interleaved)
        return { plan };
    std::vector<int> out { 1 };
    const std::int64_t layers = pipelineLayers(architecture);
    for (std::int64_t v = 2; v * pipeline <= layers; v *= 2)
        if (layers % (v * pipeline) == 0)
            out.push_back(static_cast<int>(v));
    if (static_cast<std::int64_t>(plan) * pipeline <= layers && std::find(out.begin(), out.end(), plan) == out.end()) {
        out.push_back(plan);
        std::sort(out.begin(), out.end());
    }
    return out;
}

std::vector<int> microBatchSizes(std::int64_t sequencesPerReplica)
{
    std::vector<int> out;
    if (sequencesPerReplica <= 0)
        return out;
    out.reserve(std::bit_width(unsigned(kMaxGridMicroBatch))); // the powers of two up to the largest: one allocation
    for (int m = 1; m <= kMaxGridMicroBatch && m <= sequencesPerReplica; m *= 2)
        if (sequencesPerReplica % m == 0)
            out.push_back(m);
    return out;
}

std::vector<int> nodeCounts(const CandidateSpec& candidate, int maxNodes)
{
    std::vector<int> out;
    if (candidate.nodes) {
        if (*candidate.nodes >= 1)
            out.push_back(*candidate.nodes);
        return out;
    }
    const int limit = std::clamp(maxNodes, 1, kMaxAdviceNodes);
    for (int n = 1; n <= limit; ++n)
        out.push_back(n);
    return out;
}

std::int64_t targetGlobalBatch(const Workload& workload, const Configuration& planConfig)
{
    if (workload.globalBatchSize && *workload.globalBatchSize > 0)
        return *workload.globalBatchSize;
    const std::int64_t micro = std::max(planConfig.microBatchSize, 1);
    const std::int64_t accumulation = std::max(planConfig.gradientAccumulationSteps, 1);
    const std::int64_t data = std::max(planConfig.data, 1);
    // Each factor is an int, so the product of three fits in int64 without overflow.
    return micro * accumulation * data;
}

int level(Offload offload)
{
    switch (offload) {
    case Offload::None:
        return 0;
    case Offload::Optimizer:
        return 1;
    case Offload::OptimizerAndParameters:
        return 2;
    }
    return 0;
}

int level(Checkpointing checkpointing)
{
    switch (checkpointing) {
    case Checkpointing::None:
        return 0;
    case Checkpointing::Selective:
        return 1;
    case Checkpointing::Full:
        return 2;
    case Checkpointing::PerOp:
        return 1; // not searched (a torchtitan policy), ordered beside selective
    }
    return 0;
}

namespace
{

enum class Replicas { One, Many, ManyPipelined };

std::vector<SavingLevels> buildLevels(Replicas replicas)
{
    struct Sharding {
        int zero;
        Offload offload;
    };
    std::vector<Sharding> shardings;
    if (replicas == Replicas::One) {
        shardings = { { 0, Offload::None }, { 2, Offload::Optimizer }, { 3, Offload::OptimizerAndParameters } };
    } else if (replicas == Replicas::ManyPipelined) {
        // Inside a pipeline ZeRO-2/3 keeps the stage gathered (pipeline_schedule.h): more memory than ZeRO-1.
        shardings = { { 0, Offload::None }, { 1, Offload::None }, { 1, Offload::Optimizer } };
    } else {
        shardings = { { 0, Offload::None }, { 1, Offload::None }, { 2, Offload::None }, { 3, Offload::None },
            { 1, Offload::Optimizer }, { 2, Offload::Optimizer }, { 3, Offload::Optimizer },
            { 3, Offload::OptimizerAndParameters } };
    }
    std::vector<SavingLevels> out;
    for (const auto& s : shardings)
        for (Checkpointing c : { Checkpointing::None, Checkpointing::Selective, Checkpointing::Full })
            out.push_back({ s.zero, s.offload, c });
    // Least saving first, so that the minimal fitting combinations are met before what they dominate.
    std::stable_sort(out.begin(), out.end(), [](const SavingLevels& a, const SavingLevels& b) {
        return a.zeroStage + level(a.offload) + level(a.checkpointing)
            < b.zeroStage + level(b.offload) + level(b.checkpointing);
    });
    return out;
}

} // namespace

const std::vector<SavingLevels>& savingLevels(int data, int pipeline)
{
    static const std::vector<SavingLevels> one = buildLevels(Replicas::One);
    static const std::vector<SavingLevels> many = buildLevels(Replicas::Many);
    static const std::vector<SavingLevels> pipelined = buildLevels(Replicas::ManyPipelined);
    if (data <= 1)
        return one;
    return pipelineKeepsShardsGathered(3, pipeline, data) ? pipelined : many;
}

bool savesNoMore(const SavingLevels& a, const SavingLevels& b)
{
    return a.zeroStage <= b.zeroStage && level(a.offload) <= level(b.offload)
        && level(a.checkpointing) <= level(b.checkpointing);
}

SavingLevels mostSaving(int data, int pipeline)
{
    // Inside a pipeline: ZeRO-1 with the optimizer offloaded (ZeRO-2/3 keep the stage gathered there).
    if (pipelineKeepsShardsGathered(3, pipeline, data))
        return { 1, Offload::Optimizer, Checkpointing::Full };
    // ZeRO-3 with full offload is valid for one replica too (parameters offloaded need stage 3).
    return { 3, Offload::OptimizerAndParameters, Checkpointing::Full };
}

bool stackSplitsModel(TrainingStack stack)
{
    return stack != TrainingStack::Unsloth && stack != TrainingStack::Litgpt;
}

} // namespace gp
