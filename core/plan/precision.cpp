// Element sizes of precisions and storage formats, each with the layout it comes from.
#include "plan/precision.h"
#include "plan/kv_layouts.h"

#include <algorithm>

namespace gp
{

namespace
{

// llama.cpp Q4_0 (ggml/src/ggml-common.h block_q4_0): 32 4-bit weights + one fp16 scale = 18 bytes,
// 4.5 bits per weight; gpt-fast's int4 group-32 kernels, which the decode efficiency was measured with,
// store the same order. A checkpoint's own group size is the plan's workload.weight_bits (groupQuantizedBits: GPTQ and
// AWQ at group 128 store 4.156, compressed-tensors symmetric 4.125).
constexpr double kInt4BytesPerWeight = 18.0 / 32.0;
// QLoRA (Dettmers et al. 2023, arXiv 2305.14314, Sec. 3): NF4 with block size 64 and double quantization
// stores 8-bit constants per 64 weights plus fp32 second-level constants per 256 blocks:
// 4 + 8/64 + 32/(64*256) = 4.127 bits per weight.
constexpr double kNf4BytesPerWeight = (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;
// LLM.int8() (Dettmers et al. 2022, arXiv 2208.07339): int8 weights with one fp32 absmax constant per output
// row; counted per weight for a matrix of width ~4096 (the row constant is ~0.1% of the weights).
constexpr double kInt8BytesPerWeight = 1.0 + 4.0 / 4096.0;
// FP8 per-tensor scaled weights (vLLM/TensorRT-LLM): one byte plus a scalar per tensor.
constexpr double kFp8BytesPerWeight = 1.0;
// MXFP4 (OCP Microscaling Formats v1.0, 2023): blocks of 32 FP4 (E2M1) values sharing one 8-bit E8M0 scale,
// 4 + 8/32 = 4.25 bits per weight; GPT-OSS ships its experts so (gpt-oss model card, OpenAI 2025, Sec. 2).
constexpr double kMxfp4BytesPerWeight = (4.0 + 8.0 / 32.0) / 8.0;
// Block-scaled FP8 (DeepSeek-V3 report, arXiv 2412.19437, Sec. 3.3.2): e4m3 weights with one fp32 scale per
// 128 x 128 block.
constexpr double kFp8BlockBytesPerWeight = 1.0 + 4.0 / (128.0 * 128.0);
} // namespace

double bytesPerElement(Precision precision)
{
    switch (precision) {
    case Precision::Fp32:
    case Precision::Tf32:
        return 4;
    case Precision::Fp16:
    case Precision::Bf16:
    case Precision::Fp8:
        return 2;
    }
    return 2;
}

double bytesPerElement(KvPrecision precision)
{
    return kvCacheLayout(precision).valueBytes;
}

WeightFormat frozenWeightFormat(const Workload& workload)
{
    if (workload.technique == Technique::Qlora && workload.weightFormat == WeightFormat::Same)
        return WeightFormat::Nf4;
    return workload.weightFormat;
}

// Sources: NVIDIA/Megatron-LM@307dcf37f03d44da131ba21999278abe4112d2ad megatron/training/arguments.py (bf16:
// accumulate_allreduce_grads_in_fp32 = True unless --grad-reduce-in-bf16; fp16 keeps it off) and
// megatron/core/distributed/distributed_data_parallel.py (grad buffer dtype torch.float if grad_reduce_in_fp32 else
// param.dtype); pytorch/torchtitan@6404b932 torchtitan/config/job_config.py (mixed_precision_reduce = "float32", the
// FSDP2 MixedPrecisionPolicy's reduce_dtype); DeepSpeed config-json docs (communication_data_type: unset, gradients
// are averaged in the model's dtype), https://www.deepspeed.ai/docs/config-json/ (2026-12-06).
double gradientReduceBytes(const Workload& workload, int zeroStage)
{
    const double compute = bytesPerElement(workload.precision);
    switch (workload.gradientPrecision) {
    case GradientPrecision::Fp32:
        return 4;
    case GradientPrecision::Bf16:
        return std::min(compute, 2.0);
    case GradientPrecision::Auto:
        break;
    }
    const bool mixedWithMaster = compute < 4 && workload.masterWeights;
    if (workload.framework == TrainingStack::Megatron && mixedWithMaster && workload.precision != Precision::Fp16)
        return 4;
    if (workload.framework == TrainingStack::Torchtitan && mixedWithMaster && zeroStage >= 3)
        return 4;
    return compute;
}

double masterWeightBytes(const Workload& workload)
{
    if (bytesPerElement(workload.precision) >= 4 || !workload.masterWeights)
        return 0;
    return workload.masterWeightsPrecision == MasterWeightsPrecision::Fp32 ? 4.0 : 2.0;
}

double bytesPerWeight(WeightFormat format, Precision compute)
{
    switch (format) {
    case WeightFormat::Same:
        break;
    case WeightFormat::Fp8:
        return kFp8BytesPerWeight;
    case WeightFormat::Int8:
        return kInt8BytesPerWeight;
    case WeightFormat::Int4:
        return kInt4BytesPerWeight;
    case WeightFormat::Nf4:
        return kNf4BytesPerWeight;
    case WeightFormat::Mxfp4:
        return kMxfp4BytesPerWeight;
    case WeightFormat::Fp8Block:
        return kFp8BlockBytesPerWeight;
    }
    return bytesPerElement(compute);
}

double storedBytesPerWeight(const Workload& workload, WeightFormat format)
{
    if (format != WeightFormat::Same && workload.weightBits && *workload.weightBits > 0)
        return *workload.weightBits / 8.0;
    return bytesPerWeight(format, workload.precision);
}

// The layouts, per weight matrix of K inputs and N outputs (group g along K):
// - AutoGPTQ (AutoGPTQ/AutoGPTQ@7c691ed3 auto_gptq/nn_modules/qlinear/qlinear_cuda.py QuantLinear): qweight int32
//   [K/32*bits, N], qzeros int32 [K/g, N/32*bits] (registered whatever `sym` is), scales fp16 [K/g, N], g_idx int32
//   [K] (32/N bits per weight, left out);
// - AutoAWQ (casper-hansen/AutoAWQ@d9dc8e56 awq/modules/linear/gemm.py WQLinear_GEMM): qweight int32 [K, N/8],
//   qzeros int32 [K/g, N/8], scales fp16 [K/g, N];
// - compressed-tensors pack-quantized (neuralmagic/compressed-tensors@0199c6e7
//   compressors/quantized_compressors/pack_quantized.py): weight_packed int32 [N, K/(32/bits)], weight_scale in the
//   model's 16-bit dtype per group, weight_zero_point packed only when not `symmetric`.
double groupQuantizedBits(int bits, double groupSize, int scaleBits, bool zeroPoint)
{
    const double g = std::max(1.0, groupSize);
    return double(bits) + double(scaleBits) / g + (zeroPoint ? double(bits) / g : 0.0);
}

} // namespace gp
