// The engine's CPU work per step (serving.engine.<engine>.cpu_us_per_request, .overlaps_cpu): beside the GPU's step
// where the engine overlaps it (vLLM async scheduling, SGLang's zero-overhead scheduler, TensorRT-LLM's overlap
// scheduler), so the step lasts the longer of the two; after it in a synchronous loop, so they add.
#include "catalog/catalog.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/serving/engine_hardware.h"
#include "estimate/serving/engine_release.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/serving/serving_model.h"
#include "test_serving_support.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <string_view>

namespace gp
{
namespace
{

// `probe` gets the steps of Llama 3.1 8B on one H100 served by `engine` (a plan's serving.engine object) with
// `catalog`.
void withSteps(const Catalog& catalog, const std::string& engine, const std::function<void(const ReplicaSteps&)>& probe)
{
    withFirstReplicaSteps(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": 1, "pipeline": 1},
          "serving": {"prompt_tokens": 512, "output_tokens": 256, "load": {"concurrency": 256}, "replicas": 1,
            "engine": )"
            + engine + R"(}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}], "search": {"enabled": false}})",
        catalog, probe);
}

void withVllmSteps(const Catalog& catalog, const std::function<void(const ReplicaSteps&)>& probe)
{
    withSteps(catalog, R"({"name": "vllm"})", probe);
}

// The settings `engine` (name) at the stated `version` runs with on an H100.
EngineSettings settingsAt(const std::string& engine, const std::string& version, bool cudaGraphs = true)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-3.1-8b"},
        "workload": {"mode": "serving", "serving": {"prompt_tokens": 512, "output_tokens": 256,
          "engine": {"name": ")"
        + engine + R"(", "version": ")" + version + R"(", "cuda_graphs": )" + (cudaGraphs ? "true" : "false") + R"(}}},
        "candidates": [{"gpu": "h100-80gb-sxm", "gpus_per_node": 1, "nodes": 1}]})");
    EXPECT_TRUE(plan) << plan.error().toString();
    const Catalog& catalog = builtinCatalog();
    auto hw = resolveCandidate(plan->candidates.front(), catalog, 1, "candidates[0]");
    EXPECT_TRUE(hw);
    return engineSettings(plan->workload, hw->gpu, servingDefaults(catalog, Assumptions {}), 1);
}

Catalog withDefault(Catalog catalog, const std::string& key, double value)
{
    catalog.defaults[key].value = value;
    return catalog;
}

TEST(ServingEngineCpu, OverlappedCpuBoundsTheStepAndSynchronousCpuAddsToIt)
{
    const Catalog& shipped = builtinCatalog();
    const ServingDefaults d = servingDefaults(shipped, Assumptions {});
    // The shipped figures: vLLM 1.13 us per running request (PR #46112's slope), overlapped by async scheduling.
    EXPECT_DOUBLE_EQ(d.cpuSecondsPerRequest[int(ServingEngineKind::Vllm)], 1.13e-6);
    EXPECT_TRUE(d.overlapsCpu[int(ServingEngineKind::Vllm)]);
    EXPECT_TRUE(d.overlapsCpu[int(ServingEngineKind::Sglang)]);
    EXPECT_TRUE(d.overlapsCpu[int(ServingEngineKind::TensorRtLlm)]);

    const double overhead = d.stepOverheadSeconds;
    const double batch = 256;
    double gpuOnly = 0, shippedStep = 0, synchronous = 0, cpuBound = 0;
    double filled = 0, filledStep = 0;
    withVllmSteps(withDefault(shipped, "serving.engine.vllm.cpu_us_per_request", 0),
        [&](const ReplicaSteps& s) { gpuOnly = s.plainStepSeconds(batch, 0); });
    withVllmSteps(shipped, [&](const ReplicaSteps& s) {
        shippedStep = s.plainStepSeconds(batch, 0);
        // The prompt tokens a step carries at 20,000 prompt tokens/s: q = rate x step(q).
        filled = s.promptTokensFilling(batch, 20000, 0, 1e6);
        filledStep = s.plainStepSeconds(batch, filled);
    });
    withVllmSteps(withDefault(shipped, "serving.engine.vllm.overlaps_cpu", 0),
        [&](const ReplicaSteps& s) { synchronous = s.plainStepSeconds(batch, 0); });
    withVllmSteps(withDefault(shipped, "serving.engine.vllm.cpu_us_per_request", 100),
        [&](const ReplicaSteps& s) { cpuBound = s.plainStepSeconds(batch, 0); });
    ASSERT_GT(gpuOnly, overhead);
    // 256 x 1.13 us = 0.29 ms of CPU hides behind a GPU step of several ms: the step is the GPU's.
    EXPECT_GT(gpuOnly - overhead, batch * 1.13e-6);
    EXPECT_DOUBLE_EQ(shippedStep, gpuOnly);
    // Synchronous: the CPU's 0.29 ms adds.
    EXPECT_NEAR(synchronous, gpuOnly + batch * 1.13e-6, 1e-12);
    // A CPU slower than the GPU (100 us per request: 25.6 ms) sets the overlapped step.
    ASSERT_GT(batch * 100e-6, gpuOnly);
    EXPECT_NEAR(cpuBound, batch * 100e-6 + overhead, 1e-12);
    // The filling fixed point holds on the step it solves for.
    EXPECT_NEAR(filled, 20000 * filledStep, 1e-6 * filled);
}

// serving.engine.version: the leading major.minor[.patch] of the text the plan states; anything else is no release.
TEST(ServingEngineCpu, StatedReleasesParse)
{
    const auto number = [](std::string_view text) {
        const auto r = parseEngineRelease(text);
        return r ? releaseNumber(*r) : -1;
    };
    EXPECT_EQ(number("0.3.0 (pip install sglang[all]==0.3.0, flashinfer for torch 2.4)"), 300);
    EXPECT_EQ(number("v0.11.0 (V1 engine)"), 1100);
    EXPECT_EQ(number("v0.19.1 (assumed)"), 1901);
    EXPECT_EQ(number("0.5.4.post1"), 504);
    EXPECT_EQ(number("0.3.0rc1"), 300);
    EXPECT_EQ(number("0.8"), 800);
    EXPECT_EQ(number("1.2.3"), 10203);
    EXPECT_EQ(number("0.3.150"), 399); // minor and patch past 99 count as 99
    EXPECT_EQ(number("not stated"), -1);
    EXPECT_EQ(number("not shown (nightly CI build 9513)"), -1);
    EXPECT_EQ(number("master of January 2024 (PR #4766, ggml-backend integration)"), -1);
    EXPECT_EQ(number(""), -1);
    EXPECT_EQ(number("v"), -1);
    EXPECT_EQ(number("3"), -1);
    EXPECT_EQ(number("1.2x"), -1);
    EXPECT_TRUE(releaseAtMost("0.3.5", 305));
    EXPECT_FALSE(releaseAtMost("0.3.6", 305));
    EXPECT_FALSE(releaseAtMost("not stated", 305));
    EXPECT_FALSE(releaseAtMost("0.0.1", 0));
}

// The stated release picks the scheduler's loop and the prefill graphs from the catalog's release rules; an unstated
// or unparsed one keeps the catalog's defaults (today's releases).
TEST(ServingEngineCpu, StatedReleaseSetsTheLoopAndThePrefillGraphs)
{
    const Catalog& catalog = builtinCatalog();
    EXPECT_DOUBLE_EQ(catalogDefault(catalog, "serving.engine.sglang.sync_loop_through_version"), 305);
    EXPECT_DOUBLE_EQ(catalogDefault(catalog, "serving.engine.vllm.sync_loop_through_version"), 1100);
    EXPECT_DOUBLE_EQ(catalogDefault(catalog, "serving.engine.sglang.eager_prefill_through_version"), 504);
    EXPECT_DOUBLE_EQ(catalogDefault(catalog, "serving.engine.vllm.eager_prefill_through_version"), 703);
    struct Case {
        const char* engine;
        const char* version;
        bool overlaps, eagerPrefill, stated;
    };
    const Case cases[] = {
        { "sglang", "0.3.0 (pip install sglang[all]==0.3.0)", false, true, true },
        { "sglang", "0.3.5", false, true, true },
        { "sglang", "0.3.6", true, true, true },
        { "sglang", "0.5.4.post1", true, true, true },
        { "sglang", "0.5.9", true, false, true },
        { "sglang", "not stated", true, false, false },
        { "vllm", "0.5.3", false, true, true },
        { "vllm", "0.7.3", false, true, true },
        { "vllm", "0.8.0", false, false, true },
        { "vllm", "v0.11.0 (V1 engine)", false, false, true },
        { "vllm", "0.11.1", true, false, true },
        { "vllm", "v0.19.1 (assumed)", true, false, true },
        { "vllm", "", true, false, false },
        { "tensorrt-llm", "0.3.0", true, false, true },
    };
    for (const Case& c : cases) {
        const EngineSettings s = settingsAt(c.engine, c.version);
        EXPECT_EQ(s.overlapsCpu, c.overlaps) << c.engine << " " << c.version;
        EXPECT_EQ(s.eagerPrefill, c.eagerPrefill) << c.engine << " " << c.version;
        EXPECT_EQ(s.statedRelease, c.stated) << c.engine << " " << c.version;
    }
    // An eager engine launches every step from the host already: no separate prefill floor.
    EXPECT_FALSE(settingsAt("sglang", "0.3.0", false).eagerPrefill);
}

// A release that replays graphs for decode only floors the steps carrying prompt tokens at the layers' launches
// (serving.eager_layer_host_us a layer); its decode steps keep their time.
TEST(ServingEngineCpu, EagerPrefillFloorsOnlyPromptCarryingSteps)
{
    const Catalog& catalog = builtinCatalog();
    const double floor = 32 * catalogDefault(catalog, "serving.eager_layer_host_us") * 1e-6; // Llama 3.1 8B's layers
    const double overhead = servingDefaults(catalog, Assumptions {}).stepOverheadSeconds;
    double graphsDecode = 0, graphsPrompt = 0, eagerDecode = 0, eagerPrompt = 0, eagerPromptOnly = 0, launches = 0;
    double filled = 0, filledStep = 0;
    withSteps(catalog, R"({"name": "sglang"})", [&](const ReplicaSteps& s) {
        EXPECT_DOUBLE_EQ(s.eagerPrefillLaunchSeconds(), 0.0);
        graphsDecode = s.plainStepSeconds(4, 0);
        graphsPrompt = s.plainStepSeconds(4, 16);
    });
    withSteps(catalog, R"({"name": "sglang", "version": "0.3.0"})", [&](const ReplicaSteps& s) {
        launches = s.eagerPrefillLaunchSeconds();
        EXPECT_DOUBLE_EQ(s.eagerLaunchSeconds(), 0.0);
        eagerDecode = s.plainStepSeconds(4, 0);
        eagerPrompt = s.plainStepSeconds(4, 16);
        eagerPromptOnly = s.prefillOnlyStepSeconds(16);
        filled = s.promptTokensFilling(4, 2000, 0, 1e6);
        filledStep = s.plainStepSeconds(4, filled);
    });
    EXPECT_NEAR(launches, floor, 1e-15);
    // 16 prompt tokens and four decodes read the weights in a few ms, under 32 x 292 us = 9.3 ms of launches.
    ASSERT_LT(graphsPrompt - overhead, floor);
    EXPECT_DOUBLE_EQ(eagerDecode, graphsDecode); // SGLang's CPU line is 0: the synchronous loop adds nothing
    EXPECT_NEAR(eagerPrompt, floor + overhead, 1e-12);
    EXPECT_NEAR(eagerPromptOnly, floor + overhead, 1e-12);
    // The filling fixed point holds on the floored step: q = rate x step(q).
    EXPECT_GE(filled, 2000 * (floor + overhead) * (1 - 1e-9));
    EXPECT_NEAR(filled, 2000 * filledStep, 1e-6 * filled);
}

// Each engine's CPU keys are read under engineCatalogName(kind), the one home of an engine's catalog segment
// (tensorrt_llm, llama_cpp): a figure set under one engine's name reaches that engine and no other.
TEST(ServingEngineCpu, EachEnginesKeysAreReadUnderItsCatalogName)
{
    for (const auto& [code, kind] : detail::kServingEngines) {
        const std::string prefix = "serving.engine." + engineCatalogName(kind);
        const ServingDefaults d
            = servingDefaults(withDefault(builtinCatalog(), prefix + ".cpu_us_per_request", 7), Assumptions {});
        for (const auto& [otherCode, other] : detail::kServingEngines) {
            if (other == kind)
                EXPECT_DOUBLE_EQ(d.cpuSecondsPerRequest[int(other)], 7e-6) << prefix;
            else
                EXPECT_NE(d.cpuSecondsPerRequest[int(other)], 7e-6) << prefix << " reached " << otherCode;
        }
    }
}

} // namespace
} // namespace gp
