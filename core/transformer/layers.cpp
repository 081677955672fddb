// Layer counts and model-parallel shares: the one definition the memory, time and layout checks use.
#include "transformer/layers.h"
#include "base/finite_number.h"

#include <algorithm>
#include <cmath>

namespace gp
{

double kvCacheLayers(const Architecture& a)
{
    if (a.kind == ModelKind::Encoder)
        return 0.0;
    return std::max(0.0, decoderLayers(a) - linearAttentionLayers(a) - mambaLayers(a) - mlpOnlyLayers(a));
}

double moeLayers(const Architecture& a)
{
    if (a.numExperts <= 1)
        return 0.0;
    // After the leading dense layers, every moe_layer_interval-th layer has experts (Llama 4: layer i is MoE
    // when (i + 1) % interleave_moe_layer_step == 0).
    const double layers = totalLayers(a);
    const double afterDense = layers - std::clamp(double(a.firstDenseLayers), 0.0, layers);
    return std::floor(afterDense / std::max(1, a.moeLayerInterval));
}

double formatScopeParameters(const ParameterCounts& c, WeightFormat format)
{
    if (format == WeightFormat::Mxfp4 && c.expertLinear > 0)
        return positiveOrZero(c.expertLinear);
    return positiveOrZero(c.blockLinear);
}

double routedExpertParametersPerLayer(const Architecture& a, const ParameterCounts& c)
{
    if (a.numExperts <= 1)
        return 0.0;
    const double routed = double(a.numExperts) / double(a.numExperts + std::max(0, a.numSharedExperts));
    return positiveOrZero(c.mlpPerLayer) * routed;
}

double routedExpertFraction(const Architecture& a, const ParameterCounts& c, double total)
{
    if (a.numExperts <= 1 || !(total > 0))
        return 0.0;
    return std::clamp(moeLayers(a) * routedExpertParametersPerLayer(a, c) / total, 0.0, 1.0);
}

double routedRowsPerExpert(const Architecture& a, double tokens)
{
    const double e = std::max(1.0, double(a.numExperts));
    return positiveOrZero(tokens) * std::clamp(double(a.expertsPerToken), 1.0, e) / e;
}

double parametersPerGpu(const Architecture& a, const ParameterCounts& c, double total, double head, int tensor,
    int pipeline, int expert, int expertTensor, double lastStageExtra)
{
    const int pp = std::max(1, pipeline);
    const double layers = positiveOrZero(c.layerCount);
    const double split = parameterSplitShare(a, c, total, tensor, expert, expertTensor);
    const double extra = positiveOrZero(lastStageExtra);
    if (pp > 1 && layers > 0) {
        const double stageLayers = layersPerStage(layers, pp);
        const double bodyPerLayer = std::max(0.0, total - c.embedding - head) / layers;
        return std::max(
            (c.embedding + stageLayers * bodyPerLayer) * split, (stageLayers * bodyPerLayer + head) * split + extra);
    }
    return total * split + extra;
}

double parameterSplitShare(
    const Architecture& a, const ParameterCounts& c, double total, int tensor, int expert, int expertTensor)
{
    const double expertFraction = routedExpertFraction(a, c, total);
    const double expertRanks = double(std::max(1, expert)) * std::max(1, expertTensor);
    return (1 - expertFraction) / std::max(1, tensor) + expertFraction / expertRanks;
}

double mtpParametersPerGpu(
    const ParameterCounts& c, int mtpLayers, int tensor, int pipeline, int expert, int expertTensor)
{
    if (mtpLayers <= 0)
        return 0.0;
    const double routed = std::clamp(positiveOrZero(c.mtpRoutedPerModule), 0.0, positiveOrZero(c.mtpPerModule));
    const double dense = positiveOrZero(c.mtpPerModule) - routed;
    const double t = std::max(1, tensor);
    const double expertRanks = double(std::max(1, expert)) * std::max(1, expertTensor);
    const double embeddingCopy = std::max(1, pipeline) > 1 ? positiveOrZero(c.embedding) / t : 0.0;
    return mtpLayers * (dense / t + routed / expertRanks) + embeddingCopy;
}

} // namespace gp
