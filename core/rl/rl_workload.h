// An RL post-training plan (workload.mode "rl") resolved: the model of each role (actor, reference, reward, critic)
// and the samples and tokens of one RL step.
#pragma once

#include "base/expected.h"
#include "plan/plan.h"
#include "transformer/model_library.h"

#include <optional>

namespace gp
{

struct RlWorkload {
    RlSpec spec;
    Workload actorWorkload; // the plan's workload (technique, precision, optimizer, lora of the actor)
    ResolvedModel actor; // the plan's model
    bool reference = false; // a frozen copy of the actor scores the KL term
    std::optional<ResolvedModel> reward; // reward kind "model"
    std::optional<ResolvedModel> critic; // PPO
    double trainedSamples = 0; // prompts x samples per prompt: sequences trained each step
    double generatedSamples = 0; // x oversampling: sequences generated each step
    double generatedPrompts = 0; // prompts x oversampling: distinct prompts prefilled each step
    double meanSequenceTokens = 0; // prompt + mean response
    double maxSequenceTokens = 0; // prompt + longest response
};

// Resolves the roles' models and checks what the models bound: the longest prompt + response within the actor's
// context (`workload.rl.response_tokens_max`), a reward or critic model that resolves (`workload.rl.reward`,
// `workload.rl.critic`). Errors name the field.
Expected<RlWorkload> resolveRlWorkload(const Plan& plan);

} // namespace gp
