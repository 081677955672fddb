#include "rl/rl_phases.h"

namespace gp
{

std::string_view toString(RlPhase phase)
{
    switch (phase) {
    case RlPhase::Rollout:
        return "rollout";
    case RlPhase::Reward:
        return "reward";
    case RlPhase::ActorForward:
        return "actor_forward";
    case RlPhase::Reference:
        return "reference";
    case RlPhase::CriticForward:
        return "critic_forward";
    case RlPhase::CriticTrain:
        return "critic_train";
    case RlPhase::ActorTrain:
        return "actor_train";
    case RlPhase::WeightSync:
        return "weight_sync";
    }
    return "rollout";
}

const std::vector<RlPhase>& rlPhases()
{
    static const std::vector<RlPhase> all = { RlPhase::Rollout, RlPhase::Reward, RlPhase::ActorForward,
        RlPhase::Reference, RlPhase::CriticForward, RlPhase::CriticTrain, RlPhase::ActorTrain, RlPhase::WeightSync };
    return all;
}

std::string_view toString(RlPool pool)
{
    switch (pool) {
    case RlPool::All:
        return "all";
    case RlPool::Rollout:
        return "rollout";
    case RlPool::Training:
        return "training";
    case RlPool::Cpu:
        return "cpu";
    }
    return "all";
}

} // namespace gp
