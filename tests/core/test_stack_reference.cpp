// Published training runs per training stack: the Megatron-Core rows of tests/data/reference/cases-stacks.json
// (NeMo 24.07 and Megatron-Bridge performance summaries, H100 and B200) beside the torchtitan and NeMo AutoModel
// throughput rows of cases-2026.json. Each plan is estimated as written; every row, and per stack the median and
// worst |error|, are printed. Every published run ran, so each must fit. The bounds are the errors of the commit
// that added the rows (a change that makes them worse fails); no constant was fitted to a row.
#include "estimate/estimator.h"
#include "published_recipes_too_big.h"
#include "test_memory_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

namespace gp
{
namespace
{

double stackMedian(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? NAN : (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
}

struct StackRow {
    std::string id;
    std::string stack;
    double measured = 0;
    double estimated = 0;
    bool fits = false;
    StepTime step; // the estimate's step, to read where the time goes
    double mfu = 0;
    double flopsPerToken = 0; // the estimate's model FLOPs per token
    double publishedFlopsPerToken = 0; // the table's model TFLOP/s per GPU over its tokens/s per GPU (0: none)
    double error() const { return (estimated - measured) / measured; }
};

std::vector<StackRow> stackRows()
{
    std::vector<StackRow> rows;
    for (const char* file : { "/reference/cases-stacks.json", "/reference/cases-2026.json" }) {
        const auto doc = nlohmann::json::parse(test::readTextFile(std::string(GP_TEST_DATA_DIR) + file));
        for (const auto& c : doc["cases"]) {
            if (c["kind"] != "throughput")
                continue;
            StackRow row;
            row.id = c["id"];
            const std::string framework = c["software"].value("framework", std::string());
            row.stack = c["software"].value("stack",
                framework.rfind("torchtitan", 0) == 0 ? std::string("torchtitan") : std::string("nemo-automodel"));
            auto plan = planFromJson(c["plan"]);
            EXPECT_TRUE(plan.ok()) << row.id << ": " << (plan ? "" : plan.error().toString());
            if (!plan)
                continue;
            auto estimate = estimatePlan(*plan, builtinCatalog());
            EXPECT_TRUE(estimate.ok() && !estimate->results.empty()) << row.id;
            if (!estimate || estimate->results.empty())
                continue;
            const CandidateResult& r = estimate->results.front();
            row.measured = c["measured"]["value_in_reader_units"].get<double>();
            row.estimated = r.tokensPerSecond / std::max(1, r.gpus);
            row.fits = r.fits;
            row.step = r.step;
            row.mfu = r.modelFlopsUtilization;
            const double tokens = c["plan"]["workload"].value("training_tokens", 0.0);
            row.flopsPerToken = tokens > 0 ? r.trainingFlops / tokens : 0.0;
            const double tflops = c["measured"].value("model_tflops_per_gpu", 0.0);
            row.publishedFlopsPerToken = tflops > 0 ? tflops * 1e12 / c["measured"]["value"].get<double>() : 0.0;
            if (!r.fits) {
                const MemoryBreakdown& m = r.memory;
                std::printf("does not fit: %s (%.1f of %.1f GiB: weights %.1f, gradients %.1f, optimizer %.1f, "
                            "activations %.1f, logits %.1f, buffers %.1f, allocator %.1f, runtime %.1f)\n",
                    row.id.c_str(), m.total / kGiB, r.usableMemory / kGiB, m.weights / kGiB, m.gradients / kGiB,
                    m.optimizer / kGiB, m.activations / kGiB, m.logits / kGiB, m.buffers / kGiB, m.allocator / kGiB,
                    m.runtime / kGiB);
            }
            rows.push_back(row);
        }
    }
    return rows;
}

TEST(StackReference, PublishedRunsPerStack)
{
    const std::vector<StackRow> rows = stackRows();
    std::map<std::string, std::vector<double>> errors;
    std::printf("%-44s %-15s %12s %12s %8s\n", "case", "stack", "measured", "estimated", "error");
    std::set<std::string> notFitting;
    int newRows = 0;
    for (const StackRow& r : rows) {
        std::printf("%-44s %-15s %12.5g %12.5g %+7.1f%%\n", r.id.c_str(), r.stack.c_str(), r.measured, r.estimated,
            100 * r.error());
        errors[r.stack].push_back(std::abs(r.error()));
        if (r.stack == "megatron") {
            ++newRows;
            if (!r.fits)
                notFitting.insert(r.id);
        }
    }
    // Where each estimated step goes, and the model FLOPs per token beside the table's (its TFLOP/s over its tokens/s):
    // a row whose two counts differ measures another model or another count, not a speed.
    std::printf("%-44s %9s %9s %9s %9s %6s %8s %8s\n", "case", "step s", "compute", "nvlink", "network", "MFU",
        "GF/tok", "pub GF");
    for (const StackRow& r : rows)
        std::printf("%-44s %9.4g %9.4g %9.4g %9.4g %5.1f%% %8.2f %8.2f\n", r.id.c_str(), r.step.total, r.step.compute,
            r.step.communicationIntraNode, r.step.communicationNetwork, 100 * r.mfu, r.flopsPerToken / 1e9,
            r.publishedFlopsPerToken / 1e9);
    for (const auto& [stack, list] : errors)
        std::printf("stack %s: %zu throughput rows, median |error| %.1f%%, worst %.1f%%\n", stack.c_str(), list.size(),
            100 * stackMedian(list), 100 * *std::max_element(list.begin(), list.end()));
    EXPECT_GE(newRows, 30);
    std::printf("megatron rows estimated not to fit: %zu of %d\n", notFitting.size(), newRows);
    for (const std::string& id : notFitting)
        EXPECT_TRUE(test::publishedRecipesStillTooBig().count(id))
            << id << " ran as published but is estimated not to fit";
    // Today's errors, so a change that makes them worse fails (no constant was fitted to a row): the dense Megatron
    // rows run 3.5-33% under, the MoE rows far over (dropless, force-balanced routing and the grouped GEMMs of few
    // rows per expert are slower than the model's expert compute).
    EXPECT_LE(stackMedian(errors["megatron"]), 0.20);
    EXPECT_LE(stackMedian(errors["torchtitan"]), 0.04);
    EXPECT_LE(stackMedian(errors["nemo-automodel"]), 0.16);
}

} // namespace
} // namespace gp
