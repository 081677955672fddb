// Launch files round trip: the recommendation exported in each format and imported back onto the plan gives the
// same configuration on the same candidate, and so the same estimate (what the answer planned for).
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "launch/launch.h"
#include "planner/answer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace gp
{
namespace
{

Plan planFromText(std::string_view text)
{
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    return plan ? *plan : Plan {};
}

// The default plan with one model swapped in and the candidates cut to `instances` (a search per format is slow).
Plan roundTripPlan(
    const std::string& preset, const std::vector<std::string>& instances, std::string_view base = defaultPlanText())
{
    Plan plan = planFromText(base);
    plan.model.preset = preset;
    plan.model.architectureJson = nlohmann::json();
    plan.candidates.clear();
    for (const auto& id : instances) {
        CandidateSpec c;
        c.instance = id;
        c.nodes = std::nullopt;
        plan.candidates.push_back(c);
    }
    return plan;
}

struct RoundTrip {
    LaunchImport imported;
    CandidateResult recommended;
    CandidateResult reimported;
};

RoundTrip roundTripOnce(const Plan& plan, const std::string& format, const std::string& file);

// Exports `format`, reads back `file` of the export, applies it to the plan, and estimates that plan on the
// recommended candidate at the recommended node count without a search. The import names the file's training stack
// (workload.framework), whose states differ: the plan is answered in that stack, so both sides count them alike.
RoundTrip roundTrip(const Plan& given, const std::string& format, const std::string& file)
{
    Plan plan = given;
    RoundTrip out = roundTripOnce(plan, format, file);
    for (const LaunchMappedField& m : out.imported.mapped)
        if (m.planField == "workload.framework" && m.value != nlohmann::json(toString(plan.workload.framework))) {
            nlohmann::json document = planToJson(plan);
            document["workload"]["framework"] = m.value;
            auto stacked = planFromJson(document);
            EXPECT_TRUE(stacked) << (stacked ? "" : stacked.error().toString());
            if (stacked)
                return roundTripOnce(*stacked, format, file);
        }
    return out;
}

RoundTrip roundTripOnce(const Plan& plan, const std::string& format, const std::string& file)
{
    RoundTrip out;
    auto answer = answerPlan(plan, builtinCatalog());
    EXPECT_TRUE(answer) << (answer ? "" : answer.error().toString());
    if (!answer || !answer->recommendation()) {
        ADD_FAILURE() << "no recommendation";
        return out;
    }
    out.recommended = answer->recommendation()->best;
    auto exported = exportLaunch(plan, *answer, builtinCatalog(), format, "round trip");
    EXPECT_TRUE(exported) << (exported ? "" : exported.error().toString());
    if (!exported)
        return out;
    auto it = std::find_if(
        exported->files.begin(), exported->files.end(), [&](const LaunchFile& f) { return f.name == file; });
    if (it == exported->files.end()) {
        ADD_FAILURE() << format << " wrote no " << file;
        return out;
    }
    auto imported = readLaunchFile(it->text, it->name);
    EXPECT_TRUE(imported) << (imported ? "" : imported.error().toString()) << "\n" << it->text;
    if (!imported)
        return out;
    out.imported = *imported;
    auto applied = applyLaunchImport(plan, *imported);
    EXPECT_TRUE(applied) << (applied ? "" : applied.error().toString());
    if (!applied)
        return out;
    Plan fixed = *applied;
    CandidateSpec candidate
        = planCandidates(plan, builtinCatalog()).at(std::size_t(answer->recommendation()->planIndex));
    candidate.nodes = out.recommended.nodes;
    fixed.candidates = { candidate };
    fixed.search.enabled = false;
    auto estimate = estimatePlan(fixed, builtinCatalog());
    EXPECT_TRUE(estimate) << (estimate ? "" : estimate.error().toString());
    if (estimate)
        out.reimported = estimate->results.at(0);
    return out;
}

bool maps(const LaunchImport& imported, const std::string& planField)
{
    return std::any_of(imported.mapped.begin(), imported.mapped.end(),
        [&](const LaunchMappedField& m) { return m.planField == planField; });
}

bool sameConfiguration(const Configuration& a, const Configuration& b)
{
    return a.data == b.data && a.tensor == b.tensor && a.pipeline == b.pipeline && a.zeroStage == b.zeroStage
        && a.offload == b.offload && a.checkpointing == b.checkpointing && a.microBatchSize == b.microBatchSize
        && a.gradientAccumulationSteps == b.gradientAccumulationSteps && a.sequenceParallel == b.sequenceParallel
        && a.expert == b.expert && a.context == b.context && a.pipelineSchedule == b.pipelineSchedule
        && a.virtualStages == b.virtualStages;
}

void expectSameLayout(const Configuration& want, const Configuration& got, const std::string& format)
{
    EXPECT_EQ(got.data, want.data) << format;
    EXPECT_EQ(got.tensor, want.tensor) << format;
    EXPECT_EQ(got.pipeline, want.pipeline) << format;
    EXPECT_EQ(got.context, want.context) << format;
    EXPECT_EQ(got.expert, want.expert) << format;
    EXPECT_EQ(got.zeroStage, want.zeroStage) << format;
    EXPECT_EQ(got.offload, want.offload) << format;
    EXPECT_EQ(got.microBatchSize, want.microBatchSize) << format;
    EXPECT_EQ(got.gradientAccumulationSteps, want.gradientAccumulationSteps) << format;
}

TEST(LaunchRoundTrip, TrainingFormatsGiveBackTheRecommendedLayoutAndItsEstimate)
{
    // One candidate, so the answer is quick; Llama 2 7B on 8 A100 40GB needs sharding and a split the search picks.
    const Plan plan = roundTripPlan("llama-2-7b", { "tencent:GT4.41XLARGE948" });
    const std::pair<const char*, const char*> formats[]
        = { { "torchtitan", "torchtitan.toml" }, { "megatron", "megatron-node0.sh" }, { "deepspeed", "ds_config.json" },
              { "hf", "train.yaml" }, { "k8s", "job.yaml" } };
    for (const auto& [format, file] : formats) {
        const RoundTrip trip = roundTrip(plan, format, file);
        Configuration want = trip.recommended.configuration;
        const std::string f = format;
        // What a format cannot say, documented in its header: torchtitan's FSDP has no ZeRO-1 and shards the norms
        // along the sequence whenever it splits tensors; Megatron has no per-op checkpointing.
        if ((f == "torchtitan" || f == "k8s") && want.zeroStage == 1)
            want.zeroStage = 2;
        expectSameLayout(want, trip.reimported.configuration, f);
        EXPECT_TRUE(maps(trip.imported, "workload.parallelism.zero_stage")) << f;
        EXPECT_TRUE(maps(trip.imported, "workload.micro_batch_size")) << f;
        if (f != "deepspeed" && f != "hf") {
            EXPECT_EQ(trip.reimported.configuration.checkpointing, want.checkpointing) << f;
            EXPECT_TRUE(maps(trip.imported, "workload.activation_checkpointing")) << f;
            EXPECT_TRUE(maps(trip.imported, "workload.parallelism.tensor")) << f;
        }
        // Megatron's flags carry every knob: the same configuration, so the same step the answer planned (the run's
        // length is written in whole samples or steps, so the total hours may differ by the last step's rounding).
        const bool same = sameConfiguration(trip.reimported.configuration, trip.recommended.configuration);
        if (f == "megatron") {
            EXPECT_TRUE(same) << f;
        }
        if (same) {
            EXPECT_NEAR(trip.reimported.step.total, trip.recommended.step.total, 1e-9 * trip.recommended.step.total)
                << f;
            EXPECT_NEAR(trip.reimported.memory.total, trip.recommended.memory.total, 1.0) << f;
            EXPECT_NEAR(
                trip.reimported.trainingHours, trip.recommended.trainingHours, 1e-4 * trip.recommended.trainingHours)
                << f;
        } else if (f == "torchtitan" || f == "k8s") {
            // torchtitan's tensor parallelism shards the norms along the sequence whenever it splits tensors.
            EXPECT_EQ(trip.reimported.configuration.sequenceParallel, want.tensor > 1) << f;
        }
    }
}

TEST(LaunchRoundTrip, DeepSpeedAndTrainerCarryZeroOffloadAndBatchesOfAShardedRecommendation)
{
    // 7B full fine-tuning on 8 x A100 40GB: 16 bytes of states per parameter (108 GB) need sharding.
    const Plan plan = roundTripPlan("llama-2-7b", { "tencent:GT4.41XLARGE948" });
    for (const auto& [format, file] :
        { std::pair<const char*, const char*> { "deepspeed", "ds_config.json" }, { "hf", "train.yaml" } }) {
        const RoundTrip trip = roundTrip(plan, format, file);
        const Configuration& want = trip.recommended.configuration;
        ASSERT_GT(want.zeroStage, 0) << "the plan was meant to need ZeRO";
        EXPECT_EQ(trip.reimported.configuration.zeroStage, want.zeroStage) << format;
        EXPECT_EQ(trip.reimported.configuration.offload, want.offload) << format;
        EXPECT_EQ(trip.reimported.configuration.microBatchSize, want.microBatchSize) << format;
        EXPECT_EQ(trip.reimported.configuration.tensor, want.tensor) << format;
        if (want.pipeline == 1 && want.context == 1) {
            EXPECT_EQ(trip.reimported.configuration.gradientAccumulationSteps, want.gradientAccumulationSteps)
                << format;
        }
    }
}

// LitGPT's config: the precision, the quantization, the adapter and the batches come back; the layout where LitGPT
// can state it (FSDP over every GPU, or one GPU).
TEST(LaunchRoundTrip, LitgptConfigGivesBackPrecisionAdapterAndBatches)
{
    Plan plan = roundTripPlan("llama-2-7b", { "tencent:GT4.41XLARGE948" });
    plan.workload.framework = TrainingStack::Litgpt;
    plan.workload.technique = Technique::Qlora;
    plan.workload.weightFormat = WeightFormat::Nf4;
    plan.workload.masterWeights = false;
    plan.workload.bf16OptimizerStates = true;
    plan.workload.lora.rank = 32;
    plan.workload.lora.targetModules = { "q_proj", "k_proj", "v_proj", "o_proj", "lm_head" };
    const RoundTrip trip = roundTrip(plan, "litgpt", "litgpt.yaml");
    const Configuration& want = trip.recommended.configuration;
    const Configuration& got = trip.reimported.configuration;
    EXPECT_EQ(trip.imported.format, "litgpt");
    EXPECT_EQ(got.microBatchSize, want.microBatchSize);
    if (want.tensor == 1 && want.pipeline == 1 && want.context == 1) {
        EXPECT_EQ(got.data, want.data);
        EXPECT_EQ(got.gradientAccumulationSteps, want.gradientAccumulationSteps);
    }
    auto mapped = [&](const std::string& planField) {
        for (const auto& m : trip.imported.mapped)
            if (m.planField == planField)
                return m.value;
        return nlohmann::json();
    };
    EXPECT_EQ(mapped("workload.precision"), "bf16");
    EXPECT_EQ(mapped("workload.master_weights"), false);
    EXPECT_EQ(mapped("workload.bf16_optimizer_states"), true);
    EXPECT_EQ(mapped("workload.technique"), "qlora");
    EXPECT_EQ(mapped("workload.weight_format"), "nf4");
    EXPECT_EQ(mapped("workload.lora.rank"), 32);
    EXPECT_EQ(mapped("workload.lora.target_modules"),
        nlohmann::json::parse(R"(["q_proj", "k_proj", "v_proj", "o_proj", "lm_head"])"));
    EXPECT_EQ(mapped("workload.framework"), "litgpt");
    EXPECT_EQ(mapped("workload.sequence_length"), plan.workload.sequenceLength);
}

// The engines' own KV layouts (plan/kv_layouts.h) are written by the engine's name and read back to the same plan
// precision, so the re-estimated replica holds the same KV tokens: vLLM's and SGLang's FP4 caches, vLLM's
// per-token-head int8.
TEST(LaunchRoundTrip, EngineKvLayoutsComeBackWithTheirCapacity)
{
    struct Case {
        const char* engine;
        const char* instance;
        KvPrecision kv;
        const char* format;
        const char* file;
        const char* spelling;
    };
    for (const Case& c : { Case { "vllm", "aws:p6-b200.48xlarge", KvPrecision::Nvfp4, "vllm", "serve.sh", "nvfp4" },
             Case { "vllm", "tencent:GNV7-8GPU", KvPrecision::Int8PerTokenHead, "vllm", "serve.sh",
                 "int8_per_token_head" },
             Case { "sglang", "tencent:GNV7-8GPU", KvPrecision::Fp4E2m1, "sglang", "sglang-node0.sh", "fp4_e2m1" } }) {
        Plan plan = planFromText(servingPlanText());
        plan.candidates = { CandidateSpec { c.instance, "", 1, std::nullopt, "", {}, {}, "", "" } };
        plan.workload.serving.engine.kind
            = std::string(c.engine) == "sglang" ? ServingEngineKind::Sglang : ServingEngineKind::Vllm;
        plan.workload.serving.kvCachePrecision = c.kv;
        const RoundTrip trip = roundTrip(plan, c.format, c.file);
        ASSERT_TRUE(trip.recommended.serving && trip.reimported.serving) << c.spelling;
        bool found = false;
        for (const LaunchMappedField& m : trip.imported.mapped)
            if (m.planField == "workload.serving.kv_cache_precision") {
                found = true;
                EXPECT_EQ(m.value, c.spelling);
            }
        EXPECT_TRUE(found) << c.spelling;
        EXPECT_DOUBLE_EQ(trip.reimported.serving->kvBytesPerToken, trip.recommended.serving->kvBytesPerToken)
            << c.spelling;
        if (std::string(c.engine) == "vllm") { // SGLang keeps its own --mem-fraction-static when not written
            EXPECT_NEAR(double(trip.reimported.serving->kvCacheTokens), double(trip.recommended.serving->kvCacheTokens),
                0.002 * double(trip.recommended.serving->kvCacheTokens))
                << c.spelling;
        }
    }
}

TEST(LaunchRoundTrip, ServingFormatsGiveBackTheEngineAndTheReplicaFigures)
{
    Plan plan = planFromText(servingPlanText());
    plan.candidates = { CandidateSpec { "tencent:GNV7-8GPU", "", 1, std::nullopt, "", {}, {}, "", "" } };
    for (const auto& [format, file] : { std::pair<const char*, const char*> { "vllm", "serve.sh" },
             { "vllm", "vllm-config.yaml" }, { "sglang", "sglang-node0.sh" }, { "k8s", "deployment.yaml" } }) {
        const RoundTrip trip = roundTrip(plan, format, file);
        ASSERT_TRUE(trip.recommended.serving && trip.reimported.serving) << format;
        const ServingResult& want = *trip.recommended.serving;
        const ServingResult& got = *trip.reimported.serving;
        EXPECT_EQ(trip.reimported.configuration.tensor, trip.recommended.configuration.tensor) << format;
        EXPECT_EQ(trip.reimported.configuration.pipeline, trip.recommended.configuration.pipeline) << format;
        EXPECT_EQ(got.maxNumSeqs, want.maxNumSeqs) << format;
        EXPECT_EQ(got.maxNumBatchedTokens, want.maxNumBatchedTokens) << format;
        EXPECT_EQ(got.blockSize, want.blockSize) << format;
        EXPECT_EQ(got.requestTokens, want.requestTokens) << format;
        EXPECT_TRUE(maps(trip.imported, "workload.serving.engine.max_num_seqs")) << format;
        if (std::string(format) != "sglang") {
            // vLLM's gpu_memory_utilization is written to three decimals: the KV cache within 0.1% of the GPU.
            EXPECT_NEAR(got.kvBudgetBytes, want.kvBudgetBytes, 0.001 * want.visibleMemoryBytes) << format;
            EXPECT_EQ(got.replicas, want.replicas) << format;
        }
    }
}

// The model dtype is written in each engine's own spelling (vLLM's and SGLang's --dtype choices) and reads back to
// the plan's precision, never refused as a name the engine does not take.
TEST(LaunchRoundTrip, ServingFormatsWriteTheirOwnDtypeAndReadItBack)
{
    Plan plan = planFromText(servingPlanText());
    plan.candidates = { CandidateSpec { "tencent:GNV7-8GPU", "", 1, std::nullopt, "", {}, {}, "", "" } };
    for (const Precision precision : { Precision::Bf16, Precision::Fp16 }) {
        plan.workload.precision = precision;
        for (const auto& [format, file] : { std::pair<const char*, const char*> { "vllm", "serve.sh" },
                 { "vllm", "vllm-config.yaml" }, { "sglang", "sglang-node0.sh" } }) {
            const RoundTrip trip = roundTrip(plan, format, file);
            const auto mapped = std::find_if(trip.imported.mapped.begin(), trip.imported.mapped.end(),
                [](const LaunchMappedField& m) { return m.planField == "workload.precision"; });
            ASSERT_NE(mapped, trip.imported.mapped.end()) << format << " " << file;
            EXPECT_EQ(mapped->value, nlohmann::json(toString(precision))) << format << " " << file;
            for (const LaunchIgnoredField& i : trip.imported.ignored)
                EXPECT_EQ(i.field.find("dtype"), std::string::npos) << file << ": " << i.reason;
        }
    }
}

// llama-server: the cells (-c), slots (-np), batch (-b) and cache type (-ctk/-ctv) of a plan answered for llama.cpp
// come back, and so the same cache and the same rate.
TEST(LaunchRoundTrip, LlamaServerGivesBackItsCacheCellsSlotsAndCacheType)
{
    Plan plan = planFromText(servingPlanText());
    plan.candidates = { CandidateSpec { "tencent:GNV7-8GPU", "", 1, std::nullopt, "", {}, {}, "", "" } };
    plan.workload.serving.engine.kind = ServingEngineKind::LlamaCpp;
    plan.workload.serving.engine.maxModelLen = 16384;
    plan.workload.serving.engine.maxNumSeqs = 8;
    plan.workload.serving.kvCachePrecision = KvPrecision::Q8_0;
    const RoundTrip trip = roundTrip(plan, "llama.cpp", "llama-server.sh");
    ASSERT_TRUE(trip.recommended.serving && trip.reimported.serving);
    const ServingResult& want = *trip.recommended.serving;
    const ServingResult& got = *trip.reimported.serving;
    EXPECT_EQ(got.engineName, "llama.cpp");
    // A replica on several GPUs is written as --split-mode row over them and read back as tensor parallelism.
    EXPECT_EQ(trip.reimported.configuration.tensor, trip.recommended.configuration.tensor);
    EXPECT_EQ(want.kvCacheTokens, 16384);
    EXPECT_EQ(got.kvCacheTokens, want.kvCacheTokens);
    EXPECT_EQ(got.maxNumSeqs, 8);
    EXPECT_EQ(got.maxNumBatchedTokens, want.maxNumBatchedTokens);
    EXPECT_DOUBLE_EQ(got.kvBudgetBytes, want.kvBudgetBytes);
    EXPECT_DOUBLE_EQ(got.requestsPerSecond, want.requestsPerSecond);
    for (const char* field : { "workload.serving.engine.name", "workload.serving.engine.max_model_len",
             "workload.serving.engine.max_num_seqs", "workload.serving.engine.max_num_batched_tokens",
             "workload.serving.kv_cache_precision", "model.preset" })
        EXPECT_TRUE(maps(trip.imported, field)) << field;
}

// Many LoRA adapters: each engine's export carries the answer's GPU slots, rank and host adapters, and the import
// gives them back, so the re-estimated replica holds the same slots (memory, batch cap) as the recommendation.
TEST(LaunchRoundTrip, ServingLoraSlotsRankAndHostAdaptersComeBack)
{
    Plan plan = planFromText(servingPlanText());
    plan.candidates = { CandidateSpec { "tencent:GNV7-8GPU", "", 1, std::nullopt, "", {}, {}, "", "" } };
    plan.workload.serving.lora.adapters = 16;
    plan.workload.serving.lora.rank = 32;
    plan.workload.serving.lora.targets = LoraTargetSet::Attention;
    plan.workload.serving.lora.maxLoras = 4;
    plan.workload.serving.lora.maxCpuLoras = 8;
    for (const auto& [format, file] : { std::pair<const char*, const char*> { "vllm", "serve.sh" },
             { "vllm", "vllm-config.yaml" }, { "sglang", "sglang-node0.sh" }, { "k8s", "deployment.yaml" } }) {
        const RoundTrip trip = roundTrip(plan, format, file);
        ASSERT_TRUE(trip.recommended.serving && trip.reimported.serving) << format;
        const ServingResult& want = *trip.recommended.serving;
        const ServingResult& got = *trip.reimported.serving;
        ASSERT_EQ(want.loraMaxLoras, 4) << format;
        EXPECT_TRUE(maps(trip.imported, "workload.serving.lora.max_loras")) << format;
        EXPECT_TRUE(maps(trip.imported, "workload.serving.lora.rank")) << format;
        EXPECT_TRUE(maps(trip.imported, "workload.serving.lora.max_cpu_loras")) << format;
        EXPECT_EQ(got.loraMaxLoras, want.loraMaxLoras) << format;
        EXPECT_EQ(got.loraRank, want.loraRank) << format;
        EXPECT_EQ(got.loraMaxCpuLoras, want.loraMaxCpuLoras) << format;
        EXPECT_EQ(got.loraTargets, want.loraTargets) << format;
        EXPECT_EQ(got.loraGpuBytes, want.loraGpuBytes) << format;
        EXPECT_EQ(got.loraCapsBatch, want.loraCapsBatch) << format;
    }
    // vLLM takes its rank from a list: 24 is written as the next, 32, and the header says so.
    plan.workload.serving.lora.rank = 24;
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    auto exported = exportLaunch(plan, *answer, builtinCatalog(), "vllm", "round trip");
    ASSERT_TRUE(exported) << exported.error().toString();
    const std::string& script = exported->files.at(0).text;
    EXPECT_NE(script.find("--max-lora-rank 32"), std::string::npos) << script;
    EXPECT_NE(script.find("rank 24 is written as 32"), std::string::npos) << script;
}

// A plan served without CUDA graphs (workload.serving.engine.cuda_graphs false) is written with the engine's own
// switch (vLLM --enforce-eager / enforce_eager, SGLang --disable-cuda-graph) and read back as eager: the same step.
TEST(LaunchRoundTrip, AnEagerEngineIsWrittenWithItsSwitchAndReadBackEager)
{
    Plan plan = planFromText(servingPlanText());
    plan.candidates = { CandidateSpec { "tencent:GNV7-8GPU", "", 1, std::nullopt, "", {}, {}, "", "" } };
    plan.workload.serving.engine.cudaGraphs = false;
    for (const auto& [format, file] : { std::pair<const char*, const char*> { "vllm", "serve.sh" },
             { "vllm", "vllm-config.yaml" }, { "sglang", "sglang-node0.sh" } }) {
        const RoundTrip trip = roundTrip(plan, format, file);
        ASSERT_TRUE(trip.recommended.serving && trip.reimported.serving) << format;
        const auto mapped = std::find_if(trip.imported.mapped.begin(), trip.imported.mapped.end(),
            [](const LaunchMappedField& m) { return m.planField == "workload.serving.engine.cuda_graphs"; });
        ASSERT_NE(mapped, trip.imported.mapped.end()) << format << " " << file;
        EXPECT_EQ(mapped->value, nlohmann::json(false)) << format;
        EXPECT_DOUBLE_EQ(trip.reimported.serving->decodeStepSeconds, trip.recommended.serving->decodeStepSeconds)
            << format;
    }
    // With graphs (the default) neither switch is written.
    plan.workload.serving.engine.cudaGraphs = true;
    auto answer = answerPlan(plan, builtinCatalog());
    ASSERT_TRUE(answer && answer->recommendation());
    for (const char* format : { "vllm", "sglang" }) {
        auto exported = exportLaunch(plan, *answer, builtinCatalog(), format, "round trip");
        ASSERT_TRUE(exported) << exported.error().toString();
        for (const LaunchFile& f : exported->files) {
            EXPECT_EQ(f.text.find("eager"), std::string::npos) << f.text;
            EXPECT_EQ(f.text.find("disable-cuda-graph"), std::string::npos) << f.text;
        }
    }
}

TEST(LaunchRoundTrip, ExportRefusesAFormatOfTheOtherKindAndAnUnknownOne)
{
    Plan serving = planFromText(servingPlanText());
    serving.candidates.resize(1);
    auto answer = answerPlan(serving, builtinCatalog());
    ASSERT_TRUE(answer);
    auto training = exportLaunch(serving, *answer, builtinCatalog(), "torchtitan", "p");
    ASSERT_FALSE(training);
    // The formats the message names are the ones a serving plan exports (one table gives both).
    const std::string exports = "serving plan exports ";
    const auto listed = training.error().message.find(exports);
    ASSERT_NE(listed, std::string::npos) << training.error().message;
    const std::string list = training.error().message.substr(listed + exports.size());
    EXPECT_EQ(list, "vllm|sglang|llama.cpp|k8s");
    std::stringstream formats(list);
    for (std::string format; std::getline(formats, format, '|');) {
        // This plan has no recommendation: a format of its kind passes the kind check and meets that one.
        auto written = exportLaunch(serving, *answer, builtinCatalog(), format, "p");
        ASSERT_FALSE(written) << format;
        EXPECT_NE(written.error().message.find("no recommendation"), std::string::npos)
            << format << ": " << written.error().toString();
    }
    auto unknown = exportLaunch(serving, *answer, builtinCatalog(), "slurm", "p");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().field, "--launch");
}

} // namespace
} // namespace gp
