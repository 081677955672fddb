// MIG slices (issue #42 item 6): the catalog's MIG profiles (NVIDIA MIG User Guide), a slice as a serving candidate
// (its memory, its SMs' share of the compute, its memory slices' share of the bandwidth, its share of the price), a
// 7B 8-bit model at low traffic priced cheapest on a slice, a large model refused on slices naming the field.
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

// Mistral 7B with 8-bit weights (W8A16) at 0.2 requests/s on Tencent GNV7e (one A100 80GB, 35.8 CNY/h on demand):
// the weights are its 7.0e9 linear parameters at 1 byte and the embedding, head and norms at 2 bytes, about 7.4 GB;
// one request of 700 tokens needs 700 x 32 layers x 8 KV heads x 128 x 2 x 2 bytes = 92 MB of KV. A 1g.10gb slice
// (9.5 GiB, 0.9 of it for vLLM) holds that but little room for the activation peak; 1g.20gb (19.5 GiB, 14 of 108
// SMs, 2/8 of 2,039 GB/s) holds it easily, decodes a step in about 7.4 GB / 510 GB/s = 15 ms < 0.1 s, and costs
// 35.8 / 4 = 8.95 CNY/h; 2g.20gb 35.8 / 3 = 11.93; the whole GPU 35.8. At 0.2 requests/s one replica is enough
// wherever it fits, so the cheapest slice that fits wins, at a quarter of the whole GPU's price or less.
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
    EXPECT_FALSE(spec.mig.empty()) << best->best.candidate;
    EXPECT_NE(best->best.candidate.find("MIG " + spec.mig), std::string::npos) << best->best.candidate;
    const MigProfile* profile = builtinCatalog().findGpu("a100-80gb-sxm")->findMigProfile(spec.mig);
    ASSERT_NE(profile, nullptr);
    ASSERT_TRUE(best->best.serving);
    const ServingResult& s = *best->best.serving;
    EXPECT_EQ(s.replicas, 1);
    ASSERT_TRUE(s.pricePerHour);
    EXPECT_NEAR(*s.pricePerHour, 35.8 / profile->instancesPerGpu, 1e-9);
    EXPECT_LE(*s.pricePerHour, 35.8 / 4 + 1e-9);
    // The reason: the Tencent Cloud guides' advice, and the share it is priced at.
    bool reason = false;
    for (const Diagnostic& w : best->best.warnings)
        reason = reason || (w.code == "mig_slice" && w.arg("profile") == spec.mig);
    EXPECT_TRUE(reason);
    // The whole GPU meets the targets too, at 35.8 CNY/h: it loses on cost.
    for (const CandidatePlan& c : answer->search.candidates)
        if (plan->candidates[std::size_t(c.planIndex)].mig.empty()) {
            ASSERT_TRUE(c.best.serving);
            EXPECT_NEAR(c.best.serving->pricePerHour.value_or(0), 35.8, 1e-9);
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
