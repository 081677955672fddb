// The time model against published training runs (tests/data/reference/time-cases.json): per-case error table,
// median absolute error <= 20%, none worse than 40%.
#include "estimate/time/throughput_model.h"

#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace gp;
using namespace gp::testing;

namespace
{

Checkpointing checkpointingFrom(const std::string& s)
{
    if (s == "full")
        return Checkpointing::Full;
    if (s == "selective")
        return Checkpointing::Selective;
    return Checkpointing::None;
}

Precision precisionFrom(const std::string& s)
{
    return s == "fp16" ? Precision::Fp16 : s == "fp32" ? Precision::Fp32 : Precision::Bf16;
}

// Megatron-LM's FLOPs per token with activation recomputation (Narayanan et al. SC21, Eq. 3 divided by B s):
// 96 l h^2 (1 + s/(6h) + V/(16 l h)).
double megatronFlopsPerToken(const Architecture& a, double s)
{
    const double l = double(a.numLayers), h = double(a.hiddenSize), v = double(a.vocabSize);
    return 96 * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
}

struct TimeRow {
    std::string id;
    std::string metric;
    double measured = 0;
    double estimated = 0;
    double error = 0;
    std::string bottleneck;
    double mfu = 0;
};

std::vector<TimeRow> evaluateTimeCases()
{
    std::vector<TimeRow> rows;
    const nlohmann::json doc = readJson(std::string(GP_TEST_DATA_DIR) + "/reference/time-cases.json");
    if (!doc.is_object())
        return rows;
    const Catalog& catalog = builtinCatalog();
    for (const auto& c : doc["cases"]) {
        if (!c.value("in_scope", false))
            continue;
        const auto& in = c["inputs"];
        const Architecture arch = architectureFromJson(in["architecture"]);
        const ResolvedModel model = modelFrom(arch, c["id"]);
        const auto& h = in["hardware"];
        const Hardware hw = catalogHardware(catalog, h["gpu"], h["gpus_per_node"], h["intra_node"], h["nodes"],
            h.value("inter_node_gbps", 0.0), h.value("rdma", false));
        const auto& k = in["configuration"];
        Configuration config;
        config.data = k["data"];
        config.tensor = k["tensor"];
        config.pipeline = k["pipeline"];
        config.zeroStage = k["zero_stage"];
        config.microBatchSize = k["micro_batch_size"];
        config.gradientAccumulationSteps = k["gradient_accumulation_steps"];
        config.checkpointing = checkpointingFrom(k["activation_checkpointing"]);
        config.sequenceParallel = k.value("sequence_parallel", false);
        Workload w;
        w.precision = precisionFrom(in["precision"]);
        w.sequenceLength = in["sequence_length"];
        w.flashAttention = in.value("flash_attention", true);
        w.trainingTokens = in["training_tokens"].is_number() ? in["training_tokens"].get<double>() : 1e9;
        w.microBatchSize = config.microBatchSize;
        w.gradientAccumulationSteps = config.gradientAccumulationSteps;
        w.activationCheckpointing = config.checkpointing;

        const ThroughputEstimate t = estimateThroughput(model, w, config, hw, {}, {}, catalog);
        const double gpus = double(config.data) * config.tensor * config.pipeline;
        TimeRow row;
        row.id = c["id"];
        row.metric = c["metric"];
        row.bottleneck = bottleneckName(t.bottleneck);
        row.mfu = t.modelFlopsUtilization;
        const double measured = c["measured_value"];
        row.measured = measured;
        if (row.metric == "gpu_hours") {
            row.estimated = t.gpuHours;
        } else if (row.metric == "tokens_per_second_per_gpu") {
            row.estimated = t.tokensPerSecond / gpus;
        } else if (row.metric == "megatron_tflops_per_gpu") {
            // Measured TFLOP/s converted to tokens/s per GPU with the paper's own FLOP count.
            row.measured = measured * 1e12 / megatronFlopsPerToken(arch, double(w.sequenceLength));
            row.estimated = t.tokensPerSecond / gpus;
            row.metric = "tokens/s/GPU (from Megatron TFLOP/s)";
        } else if (row.metric == "days") {
            row.estimated = t.trainingHours / 24.0 * (c.value("no_goodput", false) ? t.goodput : 1.0);
        } else if (row.metric == "training_flops") {
            row.estimated = t.trainingFlops;
        }
        row.error = row.measured != 0 ? (row.estimated - row.measured) / row.measured : NAN;
        rows.push_back(row);
    }
    return rows;
}

} // namespace

TEST(ThroughputReference, TimeCasesWithinPublishedError)
{
    const std::vector<TimeRow> rows = evaluateTimeCases();
    ASSERT_GE(rows.size(), 10u) << "time-cases.json missing or unreadable";
    std::vector<double> errors;
    std::printf(
        "%-30s %-38s %14s %14s %8s %6s %s\n", "case", "metric", "measured", "estimated", "error", "MFU", "bottleneck");
    for (const TimeRow& r : rows) {
        std::printf("%-30s %-38s %14.5g %14.5g %+7.1f%% %5.1f%% %s\n", r.id.c_str(), r.metric.c_str(), r.measured,
            r.estimated, r.error * 100, r.mfu * 100, r.bottleneck.c_str());
        ASSERT_TRUE(std::isfinite(r.error)) << r.id;
        errors.push_back(std::abs(r.error));
        EXPECT_LE(std::abs(r.error), 0.40) << r.id;
    }
    const double med = median(errors);
    const double worst = *std::max_element(errors.begin(), errors.end());
    std::printf("median |error| %.1f%%, worst %.1f%% over %zu cases\n", med * 100, worst * 100, errors.size());
    EXPECT_LE(med, 0.20);
    // The sensitivity's compute-efficiency spread is this median (defaults-performance.json): it follows the model.
    EXPECT_NEAR(builtinCatalog().number("uncertainty.compute_efficiency_spread", 0), med, 0.005)
        << "update uncertainty.compute_efficiency_spread to the measured median";
}
