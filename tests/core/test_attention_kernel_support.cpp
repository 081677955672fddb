// A plan's attention kernel that the candidate's GPU cannot run (FlashAttention-2 on Volta and Turing: PyTorch's
// sdp_utils.cpp accepts sm80 and newer) is said on the answer, naming what runs there instead; the facts are the
// catalog's (attention_kernel.runs.<architecture>.<kernel>), so a catalog that says otherwise is followed.
#include "estimate/common/attention_kernel_support.h"
#include "estimate/estimator.h"
#include "estimate/serving/engine_hardware.h"
#include "plan/plan.h"
#include "planner/planner.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace
{

gp::Plan planFrom(std::string_view text, const json& patch)
{
    json document = json::parse(text);
    document.merge_patch(patch);
    auto plan = gp::parsePlan(document.dump());
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

gp::Plan onInstance(
    const std::string& instance, json workload = json::object(), std::string_view text = gp::defaultPlanText())
{
    return planFrom(
        text, { { "candidates", json::array({ { { "instance", instance } } }) }, { "workload", workload } });
}

gp::CandidateResult onlyResult(const gp::Plan& plan, const gp::Catalog& catalog = gp::builtinCatalog())
{
    auto estimate = gp::estimatePlan(plan, catalog);
    EXPECT_TRUE(estimate.ok()) << (estimate.ok() ? "" : estimate.error().toString());
    EXPECT_EQ(estimate.ok() ? estimate->results.size() : 0u, 1u);
    return estimate.ok() && !estimate->results.empty() ? estimate->results.front() : gp::CandidateResult {};
}

const gp::Diagnostic* warning(const gp::CandidateResult& r, const std::string& code)
{
    for (const gp::Diagnostic& w : r.warnings)
        if (w.code == code)
            return &w;
    return nullptr;
}

constexpr const char* kV100 = "tencent:GN10Xp.20XLARGE320";
constexpr const char* kT4 = "tencent:GN7.20XLARGE320";
constexpr const char* kA100 = "tencent:GT4.4XLARGE96";

} // namespace

TEST(AttentionKernelSupport, VoltaAndTuringRunSdpaMemoryEfficientKernelUnderTheDefaultPlan)
{
    for (const char* instance : { kV100, kT4 }) {
        const gp::CandidateResult r = onlyResult(onInstance(instance));
        const gp::Diagnostic* w = warning(r, "attention_kernel_unsupported");
        ASSERT_NE(w, nullptr) << instance << ": the default plan's flash-attention-2 needs sm80+";
        EXPECT_EQ(w->arg("kernel"), "flash-attention-2");
        EXPECT_EQ(w->arg("runs"), "memory-efficient") << instance;
        EXPECT_EQ(w->arg("gpu"), r.gpuName);
        EXPECT_NE(w->message.find("memory-efficient"), std::string::npos) << w->message;
        EXPECT_EQ(warning(r, "attention_kernel_unmeasured"), nullptr) << "said once, as unsupported";
        EXPECT_GT(r.tokensPerSecond, 0) << "still estimated";
    }
}

TEST(AttentionKernelSupport, InferenceOnVoltaWarnsToo)
{
    const gp::CandidateResult r = onlyResult(onInstance(kV100, { { "mode", "inference" } }));
    const gp::Diagnostic* w = warning(r, "attention_kernel_unsupported");
    ASSERT_NE(w, nullptr) << "inference runs the core's forward through SDPA as well";
    EXPECT_EQ(w->arg("runs"), "memory-efficient");
}

TEST(AttentionKernelSupport, AmpereRunsFlashAttention2)
{
    const gp::CandidateResult r = onlyResult(onInstance(kA100));
    EXPECT_EQ(warning(r, "attention_kernel_unsupported"), nullptr);
    EXPECT_EQ(warning(r, "attention_kernel_unmeasured"), nullptr);
}

TEST(AttentionKernelSupport, EagerAttentionNamesNoKernel)
{
    const gp::CandidateResult r = onlyResult(onInstance(kT4, { { "flash_attention", false } }));
    EXPECT_EQ(warning(r, "attention_kernel_unsupported"), nullptr);
}

TEST(AttentionKernelSupport, EachKernelFallsToWhatTheGpuAccepts)
{
    // cuDNN's fused attention on a V100: SDPA's memory-efficient kernel. FlashAttention-3 on an A100: SDPA's flash
    // backend, whose figures it was already estimated with; it is unsupported there, not unmeasured.
    const gp::CandidateResult cudnn = onlyResult(onInstance(kV100, { { "attention_kernel", "cudnn" } }));
    const gp::Diagnostic* w = warning(cudnn, "attention_kernel_unsupported");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->arg("kernel"), "cudnn");
    EXPECT_EQ(w->arg("runs"), "memory-efficient");
    const gp::CandidateResult fa3 = onlyResult(onInstance(kA100, { { "attention_kernel", "flash-attention-3" } }));
    w = warning(fa3, "attention_kernel_unsupported");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->arg("runs"), "flash-attention-2");
    EXPECT_EQ(warning(fa3, "attention_kernel_unmeasured"), nullptr);
    const gp::CandidateResult fa2 = onlyResult(onInstance(kA100));
    EXPECT_DOUBLE_EQ(fa3.tokensPerSecond, fa2.tokensPerSecond) << "the numbers are FlashAttention-2's, as before";
    // cuDNN on an A100 runs (sm80), only unmeasured there.
    const gp::CandidateResult cudnnA100 = onlyResult(onInstance(kA100, { { "attention_kernel", "cudnn" } }));
    EXPECT_EQ(warning(cudnnA100, "attention_kernel_unsupported"), nullptr);
    EXPECT_NE(warning(cudnnA100, "attention_kernel_unmeasured"), nullptr);
}

TEST(AttentionKernelSupport, ServingOnTuringNamesTheEngine)
{
    const gp::CandidateResult r
        = onlyResult(onInstance(kT4, { { "parallelism", { { "tensor", 4 } } } }, gp::servingPlanText()));
    ASSERT_FALSE(r.failure.has_value()) << r.failure->message << " (four T4s hold it)";
    const gp::Diagnostic* w = warning(r, "attention_kernel_unsupported");
    ASSERT_NE(w, nullptr) << "a serving plan on a T4 warns too";
    EXPECT_EQ(w->arg("runs"), "engine");
    EXPECT_EQ(w->arg("engine"), "vllm");
    EXPECT_NE(w->message.find("vllm"), std::string::npos) << w->message;
    // vLLM V1's priorities on a GPU below Blackwell: FLASH_ATTN (sm80+) refuses sm75, FLASHINFER (sm75 to sm121)
    // takes it (catalog serving.engine.vllm.attention_backend.turing.*).
    EXPECT_EQ(w->arg("backend"), "FLASHINFER");
    EXPECT_NE(w->message.find("FLASHINFER"), std::string::npos) << w->message;
}

TEST(AttentionKernelSupport, ServingOnVoltaNamesTheBackendVllmPicks)
{
    const gp::CandidateResult r
        = onlyResult(onInstance(kV100, { { "parallelism", { { "tensor", 4 } } } }, gp::servingPlanText()));
    ASSERT_FALSE(r.failure.has_value()) << r.failure->message;
    const gp::Diagnostic* w = warning(r, "attention_kernel_unsupported");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->arg("engine"), "vllm");
    EXPECT_EQ(w->arg("backend"), "TRITON_ATTN") << "FLASHINFER refuses sm70 too: the third in line, TRITON_ATTN";
}

TEST(AttentionKernelSupport, TensorRtLlmDoesNotRunBelowAmpere)
{
    const json trtllm
        = { { "parallelism", { { "tensor", 4 } } }, { "serving", { { "engine", { { "name", "tensorrt-llm" } } } } } };
    for (const char* instance : { kV100, kT4 }) {
        const gp::CandidateResult r = onlyResult(onInstance(instance, trtllm, gp::servingPlanText()));
        EXPECT_FALSE(r.fits) << instance;
        ASSERT_TRUE(r.failure.has_value()) << instance << ": not a number, a reason";
        EXPECT_EQ(r.failure->code, "serving_engine_unsupported") << instance;
        EXPECT_NE(std::find(r.failure->args.begin(), r.failure->args.end(),
                      std::pair<std::string, std::string>("engine", "tensorrt-llm")),
            r.failure->args.end());
        EXPECT_NE(r.failure->message.find("tensorrt-llm"), std::string::npos) << r.failure->message;
        EXPECT_EQ(warning(r, "attention_kernel_unsupported"), nullptr) << "said once, as not running";
    }
    const json onA100 = { { "serving", { { "engine", { { "name", "tensorrt-llm" } } } } } };
    const gp::CandidateResult a100 = onlyResult(onInstance(kA100, onA100, gp::servingPlanText()));
    EXPECT_TRUE(!a100.failure || a100.failure->code != "serving_engine_unsupported") << "Ampere is listed";
    // The catalog decides: one that lists Volta runs it there.
    gp::Catalog catalog = gp::builtinCatalog();
    catalog.defaults["serving.engine.tensorrt_llm.runs.volta"].value = 1;
    const gp::CandidateResult listed = onlyResult(onInstance(kV100, trtllm, gp::servingPlanText()), catalog);
    EXPECT_TRUE(!listed.failure || listed.failure->code != "serving_engine_unsupported");
}

TEST(AttentionKernelSupport, TheSearchSaysTensorRtLlmDoesNotRunOnVolta)
{
    // The search tries no configuration: the engine's reason is the candidate's answer, as in the estimate.
    const json trtllm = { { "serving", { { "engine", { { "name", "tensorrt-llm" } } } } } };
    const auto result = gp::searchPlan(onInstance(kV100, trtllm, gp::servingPlanText()), gp::builtinCatalog());
    ASSERT_TRUE(result.ok());
    ASSERT_EQ(result->candidates.size(), 1u);
    const gp::CandidatePlan& c = result->candidates.front();
    EXPECT_FALSE(c.fits);
    ASSERT_TRUE(c.best.failure.has_value());
    EXPECT_EQ(c.best.failure->code, "serving_engine_unsupported") << c.best.failure->message;
}

TEST(AttentionKernelSupport, EngineBackendsAreTheCatalogs)
{
    gp::Catalog catalog = gp::builtinCatalog();
    EXPECT_EQ(gp::engineCatalogName(gp::ServingEngineKind::TensorRtLlm), "tensorrt_llm");
    EXPECT_EQ(gp::engineCatalogName(gp::ServingEngineKind::LlamaCpp), "llama_cpp");
    // llama.cpp's fattn.cu: no tensor cores on Pascal (the P40): the generic tile kernel.
    EXPECT_EQ(gp::servingEngineAttentionBackend(catalog, gp::ServingEngineKind::LlamaCpp, "pascal"), "TILE");
    EXPECT_EQ(gp::servingEngineAttentionBackend(catalog, gp::ServingEngineKind::LlamaCpp, "turing"), "MMA_F16");
    EXPECT_TRUE(gp::servingEngineRuns(catalog, gp::ServingEngineKind::LlamaCpp, "pascal"));
    EXPECT_EQ(gp::servingEngineAttentionBackend(catalog, gp::ServingEngineKind::Sglang, "turing"), "")
        << "not catalogued: the warning says only that the engine picks its own";
    catalog.defaults["serving.engine.vllm.attention_backend.turing.FLASHINFER"].value = 0;
    catalog.defaults["serving.engine.vllm.attention_backend.turing.TRITON_ATTN"].value = 1;
    EXPECT_EQ(gp::servingEngineAttentionBackend(catalog, gp::ServingEngineKind::Vllm, "turing"), "TRITON_ATTN");
}

TEST(AttentionKernelSupport, TheCatalogDecides)
{
    gp::Catalog catalog = gp::builtinCatalog();
    EXPECT_FALSE(gp::attentionKernelRuns(catalog, "turing", "flash-attention-2"));
    EXPECT_TRUE(gp::attentionKernelRuns(catalog, "turing", "memory-efficient"));
    EXPECT_TRUE(gp::attentionKernelRuns(catalog, "hopper", "flash-attention-3"));
    EXPECT_TRUE(gp::attentionKernelRuns(catalog, "", "flash-attention-3")) << "no architecture: nothing known";
    EXPECT_EQ(gp::attentionKernelSubstitute(catalog, "hopper", gp::AttentionKernel::FlashAttention3), "");
    catalog.defaults["attention_kernel.runs.turing.flash-attention-2"].value = 1;
    EXPECT_EQ(warning(onlyResult(onInstance(kT4), catalog), "attention_kernel_unsupported"), nullptr);
    catalog.defaults["attention_kernel.runs.turing.flash-attention-2"].value = 0;
    catalog.defaults["attention_kernel.runs.turing.memory-efficient"].value = 0;
    const gp::CandidateResult r = onlyResult(onInstance(kT4), catalog);
    const gp::Diagnostic* w = warning(r, "attention_kernel_unsupported");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->arg("runs"), "math") << "no fused kernel: SDPA's unfused path";
}
