// Reinforcement-learning post-training (workload.rl, workload.mode "rl"; spec: docs/plan-format.md "RL
// post-training") and its scalar inputs as entries of the plan's field table (plan_fields.h, field_entry.h).
#pragma once

#include "plan/field_entry.h"
#include "plan/limits.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gp
{

// Reinforcement-learning post-training (workload.mode "rl", spec: docs/plan-format.md "RL post-training"): the actor
// is the plan's model trained with workload.technique/precision/optimizer/lora; rollouts, reference, reward and
// critic around it. Models other than the actor are given by a preset or a parameter count.
enum class RlAlgorithm { Grpo, Dapo, Ppo };
enum class RlPlacement { Auto, Colocated, Separate };
enum class RlRewardKind { Rule, Model };
struct RlModelRef {
    bool operator==(const RlModelRef&) const = default;
    std::string preset; // model library id, may be empty
    std::optional<double> parameters; // only a size
    bool given() const { return !preset.empty() || parameters.has_value(); }
};
struct RlSpec {
    bool operator==(const RlSpec&) const = default;
    RlAlgorithm algorithm = RlAlgorithm::Grpo;
    int promptsPerStep = 128;
    int samplesPerPrompt = 8; // responses per prompt (the group; 1 for PPO as usual)
    double oversampling = 1; // generated per kept sample (DAPO's dynamic sampling refills filtered groups)
    std::int64_t promptTokens = 512;
    std::int64_t responseTokensMean = 1024;
    std::int64_t responseTokensMax = 4096; // the longest response the engine allows (its tail ends the rollout)
    int ppoEpochs = 1; // passes over the step's samples
    int miniBatches = 1; // optimizer steps per pass
    std::int64_t steps = 500; // RL steps in all
    std::optional<bool> reference; // KL to a frozen copy of the actor; default: yes, but not for DAPO
    RlRewardKind rewardKind = RlRewardKind::Rule;
    double rewardCpuSecondsPerSample = 0.05; // rule/verifier: CPU seconds to score one response
    // rule/verifier: processes scoring responses side by side (NeMo RL's env.math.num_workers, verl's reward
    // workers), at most the candidate's vCPUs; absent = one per vCPU of a node
    std::optional<int> rewardWorkers;
    RlModelRef rewardModel; // reward kind "model"
    std::optional<RlModelRef> critic; // PPO only; absent = the actor's model
    RlPlacement placement = RlPlacement::Auto;
    std::optional<int> rolloutGpus; // separate pools: GPUs generating; absent = searched
    int offPolicySteps = 0; // separate pools: rollouts this many steps ahead of training (async)

    bool usesReference() const { return reference.value_or(algorithm != RlAlgorithm::Dapo); }
};

// workload.rl's scalars; the reward model and the critic (a preset or a size) are read and written beside the
// table (plan_parse.cpp readRl, plan_write.cpp).
template <class Table> void rlFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("workload.rl.algorithm", GP_PLAN_MEMBER(workload.rl.algorithm), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "RL algorithm"));
    t.add("workload.rl.prompts_per_step", GP_PLAN_MEMBER(workload.rl.promptsPerStep), Unit::None, 1,
         double(kMaxRlPromptsPerStep), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Prompts per step"));
    t.add("workload.rl.samples_per_prompt", GP_PLAN_MEMBER(workload.rl.samplesPerPrompt), Unit::Sequences, 1,
         double(kMaxRlSamplesPerPrompt), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Responses per prompt"),
            GP_TRANSLATE_NOOP("FieldText", "Responses generated for each prompt (GRPO's group size)"));
    t.add("workload.rl.oversampling", GP_PLAN_MEMBER(workload.rl.oversampling), Unit::Ratio, 1, kMaxRlOversampling,
         Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Oversampling"),
            GP_TRANSLATE_NOOP("FieldText",
                "Responses generated per response kept (DAPO's dynamic sampling refills the "
                "groups it drops)"));
    t.add("workload.rl.prompt_tokens", GP_PLAN_MEMBER(workload.rl.promptTokens), Unit::Tokens, 1, double(kMaxSequence),
         Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "RL prompt tokens"));
    t.add("workload.rl.response_tokens_mean", GP_PLAN_MEMBER(workload.rl.responseTokensMean), Unit::Tokens, 1,
         double(kMaxSequence), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Mean response tokens"));
    t.add("workload.rl.response_tokens_max", GP_PLAN_MEMBER(workload.rl.responseTokensMax), Unit::Tokens, 1,
         double(kMaxSequence), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Longest response tokens"),
            GP_TRANSLATE_NOOP("FieldText", "The longest response the engine allows: its tail ends the rollout"));
    t.add("workload.rl.ppo_epochs", GP_PLAN_MEMBER(workload.rl.ppoEpochs), Unit::None, 1, double(kMaxRlPpoEpochs),
         Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Passes per step"));
    t.add("workload.rl.mini_batches", GP_PLAN_MEMBER(workload.rl.miniBatches), Unit::None, 1, double(kMaxRlMiniBatches),
         Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Optimizer steps per pass"));
    t.add("workload.rl.steps", GP_PLAN_MEMBER(workload.rl.steps), Unit::None, 1, double(kMaxRlSteps), Write::WithRl,
         Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "RL steps"));
    t.add("workload.rl.reference", GP_PLAN_MEMBER(workload.rl.reference), Write::NotAtDefault, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Reference model"),
            GP_TRANSLATE_NOOP("FieldText",
                "A frozen copy of the actor scores the KL term; default: yes, but not for "
                "DAPO"));
    t.add("workload.rl.reward.kind", GP_PLAN_MEMBER(workload.rl.rewardKind), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Reward"));
    t.add("workload.rl.reward.cpu_seconds_per_sample", GP_PLAN_MEMBER(workload.rl.rewardCpuSecondsPerSample),
         Unit::Seconds, 0, kMaxRlRewardCpuSeconds, Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Verifier CPU time per response"));
    t.add("workload.rl.reward.workers", GP_PLAN_MEMBER(workload.rl.rewardWorkers), Unit::None, 1,
         double(kMaxRlRewardWorkers), Write::NotAtDefault, Report::Question)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Verifier processes"),
            GP_TRANSLATE_NOOP("FieldText",
                "Processes that score rule rewards side by side, at most the vCPUs; empty = one per vCPU of a "
                "node"));
    t.add("workload.rl.placement", GP_PLAN_MEMBER(workload.rl.placement), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Placement"));
    t.add("workload.rl.rollout_gpus", GP_PLAN_MEMBER(workload.rl.rolloutGpus), Unit::None, 1, double(kMaxRlRolloutGpus),
         Write::WithRl, Report::Question)
        .absentAs("auto")
        .words(GP_TRANSLATE_NOOP("FieldText", "Rollout GPUs"),
            GP_TRANSLATE_NOOP("FieldText", "Separate pools: GPUs that generate; empty = searched"));
    t.add("workload.rl.off_policy_steps", GP_PLAN_MEMBER(workload.rl.offPolicySteps), Unit::None, 0,
         double(kMaxRlOffPolicySteps), Write::WithRl, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Off-policy steps"),
            GP_TRANSLATE_NOOP("FieldText",
                "Separate pools: rollouts this many steps ahead of training (0 = "
                "synchronous)"));
}

} // namespace gp
