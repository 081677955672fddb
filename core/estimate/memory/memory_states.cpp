// Model states (weights, gradients, optimizer) per GPU, weight storage formats and the KV cache.
#include "estimate/memory/memory_internal.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {

// QLoRA (Dettmers et al. 2023, arXiv 2305.14314, Sec. 3): NF4 with block size 64 and double quantization
// stores 8-bit constants per 64 weights plus fp32 second-level constants per 256 blocks:
// 8/64 + 32/(64*256) = 0.127 bit per parameter.
constexpr double kNf4BytesPerParameter = 0.5 + (8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;
// GPTQ/AWQ int4 with group size 128: a 16-bit scale and a packed 4-bit zero point per group.
constexpr double kInt4BytesPerParameter = 0.5 + (2.0 + 0.5) / 128.0;
// LLM.int8() (Dettmers et al. 2022): int8 weights with one fp32 absmax constant per output row; counted
// per parameter for a square-ish matrix of width ~4096 (the row constant is ~0.1% of the weights).
constexpr double kInt8BytesPerParameter = 1.0 + 4.0 / 4096.0;
// FP8 per-tensor scaled weights (vLLM/TensorRT-LLM): one byte plus a scalar per tensor.
constexpr double kFp8BytesPerParameter = 1.0;

} // namespace

double bytesPerElement(Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
    case Precision::Tf32:
        return 4;
    case Precision::Fp16:
    case Precision::Bf16:
    case Precision::Fp8: // FP8 training keeps bf16 weights and activations outside the GEMMs (Transformer Engine)
        return 2;
    }
    return 2;
}

double bytesPerElement(KvPrecision precision)
{
    switch (precision) {
    case KvPrecision::Fp32:
        return 4;
    case KvPrecision::Fp16:
    case KvPrecision::Bf16:
        return 2;
    case KvPrecision::Fp8:
    case KvPrecision::Int8:
        return 1;
    case KvPrecision::Int4:
        return 0.5 + 2.0 / 64.0; // 4-bit values with a 16-bit scale per group of 64
    }
    return 2;
}

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
    const double total = model.parameters.total;
    const double linear = std::clamp(model.parameters.blockLinear, 0.0, total);
    const double rest = total - linear;
    const double computeBytes = bytesPerElement(compute);
    switch (format) {
    case WeightFormat::Same:
        return total * computeBytes;
    case WeightFormat::Fp8:
        return linear * kFp8BytesPerParameter + rest * computeBytes;
    case WeightFormat::Int8:
        return linear * kInt8BytesPerParameter + rest * computeBytes;
    case WeightFormat::Int4:
        return linear * kInt4BytesPerParameter + rest * computeBytes;
    case WeightFormat::Nf4:
        return linear * kNf4BytesPerParameter + rest * computeBytes;
    }
    return total * computeBytes;
}

double kvCacheBytesPerToken(const Architecture& arch, KvPrecision precision, int tensorParallel)
{
    if (arch.kind == ModelKind::Encoder)
        return 0;
    // 2 (K and V) x layers x KV heads x head size x bytes (vLLM paper, Kwon et al. 2023, Sec. 3).
    // Tensor parallelism splits KV heads; with fewer KV heads than ranks each rank keeps one copy.
    const double t = memory_detail::positive(double(tensorParallel));
    const double heads = std::max(1.0, std::ceil(double(arch.kvHeads()) / t));
    const double layers = double(arch.kind == ModelKind::EncoderDecoder && arch.numDecoderLayers > 0
                                     ? arch.numDecoderLayers
                                     : arch.numLayers);
    return 2.0 * layers * heads * double(arch.headDimension()) * bytesPerElement(precision);
}

} // namespace gp
