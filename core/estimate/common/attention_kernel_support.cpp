#include "estimate/common/attention_kernel_support.h"

#include "estimate/common/performance_defaults.h"

#include <cmath>

namespace gp
{

bool attentionKernelRuns(const Catalog& catalog, std::string_view architecture, std::string_view kernel)
{
    if (architecture.empty())
        return true;
    std::string key = "attention_kernel.runs.";
    key.append(architecture).append(".").append(kernel);
    const double runs = catalogDefault(catalog, key, 0.0, 1.0);
    return !std::isfinite(runs) || runs >= 0.5;
}

std::string attentionKernelSubstitute(const Catalog& catalog, std::string_view architecture, AttentionKernel kernel)
{
    if (attentionKernelRuns(catalog, architecture, toString(kernel)))
        return {};
    for (const std::string_view fallback :
        { toString(AttentionKernel::FlashAttention2), std::string_view("memory-efficient") })
        if (attentionKernelRuns(catalog, architecture, fallback))
            return std::string(fallback);
    return "math";
}

} // namespace gp
