// Sanity warnings for questions without a sensible answer: the codes, their hand-computed arguments, and that
// `estimate` and the planner's results carry them.
#include "estimate/estimator.h"
#include "estimate/sanity_checks.h"
#include "plan/plan.h"
#include "planner/planner.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>

using nlohmann::json;

namespace
{

gp::Plan sanityPlan(const json& patch)
{
    json document = json::parse(gp::defaultPlanText());
    document.merge_patch(patch);
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", 1 } } });
    auto plan = gp::parsePlan(document.dump());
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

const gp::Diagnostic* find(const gp::Diagnostics& warnings, const std::string& code)
{
    auto it = std::find_if(warnings.begin(), warnings.end(), [&](const auto& d) { return d.code == code; });
    return it == warnings.end() ? nullptr : &*it;
}

gp::Diagnostics estimateWarnings(const gp::Plan& plan)
{
    auto estimate = gp::estimatePlan(plan, gp::builtinCatalog());
    EXPECT_TRUE(estimate.ok()) << (estimate.ok() ? "" : estimate.error().toString());
    return estimate.ok() && !estimate->results.empty() ? estimate->results.front().warnings : gp::Diagnostics {};
}

} // namespace

TEST(SanityChecks, DefaultPlanHasNone)
{
    const gp::Diagnostics w = estimateWarnings(sanityPlan(json::object()));
    for (const char* code :
        { "global_batch_exceeds_dataset", "run_shorter_than_one_step", "sequence_exceeds_model_context" })
        EXPECT_EQ(find(w, code), nullptr) << code;
}

TEST(SanityChecks, GlobalBatchLargerThanTheDataset)
{
    // The case: a global batch of 10M sequences of 4,096 tokens on 300M tokens. One step takes
    // 10,000,000 x 4,096 = 40,960,000,000 tokens, 136.5 times the dataset.
    const gp::Plan plan
        = sanityPlan({ { "workload", { { "global_batch_size", 10000000 }, { "training_tokens", 3e8 } } } });
    const gp::Diagnostics w = estimateWarnings(plan);
    const gp::Diagnostic* d = find(w, "global_batch_exceeds_dataset");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->arg("dataset_tokens"), "300000000");
    // 8 GPUs, micro-batch 1: accumulation ceil(10,000,000 / 8) = 1,250,000 -> exactly 10,000,000 sequences.
    EXPECT_EQ(d->arg("global_batch"), "10000000");
    EXPECT_EQ(d->arg("step_tokens"), "40960000000");
    EXPECT_NE(find(w, "run_shorter_than_one_step"), nullptr); // the whole run is a fraction of that step
}

TEST(SanityChecks, RunShorterThanOneStep)
{
    // 3 training tokens against one step of 64 sequences x 4,096 tokens = 262,144 tokens.
    const gp::Diagnostics w = estimateWarnings(sanityPlan({ { "workload", { { "training_tokens", 3 } } } }));
    const gp::Diagnostic* d = find(w, "run_shorter_than_one_step");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->arg("training_tokens"), "3");
    EXPECT_EQ(d->arg("step_tokens"), "262144");
}

TEST(SanityChecks, OneStepSmallerThanTheRunIsFine)
{
    // 262,144 tokens per step; 262,144 tokens in the run is exactly one step: no warning. One token less is.
    gp::Diagnostics w = estimateWarnings(sanityPlan({ { "workload", { { "training_tokens", 262144 } } } }));
    EXPECT_EQ(find(w, "run_shorter_than_one_step"), nullptr);
    EXPECT_EQ(find(w, "global_batch_exceeds_dataset"), nullptr);
    w = estimateWarnings(sanityPlan({ { "workload", { { "training_tokens", 262143 } } } }));
    EXPECT_NE(find(w, "run_shorter_than_one_step"), nullptr);
}

TEST(SanityChecks, SequencePastTheModelsContext)
{
    // Llama-2-7B: max_position_embeddings 4,096.
    gp::Diagnostics w = estimateWarnings(sanityPlan({ { "workload", { { "sequence_length", 4096 } } } }));
    EXPECT_EQ(find(w, "sequence_exceeds_model_context"), nullptr);
    w = estimateWarnings(sanityPlan({ { "workload", { { "sequence_length", 8192 } } } }));
    const gp::Diagnostic* d = find(w, "sequence_exceeds_model_context");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->arg("sequence_length"), "8192");
    EXPECT_EQ(d->arg("max_positions"), "4096");
    // Inference: prompt + output count: 4,000 + 200 > 4,096.
    w = estimateWarnings(sanityPlan({ { "workload",
        { { "mode", "inference" }, { "inference", { { "prompt_tokens", 4000 }, { "output_tokens", 200 } } } } } }));
    d = find(w, "sequence_exceeds_model_context");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->arg("sequence_length"), "4200");
}

TEST(SanityChecks, PlannerResultsCarryThem)
{
    const gp::Plan plan = sanityPlan({ { "workload", { { "training_tokens", 3 } } } });
    gp::SearchControl control;
    control.threads = 1;
    auto searched = gp::searchPlan(plan, gp::builtinCatalog(), control);
    ASSERT_TRUE(searched.ok());
    ASSERT_FALSE(searched->candidates.empty());
    EXPECT_NE(find(searched->candidates.front().best.warnings, "run_shorter_than_one_step"), nullptr);
}

TEST(SanityChecks, EpochsSplitTheRunIntoPassesOverTheDataset)
{
    // 600,000 tokens as 3 epochs of a 200,000-token dataset: one step of 262,144 tokens is more than the dataset
    // but the run is more than two steps long.
    const gp::Plan plan = sanityPlan({ { "workload", { { "training_tokens", 600000 }, { "epochs", 3 } } } });
    EXPECT_DOUBLE_EQ(gp::planEpochs(plan), 3.0);
    const gp::Diagnostics w = estimateWarnings(plan);
    const gp::Diagnostic* d = find(w, "global_batch_exceeds_dataset");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->arg("dataset_tokens"), "200000");
    EXPECT_EQ(find(w, "run_shorter_than_one_step"), nullptr);
    // Without epochs the same run is one 600,000-token dataset: no warning.
    EXPECT_EQ(find(estimateWarnings(sanityPlan({ { "workload", { { "training_tokens", 600000 } } } })),
                  "global_batch_exceeds_dataset"),
        nullptr);
}

TEST(SanityChecks, RecomputeModuleTheModelDoesNotHave)
{
    // The default plan's dense model has neither latent attention nor experts: both switches are named; Megatron-Core
    // itself refuses them there (transformer_config.py).
    const gp::Diagnostics w = estimateWarnings(
        sanityPlan({ { "workload", { { "recompute_mla_up_proj", true }, { "recompute_moe_act", true } } } }));
    int named = 0;
    for (const gp::Diagnostic& d : w)
        if (d.code == "recompute_module_not_in_model")
            named += d.message.find("workload.recompute_mla_up_proj") != std::string::npos
                || d.message.find("workload.recompute_moe_act") != std::string::npos;
    EXPECT_EQ(named, 2);
    EXPECT_EQ(find(estimateWarnings(sanityPlan({ { "workload", { { "recompute_layernorm", true } } } })),
                  "recompute_module_not_in_model"),
        nullptr);
}
