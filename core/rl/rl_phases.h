// The phases of one RL step, where each runs, and what the step estimate answers (names: docs/plan-format.md
// "RL results").
#pragma once

#include "base/diagnostic.h"
#include "estimate/common/results.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// In the order a synchronous step runs them (verl's RayPPOTrainer.fit: generate, reward, old log-prob, reference,
// values, advantages, critic update, actor update; then the weights go to the rollout engine).
enum class RlPhase { Rollout, Reward, ActorForward, Reference, CriticForward, CriticTrain, ActorTrain, WeightSync };
std::string_view toString(RlPhase phase);
// Every phase, in step order.
const std::vector<RlPhase>& rlPhases();

// Which GPUs a phase runs on: all of them (colocated), the rollout pool or the training pool (separate), or the host
// CPUs (a rule reward).
enum class RlPool { All, Rollout, Training, Cpu };
std::string_view toString(RlPool pool);

struct RlPhaseTime {
    RlPhase phase = RlPhase::Rollout;
    RlPool pool = RlPool::All;
    int gpus = 0;
    double seconds = 0;
    double utilization = 0; // rollout: generated tokens over what the full batch would make in that time;
                            // training: MFU; forwards: achieved over dense peak FLOPs; weight sync: 0
    double memoryBytesPerGpu = 0; // what one GPU of the pool holds during the phase
};

// How the roles sit on a candidate's GPUs.
struct RlLayout {
    RlPlacement placement = RlPlacement::Colocated; // Colocated or Separate
    int nodes = 1;
    int rolloutGpus = 0; // colocated: every GPU
    int trainingGpus = 0; // colocated: every GPU
    int rolloutTensor = 1; // tensor-parallel GPUs per rollout engine
    Configuration trainer; // the actor's (and critic's) layout on the training GPUs
    int offPolicySteps = 0;
};

struct RlRollout {
    int replicas = 0; // rollout engines
    double sequencesPerReplica = 0;
    double concurrency = 0; // sequences one engine decodes together at the start (KV cache, max_num_seqs)
    std::int64_t kvCacheTokens = 0;
    double prefillSeconds = 0;
    double decodeSeconds = 0;
    double tailSeconds = 0; // after the batch has fallen below half its peak: the long tail
    double longestResponseTokens = 0; // the expected longest of the step's responses (its slowest engine's)
    double peakTokensPerSecond = 0; // all engines at the start of the batch
    bool tailFilled = false; // off-policy >= 2: the engines start the next step's prompts in the tail
    double preemptedSequences = 0; // per engine: admitted beyond what its KV cache holds, recomputed later
    double recomputeSeconds = 0; // prefilling them again
    double sleepWakeSeconds = 0; // colocated: the engine's weights to host memory at the rollout's end (half of it,
                                 // in the rollout phase) and back at the weight sync's start (the other half)
};

struct RlStepEstimate {
    RlLayout layout;
    std::vector<RlPhaseTime> phases;
    RlRollout rollout;
    double rolloutSideSeconds = 0; // rollout (separate pools: what the rollout pool does per step; off-policy, the
                                   // longer of it and a rule reward scoring beside it)
    double trainingSideSeconds = 0; // reward, forwards, training
    double overlapSeconds = 0; // hidden by async rollouts (separate pools, off-policy)
    double hostOffloadSeconds = 0; // workload.parallelism.offload: trainer states to host and back between phases
    double refitHostSeconds = 0; // the weight sync's per-tensor and per-bucket host work (rlRefitHostSeconds)
    double stepSeconds = 0;
    RlPhase limitingPhase = RlPhase::Rollout;
    double rolloutPoolBusy = 0; // share of the step each pool works (colocated: 1)
    double trainingPoolBusy = 0;
    double peakMemoryBytesPerGpu = 0;
    double usableMemoryBytes = 0;
    bool fits = false;
    std::optional<FitFailure> failure; // code names the role: "rl_rollout_no_kv_cache", "rl_training_memory", ...
    Diagnostics warnings;
};

} // namespace gp
