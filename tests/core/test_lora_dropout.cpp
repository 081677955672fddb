// LoRA dropout (workload.lora.dropout, dropout_position; issue #38): the plan field read, written and refused naming
// it; what autograd keeps and what the dropout kernels move, by hand per adapted module, against the memory and time
// models; the catalog's default where the plan leaves it out.
#include "estimate/common/hardware.h"
#include "estimate/common/lora_dropout.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/time/throughput_model.h"
#include "launch/launch.h"
#include "planner/answer.h"
#include "test_memory_support.h"
#include "transformer/model_library.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace gp
{
namespace
{

using nlohmann::json;

// Llama 3.1 8B's shape, LoRA rank 16 on its seven linear layers, one H100, 2 x 4096 tokens a micro-batch.
constexpr double kH = 4096, kKv = 1024, kMlp = 14336, kLayers = 32, kSeq = 4096, kMicro = 2;

json loraPlan(const json& lora, const std::string& checkpointing = "none")
{
    return json {
        { "format", "gpu-planner-plan" },
        { "version", 1 },
        { "model",
            { { "architecture",
                { { "kind", "decoder" }, { "hidden_size", 4096 }, { "num_layers", 32 }, { "num_attention_heads", 32 },
                    { "num_key_value_heads", 8 }, { "intermediate_size", 14336 }, { "vocab_size", 128256 },
                    { "mlp", "gated" }, { "tie_word_embeddings", false } } } } },
        { "workload",
            { { "mode", "training" }, { "technique", "lora" }, { "precision", "bf16" },
                { "activation_checkpointing", checkpointing }, { "flash_attention", true }, { "sequence_length", 4096 },
                { "micro_batch_size", 2 }, { "gradient_accumulation_steps", 1 },
                { "parallelism", { { "data", 1 }, { "tensor", 1 }, { "pipeline", 1 }, { "zero_stage", 0 } } },
                { "lora", lora } } },
        { "candidates", json::array({ { { "gpu", "h100-80gb-sxm" }, { "gpus_per_node", 1 }, { "nodes", 1 } } }) },
    };
}

json allLinear(const json& extra = json::object())
{
    json lora = { { "rank", 16 },
        { "target_modules", { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" } } };
    lora.update(extra);
    return lora;
}

struct Estimated {
    CandidateResult result;
    ThroughputEstimate time;
    double bandwidth = 0; // the bytes per second the time model's memory-bound passes run at
};

Estimated estimated(const json& document, const Catalog& catalog = builtinCatalog())
{
    Estimated out;
    auto plan = planFromJson(document);
    EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.error().toString());
    if (!plan)
        return out;
    auto estimate = estimatePlan(*plan, catalog);
    EXPECT_TRUE(estimate.ok() && !estimate->results.empty());
    if (!estimate || estimate->results.empty())
        return out;
    out.result = estimate->results.front();
    const auto model = resolveModel(plan->model);
    const auto hw = resolveCandidate(plan->candidates.front(), catalog, out.result.nodes, "candidates[0]");
    EXPECT_TRUE(model && hw);
    if (!model || !hw)
        return out;
    out.time = estimateThroughput(*model, workloadOnGpu(plan->workload, hw->gpu), out.result.configuration, *hw,
        out.result.memory, plan->assumptions, catalog);
    const PerformanceDefaults d = performanceDefaults(catalog, {}, hw->gpu.gpuClass, hw->gpu.architecture);
    out.bandwidth = hw->gpu.memoryBandwidthGBps * 1e9 * d.decodeBandwidth;
    return out;
}

// Per token over the 32 layers: the seven modules' inputs (q, k, v, gate and up read the hidden state, o the
// attention output, down the MLP's) and outputs.
constexpr double kInputs = kLayers * (5 * kH + kH + kMlp);
constexpr double kOutputs = kLayers * (kH + 2 * kKv + kH + 2 * kMlp + kH);
constexpr double kTokens = kSeq * kMicro;

TEST(LoraDropout, PlanFieldReadsWritesAndLeavesTheFileAtItsDefault)
{
    auto plan = planFromJson(loraPlan(allLinear({ { "dropout", 0.1 }, { "dropout_position", "post" } })));
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    EXPECT_EQ(plan->workload.lora.dropout, 0.1);
    EXPECT_EQ(plan->workload.lora.dropoutPosition, LoraDropoutPosition::Post);
    const json written = planToJson(*plan);
    EXPECT_EQ(written["workload"]["lora"]["dropout"], 0.1);
    EXPECT_EQ(written["workload"]["lora"]["dropout_position"], "post");
    // Left out: absent (the catalog's default applies) and position pre, neither written back.
    auto plain = planFromJson(loraPlan(allLinear()));
    ASSERT_TRUE(plain.ok());
    EXPECT_FALSE(plain->workload.lora.dropout.has_value());
    EXPECT_EQ(plain->workload.lora.dropoutPosition, LoraDropoutPosition::Pre);
    const json lora = planToJson(*plain)["workload"]["lora"];
    EXPECT_FALSE(lora.contains("dropout"));
    EXPECT_FALSE(lora.contains("dropout_position"));
    // 0 is a value of its own (no dropout whatever the catalog says) and is written.
    auto zero = planFromJson(loraPlan(allLinear({ { "dropout", 0 } })));
    ASSERT_TRUE(zero.ok());
    EXPECT_EQ(zero->workload.lora.dropout, 0.0);
    EXPECT_EQ(planToJson(*zero)["workload"]["lora"]["dropout"], 0);
}

TEST(LoraDropout, BadProbabilityIsRefusedNamingTheField)
{
    for (const json& bad : { json(-0.1), json(1), json(1.5), json("NaN"), json("0.1"), json(nullptr) }) {
        auto plan = planFromJson(loraPlan(allLinear({ { "dropout", bad } })));
        if (bad.is_null()) { // null is "not set", as every optional field reads it
            EXPECT_TRUE(plan.ok());
            continue;
        }
        ASSERT_FALSE(plan.ok()) << bad.dump();
        EXPECT_EQ(plan.error().field, "workload.lora.dropout") << plan.error().toString();
    }
    auto one = planFromJson(loraPlan(allLinear({ { "dropout", 1 } })));
    ASSERT_FALSE(one.ok());
    EXPECT_NE(one.error().toString().find("below 1"), std::string::npos) << one.error().toString();
    auto position = planFromJson(loraPlan(allLinear({ { "dropout_position", "middle" } })));
    ASSERT_FALSE(position.ok());
    EXPECT_EQ(position.error().field, "workload.lora.dropout_position");
}

// Before lora_A (peft): the mask (1 byte) and the dropped input (2 bytes) of every module's input; after lora_B
// (NeMo AutoModel): the mask of every adapter's output, nothing else. Nothing at 0 or without the field.
TEST(LoraDropout, StoredActivationsAreTheMaskAndThePreDroppedInputPerModule)
{
    const Estimated none = estimated(loraPlan(allLinear()));
    const Estimated zero = estimated(loraPlan(allLinear({ { "dropout", 0 } })));
    const Estimated pre = estimated(loraPlan(allLinear({ { "dropout", 0.1 } })));
    const Estimated post = estimated(loraPlan(allLinear({ { "dropout", 0.1 }, { "dropout_position", "post" } })));
    EXPECT_DOUBLE_EQ(zero.result.memory.activations, none.result.memory.activations);
    EXPECT_NEAR(pre.result.memory.activations - none.result.memory.activations, kTokens * kInputs * (2 + 1),
        kTokens * kInputs * 1e-9);
    EXPECT_NEAR(post.result.memory.activations - none.result.memory.activations, kTokens * kOutputs * 1,
        kTokens * kOutputs * 1e-9);
    // The probability sets whether, not how much: p = 0.5 keeps what p = 0.1 keeps.
    const Estimated half = estimated(loraPlan(allLinear({ { "dropout", 0.5 } })));
    EXPECT_DOUBLE_EQ(half.result.memory.activations, pre.result.memory.activations);
    // Full recompute keeps a layer's input only: the dropout's tensors are recomputed with it.
    const Estimated full = estimated(loraPlan(allLinear(), "full"));
    const Estimated fullPre = estimated(loraPlan(allLinear({ { "dropout", 0.1 } }), "full"));
    EXPECT_DOUBLE_EQ(fullPre.result.memory.activations, full.result.memory.activations);
}

// Forward: input read, output and mask written; backward: the output's gradient and the mask read, the input's
// gradient written: 2 x 2 + 1 bytes each way per dropped element, at the catalog's memory-bound bandwidth.
TEST(LoraDropout, KernelTimeIsTheDropoutsBytesForwardAndBackwardOverTheBandwidth)
{
    const Estimated none = estimated(loraPlan(allLinear()));
    const Estimated pre = estimated(loraPlan(allLinear({ { "dropout", 0.1 } })));
    const Estimated post = estimated(loraPlan(allLinear({ { "dropout", 0.1 }, { "dropout_position", "post" } })));
    ASSERT_GT(pre.bandwidth, 0);
    EXPECT_EQ(none.time.loraDropoutSeconds, 0.0);
    const double preSeconds = kTokens * kInputs * 2 * (2 * 2 + 1) / pre.bandwidth;
    const double postSeconds = kTokens * kOutputs * 2 * (2 * 2 + 1) / post.bandwidth;
    EXPECT_NEAR(pre.time.loraDropoutSeconds, preSeconds, preSeconds * 1e-9);
    EXPECT_NEAR(post.time.loraDropoutSeconds, postSeconds, postSeconds * 1e-9);
    // Part of the step's memory-bound time, and the step is that much longer (one GPU: nothing overlaps it).
    EXPECT_NEAR(pre.time.memoryBoundSeconds - none.time.memoryBoundSeconds, preSeconds, preSeconds * 1e-9);
    EXPECT_NEAR(pre.time.step.total - none.time.step.total, preSeconds, preSeconds * 1e-6);
    // Under full recompute the layer's forward runs twice: the dropout's forward bytes too.
    const Estimated full = estimated(loraPlan(allLinear({ { "dropout", 0.1 } }), "full"));
    const double fullSeconds = kTokens * kInputs * 3 * (2 * 2 + 1) / full.bandwidth;
    EXPECT_NEAR(full.time.loraDropoutSeconds, fullSeconds, fullSeconds * 1e-9);
}

// A plan that leaves the probability out trains with the catalog's lora.dropout (0 as shipped: peft's default).
TEST(LoraDropout, AbsentProbabilityIsTheCatalogsDefault)
{
    const auto it = builtinCatalog().defaults.find(kLoraDropoutDefaultKey);
    ASSERT_NE(it, builtinCatalog().defaults.end());
    EXPECT_EQ(it->second.value, 0.0);
    EXPECT_FALSE(it->second.source.empty());
    Catalog catalog = builtinCatalog();
    catalog.defaults[kLoraDropoutDefaultKey].value = 0.05;
    const Estimated shipped = estimated(loraPlan(allLinear()));
    const Estimated defaulted = estimated(loraPlan(allLinear()), catalog);
    const Estimated stated = estimated(loraPlan(allLinear({ { "dropout", 0.05 } })));
    const Estimated off = estimated(loraPlan(allLinear({ { "dropout", 0 } })), catalog);
    EXPECT_GT(defaulted.time.loraDropoutSeconds, 0.0);
    EXPECT_DOUBLE_EQ(defaulted.time.loraDropoutSeconds, stated.time.loraDropoutSeconds);
    EXPECT_DOUBLE_EQ(defaulted.result.memory.activations, stated.result.memory.activations);
    EXPECT_GT(defaulted.result.memory.activations, shipped.result.memory.activations);
    // The plan's 0 is the plan's: no dropout under a catalog that defaults to one.
    EXPECT_EQ(off.time.loraDropoutSeconds, 0.0);
    EXPECT_DOUBLE_EQ(off.result.memory.activations, shipped.result.memory.activations);
    // Full fine-tuning has no adapters: the field costs nothing there.
    json full = loraPlan(allLinear({ { "dropout", 0.1 } }));
    full["workload"]["technique"] = "full";
    EXPECT_EQ(estimated(full).time.loraDropoutSeconds, 0.0);
}

// Launch files: axolotl's and LLaMA-Factory's lora_dropout read as written; a TRL file (use_peft) that leaves it out
// runs TRL's ModelConfig default 0.05 (huggingface/trl@bc13ae6d trl/trainer/model_config.py), the others theirs (0.0,
// the plan's default); a value the plan refuses is refused naming the plan's field.
std::optional<json> importedDropout(const std::string& yaml)
{
    auto read = readLaunchFile(yaml, "train.yaml");
    EXPECT_TRUE(read) << (read ? "" : read.error().toString());
    if (!read)
        return std::nullopt;
    for (const LaunchMappedField& m : read->mapped)
        if (m.planField == "workload.lora.dropout")
            return m.value;
    return std::nullopt;
}

TEST(LoraDropout, LaunchImportReadsTheFilesDropoutOrItsToolsDefault)
{
    const std::string model = "model_name_or_path: meta-llama/Meta-Llama-3-8B\n";
    EXPECT_EQ(importedDropout(model + "use_peft: true\nlora_r: 16\n"), json(0.05));
    EXPECT_EQ(importedDropout(model + "use_peft: true\nlora_dropout: 0.2\n"), json(0.2));
    EXPECT_EQ(importedDropout(model + "adapter: lora\nlora_r: 8\nlora_dropout: 0.1\n"), json(0.1));
    EXPECT_EQ(importedDropout(model + "adapter: lora\nlora_r: 8\n"), std::nullopt);
    EXPECT_EQ(importedDropout(model + "finetuning_type: lora\nlora_rank: 8\n"), std::nullopt);
    EXPECT_EQ(importedDropout(model + "use_peft: false\n"), std::nullopt);
    auto unreadable = readLaunchFile(model + "adapter: lora\nlora_dropout: high\n", "train.yaml");
    ASSERT_TRUE(unreadable);
    EXPECT_TRUE(std::any_of(unreadable->ignored.begin(), unreadable->ignored.end(),
        [](const LaunchIgnoredField& i) { return i.field == "lora_dropout"; }));
    auto tooHigh = readLaunchFile(model + "adapter: lora\nlora_dropout: 1.5\n", "train.yaml");
    ASSERT_TRUE(tooHigh);
    auto base = parsePlan(defaultPlanText());
    ASSERT_TRUE(base);
    auto applied = applyLaunchImport(*base, *tooHigh);
    ASSERT_FALSE(applied);
    EXPECT_NE(applied.error().toString().find("workload.lora.dropout"), std::string::npos)
        << applied.error().toString();
}

// The Hugging Face export always writes lora_dropout (TRL's own default is not the plan's), and reading it back gives
// the plan's probability; a post dropout is written as peft's and the header says so.
TEST(LoraDropout, HfExportWritesTheDropoutAndReadsItBack)
{
    for (const json& lora : { allLinear({ { "dropout", 0.1 } }), allLinear(),
             allLinear({ { "dropout", 0.1 }, { "dropout_position", "post" } }) }) {
        SCOPED_TRACE(lora.dump());
        auto plan = planFromJson(loraPlan(lora));
        ASSERT_TRUE(plan) << plan.error().toString();
        plan->model.preset = "llama-3.1-8b";
        plan->model.architectureJson = json();
        auto answer = answerPlan(*plan, builtinCatalog());
        ASSERT_TRUE(answer && answer->recommendation()) << (answer ? "no recommendation" : answer.error().toString());
        auto exported = exportLaunch(*plan, *answer, builtinCatalog(), "hf", "dropout");
        ASSERT_TRUE(exported) << exported.error().toString();
        const auto file = std::find_if(
            exported->files.begin(), exported->files.end(), [](const LaunchFile& f) { return f.name == "train.yaml"; });
        ASSERT_NE(file, exported->files.end());
        const double want = plan->workload.lora.dropout.value_or(0.0);
        EXPECT_EQ(importedDropout(file->text), json(want)) << file->text;
        const bool post = plan->workload.lora.dropoutPosition == LoraDropoutPosition::Post;
        EXPECT_EQ(file->text.find("dropout_position") != std::string::npos, post) << file->text;
    }
}

} // namespace
} // namespace gp
