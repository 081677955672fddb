// Where the roles of an RL step run on a candidate: colocated (rollout engine and trainer take turns on every GPU,
// verl's hybrid engine) or separate pools (rollout GPUs and training GPUs, OpenRLHF / AReaL / slime), and the
// layouts the search tries.
#pragma once

#include "estimate/common/hardware.h"
#include "rl/rl_phases.h"
#include "rl/rl_workload.h"

#include <vector>

namespace gp
{

// `gpus` GPUs of the candidate as a hardware of their own: inside one node when fewer than a node's GPUs (the
// pool keeps the node's links), else whole nodes.
Hardware rlPoolHardware(const Hardware& candidate, int gpus);

// Tensor-parallel degrees a rollout engine may use on `gpus` GPUs of this GPU kind: divisors of the GPUs inside one
// node that divide the attention heads, smallest first.
std::vector<int> rlRolloutTensorDegrees(const Hardware& candidate, int gpus, const RlWorkload& workload);

// The rollout-pool sizes tried for separate pools on `totalGpus` GPUs: the plan's `rollout_gpus` when given, else a
// quarter, a half and three quarters of the GPUs (whole nodes when the candidate has more than one), each leaving
// the training pool at least one GPU (one node).
std::vector<int> rlRolloutPoolSizes(const RlSpec& spec, const Hardware& candidate);

} // namespace gp
