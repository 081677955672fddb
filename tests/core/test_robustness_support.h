// Helpers shared by the robustness tests: plans built in code, and checks that every figure is finite.
#pragma once

#include "estimate/common/results.h"
#include "plan/plan.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace gp::robustness
{

// A plan as JSON text: Llama-2-7B training on one Tencent GT4 (8 x A100 40GB); `edit` changes the document.
template <class Edit> std::string planText(Edit edit)
{
    nlohmann::json plan = { { "format", "gpu-planner-plan" }, { "version", 1 },
        { "model", { { "preset", "llama-2-7b" } } },
        { "workload",
            { { "mode", "training" }, { "sequence_length", 4096 },
                { "parallelism", { { "data", "auto" }, { "tensor", 1 }, { "pipeline", 1 }, { "zero_stage", 3 } } } } },
        { "candidates", { { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", 1 } } } },
        { "search", { { "enabled", true }, { "max_nodes", 4 } } } };
    edit(plan);
    return plan.dump();
}

// Every number in a JSON document is finite (nlohmann writes NaN and infinity as null, hiding them).
inline void expectFiniteJson(const nlohmann::json& value, const std::string& path = "")
{
    if (value.is_number_float()) {
        EXPECT_TRUE(std::isfinite(value.get<double>())) << path << " = " << value.get<double>();
    } else if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            expectFiniteJson(it.value(), path + "." + it.key());
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            expectFiniteJson(value[i], path + "[" + std::to_string(i) + "]");
    }
}

// Every figure of a result is finite and non-negative; the memory parts sum to the total.
inline void expectFiniteResult(const CandidateResult& r)
{
    SCOPED_TRACE(r.candidate);
    const MemoryBreakdown& m = r.memory;
    for (double v : { m.weights, m.gradients, m.optimizer, m.activations, m.logits, m.kvCache, m.buffers, m.allocator,
             m.runtime, m.total, m.cpuBytes, r.gpuMemory, r.usableMemory }) {
        EXPECT_TRUE(std::isfinite(v)) << v;
        EXPECT_GE(v, 0);
    }
    const double parts = m.weights + m.gradients + m.optimizer + m.activations + m.logits + m.kvCache + m.buffers
        + m.allocator + m.runtime;
    EXPECT_NEAR(parts, m.total, 1e-9 * std::max(1.0, m.total));
    const StepTime& s = r.step;
    for (double v : { s.compute, s.communication, s.offload, s.dataLoading, s.total, r.tokensPerSecond,
             r.modelFlopsUtilization, r.trainingHours, r.gpuHours, r.trainingFlops }) {
        EXPECT_TRUE(std::isfinite(v)) << v;
        EXPECT_GE(v, 0);
    }
    for (const auto* v : { &r.decodeTokensPerSecond, &r.prefillSeconds, &r.cost.pricePerHour, &r.cost.storage })
        if (*v) {
            EXPECT_TRUE(std::isfinite(**v)) << **v;
        }
    for (const BillingCost& mode : r.cost.modes) // every billing mode's total
        if (mode.total) {
            EXPECT_TRUE(std::isfinite(*mode.total)) << billingModeCode(mode.mode) << " " << *mode.total;
        }
    EXPECT_GE(r.modelFlopsUtilization, 0);
    EXPECT_LE(r.modelFlopsUtilization, 1);
}

// Parses a plan the test built; a parse failure fails the test and yields a default plan.
inline Plan mustParse(const std::string& text)
{
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.error().toString());
    return plan ? *plan : Plan {};
}

} // namespace gp::robustness
