#include "estimate/time/pipeline_stages.h"

#include <algorithm>
#include <cmath>

namespace gp
{

std::vector<int> pipelineStageLayers(int layers, int pipeline, PipelineSplit split)
{
    const int p = std::max(1, pipeline);
    const int l = std::max(0, layers);
    if (p == 1)
        return { l };
    const bool embedding = split == PipelineSplit::Embedding || split == PipelineSplit::EmbeddingAndLoss;
    const bool loss = split == PipelineSplit::Loss || split == PipelineSplit::EmbeddingAndLoss;
    const int counted = l + (embedding ? 1 : 0) + (loss ? 1 : 0);
    std::vector<int> stages(std::size_t(p), counted / p);
    for (int r = 0; r < counted % p; ++r)
        ++stages[std::size_t(r)];
    if (embedding)
        stages.front() = std::max(0, stages.front() - 1);
    if (loss)
        stages.back() = std::max(0, stages.back() - 1);
    return stages;
}

double pipelineSlowestStageFactor(int layers, int pipeline, PipelineSplit split, double headShare)
{
    const int p = std::max(1, pipeline);
    if (p == 1 || layers <= 0 || !std::isfinite(headShare))
        return 1.0;
    const double head = std::clamp(headShare, 0.0, 1.0);
    const double perLayer = (1.0 - head) / layers;
    const std::vector<int> stages = pipelineStageLayers(layers, p, split);
    double slowest = 0;
    for (std::size_t r = 0; r < stages.size(); ++r)
        slowest = std::max(slowest, stages[r] * perLayer + (r + 1 == stages.size() ? head : 0.0));
    return std::max(1.0, slowest * p); // the mean stage does 1 / p of the work
}

} // namespace gp
