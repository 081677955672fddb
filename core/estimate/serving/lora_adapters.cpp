// Sources (resources/catalog/defaults-serving-lora.json): vLLM LoRAConfig and create_lora_weights for the slots and
// defaults, SGLang ServerArgs for its batch's adapters, Megatron-LM PR #6453 for a small kernel's floor under CUDA
// graphs. The slot of a module on one GPU follows vLLM's tensor-parallel layout: the side of hidden_size whole (the A
// of a column-parallel layer, the B of a row-parallel one), the other side its shard.
#include "estimate/serving/lora_adapters.h"

#include "plan/limits.h"
#include "plan/precision.h"
#include "transformer/layers.h"
#include "transformer/lora_modules.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

// One matrix's A and B at rank 1 on one GPU of `t` (vLLM's fully_sharded_loras off).
double loraMatrixShare(const AdaptedMatrix& m, double hidden, double t)
{
    if (m.in == hidden)
        return m.in + m.out / t; // column-parallel: A whole, B sharded
    if (m.out == hidden)
        return m.in / t + m.out; // row-parallel: A sharded, B whole
    return (m.in + m.out) / t;
}

struct LoraMatrixSums {
    double all = 0; // every matrix the model holds
    double active = 0; // what one token passes through (MoE: its experts)
    double activeActivations = 0; // input + 2 x output of the matrices one token passes through, on one GPU
};

// One matrix's activations on one GPU of `t` as the kernels move them: the shrink reads the input, the expand reads
// and writes the output (add_inputs); the column-parallel layer's input is whole and its output a shard, the
// row-parallel layer's the other way round.
double loraActivationShare(const AdaptedMatrix& m, double hidden, double t)
{
    if (m.in == hidden)
        return m.in + 2 * m.out / t;
    if (m.out == hidden)
        return m.in / t + 2 * m.out;
    return (m.in + 2 * m.out) / t;
}

LoraMatrixSums loraMatrixSums(const Architecture& a, const std::vector<std::string>& targets, double t)
{
    LoraMatrixSums s;
    const double hidden = double(a.hiddenSize);
    for (const AdaptedMatrix& m : loraTargets(a, targets).matrices) {
        const double share = loraMatrixShare(m, hidden, t);
        s.all += m.count * share;
        s.active += m.activeCount * share;
        s.activeActivations += m.activeCount * loraActivationShare(m, hidden, t);
    }
    return s;
}

} // namespace

LoraDefaults loraDefaults(const Catalog& catalog)
{
    LoraDefaults d;
    d.vllmMaxLoras = int(catalogDefault(catalog, "serving.lora.vllm.max_loras", 1, limits::kMaxServedAdapters));
    d.sglangMaxLoras = int(catalogDefault(catalog, "serving.lora.sglang.max_loras", 1, limits::kMaxServedAdapters));
    d.kernelLatencySeconds = catalogDefault(catalog, "serving.lora.kernel_latency_us", 0, 1e6) * 1e-6;
    return d;
}

LoraSettings loraSettings(const ServingLora& plan, ServingEngineKind engine, const LoraDefaults& d)
{
    LoraSettings s;
    if (plan.adapters <= 0)
        return s;
    s.adapters = plan.adapters;
    s.rank = std::clamp(plan.rank, 1, int(limits::kMaxLoraRank));
    s.targets = plan.targets;
    // TensorRT-LLM plans take vLLM's default (the catalog note says why).
    s.maxLoras = plan.maxLoras.value_or(engine == ServingEngineKind::Sglang ? d.sglangMaxLoras : d.vllmMaxLoras);
    s.maxCpuLoras = std::max(s.maxLoras, plan.maxCpuLoras.value_or(s.maxLoras));
    s.kernelLatencySeconds = d.kernelLatencySeconds;
    return s;
}

const std::vector<std::string>& loraDefaultKeys()
{
    static const std::vector<std::string> keys
        = { "serving.lora.vllm.max_loras", "serving.lora.sglang.max_loras", "serving.lora.kernel_latency_us" };
    return keys;
}

std::vector<std::string> loraTargetModules(LoraTargetSet targets)
{
    switch (targets) {
    case LoraTargetSet::QueryValue:
        return { "q_proj", "v_proj" };
    case LoraTargetSet::Attention:
        return { "q_proj", "k_proj", "v_proj", "o_proj" };
    case LoraTargetSet::AllLinear:
        return { "all-linear" };
    }
    return {};
}

LoraFootprint loraFootprint(
    const Architecture& a, const LoraSettings& lora, int tensorParallel, double stageShare, double elementBytes)
{
    LoraFootprint f;
    if (!lora.on())
        return f;
    const double t = std::max(1, tensorParallel);
    const double rank = lora.rank;
    // vLLM wraps every supported linear layer (all-linear), each with max_loras slots at max_lora_rank.
    const LoraMatrixSums wrapped = loraMatrixSums(a, { "all-linear" }, t);
    f.slotParameters = rank * wrapped.all * stageShare;
    f.slotActiveParameters = rank * wrapped.active * stageShare;
    f.activationElementsPerToken = wrapped.activeActivations * stageShare;
    f.gpuBytes = lora.maxLoras * f.slotParameters * elementBytes;
    const std::vector<std::string> targets = loraTargetModules(lora.targets);
    f.adapterBytes = rank * loraMatrixSums(a, targets, t).all * stageShare * elementBytes;
    f.adapterFileBytes
        = loraParameters(a, LoraSpec { lora.rank, targets, std::nullopt, LoraDropoutPosition::Pre }) * elementBytes;
    f.hostBytes = lora.maxCpuLoras * f.adapterFileBytes;
    // Wrapped modules per layer as vLLM packs them: qkv_proj and o_proj, gate_up_proj and down_proj; two kernels each.
    f.kernelsPerStep = 2 * 2 * (attentionLayers(a) + mlpLayers(a)) * stageShare;
    return f;
}

double loraElementBytes()
{
    return bytesPerElement(KvPrecision::Bf16);
}

double expectedDistinctAdapters(double adapters, double requests)
{
    if (!(adapters >= 1) || !(requests > 0))
        return 0.0;
    if (adapters == 1)
        return 1.0;
    return adapters * (1 - std::pow(1 - 1 / adapters, requests));
}

double requestsFillingSlots(double adapters, double slotCount)
{
    if (!(slotCount < adapters))
        return INFINITY;
    return std::log(1 - slotCount / adapters) / std::log(1 - 1 / adapters);
}

double adapterMissShare(const LoraSettings& lora)
{
    if (!lora.on() || lora.maxLoras >= lora.adapters)
        return 0.0;
    return 1 - double(lora.maxLoras) / lora.adapters;
}

LoraStepCost loraStepCost(const LoraSettings& lora, const LoraFootprint& f, double hbm, double flops, double pcie,
    double promptTokensPerRequest)
{
    LoraStepCost c;
    if (!lora.on())
        return c;
    c.on = true;
    c.adapters = lora.adapters;
    c.gpuSlots = lora.maxLoras;
    c.fixedSeconds = f.kernelsPerStep * lora.kernelLatencySeconds;
    const double slotBytes = lora.maxLoras > 0 ? f.gpuBytes / lora.maxLoras : 0.0;
    c.slotReadSeconds = hbm > 0 ? slotBytes / hbm : INFINITY;
    // Shrink and expand: 2 FLOPs per parameter of the slot a token passes through (its MoE experts only), or the
    // token's activations through them in the model's 16-bit dtype, whichever takes longer.
    const double flopSeconds = flops > 0 ? 2 * f.slotActiveParameters / flops : INFINITY;
    const double activationSeconds = hbm > 0 ? f.activationElementsPerToken * loraElementBytes() / hbm : INFINITY;
    c.secondsPerToken = std::max(flopSeconds, activationSeconds);
    c.missShare = adapterMissShare(lora);
    c.loadSeconds = pcie > 0 ? f.adapterBytes / pcie : INFINITY;
    c.promptTokensPerRequest = std::max(1.0, promptTokensPerRequest);
    return c;
}

double LoraStepCost::seconds(double decodeRequests, double decodeTokens, double prefillTokens) const
{
    if (!on)
        return 0.0;
    const double nd = std::max(0.0, decodeRequests);
    const double np = std::max(0.0, prefillTokens);
    const double prefilling = np > 0 ? std::max(1.0, np / promptTokensPerRequest) : 0.0;
    const double distinct = std::min(gpuSlots, expectedDistinctAdapters(adapters, nd + prefilling));
    const double loads = missShare > 0 ? np / promptTokensPerRequest * missShare * loadSeconds : 0.0;
    return fixedSeconds + distinct * slotReadSeconds + (std::max(0.0, decodeTokens) + np) * secondsPerToken + loads;
}

} // namespace gp
