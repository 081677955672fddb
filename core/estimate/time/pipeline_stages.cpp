#include "estimate/time/pipeline_stages.h"

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
    const int p = std::max(1, pipeline);
    if (p == 1 || layers <= 0 || !std::isfinite(headShare))
        return 1.0;
    const double head = std::clamp(headShare, 0.0, 1.0);
    const double perLayer = (1.0 - head) / layers;
    const StageSplit s(layers, p, split); // pipelineStageLayers' count per rank, without building the list
    double slowest = 0;
    for (int r = 0; r < p; ++r)
        slowest = std::max(slowest, s.layersOn(r) * perLayer + (r + 1 == p ? head : 0.0));
    return std::max(1.0, slowest * p); // the mean stage does 1 / p of the work
}

} // namespace gp
