#include "estimate/common/pipeline_stages.h"

#include "plan/pipeline_layout.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// How pipelineStageLayers divides: the layers the split counts, and which ends give one back.
struct StageSplit {
    int ranks = 1;
    int counted = 0;
    bool embedding = false;
    bool loss = false;

    StageSplit(int layers, int pipeline, PipelineSplit split)
        : ranks(std::max(1, pipeline))
    {
        embedding = split == PipelineSplit::Embedding || split == PipelineSplit::EmbeddingAndLoss;
        loss = split == PipelineSplit::Loss || split == PipelineSplit::EmbeddingAndLoss;
        counted = std::max(0, layers) + (embedding ? 1 : 0) + (loss ? 1 : 0);
    }
    // Layers on rank `r` (0 .. ranks - 1), ranks > 1.
    int layersOn(int r) const
    {
        int n = counted / ranks + (r < counted % ranks ? 1 : 0);
        if (embedding && r == 0)
            n = std::max(0, n - 1);
        if (loss && r == ranks - 1)
            n = std::max(0, n - 1);
        return n;
    }
};

} // namespace

std::vector<int> pipelineStageLayers(int layers, int pipeline, PipelineSplit split)
{
    const StageSplit s(layers, pipeline, split);
    if (s.ranks == 1)
        return { std::max(0, layers) };
    std::vector<int> stages(std::size_t(s.ranks), 0);
    for (int r = 0; r < s.ranks; ++r)
        stages[std::size_t(r)] = s.layersOn(r);
    return stages;
}

double pipelineSlowestStageFactor(int layers, int pipeline, PipelineSplit split, double headShare)
{
    ParallelismSpec spec;
    spec.pipelineSplit = split;
    return pipelineSlowestRankFactor(pipelineRanks(spec, layers, pipeline, 1, 0), headShare, 0.0);
}

std::vector<PipelineRankLoad> statedPipelineRanks(const ParallelismSpec& parallelism, int pipeline, int virtualStages)
{
    if (parallelism.pipelineLayout.empty())
        return {};
    const int p = std::max(1, pipeline);
    const int v = std::max(1, virtualStages);
    const PipelineLayoutParse layout = parsePipelineLayout(parallelism.pipelineLayout);
    if (layout.problem.text || layout.stages.size() != std::size_t(p) * std::size_t(v))
        return {};
    std::vector<PipelineRankLoad> ranks(static_cast<std::size_t>(p));
    for (std::size_t i = 0; i < layout.stages.size(); ++i) {
        const PipelineLayoutStage& stage = layout.stages[i];
        PipelineRankLoad& rank = ranks[i % std::size_t(p)];
        rank.layers += stage.decoder;
        rank.mtp += stage.mtp;
        rank.embedding = rank.embedding || stage.embedding > 0;
        rank.head = rank.head || stage.loss > 0;
        rank.mtpEmbedding = rank.mtpEmbedding || (stage.mtp > 0 && stage.embedding == 0);
    }
    return ranks;
}

std::vector<PipelineRankLoad> pipelineRanks(
    const ParallelismSpec& parallelism, int layers, int pipeline, int virtualStages, int mtpLayers)
{
    std::vector<PipelineRankLoad> ranks = statedPipelineRanks(parallelism, pipeline, virtualStages);
    if (!ranks.empty())
        return ranks;
    const std::vector<int> split = pipelineStageLayers(layers, pipeline, parallelism.pipelineSplit);
    ranks.resize(split.size());
    for (std::size_t r = 0; r < split.size(); ++r)
        ranks[r].layers = split[r];
    ranks.front().embedding = true;
    ranks.back().head = true;
    ranks.back().mtp = std::max(0, mtpLayers);
    ranks.back().mtpEmbedding = ranks.size() > 1 && mtpLayers > 0;
    return ranks;
}

double pipelineSlowestRankFactor(const std::vector<PipelineRankLoad>& ranks, double headShare, double mtpShare)
{
    const int p = int(ranks.size());
    int layers = 0;
    int mtpLayers = 0;
    for (const PipelineRankLoad& r : ranks) {
        layers += r.layers;
        mtpLayers += r.mtp;
    }
    if (p <= 1 || layers <= 0 || !std::isfinite(headShare) || !std::isfinite(mtpShare))
        return 1.0;
    const double head = std::clamp(headShare, 0.0, 1.0);
    const double mtp = mtpLayers > 0 ? std::clamp(mtpShare, 0.0, 1.0 - head) : 0.0;
    const double perLayer = (1.0 - head - mtp) / layers;
    const double perMtp = mtpLayers > 0 ? mtp / mtpLayers : 0.0;
    double slowest = 0;
    for (const PipelineRankLoad& r : ranks)
        slowest = std::max(slowest, r.layers * perLayer + r.mtp * perMtp + (r.head ? head : 0.0));
    return std::max(1.0, slowest * p); // the mean rank does 1 / p of the work
}

double pipelineRankInFlightShare(const Configuration& config, int rank)
{
    const int p = std::max(1, config.pipeline);
    const int r = std::clamp(rank, 0, p - 1);
    const double m = std::max(1, config.gradientAccumulationSteps);
    if (p == 1)
        return 1.0;
    switch (config.pipelineSchedule) {
    case PipelineSchedule::OneFOneB:
        return std::min(m, double(p - r)) / std::min(m, double(p));
    case PipelineSchedule::Interleaved: {
        const double v = std::max(1, config.virtualStages);
        const auto chunks = [&](int k) { return std::min(m * v, (p - k - 1) * 2.0 + (v - 1) * p + 1); };
        return chunks(r) / chunks(0);
    }
    default:
        return 1.0;
    }
}

} // namespace gp
