#include "estimate/common/litgpt_stack.h"

#include <algorithm>

namespace gp
{

double litgptUntiedHeadParameters(const Architecture& architecture, const Workload& workload)
{
    if (workload.framework != TrainingStack::Litgpt || !architecture.tieWordEmbeddings
        || architecture.kind == ModelKind::Encoder || workload.objective == TrainingObjective::Classification)
        return 0.0;
    return double(std::max<long long>(0, architecture.hiddenSize))
        * double(std::max<long long>(0, architecture.vocabSize));
}

double litgptFsdpGradientBytes(
    const LitgptFsdpShape& shape, double gradientBytes, int shardRanks, int accumulationSteps)
{
    const double whole = std::max(0.0, shape.gradientUnitParameters) * std::max(0.0, gradientBytes);
    return accumulationSteps > 1 ? whole : whole / std::max(1, shardRanks);
}

double litgptRootGradientAssemblyBytes(const LitgptFsdpShape& shape, double gradientBytes)
{
    return shape.rootTakesGradient ? 2.0 * std::max(0.0, shape.rootParameters) * std::max(0.0, gradientBytes) : 0.0;
}

double litgptFsdpGatheredBytes(
    const LitgptFsdpShape& shape, double bytesPerParameter, int shardRanks, double inFlightUnits)
{
    const double n = std::max(1, shardRanks);
    const double root = std::max(0.0, shape.rootParameters) * (1.0 - 1.0 / n);
    const double blocks = std::max(0.0, inFlightUnits) * std::max(0.0, shape.blockParameters);
    return (root + blocks) * std::max(0.0, bytesPerParameter);
}

} // namespace gp
