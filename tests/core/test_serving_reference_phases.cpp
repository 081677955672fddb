// Where the TensorRT-LLM and SGLang reference runs spend their time (tests/data/reference/serving-cases.json): for
// each offline run, the engine step's parts at the run's mean batch (weights, KV cache, FLOPs, the rest) and the run's
// phases (the prompts' compute, the decode steps), printed per row beside the measured and estimated throughput:
// `build/bin/core_tests --gtest_filter='ServingReferencePhases.*'`. The check: the two phases, each a lower bound of
// its steps' time, never take longer together than the finite run's makespan by more than the steps that carry both.
#include "test_memory_support.h"

#include "catalog/catalog.h"
#include "estimate/common/performance_defaults.h"
#include "estimate/estimator.h"
#include "estimate/serving/gemm_waves.h"
#include "estimate/serving/serving_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace gp
{
namespace
{

// A measured series of gemm-rows.json ({"M": TFLOP/s}): its largest M and the rate measured there, the series'
// own top that each point is read against.
std::pair<double, double> largestRowsAndRate(const nlohmann::json& series)
{
    double largest = 0;
    for (const auto& [m, tflops] : series.items())
        largest = std::max(largest, std::stod(m));
    return { largest, series.at(std::to_string(int(largest))).get<double>() };
}

const nlohmann::json& phaseCases()
{
    static const nlohmann::json doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/serving-cases.json"));
    return doc;
}

TEST(ServingReferencePhases, OfflineRunsSplitIntoPrefillAndDecodeWithinTheirMakespan)
{
    const Catalog& catalog = builtinCatalog();
    std::printf("\n%-50s %7s %6s %8s | %7s %7s %7s %7s | %6s %6s %6s | %8s %8s %6s\n", "case (offline runs)", "batch",
        "kvcap", "step ms", "empty", "kv", "flops", "other", "pre %", "dec %", "tail %", "measured", "estimated",
        "error");
    int counted = 0;
    for (const auto& c : phaseCases().at("cases")) {
        const auto& serving = c.at("plan").at("workload").at("serving");
        if (!serving.contains("load") || !serving.at("load").is_string() || !serving.contains("traffic"))
            continue;
        const std::string id = c.at("id").get<std::string>();
        auto plan = planFromJson(c.at("plan"));
        ASSERT_TRUE(plan) << id;
        auto estimate = estimatePlan(*plan, catalog);
        ASSERT_TRUE(estimate && !estimate->results.empty() && estimate->results.front().serving) << id;
        const ServingResult& r = *estimate->results.front().serving;
        auto model = resolveModel(plan->model);
        ASSERT_TRUE(model) << id;
        auto hw = resolveCandidate(plan->candidates.front(), catalog, 1, "candidates[0]");
        ASSERT_TRUE(hw) << id;
        auto config = configurationFromPlan(*plan, *hw);
        ASSERT_TRUE(config) << id;
        const Workload workload = workloadOnGpu(plan->workload, hw->gpu);
        const ServingReplica replica(*model, workload, *config, *hw, plan->assumptions, catalog);
        const ReplicaSteps& s = replica.steps();

        // The step's parts at the run's decode batch B (the requests in flight, at most what the KV cache and the
        // engine's batch limit hold): an empty step (the weights, the per-step overhead, the MoE routing kernels,
        // the all-reduces' latency), the decoding requests' KV reads, their FLOPs, and the step beyond
        // empty + max(KV, FLOPs) (all-reduce bytes, the engine's CPU line).
        const double b = std::clamp(r.concurrency, 1.0, double(std::max(1, replica.capacity())));
        const double step = s.plainStepSeconds(b, 0);
        const double empty = s.plainStepSeconds(0, 0);
        const double kv = b * s.kvSecondsPerRequest();
        const double flops = b * s.decodeComputeSecondsPerToken();
        const double other = step - empty - std::max(kv, flops);
        // The run's phases: every prompt token's compute, every later output token's decode step at batch B.
        const double n = r.requestsInRun;
        const double prefill = n * s.computedPromptTokens() * s.prefillSecondsPerToken();
        const double decode = n * s.decodeStepsPerRequest() * step / b;
        const double makespan = r.makespanSeconds;
        ASSERT_GT(makespan, 0) << id;
        // The tail: the makespan beyond the two phases (ramp, the last requests' low-batch steps), or their overlap
        // (negative: prompts riding in steps the decode's reads already take).
        const double tail = makespan - prefill - decode;
        const double measured = c.at("checks").at(0).at("value").get<double>();
        const std::string field = c.at("checks").at(0).at("field").get<std::string>();
        const double estimated = field == "serving.requests_per_second" ? r.requestsPerSecond : r.outputTokensPerSecond;
        std::printf(
            "%-50.50s %7.1f %6.0f %8.3f | %7.3f %7.3f %7.3f %7.3f | %6.1f %6.1f %+6.1f | %8.5g %8.5g %+5.1f%%\n",
            id.c_str(), b, r.kvCapacityRequests, 1e3 * step, 1e3 * empty, 1e3 * kv, 1e3 * flops, 1e3 * other,
            100 * prefill / makespan, 100 * decode / makespan, 100 * tail / makespan, measured, estimated,
            100 * (estimated / measured - 1));
        // A step carrying prompt tokens and decode tokens takes max(reads, FLOPs): at most the two phases overlap
        // entirely, so the makespan is at least the longer of them.
        EXPECT_GE(makespan, 0.99 * std::max(prefill, decode)) << id;
        ++counted;
    }
    EXPECT_GE(counted, 40);
}

// The prefill's rows curve (compute_efficiency.tokens_half: efficiency x M / (M + half)) against XLA's measured cuBLAS
// tables on H100 and B200 (tests/data/reference/gemm-rows.json, the 2025 table and the 2026 one): the curve's ratio of
// M to the series' largest M beside the measured one. At N = K = 4096, the size of a 7-8B model's projections, the
// curve stays within 16.5% at every M (H100 2026 M = 512: measured 0.848 of M = 4096, curve 0.708; B200 M = 256:
// measured 0.460, curve 0.531); narrower GEMMs (N 1024-2048 or K 2048, like a 70B model's projections at tensor 4-8)
// fall much further than the curve at small M (the curve up to 3.9x the measured rate), printed per GPU. The check: at
// N = K = 4096 the curve stays within 17.5% of every measurement (what it reaches, a point above, so that a regression
// fails).
TEST(ServingReferencePhases, PrefillRowsCurveAgainstMeasuredCublas)
{
    const nlohmann::json doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/gemm-rows.json"));
    const Catalog& catalog = builtinCatalog();
    std::map<std::string, std::vector<double>> narrowErrors; // by GPU: |error| of the other series
    int checked = 0;
    for (const auto& c : doc.at("cases")) {
        const GpuSpec* gpu = catalog.findGpu(c.at("gpu").get<std::string>());
        ASSERT_NE(gpu, nullptr) << c.at("id");
        const PerformanceDefaults d = performanceDefaults(catalog, Assumptions {}, gpu->gpuClass, gpu->architecture);
        const auto curve = [&](double m) { return m / (m + d.tokensHalf); };
        const auto& series = c.at("tflops_by_m");
        const auto [largest, top] = largestRowsAndRate(series);
        const bool square = c.at("n").get<int>() == 4096 && c.at("k").get<int>() == 4096;
        for (const auto& [m, tflops] : series.items()) {
            const double rows = std::stod(m);
            const double measured = tflops.get<double>() / top;
            const double modelled = curve(rows) / curve(largest);
            std::printf("%-36s M %5.0f: measured %.3f of M %.0f, curve %.3f (%+.1f%%)\n",
                c.at("id").get<std::string>().c_str(), rows, measured, largest, modelled,
                100 * (modelled / measured - 1));
            if (square) {
                EXPECT_NEAR(modelled / measured, 1.0, 0.175) << c.at("id") << " M " << m;
                ++checked;
            } else if (rows < largest) {
                narrowErrors[gpu->id].push_back(std::fabs(modelled / measured - 1));
            }
        }
    }
    for (auto& [gpu, errors] : narrowErrors) {
        std::sort(errors.begin(), errors.end());
        std::printf("%s, N or K below 4096: the curve's error over %zu points, median %.1f%%, worst %.1f%%\n",
            gpu.c_str(), errors.size(), 100 * errors[errors.size() / 2], 100 * errors.back());
    }
    EXPECT_GE(checked, 13);
}

// The routed experts' rate in the serving step (step_time.cpp: the rows curve read at chunk x k / E rows per expert)
// against DeepGEMM's measured grouped GEMMs on H800 (tests/data/reference/grouped-gemm-rows.json): each grouped row's
// rate over the same kernel's dense GEMM at M 4096 of the same N and K, beside the curve's M / (M + half) over
// 4096 / (4096 + half). Measured: 0.71-0.80 at 256 rows per expert, 0.80-0.89 at 512, 0.90-0.95 at 1,024, 0.99-1.07
// from 4,096; the curve 0.531, 0.708, 0.850, 1.000, 1.030. The curve is never more than 5% faster than the grouped
// kernel (4096 x 7168 at 8,192 rows: +3.5%) and up to 33% slower at 256 rows: a grouped GEMM of m rows per expert runs
// about as fast as a dense GEMM of m rows, so a rate slower than the curve at large rows per expert is not what the
// kernel measures (issue #39: the MoE rows that overshoot once prefill rows follow the step are not explained by it).
// Each row's bandwidth is checked against its bytes (every group reads its expert's N x K FP8 weights once and its
// m x K FP8 rows, and writes m x N BF16), which pins how the table is read.
TEST(ServingReferencePhases, ExpertRowsCurveAgainstMeasuredGroupedGemm)
{
    const nlohmann::json doc = nlohmann::json::parse(
        test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/grouped-gemm-rows.json"));
    const Catalog& catalog = builtinCatalog();
    int checked = 0;
    for (const auto& c : doc.at("cases")) {
        const GpuSpec* gpu = catalog.findGpu(c.at("gpu").get<std::string>());
        ASSERT_NE(gpu, nullptr) << c.at("id");
        const PerformanceDefaults d = performanceDefaults(catalog, Assumptions {}, gpu->gpuClass, gpu->architecture);
        const auto curve = [&](double m) { return m / (m + d.tokensHalf); };
        const double n = c.at("n").get<double>(), k = c.at("k").get<double>();
        const double dense = c.at("dense_tflops_by_m").at("4096").get<double>();
        for (const auto& g : c.at("grouped")) {
            const double m = g.at("m_per_group").get<double>(), groups = g.at("groups").get<double>();
            const double tflops = g.at("tflops").get<double>();
            const double seconds = 2 * groups * m * n * k / (tflops * 1e12);
            const double bytes = groups * (n * k + m * k + 2 * m * n);
            EXPECT_NEAR(bytes / seconds / 1e9 / g.at("gbps").get<double>(), 1.0, 0.01) << c.at("id") << " M " << m;
            const double measured = tflops / dense;
            const double modelled = curve(m) / curve(4096);
            std::printf("%-32s %-10s %5.0f rows per group: measured %.3f of dense M 4096, curve %.3f (%+.1f%%)\n",
                c.at("id").get<std::string>().c_str(), g.at("layout").get<std::string>().c_str(), m, measured, modelled,
                100 * (modelled / measured - 1));
            EXPECT_LE(modelled / measured, 1.05) << c.at("id") << " M " << m;
            EXPECT_GE(modelled / measured, 0.60) << c.at("id") << " M " << m;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 10);
}

// The wave model (estimate/serving/gemm_waves.h: vLLM's CUTLASS tile by M, whole waves of tiles over the catalog's SM
// count, the operands' roofline) against the same measured cuBLAS tables at every N and K, not only N = K = 4096:
// each series' rate at M over its rate at the largest M, modelled and measured. It is checked against the rows curve
// it would replace: on these tables the waves' worst error is several times smaller on both GPUs.
TEST(ServingReferencePhases, GemmWavesAgainstMeasuredCublasAtEveryN)
{
    const nlohmann::json doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/gemm-rows.json"));
    const Catalog& catalog = builtinCatalog();
    std::map<std::string, std::vector<double>> waveErrors, curveErrors; // by GPU, |error| below the largest M
    for (const auto& c : doc.at("cases")) {
        const GpuSpec* gpu = catalog.findGpu(c.at("gpu").get<std::string>());
        ASSERT_NE(gpu, nullptr) << c.at("id");
        ASSERT_GT(gpu->smCount, 0) << gpu->id;
        const PerformanceDefaults d = performanceDefaults(catalog, Assumptions {}, gpu->gpuClass, gpu->architecture);
        const GemmMachine machine { gpu->smCount, gpu->tflops.bf16.value_or(0) * 1e12, gpu->memoryBandwidthGBps * 1e9 };
        const double n = c.at("n").get<double>(), k = c.at("k").get<double>();
        const auto waves = [&](double m) { return 2 * m * n * k / gemmSeconds(m, n, k, 2, 2, machine); };
        const auto curve = [&](double m) { return m / (m + d.tokensHalf); };
        const auto& series = c.at("tflops_by_m");
        const auto [largest, top] = largestRowsAndRate(series);
        for (const auto& [m, tflops] : series.items()) {
            const double rows = std::stod(m);
            if (rows >= largest)
                continue;
            const double measured = tflops.get<double>() / top;
            const double wave = waves(rows) / waves(largest) / measured - 1;
            const double rowsCurve = curve(rows) / curve(largest) / measured - 1;
            std::printf("%-36s M %5.0f: measured %.3f of M %.0f, waves %+6.1f%% (%.0f tiles), curve %+6.1f%%\n",
                c.at("id").get<std::string>().c_str(), rows, measured, largest, 100 * wave,
                std::ceil(rows / gemmTileForRows(rows).rows) * std::ceil(n / gemmTileForRows(rows).cols),
                100 * rowsCurve);
            waveErrors[gpu->id].push_back(std::fabs(wave));
            curveErrors[gpu->id].push_back(std::fabs(rowsCurve));
        }
    }
    ASSERT_EQ(waveErrors.size(), 2u);
    for (auto& [gpu, errors] : waveErrors) {
        auto& curveOnes = curveErrors[gpu];
        std::sort(errors.begin(), errors.end());
        std::sort(curveOnes.begin(), curveOnes.end());
        const double median = errors[errors.size() / 2], worst = errors.back();
        std::printf("%s over %zu points: waves median %.1f%%, worst %.1f%%; rows curve median %.1f%%, worst %.1f%%\n",
            gpu.c_str(), errors.size(), 100 * median, 100 * worst, 100 * curveOnes[curveOnes.size() / 2],
            100 * curveOnes.back());
        EXPECT_LE(median, 0.20) << gpu;
        EXPECT_LE(worst, 0.56) << gpu;
        EXPECT_LT(worst, 0.5 * curveOnes.back()) << gpu;
    }
}

// By hand: an [M x 4096] output on 132 SMs. M 256 is 2 x 32 = 64 tiles of 128 x 128, one wave holding 64 of 132
// slots; M 4096 is 32 x 32 = 1,024 tiles, 8 waves of 132 (1,056 slots). M 100 runs 64 x 128 tiles: 2 x 32 = 64.
TEST(ServingReferencePhases, GemmWavesCountTilesByHand)
{
    EXPECT_DOUBLE_EQ(gemmWaveShare(256, 4096, 132), 64.0 / 132);
    EXPECT_DOUBLE_EQ(gemmWaveShare(4096, 4096, 132), 1024.0 / 1056);
    EXPECT_DOUBLE_EQ(gemmWaveShare(100, 4096, 132), 64.0 / 132);
    EXPECT_DOUBLE_EQ(gemmWaveShare(256, 4096, 0), 1.0);
    // One wave of 128 x 128 x 4096 tiles at 1e15 / 132 FLOP/s an SM: 2 x 128 x 128 x 4096 x 132 / 1e15 s = 17.7 us;
    // the operands' 2 x (256 x 4096 + 4096 x 4096) + 2 x 256 x 4096 bytes over 3.35e12 B/s are 11.3 us, shorter.
    const GemmMachine h100 { 132, 1e15, 3.35e12 };
    const double compute = 2.0 * 128 * 128 * 4096 * 132 / 1e15;
    const double memory = (2.0 * (256 * 4096 + 4096.0 * 4096) + 2.0 * 256 * 4096) / 3.35e12;
    EXPECT_GT(compute, memory);
    EXPECT_NEAR(gemmSeconds(256, 4096, 4096, 2, 2, h100), compute, 1e-12);
    // M 16: one wave of 64 x 64 tiles (4.4 us) under the weights' 32 MiB read (10.1 us): the roofline holds.
    const double weights = (2.0 * (16 * 4096 + 4096.0 * 4096) + 2.0 * 16 * 4096) / 3.35e12;
    EXPECT_GT(weights, 2.0 * 64 * 64 * 4096 * 132 / 1e15);
    EXPECT_NEAR(gemmSeconds(16, 4096, 4096, 2, 2, h100), weights, 1e-12);
    EXPECT_NEAR(gemmSeconds(4096, 4096, 4096, 2, 2, h100), 8 * 2.0 * 128 * 128 * 4096 * 132 / 1e15, 1e-12);
}

} // namespace
} // namespace gp
