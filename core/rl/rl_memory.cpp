// verl keeps the actor, critic, reference and reward workers on the same GPUs as FSDP modules (fsdp_workers.py;
// param_offload / optimizer_offload move them to the host); a LoRA actor's reference is its base with the adapters
// off (verl `ref_in_actor`), so it holds no second copy.
#include "rl/rl_memory.h"

#include "catalog/gpu_precision.h"
#include "estimate/estimator.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"

#include <algorithm>

namespace gp
{

RlGpuDefaults rlGpuDefaults(const RlWorkload& w, const Plan& plan, const Hardware& hw, const Catalog& catalog)
{
    RlGpuDefaults d;
    d.memory = memoryDefaults(plan.assumptions, catalog);
    d.actorWorkload = workloadOnGpu(w.actorWorkload, hw.gpu);
    d.actorWorkload.mode = Mode::Training;
    d.performance = performanceDefaults(
        catalog, plan.assumptions, hw.gpu.gpuClass, hw.gpu.architecture, d.actorWorkload.attentionKernel);
    d.usableBytes = usableMemoryBytes(hw, plan.assumptions, catalog);
    d.peakTflops = peakTflops(hw.gpu, d.actorWorkload.precision).value_or(0);
    d.pageableSlowdown = catalogDefault(catalog, "pcie.pageable_slowdown", 1, 100);
    return d;
}

double rlFrozenWeightBytes(const ResolvedModel& model, const Workload& actorWorkload)
{
    return model.parameters.total * bytesPerElement(actorWorkload.precision);
}

namespace
{

struct RlSavingLevel {
    int zero;
    Offload offload;
    Checkpointing checkpointing;
};

MemoryBreakdown rlTrainingMemory(const ResolvedModel& model, Workload w, const Configuration& config,
    const Hardware& pool, const RlGpuDefaults& gpu, double sequenceTokens)
{
    w.sequenceLength = std::max<std::int64_t>(1, std::int64_t(sequenceTokens));
    w.microBatchSize = 1;
    w.gradientAccumulationSteps = 1;
    Configuration c = config;
    c.microBatchSize = 1;
    c.gradientAccumulationSteps = 1;
    return estimateMemory(model, w, c, pool, gpu.memory);
}

} // namespace

bool rlMegatronTrainer(const RlWorkload& w)
{
    return w.actorWorkload.framework == TrainingStack::Megatron && w.actorWorkload.technique == Technique::Full;
}

Configuration rlMegatronConfiguration(const RlWorkload& w, int trainingGpus)
{
    const ParallelismSpec& p = w.actorWorkload.parallelism;
    const int gpus = std::max(1, trainingGpus);
    Configuration c;
    c.tensor = std::clamp(p.tensor, 1, gpus);
    c.pipeline = std::clamp(p.pipeline, 1, gpus / c.tensor);
    c.data = std::max(1, gpus / (c.tensor * c.pipeline));
    c.expert = p.expert > 1 && c.data % p.expert == 0 ? p.expert : 1;
    c.sequenceParallel = p.sequenceParallel && c.tensor > 1;
    c.pipelineSchedule = p.pipelineSchedule;
    c.virtualStages = p.virtualStages;
    c.zeroStage = 1;
    return c;
}

RlTrainerMemory rlTrainerMemory(const RlWorkload& w, const Hardware& pool, const RlGpuDefaults& gpu)
{
    const int gpus = pool.totalGpus();
    const bool megatron = rlMegatronTrainer(w);
    const std::vector<RlSavingLevel> levels = megatron
        ? std::vector<RlSavingLevel> { { 1, Offload::None, Checkpointing::None },
              { 1, Offload::None, Checkpointing::Full } }
        : gpus > 1 ? std::vector<RlSavingLevel> { { 3, Offload::None, Checkpointing::None },
              { 3, Offload::None, Checkpointing::Full }, { 3, Offload::Optimizer, Checkpointing::Full },
              { 3, Offload::OptimizerAndParameters, Checkpointing::Full } }
                   : std::vector<RlSavingLevel> { { 0, Offload::None, Checkpointing::None },
                         { 0, Offload::None, Checkpointing::Full }, { 2, Offload::Optimizer, Checkpointing::Full },
                         { 3, Offload::OptimizerAndParameters, Checkpointing::Full } };
    double frozen = 0;
    // NeMo RL's Megatron worker keeps the reference's weights in host memory (reference_state_dict, copied to the
    // host at start-up: megatron_policy_worker.py at v0.3.0) and swaps them in for the reference pass only.
    if (w.reference && w.actorWorkload.technique == Technique::Full && !megatron)
        frozen += rlFrozenWeightBytes(w.actor, w.actorWorkload);
    if (w.reward)
        frozen += rlFrozenWeightBytes(*w.reward, w.actorWorkload);
    frozen /= std::max(1, gpus);
    Workload criticWorkload = gpu.actorWorkload;
    criticWorkload.technique = Technique::Full;
    // The plan's workload.activation_checkpointing is the least the trainer recomputes (verl's
    // enable_gradient_checkpointing, NeMo RL's megatron_cfg.activation_checkpointing): a run that sets it pays its
    // recompute even where its activations would fit.
    const Checkpointing least = w.actorWorkload.activationCheckpointing;
    RlTrainerMemory m;
    for (RlSavingLevel level : levels) {
        if (least != Checkpointing::None && level.checkpointing == Checkpointing::None)
            level.checkpointing = least;
        Configuration c = megatron ? rlMegatronConfiguration(w, gpus) : Configuration {};
        c.data = megatron ? c.data : gpus;
        c.zeroStage = level.zero;
        c.offload = level.offload;
        c.checkpointing = level.checkpointing;
        m = RlTrainerMemory {};
        m.config = c;
        m.frozenBytes = frozen;
        m.actor = rlTrainingMemory(w.actor, gpu.actorWorkload, c, pool, gpu, w.maxSequenceTokens);
        m.actorResidentBytes = m.actor.weights + m.actor.optimizer;
        if (w.critic) {
            m.critic = rlTrainingMemory(*w.critic, criticWorkload, c, pool, gpu, w.maxSequenceTokens);
            m.criticResidentBytes = m.critic->weights + m.critic->optimizer;
        }
        m.actorTrainPeakBytes = m.actor.total + m.criticResidentBytes + frozen;
        m.criticTrainPeakBytes = m.critic ? m.critic->total + m.actorResidentBytes + frozen : 0;
        m.forwardPeakBytes = m.actorResidentBytes + m.criticResidentBytes + frozen + m.actor.runtime + m.actor.buffers;
        const bool actorFits = m.actorTrainPeakBytes <= gpu.usableBytes;
        const bool criticFits = !m.critic || m.criticTrainPeakBytes <= gpu.usableBytes;
        m.fits = actorFits && criticFits;
        m.role = actorFits ? (criticFits ? "" : "critic") : "actor";
        if (m.fits)
            break;
    }
    return m;
}

} // namespace gp
