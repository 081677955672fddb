// Step composition: colocated and synchronous separate pools run the phases one after another (verl
// RayPPOTrainer.fit; OpenRLHF without --async_train); with off_policy_steps >= 1 the rollout pool generates the
// next step's samples while the training pool trains (OpenRLHF --async_train, AReaL, slime), so the step is the
// longer of the two sides plus the weight sync.
#include "rl/rl_step_time.h"

#include "estimate/serving/engine_memory.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"
#include "rl/rl_placement.h"
#include "rl/rl_rollout.h"
#include "transformer/lora_modules.h"

#include <algorithm>
#include <cmath>

namespace gp
{

RlForward rlForwardPass(const ResolvedModel& model, const Workload& actorWorkload, double sequences, double tokens,
    const Hardware& pool, const RlGpuDefaults& gpu)
{
    RlForward f;
    const int gpus = std::max(1, pool.totalGpus());
    Workload w = actorWorkload;
    w.mode = Mode::Inference;
    w.inference.promptTokens = std::max<std::int64_t>(1, std::int64_t(std::llround(tokens)));
    w.inference.outputTokens = 0;
    Configuration c;
    c.microBatchSize = std::max(1, int(std::ceil(sequences / gpus)));
    const InferenceSpeed s = estimateInferenceSpeed(model, w, c, pool, gpu.performance, gpu.peakTflops);
    f.seconds = s.prefillSeconds;
    if (gpus > 1) {
        const double bytes = rlFrozenWeightBytes(model, actorWorkload) * (gpus - 1) / gpus;
        const double bus = pool.nodes > 1 ? nodeNetworkGBps(pool, gpu.performance) / std::max(1, pool.gpusPerNode)
                                          : intraNodeBusGBps(pool, gpu.performance);
        f.seconds += bus > 0 ? bytes / (bus * 1e9) : INFINITY;
    }
    const double flops = 2.0 * model.parameters.active * c.microBatchSize * tokens;
    f.utilization = f.seconds > 0 && gpu.peakTflops > 0 ? flops / (f.seconds * gpu.peakTflops * 1e12) : 0;
    return f;
}

double rlWeightSyncSeconds(
    const RlWorkload& w, const Hardware& candidate, const RlLayout& layout, const RlGpuDefaults& gpu)
{
    const bool lora = w.actorWorkload.technique == Technique::Lora;
    const double bytes = (lora ? loraParameters(w.actor.architecture, w.actorWorkload.lora) : w.actor.parameters.total)
        * bytesPerElement(gpu.actorWorkload.precision);
    const Hardware trainer = rlPoolHardware(candidate, layout.trainingGpus);
    const int g = std::max(1, trainer.totalGpus());
    double seconds = 0;
    if (g > 1 && !lora) {
        const double bus = trainer.nodes > 1 ? nodeNetworkGBps(trainer, gpu.performance) / trainer.gpusPerNode
                                             : intraNodeBusGBps(trainer, gpu.performance);
        seconds += bus > 0 ? bytes * (g - 1) / g / (bus * 1e9) : INFINITY;
    }
    if (layout.placement == RlPlacement::Separate) {
        const bool oneNode = candidate.nodes == 1;
        const double link
            = oneNode ? intraNodeBusGBps(candidate, gpu.performance) : nodeNetworkGBps(candidate, gpu.performance);
        seconds += link > 0 ? bytes / (link * 1e9) : INFINITY;
    }
    return seconds;
}

namespace
{

struct RlTraining {
    double seconds = 0;
    double mfu = 0;
};

// One RL step's updates of `model`: ppo_epochs x mini_batches optimizer steps over the step's samples, packed into
// micro-batches of at most the longest sequence's tokens (verl use_dynamic_bsz / ppo_max_token_len_per_gpu).
RlTraining rlTrainSeconds(const ResolvedModel& model, Workload work, const Configuration& trainer, const RlWorkload& w,
    const Hardware& pool, const RlGpuDefaults& gpu, const Catalog& catalog)
{
    const double global = std::max(1.0, w.trainedSamples / w.spec.miniBatches);
    work.mode = Mode::Training;
    work.sequenceLength = std::max<std::int64_t>(1, std::int64_t(std::llround(w.meanSequenceTokens)));
    Configuration c = trainer;
    c.microBatchSize = std::max(1, int(std::floor(w.maxSequenceTokens / w.meanSequenceTokens)));
    c.microBatchSize = std::min<int>(c.microBatchSize, int(std::ceil(global / std::max(1, c.data))));
    c.gradientAccumulationSteps = std::max(1, int(std::ceil(global / (double(c.microBatchSize) * c.data))));
    work.microBatchSize = c.microBatchSize;
    work.gradientAccumulationSteps = c.gradientAccumulationSteps;
    work.globalBatchSize = std::int64_t(global);
    const ThroughputEstimate t
        = estimateThroughput(model, work, c, pool, catalog, gpu.performance, ThroughputDetail::FiguresOnly);
    return { t.step.total * w.spec.miniBatches * w.spec.ppoEpochs, t.modelFlopsUtilization };
}

FitFailure rlMemoryFailure(const std::string& role, double needed, double usable)
{
    const auto gib = [](double b) { return std::to_string(int(std::lround(b / 1073741824.0))); };
    return { "rl_role_does_not_fit",
        "the " + role + " needs " + gib(needed) + " GiB per GPU; " + gib(usable) + " GiB usable",
        { { "role", role }, { "needed_gib", gib(needed) }, { "usable_gib", gib(usable) } } };
}

} // namespace

namespace
{

// What the rollout phase leaves for the phases after it: the engine's weights (slept and woken colocated).
struct RlRolloutEngine {
    double weightBytes = 0;
};

// The rollout engine's share of each GPU (vLLM's gpu_memory_utilization: its weights, activations and KV cache):
// the plan's workload.serving.engine.gpu_memory_utilization (the rollout engine is a serving engine), else,
// colocated, the catalog's RL rollout default (verl's rollout config), separate pools the serving engine's own.
// Colocated, the sleeping trainer's resident states stay on the GPU beside it, so the engine gets at most what they
// leave.
double rlRolloutMemoryShare(const Plan& plan, const Catalog& catalog, const EngineSettings& engine,
    const Hardware& rolloutPool, const ServingDefaults& sd, bool colocated, double resident)
{
    const double visible = std::max(
        1.0, rolloutPool.gpu.usableMemoryBytes.value_or(rolloutPool.gpu.memoryBytes) - sd.driverReservedBytes);
    const std::optional<double>& planned = plan.workload.serving.engine.gpuMemoryUtilization;
    const double share = planned ? *planned
        : colocated              ? catalogDefault(catalog, "rl.rollout.gpu_memory_utilization", 0.01, 1)
                                 : engine.gpuMemoryUtilization;
    return colocated ? std::min(share, 1.0 - resident / visible) : share;
}

// KV-cache preemption: the engine admits a request while its prompt's blocks are free (up to max_num_seqs), so
// more start than the KV cache holds once they grow; when it fills, vLLM preempts the newest and recomputes them
// later (V1's only mode): their prompt and the tokens made so far are prefilled again.
void rlAddPreemption(RlRollout& rollout, const RlWorkload& w, const ReplicaSteps& steps, const EngineSettings& engine,
    const EngineMemory& em, double perEngine, double capacity)
{
    const double admitted = std::min({ double(engine.maxNumSeqs), perEngine,
        std::floor(double(em.kvCacheTokens) / std::max(1.0, double(w.spec.promptTokens))) });
    if (admitted <= capacity)
        return;
    const double filledAt = std::min(double(w.spec.responseTokensMax),
        std::max(0.0, double(em.kvCacheTokens) / admitted - double(w.spec.promptTokens)));
    rollout.preemptedSequences = admitted - capacity;
    const double tokens = rollout.preemptedSequences * (double(w.spec.promptTokens) + filledAt);
    const double budget = std::max(1, steps.tokenBudget());
    rollout.recomputeSeconds = tokens / budget * steps.stepSeconds(0, budget);
}

// The rollout phase: the engines' memory, the generation with its long tail and the recompute of preempted
// sequences. Sets e.failure when the engine has no room for one longest sequence's KV cache.
RlRolloutEngine rlRolloutPhase(RlStepEstimate& e, const RlWorkload& w, const Plan& plan, const Hardware& rolloutPool,
    const RlTrainerMemory& tm, const RlGpuDefaults& gpu, const Catalog& catalog)
{
    const RlLayout& layout = e.layout;
    const bool colocated = layout.placement == RlPlacement::Colocated;
    Workload rollout = gpu.actorWorkload;
    rollout.mode = Mode::Serving;
    rollout.serving.promptTokens = w.spec.promptTokens;
    rollout.serving.outputTokens = w.spec.responseTokensMean;
    rollout.serving.engine.maxModelLen = w.spec.promptTokens + w.spec.responseTokensMax;
    const ServingDefaults sd = servingDefaults(catalog, plan.assumptions);
    EngineSettings engine = engineSettings(rollout, rolloutPool.gpu, sd, layout.rolloutTensor);
    const double resident = colocated ? tm.actorResidentBytes + tm.criticResidentBytes + tm.frozenBytes : 0.0;
    engine.gpuMemoryUtilization = rlRolloutMemoryShare(plan, catalog, engine, rolloutPool, sd, colocated, resident);
    Configuration rc;
    rc.tensor = layout.rolloutTensor;
    const EngineMemory em = engineMemory(w.actor, rollout, rc, rolloutPool, engine, sd, plan.assumptions, catalog);
    if (engine.gpuMemoryUtilization <= 0 || double(em.kvCacheTokens) < w.maxSequenceTokens) {
        e.failure = FitFailure { "rl_rollout_no_kv_cache",
            "the rollout engine (tensor " + std::to_string(layout.rolloutTensor)
                + ") has no room for the KV cache of one longest response beside "
                + (colocated ? "the trainer's states" : "its weights"),
            { { "role", "rollout" }, { "tensor", std::to_string(layout.rolloutTensor) } } };
        return {};
    }
    const ReplicaSteps steps(w.actor, rollout, rc, rolloutPool, engine, sd, catalog, plan.assumptions);
    const int replicas = std::max(1, layout.rolloutGpus / std::max(1, layout.rolloutTensor));
    const double capacity = std::min<double>(engine.maxNumSeqs, std::floor(em.kvCacheTokens / w.meanSequenceTokens));
    const bool tailFilled = !colocated && layout.offPolicySteps >= 2;
    const double hbm = rolloutPool.gpu.memoryBandwidthGBps * 1e9 * sd.decodeBandwidthEfficiency;
    const double kvSecondsPerToken = hbm > 0 ? em.kvBytesPerToken / hbm : 0.0;
    const double perEngine = w.generatedSamples / replicas;
    e.rollout = rlRolloutTime(steps, perEngine, w.generatedPrompts / replicas, capacity,
        double(w.spec.responseTokensMean), double(w.spec.responseTokensMax), tailFilled, kvSecondsPerToken,
        w.generatedSamples, catalogDefault(catalog, "rl.rollout.truncated_share", 0, 1));
    rlAddPreemption(e.rollout, w, steps, engine, em, perEngine, capacity);
    e.rollout.replicas = replicas;
    e.rollout.kvCacheTokens = em.kvCacheTokens;
    e.rollout.peakTokensPerSecond *= replicas;
    const double rolloutSeconds = e.rollout.prefillSeconds + e.rollout.recomputeSeconds + e.rollout.decodeSeconds;
    const double generated = w.generatedSamples * w.spec.responseTokensMean;
    const double rolloutUtil
        = e.rollout.decodeSeconds > 0 ? generated / (e.rollout.peakTokensPerSecond * e.rollout.decodeSeconds) : 0;
    e.phases.push_back({ RlPhase::Rollout, colocated ? RlPool::All : RlPool::Rollout, layout.rolloutGpus,
        rolloutSeconds, rolloutUtil, em.engineBytes + resident });
    return { em.weightBytes };
}

// Reward, old log-probs, reference, values: forwards over the trained samples on the training GPUs; then the
// critic's and the actor's updates.
void rlTrainingPhases(RlStepEstimate& e, const RlWorkload& w, const Hardware& candidate, const Hardware& trainPool,
    const RlTrainerMemory& tm, const RlGpuDefaults& gpu, const Catalog& catalog)
{
    const RlPool pool = e.layout.placement == RlPlacement::Colocated ? RlPool::All : RlPool::Training;
    const int tg = trainPool.totalGpus();
    const double n = w.trainedSamples, tokens = w.meanSequenceTokens;
    if (w.reward) {
        const RlForward f = rlForwardPass(*w.reward, gpu.actorWorkload, n, tokens, trainPool, gpu);
        e.phases.push_back({ RlPhase::Reward, pool, tg, f.seconds, f.utilization, tm.forwardPeakBytes });
    } else {
        const double cores = std::max(1, candidate.vcpusPerNode);
        e.phases.push_back(
            { RlPhase::Reward, RlPool::Cpu, 0, w.generatedSamples * w.spec.rewardCpuSecondsPerSample / cores, 0, 0 });
    }
    const RlForward actorForward = rlForwardPass(w.actor, gpu.actorWorkload, n, tokens, trainPool, gpu);
    e.phases.push_back(
        { RlPhase::ActorForward, pool, tg, actorForward.seconds, actorForward.utilization, tm.forwardPeakBytes });
    if (w.reference)
        e.phases.push_back(
            { RlPhase::Reference, pool, tg, actorForward.seconds, actorForward.utilization, tm.forwardPeakBytes });
    if (w.critic) {
        const RlForward f = rlForwardPass(*w.critic, gpu.actorWorkload, n, tokens, trainPool, gpu);
        e.phases.push_back({ RlPhase::CriticForward, pool, tg, f.seconds, f.utilization, tm.forwardPeakBytes });
        Workload criticWork = gpu.actorWorkload;
        criticWork.technique = Technique::Full;
        const RlTraining t = rlTrainSeconds(*w.critic, criticWork, tm.config, w, trainPool, gpu, catalog);
        e.phases.push_back({ RlPhase::CriticTrain, pool, tg, t.seconds, t.mfu, tm.criticTrainPeakBytes });
    }
    const RlTraining actor = rlTrainSeconds(w.actor, gpu.actorWorkload, tm.config, w, trainPool, gpu, catalog);
    e.phases.push_back({ RlPhase::ActorTrain, pool, tg, actor.seconds, actor.mfu, tm.actorTrainPeakBytes });
}

// The phase that limits the step: the longest on the critical path (async: the longer side, and the sync).
RlPhase rlLimitingPhase(const RlStepEstimate& e, bool async)
{
    const RlPhaseTime* limit = &e.phases.front();
    for (const RlPhaseTime& p : e.phases) {
        const bool onPath = !async || (e.rolloutSideSeconds >= e.trainingSideSeconds) == (p.phase == RlPhase::Rollout)
            || p.phase == RlPhase::WeightSync;
        if (onPath && p.seconds > limit->seconds)
            limit = &p;
    }
    if (async && e.trainingSideSeconds > e.rolloutSideSeconds && limit->phase == RlPhase::Rollout) {
        for (const RlPhaseTime& p : e.phases)
            if (p.phase != RlPhase::Rollout && (limit->phase == RlPhase::Rollout || p.seconds > limit->seconds))
                limit = &p;
    }
    return limit->phase;
}

// Compose the step from its phases: one after another, or (async) the longer of the two sides plus the sync.
void rlComposeStep(RlStepEstimate& e, double sync)
{
    const bool colocated = e.layout.placement == RlPlacement::Colocated;
    e.rolloutSideSeconds = e.phases.front().seconds;
    for (const RlPhaseTime& p : e.phases)
        if (p.phase != RlPhase::Rollout && p.phase != RlPhase::WeightSync)
            e.trainingSideSeconds += p.seconds;
    const bool async = !colocated && e.layout.offPolicySteps >= 1;
    const double serial = e.rolloutSideSeconds + e.trainingSideSeconds;
    e.stepSeconds = (async ? std::max(e.rolloutSideSeconds, e.trainingSideSeconds) : serial) + sync;
    e.overlapSeconds = serial + sync - e.stepSeconds;
    e.rolloutPoolBusy = colocated ? 1.0 : e.rolloutSideSeconds / e.stepSeconds;
    e.trainingPoolBusy = colocated ? 1.0 : (e.trainingSideSeconds + sync) / e.stepSeconds;
    e.limitingPhase = rlLimitingPhase(e, async);
    for (const RlPhaseTime& p : e.phases)
        e.peakMemoryBytesPerGpu = std::max(e.peakMemoryBytesPerGpu, p.memoryBytesPerGpu);
    e.fits = std::isfinite(e.stepSeconds) && e.stepSeconds > 0;
    if (!e.fits)
        e.failure = FitFailure { "rl_step_not_finite", "the step time is not finite on this candidate", {} };
}

} // namespace

RlStepEstimate estimateRlStep(const RlWorkload& w, const Plan& plan, const Hardware& candidate,
    const RlLayout& layoutIn, const RlGpuDefaults& gpu, const Catalog& catalog)
{
    RlStepEstimate e;
    e.layout = layoutIn;
    const bool colocated = e.layout.placement == RlPlacement::Colocated;
    const Hardware trainPool = rlPoolHardware(candidate, e.layout.trainingGpus);
    const Hardware rolloutPool = rlPoolHardware(candidate, e.layout.rolloutGpus);
    e.usableMemoryBytes = gpu.usableBytes;

    // The trainer's states and the frozen models on the training GPUs.
    const RlTrainerMemory tm = rlTrainerMemory(w, trainPool, gpu);
    e.layout.trainer = tm.config;
    if (!tm.fits) {
        const bool critic = tm.role == "critic";
        e.failure
            = rlMemoryFailure(tm.role, critic ? tm.criticTrainPeakBytes : tm.actorTrainPeakBytes, gpu.usableBytes);
        return e;
    }
    const RlRolloutEngine engine = rlRolloutPhase(e, w, plan, rolloutPool, tm, gpu, catalog);
    if (e.failure)
        return e;
    rlTrainingPhases(e, w, candidate, trainPool, tm, gpu, catalog);
    // Colocated, verl's sharding manager puts the engine to sleep after each rollout (sleep(level=1): its weights
    // copied to host memory) and wakes its weights before loading the new ones: one copy each way over the host link.
    const double host = pcieGBps(rolloutPool, catalog, gpu.performance) * 1e9;
    const double wake = colocated ? (host > 0 ? 2 * engine.weightBytes / host : INFINITY) : 0.0;
    e.rollout.sleepWakeSeconds = wake;
    const double sync = rlWeightSyncSeconds(w, candidate, e.layout, gpu) + wake;
    e.phases.push_back({ RlPhase::WeightSync, colocated ? RlPool::All : RlPool::Training, trainPool.totalGpus(), sync,
        0, colocated ? tm.forwardPeakBytes + engine.weightBytes : tm.forwardPeakBytes });
    rlComposeStep(e, sync);
    return e;
}

} // namespace gp
