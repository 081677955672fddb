// CSV export: RFC 4180 quoting, UTF-8 with optional BOM, stable header, exact number round trip.
#include "output/results_csv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace
{

using Table = std::vector<std::vector<std::string>>;

// A strict RFC 4180 reader (CRLF records, quoted fields may hold CR/LF/commas, "" is a quote).
Table parseCsv(std::string_view text)
{
    Table rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    bool fieldStarted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && field.empty()) {
            quoted = true;
            fieldStarted = true;
        } else if (c == ',') {
            row.push_back(field);
            field.clear();
            fieldStarted = false;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            row.push_back(field);
            rows.push_back(row);
            row.clear();
            field.clear();
            fieldStarted = false;
            ++i;
        } else {
            EXPECT_NE(c, '\n') << "bare LF outside quotes at " << i;
            field += c;
        }
    }
    EXPECT_FALSE(quoted) << "unterminated quote";
    EXPECT_TRUE(field.empty() && row.empty() && !fieldStarted) << "last record lacks CRLF";
    return rows;
}

double parseDouble(const std::string& text)
{
    double value = std::numeric_limits<double>::quiet_NaN();
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    EXPECT_TRUE(ec == std::errc() && end == text.data() + text.size()) << "not a number: '" << text << "'";
    return value;
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

std::size_t column(const std::string& name)
{
    const auto& names = gp::resultsCsvColumns();
    const auto it = std::find(names.begin(), names.end(), name);
    EXPECT_NE(it, names.end()) << name;
    return static_cast<std::size_t>(it - names.begin());
}

gp::CandidateResult trainingResult()
{
    gp::CandidateResult r;
    r.candidate = "tencent:GT4.41XLARGE948";
    r.gpu = "a100-40gb-sxm";
    r.gpusPerNode = 8;
    r.nodes = 2;
    r.gpus = 16;
    r.configuration.zeroStage = 3;
    r.configuration.checkpointing = gp::Checkpointing::Full;
    r.configuration.microBatchSize = 2;
    r.configuration.data = 16;
    r.memory.weights = 842500000.0; // 6.74e9 bf16 weights / 16 GPUs
    r.memory.gradients = 842500000.0;
    r.memory.optimizer = 5055000000.0; // 12 bytes x 6.74e9 / 16
    r.memory.activations = 1.0 / 3.0 * 3e9;
    r.memory.logits = 0.1;
    r.memory.runtime = 1073741824.0;
    r.memory.sum();
    r.gpuMemory = 42949672960.0;
    r.fits = true;
    r.step.compute = 12.345678901234567;
    r.step.communication = 0.7;
    r.step.total = r.step.compute + r.step.communication;
    r.tokensPerSecond = 2.0 * 4096 * 16 / r.step.total;
    r.modelFlopsUtilization = 0.4123456789;
    r.trainingHours = 2.0e9 / r.tokensPerSecond / 3600.0;
    r.gpuHours = r.trainingHours * 16;
    r.bottleneck = gp::Bottleneck::Compute;
    r.cost.currency = "CNY";
    // The outputs read every mode's total from the one list of per-mode costs.
    r.cost.setTotal(gp::BillingMode::OnDemand, 1234.5678);
    r.cost.setTotal(gp::BillingMode::Spot, 1e-7);
    r.cost.priceStatus = "published";
    r.cost.priceSource = "tencent-gpu-pricing";
    r.trainingFlops = 6.0 * 6.74e9 * 2.0e9; // 6 N D (Kaplan et al. 2020)
    r.warnings.push_back({ "cpu_cores_per_gpu_low", "few cores", {} });
    r.warnings.push_back({ "ram_per_vcpu_low", "little RAM", {} });
    return r;
}

TEST(ResultsCsv, HeaderIsTheStableContract)
{
    const auto rows = parseCsv(gp::resultsToCsv({}));
    ASSERT_EQ(rows.size(), 1u);
    const std::vector<std::string> expected = { "candidate", "gpu", "gpu_name", "gpus_per_node", "nodes", "gpus",
        "zero_stage", "activation_checkpointing", "micro_batch_size", "gradient_accumulation_steps", "tensor",
        "pipeline", "data", "offload", "memory_weights_bytes", "memory_gradients_bytes", "memory_optimizer_bytes",
        "memory_activations_bytes", "memory_logits_bytes", "memory_kv_cache_bytes", "memory_buffers_bytes",
        "memory_allocator_bytes", "memory_runtime_bytes", "memory_total_bytes", "gpu_memory_bytes",
        "usable_memory_bytes", "host_memory_per_node_bytes", "fits", "step_compute_seconds",
        "step_communication_seconds", "step_communication_intra_node_seconds", "step_communication_network_seconds",
        "step_offload_seconds", "step_data_loading_seconds", "step_total_seconds", "tokens_per_second",
        "model_flops_utilization", "training_hours", "gpu_hours", "training_flops", "decode_tokens_per_second",
        "prefill_seconds", "bottleneck", "price_per_hour", "cost_on_demand", "cost_monthly", "cost_reserved",
        "cost_spot", "cost_storage", "break_even_days", "currency", "price_source", "price_citation", "warnings",
        // serving (empty for training and inference results)
        "serving_kv_cache_tokens", "serving_max_concurrency", "serving_concurrency", "serving_ttft_seconds",
        "serving_tpot_seconds", "serving_request_latency_seconds", "serving_output_tokens_per_second",
        "serving_requests_per_second", "serving_replicas", "serving_meets_slo", "serving_limit",
        "serving_cost_per_million_output_tokens", "serving_cost_per_million_tokens", "serving_monthly_cost",
        "serving_billing_mode", "serving_concurrency_cut", "serving_decode_step_seconds",
        "serving_kv_capacity_requests", "serving_total_output_tokens_per_second", "serving_curve",
        // context parallelism and the pipeline schedule, appended
        "context", "pipeline_schedule", "virtual_stages",
        // the memory headroom (memoryHeadroomBytes), appended
        "memory_headroom_bytes",
        // the reservation behind cost_reserved, appended
        "reserved_term_months", "reserved_unused_hours",
        // the serving deployment (prefill and decode apart), appended
        "serving_deployment", "serving_prefill_replicas", "serving_prefill_tensor", "serving_decode_replicas",
        "serving_decode_tensor", "serving_kv_transfer_link", "serving_kv_transfer_seconds", "serving_deployment_reason",
        // speculative decoding, appended
        "serving_speculative_method", "serving_speculative_acceptance_rate", "serving_speculative_tokens_per_step",
        "serving_speculative_speedup", "serving_speculation_pays_up_to",
        // prefix caching by workload shape, appended
        "serving_prefix_shape", "serving_prefix_hit_rate", "serving_prefix_saved_prompt_tokens",
        "serving_prefix_held_bytes", "serving_prefix_offload_tokens", "serving_prefix_transfer_seconds",
        // the serving percentiles, the SLO's statistic, KV occupancy and a finite run's makespan, appended
        "serving_ttft_p50_seconds", "serving_ttft_p90_seconds", "serving_ttft_p99_seconds", "serving_tpot_p50_seconds",
        "serving_tpot_p90_seconds", "serving_tpot_p99_seconds", "serving_itl_p50_seconds", "serving_itl_p90_seconds",
        "serving_itl_p99_seconds", "serving_request_latency_p50_seconds", "serving_request_latency_p90_seconds",
        "serving_request_latency_p99_seconds", "serving_slo_statistic", "serving_kv_occupancy",
        "serving_makespan_seconds",
        // many LoRA adapters, appended
        "serving_lora_adapters", "serving_lora_max_loras", "serving_lora_gpu_bytes", "serving_lora_slowdown",
        "serving_lora_miss_share",
        // the prefix cache's disk tier, then each pool's own instance on a pair of instances, appended
        "serving_prefix_disk_tokens", "serving_prefix_disk_capacity_bytes", "serving_prefix_disk_seconds",
        "serving_decode_instance", "serving_decode_nodes", "serving_prefill_instance", "serving_prefill_nodes" };
    EXPECT_EQ(rows[0], expected);
    EXPECT_EQ(gp::resultsCsvColumns(), expected);
}

TEST(ResultsCsv, QuotesCommasQuotesAndLineBreaks)
{
    EXPECT_EQ(gp::csvField("plain"), "plain");
    EXPECT_EQ(gp::csvField(""), "");
    EXPECT_EQ(gp::csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(gp::csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(gp::csvField("line1\nline2"), "\"line1\nline2\"");
    EXPECT_EQ(gp::csvField("cr\rhere"), "\"cr\rhere\"");
    EXPECT_EQ(gp::csvField("semi;colon and space"), "semi;colon and space");

    auto r = trainingResult();
    r.candidate = "my rig, \"fast\"\r\nrack 2";
    const auto rows = parseCsv(gp::resultsToCsv({ r }));
    ASSERT_EQ(rows.size(), 2u);
    ASSERT_EQ(rows[1].size(), gp::resultsCsvColumns().size());
    EXPECT_EQ(rows[1][column("candidate")], r.candidate);
}

TEST(ResultsCsv, ChineseTextStaysUtf8)
{
    auto r = trainingResult();
    r.candidate = "腾讯云 GT4，8 卡";
    r.cost.priceSource = "腾讯云官网价格, 2024-05";
    const std::string csv = gp::resultsToCsv({ r });
    EXPECT_NE(csv.find("腾讯云 GT4，8 卡"), std::string::npos); // the full-width comma needs no quoting
    EXPECT_NE(csv.find("\"腾讯云官网价格, 2024-05\""), std::string::npos);
    const auto rows = parseCsv(csv);
    EXPECT_EQ(rows[1][column("candidate")], r.candidate);
    EXPECT_EQ(rows[1][column("price_citation")], r.cost.priceSource);
}

TEST(ResultsCsv, ByteOrderMarkOnlyWhenAsked)
{
    const std::string bom = "\xEF\xBB\xBF";
    const std::string without = gp::resultsToCsv({ trainingResult() }, gp::CsvOptions { false });
    const std::string with = gp::resultsToCsv({ trainingResult() }, gp::CsvOptions { true });
    EXPECT_EQ(without.rfind("candidate,", 0), 0u);
    EXPECT_EQ(with.rfind(bom + "candidate,", 0), 0u);
    EXPECT_EQ(with.substr(bom.size()), without);
    const std::string curve = gp::costCurveToCsv({}, gp::CsvOptions { true });
    EXPECT_EQ(curve, bom + "candidate,billing_mode,days,cumulative_cost,currency\r\n");
}

TEST(ResultsCsv, EveryLineEndsWithCrLf)
{
    const std::string csv = gp::resultsToCsv({ trainingResult(), trainingResult() });
    std::size_t lines = 0;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        if (csv[i] == '\n') {
            ASSERT_GT(i, 0u);
            EXPECT_EQ(csv[i - 1], '\r');
            ++lines;
        }
    }
    EXPECT_EQ(lines, 3u); // header + two candidates
    EXPECT_EQ(csv.substr(csv.size() - 2), "\r\n");
}

TEST(ResultsCsv, NumbersReadBackBitForBit)
{
    const double values[] = { 0.1, 1.0 / 3.0, 6.74e9, 42949672960.0, 2.0e9, 123456789012345678.0,
        std::numeric_limits<double>::min(), std::numeric_limits<double>::denorm_min(),
        std::numeric_limits<double>::max(), -2.5e-17, 0.0, 12.345678901234567 };
    for (double value : values) {
        const std::string text = gp::csvNumber(value);
        EXPECT_TRUE(sameBits(parseDouble(text), value)) << text;
        EXPECT_EQ(text.find(','), std::string::npos);
    }
    EXPECT_EQ(gp::csvNumber(42949672960.0), "42949672960");
    EXPECT_EQ(gp::csvNumber(0.1), "0.1"); // shortest, not 0.10000000000000001
}

TEST(ResultsCsv, RowRoundTripsEveryNumber)
{
    const auto r = trainingResult();
    const auto rows = parseCsv(gp::resultsToCsv({ r }));
    ASSERT_EQ(rows.size(), 2u);
    const auto& row = rows[1];
    auto number = [&](const char* name) { return parseDouble(row[column(name)]); };
    EXPECT_TRUE(sameBits(number("memory_weights_bytes"), r.memory.weights));
    EXPECT_TRUE(sameBits(number("memory_optimizer_bytes"), r.memory.optimizer));
    EXPECT_TRUE(sameBits(number("memory_activations_bytes"), r.memory.activations));
    EXPECT_TRUE(sameBits(number("memory_logits_bytes"), r.memory.logits));
    EXPECT_TRUE(sameBits(number("memory_total_bytes"), r.memory.total));
    EXPECT_TRUE(sameBits(number("gpu_memory_bytes"), r.gpuMemory));
    EXPECT_TRUE(sameBits(number("step_compute_seconds"), r.step.compute));
    EXPECT_TRUE(sameBits(number("step_total_seconds"), r.step.total));
    EXPECT_TRUE(sameBits(number("tokens_per_second"), r.tokensPerSecond));
    EXPECT_TRUE(sameBits(number("model_flops_utilization"), r.modelFlopsUtilization));
    EXPECT_TRUE(sameBits(number("training_hours"), r.trainingHours));
    EXPECT_TRUE(sameBits(number("gpu_hours"), r.gpuHours));
    EXPECT_TRUE(sameBits(number("cost_on_demand"), *r.cost.total(gp::BillingMode::OnDemand)));
    EXPECT_TRUE(sameBits(number("cost_spot"), *r.cost.total(gp::BillingMode::Spot)));
    // The parts written still sum to the total written (memory.sum() in the writer's input).
    double parts = 0;
    for (const char* part : { "memory_weights_bytes", "memory_gradients_bytes", "memory_optimizer_bytes",
             "memory_activations_bytes", "memory_logits_bytes", "memory_kv_cache_bytes", "memory_buffers_bytes",
             "memory_allocator_bytes", "memory_runtime_bytes" })
        parts += number(part);
    EXPECT_TRUE(sameBits(parts, number("memory_total_bytes")));
    EXPECT_EQ(row[column("gpus")], "16");
    EXPECT_EQ(row[column("zero_stage")], "3");
    EXPECT_EQ(row[column("activation_checkpointing")], "full");
    EXPECT_EQ(row[column("offload")], "none");
    EXPECT_EQ(row[column("fits")], "true");
    EXPECT_EQ(row[column("currency")], "CNY");
    EXPECT_EQ(row[column("price_source")], "published");
    EXPECT_EQ(row[column("price_citation")], "tencent-gpu-pricing");
    EXPECT_TRUE(sameBits(number("training_flops"), r.trainingFlops));
    EXPECT_EQ(row[column("warnings")], "cpu_cores_per_gpu_low;ram_per_vcpu_low");
}

TEST(ResultsCsv, AbsentAndNonFiniteValuesAreEmpty)
{
    auto r = trainingResult();
    r.cost.setTotal(gp::BillingMode::Monthly, std::nullopt);
    r.cost.setTotal(gp::BillingMode::Reserved, std::numeric_limits<double>::quiet_NaN());
    r.step.offload = std::numeric_limits<double>::infinity();
    const auto rows = parseCsv(gp::resultsToCsv({ r }));
    EXPECT_EQ(rows[1][column("cost_monthly")], "");
    EXPECT_EQ(rows[1][column("cost_reserved")], "");
    EXPECT_EQ(rows[1][column("step_offload_seconds")], "");
    EXPECT_EQ(rows[1][column("decode_tokens_per_second")], "");
    EXPECT_EQ(rows[1][column("prefill_seconds")], "");
}

TEST(ResultsCsv, InferenceLeavesTrainingFiguresEmpty)
{
    auto r = trainingResult();
    r.decodeTokensPerSecond = 2345.5;
    r.prefillSeconds = 0.0421;
    const auto rows = parseCsv(gp::resultsToCsv({ r }));
    EXPECT_EQ(rows[1][column("training_hours")], "");
    EXPECT_EQ(rows[1][column("gpu_hours")], "");
    EXPECT_EQ(rows[1][column("model_flops_utilization")], "");
    EXPECT_EQ(rows[1][column("training_flops")], "");
    EXPECT_TRUE(sameBits(parseDouble(rows[1][column("decode_tokens_per_second")]), 2345.5));
    EXPECT_TRUE(sameBits(parseDouble(rows[1][column("prefill_seconds")]), 0.0421));
}

TEST(ResultsCsv, CostCurveHasOneRowPerPoint)
{
    auto a = trainingResult();
    gp::BillingCost onDemand;
    onDemand.mode = gp::BillingMode::OnDemand;
    onDemand.curve = { { 0.0, 0.0 }, { 0.5, 617.2839 }, { 1.0 / 3.0, 1234.5678 } };
    gp::BillingCost monthly;
    monthly.mode = gp::BillingMode::Monthly;
    monthly.curve = { { 0.0, 30000.0 }, { 30.0, 30000.0 } };
    a.cost.modes = { onDemand, monthly };
    auto b = trainingResult();
    b.candidate = "rig \"A\", 机房";
    b.cost.modes = { monthly };

    const auto rows = parseCsv(gp::costCurveToCsv({ a, b }));
    ASSERT_EQ(rows.size(), 1u + 3u + 2u + 2u);
    EXPECT_EQ(
        rows[0], (std::vector<std::string> { "candidate", "billing_mode", "days", "cumulative_cost", "currency" }));
    EXPECT_EQ(
        rows[3], (std::vector<std::string> { a.candidate, "on_demand", gp::csvNumber(1.0 / 3.0), "1234.5678", "CNY" }));
    EXPECT_TRUE(sameBits(parseDouble(rows[3][2]), 1.0 / 3.0));
    EXPECT_EQ(rows[4][1], "monthly");
    EXPECT_EQ(rows[7][0], b.candidate);
    EXPECT_EQ(rows[7][2], "30");
}

} // namespace
