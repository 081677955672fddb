// Speculative decoding as vLLM V1 runs it (vllm/v1/spec_decode/eagle.py: the proposer drafts num_speculative_tokens
// tokens per request, one draft forward each; the scheduler puts each request's drafts in the next step beside its
// last token, so they take budget and the target verifies them in the same forward). The expected tokens per step
// are Leviathan et al.'s eq. 1; the cost of a step is step_time.h's with the verified tokens and the draft forwards.
#include "estimate/serving/speculative_decoding.h"

#include "estimate/common/performance_defaults.h"
#include "estimate/serving/step_time.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace gp
{

namespace
{

std::string speculativeKey(SpeculativeMethod method, std::string_view figure)
{
    return "serving.speculative." + std::string(toString(method)) + "." + std::string(figure);
}

// Time per output token of a decode-only step of `batch` requests, with or without speculation.
double decodeSecondsPerToken(const ReplicaSteps& steps, double batch, bool speculate)
{
    return speculate ? steps.stepSeconds(batch, 0.0) / steps.tokensPerDecodeStep() : steps.plainStepSeconds(batch, 0.0);
}

} // namespace

SpeculativeMethodDefaults speculativeMethodDefaults(const Catalog& catalog, SpeculativeMethod method)
{
    SpeculativeMethodDefaults d;
    if (method == SpeculativeMethod::None)
        return d;
    d.acceptanceRate = catalogDefault(catalog, speculativeKey(method, "acceptance_rate"), 0, 1);
    d.draftTokens = int(catalogDefault(catalog, speculativeKey(method, "draft_tokens"), 1, limits::kMaxDraftTokens));
    d.draftLayers = catalogDefault(catalog, speculativeKey(method, "draft_layers"), 0, 1e3);
    d.projectionInputs = catalogDefault(catalog, speculativeKey(method, "projection_inputs"), 0, 16);
    return d;
}

SpeculativeSettings speculativeSettings(const ServingSpeculative& plan, const SpeculativeMethodDefaults& d)
{
    SpeculativeSettings s;
    s.method = plan.method;
    if (plan.method == SpeculativeMethod::None)
        return s;
    s.draftTokens = std::clamp(plan.draftTokens.value_or(d.draftTokens), 0, limits::kMaxDraftTokens);
    s.acceptanceRate = std::clamp(plan.acceptanceRate.value_or(d.acceptanceRate), 0.0, 1.0);
    s.draftLayers = d.draftLayers;
    s.projectionInputs = d.projectionInputs;
    return s;
}

double expectedTokensPerStep(double acceptanceRate, int draftTokens)
{
    const int k = std::max(0, draftTokens);
    const double a = std::clamp(acceptanceRate, 0.0, 1.0);
    if (a >= 1.0 - 1e-12)
        return k + 1.0;
    return std::min(k + 1.0, (1.0 - std::pow(a, k + 1)) / (1.0 - a));
}

SpeculativePayoff speculativePayoff(const ReplicaSteps& steps, int capacity, double batch)
{
    SpeculativePayoff p;
    if (!steps.speculative().on())
        return p;
    p.tokensPerStep = steps.tokensPerDecodeStep();
    const auto speedup = [&](double b) {
        const double with = decodeSecondsPerToken(steps, b, true);
        return with > 0 ? decodeSecondsPerToken(steps, b, false) / with : 0.0;
    };
    p.speedupAtOne = speedup(1);
    p.speedupAt = speedup(std::max(1.0, batch));
    // The speed-up falls with the batch (the verified tokens' FLOPs grow k + 1 times as fast as the accepted ones'):
    // the last batch where it is above 1, by bisection over whole batches.
    const int cap = std::max(1, capacity);
    if (!(p.speedupAtOne > 1))
        p.paysUpTo = 0;
    else if (speedup(cap) > 1)
        p.paysUpTo = cap;
    else {
        int lo = 1, hi = cap; // lo pays, hi does not
        while (hi - lo > 1) {
            const int mid = lo + (hi - lo) / 2;
            (speedup(mid) > 1 ? lo : hi) = mid;
        }
        p.paysUpTo = lo;
    }
    return p;
}

const std::vector<std::string>& speculativeDefaultKeys()
{
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> out;
        for (const auto& [name, method] : detail::kSpeculativeMethods) {
            if (method == SpeculativeMethod::None)
                continue;
            for (const char* figure : { "acceptance_rate", "draft_tokens", "draft_layers", "projection_inputs" })
                out.push_back(speculativeKey(method, figure));
        }
        return out;
    }();
    return keys;
}

} // namespace gp
