// Plan files: reading, writing, round trips, unknown fields and field-naming errors.
#include "plan/plan.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace
{

json minimalPlan()
{
    return json::parse(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"}})");
}

gp::Error planError(const json& document)
{
    auto plan = gp::parsePlan(document.dump());
    EXPECT_FALSE(plan.ok()) << "expected an error for " << document.dump();
    return plan.ok() ? gp::Error {} : plan.error();
}

} // namespace

TEST(PlanFile, DefaultPlanParses)
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    EXPECT_EQ(plan->model.preset, "llama-2-7b");
    EXPECT_EQ(plan->workload.technique, gp::Technique::Full);
    EXPECT_EQ(plan->workload.sequenceLength, 4096);
    EXPECT_GE(plan->candidates.size(), 7u);
    EXPECT_FALSE(plan->candidates.front().nodes.has_value()) << "\"auto\" nodes";
}

TEST(PlanFile, SpecExampleReadsEveryField)
{
    const char* text = R"({
      "format": "gpu-planner-plan", "version": 1, "title": "t",
      "model": {"preset": "llama-2-7b",
                "architecture": {"kind": "decoder", "hidden_size": 4096, "num_layers": 32, "num_attention_heads": 32,
                                 "num_key_value_heads": 8, "intermediate_size": 11008, "vocab_size": 32000,
                                 "mlp": "gated", "tie_word_embeddings": false, "num_experts": 1,
                                 "experts_per_token": 1},
                "parameters": 6.74e9},
      "workload": {"mode": "inference", "objective": "classification", "technique": "qlora", "precision": "fp16",
                   "weight_format": "int4", "optimizer": "lion", "lora": {"rank": 64, "target_modules": ["all-linear"]},
                   "activation_checkpointing": "selective", "flash_attention": false,
                   "attention_kernel": "flash-attention-3", "loss_implementation": "chunked", "sequence_length": 2048, "micro_batch_size": 3,
                   "gradient_accumulation_steps": 5, "training_tokens": 3e9,
                   "parallelism": {"data": 2, "tensor": 4, "pipeline": 2, "zero_stage": 2, "offload": "optimizer"},
                   "inference": {"batch_size": 16, "prompt_tokens": 100, "output_tokens": 50,
                                 "kv_cache_precision": "fp8"}},
      "candidates": [{"instance": "tencent:GT4.41XLARGE948", "nodes": 2},
                     {"gpu": "rtx-4090-24gb", "gpus_per_node": 4, "nodes": "auto", "price_per_hour": 9.5,
                      "inter_node_gbps": 100, "intra_node": "pcie4"}],
      "assumptions": {"compute_efficiency": 0.4, "cuda_context_gib": null},
      "billing": {"currency": "USD", "spot_interruptions_per_day": 2, "checkpoint_interval_hours": 1},
      "search": {"enabled": false, "objective": "cost-under-deadline", "deadline_hours": 48, "max_nodes": 4}
    })";
    auto plan = gp::parsePlan(text);
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    const auto& w = plan->workload;
    EXPECT_EQ(w.mode, gp::Mode::Inference);
    EXPECT_EQ(w.objective, gp::TrainingObjective::Classification);
    EXPECT_EQ(w.weightFormat, gp::WeightFormat::Int4);
    EXPECT_EQ(w.optimizer, gp::Optimizer::Lion);
    EXPECT_EQ(w.lora.rank, 64);
    EXPECT_EQ(w.activationCheckpointing, gp::Checkpointing::Selective);
    EXPECT_FALSE(w.flashAttention);
    EXPECT_EQ(w.attentionKernel, gp::AttentionKernel::FlashAttention3);
    EXPECT_EQ(w.lossImplementation, gp::LossImplementation::Chunked);
    EXPECT_EQ(w.parallelism.data, 2);
    EXPECT_EQ(w.parallelism.tensor, 4);
    EXPECT_EQ(w.parallelism.offload, gp::Offload::Optimizer);
    EXPECT_EQ(w.inference.kvCachePrecision, gp::KvPrecision::Fp8);
    ASSERT_TRUE(plan->model.architecture.has_value());
    EXPECT_EQ(plan->model.architecture->numKeyValueHeads, 8);
    ASSERT_EQ(plan->candidates.size(), 2u);
    EXPECT_EQ(plan->candidates[0].nodes, 2);
    EXPECT_FALSE(plan->candidates[1].nodes.has_value());
    EXPECT_DOUBLE_EQ(plan->candidates[1].pricePerHour.value(), 9.5);
    EXPECT_DOUBLE_EQ(plan->assumptions.computeEfficiency.value(), 0.4);
    EXPECT_FALSE(plan->assumptions.cudaContextGib.has_value());
    EXPECT_EQ(plan->billing.currency, "USD");
    EXPECT_EQ(plan->search.objective, gp::SearchObjective::CostUnderDeadline);
    EXPECT_DOUBLE_EQ(plan->search.deadlineHours.value(), 48);
}

// Plan::operator== compares the plan's values (not the writer's JSON, which a writer dropping a field would drop on
// both sides): the default and the serving example read back to the same values, section by section.
TEST(PlanFile, RoundTripKeepsEverything)
{
    for (std::string_view text : { gp::defaultPlanText(), gp::servingPlanText() }) {
        auto plan = gp::parsePlan(text);
        ASSERT_TRUE(plan.ok());
        const std::string saved = gp::serializePlan(*plan);
        auto reread = gp::parsePlan(saved);
        ASSERT_TRUE(reread.ok()) << reread.error().toString();
        EXPECT_TRUE(*reread == *plan);
        EXPECT_TRUE(reread->workload == plan->workload);
        EXPECT_TRUE(reread->model == plan->model);
        EXPECT_TRUE(reread->candidates == plan->candidates);
        EXPECT_TRUE(reread->assumptions == plan->assumptions && reread->billing == plan->billing
            && reread->search == plan->search);
        EXPECT_EQ(gp::serializePlan(*reread), saved) << "saving twice gives the same bytes";
    }
}

// The attention kernel: older plans (without the field) read as FlashAttention-2, the kernel PyTorch SDPA runs; it
// is written and read back; an unknown kernel is an error naming the field.
TEST(PlanFile, AttentionKernelDefaultsRoundTripsAndNamesABadValue)
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(plan.ok());
    EXPECT_EQ(plan->workload.attentionKernel, gp::AttentionKernel::FlashAttention2);
    plan->workload.attentionKernel = gp::AttentionKernel::Cudnn;
    const std::string saved = gp::serializePlan(*plan);
    EXPECT_NE(saved.find("\"attention_kernel\": \"cudnn\""), std::string::npos);
    auto reread = gp::parsePlan(saved);
    ASSERT_TRUE(reread.ok()) << reread.error().toString();
    EXPECT_EQ(reread->workload.attentionKernel, gp::AttentionKernel::Cudnn);
    auto document = nlohmann::json::parse(saved);
    document["workload"]["attention_kernel"] = "flash-attention-9";
    auto bad = gp::parsePlan(document.dump());
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, "workload.attention_kernel") << bad.error().toString();
}

TEST(PlanFile, ChangesAreWritten)
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(plan.ok());
    plan->workload.sequenceLength = 8192;
    plan->candidates.pop_back();
    auto reread = gp::parsePlan(gp::serializePlan(*plan));
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(reread->workload.sequenceLength, 8192);
    EXPECT_EQ(reread->candidates.size(), plan->candidates.size());
}

TEST(PlanFile, UnknownFieldsRoundTrip)
{
    json document = minimalPlan();
    document["future_section"] = { { "a", 1 }, { "b", { 1, 2, 3 } } };
    document["workload"] = { { "sequence_length", 1024 }, { "future_knob", "x" } };
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "future_flag", true } } });
    auto plan = gp::parsePlan(document.dump());
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    plan->workload.sequenceLength = 2048;
    json saved = gp::planToJson(*plan);
    EXPECT_EQ(saved["future_section"], document["future_section"]);
    EXPECT_EQ(saved["workload"]["future_knob"], "x");
    EXPECT_EQ(saved["workload"]["sequence_length"], 2048);
    EXPECT_EQ(saved["candidates"][0]["future_flag"], true);
}

TEST(PlanFile, NegativeSequenceLengthNamesTheField)
{
    json document = minimalPlan();
    document["workload"] = { { "sequence_length", -5 } };
    gp::Error error = planError(document);
    EXPECT_EQ(error.field, "workload.sequence_length");
    EXPECT_NE(error.message.find("-5"), std::string::npos) << error.message;
    EXPECT_EQ(error.toString().rfind("workload.sequence_length: ", 0), 0u) << error.toString();
}

TEST(PlanFile, AbsurdValuesAreRefused)
{
    struct Case {
        const char* json;
        const char* field;
    };
    const Case cases[] = {
        { R"({"model": {"parameters": 1e30}})", "model.parameters" },
        { R"({"model": {"parameters": -7}})", "model.parameters" },
        { R"({"workload": {"micro_batch_size": 0}})", "workload.micro_batch_size" },
        { R"({"workload": {"micro_batch_size": 2.5}})", "workload.micro_batch_size" },
        { R"({"workload": {"sequence_length": 1e12}})", "workload.sequence_length" },
        { R"({"workload": {"training_tokens": "lots"}})", "workload.training_tokens" },
        { R"({"workload": {"precision": "fp64"}})", "workload.precision" },
        { R"({"workload": {"parallelism": {"zero_stage": 4}}})", "workload.parallelism.zero_stage" },
        { R"({"workload": {"parallelism": {"data": "many"}}})", "workload.parallelism.data" },
        { R"({"workload": {"lora": {"target_modules": []}}})", "workload.lora.target_modules" },
        { R"({"workload": {"inference": {"kv_cache_precision": "fp4"}}})", "workload.inference.kv_cache_precision" },
        { R"({"candidates": [{"nodes": 1}]})", "candidates[0].instance" },
        { R"({"candidates": [{"instance": "a:b", "nodes": 0}]})", "candidates[0].nodes" },
        { R"({"candidates": [{"instance": "a:b", "price_per_hour": -1}]})", "candidates[0].price_per_hour" },
        { R"({"billing": {"currency": "EUR"}})", "billing.currency" },
        { R"({"assumptions": {"compute_efficiency": 1.5}})", "assumptions.compute_efficiency" },
        { R"({"search": {"objective": "time-under-budget"}})", "search.budget" },
        { R"({"model": {"architecture": {"hidden_size": 0}}})", "model.architecture.hidden_size" },
        { R"({"model": {"architecture": {"num_experts": 2, "experts_per_token": 4}}})",
            "model.architecture.experts_per_token" },
    };
    for (const auto& c : cases) {
        json document = minimalPlan();
        document.merge_patch(json::parse(c.json));
        gp::Error error = planError(document);
        EXPECT_EQ(error.field, c.field) << c.json << " -> " << error.toString();
        EXPECT_FALSE(error.message.empty());
    }
}

TEST(PlanFile, FormatAndVersionAreChecked)
{
    EXPECT_EQ(gp::parsePlan("{").error().field, "");
    EXPECT_NE(gp::parsePlan("{").error().message.find("JSON"), std::string::npos);
    EXPECT_EQ(gp::parsePlan("[1,2]").error().message, "a plan must be a JSON object");
    json wrongFormat = minimalPlan();
    wrongFormat["format"] = "something-else";
    EXPECT_EQ(planError(wrongFormat).field, "format");
    json newer = minimalPlan();
    newer["version"] = 2;
    EXPECT_EQ(planError(newer).field, "version");
    json noModel = minimalPlan();
    noModel.erase("model");
    EXPECT_EQ(planError(noModel).field, "model");
}

TEST(PlanFile, QloraImpliesNf4Base)
{
    json document = minimalPlan();
    document["workload"] = { { "technique", "qlora" } };
    auto plan = gp::parsePlan(document.dump());
    ASSERT_TRUE(plan.ok());
    EXPECT_EQ(plan->workload.weightFormat, gp::WeightFormat::Nf4);
}
