// Step composition: colocated and synchronous separate pools run the phases one after another (verl
// RayPPOTrainer.fit; OpenRLHF without --async_train); with off_policy_steps >= 1 the rollout pool generates the
// next step's samples while the training pool trains (OpenRLHF --async_train, AReaL, slime), so the step is the
// longer of the two sides plus the weight sync.
#include "rl/rl_step_time.h"

#include "estimate/common/pipeline_schedule.h"
#include "estimate/serving/engine_memory.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"
#include "rl/rl_placement.h"
#include "rl/rl_rollout.h"
#include "transformer/layers.h"
#include "transformer/lora_modules.h"
#include "transformer/training_flops.h"

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

namespace
{

// Megatron-Core's grouped experts issue one GEMM per local expert from the host, two a MoE layer forward (fc1, fc2),
// each at least moe.grouped_gemm_call_us: the training model's floor (moe_layer_time.h expertCallFloor; its FP8
// quantize and expert-bias kernels are not counted here), here for a forward alone (NeMo RL's log-probs run
// Megatron-Core's forward). What the floor adds to `prefillSeconds` (every stage's layers of one data-parallel rank
// over its `microBatches`): the routed experts' share of its FLOPs runs no faster than their calls. None for other
// stacks, dense models or a full-iteration CUDA graph.
double rlEagerExpertCallsExtraSeconds(const ResolvedModel& model, const Workload& work, const Configuration& layout,
    double prefillSeconds, double tokens, int microBatches, const PerformanceDefaults& d)
{
    const Architecture& a = model.architecture;
    if (work.framework != TrainingStack::Megatron || work.cudaGraphs == CudaGraphScope::FullIteration
        || a.numExperts <= 1)
        return 0.0;
    const ForwardFlops f = forwardFlopsPerToken(a, model.parameters, work, tokens, true);
    const double share = f.total() > 0 ? std::clamp(f.experts / f.total(), 0.0, 1.0) : 0.0;
    const double localExperts = double(a.numExperts) / double(std::min(std::max(1, layout.expert), a.numExperts));
    const double calls = moeLayers(a) * std::max(1, microBatches) * localExperts * 2.0;
    return std::max(0.0, calls * d.groupedGemmCallSeconds - share * prefillSeconds);
}

} // namespace

RlForward rlMegatronForwardPass(const ResolvedModel& model, const Workload& actorWorkload, const Configuration& layout,
    double sequences, double tokens, double sequencesPerMicroBatch, const Hardware& pool, const RlGpuDefaults& gpu)
{
    RlForward f;
    const int data = std::max(1, layout.data);
    Workload w = actorWorkload;
    w.mode = Mode::Inference;
    w.inference.promptTokens = std::max<std::int64_t>(1, std::int64_t(std::llround(tokens)));
    w.inference.outputTokens = 0;
    Configuration c = layout;
    c.microBatchSize = std::max(1, int(std::ceil(sequences / data)));
    const InferenceSpeed s = estimateInferenceSpeed(model, w, c, pool, gpu.performance, gpu.peakTflops);
    // The pipeline's stages each run 1 / pipeline of the layers over the data-parallel rank's micro-batches and idle
    // (pipeline - 1) / micro-batches of that (the training model's pipelineBubbleFraction, forward only).
    Configuration schedule = layout;
    schedule.gradientAccumulationSteps
        = std::max(1, int(std::ceil(c.microBatchSize / std::max(1.0, sequencesPerMicroBatch))));
    const int p = std::max(1, layout.pipeline);
    f.seconds = (s.prefillSeconds
                    + rlEagerExpertCallsExtraSeconds(model, w, layout, s.prefillSeconds, tokens,
                        schedule.gradientAccumulationSteps, gpu.performance))
        / p * (1 + pipelineBubbleFraction(schedule));
    const double flops = 2.0 * model.parameters.active * c.microBatchSize * tokens / (std::max(1, c.tensor) * p);
    f.utilization = f.seconds > 0 && gpu.peakTflops > 0 ? flops / (f.seconds * gpu.peakTflops * 1e12) : 0;
    return f;
}

double rlMegatronShardShare(const RlWorkload& w, int trainingGpus)
{
    const Configuration c = rlMegatronConfiguration(w, trainingGpus);
    const int modelParallel = c.tensor * c.pipeline;
    const double routed = routedExpertFraction(w.actor.architecture, w.actor.parameters, w.actor.parameters.total);
    return (1 - routed) / modelParallel + routed / (double(modelParallel) * c.expert);
}

double rlRewardScorers(const RlSpec& spec, const Hardware& candidate)
{
    const int vcpus = std::max(0, candidate.vcpusPerNode);
    if (!spec.rewardWorkers)
        return std::max(1, vcpus);
    const double workers = std::max(1, *spec.rewardWorkers);
    return vcpus > 0 ? std::min(workers, double(vcpus) * std::max(1, candidate.nodes)) : workers;
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
        // FSDP: each GPU gathers the shards it lacks, (g - 1) / g of the weights. Megatron (NeMo RL's gather_params):
        // each GPU gathers the whole model from its tensor, pipeline and expert peers, all but its own shard, over
        // the slowest link that group crosses: Megatron-Core ranks tensor fastest, then expert, data and pipeline
        // last (parallel_state.py initialize_model_parallel, order "tp-cp-ep-dp-pp"), so tensor x expert peers sit
        // in one node when they fit and pipeline peers are a node or more apart once the pool spans nodes.
        const ParallelismSpec& p = w.actorWorkload.parallelism;
        const bool megatron = w.actorWorkload.framework == TrainingStack::Megatron;
        const bool megatronAcrossNodes = std::max(1, p.tensor) * std::max(1, p.expert) > trainer.gpusPerNode
            || (p.pipeline > 1 && trainer.nodes > 1);
        const int group
            = megatron ? std::min(g, std::max(1, p.tensor) * std::max(1, p.pipeline) * std::max(1, p.expert)) : g;
        const double gathered = megatron ? bytes * (1 - rlMegatronShardShare(w, g)) : bytes * (g - 1) / g;
        const bool network = megatron ? megatronAcrossNodes && group > 1 : trainer.nodes > 1;
        const double bus = network ? nodeNetworkGBps(trainer, gpu.performance) / trainer.gpusPerNode
                                   : intraNodeBusGBps(trainer, gpu.performance);
        seconds += bus > 0 ? gathered / (bus * 1e9) : INFINITY;
    }
    if (layout.placement == RlPlacement::Separate) {
        const bool oneNode = candidate.nodes == 1;
        const double link
            = oneNode ? intraNodeBusGBps(candidate, gpu.performance) : nodeNetworkGBps(candidate, gpu.performance);
        seconds += link > 0 ? bytes / (link * 1e9) : INFINITY;
    }
    return seconds;
}

double rlParameterTensors(const Architecture& a)
{
    const double layers = totalLayers(a);
    const double moe = a.numExperts > 1 ? moeLayers(a) : 0.0;
    const double matrices = a.mlp == MlpKind::Gated ? 3.0 : 2.0;
    const double mlpTensors = matrices * (a.mlpBias ? 2.0 : 1.0);
    // q, k, v, o (with biases where the model has them) or MLA's q_a, q_a_norm, q_b, kv_a, kv_a_norm, kv_b, o.
    const double attention = a.latentAttention() ? (a.qLoraRank > 0 ? 7.0 : 5.0) : (a.attentionBias ? 7.0 : 4.0);
    const double norms = (a.sandwichNorms ? 4.0 : 2.0) + (a.qkNorm ? 2.0 : 0.0);
    const double expertLayer
        = a.numExperts * mlpTensors + 1.0 + (a.expertBias ? 1.0 : 0.0) + (a.numSharedExperts > 0 ? matrices : 0.0);
    const double perModel = 2.0 + (a.tieWordEmbeddings ? 0.0 : 1.0); // embeddings, final norm, head
    return layers * (attention + norms) + (layers - moe) * mlpTensors + moe * expertLayer + perModel;
}

RlRefitHost rlRefitHostSeconds(const RlWorkload& w, const RlLayout& layout, const RlGpuDefaults& gpu,
    double engineWeightBytes, double trainerShardBytes, const Catalog& catalog)
{
    RlRefitHost r;
    if (w.actorWorkload.technique == Technique::Lora)
        return r; // the adapters: a few tensors
    r.tensors = rlParameterTensors(w.actor.architecture);
    r.updateSeconds = r.tensors * catalogDefault(catalog, "rl.refit.update_seconds_per_tensor", 0, 1);
    if (!rlMegatronTrainer(w))
        return r;
    r.gatherSeconds = r.tensors * catalogDefault(catalog, "rl.refit.gather_seconds_per_tensor", 0, 1);
    if (layout.placement != RlPlacement::Colocated)
        return r; // NeMo RL's separate pools broadcast over NCCL: no CUDA IPC hand-off
    const double bytes = w.actor.parameters.total * bytesPerElement(gpu.actorWorkload.precision);
    const double free = std::max(1.0, gpu.usableBytes - engineWeightBytes - trainerShardBytes);
    const double bucket = free * catalogDefault(catalog, "rl.refit.bucket_memory_ratio", 1e-3, 1);
    r.buckets = std::ceil(bytes / bucket);
    r.handoffSeconds = r.tensors * std::max(1, layout.rolloutTensor)
            * catalogDefault(catalog, "rl.refit.handoff_seconds_per_tensor_rank", 0, 1)
        + r.buckets * catalogDefault(catalog, "rl.refit.ipc_bucket_seconds", 0, 10);
    return r;
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
    const RlTrainerMemory& tm, double offloadedBytes, const RlGpuDefaults& gpu, const Catalog& catalog)
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
    const double resident = colocated
        ? std::max(0.0, tm.actorResidentBytes + tm.criticResidentBytes + tm.frozenBytes - offloadedBytes)
        : 0.0;
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
        const double scorers = rlRewardScorers(w.spec, candidate);
        e.phases.push_back(
            { RlPhase::Reward, RlPool::Cpu, 0, w.generatedSamples * w.spec.rewardCpuSecondsPerSample / scorers, 0, 0 });
    }
    // NeMo RL's Megatron worker runs the policy's and the reference's log-probs in its training layout (the
    // reference's weights swapped into the same model: use_reference_model), micro-batches packed as the update's.
    const double packed = std::max(1.0, std::floor(w.maxSequenceTokens / std::max(1.0, tokens)));
    const RlForward actorForward = rlMegatronTrainer(w)
        ? rlMegatronForwardPass(w.actor, gpu.actorWorkload, tm.config, n, tokens, packed, trainPool, gpu)
        : rlForwardPass(w.actor, gpu.actorWorkload, n, tokens, trainPool, gpu);
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

// Bytes a training GPU copies between its memory and the host around each phase (load and offload counted apart),
// and what stays on the host while the rollout engine runs.
struct RlHostCopies {
    double actorForward = 0;
    double reference = 0;
    double criticForward = 0;
    double criticTrain = 0;
    double actorTrain = 0;
    double weightSync = 0;
    double offloadedBytes = 0; // per GPU, off the GPU during the rollout
};

// The plan's workload.parallelism.offload between phases (verl fsdp_workers.py @8fdc4d3 (v0.5.0), fsdp_config
// param_offload / optimizer_offload): a worker loads its FSDP parameters to the GPU before each phase that uses them
// (update_actor, compute_log_prob, compute_ref_log_prob, the sharding manager's weight sync in fsdp_vllm.py, the
// critic's compute_values and update_critic) and offloads them after; the optimizer states only around the update.
// Each load and each offload is one copy of the GPU's shard over its host link. Between phases the states stay on
// the host, so a colocated engine may use their memory.
RlHostCopies rlPlannedOffloadCopies(const RlWorkload& w, const RlTrainerMemory& tm)
{
    const Offload planned = w.actorWorkload.parallelism.offload;
    RlHostCopies h;
    if (planned == Offload::None)
        return h;
    const bool params = planned == Offload::OptimizerAndParameters;
    const double actorOptimizer = tm.actor.optimizer;
    const double criticOptimizer = tm.critic ? tm.critic->optimizer : 0.0;
    const double actorParams = params ? tm.actor.weights : 0.0;
    const double criticParams = params && tm.critic ? tm.critic->weights : 0.0;
    const double referenceParams = params && w.reference && w.actorWorkload.technique == Technique::Full
        ? rlFrozenWeightBytes(w.actor, w.actorWorkload) / std::max(1, tm.config.data)
        : 0.0;
    h.actorTrain = 2 * (actorParams + actorOptimizer);
    h.actorForward = 2 * actorParams;
    h.reference = 2 * referenceParams;
    h.criticForward = 2 * criticParams;
    h.criticTrain = 2 * (criticParams + criticOptimizer);
    h.weightSync = 2 * actorParams;
    h.offloadedBytes = actorParams + actorOptimizer + referenceParams + criticParams + criticOptimizer;
    return h;
}

// NeMo RL's Megatron policy worker (workload.framework megatron; nemo_rl/models/policy/megatron_policy_worker.py at
// v0.3.0 b1c86a8 and v0.4.0 c751f81, called from nemo_rl/algorithms/grpo.py) copies the trainer's states between the
// GPU and the host every step, whatever the plan's offload:
// - prepare_for_lp_inference reloads the parameter shard (rlMegatronShardShare) before the log-probs, and through
//   offload_before_refit moves the optimizer states (the distributed optimizer's moments, sharded over every training
//   GPU: optimizerBytesPerParameter x parameters / GPUs) to the host;
// - use_reference_model copies the shard to host, loads the reference's host copy and restores the policy's around
//   the reference pass: three copies of the shard;
// - prepare_for_training reloads the optimizer states before the update;
// - colocated, refit_policy_generation's offload_before_refit moves them to the host again and offload_after_refit
//   copies the parameter shard to the host once the engine holds the new weights. The gradients are freed, not
//   copied (Megatron-Core param_and_grad_buffer.py offload_to_cpu resizes grad_data to 0).
// Colocated, the engine then runs beside none of the actor's states; the reference lives on the host.
// The optimizer states move with tensor.to('cpu') and back with .to('cuda'): pageable host memory, charged as
// pcie.pageable_slowdown times their bytes at the pinned rate. The parameter buffer's copies are pinned
// (Megatron-Core offload_to_cpu keeps a pinned host copy), and so are the reference's swaps (non_blocking copies to
// the host land in PyTorch's pinned host allocator).
RlHostCopies rlMegatronCopies(const RlWorkload& w, const RlTrainerMemory& tm, int trainingGpus, bool colocated,
    double bytesPerParameter, double pageableSlowdown)
{
    RlHostCopies h;
    const double shard = w.actor.parameters.total * rlMegatronShardShare(w, trainingGpus) * bytesPerParameter;
    const double optimizer = optimizerBytesPerParameter(w.actorWorkload.optimizer) * w.actor.parameters.total
        / std::max(1, trainingGpus) * std::max(1.0, pageableSlowdown);
    h.actorForward = colocated ? shard : optimizer; // colocated the refit has moved the optimizer states already
    h.reference = w.reference ? 3 * shard : 0.0;
    h.actorTrain = optimizer;
    h.weightSync = colocated ? shard + optimizer : 0.0;
    h.offloadedBytes = colocated ? tm.actorResidentBytes : 0.0; // the reference is on the host already
    return h;
}

RlHostCopies rlHostCopies(
    const RlWorkload& w, const RlTrainerMemory& tm, int trainingGpus, bool colocated, const RlGpuDefaults& gpu)
{
    return rlMegatronTrainer(w) ? rlMegatronCopies(
               w, tm, trainingGpus, colocated, bytesPerElement(gpu.actorWorkload.precision), gpu.pageableSlowdown)
                                : rlPlannedOffloadCopies(w, tm);
}

// Adds the copies to the phases they belong to; returns the weight sync's.
double rlAddHostOffload(RlStepEstimate& e, const RlHostCopies& h, double hostBytesPerSecond)
{
    const auto seconds = [&](double bytes) {
        return bytes <= 0 ? 0.0 : hostBytesPerSecond > 0 ? bytes / hostBytesPerSecond : INFINITY;
    };
    for (RlPhaseTime& p : e.phases) {
        double added = 0;
        if (p.phase == RlPhase::ActorTrain)
            added = seconds(h.actorTrain);
        else if (p.phase == RlPhase::ActorForward)
            added = seconds(h.actorForward);
        else if (p.phase == RlPhase::Reference)
            added = seconds(h.reference);
        else if (p.phase == RlPhase::CriticForward)
            added = seconds(h.criticForward);
        else if (p.phase == RlPhase::CriticTrain)
            added = seconds(h.criticTrain);
        p.seconds += added;
        e.hostOffloadSeconds += added;
    }
    const double sync = seconds(h.weightSync);
    e.hostOffloadSeconds += sync;
    return sync;
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
    const bool async = !colocated && e.layout.offPolicySteps >= 1;
    // Off-policy, a rule reward scores each response as it finishes, beside the engines: NeMo RL's async rollout
    // calls calculate_rewards per sample as its generation ends (nemo_rl/experience/rollouts.py
    // run_sample_multi_turn_rollout at v0.4.0), so that side lasts the longer of the two, not their sum.
    double besideRollout = 0;
    e.rolloutSideSeconds = e.phases.front().seconds;
    for (const RlPhaseTime& p : e.phases) {
        if (async && p.phase == RlPhase::Reward && p.pool == RlPool::Cpu)
            besideRollout = p.seconds;
        else if (p.phase != RlPhase::Rollout && p.phase != RlPhase::WeightSync)
            e.trainingSideSeconds += p.seconds;
    }
    e.rolloutSideSeconds = std::max(e.rolloutSideSeconds, besideRollout);
    const double serial = e.rolloutSideSeconds + e.trainingSideSeconds;
    e.stepSeconds = (async ? std::max(e.rolloutSideSeconds, e.trainingSideSeconds) : serial) + sync;
    double phases = 0;
    for (const RlPhaseTime& p : e.phases)
        phases += p.phase == RlPhase::WeightSync ? 0.0 : p.seconds;
    e.overlapSeconds = phases + sync - e.stepSeconds;
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
    const RlHostCopies copies = rlHostCopies(w, tm, trainPool.totalGpus(), colocated, gpu);
    const RlRolloutEngine engine = rlRolloutPhase(e, w, plan, rolloutPool, tm, copies.offloadedBytes, gpu, catalog);
    if (e.failure)
        return e;
    rlTrainingPhases(e, w, candidate, trainPool, tm, gpu, catalog);
    const double syncCopies = rlAddHostOffload(e, copies, pcieGBps(trainPool, catalog, gpu.performance) * 1e9);
    // Colocated, verl's sharding manager puts the engine to sleep after each rollout (sleep(level=1): its weights
    // copied to host memory) and wakes its weights before loading the new ones: one copy each way over the host link.
    // The sleep ends the rollout phase and the wake starts the weight sync, as the frameworks time them: verl's
    // sharding manager __exit__ (the sleep) runs inside generate_sequences' timer and __enter__ (the wake) is its
    // reshard (fsdp_vllm.py @004c8880); NeMo RL's finish_generation sleeps inside "generation" and the refit wakes
    // (grpo.py at v0.3.0 and v0.4.0).
    const double host = pcieGBps(rolloutPool, catalog, gpu.performance) * 1e9;
    const double oneWay = colocated ? (host > 0 ? engine.weightBytes / host : INFINITY) : 0.0;
    e.rollout.sleepWakeSeconds = 2 * oneWay;
    e.phases.front().seconds += oneWay;
    const double shard = rlMegatronTrainer(w) ? w.actor.parameters.total
            * rlMegatronShardShare(w, trainPool.totalGpus()) * bytesPerElement(gpu.actorWorkload.precision)
                                              : tm.actor.weights;
    e.refitHostSeconds = rlRefitHostSeconds(w, e.layout, gpu, engine.weightBytes, shard, catalog).total();
    const double sync = rlWeightSyncSeconds(w, candidate, e.layout, gpu) + oneWay + syncCopies + e.refitHostSeconds;
    e.phases.push_back({ RlPhase::WeightSync, colocated ? RlPool::All : RlPool::Training, trainPool.totalGpus(), sync,
        0, colocated ? tm.forwardPeakBytes + engine.weightBytes : tm.forwardPeakBytes });
    rlComposeStep(e, sync);
    return e;
}

} // namespace gp
