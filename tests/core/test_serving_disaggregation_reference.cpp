// Prefill and decode apart against aggregated replicas, as published (issue #42 item 1): each row of
// tests/data/reference/disaggregation.json planned both ways on the same GPUs with the serving model, each setup's mean
// TTFT and mean inter-token latency against the measured ones, and the disaggregated/aggregated ratio a team lead
// decides on. A bound holds only for a row whose source states every input (none does yet: the rows name what is not
// stated); nothing is fitted to a row.
#include "catalog/catalog.h"
#include "estimate/common/hardware.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/serving/disaggregation.h"
#include "planner/answer.h"
#include "test_memory_support.h"
#include "test_serving_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace gp
{
namespace
{

// The row's plan: the model, GPUs, lengths, rate and run as the JSON gives them; aggregated = the plan's replicas at
// its tensor size as configured, disaggregated = one prefill and one decode replica at that tensor size, found by the
// deployment search over the candidate's nodes (the search is where the pools are built).
std::string pdRefPlanText(const nlohmann::json& p, bool disaggregated)
{
    const std::string tensor = std::to_string(p.at("tensor").get<int>());
    const std::string cv = p.at("length_cv").dump();
    const std::string deployment = disaggregated
        ? R"("deployment": {"mode": "disaggregated", "prefill_replicas": 1, "decode_replicas": 1, "prefill_tensor": )"
            + tensor + R"(, "decode_tensor": )" + tensor + "}"
        : std::string(R"("replicas": 2, "deployment": {"mode": "aggregated"})");
    const std::string search = disaggregated
        ? R"({"enabled": true, "objective": "cost", "max_nodes": )" + std::to_string(p.at("nodes").get<int>()) + "}"
        : std::string(R"({"enabled": false})");
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + p.at("preset").get<std::string>()
        + R"("}, "workload": {"mode": "serving", "precision": "fp16", "weight_format": ")"
        + p.at("weight_format").get<std::string>() + R"(", "parallelism": {"tensor": )" + tensor
        + R"(, "pipeline": 1}, "serving": {"prompt_tokens": )" + std::to_string(p.at("prompt_tokens").get<long>())
        + R"(, "output_tokens": )" + std::to_string(p.at("output_tokens").get<long>())
        + R"(, "load": {"requests_per_second": )" + p.at("requests_per_second").dump() + R"(}, "engine": {"name": ")"
        + p.at("engine").get<std::string>() + R"("}, "traffic": {"prompt_distribution": "normal", "prompt_spread": )"
        + cv + R"(, "output_distribution": "normal", "output_spread": )" + cv + R"(, "requests": )"
        + std::to_string(p.at("requests").get<long>()) + "}, " + deployment + R"(}},
        "candidates": [{"gpu": ")"
        + p.at("gpu").get<std::string>() + R"(", "gpus_per_node": )" + std::to_string(p.at("gpus_per_node").get<int>())
        + R"(, "nodes": )" + std::to_string(p.at("nodes").get<int>()) + R"(, "intra_node": ")"
        + p.at("intra_node").get<std::string>() + R"(", "inter_node_gbps": )" + p.at("inter_node_gbps").dump()
        + R"(}], "search": )" + search + "}";
}

struct PdRefSetup {
    double ttftMs = 0, itlMs = 0;
    int gpus = 0;
};

// The as-configured aggregated replicas (the estimator) or the searched disaggregated pools (the planner's answer).
PdRefSetup pdRefServe(const nlohmann::json& p, bool disaggregated, std::string& deployment)
{
    PdRefSetup out;
    const std::string text = pdRefPlanText(p, disaggregated);
    if (!disaggregated) {
        const ServingResult s = servedFirstCandidate(text);
        deployment = s.deployment;
        out = { 1e3 * s.ttftSeconds, 1e3 * s.tpotSeconds, s.replicas * p.at("tensor").get<int>() };
        return out;
    }
    auto plan = parsePlan(text);
    EXPECT_TRUE(plan) << (plan ? "" : plan.error().toString());
    if (!plan)
        return out;
    auto answer = answerPlan(*plan, builtinCatalog());
    EXPECT_TRUE(answer && !answer->search.candidates.empty() && answer->search.candidates.front().best.serving);
    if (!answer || answer->search.candidates.empty() || !answer->search.candidates.front().best.serving)
        return out;
    const CandidateResult& r = answer->search.candidates.front().best;
    deployment = r.serving->deployment;
    out = { 1e3 * r.serving->ttftSeconds, 1e3 * r.serving->tpotSeconds, r.gpus };
    return out;
}

TEST(ServingDisaggregation, PublishedComparisonsWithError)
{
    const auto data
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/disaggregation.json"));
    int rows = 0, bounded = 0;
    for (const auto& c : data.at("cases")) {
        const std::string id = c.at("id").get<std::string>();
        const nlohmann::json& p = c.at("plan");
        const nlohmann::json& dm = c.at("measured").at("disaggregated");
        const nlohmann::json& am = c.at("measured").at("aggregated");
        std::string dKind, aKind;
        const PdRefSetup d = pdRefServe(p, true, dKind);
        const PdRefSetup a = pdRefServe(p, false, aKind);
        ASSERT_EQ(dKind, "disaggregated") << id;
        ASSERT_EQ(aKind, "aggregated") << id;
        // Both setups on the same GPUs, as the source ran them.
        EXPECT_EQ(d.gpus, a.gpus) << id;
        EXPECT_EQ(d.gpus, 2 * p.at("tensor").get<int>()) << id;
        const double dTtft = dm.at("mean_ttft_ms").get<double>(), aTtft = am.at("mean_ttft_ms").get<double>();
        const double dItl = dm.at("mean_itl_ms").get<double>(), aItl = am.at("mean_itl_ms").get<double>();
        const double errors[] = { d.ttftMs / dTtft - 1, d.itlMs / dItl - 1, a.ttftMs / aTtft - 1, a.itlMs / aItl - 1 };
        std::printf("%s\n  disaggregated: TTFT model %7.1f ms, published %7.1f (%+6.1f%%); ITL model %6.2f ms, "
                    "published %6.2f (%+6.1f%%)\n",
            id.c_str(), d.ttftMs, dTtft, 100 * errors[0], d.itlMs, dItl, 100 * errors[1]);
        std::printf("  aggregated:    TTFT model %7.1f ms, published %7.1f (%+6.1f%%); ITL model %6.2f ms, published "
                    "%6.2f (%+6.1f%%)\n",
            a.ttftMs, aTtft, 100 * errors[2], a.itlMs, aItl, 100 * errors[3]);
        std::printf("  disaggregated/aggregated: TTFT model %.3f, published %.3f; ITL model %.3f, published %.3f\n",
            d.ttftMs / a.ttftMs, dTtft / aTtft, d.itlMs / a.itlMs, dItl / aItl);
        // A decode replica with no prefill chunk in its steps: never a longer step than the aggregated replica's at
        // the same tensor size (both published rows show it too).
        EXPECT_LT(d.itlMs, a.itlMs) << id;
        ++rows;
        // A bound only where the source states every input.
        const bool complete = !c.contains("not_stated") || c.at("not_stated").empty();
        if (complete) {
            for (double e : errors)
                EXPECT_LT(std::fabs(e), 0.35) << id; // the serving reference's worst-row aim (issue #17), not a fit
            ++bounded;
        }
    }
    EXPECT_EQ(rows, 2);
    EXPECT_EQ(bounded, 0); // every row so far leaves inputs unstated (the servers' GPUs, their network)
}

// One disaggregated run's plan: one prefill and one decode replica of the stated tensor size, one request at a time
// (a rate at which no request waits).
std::string pdRunPlanText(const nlohmann::json& p, long prompt)
{
    const std::string tensor = std::to_string(p.at("tensor").get<int>());
    return R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": ")" + p.at("preset").get<std::string>()
        + R"("}, "workload": {"mode": "serving", "precision": "bf16", "parallelism": {"tensor": )" + tensor
        + R"(, "pipeline": 1}, "serving": {"prompt_tokens": )" + std::to_string(prompt) + R"(, "output_tokens": )"
        + std::to_string(p.at("output_tokens").get<long>()) + R"(, "load": {"requests_per_second": )"
        + p.at("requests_per_second").dump() + R"(}, "engine": {"name": ")" + p.at("engine").get<std::string>()
        + R"(", "max_num_batched_tokens": )" + std::to_string(p.at("max_num_batched_tokens").get<int>())
        + R"(}, "deployment": {"mode": "disaggregated", "prefill_replicas": 1, "decode_replicas": 1, "prefill_tensor": )"
        + tensor + R"(, "decode_tensor": )" + tensor + R"(}}}, "candidates": [{"gpu": ")"
        + p.at("gpu").get<std::string>() + R"(", "gpus_per_node": )" + std::to_string(p.at("gpus_per_node").get<int>())
        + R"(, "nodes": )" + std::to_string(p.at("nodes").get<int>()) + R"(, "inter_node_gbps": )"
        + p.at("inter_node_gbps").dump() + R"(}], "search": {"enabled": true, "objective": "cost", "max_nodes": )"
        + std::to_string(p.at("nodes").get<int>()) + "}}";
}

// SGLang's 1P1D of Qwen3-235B-A22B on two H20 nodes, one request at a time: each prompt length's TTFT and KV transfer
// against the model. The published bytes are checked by hand (every rank's cache: the KV heads twice at TP 8 over 4
// heads) and against the model's (within 1%), the published rate against the link's line rate; the TTFT and transfer
// time errors are printed, their bound withheld (the JSON's disaggregated_runs.about and model_gaps say why).
TEST(ServingDisaggregation, PublishedTtftAndTransferWithError)
{
    const auto data
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/disaggregation.json"));
    const nlohmann::json& runs = data.at("disaggregated_runs");
    const nlohmann::json& p = runs.at("plan");
    // The link the model gives the transfer: a TP 8 replica's share (all) of a node's 4 x 400GbE, over RDMA.
    CandidateSpec spec;
    spec.gpu = p.at("gpu").get<std::string>();
    spec.gpusPerNode = p.at("gpus_per_node").get<int>();
    spec.interNodeGbps = p.at("inter_node_gbps").get<double>();
    const Catalog& catalog = builtinCatalog();
    auto hw = resolveCandidate(spec, catalog, 2, "candidates[0]");
    ASSERT_TRUE(hw) << hw.error().toString();
    const PerformanceDefaults defaults
        = performanceDefaults(catalog, {}, hw->gpu.gpuClass, hw->gpu.architecture, AttentionKernel::FlashAttention2);
    const KvLink link = kvTransferLink(*hw, defaults, p.at("tensor").get<int>(), false);
    ASSERT_EQ(link.kind, "rdma");
    ASSERT_DOUBLE_EQ(link.lineGBps, 1600.0 / 8);
    // Qwen3-235B-A22B at BF16: 94 layers x 4 KV heads x 128 x (K and V) x 2 bytes a token, each head on 2 of 8 ranks.
    const double kvPerToken = 94.0 * 4 * 128 * 2 * 2;
    int rows = 0;
    for (const auto& row : runs.at("rows")) {
        const long prompt = row.at("prompt_tokens").get<long>();
        const nlohmann::json& m = row.at("measured");
        const double publishedBytes = m.at("kv_bytes").get<double>();
        const double publishedTransfer = m.at("transfer_ms").get<double>() / 1e3;
        // The source's own figures: its bytes are every rank's cache (to the 3 digits it prints), at a rate below the
        // line's.
        EXPECT_NEAR(publishedBytes, 2 * kvPerToken * prompt, 0.01 * publishedBytes) << prompt;
        EXPECT_LT(publishedBytes / publishedTransfer, link.lineGBps * 1e9) << prompt;
        auto plan = parsePlan(pdRunPlanText(p, prompt));
        ASSERT_TRUE(plan) << plan.error().toString();
        auto answer = answerPlan(*plan, catalog);
        ASSERT_TRUE(answer && !answer->search.candidates.empty());
        const CandidateResult& r = answer->search.candidates.front().best;
        ASSERT_TRUE(r.serving && r.serving->disaggregation) << prompt;
        const KvTransfer& t = r.serving->disaggregation->transfer;
        EXPECT_EQ(t.link, "rdma") << prompt;
        // The model's bytes are the published ones: every decode rank's share (kvTransferBytes), to their 3 digits.
        EXPECT_NEAR(t.bytesPerRequest, publishedBytes, 0.01 * publishedBytes) << prompt;
        KvTransfer onPublishedBytes;
        ASSERT_TRUE(kvTransferTime(publishedBytes, link, 0, onPublishedBytes));
        const double ttft = r.serving->ttftSeconds * 1e3, publishedTtft = m.at("ttft_ms").get<double>();
        std::printf("%6ld tokens: TTFT model %7.1f ms, published %7.1f (%+6.1f%%); transfer of the published %.3g GB "
                    "model %6.2f ms, published %6.2f (%+6.1f%%); model bytes %.3g GB (%+.0f%%)\n",
            prompt, ttft, publishedTtft, 100 * (ttft / publishedTtft - 1), publishedBytes / 1e9,
            onPublishedBytes.seconds * 1e3, publishedTransfer * 1e3,
            100 * (onPublishedBytes.seconds / publishedTransfer - 1), t.bytesPerRequest / 1e9,
            100 * (t.bytesPerRequest / publishedBytes - 1));
        ++rows;
    }
    EXPECT_EQ(rows, 9);
}

} // namespace
} // namespace gp
