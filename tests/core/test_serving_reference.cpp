// The serving model against published vLLM, llm-d, TensorRT-LLM, SGLang and llama.cpp measurements
// (tests/data/reference/serving-cases.json, each with every input and its citation). Prints the error table (run
// `build/bin/core_tests --gtest_filter='ServingReference.*'`) and asserts the aims of issue #17: median |error| within
// 15% and worst within 35% for throughput, TTFT and TPOT, within 5% for KV capacity.
#include "test_memory_support.h"

#include "catalog/catalog.h"
#include "estimate/estimator.h"

#include <gtest/gtest.h>

#include <string_view>

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

struct ServingRow {
    std::string id;
    std::string quantity; // throughput | ttft | tpot | kv | latency | percentile
    std::string engine; // the case's engine (its source's name)
    std::string field;
    double measured = 0;
    double estimated = 0;
    double error = 0; // relative, signed
    bool inAim = true; // false: the case's `aim_excluded` says why the plan cannot express what was measured
};

const nlohmann::json& cases()
{
    static const nlohmann::json doc
        = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + "/reference/serving-cases.json"));
    return doc;
}

// The estimated value a check compares with: medians of inter-token gaps are the decode step (a mean TPOT adds the
// rare prefill stalls); vLLM's "Maximum concurrency: 11.55x" is the unrounded capacity.
double estimated(const ServingResult& s, const nlohmann::json& check)
{
    const std::string field = check.at("field").get<std::string>();
    const std::string what = check.value("what", "");
    const std::pair<const char*, const ServingPercentiles*> percentileFields[]
        = { { "serving.ttft_p50_seconds", &s.ttftPercentiles }, { "serving.ttft_p90_seconds", &s.ttftPercentiles },
              { "serving.ttft_p99_seconds", &s.ttftPercentiles }, { "serving.tpot_p50_seconds", &s.tpotPercentiles },
              { "serving.tpot_p90_seconds", &s.tpotPercentiles }, { "serving.tpot_p99_seconds", &s.tpotPercentiles },
              { "serving.itl_p50_seconds", &s.itlPercentiles }, { "serving.itl_p90_seconds", &s.itlPercentiles },
              { "serving.itl_p99_seconds", &s.itlPercentiles },
              { "serving.request_latency_p50_seconds", &s.latencyPercentiles },
              { "serving.request_latency_p90_seconds", &s.latencyPercentiles },
              { "serving.request_latency_p99_seconds", &s.latencyPercentiles } };
    for (const auto& [name, p] : percentileFields)
        if (field == name) {
            const std::string f = name;
            return f.find("_p50_") != std::string::npos ? p->p50
                : f.find("_p90_") != std::string::npos  ? p->p90
                                                        : p->p99;
        }
    if (field == "serving.tpot_seconds")
        return what.find("median") != std::string::npos ? s.decodeStepSeconds : s.tpotSeconds;
    if (field == "serving.ttft_seconds")
        // A median TTFT of a closed loop is the prefill alone: fewer than half the requests wait for another's
        // prefill (utilization of the prefill below one half).
        return what.find("median") != std::string::npos && s.queueSeconds < s.prefillSeconds
            ? s.ttftSeconds - s.queueSeconds
            : s.ttftSeconds;
    if (field == "serving.output_tokens_per_second")
        return s.outputTokensPerSecond;
    if (field == "serving.requests_per_second")
        return s.requestsPerSecond;
    if (field == "serving.request_latency_seconds")
        return s.requestLatencySeconds;
    if (field == "serving.kv_cache_tokens")
        return double(s.kvCacheTokens);
    if (field == "serving.max_concurrency")
        return check.at("value").get<double>() > 0 ? s.kvCapacityRequests : double(s.maxConcurrency);
    ADD_FAILURE() << "unknown check field " << field;
    return NAN;
}

std::string quantityOf(const std::string& field)
{
    if (field.find("_p50_") != std::string::npos || field.find("_p90_") != std::string::npos
        || field.find("_p99_") != std::string::npos)
        return "percentile";
    if (field == "serving.output_tokens_per_second" || field == "serving.requests_per_second")
        return "throughput";
    if (field == "serving.ttft_seconds")
        return "ttft";
    if (field == "serving.tpot_seconds")
        return "tpot";
    if (field == "serving.request_latency_seconds")
        return "latency";
    return "kv";
}

std::vector<ServingRow> evaluateAll()
{
    std::vector<ServingRow> rows;
    for (const auto& c : cases().at("cases")) {
        const std::string id = c.at("id").get<std::string>();
        auto plan = planFromJson(c.at("plan"));
        EXPECT_TRUE(plan) << id << ": " << (plan ? "" : plan.error().toString());
        if (!plan)
            continue;
        auto estimate = estimatePlan(*plan, builtinCatalog());
        EXPECT_TRUE(estimate) << id;
        if (!estimate || estimate->results.empty())
            continue;
        const CandidateResult& r = estimate->results.front();
        const bool inAim = !c.contains("aim_excluded");
        const std::string engine = c.contains("engine") && c.at("engine").contains("name")
            ? c.at("engine").at("name").get<std::string>()
            : std::string("vLLM");
        EXPECT_TRUE(r.serving) << id;
        if (!r.serving)
            continue;
        // Each case's operating point, for reading an error: requests in flight (queued ones of a burst included),
        // the requests of full length the KV cache holds, the decode step and one request's prefill.
        std::printf("point %-55s in flight %7.1f  KV holds %7.1f  decode step %8.3f ms  prefill %9.3f ms\n", id.c_str(),
            r.serving->concurrency, r.serving->kvCapacityRequests, 1e3 * r.serving->decodeStepSeconds,
            1e3 * r.serving->prefillSeconds);
        for (const auto& check : c.at("checks")) {
            ServingRow row;
            row.id = id;
            row.engine = engine;
            row.field = check.at("field").get<std::string>();
            row.quantity = quantityOf(row.field);
            row.measured = check.at("value").get<double>();
            row.estimated = estimated(*r.serving, check);
            row.inAim = inAim;
            row.error = row.measured != 0 ? row.estimated / row.measured - 1 : (row.estimated == 0 ? 0 : INFINITY);
            rows.push_back(row);
        }
    }
    return rows;
}

struct Summary {
    double median = 0, worst = 0;
    int count = 0;
};

// |error| of the rows of `quantity` (in the aim only, or all; of one engine, or every one when `engine` is empty).
Summary summarize(
    const std::vector<ServingRow>& rows, const std::string& quantity, bool aimOnly, const std::string& engine = {})
{
    std::vector<double> errors;
    for (const ServingRow& r : rows)
        if (r.quantity == quantity && (r.inAim || !aimOnly) && (engine.empty() || r.engine == engine))
            errors.push_back(std::fabs(r.error));
    Summary s;
    s.count = int(errors.size());
    if (errors.empty())
        return s;
    std::sort(errors.begin(), errors.end());
    const std::size_t n = errors.size();
    s.median = n % 2 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
    s.worst = errors.back();
    return s;
}

TEST(ServingReference, ErrorTableMeetsTheAims)
{
    const std::vector<ServingRow> rows = evaluateAll();
    ASSERT_FALSE(rows.empty());
    std::printf("\n%-58s %-32s %12s %12s %8s\n", "case (* = outside the aim: see aim_excluded)", "field", "measured",
        "estimated", "error");
    for (const ServingRow& r : rows)
        std::printf("%-57s%c %-32s %12.5g %12.5g %+7.1f%%\n", r.id.c_str(), r.inAim ? ' ' : '*', r.field.c_str() + 8,
            r.measured, r.estimated, 100 * r.error);
    std::printf(
        "\n%-12s %6s %10s %10s   %6s %10s %10s\n", "quantity", "aim", "median", "worst", "all", "median", "worst");
    for (const char* q : { "throughput", "ttft", "tpot", "latency", "percentile", "kv" }) {
        const Summary s = summarize(rows, q, true);
        const Summary all = summarize(rows, q, false);
        std::printf("%-12s %6d %9.1f%% %9.1f%%   %6d %9.1f%% %9.1f%%\n", q, s.count, 100 * s.median, 100 * s.worst,
            all.count, 100 * all.median, 100 * all.worst);
    }
    // Per engine (every row, in the aim or not).
    std::map<std::string, std::vector<ServingRow>> byEngine;
    for (const ServingRow& r : rows)
        byEngine[r.engine].push_back(r);
    for (const auto& [engine, engineRows] : byEngine)
        for (const char* q : { "throughput", "ttft", "tpot", "latency", "percentile", "kv" }) {
            const Summary all = summarize(engineRows, q, false);
            if (all.count > 0)
                std::printf("%-10s %-12s %6d %9.1f%% %9.1f%%\n", engine.c_str(), q, all.count, 100 * all.median,
                    100 * all.worst);
        }
    // The aims are median 15% and worst 35%; each bound below is what the model reaches, one point or so
    // above it, so that a regression fails. Reached (issue #39, the engine step carrying every token it runs):
    // throughput 3.2% / 29.2% (vLLM CI 8B latency run), TTFT 8.5% / 22.3% (8B 20k-token prompts at concurrency 8),
    // TPOT 7.6% / 20.7% (gpt-oss single-request ITL, MoE routing kernels counted), latency 12.2% / 22.6%, KV
    // capacity 0.0% / 1.3% (vLLM's profiling sampler as v0.11 runs it; issue #39 asks within 3%). TTFT's median 9.35%
    // since decode-only steps run at vLLM's CUDA-graph batch sizes (70B TP4 H200 at 1 req/s -14.8% -> -14.5%).
    struct Bound {
        const char* quantity;
        int count;
        double median, worst;
    };
    for (const Bound& b : { Bound { "throughput", 14, 0.045, 0.305 }, Bound { "ttft", 6, 0.094, 0.235 },
             Bound { "tpot", 22, 0.085, 0.22 }, Bound { "latency", 3, 0.135, 0.235 } }) {
        const Summary s = summarize(rows, b.quantity, true, "vLLM");
        EXPECT_GE(s.count, b.count) << b.quantity;
        EXPECT_LE(s.median, b.median) << b.quantity;
        EXPECT_LE(s.worst, b.worst) << b.quantity;
        EXPECT_LE(b.median, 0.15); // never looser than the aims
        EXPECT_LE(b.worst, 0.35);
    }
    // TensorRT-LLM's performance overview (40 trtllm-bench runs, issue #39 item 3), every row counted: its median
    // within the aim, its worst outside (median 9.9%, worst 38.1%, reported per row above; 27.5% / 98.7% before
    // trtllm-bench's own batch and token limits, the FP8 checkpoint's FP8 KV cache and the MXFP4 experts' MXFP8 rate on
    // Blackwell; 17.3% / 51.1% before decode-only steps were padded to the CUDA-graph batch sizes the page's
    // llm_options capture, serving.engine.cuda_graph_batch_sizes, issue #39 trtllm2); 9.9% / 38.1% since the step sums
    // its kernels, the attention kernel's KV reads after the GEMMs instead of hidden under their FLOPs (step_time.cpp
    // gpuWorkAt, issue #39 trtllm4: 13.7% / 51.1% before; GPT-OSS 20B GB200 8192/1024 +49.4% -> +38.1%, Llama 3.3 70B
    // H200 1000/1000 -0.1% -> -13.8%); 9.2% / 35.6% since a mixed step runs its prompts' attention as a kernel of its
    // own after the decodes' (serving.engine.tensorrt_llm.splits_mixed_attention, attentionOp.cpp's enqueueContext
    // then enqueueGeneration; issue #39 sumstep: 9.9% / 38.1% before; GPT-OSS 20B GB200 8192/1024 +38.1% -> +27.5%,
    // GPT-OSS 120B H200 1000/1000 -35.4% -> -35.6%, now the worst); the bound guards against regressions.
    const Summary trtllm = summarize(rows, "throughput", false, "TensorRT-LLM");
    EXPECT_GE(trtllm.count, 40);
    EXPECT_LE(trtllm.median, 0.093);
    EXPECT_LE(trtllm.worst, 0.36);
    // SGLang v0.3.0's own ShareGPT runs (sgl-project/sglang benchmark/benchmark_vllm_060: Llama 3.1 8B on one A100,
    // 70B on four H100, offline and at 4 and 8 requests/s; 6 runs, 20 checks) and llama.cpp's llama-bench tg128
    // (ggml-org/llama.cpp PR #4766: CodeLlama 7B F16 and Q8_0 on an RTX 4090, Q4_0 on a Tesla P40), every row counted:
    // outside the aims (SGLang throughput 9.1% / 15.9%, medians 13.1% / 88.2% with the 8B's median TTFT on
    // the A100 at +75% and +88%; 16.9% / 26.3% and 15.6% / 87.9% before SGLang's own scheduler in the finite run:
    // prefill batches alone, their GEMMs at the batch's rows, its admission (9.3% / 18.7%, 13.1% / 84.6%), then the
    // rows' 225-token prompts of SGLang's own ShareGPT sampler in place of vLLM's 213; llama.cpp TPOT 10.0%
    // / 13.9%: 26.6% / 51.3% at the gpt-fast int8 and int4 ratios, 12.9% / 32.2% with its own mmvq kernels' Q8_0 and
    // Q4_0 read speeds from llama.cpp PR #3776, 11.1% / 19.4% with its quantized files' Q8_0 / Q6_K head in place of
    // one at the compute precision, then those read speeds net of the step overhead charged apart); the bounds guard
    // against regressions. SGLang's throughput median loosened from 10% to 12% (the aim for it) and its worst
    // tightened from 16.5% to 14.5% by the step summing its kernels (issue #39 trtllm4: 9.1% / 15.9% -> 11.96% /
    // 14.0%; the 8B offline run on the A100 -2.5% -> -14.0%, now the attention kernel's KV reads follow the GEMMs,
    // the 70B on four H100 +15.7% -> +9.9%).
    const Bound otherEngines[] = { { "throughput", 4, 0.12, 0.145 }, { "percentile", 16, 0.14, 0.885 } };
    for (const Bound& b : otherEngines) {
        const Summary s = summarize(rows, b.quantity, false, "SGLang");
        EXPECT_GE(s.count, b.count) << b.quantity;
        EXPECT_LE(s.median, b.median) << b.quantity;
        EXPECT_LE(s.worst, b.worst) << b.quantity;
    }
    const Summary llamaCpp = summarize(rows, "tpot", false, "llama.cpp");
    EXPECT_GE(llamaCpp.count, 3);
    EXPECT_LE(llamaCpp.median, 0.11);
    EXPECT_LE(llamaCpp.worst, 0.15);
    const Summary kv = summarize(rows, "kv", true);
    EXPECT_GE(kv.count, 10);
    EXPECT_LE(kv.median, 0.01);
    EXPECT_LE(kv.worst, 0.03);
}

TEST(ServingReference, EveryExclusionSaysWhy)
{
    int excluded = 0;
    for (const auto& c : cases().at("cases"))
        if (c.contains("aim_excluded")) {
            ++excluded;
            EXPECT_GT(c.at("aim_excluded").get<std::string>().size(), 40u) << c.at("id");
        }
    // Only memory rows the plan cannot describe stay out (gpt-oss 120b's inconsistent source, Mistral's vision
    // encoder); the offline ShareGPT runs are back in since the plan carries length spreads and finite runs.
    EXPECT_LE(excluded, 2);
}

} // namespace
} // namespace gp
