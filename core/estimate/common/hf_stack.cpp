#include "estimate/common/hf_stack.h"

#include "plan/precision.h"

namespace gp
{

namespace
{

constexpr double kFp32Bytes = 4.0;

} // namespace

bool hfQloraFp32Norms(const Workload& workload)
{
    return workload.framework == TrainingStack::Hf && workload.technique == Technique::Qlora
        && frozenWeightFormat(workload) == WeightFormat::Nf4 && workload.precision == Precision::Bf16;
}

double hfLayerInputBytes(const Workload& workload, double computeBytes, double layers)
{
    if (!hfQloraFp32Norms(workload) || !(layers >= 1))
        return computeBytes;
    return (computeBytes + (layers - 1) * kFp32Bytes) / layers;
}

double hfMlpIntermediateBytes(const Workload& workload)
{
    return hfQloraFp32Norms(workload) ? kFp32Bytes : 0.0;
}

} // namespace gp
