#include "estimate/common/litgpt_stack.h"

#include "plan/precision.h"
#include "transformer/attention.h"
#include "transformer/layers.h"
#include "transformer/lora_modules.h"

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

LitgptFsdpShape litgptFsdpShape(const ResolvedModel& model, const Workload& w, const Configuration& config)
{
    LitgptFsdpShape f;
    const Architecture& arch = model.architecture;
    const ParameterCounts& c = model.parameters;
    const int shardRanks = std::max(1, config.data) * std::max(1, config.context);
    const bool lora = w.technique == Technique::Lora || w.technique == Technique::Qlora;
    if (w.framework != TrainingStack::Litgpt || shardRanks <= 1 || std::max(1, config.tensor) > 1
        || std::max(1, config.pipeline) > 1 || std::max(1, config.expert) > 1 || w.technique == Technique::Freeze
        || frozenWeightFormat(w) != WeightFormat::Same || arch.kind == ModelKind::EncoderDecoder
        || w.objective == TrainingObjective::Classification)
        return f;
    // The model as trained (trainingMemoryBasis's count): an encoder's masked-LM head, LitGPT's own output layer.
    const double untiedHead = litgptUntiedHeadParameters(arch, w);
    double total = c.total + untiedHead;
    if (arch.kind == ModelKind::Encoder)
        total += 2 * double(arch.hiddenSize) + double(arch.vocabSize);
    const double head = c.outputHead + untiedHead;
    const double body = std::max(0.0, total - c.embedding - head);
    f.rootParameters = std::max(0.0, total - body);
    f.blockParameters = std::max(0.0, c.perLayer);
    if (!lora) {
        f.gradientUnitParameters = parametersPerGpu(arch, c, total, head, 1, 1, 1, trainingExpertTensor(1, 1));
        f.rootTakesGradient = true;
        return f;
    }
    // Adapters inside the Blocks make every Block's flat parameter take a gradient; one on the output layer
    // (lora_head, peft's "lm_head") the root's too.
    LoraSpec headOnly = w.lora;
    std::erase_if(headOnly.targetModules, [](const std::string& name) {
        const std::size_t dot = name.rfind('.');
        return (dot == std::string::npos ? name : name.substr(dot + 1)) != "lm_head";
    });
    const double headAdapters = headOnly.targetModules.empty() ? 0.0 : loraParameters(arch, headOnly);
    const double blockAdapters = std::max(0.0, loraParameters(arch, w.lora) - headAdapters);
    f.frozenBlocksTakeGradient = blockAdapters > 0;
    f.frozenRootTakesGradient = headAdapters > 0;
    f.rootTakesGradient = f.frozenRootTakesGradient;
    f.gradientUnitParameters = (f.frozenBlocksTakeGradient ? body + blockAdapters : 0.0)
        + (f.frozenRootTakesGradient ? f.rootParameters + headAdapters : 0.0);
    return f;
}

bool litgptFsdpShards(const LitgptFsdpShape& shape, const Configuration& config)
{
    return shape.blockParameters > 0 && config.zeroStage >= 3 && config.offload == Offload::None;
}

LitgptFrozenWeightGradients litgptFrozenWeightGradientFlops(const LitgptFsdpShape& shape, const ForwardFlops& forward)
{
    LitgptFrozenWeightGradients g;
    if (shape.frozenBlocksTakeGradient) {
        g.matmul = std::max(0.0, forward.matmul);
        g.mlp = std::clamp(forward.mlp, 0.0, g.matmul);
        g.experts = std::clamp(forward.experts, 0.0, g.matmul);
    }
    if (shape.frozenRootTakesGradient)
        g.head = std::max(0.0, forward.head);
    return g;
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

double litgptPreviousQuantizedInputsBytes(const Architecture& architecture, const Workload& workload,
    const Configuration& config, double tokens, double computeBytes)
{
    if (workload.framework != TrainingStack::Litgpt || workload.technique != Technique::Qlora
        || frozenWeightFormat(workload) != WeightFormat::Nf4 || config.checkpointing != Checkpointing::None
        || architecture.numExperts > 1 || !(tokens > 0))
        return 0.0;
    const AttentionShape at = attentionShape(architecture);
    const double h = double(std::max<long long>(0, architecture.hiddenSize));
    const double normOutputs = architecture.sharedAttentionNorm ? 1.0 : 2.0; // one tensor feeds QKV and fc
    const double perBlock
        = normOutputs * h + at.heads * at.vHeadDim + double(std::max<long long>(0, architecture.intermediateSize));
    const double blocks = double(std::max<long long>(0, architecture.numLayers));
    return (blocks * perBlock + h) * tokens * std::max(0.0, computeBytes);
}

double litgptHeadDequantizedBytes(const Architecture& architecture, const Workload& workload, double computeBytes)
{
    if (workload.framework != TrainingStack::Litgpt || workload.technique != Technique::Qlora
        || frozenWeightFormat(workload) != WeightFormat::Nf4 || architecture.kind != ModelKind::Decoder
        || workload.objective == TrainingObjective::Classification)
        return 0.0;
    const double weight = double(std::max<long long>(0, architecture.hiddenSize))
        * double(std::max<long long>(0, architecture.vocabSize));
    const double quantStateBytes = bytesPerElement(Precision::Fp16);
    const double castBytes = workload.precision == Precision::Fp16 ? 0.0 : std::max(0.0, computeBytes);
    return weight * (quantStateBytes + castBytes);
}

LitgptQuantizedHeadPeak litgptQuantizedHeadPeak(
    double previousInputs, double dequantizedHead, double logits, double sliceLogits, double loss)
{
    LitgptQuantizedHeadPeak p;
    const double head = std::max(0.0, dequantizedHead);
    const double all = std::max(0.0, logits);
    // The previous micro-batch's logits too: the loop's `logits` is rebound only when this forward returns.
    const double forwardEnd
        = std::max(0.0, previousInputs) + all + std::max(0.0, all - std::max(0.0, sliceLogits)) + head;
    const double headBackward = 2 * all + head;
    const double later = std::max({ headBackward, std::max(0.0, loss) });
    p.previousInputs = std::max(0.0, forwardEnd - later);
    p.beyondLoss = later - std::max(0.0, loss);
    return p;
}

} // namespace gp
