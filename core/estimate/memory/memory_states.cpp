// Model states (weights, gradients, optimizer) per GPU, weight storage formats and the KV cache.
#include "estimate/memory/memory_internal.h"

#include "estimate/common/litgpt_stack.h"
#include "transformer/layers.h"

#include <algorithm>
#include <cmath>

namespace gp
{

double optimizerBytesPerParameter(Optimizer optimizer)
{
    switch (optimizer) {
    case Optimizer::AdamW:
        return 8; // fp32 first and second moments
    case Optimizer::AdamW8bit:
        return 2; // bitsandbytes block-wise 8-bit moments (Dettmers et al. 2021, arXiv 2110.02861)
    case Optimizer::Sgd:
        return 0;
    case Optimizer::SgdMomentum:
        return 4;
    case Optimizer::Lion:
        return 4; // one momentum (Chen et al. 2023, arXiv 2302.06675)
    case Optimizer::Adafactor:
        return 4; // upper bound; factored rows+cols are computed from the shapes where known
    }
    return 8;
}

bool bf16OptimizerStatesApply(Optimizer optimizer)
{
    return optimizer != Optimizer::AdamW8bit && optimizerBytesPerParameter(optimizer) > 0;
}

ModelStates modelStatesPerGpu(double parameters, const StateBytesPerParameter& b, int zeroStage, int dataParallel,
    Offload offload, double gatherBufferBytes)
{
    using memory_detail::positive;
    ModelStates m;
    const double p = std::max(0.0, std::isfinite(parameters) ? parameters : 0.0);
    const double n = positive(double(dataParallel));
    const int stage = std::clamp(zeroStage, 0, 3);
    const double optimizerShard = stage >= 1 ? 1.0 / n : 1.0;
    const double gradientShard = stage >= 2 ? 1.0 / n : 1.0;
    const double weightShard = stage >= 3 ? 1.0 / n : 1.0;
    m.weights = p * b.weights * weightShard;
    m.gradients = p * b.gradients * gradientShard;
    const double optimizer = p * (b.master + b.optimizer + b.fp32Gradients) * optimizerShard;
    if (offload == Offload::None) {
        m.optimizer = optimizer;
    } else {
        m.cpuBytes += optimizer;
    }
    if (offload == Offload::OptimizerAndParameters && stage >= 3) {
        m.cpuBytes += m.weights + m.gradients;
        m.weights = 0;
        m.gradients = 0;
    }
    if (stage >= 3)
        m.buffers = std::max(0.0, gatherBufferBytes);
    return m;
}

ModelStates deepSpeedModelStates(double parameters, double largestLayer, int zeroStage, int gpus, Offload offload)
{
    // deepspeed/runtime/zero/stage_1_and_2.py / stage3.py estimators (docs memory.rst):
    // ZeRO-2: 4P + 16P/N (no offload), 2P (optimizer offloaded); ZeRO-3: 4*largest + 18P/N, 4*largest + 2P/N
    // (optimizer offloaded), 4*largest (optimizer and parameters offloaded).
    StateBytesPerParameter b;
    b.weights = 2;
    b.gradients = 2;
    b.fp32Gradients = 4;
    b.master = 4;
    b.optimizer = 8;
    const double gather = 4.0 * std::max(0.0, largestLayer);
    if (zeroStage >= 3) {
        b.gradients = 0; // 16-bit gradients are reduce-scattered straight into the fp32 partition
        return modelStatesPerGpu(parameters, b, 3, gpus, offload, gather);
    }
    ModelStates m = modelStatesPerGpu(parameters, b, std::max(1, zeroStage), gpus, offload, 0);
    // The estimator keeps whole 16-bit gradients below ZeRO-3; with the optimizer offloaded they stream to
    // the host (ZeRO-Offload), leaving the 16-bit weights (2P).
    m.gradients = offload == Offload::None ? parameters * b.gradients : 0;
    return m;
}

double weightStorageBytes(const ResolvedModel& model, WeightFormat format, Precision compute)
{
    Workload w;
    w.precision = compute;
    return weightStorageBytes(model, w, format);
}

double quantizedScopeParameters(const ResolvedModel& model, const Workload& workload, WeightFormat format)
{
    const ParameterCounts& c = model.parameters;
    const bool bitsandbytes = format == WeightFormat::Nf4 || format == WeightFormat::Int8;
    // LitGPT's bitsandbytes plugin quantizes its output layer too, its own one for a tied model (litgpt_stack.h).
    const double head = workload.framework == TrainingStack::Litgpt && bitsandbytes
            && workload.objective != TrainingObjective::Classification
        ? std::max(0.0, c.outputHead) + litgptUntiedHeadParameters(model.architecture, workload)
        : 0.0;
    return formatScopeParameters(c, format) + head;
}

double weightStorageBytes(const ResolvedModel& model, const Workload& workload, WeightFormat format)
{
    const Precision compute = workload.precision;
    const double total = model.parameters.total + litgptUntiedHeadParameters(model.architecture, workload);
    const double linear = std::clamp(quantizedScopeParameters(model, workload, format), 0.0, total);
    return linear * storedBytesPerWeight(workload, format) + (total - linear) * bytesPerElement(compute);
}

} // namespace gp
