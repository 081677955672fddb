// A GPU without kernels for a weight format does not fit, and says why: FP8 (block) and MXFP4 weights need FP8
// tensor cores, or bf16 ones for weight-only kernels (vLLM's FP8 and GPT-OSS pages); V100 and T4 have neither.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "plan/plan.h"

#include <gtest/gtest.h>

namespace
{

gp::Plan planOnGpu(const std::string& gpu, gp::WeightFormat format)
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    EXPECT_TRUE(plan.ok());
    gp::Plan p = *plan;
    p.model = gp::ModelSpec {};
    p.model.parameters = 1e9;
    p.workload.mode = gp::Mode::Inference;
    p.workload.weightFormat = format;
    p.search.enabled = false;
    gp::CandidateSpec c;
    c.gpu = gpu;
    c.gpusPerNode = 8;
    c.nodes = 1;
    p.candidates = { c };
    return p;
}

} // namespace

TEST(WeightFormatSupport, Fp8BlockWeightsDoNotFitOnV100OrT4AndSayWhy)
{
    const gp::Catalog& catalog = gp::builtinCatalog();
    for (const char* gpu : { "v100-32gb-sxm2", "t4-16gb" }) {
        for (gp::WeightFormat format : { gp::WeightFormat::Fp8Block, gp::WeightFormat::Fp8, gp::WeightFormat::Mxfp4 }) {
            auto estimate = gp::estimatePlan(planOnGpu(gpu, format), catalog);
            ASSERT_TRUE(estimate.ok()) << estimate.error().toString();
            ASSERT_EQ(estimate->results.size(), 1u);
            const gp::CandidateResult& r = estimate->results[0];
            EXPECT_FALSE(r.fits) << gpu << " " << gp::toString(format);
            ASSERT_TRUE(r.failure.has_value());
            EXPECT_EQ(r.failure->code, "weight_format_unsupported") << r.failure->message;
        }
        // Its own 16-bit weights (and int4, int8) still run there.
        auto same = gp::estimatePlan(planOnGpu(gpu, gp::WeightFormat::Same), catalog);
        ASSERT_TRUE(same.ok());
        EXPECT_TRUE(same->results[0].fits) << gpu;
    }
    // Hopper runs FP8 block weights natively, Ampere weight-only: both fit.
    for (const char* gpu : { "h100-80gb-sxm", "a100-80gb-sxm" }) {
        auto estimate = gp::estimatePlan(planOnGpu(gpu, gp::WeightFormat::Fp8Block), catalog);
        ASSERT_TRUE(estimate.ok());
        EXPECT_TRUE(estimate->results[0].fits) << gpu;
    }
}
