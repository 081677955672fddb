// workload.mode "rl": the plan fields read, written back and refused with the field named (docs/plan-format.md
// "RL post-training").
#include "plan/limits.h"
#include "plan/plan.h"
#include "plan/plan_fields.h"
#include "rl/rl_workload.h"

#include <gtest/gtest.h>

#include <string>

namespace gp
{
namespace
{

std::string rlPlanWith(const std::string& rlFields, const std::string& workloadExtra = "")
{
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "qwen2.5-7b"},
              "workload": {"mode": "rl")"
        + workloadExtra + R"(, "rl": {)" + rlFields + R"(}}})";
}

void rlExpectRefused(const std::string& text, const std::string& field, const std::string& words)
{
    auto plan = parsePlan(text);
    ASSERT_FALSE(plan) << text;
    EXPECT_EQ(plan.error().field, field) << plan.error().message;
    EXPECT_NE(plan.error().message.find(words), std::string::npos) << plan.error().message;
}

TEST(RlPlan, ExamplePlanReadsAndWritesBack)
{
    auto plan = parsePlan(rlPlanText());
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_EQ(plan->workload.mode, Mode::Rl);
    const RlSpec& rl = plan->workload.rl;
    EXPECT_EQ(rl.algorithm, RlAlgorithm::Grpo);
    EXPECT_EQ(rl.promptsPerStep, 128);
    EXPECT_EQ(rl.samplesPerPrompt, 8);
    EXPECT_EQ(rl.responseTokensMax, 8192);
    EXPECT_EQ(rl.miniBatches, 4);
    EXPECT_TRUE(rl.usesReference());
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(*again, *plan);
}

TEST(RlPlan, EveryFieldSurvivesARoundTrip)
{
    auto plan = parsePlan(rlPlanWith(R"("algorithm": "ppo", "prompts_per_step": 32, "samples_per_prompt": 2,
        "oversampling": 1.5, "prompt_tokens": 256, "response_tokens_mean": 300, "response_tokens_max": 900,
        "ppo_epochs": 2, "mini_batches": 8, "steps": 77, "reference": false,
        "reward": {"kind": "model", "preset": "llama-3.1-8b"}, "critic": {"parameters": 1.5e9},
        "placement": "separate", "rollout_gpus": 4, "off_policy_steps": 1)"));
    ASSERT_TRUE(plan) << plan.error().toString();
    const RlSpec& rl = plan->workload.rl;
    EXPECT_EQ(rl.algorithm, RlAlgorithm::Ppo);
    EXPECT_DOUBLE_EQ(rl.oversampling, 1.5);
    EXPECT_EQ(rl.ppoEpochs, 2);
    EXPECT_FALSE(rl.usesReference());
    EXPECT_EQ(rl.rewardKind, RlRewardKind::Model);
    EXPECT_EQ(rl.rewardModel.preset, "llama-3.1-8b");
    ASSERT_TRUE(rl.critic);
    EXPECT_DOUBLE_EQ(*rl.critic->parameters, 1.5e9);
    EXPECT_EQ(rl.placement, RlPlacement::Separate);
    EXPECT_EQ(*rl.rolloutGpus, 4);
    EXPECT_EQ(rl.offPolicySteps, 1);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(*again, *plan);
    EXPECT_EQ(again->workload.rl.critic->parameters, rl.critic->parameters);
    EXPECT_EQ(again->workload.rl.rolloutGpus, rl.rolloutGpus);
}

TEST(RlPlan, RuleRewardWorkersAreReadWrittenAndRefusedByName)
{
    auto plan = parsePlan(rlPlanWith(R"("reward": {"kind": "rule", "cpu_seconds_per_sample": 0.098, "workers": 8})"));
    ASSERT_TRUE(plan) << plan.error().toString();
    ASSERT_TRUE(plan->workload.rl.rewardWorkers);
    EXPECT_EQ(*plan->workload.rl.rewardWorkers, 8);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(*again, *plan);
    // "auto" and absent are one per vCPU of a node: nothing stated, nothing written.
    plan = parsePlan(rlPlanWith(R"("reward": {"kind": "rule", "workers": "auto"})"));
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_FALSE(plan->workload.rl.rewardWorkers);
    EXPECT_EQ(serializePlan(*plan).find("\"workers\""), std::string::npos);
    rlExpectRefused(rlPlanWith(R"("reward": {"kind": "rule", "workers": 0})"), "workload.rl.reward.workers", "0");
    rlExpectRefused(rlPlanWith(R"("reward": {"kind": "rule", "workers": 2.5})"), "workload.rl.reward.workers", "2.5");
    rlExpectRefused(rlPlanWith(R"("reward": {"kind": "model", "parameters": 1e9, "workers": 8})"),
        "workload.rl.reward.workers", "rule reward");
}

TEST(RlPlan, DapoHasNoReferenceUnlessAsked)
{
    auto plan = parsePlan(rlPlanWith(R"("algorithm": "dapo")"));
    ASSERT_TRUE(plan);
    EXPECT_FALSE(plan->workload.rl.usesReference());
    plan = parsePlan(rlPlanWith(R"("algorithm": "dapo", "reference": true)"));
    ASSERT_TRUE(plan);
    EXPECT_TRUE(plan->workload.rl.usesReference());
}

TEST(RlPlan, BadInputNamesTheField)
{
    rlExpectRefused(rlPlanWith(R"("samples_per_prompt": 0)"), "workload.rl.samples_per_prompt", "0");
    rlExpectRefused(rlPlanWith(R"("critic": {"preset": "qwen2.5-7b"})"), "workload.rl.critic", "grpo has no critic");
    rlExpectRefused(rlPlanWith(R"("algorithm": "dapo", "critic": {"parameters": 1e9})"), "workload.rl.critic",
        "dapo has no critic");
    rlExpectRefused(rlPlanWith(R"("response_tokens_mean": 5000, "response_tokens_max": 4096)"),
        "workload.rl.response_tokens_mean", "at most response_tokens_max");
    rlExpectRefused(
        rlPlanWith(R"("placement": "colocated", "rollout_gpus": 4)"), "workload.rl.rollout_gpus", "separate");
    rlExpectRefused(
        rlPlanWith(R"("placement": "colocated", "off_policy_steps": 1)"), "workload.rl.off_policy_steps", "separate");
    rlExpectRefused(rlPlanWith(R"("algorithm": "sac")"), "workload.rl.algorithm", "grpo, dapo, ppo");
    rlExpectRefused(
        rlPlanWith(R"("reward": {"kind": "model", "preset": ""})"), "workload.rl.reward.preset", "parameters");
    rlExpectRefused(
        rlPlanWith(R"("reward": {"kind": "rule", "preset": "qwen2.5-7b"})"), "workload.rl.reward.kind", "no model");
    rlExpectRefused(rlPlanWith(R"("prompts_per_step": 2, "samples_per_prompt": 2, "mini_batches": 5)"),
        "workload.rl.mini_batches", "at most prompts_per_step x samples_per_prompt (4)");
    rlExpectRefused(rlPlanWith("", R"(, "technique": "qlora")"), "workload.technique", "\"full\" or \"lora\"");
}

TEST(RlPlan, AResponseLongerThanTheContextNamesTheField)
{
    // Llama-2-7B's config.json: max_position_embeddings 4096.
    std::string text
        = rlPlanWith(R"("prompt_tokens": 1024, "response_tokens_mean": 1000, "response_tokens_max": 4000)");
    text.replace(text.find("qwen2.5-7b"), 10, "llama-2-7b");
    auto plan = parsePlan(text);
    ASSERT_TRUE(plan) << plan.error().toString();
    auto w = resolveRlWorkload(*plan);
    ASSERT_FALSE(w);
    EXPECT_EQ(w.error().field, "workload.rl.response_tokens_max");
    EXPECT_NE(w.error().message.find("5024"), std::string::npos) << w.error().message;
    EXPECT_NE(w.error().message.find("4096"), std::string::npos) << w.error().message;
    plan->workload.rl.responseTokensMax = 3072; // 1024 + 3072 = 4096 fits exactly
    EXPECT_TRUE(resolveRlWorkload(*plan));
}

TEST(RlPlan, PpoCriticDefaultsToTheActorAndRewardModelsResolve)
{
    auto plan = parsePlan(rlPlanWith(R"("algorithm": "ppo", "samples_per_prompt": 1,
        "reward": {"kind": "model", "parameters": 2e9})"));
    ASSERT_TRUE(plan) << plan.error().toString();
    auto w = resolveRlWorkload(*plan);
    ASSERT_TRUE(w) << w.error().toString();
    ASSERT_TRUE(w->critic);
    EXPECT_DOUBLE_EQ(w->critic->parameters.total, w->actor.parameters.total);
    ASSERT_TRUE(w->reward);
    EXPECT_NEAR(w->reward->parameters.total, 2e9, 0.05 * 2e9);
    EXPECT_TRUE(w->reference);
    // A reward model without a preset or size is one of the actor's size (the window's reward row can pick "model").
    plan = parsePlan(rlPlanWith(R"("reward": {"kind": "model"})"));
    ASSERT_TRUE(plan) << plan.error().toString();
    w = resolveRlWorkload(*plan);
    ASSERT_TRUE(w && w->reward);
    EXPECT_DOUBLE_EQ(w->reward->parameters.total, w->actor.parameters.total);
}

// The RL scalars are entries of the plan's field table: each is read from workload.rl (or workload.rl.reward), its
// bound from plan/limits.h refuses one past it naming the field, and a training plan that sets none writes no RL
// section while one that sets an RL value writes it back.
TEST(RlPlan, ScalarsComeFromTheFieldTable)
{
    int rlFields = 0;
    for (const PlanField& f : planFields()) {
        if (!std::string_view(f.path).starts_with("workload.rl."))
            continue;
        ++rlFields;
        SCOPED_TRACE(std::string(f.path));
        if (f.kind != FieldKind::Integer && f.kind != FieldKind::Number)
            continue;
        const std::string key(f.key());
        const bool reward = f.parent() == "workload.rl.reward";
        const std::string over = nlohmann::json(f.kind == FieldKind::Integer ? f.max + 1 : f.max * 2).dump();
        const std::string fields
            = reward ? R"("reward": {"kind": "rule", ")" + key + "\": " + over + "}" : "\"" + key + "\": " + over;
        rlExpectRefused(rlPlanWith(fields), std::string(f.path), "");
    }
    EXPECT_EQ(rlFields, 17); // every scalar of docs/plan-format.md "RL post-training"
    EXPECT_EQ(findPlanField("workload.rl.samples_per_prompt")->max, double(limits::kMaxRlSamplesPerPrompt));

    auto training = parsePlan(defaultPlanText());
    ASSERT_TRUE(training);
    EXPECT_FALSE(planToJson(*training)["workload"].contains("rl"));
    training->workload.rl.promptsPerStep = 64;
    const nlohmann::json written = planToJson(*training);
    ASSERT_TRUE(written["workload"].contains("rl"));
    EXPECT_EQ(written["workload"]["rl"]["prompts_per_step"], 64);
    EXPECT_EQ(written["workload"]["rl"]["reward"]["kind"], "rule");
    auto again = planFromJson(written);
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(*again, *training);
}

// A reward switched from a model to a rule, or a critic removed, leaves the file: they are written whole.
TEST(RlPlan, ARemovedRewardModelOrCriticLeavesTheFile)
{
    auto plan = parsePlan(rlPlanWith(R"("algorithm": "ppo", "reward": {"kind": "model", "preset": "llama-3.1-8b"},
        "critic": {"parameters": 1.5e9}, "unknown_knob": 3)"));
    ASSERT_TRUE(plan) << plan.error().toString();
    plan->workload.rl.rewardKind = RlRewardKind::Rule;
    plan->workload.rl.rewardModel = {}; // a rule reward has none (the file keeps none)
    plan->workload.rl.critic.reset();
    const nlohmann::json written = planToJson(*plan);
    EXPECT_FALSE(written["workload"]["rl"]["reward"].contains("preset"));
    EXPECT_FALSE(written["workload"]["rl"].contains("critic"));
    EXPECT_EQ(written["workload"]["rl"]["unknown_knob"], 3); // a field this version does not know survives
    auto again = planFromJson(written);
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(*again, *plan);
}

} // namespace
} // namespace gp
