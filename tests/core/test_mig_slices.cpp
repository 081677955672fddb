// MIG slices (issue #42 item 6): the catalog's MIG profiles (NVIDIA MIG User Guide), a slice as a serving candidate
// (its memory, its SMs' share of the compute, its memory slices' share of the bandwidth, its share of the price), a
// 7B 8-bit model at low traffic priced cheapest on a slice, a large model refused on slices naming the field.
#include "base/finite_number.h"
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/estimator.h"
#include "plan/precision.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

std::string migFailureArg(const FitFailure& f, const std::string& name)
{
    for (const auto& [key, value] : f.args)
        if (key == name)
            return value;
    return {};
}

TEST(MigSlices, CatalogProfilesFromTheMigGuide)
{
    const Catalog& catalog = builtinCatalog();
    const GpuSpec* h100 = catalog.findGpu("h100-80gb-sxm");
    ASSERT_NE(h100, nullptr);
    ASSERT_EQ(h100->migProfiles.size(), 6u);
    EXPECT_EQ(h100->smCount, 132);
    const MigProfile* one = h100->findMigProfile("1g.10gb");
    ASSERT_NE(one, nullptr);
    EXPECT_EQ(one->sms, 16);
    EXPECT_EQ(one->instancesPerGpu, 7);
    // The slice: 16 of 132 SMs of every tensor rate, 1 of 8 memory slices of the 3,350 GB/s, its 9.75 GiB, no NVLink.
    const GpuSpec slice = migSliceGpu(*h100, *one);
    EXPECT_DOUBLE_EQ(*slice.tflops.bf16, 989.0 * 16 / 132);
    EXPECT_DOUBLE_EQ(*slice.tflops.fp8, 1979.0 * 16 / 132);
    EXPECT_DOUBLE_EQ(slice.memoryBandwidthGBps, 3350.0 / 8);
    EXPECT_DOUBLE_EQ(slice.memoryBytes, 9.75 * kGiB);
    EXPECT_EQ(slice.smCount, 16);
    EXPECT_TRUE(slice.nvlink.empty());
    // Every A100 40/80 GB, H100 and H200 has its profiles; no profile exceeds its GPU.
    for (const char* id : { "a100-40gb-sxm", "a100-40gb-pcie", "a100-80gb-sxm", "a100-80gb-pcie", "h200-141gb-sxm" }) {
        const GpuSpec* gpu = catalog.findGpu(id);
        ASSERT_NE(gpu, nullptr) << id;
        EXPECT_GE(gpu->migProfiles.size(), 5u) << id;
        for (const MigProfile& p : gpu->migProfiles) {
            EXPECT_LE(p.sms, gpu->smCount) << id << " " << p.name;
            EXPECT_LE(p.memoryBytes, gpu->memoryBytes) << id << " " << p.name;
            EXPECT_LE(p.computeSlices * p.instancesPerGpu, 7) << id << " " << p.name;
            EXPECT_LE(p.memorySlices * p.instancesPerGpu, 8) << id << " " << p.name;
        }
    }
}

std::string migServingPlan(const std::string& model, const std::string& weightFormat, const std::string& candidates)
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + model + R"("},
        "workload": {"mode": "serving", "precision": "bf16", "weight_format": ")"
        + weightFormat + R"(",
           "serving": {"prompt_tokens": 500, "output_tokens": 200, "load": {"requests_per_second": 0.2},
                       "slo": {"ttft_seconds": 2, "tpot_seconds": 0.1}}},
        "candidates": )"
        + candidates + R"(, "billing": {"modes": ["on_demand"]}})";
}

// Mistral 7B with 8-bit weights (W8A16) at 0.2 requests/s of 500 + 200 tokens on Tencent GNV7e (one A100 80GB,
// 35.8 CNY/h on demand). By hand: 32 layers x (2 x 4096^2 + 2 x 4096 x 1024 + 3 x 4096 x 14336) = 6.98e9 linear
// weights at 1 byte plus the embedding and head, 2 x 32000 x 4096 at 2 bytes: 7.50 GB. The smallest slice of this
// GPU, 1g.10gb (9.5 GiB, 14 of 108 SMs, 1/8 of 2,039 GB/s), holds them and a KV cache of several 700-token requests
// (700 x 32 x 2 x 8 x 128 x 2 bytes = 92 MB each); one replica serves 0.2 requests/s within the targets, at
// 35.8 / 7 = 5.11 CNY/h, a seventh of the whole GPU. Per million output tokens: 5.114 / (0.2 x 200 x 3600) x 1e6
// = 35.5 CNY, against 248.6 on the whole GPU.
TEST(MigSlices, SevenBEightBitAtLowTrafficIsCheapestOnASlice)
{
    const std::string candidates = R"([{"instance": "tencent:GNV7e-1GPU"},
        {"instance": "tencent:GNV7e-1GPU", "mig": "1g.10gb"}, {"instance": "tencent:GNV7e-1GPU", "mig": "1g.20gb"},
        {"instance": "tencent:GNV7e-1GPU", "mig": "2g.20gb"}, {"instance": "tencent:GNV7e-1GPU", "mig": "3g.40gb"}])";
    auto plan = parsePlan(migServingPlan("mistral-7b", "int8", candidates));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    const CandidatePlan* best = answer->recommendation();
    ASSERT_NE(best, nullptr);
    const CandidateSpec& spec = plan->candidates[std::size_t(best->planIndex)];
    EXPECT_EQ(spec.mig, "1g.10gb") << best->best.candidate;
    EXPECT_EQ(best->best.candidate, "tencent:GNV7e-1GPU MIG 1g.10gb");
    ASSERT_TRUE(best->best.serving);
    const ServingResult& s = *best->best.serving;
    const double weights = 32 * (2 * 4096.0 * 4096 + 2 * 4096.0 * 1024 + 3 * 4096.0 * 14336) + 2 * 32000 * 4096.0 * 2;
    EXPECT_NEAR(s.weightBytes / weights, 1.0, 0.005);
    EXPECT_LT(s.weightBytes, 9.5 * kGiB);
    EXPECT_EQ(s.replicas, 1);
    EXPECT_TRUE(s.meetsSlo);
    ASSERT_TRUE(s.pricePerHour);
    EXPECT_NEAR(*s.pricePerHour, 35.8 / 7, 1e-9);
    ASSERT_TRUE(s.costPerMillionOutputTokens);
    EXPECT_NEAR(*s.costPerMillionOutputTokens, 35.8 / 7 / (0.2 * 200 * 3600) * 1e6, 0.01);
    // The reason: the Tencent Cloud guides' advice, and the share it is priced at.
    bool reason = false;
    for (const Diagnostic& w : best->best.warnings)
        reason = reason || (w.code == "mig_slice" && w.arg("profile") == "1g.10gb" && w.arg("share") == "1/7");
    EXPECT_TRUE(reason);
    // The whole GPU meets the targets too, at 35.8 CNY/h: it loses on cost, seven times over.
    for (const CandidatePlan& c : answer->search.candidates)
        if (plan->candidates[std::size_t(c.planIndex)].mig.empty()) {
            ASSERT_TRUE(c.best.serving);
            EXPECT_NEAR(c.best.serving->pricePerHour.value_or(0), 35.8, 1e-9);
            EXPECT_TRUE(c.best.serving->meetsSlo);
        }
}

// A 70B model does not fit any slice of an A100 80GB: each slice's candidate fails with the field named.
TEST(MigSlices, LargeModelIsRefusedOnSlicesNamingTheField)
{
    const std::string candidates = R"([{"instance": "tencent:GNV7e-1GPU", "mig": "3g.40gb"},
        {"instance": "tencent:GNV7e-1GPU", "mig": "1g.10gb"}])";
    auto plan = parsePlan(migServingPlan("llama-3.1-70b", "same", candidates));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto answer = answerPlan(*plan, builtinCatalog());
    ASSERT_TRUE(answer) << answer.error().toString();
    EXPECT_EQ(answer->recommendation(), nullptr);
    for (const CandidatePlan& c : answer->search.candidates) {
        EXPECT_FALSE(c.fits);
        ASSERT_TRUE(c.best.failure) << c.best.candidate;
        EXPECT_EQ(c.best.failure->code, "mig_slice_too_small") << c.best.failure->message;
        EXPECT_EQ(migFailureArg(*c.best.failure, "field"), "mig");
        EXPECT_NE(c.best.failure->message.find("candidates[].mig"), std::string::npos);
    }
    // A profile the GPU does not have, or a GPU without MIG: an error naming candidates[i].mig.
    auto wrong
        = parsePlan(migServingPlan("mistral-7b", "int8", R"([{"instance": "tencent:GNV7e-1GPU", "mig": "1g.5gb"}])"));
    ASSERT_TRUE(wrong);
    auto refused = answerPlan(*wrong, builtinCatalog());
    const auto failedField = [](const Expected<PlanAnswer>& a) -> std::string {
        if (!a)
            return a.error().field;
        const auto& best = a->search.candidates.front().best;
        return best.failure ? migFailureArg(*best.failure, "field") : std::string();
    };
    EXPECT_EQ(failedField(refused), "candidates[0].mig");
    auto noMig = parsePlan(migServingPlan("mistral-7b", "int8", R"([{"gpu": "l40s-48gb", "mig": "1g.10gb"}])"));
    ASSERT_TRUE(noMig);
    EXPECT_EQ(failedField(answerPlan(*noMig, builtinCatalog())), "candidates[0].mig");
}

// With every catalog instance, a serving plan's search includes the slices of the one-GPU MIG instances, and the
// slice candidates round-trip through the plan file.
TEST(MigSlices, SearchIncludesSlicesAndThePlanRoundTrips)
{
    auto plan = parsePlan(migServingPlan("mistral-7b", "int8", "[]"));
    ASSERT_TRUE(plan) << plan.error().toString();
    const std::vector<CandidateSpec> all = planCandidates(*plan, builtinCatalog());
    int slices = 0;
    for (const CandidateSpec& c : all)
        if (!c.mig.empty()) {
            ++slices;
            const InstanceSpec* instance = builtinCatalog().findInstance(c.instance);
            ASSERT_NE(instance, nullptr);
            EXPECT_EQ(instance->gpus, 1);
        }
    EXPECT_GE(slices, 5 * 6); // GNV7, GNV7e, gn7, gn7e, a2 x2: five or more profiles each
    Plan training = *plan;
    training.workload.mode = Mode::Training;
    for (const CandidateSpec& c : planCandidates(training, builtinCatalog()))
        EXPECT_TRUE(c.mig.empty());
    auto withSlice
        = parsePlan(migServingPlan("mistral-7b", "int8", R"([{"instance": "tencent:GNV7-1GPU", "mig": "2g.10gb"}])"));
    ASSERT_TRUE(withSlice);
    auto again = parsePlan(serializePlan(*withSlice));
    ASSERT_TRUE(again);
    EXPECT_EQ(again->candidates.front().mig, "2g.10gb");
}

} // namespace
} // namespace gp
