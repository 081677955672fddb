// Why candidates cannot fit and what would make them fit: every suggestion is evaluated here again.
#include "base/finite_number.h"
#include "estimate/estimator.h"
#include "planner/fit_advice.h"
#include "planner/planner.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace gp;

namespace
{

using gp::kGiB; // core/base/finite_number.h

Plan makePlan(
    const std::string& model, const std::string& workload, const std::string& candidates, bool search, int maxNodes = 1)
{
    const std::string text = R"({ "format": "gpu-planner-plan", "version": 1, "model": )" + model + R"(, "workload": )"
        + workload + R"(, "candidates": )" + candidates
        + R"(, "billing": { "currency": "CNY" }, "search": { "enabled": )" + (search ? "true" : "false")
        + R"(, "objective": "cost", "deadline_hours": null, "budget": null, "max_nodes": )" + std::to_string(maxNodes)
        + "}}";
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : Plan {};
}

// 7B full fine-tune, AdamW, bf16, as configured: no ZeRO, no offload, no checkpointing.
const char* kFull7b = R"({ "mode": "training", "technique": "full", "precision": "bf16", "optimizer": "adamw",
    "activation_checkpointing": "none", "sequence_length": 2048, "micro_batch_size": 1,
    "gradient_accumulation_steps": 1, "global_batch_size": 16, "training_tokens": 1.0e8,
    "parallelism": { "data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 0, "offload": "none" } })";

const char* kOne4090 = R"([{ "gpu": "rtx-4090-24gb", "gpus_per_node": 1, "nodes": 1, "price_per_hour": 9.5,
                            "inter_node_gbps": 100 }])";

Offload offloadFrom(const std::string& s)
{
    for (Offload o : { Offload::None, Offload::Optimizer, Offload::OptimizerAndParameters })
        if (toString(o) == s)
            return o;
    ADD_FAILURE() << "unknown offload " << s;
    return Offload::None;
}

Checkpointing checkpointingFrom(const std::string& s)
{
    for (Checkpointing c : { Checkpointing::None, Checkpointing::Selective, Checkpointing::Full })
        if (toString(c) == s)
            return c;
    ADD_FAILURE() << "unknown checkpointing " << s;
    return Checkpointing::None;
}

// Rebuilds what a suggestion describes from its args alone and evaluates it.
CandidateResult evaluateSuggestion(const Plan& plan, const ResolvedModel& model, const Diagnostic& s)
{
    Plan variant = plan;
    CandidateSpec spec = plan.candidates.at(0);
    if (s.code == "suggest_lora")
        variant.workload.technique = Technique::Lora;
    if (s.code == "suggest_qlora") {
        variant.workload.technique = Technique::Qlora;
        variant.workload.weightFormat = WeightFormat::Nf4;
    }
    auto first = resolveCandidate(spec, builtinCatalog(), 1, "candidates[0]");
    EXPECT_TRUE(first.ok());
    if (s.code == "suggest_larger_gpu") {
        CandidateSpec bare;
        bare.gpu = s.arg("gpu");
        bare.gpusPerNode = first->gpusPerNode;
        bare.interNodeGbps = first->interNodeGbps > 0 ? std::optional<double>(first->interNodeGbps) : std::nullopt;
        spec = bare;
    }
    const int nodes = std::stoi(s.arg("nodes"));
    auto hw = resolveCandidate(spec, builtinCatalog(), nodes, "candidates[0]");
    EXPECT_TRUE(hw.ok());
    Configuration c;
    c.tensor = std::stoi(s.arg("tensor"));
    c.pipeline = std::stoi(s.arg("pipeline"));
    c.data = std::stoi(s.arg("data"));
    c.zeroStage = std::stoi(s.arg("zero_stage"));
    c.offload = offloadFrom(s.arg("offload"));
    c.checkpointing = checkpointingFrom(s.arg("checkpointing"));
    c.microBatchSize = std::stoi(s.arg("micro_batch_size"));
    c.gradientAccumulationSteps = 1;
    EXPECT_EQ(c.data * c.tensor * c.pipeline, hw->totalGpus()) << s.code;
    return evaluateCandidate(model, variant, *hw, c, builtinCatalog());
}

} // namespace

TEST(PlannerAdvice, FullFineTune7bDoesNotFitOne24GbGpuAndSuggestionsFit)
{
    // Hand check: Llama-2-7B has 6.74e9 parameters; mixed-precision AdamW keeps 2 (bf16 weights) + 2 (bf16
    // gradients) + 4 (fp32 master) + 8 (Adam m, v) = 16 bytes each: 6.74e9 x 16 = 107.8e9 B = 100 GiB,
    // four times a 24 GB GPU before any activation. ZeRO cannot shard over one GPU.
    const Plan plan = makePlan(R"({ "preset": "llama-2-7b" })", kFull7b, kOne4090, false);
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    EXPECT_NEAR(model->parameters.total, 6.74e9, 0.01e9);
    const CandidatePlan result = searchCandidate(plan, plan.candidates[0], *model, builtinCatalog(), "candidates[0]");
    EXPECT_FALSE(result.fits);
    EXPECT_FALSE(result.best.fits);
    EXPECT_GT(result.best.memory.total, 100.0 * 0.9 * kGiB); // at least ~16 B/param of model states
    ASSERT_TRUE(result.best.failure.has_value());
    EXPECT_FALSE(result.best.failure->message.empty());
    ASSERT_FALSE(result.best.suggestions.empty()) << "the planner should say what would fit";
    bool hasTechniqueOrHardware = false;
    for (const auto& s : result.best.suggestions) {
        SCOPED_TRACE(s.code + ": " + s.message);
        EXPECT_EQ(s.code.rfind("suggest_", 0), 0u);
        EXPECT_FALSE(s.message.empty());
        const CandidateResult r = evaluateSuggestion(plan, *model, s);
        EXPECT_TRUE(r.fits) << "suggestion does not fit when evaluated: "
                            << (r.failure ? r.failure->message : std::string());
        hasTechniqueOrHardware = hasTechniqueOrHardware || s.code == "suggest_lora" || s.code == "suggest_qlora"
            || s.code == "suggest_larger_gpu" || s.code == "suggest_more_gpus";
    }
    EXPECT_TRUE(hasTechniqueOrHardware);
}

TEST(PlannerAdvice, FullFineTune7bOnOne24GbGpuOnlyFitsByOffloading)
{
    // Searching the grid: without offload the 16 B/param above must stay on the GPU (one replica, nothing to
    // shard), so any fit found has to move at least the optimizer (12 B/param) to the host.
    const Plan plan = makePlan(R"({ "preset": "llama-2-7b" })", kFull7b, kOne4090, true);
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    const CandidatePlan result = searchCandidate(plan, plan.candidates[0], *model, builtinCatalog(), "candidates[0]");
    if (result.fits) {
        EXPECT_NE(result.best.configuration.offload, Offload::None);
    } else {
        ASSERT_TRUE(result.best.failure.has_value());
        EXPECT_FALSE(result.best.suggestions.empty());
    }
    for (const auto& p : result.frontier)
        EXPECT_NE(p.configuration.offload, Offload::None);
}

TEST(PlannerAdvice, Qlora70bFitsOne80GbGpu)
{
    // Hand check: Llama-2-70B has 6.9e10 parameters; NF4 stores 4 bits each plus ~0.127 bit of double-quantized
    // constants (QLoRA paper): 6.9e10 x 4.127 / 8 = 35.6e9 B = 33 GiB, well inside 80 GB with LoRA adapters,
    // their optimizer state and checkpointed activations of 2048-token sequences.
    const char* workload = R"({ "mode": "training", "technique": "qlora", "precision": "bf16",
        "weight_format": "nf4", "optimizer": "adamw", "lora": { "rank": 16, "target_modules": ["q_proj", "v_proj"] },
        "sequence_length": 2048, "micro_batch_size": 1, "gradient_accumulation_steps": 16, "global_batch_size": 16,
        "training_tokens": 1.0e7,
        "parallelism": { "data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 0, "offload": "none" } })";
    const Plan plan = makePlan(R"({ "preset": "llama-2-70b" })", workload,
        R"([{ "gpu": "a100-80gb-sxm", "gpus_per_node": 1, "nodes": 1, "price_per_hour": 45 }])", true);
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    EXPECT_NEAR(model->parameters.total, 6.9e10, 0.05e10);
    const CandidatePlan result = searchCandidate(plan, plan.candidates[0], *model, builtinCatalog(), "candidates[0]");
    ASSERT_TRUE(result.fits) << (result.best.failure ? result.best.failure->message : std::string());
    EXPECT_TRUE(result.best.fits);
    EXPECT_LE(result.best.memory.total, result.best.usableMemory);
    EXPECT_NEAR(result.best.memory.weights / kGiB, 33.1, 33.1 * 0.15);
    EXPECT_TRUE(result.summary.has_value());
}

TEST(PlannerAdvice, Full70bOnOneGpuSaysWeightsExceedMemory)
{
    // 70B in bf16 is 6.9e10 x 2 B = 129 GiB of weights, more than one 80 GB GPU; with max_nodes 1 and one GPU
    // per node nothing can shard them on the GPU, and the host of the bare GPU is not known.
    const char* workload = R"({ "mode": "training", "technique": "full", "precision": "bf16", "optimizer": "adamw",
        "sequence_length": 2048, "micro_batch_size": 1, "gradient_accumulation_steps": 1, "global_batch_size": 16,
        "training_tokens": 1.0e7,
        "parallelism": { "data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 0, "offload": "none" } })";
    const Plan plan = makePlan(
        R"({ "preset": "llama-2-70b" })", workload, R"([{ "instance": "tencent:GNV7e-1GPU", "nodes": 1 }])", false);
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    const CandidatePlan result = searchCandidate(plan, plan.candidates[0], *model, builtinCatalog(), "candidates[0]");
    ASSERT_FALSE(result.fits);
    ASSERT_TRUE(result.best.failure.has_value());
    EXPECT_EQ(result.best.failure->code, "weights_exceed_memory") << result.best.failure->message;
    std::string weights, gpu;
    for (const auto& [k, v] : result.best.failure->args) {
        if (k == "weights_gib")
            weights = v;
        if (k == "gpu_memory_gib")
            gpu = v;
    }
    EXPECT_NEAR(std::stod(weights), 6.9e10 * 2 / kGiB, 3.0);
    EXPECT_EQ(gpu, "80");
    for (const auto& s : result.best.suggestions) {
        SCOPED_TRACE(s.code + ": " + s.message);
        EXPECT_TRUE(evaluateSuggestion(plan, *model, s).fits);
    }
}

TEST(PlannerAdvice, RankingPutsFittingCandidatesFirst)
{
    // A 7B full fine-tune: 8 x A100-80GB fits; a single T4 (16 GB, 32 GiB host RAM) cannot, even offloading.
    const Plan plan = makePlan(R"({ "preset": "llama-2-7b" })", kFull7b,
        R"([{ "instance": "tencent:GN7.2XLARGE32", "nodes": 1 },
                                   { "instance": "tencent:GNV7e-8GPU", "nodes": 1 }])",
        true);
    auto result = searchPlan(plan, builtinCatalog());
    ASSERT_TRUE(result.ok()) << result.error().toString();
    ASSERT_EQ(result->candidates.size(), 2u);
    EXPECT_TRUE(result->candidates[0].fits);
    EXPECT_FALSE(result->candidates[1].fits);
    EXPECT_NE(result->candidates[0].best.candidate.find("GNV7e"), std::string::npos);
    ASSERT_TRUE(result->candidates[1].best.failure.has_value());
    for (const auto& s : result->candidates[1].best.suggestions) {
        Plan single = plan;
        single.candidates = { plan.candidates[0] };
        SCOPED_TRACE(s.code + ": " + s.message);
        auto model = resolveModel(plan.model);
        EXPECT_TRUE(evaluateSuggestion(single, *model, s).fits);
    }
}

TEST(PlannerAdvice, MoreNodesBeyondTheLimitAreNamed)
{
    // 70B full fine-tune on 4 x A100-40GB nodes (474 GiB RAM), max_nodes 1: model states are 16 B x 6.9e10 =
    // 1.1e12 B. Sharded over 4 GPUs without offload: 276 GB each; offloading the optimizer still leaves 4 B x
    // 6.9e10 / 4 = 69 GB of weights and gradients per GPU; offloading everything needs 1.1 TB of host RAM.
    // So more nodes are needed, and the planner names how many.
    const char* workload = R"({ "mode": "training", "technique": "full", "precision": "bf16", "optimizer": "adamw",
        "activation_checkpointing": "full", "sequence_length": 2048, "micro_batch_size": 1,
        "gradient_accumulation_steps": 1, "global_batch_size": 256, "training_tokens": 1.0e8,
        "parallelism": { "data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 3, "offload": "none" } })";
    const Plan plan = makePlan(R"({ "preset": "llama-2-70b" })", workload,
        R"([{ "instance": "tencent:GT4.20XLARGE474", "nodes": "auto" }])", true, 1);
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    const CandidatePlan result = searchCandidate(plan, plan.candidates[0], *model, builtinCatalog(), "candidates[0]");
    if (result.fits)
        GTEST_FAIL() << "70B full fine-tune should not fit one 4 x A100-40GB node: " << result.best.memory.total / kGiB
                     << " GiB per GPU";
    ASSERT_TRUE(result.best.failure.has_value());
    const Diagnostic* more = nullptr;
    for (const auto& s : result.best.suggestions)
        if (s.code == "suggest_more_gpus")
            more = &s;
    ASSERT_NE(more, nullptr) << result.best.failure->message;
    const int nodes = std::stoi(more->arg("nodes"));
    EXPECT_GT(nodes, 1);
    EXPECT_TRUE(evaluateSuggestion(plan, *model, *more).fits);
    EXPECT_NE(result.best.failure->message.find(std::to_string(nodes) + " nodes"), std::string::npos)
        << result.best.failure->message;
}

TEST(PlannerAdvice, AbsurdModelDoesNotCrashAndSaysWhy)
{
    // 1e13 parameters (a typical architecture is inferred): 2e13 bytes of bf16 weights, 18 TiB, cannot fit
    // any node; the planner must still answer with a reason instead of failing or hanging.
    const char* workload = R"({ "mode": "training", "technique": "full", "precision": "bf16", "optimizer": "adamw",
        "sequence_length": 4096, "micro_batch_size": 1, "gradient_accumulation_steps": 1, "global_batch_size": 1024,
        "training_tokens": 1.0e9,
        "parallelism": { "data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 0, "offload": "none" } })";
    const Plan plan = makePlan(
        R"({ "parameters": 1e13 })", workload, R"([{ "instance": "aws:p5.48xlarge", "nodes": "auto" }])", true, 2);
    auto result = searchPlan(plan, builtinCatalog());
    ASSERT_TRUE(result.ok()) << result.error().toString();
    ASSERT_EQ(result->candidates.size(), 1u);
    const CandidatePlan& c = result->candidates[0];
    EXPECT_FALSE(c.fits);
    ASSERT_TRUE(c.best.failure.has_value());
    // The closest configuration either keeps the weights on the GPUs (then they alone exceed them: 2e13 B over 16
    // GPUs is 1.2 TB each) or offloads them (then the host RAM binds: 2e13 B is more than any node's RAM, or the
    // activations of layers that wide do).
    const std::string& code = c.best.failure->code;
    if (code == "weights_exceed_memory")
        EXPECT_GT(c.best.memory.weights, c.best.usableMemory);
    else if (code == "host_memory_exceeded")
        EXPECT_GT(c.best.memory.cpuBytes, 2.0e13 / 2); // half the bf16 weights per node, at least
    else if (code == "activations_exceed_memory") // offloaded weights; the layers are too wide for one sequence
        EXPECT_GT(c.best.memory.activations + c.best.memory.logits, c.best.usableMemory);
    else
        ADD_FAILURE() << "unexpected failure " << code << ": " << c.best.failure->message;
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    for (const auto& s : c.best.suggestions) {
        SCOPED_TRACE(s.code + ": " + s.message);
        EXPECT_TRUE(evaluateSuggestion(plan, *model, s).fits);
    }
}

TEST(PlannerAdvice, InsideAPipelineTheZeroSuggestionIsZero1)
{
    // Llama 2 13B as configured on 2 x 8 A100-80GB: pipeline 2 x data 8, ZeRO-0. A stage holds 6.5 B parameters:
    // 13 GB of bf16 weights, 13 GB of gradients and 78 GB of fp32 master weights and Adam moments, so it cannot fit.
    // ZeRO-1 shards the 78 GB over 8 ranks. ZeRO-3 would keep the stage gathered and its gradients unsharded in
    // fp32 inside the pipeline, so the suggestion is ZeRO-1, evaluated.
    const char* workload = R"({ "mode": "training", "technique": "full", "precision": "bf16", "optimizer": "adamw",
        "activation_checkpointing": "full", "sequence_length": 2048, "micro_batch_size": 1,
        "gradient_accumulation_steps": 8, "global_batch_size": 64, "training_tokens": 1.0e8,
        "parallelism": { "data": "auto", "tensor": 1, "pipeline": 2, "zero_stage": 0, "offload": "none" } })";
    const Plan plan = makePlan(R"({ "preset": "llama-2-13b" })", workload,
        R"([{ "gpu": "a100-80gb-sxm", "gpus_per_node": 8, "nodes": 2, "price_per_hour": 100,
                                     "inter_node_gbps": 1600 }])",
        false, 2);
    auto model = resolveModel(plan.model);
    ASSERT_TRUE(model.ok());
    const CandidatePlan result = searchCandidate(plan, plan.candidates[0], *model, builtinCatalog(), "candidates[0]");
    ASSERT_FALSE(result.fits) << result.best.memory.total / kGiB << " GiB per GPU";
    ASSERT_EQ(result.best.configuration.pipeline, 2);
    const Diagnostic* zero = nullptr;
    for (const auto& s : result.best.suggestions)
        if (s.code == "suggest_zero")
            zero = &s;
    ASSERT_NE(zero, nullptr);
    EXPECT_EQ(zero->arg("zero_stage"), "1");
    EXPECT_EQ(zero->arg("pipeline"), "2");
    EXPECT_NE(zero->message.find("ZeRO-1"), std::string::npos) << zero->message;
    EXPECT_TRUE(evaluateSuggestion(plan, *model, *zero).fits);
}
