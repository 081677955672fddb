// Decode speed against published measurements (tests/data/reference/inference-cases.json): per-case table,
// median absolute error <= 15%, none worse than 35%.
#include "estimate/time/throughput_model.h"

#include "test_throughput_helpers.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace gp;
using namespace gp::testing;

namespace
{

WeightFormat formatFrom(const std::string& s)
{
    if (s == "int8")
        return WeightFormat::Int8;
    if (s == "int4")
        return WeightFormat::Int4;
    if (s == "nf4")
        return WeightFormat::Nf4;
    if (s == "fp8")
        return WeightFormat::Fp8;
    return WeightFormat::Same;
}

Hardware hardwareFrom(const Catalog& catalog, const nlohmann::json& h)
{
    if (h.contains("gpu_inline")) {
        const auto& g = h["gpu_inline"];
        Hardware hw = catalogHardware(catalog, "", h["gpus_per_node"], h["intra_node"]);
        hw.gpu.id = g["id"];
        hw.gpu.name = g["name"];
        hw.gpu.gpuClass = g["class"];
        hw.gpu.architecture = g["architecture"];
        hw.gpu.memoryBandwidthGBps = g["memory_bandwidth_gbps"];
        hw.gpu.tflops.fp16 = g["fp16_tflops"].get<double>();
        hw.gpu.tflops.bf16 = hw.gpu.tflops.fp16;
        return hw;
    }
    return catalogHardware(catalog, h["gpu"], h["gpus_per_node"], h["intra_node"]);
}

} // namespace

TEST(InferenceSpeedReference, DecodeCasesWithinPublishedError)
{
    const nlohmann::json doc = readJson(std::string(GP_TEST_DATA_DIR) + "/reference/inference-cases.json");
    ASSERT_TRUE(doc.is_object()) << "inference-cases.json missing or unreadable";
    const Catalog& catalog = builtinCatalog();
    std::vector<double> errors;
    std::printf("%-46s %10s %10s %8s %s\n", "case", "measured", "estimated", "error", "bottleneck");
    for (const auto& c : doc["cases"]) {
        if (!c.value("in_scope", false))
            continue;
        const auto& in = c["inputs"];
        const ResolvedModel model = modelFrom(architectureFromJson(in["architecture"]), c["id"]);
        const Hardware hw = hardwareFrom(catalog, in["hardware"]);
        Workload w;
        w.mode = Mode::Inference;
        w.precision = Precision::Bf16;
        w.weightFormat = formatFrom(in["weight_format"]);
        w.inference.batchSize = in["batch_size"];
        w.inference.promptTokens = in["prompt_tokens"];
        w.inference.outputTokens = in["output_tokens"];
        Configuration config;
        config.tensor = in["tensor"];
        config.microBatchSize = w.inference.batchSize;
        const ThroughputEstimate t = estimateThroughput(model, w, config, hw, {}, {}, catalog);
        ASSERT_TRUE(t.decodeTokensPerSecond.has_value()) << c["id"];
        const double measured = c["measured_value"];
        const double error = (*t.decodeTokensPerSecond - measured) / measured;
        std::printf("%-46s %10.2f %10.2f %+7.1f%% %s\n", c["id"].get<std::string>().c_str(), measured,
            *t.decodeTokensPerSecond, error * 100, bottleneckName(t.bottleneck).c_str());
        errors.push_back(std::abs(error));
        EXPECT_LE(std::abs(error), 0.35) << c["id"];
    }
    ASSERT_GE(errors.size(), 6u);
    const double med = median(errors);
    std::printf("median |error| %.1f%%, worst %.1f%% over %zu cases\n", med * 100,
        *std::max_element(errors.begin(), errors.end()) * 100, errors.size());
    EXPECT_LE(med, 0.15);
    // The sensitivity's bandwidth-efficiency spread is this median (defaults-performance.json): it follows the model.
    EXPECT_NEAR(builtinCatalog().number("uncertainty.bandwidth_efficiency_spread", 0), med, 0.005)
        << "update uncertainty.bandwidth_efficiency_spread to the measured median";
}
