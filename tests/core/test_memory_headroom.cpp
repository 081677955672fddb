// Memory headroom per GPU (memoryHeadroomBytes): training keeps usable minus needed; a serving engine's KV cache
// fills its gpu_memory_utilization share, so its headroom is the memory outside the share, never a rounding
// residue of the share minus itself ("-0 MiB").
#include "base/finite_number.h"
#include "catalog/catalog.h"
#include "estimate/common/memory_headroom.h"
#include "estimate/estimator.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "planner/scenario_comparison.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <string>

namespace gp
{
namespace
{

using gp::kGiB; // core/base/finite_number.h

std::string servingPlan(const std::string& model, const std::string& serving)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + model + R"("},
               "workload": {"mode": "serving", "precision": "bf16", "serving": )"
        + serving + R"(}, "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}],
               "search": {"enabled": false}})";
}

CandidateResult evaluate(const std::string& text)
{
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    auto estimate = estimatePlan(*plan, builtinCatalog());
    EXPECT_TRUE(estimate) << (estimate ? "" : estimate.error().toString());
    return estimate->results.front();
}

TEST(MemoryHeadroom, ServingIsTheMemoryOutsideTheEngineShare)
{
    const CandidateResult at90 = evaluate(servingPlan("llama-3.1-8b", R"({"prompt_tokens": 1000, "output_tokens": 200,
        "load": {"concurrency": 8}, "engine": {"gpu_memory_utilization": 0.9}, "replicas": 1})"));
    ASSERT_TRUE(at90.serving);
    ASSERT_TRUE(at90.fits);
    const ServingResult& s = *at90.serving;
    // The engine's parts fill its share exactly: the old figure, share minus parts, was a rounding residue.
    EXPECT_LT(std::fabs(at90.usableMemory - at90.memory.total), 1024.0 * 1024.0);
    // Hand calculation: the engine takes 0.9 of what CUDA reports, so 0.1 of it stays outside.
    EXPECT_NEAR(memoryHeadroomBytes(at90), 0.1 * s.visibleMemoryBytes, 1.0);
    EXPECT_GT(memoryHeadroomBytes(at90), 7 * kGiB); // an 80 GB H100: about 8 GiB, not "-0 MiB"

    const CandidateResult at80 = evaluate(servingPlan("llama-3.1-8b", R"({"prompt_tokens": 1000, "output_tokens": 200,
        "load": {"concurrency": 8}, "engine": {"gpu_memory_utilization": 0.8}, "replicas": 1})"));
    ASSERT_TRUE(at80.serving);
    EXPECT_NEAR(memoryHeadroomBytes(at80), 0.2 * at80.serving->visibleMemoryBytes, 1.0);
    // The memory given back comes out of the KV cache, not the weights.
    EXPECT_NEAR(
        memoryHeadroomBytes(at80) - memoryHeadroomBytes(at90), s.kvBudgetBytes - at80.serving->kvBudgetBytes, 1.0);
    EXPECT_LT(at80.serving->kvCacheTokens, s.kvCacheTokens);
}

TEST(MemoryHeadroom, ServingDoesNotDependOnTheLoad)
{
    // The cache is allocated at start-up whatever the traffic; the headroom cannot move with it.
    const CandidateResult light = evaluate(servingPlan("llama-3.1-8b", R"({"prompt_tokens": 1000, "output_tokens": 200,
        "load": {"concurrency": 1}, "replicas": 1})"));
    const CandidateResult heavy = evaluate(servingPlan("llama-3.1-8b", R"({"prompt_tokens": 1000, "output_tokens": 200,
        "load": {"concurrency": 64}, "replicas": 1})"));
    EXPECT_DOUBLE_EQ(memoryHeadroomBytes(light), memoryHeadroomBytes(heavy));
}

TEST(MemoryHeadroom, AnEngineThatCannotStartIsShortByItsKvBudget)
{
    // Llama 3.1 70B in bf16 (about 131 GiB of weights) on one 80 GB H100: no KV cache at all.
    const CandidateResult r = evaluate(servingPlan("llama-3.1-70b", R"({"prompt_tokens": 1000, "output_tokens": 200,
        "load": {"concurrency": 8}, "replicas": 1})"));
    ASSERT_TRUE(r.serving);
    EXPECT_FALSE(r.fits);
    const ServingResult& s = *r.serving;
    const double shortfall = s.engineMemoryBytes - s.weightBytes - s.activationPeakBytes - s.nonTorchBytes;
    EXPECT_LT(shortfall, -50 * kGiB);
    EXPECT_NEAR(memoryHeadroomBytes(r), shortfall, 1.0);
}

TEST(MemoryHeadroom, TrainingKeepsUsableMinusNeeded)
{
    CandidateResult r;
    r.usableMemory = 70 * kGiB;
    r.memory.total = 52.5 * kGiB;
    EXPECT_DOUBLE_EQ(memoryHeadroomBytes(r), 17.5 * kGiB);
    r.memory.total = 75 * kGiB;
    EXPECT_DOUBLE_EQ(memoryHeadroomBytes(r), -5 * kGiB);
}

TEST(MemoryHeadroom, EveryOutputCarriesTheOneFigure)
{
    const std::string text = servingPlan("llama-3.1-8b", R"({"prompt_tokens": 1000, "output_tokens": 200,
        "load": {"concurrency": 8}, "replicas": 1})");
    const CandidateResult r = evaluate(text);
    const double headroom = memoryHeadroomBytes(r);
    EXPECT_DOUBLE_EQ(candidateResultToJson(r).at("memory_headroom").get<double>(), headroom);
    // CSV: the memory_headroom_bytes column (found by its header name; later columns are appended after it).
    const std::string csv = resultsToCsv({ r });
    const std::string header = csv.substr(0, csv.find('\n'));
    EXPECT_NE(header.find(",memory_headroom_bytes"), std::string::npos);
    const std::size_t column = std::size_t(
        std::count(header.begin(), header.begin() + std::ptrdiff_t(header.find(",memory_headroom_bytes")) + 1, ','));
    std::string row = csv.substr(csv.find('\n') + 1);
    row = row.substr(0, row.find('\r'));
    std::size_t start = 0;
    for (std::size_t i = 0; i < column; ++i)
        start = row.find(',', start) + 1;
    EXPECT_NEAR(std::stod(row.substr(start, row.find(',', start) - start)), headroom, 1.0);
    // Scenario comparisons show the same headroom for the headline candidate.
    auto plan = parsePlan(text);
    ASSERT_TRUE(plan);
    auto comparison = compareScenarios(*plan, builtinCatalog());
    ASSERT_TRUE(comparison) << comparison.error().toString();
    ASSERT_FALSE(comparison->rows.empty());
    ASSERT_TRUE(comparison->rows.front().headline.hasCandidate);
    EXPECT_NEAR(comparison->rows.front().headline.headroomBytes, headroom, 1.0);
}

} // namespace
} // namespace gp
