// The roles follow verl's PPO/GRPO trainer (verl/trainer/ppo/ray_trainer.py: actor_rollout_ref, critic, reward
// model; use_kl_loss / use_kl_in_reward need the reference policy) and OpenRLHF's four models (actor, critic,
// reward, reference). DAPO (Yu et al. 2025, arXiv:2503.14476) removes the KL term, so it has no reference by default,
// and its dynamic sampling generates more groups than it keeps (`oversampling`).
#include "rl/rl_workload.h"

#include <string>

namespace gp
{

namespace
{

Expected<ResolvedModel> resolveRlRole(const RlModelRef& ref, const std::string& field)
{
    ModelSpec spec;
    spec.preset = ref.preset;
    spec.parameters = ref.parameters;
    auto model = resolveModel(spec);
    if (!model) {
        Error e = model.error();
        e.field = field;
        return e;
    }
    return *model;
}

} // namespace

Expected<RlWorkload> resolveRlWorkload(const Plan& plan)
{
    RlWorkload w;
    w.spec = plan.workload.rl;
    w.actorWorkload = plan.workload;
    const RlSpec& s = w.spec;
    auto actor = resolveModel(plan.model);
    if (!actor)
        return actor.error();
    w.actor = *actor;
    const std::int64_t longest = s.promptTokens + s.responseTokensMax;
    const std::int64_t context = w.actor.architecture.maxPositions;
    if (context > 0 && longest > context)
        return Error { "workload.rl.response_tokens_max",
            "prompt_tokens + response_tokens_max (" + std::to_string(longest) + ") exceeds " + w.actor.name
                + "'s context of " + std::to_string(context) + " tokens" };
    w.reference = s.usesReference();
    if (s.rewardKind == RlRewardKind::Model && !s.rewardModel.given()) {
        w.reward = w.actor; // no model named: one of the actor's size, as the critic
    } else if (s.rewardKind == RlRewardKind::Model) {
        auto reward = resolveRlRole(s.rewardModel, "workload.rl.reward");
        if (!reward)
            return reward.error();
        w.reward = *reward;
    }
    if (s.algorithm == RlAlgorithm::Ppo) {
        if (s.critic) {
            auto critic = resolveRlRole(*s.critic, "workload.rl.critic");
            if (!critic)
                return critic.error();
            w.critic = *critic;
        } else {
            w.critic = w.actor; // OpenRLHF and verl start the critic from a model of the actor's size
        }
    }
    w.trainedSamples = double(s.promptsPerStep) * s.samplesPerPrompt;
    w.generatedSamples = w.trainedSamples * s.oversampling;
    w.generatedPrompts = double(s.promptsPerStep) * s.oversampling;
    w.meanSequenceTokens = double(s.promptTokens + s.responseTokensMean);
    w.maxSequenceTokens = double(longest);
    return w;
}

} // namespace gp
