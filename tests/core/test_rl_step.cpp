// Hand-checked RL steps (issue #40): a GRPO step of a 7B model colocated on one 8-GPU node, each phase worked here
// from the existing serving and training models, and a PPO step with four models (actor, critic, reference, reward)
// in separate pools, synchronous and one step off-policy.
#include "catalog/catalog.h"
#include "estimate/serving/engine_memory.h"
#include "estimate/serving/serving_defaults.h"
#include "estimate/time/communication_model.h"
#include "estimate/time/inference_speed.h"
#include "estimate/time/throughput_model.h"
#include "plan/precision.h"
#include "rl/rl_rollout.h"
#include "rl/rl_step_time.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace gp
{
namespace
{

Plan rlStepPlan(const std::string& rl)
{
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "qwen2.5-7b"},
        "workload": {"mode": "rl", "technique": "full", "precision": "bf16", "rl": {)"
        + rl + R"(}}, "candidates": [{"instance": "aws:p5.48xlarge", "nodes": 1}]})");
    EXPECT_TRUE(plan) << plan.error().toString();
    return *plan;
}

Hardware rlP5Nodes(int nodes)
{
    CandidateSpec spec;
    spec.instance = "aws:p5.48xlarge";
    auto hw = resolveCandidate(spec, builtinCatalog(), nodes, "candidates[0]");
    EXPECT_TRUE(hw) << hw.error().toString();
    return *hw;
}

const RlPhaseTime& rlPhaseOf(const RlStepEstimate& e, RlPhase phase)
{
    for (const RlPhaseTime& p : e.phases)
        if (p.phase == phase)
            return p;
    ADD_FAILURE() << "no phase " << toString(phase);
    return e.phases.front();
}

bool rlHasPhase(const RlStepEstimate& e, RlPhase phase)
{
    for (const RlPhaseTime& p : e.phases)
        if (p.phase == phase)
            return true;
    return false;
}

// Seconds of one optimizer step of the training model for the RL batch: `global` sequences of `tokens` tokens,
// micro-batches of `micro`, data-parallel over `data` GPUs at the trainer's saving levels.
double rlTrainingStepSeconds(const ResolvedModel& model, Workload w, Configuration c, const Hardware& hw,
    const RlGpuDefaults& gpu, double tokens, double global, int micro)
{
    w.mode = Mode::Training;
    w.sequenceLength = std::int64_t(tokens);
    c.microBatchSize = micro;
    c.gradientAccumulationSteps = int(std::ceil(global / (micro * c.data)));
    w.microBatchSize = micro;
    w.gradientAccumulationSteps = c.gradientAccumulationSteps;
    w.globalBatchSize = std::int64_t(global);
    return estimateThroughput(model, w, c, hw, builtinCatalog(), gpu.performance, ThroughputDetail::FiguresOnly)
        .step.total;
}

TEST(RlStep, GrpoSevenBColocatedOnOneEightGpuNodeByHand)
{
    // 64 prompts x 8 samples, prompt 512, responses 1024 on average and at most 4096; 4 mini-batches; a reference;
    // a rule reward of 0.05 CPU seconds per sample.
    const Plan plan = rlStepPlan(R"("algorithm": "grpo", "prompts_per_step": 64, "samples_per_prompt": 8,
        "prompt_tokens": 512, "response_tokens_mean": 1024, "response_tokens_max": 4096, "mini_batches": 4,
        "reward": {"kind": "rule", "cpu_seconds_per_sample": 0.05}, "placement": "colocated")");
    const Catalog& catalog = builtinCatalog();
    auto w = resolveRlWorkload(plan);
    ASSERT_TRUE(w) << w.error().toString();
    const Hardware hw = rlP5Nodes(1);
    ASSERT_EQ(hw.totalGpus(), 8);
    const RlGpuDefaults gpu = rlGpuDefaults(*w, plan, hw, catalog);
    const RlLayout layout { RlPlacement::Colocated, 1, 8, 8, 1, {}, 0 };
    const RlStepEstimate e = estimateRlStep(*w, plan, hw, layout, gpu, catalog);
    ASSERT_TRUE(e.fits) << (e.failure ? e.failure->message : "");

    // Trainer: ZeRO-3 over the 8 GPUs without recomputation fits a 7B model (16 bytes a parameter / 8 = 15 GB).
    EXPECT_EQ(e.layout.trainer.zeroStage, 3);
    EXPECT_EQ(e.layout.trainer.data, 8);
    const RlTrainerMemory tm = rlTrainerMemory(*w, hw, gpu);
    const double params = w->actor.parameters.total;
    // The reference's bf16 weights, sharded over 8 GPUs.
    EXPECT_NEAR(tm.frozenBytes, params * 2 / 8, 1);

    // Rollout: 8 engines of one GPU, 64 responses each. The engine's share of the GPU is verl's rollout default (the
    // catalog's rl.rollout.gpu_memory_utilization, 0.5), within what the trainer's resident states leave.
    Workload rollout = gpu.actorWorkload;
    rollout.mode = Mode::Serving;
    rollout.serving.promptTokens = 512;
    rollout.serving.outputTokens = 1024;
    rollout.serving.engine.maxModelLen = 512 + 4096;
    const ServingDefaults sd = servingDefaults(catalog, plan.assumptions);
    EngineSettings engine = engineSettings(rollout, hw.gpu, sd, 1); // the engine at tensor 1 (rc below)
    const double visible = hw.gpu.usableMemoryBytes.value_or(hw.gpu.memoryBytes) - sd.driverReservedBytes;
    const double resident = tm.actorResidentBytes + tm.frozenBytes;
    const double share = catalogDefault(catalog, "rl.rollout.gpu_memory_utilization");
    EXPECT_DOUBLE_EQ(share, 0.5);
    engine.gpuMemoryUtilization = std::min(share, 1 - resident / visible);
    Configuration rc;
    const Hardware one = [&] {
        Hardware h = hw;
        h.gpusPerNode = 8;
        return h;
    }();
    const EngineMemory em = engineMemory(w->actor, rollout, rc, one, engine, sd, plan.assumptions, catalog);
    EXPECT_EQ(e.rollout.kvCacheTokens, em.kvCacheTokens);
    const double capacity = std::min<double>(engine.maxNumSeqs, std::floor(em.kvCacheTokens / 1536.0));
    ASSERT_GE(capacity, 64); // all 64 responses of an engine run together
    const ReplicaSteps steps(w->actor, rollout, rc, one, engine, sd, catalog, plan.assumptions);
    // Lengths: P(L > t) = (1 - t/4096)^3 (mean 4096/4 = 1024); the step ends when its slowest engine does, at the
    // expected longest of all 512 responses: the integral over t of P(longest > t) = 1 - (1 - S(t))^512. A share c of
    // the responses runs to the cap (catalog rl.rollout.truncated_share): one of 512 does with p = 1 - (1 - c)^512.
    double drawn = 0;
    for (int i = 0; i < 40960; ++i)
        drawn += (1 - std::pow(1 - std::pow(1 - (i + 0.5) / 40960, 3), 512)) * 0.1;
    const double c = catalogDefault(catalog, "rl.rollout.truncated_share");
    const double p = 1 - std::pow(1 - c, 512);
    const double end = p * 4096 + (1 - p) * drawn;
    EXPECT_NEAR(e.rollout.longestResponseTokens, end, 0.5);
    EXPECT_GT(drawn, 3400); // the longest of 512 responses is near the maximum: the tail
    EXPECT_GT(end, drawn);
    // One decode step per token, at the responses still running; they hold 512 + t tokens of context where the
    // serving model reads 512 + 1024 / 2, so each reads (t - 512) tokens more KV at the engine's HBM bandwidth.
    const double kvSeconds = em.kvBytesPerToken / (hw.gpu.memoryBandwidthGBps * 1e9 * sd.decodeBandwidthEfficiency);
    double decode = 0;
    for (int t = 0; t < int(end); ++t) {
        const double running = std::max(1.0, 64 * std::pow(1 - (t + 0.5) / 4096, 3));
        decode += steps.decodeStepSeconds(running) + running * (t + 0.5 - 512) * kvSeconds;
    }
    EXPECT_NEAR(e.rollout.decodeSeconds, decode, 0.01 * decode);
    // 8 prompts an engine, each prefilled alone: its 512 tokens fit one step of the engine's token budget.
    ASSERT_LE(steps.computedPromptTokens(), steps.tokenBudget());
    EXPECT_NEAR(e.rollout.prefillSeconds, 8 * steps.stepSeconds(0, steps.computedPromptTokens()), 1e-9);
    // The full batch makes 64 / step(64) tokens a second; 64 x 1024 tokens take far longer than at that rate.
    const double fullRate = 64 / steps.decodeStepSeconds(64);
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::Rollout).utilization, 64 * 1024 / (fullRate * decode), 0.01);
    EXPECT_LT(rlPhaseOf(e, RlPhase::Rollout).utilization, 0.6);

    // Reward: 512 samples x 0.05 s on the node's vCPUs.
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::Reward).seconds, 512 * 0.05 / hw.vcpusPerNode, 1e-9);
    EXPECT_EQ(rlPhaseOf(e, RlPhase::Reward).pool, RlPool::Cpu);

    // Actor training: 4 optimizer steps of 128 samples of 1536 tokens, micro-batches of floor(4608 / 1536) = 3.
    const double train
        = 4 * rlTrainingStepSeconds(w->actor, gpu.actorWorkload, e.layout.trainer, hw, gpu, 1536, 128, 3);
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::ActorTrain).seconds, train, 1e-9 * train);
    // Its FLOPs: 6 x params x tokens at most the 8 GPUs' dense peak, so it takes at least that long.
    const double peak = peakTflops(hw.gpu, Precision::Bf16).value() * 1e12;
    EXPECT_GT(train, 6 * params * 512 * 1536 / (8 * peak));

    // Reference and old log-probs: one forward each, 64 sequences a GPU; the FSDP gather moves 7/8 of the weights.
    const double forward = rlPhaseOf(e, RlPhase::Reference).seconds;
    EXPECT_DOUBLE_EQ(forward, rlPhaseOf(e, RlPhase::ActorForward).seconds);
    EXPECT_GT(forward, 2 * params * 64 * 1536 / peak);
    EXPECT_LT(forward, train / 2); // a forward is a third of a training pass's FLOPs

    // Weight sync: the bf16 weights all-gathered over NVLink (7/8 of them reach each GPU), and the engine's weights
    // back from host memory when it wakes (verl's sharding manager, sleep level 1); its sleep, the same copy the
    // other way, ends the rollout phase (verl times it inside generate_sequences). The engine's load_weights takes
    // each of Qwen2.5-7B's 339 tensors at 16.7 us (catalog rl.refit.update_seconds_per_tensor).
    const double bus = intraNodeBusGBps(hw, gpu.performance) * 1e9;
    const double host = pcieGBps(hw, catalog, gpu.performance) * 1e9;
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::WeightSync).seconds,
        params * 2 * 7 / 8 / bus + em.weightBytes / host + 339 * 16.7e-6, 1e-9);
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::Rollout).seconds,
        e.rollout.prefillSeconds + e.rollout.recomputeSeconds + e.rollout.decodeSeconds + em.weightBytes / host, 1e-9);
    EXPECT_NEAR(e.rollout.sleepWakeSeconds, 2 * em.weightBytes / host, 1e-9);
    EXPECT_EQ(e.rollout.preemptedSequences, 0); // 64 responses an engine: its KV cache holds them all

    // No critic; the step is the phases one after another.
    EXPECT_FALSE(rlHasPhase(e, RlPhase::CriticTrain));
    double sum = 0;
    for (const RlPhaseTime& p : e.phases)
        sum += p.seconds;
    EXPECT_NEAR(e.stepSeconds, sum, 1e-9 * sum);
    EXPECT_DOUBLE_EQ(e.overlapSeconds, 0);
    EXPECT_EQ(e.limitingPhase, RlPhase::Rollout);
    // Memory: the rollout phase holds the engine and the trainer's resident states, within the GPU.
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::Rollout).memoryBytesPerGpu, em.engineBytes + resident, 1);
    EXPECT_NEAR(em.engineBytes, engine.gpuMemoryUtilization * visible, 1);
    EXPECT_LE(e.peakMemoryBytesPerGpu, visible);
}

TEST(RlStep, AnEagerRolloutEngineStepsNoFasterThanItsLayersLaunches)
{
    // verl v0.5.0's vLLM rollout runs eagerly (rollout.enforce_eager true): workload.serving.engine.cuda_graphs false.
    // Qwen2.5-7B has 28 layers; each forward waits for their launches from the host, 28 x the catalog's
    // serving.eager_layer_host_us, wherever the GPU's work is shorter.
    auto plan = parsePlan(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "qwen2.5-7b"},
        "workload": {"mode": "rl", "technique": "full", "precision": "bf16", "serving": {"engine":
        {"cuda_graphs": false}}, "rl": {"response_tokens_mean": 1024, "response_tokens_max": 4096}},
        "candidates": [{"instance": "aws:p5.48xlarge", "nodes": 1}]})");
    ASSERT_TRUE(plan) << plan.error().toString();
    EXPECT_FALSE(plan->workload.serving.engine.cudaGraphs);
    auto again = parsePlan(serializePlan(*plan));
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_FALSE(again->workload.serving.engine.cudaGraphs);
    const Catalog& catalog = builtinCatalog();
    auto w = resolveRlWorkload(*plan);
    ASSERT_TRUE(w) << w.error().toString();
    const Hardware hw = rlP5Nodes(1);
    Workload rollout = plan->workload;
    rollout.mode = Mode::Serving;
    rollout.serving.promptTokens = 512;
    rollout.serving.outputTokens = 1024;
    rollout.serving.engine.maxModelLen = 512 + 4096;
    const ServingDefaults sd = servingDefaults(catalog, plan->assumptions);
    const EngineSettings eager = engineSettings(rollout, hw.gpu, sd, 1);
    ASSERT_FALSE(eager.cudaGraphs);
    EngineSettings graphs = eager;
    graphs.cudaGraphs = true;
    const Configuration rc;
    const ReplicaSteps withGraphs(w->actor, rollout, rc, hw, graphs, sd, catalog, plan->assumptions);
    const ReplicaSteps withoutGraphs(w->actor, rollout, rc, hw, eager, sd, catalog, plan->assumptions);
    const double launches = 28 * catalogDefault(catalog, "serving.eager_layer_host_us") * 1e-6;
    EXPECT_NEAR(withoutGraphs.eagerLaunchSeconds(), launches, 1e-12);
    EXPECT_EQ(withGraphs.eagerLaunchSeconds(), 0);
    // One request: the GPU reads the 15 GB of weights in about 6 ms, less than the 8.2 ms of launches, so the eager
    // step is the launches plus the step overhead; at 256 requests the KV reads make the GPU the longer and the
    // launches hide under it. The engine's CPU work (1.13 us a request) is shorter than both.
    const double overhead = sd.stepOverheadSeconds;
    const double one = withGraphs.decodeStepSeconds(1) - overhead;
    const double many = withGraphs.decodeStepSeconds(256) - overhead;
    ASSERT_LT(one, launches);
    ASSERT_GT(many, launches);
    EXPECT_NEAR(withoutGraphs.decodeStepSeconds(1), launches + overhead, 1e-12);
    EXPECT_NEAR(withoutGraphs.decodeStepSeconds(256), many + overhead, 1e-12);
}

TEST(RlStep, PpoWithFourModelsInSeparatePools)
{
    // Actor and critic Qwen2.5-7B, reference, an 8B reward model; one node generates, one node trains.
    const std::string fields = R"("algorithm": "ppo", "prompts_per_step": 256, "samples_per_prompt": 1,
        "prompt_tokens": 1024, "response_tokens_mean": 1024, "response_tokens_max": 2048, "mini_batches": 2,
        "ppo_epochs": 1, "reward": {"kind": "model", "preset": "llama-3.1-8b"}, "placement": "separate",
        "rollout_gpus": 8)";
    const Catalog& catalog = builtinCatalog();
    const Plan plan = rlStepPlan(fields + R"(, "off_policy_steps": 0)");
    auto w = resolveRlWorkload(plan);
    ASSERT_TRUE(w) << w.error().toString();
    const Hardware hw = rlP5Nodes(2);
    const RlGpuDefaults gpu = rlGpuDefaults(*w, plan, hw, catalog);
    const RlLayout layout { RlPlacement::Separate, 2, 8, 8, 1, {}, 0 };
    const RlStepEstimate sync = estimateRlStep(*w, plan, hw, layout, gpu, catalog);
    ASSERT_TRUE(sync.fits) << (sync.failure ? sync.failure->message : "");

    // Every role's phase, on its pool.
    for (RlPhase p : { RlPhase::Reward, RlPhase::ActorForward, RlPhase::Reference, RlPhase::CriticForward,
             RlPhase::CriticTrain, RlPhase::ActorTrain }) {
        EXPECT_EQ(rlPhaseOf(sync, p).pool, RlPool::Training) << toString(p);
        EXPECT_EQ(rlPhaseOf(sync, p).gpus, 8) << toString(p);
    }
    EXPECT_EQ(rlPhaseOf(sync, RlPhase::Rollout).pool, RlPool::Rollout);
    EXPECT_EQ(sync.rollout.replicas, 8);
    // Critic and actor are the same size and train on the same batch at the same layout: the same seconds.
    EXPECT_NEAR(rlPhaseOf(sync, RlPhase::CriticTrain).seconds, rlPhaseOf(sync, RlPhase::ActorTrain).seconds,
        1e-9 * rlPhaseOf(sync, RlPhase::ActorTrain).seconds);
    // The 8B reward model's forward takes longer than the 7.6B actor's (more parameters, same tokens).
    EXPECT_GT(rlPhaseOf(sync, RlPhase::Reward).seconds, rlPhaseOf(sync, RlPhase::ActorForward).seconds);
    // The training pool holds four models: the frozen ones' bf16 weights sharded over 8 GPUs.
    const RlTrainerMemory tm = rlTrainerMemory(
        *w,
        [&] {
            Hardware h = hw;
            h.nodes = 1;
            return h;
        }(),
        gpu);
    EXPECT_NEAR(tm.frozenBytes, (w->actor.parameters.total + w->reward->parameters.total) * 2 / 8, 1);
    EXPECT_GT(tm.criticResidentBytes, 0);

    // Weight sync: gather the actor over the trainer's NVLink, then broadcast it over the network to the other node;
    // the engines load its 339 tensors at 16.7 us each (catalog rl.refit.update_seconds_per_tensor).
    const double bytes = w->actor.parameters.total * 2;
    const Hardware trainer = [&] {
        Hardware h = hw;
        h.nodes = 1;
        return h;
    }();
    const double expectSync = bytes * 7 / 8 / (intraNodeBusGBps(trainer, gpu.performance) * 1e9)
        + bytes / (nodeNetworkGBps(hw, gpu.performance) * 1e9) + 339 * 16.7e-6;
    EXPECT_NEAR(rlPhaseOf(sync, RlPhase::WeightSync).seconds, expectSync, 1e-9 * expectSync);

    // Synchronous: the pools take turns.
    EXPECT_NEAR(sync.stepSeconds, sync.rolloutSideSeconds + sync.trainingSideSeconds + expectSync, 1e-9);
    EXPECT_NEAR(sync.rolloutPoolBusy + sync.trainingPoolBusy, 1.0, 1e-9);

    // One step off-policy: the rollout of the next step runs while this one trains.
    const Plan asyncPlan = rlStepPlan(fields + R"(, "off_policy_steps": 1)");
    RlLayout asyncLayout = layout;
    asyncLayout.offPolicySteps = 1;
    const RlStepEstimate async = estimateRlStep(*w, asyncPlan, hw, asyncLayout, gpu, catalog);
    ASSERT_TRUE(async.fits);
    EXPECT_NEAR(async.stepSeconds, std::max(sync.rolloutSideSeconds, sync.trainingSideSeconds) + expectSync, 1e-9);
    EXPECT_NEAR(async.overlapSeconds, std::min(sync.rolloutSideSeconds, sync.trainingSideSeconds), 1e-9);
    EXPECT_LT(async.stepSeconds, sync.stepSeconds);
}

TEST(RlRollout, LengthLawHasThePlansMeanAndMaximum)
{
    for (double mean : { 512.0, 1024.0, 2048.0, 4096.0 }) {
        // The mean of L is the integral of its survival.
        double integral = 0;
        const int n = 100000;
        for (int i = 0; i < n; ++i)
            integral += rlResponseSurvival((i + 0.5) * 4096.0 / n, mean, 4096) * 4096.0 / n;
        EXPECT_NEAR(integral, mean, 0.001 * mean) << mean;
        EXPECT_DOUBLE_EQ(rlResponseSurvival(4096, mean, 4096), 0.0);
    }
    // The longest of more responses is longer, never past the maximum.
    double last = 0;
    for (double n : { 1.0, 8.0, 64.0, 512.0, 4096.0 }) {
        const double longest = rlLongestResponse(n, 1024, 4096);
        EXPECT_GT(longest, last);
        EXPECT_LE(longest, 4096);
        last = longest;
    }
    EXPECT_DOUBLE_EQ(rlLongestResponse(64, 4096, 4096), 4096); // all at the maximum
}

TEST(RlRollout, TruncatedResponsesBringTheLongestToTheCap)
{
    // No truncation: the length law's longest. A share c truncated: the cap with probability 1 - (1 - c)^n.
    EXPECT_DOUBLE_EQ(rlLongestResponseTruncated(512, 1024, 4096, 0.0), rlLongestResponse(512, 1024, 4096));
    const double p = 1 - std::pow(1 - 0.004, 8);
    EXPECT_NEAR(
        rlLongestResponseTruncated(8, 1024, 4096, 0.004), p * 4096 + (1 - p) * rlLongestResponse(8, 1024, 4096), 1e-9);
    // Thousands of responses at 0.4%: one of them is at the cap almost surely (1 - 0.996^2048 > 0.9997).
    EXPECT_GT(rlLongestResponseTruncated(2048, 400, 3896, 0.004), 3895.0);
    EXPECT_LT(rlLongestResponse(2048, 400, 3896), 3000.0);
}

TEST(RlRollout, ALongerTailTakesLongerAtTheSameMean)
{
    const Plan plan
        = rlStepPlan(R"("placement": "colocated", "response_tokens_mean": 1024, "response_tokens_max": 2048)");
    auto w = resolveRlWorkload(plan);
    ASSERT_TRUE(w);
    const Hardware hw = rlP5Nodes(1);
    const RlGpuDefaults gpu = rlGpuDefaults(*w, plan, hw, builtinCatalog());
    const RlLayout layout { RlPlacement::Colocated, 1, 8, 8, 1, {}, 0 };
    const RlStepEstimate shortTail = estimateRlStep(*w, plan, hw, layout, gpu, builtinCatalog());
    Plan longer = plan;
    longer.workload.rl.responseTokensMax = 16384;
    auto w2 = resolveRlWorkload(longer);
    ASSERT_TRUE(w2);
    const RlStepEstimate longTail = estimateRlStep(*w2, longer, hw, layout, gpu, builtinCatalog());
    ASSERT_TRUE(shortTail.fits && longTail.fits);
    EXPECT_GT(longTail.rollout.decodeSeconds, 1.5 * shortTail.rollout.decodeSeconds);
    EXPECT_LT(rlPhaseOf(longTail, RlPhase::Rollout).utilization, rlPhaseOf(shortTail, RlPhase::Rollout).utilization);
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(RlStep, LoraActorSyncsItsAdaptersAndKeepsNoSecondCopy)
{
    const std::string fields = R"("prompts_per_step": 32, "samples_per_prompt": 8, "prompt_tokens": 512,
        "response_tokens_mean": 1024, "response_tokens_max": 4096, "placement": "colocated")";
    Plan full = rlStepPlan(fields);
    Plan lora = full;
    lora.workload.technique = Technique::Lora;
    lora.workload.lora.rank = 16;
    lora.workload.lora.targetModules = { "all-linear" };
    auto wf = resolveRlWorkload(full);
    auto wl = resolveRlWorkload(lora);
    ASSERT_TRUE(wf && wl);
    const Hardware hw = rlP5Nodes(1);
    const RlLayout layout { RlPlacement::Colocated, 1, 8, 8, 1, {}, 0 };
    const RlGpuDefaults gf = rlGpuDefaults(*wf, full, hw, builtinCatalog());
    const RlGpuDefaults gl = rlGpuDefaults(*wl, lora, hw, builtinCatalog());
    const RlStepEstimate ef = estimateRlStep(*wf, full, hw, layout, gf, builtinCatalog());
    const RlStepEstimate el = estimateRlStep(*wl, lora, hw, layout, gl, builtinCatalog());
    ASSERT_TRUE(ef.fits && el.fits);
    // The reference is the base with the adapters off: no frozen copy; the engine receives the adapters only.
    EXPECT_DOUBLE_EQ(rlTrainerMemory(*wl, hw, gl).frozenBytes, 0.0);
    EXPECT_GT(rlTrainerMemory(*wf, hw, gf).frozenBytes, 0.0);
    // The engine still sleeps and wakes with its base weights (verl's sharding manager) either way.
    EXPECT_DOUBLE_EQ(el.rollout.sleepWakeSeconds, ef.rollout.sleepWakeSeconds);
    EXPECT_LT(rlPhaseOf(el, RlPhase::WeightSync).seconds - el.rollout.sleepWakeSeconds / 2,
        0.05 * (rlPhaseOf(ef, RlPhase::WeightSync).seconds - ef.rollout.sleepWakeSeconds / 2));
    // Fewer resident states: the rollout phase holds less, and the engine never less KV cache.
    EXPECT_LT(rlPhaseOf(el, RlPhase::Rollout).memoryBytesPerGpu, rlPhaseOf(ef, RlPhase::Rollout).memoryBytesPerGpu);
    EXPECT_GE(el.rollout.kvCacheTokens, ef.rollout.kvCacheTokens);
}

TEST(RlStep, DapoOversamplingGeneratesMoreButTrainsTheSame)
{
    const std::string fields = R"("algorithm": "dapo", "prompts_per_step": 32, "samples_per_prompt": 16,
        "prompt_tokens": 512, "response_tokens_mean": 2048, "response_tokens_max": 8192, "placement": "colocated")";
    Plan once = rlStepPlan(fields);
    Plan over = rlStepPlan(fields + R"(, "oversampling": 2)");
    auto w1 = resolveRlWorkload(once);
    auto w2 = resolveRlWorkload(over);
    ASSERT_TRUE(w1 && w2);
    EXPECT_FALSE(w1->reference); // DAPO drops the KL term
    EXPECT_DOUBLE_EQ(w2->generatedSamples, 2 * w1->generatedSamples);
    const Hardware hw = rlP5Nodes(1);
    const RlLayout layout { RlPlacement::Colocated, 1, 8, 8, 1, {}, 0 };
    const RlGpuDefaults gpu = rlGpuDefaults(*w1, once, hw, builtinCatalog());
    const RlStepEstimate e1 = estimateRlStep(*w1, once, hw, layout, gpu, builtinCatalog());
    const RlStepEstimate e2 = estimateRlStep(*w2, over, hw, layout, gpu, builtinCatalog());
    ASSERT_TRUE(e1.fits && e2.fits);
    EXPECT_FALSE(rlHasPhase(e1, RlPhase::Reference));
    EXPECT_GT(rlPhaseOf(e2, RlPhase::Rollout).seconds, rlPhaseOf(e1, RlPhase::Rollout).seconds);
    EXPECT_DOUBLE_EQ(rlPhaseOf(e2, RlPhase::ActorTrain).seconds, rlPhaseOf(e1, RlPhase::ActorTrain).seconds);
}

TEST(RlStep, PlannedRecomputeIsTheLeastTheTrainerRecomputes)
{
    // Short sequences: the actor's activations fit without recompute, so the trainer would not recompute; a run that
    // turns it on (verl enable_gradient_checkpointing, NeMo RL activation_checkpointing) pays for it anyway.
    const std::string fields = R"("prompts_per_step": 32, "samples_per_prompt": 8, "prompt_tokens": 256,
        "response_tokens_mean": 512, "response_tokens_max": 1024, "placement": "colocated")";
    Plan plain = rlStepPlan(fields);
    Plan recompute = plain;
    recompute.workload.activationCheckpointing = Checkpointing::Full;
    auto wp = resolveRlWorkload(plain);
    auto wr = resolveRlWorkload(recompute);
    ASSERT_TRUE(wp && wr);
    const Hardware hw = rlP5Nodes(1);
    const RlLayout layout { RlPlacement::Colocated, 1, 8, 8, 1, {}, 0 };
    const RlGpuDefaults gpuPlain = rlGpuDefaults(*wp, plain, hw, builtinCatalog());
    const RlGpuDefaults gpuRecompute = rlGpuDefaults(*wr, recompute, hw, builtinCatalog());
    const RlStepEstimate ep = estimateRlStep(*wp, plain, hw, layout, gpuPlain, builtinCatalog());
    const RlStepEstimate er = estimateRlStep(*wr, recompute, hw, layout, gpuRecompute, builtinCatalog());
    ASSERT_TRUE(ep.fits && er.fits);
    EXPECT_EQ(ep.layout.trainer.checkpointing, Checkpointing::None);
    EXPECT_EQ(er.layout.trainer.checkpointing, Checkpointing::Full);
    // Full recompute runs each layer's forward once more: more than nothing, at most a third of forward + backward.
    const double ratio = rlPhaseOf(er, RlPhase::ActorTrain).seconds / rlPhaseOf(ep, RlPhase::ActorTrain).seconds;
    EXPECT_GT(ratio, 1.05);
    EXPECT_LE(ratio, 4.0 / 3.0 + 1e-9);
    // The forwards (old log-probs, reference) and the rollout do not recompute.
    EXPECT_DOUBLE_EQ(rlPhaseOf(er, RlPhase::ActorForward).seconds, rlPhaseOf(ep, RlPhase::ActorForward).seconds);
}

TEST(RlStep, PlannedOffloadCopiesTheTrainerStatesAroundEachPhase)
{
    // verl fsdp_workers.py @8fdc4d3 with param_offload and optimizer_offload: the FSDP shard of the parameters is
    // loaded before and offloaded after update_actor, compute_log_prob, compute_ref_log_prob and the weight sync;
    // the optimizer states around update_actor. Qwen2.5-7B, ZeRO-3 over 8 H100s: a GPU's shard of the bf16 weights
    // is 2P/8 bytes, of the optimizer states as the memory model counts them (fp32 master 4, Adam moments 8, fp32
    // gradients 4: memory_states.cpp) 16P/8; PCIe 5.0 x16 at 63 GB/s x 0.88 (host copies,
    // catalog pcie5 and pcie.achieved_fraction) = 55.44 GB/s.
    const std::string fields = R"("prompts_per_step": 32, "samples_per_prompt": 8, "prompt_tokens": 256,
        "response_tokens_mean": 512, "response_tokens_max": 1024, "placement": "colocated")";
    Plan plain = rlStepPlan(fields);
    Plan offload = plain;
    offload.workload.parallelism.offload = Offload::OptimizerAndParameters;
    auto wp = resolveRlWorkload(plain);
    auto wo = resolveRlWorkload(offload);
    ASSERT_TRUE(wp && wo);
    const Hardware hw = rlP5Nodes(1);
    const RlLayout layout { RlPlacement::Colocated, 1, 8, 8, 1, {}, 0 };
    const RlStepEstimate ep
        = estimateRlStep(*wp, plain, hw, layout, rlGpuDefaults(*wp, plain, hw, builtinCatalog()), builtinCatalog());
    const RlStepEstimate eo
        = estimateRlStep(*wo, offload, hw, layout, rlGpuDefaults(*wo, offload, hw, builtinCatalog()), builtinCatalog());
    ASSERT_TRUE(ep.fits && eo.fits);
    ASSERT_EQ(ep.layout.trainer.offload, Offload::None); // the trainer itself needs no offload at this size
    const double p = wp->actor.parameters.total;
    const double host = 63e9 * 0.88;
    const double params = 2 * (2 * p / 8) / host; // one load and one offload of the weights' shard
    const double optimizer = 2 * (16 * p / 8) / host;
    const auto added = [&](RlPhase phase) { return rlPhaseOf(eo, phase).seconds - rlPhaseOf(ep, phase).seconds; };
    EXPECT_NEAR(added(RlPhase::ActorTrain), params + optimizer, 0.02 * (params + optimizer));
    EXPECT_NEAR(added(RlPhase::ActorForward), params, 0.02 * params);
    EXPECT_NEAR(added(RlPhase::Reference), params, 0.02 * params);
    EXPECT_NEAR(added(RlPhase::WeightSync), params, 0.02 * params);
    EXPECT_NEAR(eo.hostOffloadSeconds, 4 * params + optimizer, 0.02 * (4 * params + optimizer));
    // Offloaded between phases, the states leave the rollout engine's GPUs: the rollout holds less beside it.
    EXPECT_LT(rlPhaseOf(eo, RlPhase::Rollout).memoryBytesPerGpu, rlPhaseOf(ep, RlPhase::Rollout).memoryBytesPerGpu);
    EXPECT_DOUBLE_EQ(ep.hostOffloadSeconds, 0.0);
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

struct RlMegatronSteps {
    RlStepEstimate plain; // workload.framework auto (verl's FSDP trainer, no planned offload)
    RlStepEstimate megatron;
    double shardBytes = 0; // a GPU's bf16 model-parallel shard of the actor
    double optimizerBytes = 0; // a GPU's share of the Adam moments (8 bytes a parameter over the 8 GPUs)
    double weightBytes = 0; // the actor's bf16 weights, whole
};

RlMegatronSteps rlMegatronSteps(RlPlacement placement, int tensor)
{
    const std::string fields = R"("prompts_per_step": 32, "samples_per_prompt": 8, "prompt_tokens": 256,
        "response_tokens_mean": 512, "response_tokens_max": 1024)";
    Plan plain = rlStepPlan(fields);
    Plan megatron = plain;
    megatron.workload.framework = TrainingStack::Megatron;
    megatron.workload.parallelism.tensor = tensor;
    auto wp = resolveRlWorkload(plain);
    auto wm = resolveRlWorkload(megatron);
    EXPECT_TRUE(wp && wm);
    const Hardware hw = rlP5Nodes(2);
    const bool colocated = placement == RlPlacement::Colocated;
    // Colocated on 8 GPUs of one node; separate pools: 8 rollout GPUs (one node) and 8 training GPUs (the other).
    const Hardware pool = colocated ? rlP5Nodes(1) : hw;
    const RlLayout layout { placement, pool.nodes, 8, 8, 1, {}, 0 };
    RlMegatronSteps s;
    s.plain
        = estimateRlStep(*wp, plain, pool, layout, rlGpuDefaults(*wp, plain, pool, builtinCatalog()), builtinCatalog());
    s.megatron = estimateRlStep(
        *wm, megatron, pool, layout, rlGpuDefaults(*wm, megatron, pool, builtinCatalog()), builtinCatalog());
    const double p = wm->actor.parameters.total;
    s.shardBytes = 2 * p / tensor;
    s.optimizerBytes = 8 * p / 8;
    s.weightBytes = 2 * p;
    return s;
}

TEST(RlStep, MegatronTrainerMovesItsShardToTheHostEveryStep)
{
    // NeMo RL's Megatron worker (megatron_policy_worker.py at v0.3.0 and v0.4.0), Qwen2.5-7B at tensor 2 on 8 H100s,
    // colocated with a reference: the parameter shard 2P/2 comes back before the log-probs and goes to the host after
    // the refit; the reference pass copies the shard out, the reference in and the policy back (3 copies); the Adam
    // moments 8P/8 come back before the update and go out in the refit. Each copy at PCIe 5.0 x16, 63 GB/s x 0.88
    // (catalog pcie5 and pcie.achieved_fraction) = 55.44 GB/s; the moments move to and from pageable host memory
    // (tensor.to('cpu')), 4.5 times as long (catalog pcie.pageable_slowdown). No plan offload is set: the worker
    // copies anyway.
    const RlMegatronSteps s = rlMegatronSteps(RlPlacement::Colocated, 2);
    ASSERT_TRUE(s.plain.fits && s.megatron.fits);
    const double host = 63e9 * 0.88;
    const double shard = s.shardBytes / host, optimizer = 4.5 * s.optimizerBytes / host;
    EXPECT_NEAR(s.megatron.hostOffloadSeconds, 5 * shard + 2 * optimizer, 0.02 * (5 * shard + 2 * optimizer));
    EXPECT_DOUBLE_EQ(s.plain.hostOffloadSeconds, 0.0);
    // The refit leaves none of the actor's states on the GPUs: the engine runs beside less than under FSDP.
    EXPECT_LT(rlPhaseOf(s.megatron, RlPhase::Rollout).memoryBytesPerGpu,
        rlPhaseOf(s.plain, RlPhase::Rollout).memoryBytesPerGpu);
}

TEST(RlStep, MegatronTrainerInSeparatePoolsMovesOnlyItsOptimizerAndReference)
{
    // Separate pools: no refit offload (refit_policy_generation calls offload_before_refit / offload_after_refit only
    // colocated), but prepare_for_lp_inference still moves the Adam moments out and prepare_for_training back in,
    // and the reference pass still swaps the shard: 3 shard copies and 2 optimizer copies (pageable, 4.5 times as
    // long), none in the weight sync.
    const RlMegatronSteps s = rlMegatronSteps(RlPlacement::Separate, 2);
    ASSERT_TRUE(s.plain.fits && s.megatron.fits);
    const double host = 63e9 * 0.88;
    const double expected = (3 * s.shardBytes + 2 * 4.5 * s.optimizerBytes) / host;
    EXPECT_NEAR(s.megatron.hostOffloadSeconds, expected, 0.02 * expected);
}

TEST(RlStep, MegatronRefitGathersWhatTheGpuLacksFromItsModelParallelPeers)
{
    // Each GPU gathers the whole model but its own shard (NeMo RL's gather_params) over NVLink (tensor 2 or 4 inside
    // the node), and moves its shard to the host after the refit: from tensor 2 to tensor 4 the gather grows by
    // B (1/2 - 1/4) and the shard copy shrinks by as much. The engine's sleep and wake do not change.
    const RlMegatronSteps two = rlMegatronSteps(RlPlacement::Colocated, 2);
    const RlMegatronSteps four = rlMegatronSteps(RlPlacement::Colocated, 4);
    ASSERT_TRUE(two.megatron.fits && four.megatron.fits);
    const Hardware hw = rlP5Nodes(1);
    const Plan plan = rlStepPlan(R"("prompts_per_step": 32)");
    auto w = resolveRlWorkload(plan);
    ASSERT_TRUE(w);
    const double bus = intraNodeBusGBps(hw, rlGpuDefaults(*w, plan, hw, builtinCatalog()).performance) * 1e9;
    const double host = 63e9 * 0.88;
    const double b = two.weightBytes / 4;
    const double expected = b / bus - b / host;
    const double got
        = rlPhaseOf(four.megatron, RlPhase::WeightSync).seconds - rlPhaseOf(two.megatron, RlPhase::WeightSync).seconds;
    EXPECT_NEAR(got, expected, 0.02 * std::fabs(expected));
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(RlStep, MegatronShardIsNeverLessThanTheTrainingGpusShare)
{
    // Tensor x pipeline past the training GPUs cannot shard the weights thinner than one GPU's share of them; expert
    // parallel only splits the routed experts, and only over the GPUs the model-parallel group leaves.
    Plan dense = rlStepPlan(R"("prompts_per_step": 32)");
    dense.workload.framework = TrainingStack::Megatron;
    dense.workload.parallelism.tensor = 8;
    dense.workload.parallelism.pipeline = 4;
    auto w = resolveRlWorkload(dense);
    ASSERT_TRUE(w);
    EXPECT_DOUBLE_EQ(rlMegatronShardShare(*w, 8), 1.0 / 8);
    EXPECT_DOUBLE_EQ(rlMegatronShardShare(*w, 64), 1.0 / 32);
    dense.workload.parallelism.expert = 4; // a dense model has no routed experts: expert parallel changes nothing
    auto we = resolveRlWorkload(dense);
    ASSERT_TRUE(we);
    EXPECT_DOUBLE_EQ(rlMegatronShardShare(*we, 64), 1.0 / 32);
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

TEST(RlStep, MegatronTrainerRunsItsPassesInItsMegatronLayout)
{
    // Qwen2.5-7B under NeMo RL's Megatron worker at tensor 2, pipeline 2 on 8 H100s, colocated: the trainer keeps
    // that layout (data 2 over the rest, the distributed optimizer = ZeRO-1), not FSDP's. Each data-parallel rank
    // runs its 128 of the 256 sequences (768 tokens each; one per packed micro-batch of the longest, 1280 tokens)
    // with its tensor pair, each pipeline stage half the layers, plus the 1F1B bubble (2 - 1) / 128: the inference
    // model's prefill / 2 x (1 + 1/128), and the shard's copy back from the host (2P/4 at 55.44 GB/s). The update is
    // the training model's step at that layout, micro-batches of one sequence, plus the moments' pageable copy back.
    Plan plan = rlStepPlan(R"("prompts_per_step": 32, "samples_per_prompt": 8, "prompt_tokens": 256,
        "response_tokens_mean": 512, "response_tokens_max": 1024)");
    plan.workload.framework = TrainingStack::Megatron;
    plan.workload.parallelism.tensor = 2;
    plan.workload.parallelism.pipeline = 2;
    auto w = resolveRlWorkload(plan);
    ASSERT_TRUE(w);
    const Hardware hw = rlP5Nodes(1);
    const RlGpuDefaults gpu = rlGpuDefaults(*w, plan, hw, builtinCatalog());
    const RlStepEstimate e
        = estimateRlStep(*w, plan, hw, { RlPlacement::Colocated, 1, 8, 8, 1, {}, 0 }, gpu, builtinCatalog());
    ASSERT_TRUE(e.fits) << (e.failure ? e.failure->message : "");
    const Configuration& c = e.layout.trainer;
    EXPECT_EQ(c.tensor, 2);
    EXPECT_EQ(c.pipeline, 2);
    EXPECT_EQ(c.data, 2);
    EXPECT_EQ(c.zeroStage, 1);
    EXPECT_EQ(c.offload, Offload::None);

    const double p = w->actor.parameters.total;
    const double host = 63e9 * 0.88;
    Workload f = gpu.actorWorkload;
    f.mode = Mode::Inference;
    f.inference.promptTokens = 768;
    f.inference.outputTokens = 0;
    Configuration fc = c;
    fc.microBatchSize = 128;
    const double prefill = estimateInferenceSpeed(w->actor, f, fc, hw, gpu.performance, gpu.peakTflops).prefillSeconds;
    const double forward = prefill / 2 * (1 + 1.0 / 128) + 2 * p / 4 / host;
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::ActorForward).seconds, forward, 0.01 * forward);

    const double update
        = rlTrainingStepSeconds(w->actor, gpu.actorWorkload, c, hw, gpu, 768, 256, 1) + 4.5 * 8 * p / 8 / host;
    EXPECT_NEAR(rlPhaseOf(e, RlPhase::ActorTrain).seconds, update, 0.01 * update);
}

TEST(RlRefit, ParameterTensorsAreTheCheckpointsTensors)
{
    // Hugging Face's model.safetensors.index.json: Llama-3.1-8B lists 291 tensors (32 layers x (q, k, v, o, gate,
    // up, down, 2 norms) + embeddings, final norm, head); Qwen2.5-7B 339 (its q, k, v biases: 28 x 12 + 3).
    const auto tensors = [](const std::string& preset) {
        ModelSpec spec;
        spec.preset = preset;
        const auto model = resolveModel(spec);
        EXPECT_TRUE(model) << preset;
        return model ? rlParameterTensors(model->architecture) : 0.0;
    };
    EXPECT_DOUBLE_EQ(tensors("llama-3.1-8b"), 291);
    EXPECT_DOUBLE_EQ(tensors("qwen2.5-7b"), 339);
}

TEST(RlRefit, MegatronRefitHandsEachTensorAndBucketToTheEngine)
{
    // NeMo RL v0.3's colocated refit of Qwen2.5-7B (339 tensors) from a Megatron trainer at tensor 2 to one engine per
    // GPU: each tensor gathered (98.9 us), handed to the engine's one tensor rank (5.8 us) and loaded (16.7 us); the
    // 15.2 GB of weights in buckets of 0.2 x the GPU's free memory once the engine's weights are back (about
    // 80 - 15 - 7.6 GB: 11 GB a bucket, 2 buckets), 12 ms each. Under FSDP (verl) only the engine's load_weights.
    const RlMegatronSteps s = rlMegatronSteps(RlPlacement::Colocated, 2);
    ASSERT_TRUE(s.plain.fits && s.megatron.fits);
    const double tensors = 339;
    EXPECT_NEAR(s.plain.refitHostSeconds, tensors * 16.7e-6, 1e-4);
    const double megatron = tensors * (98.9e-6 + 5.8e-6 + 16.7e-6) + 2 * 0.012;
    EXPECT_NEAR(s.megatron.refitHostSeconds, megatron, 1e-3);
    // Separate pools broadcast over NCCL: the gather and the load, no hand-off.
    const RlMegatronSteps apart = rlMegatronSteps(RlPlacement::Separate, 2);
    ASSERT_TRUE(apart.megatron.fits);
    EXPECT_NEAR(apart.megatron.refitHostSeconds, tensors * (98.9e-6 + 16.7e-6), 1e-4);
}

TEST(RlStep, RuleRewardScoresOnItsStatedWorkersAtMostTheVcpus)
{
    // 64 prompts x 8 samples colocated on two p5.48xlarge (192 vCPUs each): 512 responses of 0.098 CPU s.
    const std::string fields = R"("algorithm": "grpo", "prompts_per_step": 64, "samples_per_prompt": 8,
        "prompt_tokens": 512, "response_tokens_mean": 1024, "response_tokens_max": 4096, "mini_batches": 4,
        "placement": "colocated", "reward": {"kind": "rule", "cpu_seconds_per_sample": 0.098)";
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = rlP5Nodes(2);
    ASSERT_EQ(hw.vcpusPerNode, 192);
    const RlLayout layout { RlPlacement::Colocated, 2, 16, 16, 1, {}, 0 };
    const auto reward = [&](const std::string& workers) {
        const Plan plan = rlStepPlan(fields + workers + "}");
        auto w = resolveRlWorkload(plan);
        EXPECT_TRUE(w) << w.error().toString();
        const RlStepEstimate e = estimateRlStep(*w, plan, hw, layout, rlGpuDefaults(*w, plan, hw, catalog), catalog);
        EXPECT_TRUE(e.fits) << (e.failure ? e.failure->message : "");
        return rlPhaseOf(e, RlPhase::Reward).seconds;
    };
    // NeMo RL's env.math.num_workers 8: 512 x 0.098 / 8 = 6.272 s.
    EXPECT_NEAR(reward(R"(, "workers": 8)"), 6.272, 1e-9);
    // Absent: one process per vCPU of a node, 512 x 0.098 / 192.
    EXPECT_NEAR(reward(""), 512 * 0.098 / 192, 1e-9);
    // More processes than the two nodes' 384 vCPUs share them.
    EXPECT_NEAR(reward(R"(, "workers": 1000)"), 512 * 0.098 / 384, 1e-9);
}

TEST(RlStep, OffPolicyRuleRewardScoresBesideTheRollout)
{
    // 64 prompts x 8 samples; separate pools of one node each, one step off-policy.
    const std::string fields = R"("algorithm": "grpo", "prompts_per_step": 64, "samples_per_prompt": 8,
        "prompt_tokens": 512, "response_tokens_mean": 1024, "response_tokens_max": 4096, "mini_batches": 4,
        "placement": "separate", "rollout_gpus": 8, "off_policy_steps": 1)";
    const Catalog& catalog = builtinCatalog();
    const Hardware hw = rlP5Nodes(2);
    const RlLayout layout { RlPlacement::Separate, 2, 8, 8, 1, {}, 1 };
    const auto estimate = [&](double cpuSeconds) {
        const Plan plan = rlStepPlan(
            fields + R"(, "reward": {"kind": "rule", "cpu_seconds_per_sample": )" + std::to_string(cpuSeconds) + "}");
        auto w = resolveRlWorkload(plan);
        EXPECT_TRUE(w) << w.error().toString();
        const RlGpuDefaults gpu = rlGpuDefaults(*w, plan, hw, catalog);
        const RlStepEstimate e = estimateRlStep(*w, plan, hw, layout, gpu, catalog);
        EXPECT_TRUE(e.fits) << (e.failure ? e.failure->message : "");
        return e;
    };
    // Each response is scored as it finishes (NeMo RL's async rollout), beside the engines: the rollout side is the
    // longer of generation and scoring, the training side holds no reward. 512 x 100 CPU s over a node's vCPUs is
    // longer than the generation; 512 x 0.01 s shorter.
    for (double cpuSeconds : { 100.0, 0.01 }) {
        SCOPED_TRACE(cpuSeconds);
        const RlStepEstimate e = estimate(cpuSeconds);
        const double rollout = rlPhaseOf(e, RlPhase::Rollout).seconds;
        const double reward = rlPhaseOf(e, RlPhase::Reward).seconds;
        EXPECT_NEAR(reward, 512 * cpuSeconds / hw.vcpusPerNode, 1e-9 * reward);
        EXPECT_EQ(reward > rollout, cpuSeconds > 1);
        EXPECT_NEAR(e.rolloutSideSeconds, std::max(rollout, reward), 1e-12);
        double training = 0;
        for (const RlPhaseTime& p : e.phases)
            if (p.phase != RlPhase::Rollout && p.phase != RlPhase::Reward && p.phase != RlPhase::WeightSync)
                training += p.seconds;
        EXPECT_NEAR(e.trainingSideSeconds, training, 1e-9);
        const double sync = rlPhaseOf(e, RlPhase::WeightSync).seconds;
        EXPECT_NEAR(e.stepSeconds, std::max(e.rolloutSideSeconds, training) + sync, 1e-9);
        // What the overlap hides: every phase's time less the step's.
        EXPECT_NEAR(e.overlapSeconds, rollout + reward + training + sync - e.stepSeconds, 1e-9);
    }
    // Synchronous pools score after the rollout: the reward adds to the step.
    const Plan syncPlan = rlStepPlan(R"("algorithm": "grpo", "prompts_per_step": 64, "samples_per_prompt": 8,
        "prompt_tokens": 512, "response_tokens_mean": 1024, "response_tokens_max": 4096, "mini_batches": 4,
        "placement": "separate", "rollout_gpus": 8, "off_policy_steps": 0,
        "reward": {"kind": "rule", "cpu_seconds_per_sample": 100})");
    auto w = resolveRlWorkload(syncPlan);
    ASSERT_TRUE(w);
    RlLayout syncLayout = layout;
    syncLayout.offPolicySteps = 0;
    const RlStepEstimate sync
        = estimateRlStep(*w, syncPlan, hw, syncLayout, rlGpuDefaults(*w, syncPlan, hw, catalog), catalog);
    ASSERT_TRUE(sync.fits);
    double sum = 0;
    for (const RlPhaseTime& p : sync.phases)
        sum += p.seconds;
    EXPECT_NEAR(sync.stepSeconds, sum, 1e-9 * sum);
}

} // namespace
} // namespace gp

namespace gp
{
namespace
{

} // namespace
} // namespace gp
