// llama-server's KV cache: --ctx-size cells allocated at start (llamacpp_engine.h has the sources).
#include "estimate/serving/llamacpp_engine.h"

#include "estimate/serving/engine_memory.h"
#include "plan/plan.h"
#include "plan/precision.h"
#include "transformer/model_library.h"

#include <algorithm>

namespace gp
{

void llamaCppCache(EngineMemory& m, std::int64_t contextTokens)
{
    const double cache = double(std::max<std::int64_t>(contextTokens, 0)) * m.kvBytesPerToken;
    const double free = m.visibleBytes - m.weightBytes - m.activationPeakBytes - m.nonTorchBytes;
    m.kvBudgetBytes = cache <= free ? cache : std::min(-1.0, free - cache);
    m.engineBytes = m.weightBytes + m.activationPeakBytes + m.nonTorchBytes + cache;
}

double llamaCppHeadBytesPerWeight(const ResolvedModel& model, const Workload& w)
{
    // ggml-common.h: block_q8_0 holds 32 weights in 34 bytes, block_q6_K 256 weights in 210 bytes (QK_K 256).
    constexpr double q8Bytes = 34.0 / 32, q6kBytes = 210.0 / 256;
    const std::int64_t row = model.architecture.hiddenSize;
    switch (w.weightFormat) {
    case WeightFormat::Int8:
        return q8Bytes;
    case WeightFormat::Int4:
    case WeightFormat::Nf4:
        return row > 0 && row % 256 == 0 ? q6kBytes : q8Bytes;
    case WeightFormat::Mxfp4:
        return q8Bytes; // LLAMA_FTYPE_MOSTLY_MXFP4_MOE: the experts MXFP4, every other tensor Q8_0
    case WeightFormat::Same:
    case WeightFormat::Fp8:
    case WeightFormat::Fp8Block:
        break; // no llama.cpp type: the head at the compute precision
    }
    return 0.0;
}

double llamaCppHeadSavingBytesPerGpu(const ResolvedModel& model, const Workload& w, int tensor, int pipeline)
{
    const double headBytes = llamaCppHeadBytesPerWeight(model, w);
    if (!(headBytes > 0) || pipeline > 1)
        return 0.0;
    const Architecture& arch = model.architecture;
    // The untied head, or the embedding table a tied head reads (quantized alike: llama-quant.cpp treats a tied
    // token_embd as the output).
    const double head = model.parameters.outputHead > 0
        ? model.parameters.outputHead
        : (arch.tieWordEmbeddings
                ? double(std::max<std::int64_t>(arch.hiddenSize, 0)) * double(std::max<std::int64_t>(arch.vocabSize, 0))
                : 0.0);
    return head * std::max(0.0, bytesPerElement(w.precision) - headBytes) / std::max(1, tensor);
}

} // namespace gp
