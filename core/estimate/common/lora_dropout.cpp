#include "estimate/common/lora_dropout.h"

#include "estimate/common/performance_defaults.h"
#include "transformer/lora_modules.h"

#include <algorithm>
#include <cmath>

namespace gp
{

double loraDropoutProbability(const Workload& workload, double catalogDefault)
{
    if (workload.technique != Technique::Lora && workload.technique != Technique::Qlora)
        return 0.0;
    const double p = workload.lora.dropout ? *workload.lora.dropout : catalogDefault;
    return std::isfinite(p) && p > 0 && p < 1 ? p : 0.0;
}

double loraDropoutProbability(const Workload& workload, const Catalog& catalog)
{
    if (workload.technique != Technique::Lora && workload.technique != Technique::Qlora)
        return 0.0;
    return loraDropoutProbability(workload,
        workload.lora.dropout ? *workload.lora.dropout : catalogDefault(catalog, kLoraDropoutDefaultKey, 0, 0.999));
}

LoraDropoutBytes loraDropoutBytesPerToken(const Architecture& architecture, const LoraSpec& lora, double probability,
    double elementBytes, bool sharedQkvDropout)
{
    LoraDropoutBytes b;
    if (!(probability > 0 && probability < 1) || !(elementBytes > 0))
        return b;
    const bool pre = lora.dropoutPosition == LoraDropoutPosition::Pre;
    double elements = 0; // the dropouts' elements per token: each adapted module's input (pre) or output (post)
    double sharedQkv = 0; // one dropout over the block's input for the query, key and value adapters together
    for (const AdaptedMatrix& m : loraTargets(architecture, lora.targetModules).matrices) {
        if (sharedQkvDropout && pre && m.qkvInput)
            sharedQkv = std::max(sharedQkv, m.activeCount * m.in);
        else
            elements += m.activeCount * (pre ? m.in : m.out);
    }
    elements += sharedQkv;
    // Kept: the mask, and before lora_A its dropped input. Moved: input read, output and mask written forward; the
    // output's gradient and the mask read, the input's gradient written backward.
    b.stored = elements * (kDropoutMaskBytes + (pre ? elementBytes : 0.0));
    b.forward = elements * (2 * elementBytes + kDropoutMaskBytes);
    b.backward = elements * (2 * elementBytes + kDropoutMaskBytes);
    return b;
}

} // namespace gp
