// Usable GPU memory: the driver-reported total where the catalog sources it, else the vendor figure, less the
// headroom; the estimator, the search and the advice all use it.
#include "base/finite_number.h"
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "estimate/memory/memory_model.h"
#include "planner/planner.h"

#include <gtest/gtest.h>

using namespace gp;

namespace
{

constexpr double kMiB = 1024.0 * 1024.0;
using gp::kGiB; // core/base/finite_number.h

Hardware bareGpu(const std::string& id)
{
    CandidateSpec spec;
    spec.gpu = id;
    spec.gpusPerNode = 1;
    auto hw = resolveCandidate(spec, builtinCatalog(), 1, "candidates[0]");
    EXPECT_TRUE(hw.ok()) << id;
    return hw.ok() ? *hw : Hardware {};
}

} // namespace

TEST(UsableMemory, DriverReportedTotalIsTheCapacity)
{
    // A T4 is sold as 16 GB; nvidia-smi reports 15,360 MiB (the catalog's usable_memory_mib, with its source).
    const Hardware t4 = bareGpu("t4-16gb");
    ASSERT_TRUE(t4.gpu.usableMemoryBytes.has_value());
    EXPECT_DOUBLE_EQ(*t4.gpu.usableMemoryBytes, 15360 * kMiB);
    EXPECT_DOUBLE_EQ(usableMemoryBytes(t4, 0.1), 15360 * kMiB * 0.9);
    EXPECT_LT(usableMemoryBytes(t4, 0.1), 16 * kGiB * 0.9);
    // Never above the vendor figure: a driver total at or above it leaves the vendor figure.
    Hardware larger = t4;
    larger.gpu.usableMemoryBytes = 17 * kGiB;
    EXPECT_DOUBLE_EQ(usableMemoryBytes(larger, 0.1), 16 * kGiB * 0.9);
    // Without a sourced driver total, the vendor figure.
    Hardware unsourced = t4;
    unsourced.gpu.usableMemoryBytes.reset();
    EXPECT_DOUBLE_EQ(usableMemoryBytes(unsourced, 0.1), 16 * kGiB * 0.9);
}

TEST(UsableMemory, EstimateAndSearchUseTheDriverTotal)
{
    auto plan = parsePlan(defaultPlanText());
    ASSERT_TRUE(plan.ok());
    CandidateSpec spec;
    spec.gpu = "t4-16gb";
    spec.gpusPerNode = 1;
    spec.nodes = 1;
    plan->candidates = { spec };
    plan->workload.technique = Technique::Qlora;
    plan->workload.weightFormat = WeightFormat::Nf4;
    const Hardware t4 = bareGpu("t4-16gb");
    const double expected = usableMemoryBytes(t4, plan->assumptions, builtinCatalog());
    EXPECT_LT(expected, 15360 * kMiB + 1); // the driver total, less the headroom
    auto model = resolveModel(plan->model);
    ASSERT_TRUE(model.ok());
    const CandidateResult estimated = evaluateCandidate(*model, *plan, t4, Configuration {}, builtinCatalog());
    EXPECT_DOUBLE_EQ(estimated.usableMemory, expected);
    auto searched = searchPlan(*plan, builtinCatalog());
    ASSERT_TRUE(searched.ok()) << searched.error().toString();
    ASSERT_EQ(searched->candidates.size(), 1u);
    EXPECT_DOUBLE_EQ(searched->candidates[0].best.usableMemory, expected);
    if (searched->candidates[0].fits) {
        EXPECT_LE(searched->candidates[0].best.memory.total, expected);
    }
}
