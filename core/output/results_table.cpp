// Fixed-width text tables for `--format table`.
#include "base/finite_number.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "output/text_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gp
{

namespace
{

std::string fixed(double value, int decimals)
{
    if (!std::isfinite(value))
        return "-";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string optionalFixed(const std::optional<double>& value, int decimals)
{
    return value ? fixed(*value, decimals) : std::string("-");
}

// Renders rows as columns padded to the widest cell (byte width; ids are ASCII).
std::string renderTable(const std::vector<std::vector<std::string>>& rows)
{
    if (rows.empty())
        return {};
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    std::string out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t i = 0; i < rows[r].size(); ++i) {
            out += rows[r][i];
            if (i + 1 < rows[r].size())
                out += std::string(widths[i] - rows[r][i].size() + 2, ' ');
        }
        out += '\n';
        if (r == 0) {
            std::size_t total = 0;
            for (auto w : widths)
                total += w + 2;
            out += std::string(total > 2 ? total - 2 : total, '-') + '\n';
        }
    }
    return out;
}

std::string configurationCell(const Configuration& c)
{
    std::string s = "z" + std::to_string(c.zeroStage) + " ckpt:" + std::string(toString(c.checkpointing)) + " mb"
        + std::to_string(c.microBatchSize) + " ga" + std::to_string(c.gradientAccumulationSteps) + " tp"
        + std::to_string(c.tensor) + " pp" + std::to_string(c.pipeline) + " dp" + std::to_string(c.data);
    if (c.context > 1)
        s += " cp" + std::to_string(c.context);
    if (c.pipeline > 1 && c.pipelineSchedule != PipelineSchedule::OneFOneB)
        s += " sched:" + std::string(toString(c.pipelineSchedule))
            + (c.virtualStages > 1 ? "x" + std::to_string(c.virtualStages) : std::string());
    if (c.offload != Offload::None)
        s += " off:" + std::string(toString(c.offload));
    return s;
}

} // namespace

std::string renderTextTable(const std::vector<std::vector<std::string>>& rows)
{
    return renderTable(rows);
}

std::string configurationText(const Configuration& configuration)
{
    return configurationCell(configuration);
}

std::string fixedText(double value, int decimals)
{
    return fixed(value, decimals);
}

namespace
{

std::string yesNo(bool value)
{
    return value ? "yes" : "no";
}

// Serving plans: the operating point of each candidate's replicas and its money, read from the result's
// ServingResult (the JSON "serving" object and the CSV serving_* columns carry the same fields).
std::string poolLayout(const ServingPool& p)
{
    return "tp" + std::to_string(p.tensor) + (p.pipeline > 1 ? " pp" + std::to_string(p.pipeline) : "");
}

std::string poolsCell(const ServingDisaggregation& d)
{
    return std::to_string(d.prefill.replicas) + "P " + poolLayout(d.prefill) + " + " + std::to_string(d.decode.replicas)
        + "D " + poolLayout(d.decode);
}

// The pools, their ratio and the transfer, under the table.
std::string poolsLine(const ServingDisaggregation& d)
{
    const KvTransfer& t = d.transfer;
    // Pools on two catalog instances name theirs: "on 1 node(s) of p5.48xlarge".
    auto on = [](const ServingPool& p) {
        return p.instance.empty() ? std::string() : " on " + std::to_string(p.nodes) + " node(s) of " + p.instance;
    };
    return "prefill " + std::to_string(d.prefill.replicas) + " x " + poolLayout(d.prefill) + on(d.prefill) + " (TTFT "
        + fixed(d.prefill.ttftSeconds, 3) + " s), decode " + std::to_string(d.decode.replicas) + " x "
        + poolLayout(d.decode) + on(d.decode) + " (" + fixed(d.decode.concurrency, 1) + " requests each, TPOT "
        + fixed(d.decode.tpotSeconds, 4) + " s), P:D " + std::to_string(d.prefill.replicas) + ":"
        + std::to_string(d.decode.replicas) + "; KV transfer " + fixed(t.bytesPerRequest / 1e6, 1) + " MB over "
        + t.link + " (" + fixed(t.lineGbps, 0) + " Gbps) " + fixed(t.seconds + t.waitSeconds, 4) + " s";
}

std::string servingResultsToTable(const std::vector<CandidateResult>& results)
{
    std::vector<std::vector<std::string>> rows;
    rows.push_back({ "candidate", "gpu", "replicas", "gpus", "split", "concurrency/replica", "ttft s", "tpot s",
        "ttft p99 s", "tpot p99 s", "output tok/s/replica", "limit", "meets slo", "billing mode", "cost/M output",
        "cost/M tokens", "monthly", "fits" });
    for (const auto& r : results) {
        const std::string gpus
            = std::to_string(r.gpus) + (r.nodes > 1 ? " (" + std::to_string(r.nodes) + " nodes)" : "");
        std::string split
            = "tp" + std::to_string(r.configuration.tensor) + " pp" + std::to_string(r.configuration.pipeline);
        if (r.serving && r.serving->disaggregation) // prefill and decode pools: "2P tp2 + 3D tp4"
            split = poolsCell(*r.serving->disaggregation);
        if (!r.serving) { // refused before the engine model ran (the layout does not fit the instance)
            rows.push_back({ r.candidate, r.gpu, "-", gpus, split, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-",
                "-", "-", yesNo(r.fits) });
            continue;
        }
        const ServingResult& s = *r.serving;
        // An engine that does not start has no operating point: its zeros are not latencies.
        const auto point = [&](double value, int decimals) { return r.fits ? fixed(value, decimals) : "-"; };
        rows.push_back({ r.candidate, r.gpu, std::to_string(s.replicas), gpus, split, point(s.concurrency, 1),
            point(s.ttftSeconds, 3), point(s.tpotSeconds, 4), point(s.ttftPercentiles.p99, 3),
            point(s.tpotPercentiles.p99, 4), point(s.outputTokensPerSecond, 0), s.limit.empty() ? "-" : s.limit,
            yesNo(s.meetsSlo), s.billingMode ? billingModeWords(s.billingMode) : "-",
            optionalFixed(s.costPerMillionOutputTokens, 3), optionalFixed(s.costPerMillionTokens, 3),
            optionalFixed(s.monthlyCost, 0), yesNo(r.fits) });
    }
    std::string out = renderTable(rows);
    if (!results.empty())
        out += "costs in " + results.front().cost.currency + ", under each row's billing mode\n";
    for (const auto& r : results) {
        if (r.failure)
            out += r.candidate + ": " + r.failure->message + "\n";
        for (const Diagnostic& w : r.warnings)
            if (w.code == "serving_batch_cut" || w.code == "serving_speculation_slower") // said in every output
                out += r.candidate + ": " + w.message + "\n";
        if (r.serving && r.serving->disaggregation)
            out += r.candidate + ": " + poolsLine(*r.serving->disaggregation) + "\n";
        if (r.serving && r.serving->deploymentReason)
            out += r.candidate + ": " + r.serving->deploymentReason->message + "\n";
        if (r.serving && !r.serving->speculativeMethod.empty() && r.fits) {
            const ServingResult& s = *r.serving;
            out += r.candidate + ": speculative " + s.speculativeMethod + ", " + std::to_string(s.draftTokens)
                + " drafts at acceptance " + fixed(s.acceptanceRate, 3) + ": " + fixed(s.tokensPerStep, 2)
                + " tokens per step, " + fixed(s.speculativeSpeedup, 2) + "x per output token here ("
                + fixed(s.speculativeSpeedupAtOne, 2) + "x alone), pays up to " + std::to_string(s.speculationPaysUpTo)
                + " requests\n";
        }
        if (r.serving && !r.serving->prefixShape.empty() && r.fits) {
            const ServingResult& s = *r.serving;
            out += r.candidate + ": prefix cache (" + s.prefixShape + ") hit rate " + fixed(100 * s.prefixHitRate, 1)
                + "% (" + fixed(100 * s.prefixIdealHitRate, 1) + "% if all held), " + fixed(s.prefixSavedTokens, 0)
                + " prompt tokens saved per request; holds " + fixed(s.prefixHeldTokens, 0) + " tokens ("
                + fixed(s.prefixHeldBytes / (1024.0 * 1024 * 1024), 2) + " GiB), " + fixed(s.prefixOffloadTokens, 0)
                + " in host memory, "
                + (s.prefixDiskCapacityBytes > 0 ? fixed(s.prefixDiskTokens, 0) + " on local disk ("
                            + fixed(s.prefixDiskCapacityBytes / (1024.0 * 1024 * 1024), 0) + " GiB at "
                            + fixed(s.prefixDiskReadGBps, 2) + " GB/s, " + fixed(1000 * s.prefixDiskSeconds, 2)
                            + " ms to read), "
                                                 : std::string())
                + fixed(1000 * s.prefixTransferSeconds, 2) + " ms to load per request\n";
        }
        if (r.serving && r.serving->loraAdapters > 0 && r.fits) {
            const ServingResult& s = *r.serving;
            out += r.candidate + ": " + std::to_string(s.loraAdapters) + " LoRA adapters (rank "
                + std::to_string(s.loraRank) + ", " + s.loraTargets + "): " + std::to_string(s.loraMaxLoras)
                + " per replica on the GPUs (" + fixed(s.loraGpuBytes / (1024.0 * 1024 * 1024), 2) + " GiB per GPU), "
                + std::to_string(s.loraMaxCpuLoras) + " in host memory; " + fixed(s.loraSlowdown, 3) + "x decode step, "
                + fixed(100 * s.loraMissShare, 1) + "% of requests load their adapter ("
                + fixed(1000 * s.loraLoadSeconds, 2) + " ms)" + (s.loraCapsBatch ? "; the slots cap the batch" : "")
                + "\n";
        }
        if (r.serving && r.serving->wideEp) {
            const ServingResult::WideEp& w = *r.serving->wideEp;
            out += r.candidate + ": wide EP over " + std::to_string(w.ranks)
                + " GPUs (attention data-parallel): " + fixed(w.requestsPerGpu, 0) + " requests per GPU (replicas "
                + fixed(w.replicaRequestsPerGpu, 1) + "), " + fixed(w.outputTokensPerSecondPerGpu, 0)
                + " output tok/s per GPU at " + fixed(w.batchPerGpu, 0) + " requests, TPOT " + fixed(w.tpotSeconds, 4)
                + " s (all-to-all " + fixed(w.allToAllSeconds, 4) + " s), against "
                + fixed(w.replicaOutputTokensPerSecondPerGpu, 0) + " for the replicas"
                + (w.better ? ": wide EP serves more per GPU" : ": the replicas serve more per GPU") + "\n";
        }
    }
    return out;
}

} // namespace

std::string resultsToTable(const std::vector<CandidateResult>& results, Mode mode)
{
    if (mode == Mode::Serving)
        return servingResultsToTable(results);
    std::vector<std::vector<std::string>> rows;
    rows.push_back(
        { "candidate", "gpu", "gpus", "configuration", "mem/gpu GiB", "gpu GiB", "fits", "tokens/s", "MFU", "hours" });
    for (const BillingModeSpec& mode : billingModes()) { // a column per billing mode: "on-demand", "monthly", ...
        std::string heading(mode.code);
        std::replace(heading.begin(), heading.end(), '_', '-');
        rows.back().push_back(heading);
    }
    rows.back().push_back("bottleneck");
    int reservedTerm = 0; // the reservation's term, said once under the table
    for (const auto& r : results) {
        if (r.cost.total(BillingMode::Reserved) && r.cost.reservedTermMonths)
            reservedTerm = std::max(reservedTerm, *r.cost.reservedTermMonths);
        const bool inference = r.decodeTokensPerSecond.has_value();
        rows.push_back({ r.candidate, r.gpu,
            std::to_string(r.gpus) + (r.nodes > 1 ? " (" + std::to_string(r.nodes) + " nodes)" : ""),
            configurationCell(r.configuration), fixed(r.memory.total / kGiB, 1), fixed(r.gpuMemory / kGiB, 0),
            r.fits ? "yes" : "no", fixed(inference ? *r.decodeTokensPerSecond : r.tokensPerSecond, 0),
            inference ? "-" : fixed(r.modelFlopsUtilization * 100, 1) + "%",
            inference ? "-" : fixed(r.trainingHours, 1) });
        for (const BillingModeSpec& mode : billingModes())
            rows.back().push_back(optionalFixed(r.cost.total(mode.mode), 0));
        rows.back().push_back(std::string(toString(r.bottleneck)));
    }
    std::string out = renderTable(rows);
    if (!results.empty())
        out += "costs in " + results.front().cost.currency + "\n";
    if (reservedTerm > 0)
        out += "reserved: " + reservedTermWords(reservedTerm) + ", paid in full\n";
    for (const auto& r : results)
        if (r.failure)
            out += r.candidate + ": " + r.failure->message + "\n";
    return out;
}

std::string answerToTable(const PlanAnswer& answer)
{
    std::string out;
    if (const CandidatePlan* best = answer.recommendation()) {
        const Standing& s = answer.standings[std::size_t(answer.recommended)];
        out += "recommended: " + best->best.candidate;
        if (s.figures.priced)
            out += ", " + formatNumber(s.figures.cost, 6) + " " + answer.currency
                + (answer.mode != Mode::Training ? " per million tokens" : "") + " (" + billingModeWords(s.figures.mode)
                + ")";
        out += "\n";
        if (answer.summary)
            out += answer.summary->message + "\n";
    } else {
        out += "no candidate meets the objective\n";
    }
    // A training run pays its whole reservation; a serving deployment's figures are a month of it.
    const char* reservedPays = answer.mode == Mode::Serving ? ", billed by the month" : ", paid in full";
    std::string modes;
    for (const std::string& code : answer.billingModes) {
        const std::optional<BillingMode> m = billingModeFromCode(code); // the plan's words, checked when read
        const bool commitment = m && billingModeSpec(*m).pricing == BillingPricing::TermCommitment;
        modes += (modes.empty() ? "" : ", ") + (m ? billingModeWords(m) : code)
            + (commitment && reservedTermOf(answer.search.candidates) > 0
                    ? " (" + reservedTermWords(reservedTermOf(answer.search.candidates)) + reservedPays + ")"
                    : "");
    }
    out += "billing modes counted: " + modes + "\n\n";
    std::vector<std::vector<std::string>> rows;
    // Serving ranks by cost per million tokens; its time is one request's latency, in seconds.
    const bool serving = answer.mode == Mode::Serving;
    rows.push_back({ "rank", "candidate", "billing mode", serving ? "cost/M tokens" : "cost",
        serving ? "latency s" : "hours", "why not recommended" });
    for (std::size_t i = 0; i < answer.search.candidates.size(); ++i) {
        const Standing& s = answer.standings[i];
        const CandidateResult& best = answer.search.candidates[i].best;
        std::string why;
        for (const Diagnostic& d : s.reasons)
            why += (why.empty() ? "" : "; ") + d.message;
        std::string time = fixed(s.figures.hours, answer.mode != Mode::Training ? 5 : 1);
        if (serving)
            time = best.serving && best.fits ? fixed(best.serving->requestLatencySeconds, 3) : "-";
        rows.push_back(
            { std::to_string(s.rank), best.candidate, s.figures.priced ? billingModeWords(s.figures.mode) : "-",
                s.figures.priced ? fixed(s.figures.cost, answer.mode != Mode::Training ? 3 : 0) : "-", time,
                s.recommended ? "recommended" : why });
    }
    out += renderTable(rows) + "\n";
    return out + resultsToTable(answerResults(answer), answer.mode);
}

std::string catalogToTable(const Catalog& catalog, bool includeGpus, bool includeInstances)
{
    std::string out;
    if (includeGpus) {
        std::vector<std::vector<std::string>> rows;
        rows.push_back({ "gpu", "name", "GiB", "GB/s", "fp32", "tf32", "bf16", "fp16", "fp8", "fp4", "int8", "link" });
        for (const auto& g : catalog.gpus)
            rows.push_back({ g.id, g.name, fixed(g.memoryBytes / kGiB, 0), fixed(g.memoryBandwidthGBps, 0),
                optionalFixed(g.tflops.fp32, 1), optionalFixed(g.tflops.tf32, 1), optionalFixed(g.tflops.bf16, 1),
                optionalFixed(g.tflops.fp16, 1), optionalFixed(g.tflops.fp8, 1), optionalFixed(g.tflops.fp4, 1),
                optionalFixed(g.tflops.int8, 1), g.nvlink.empty() ? g.pcie : g.nvlink });
        out += renderTable(rows);
    }
    if (includeInstances) {
        if (!out.empty())
            out += '\n';
        std::vector<std::vector<std::string>> rows;
        rows.push_back({ "instance", "gpu", "gpus", "vcpus", "RAM GiB", "link", "Gbps", "on-demand/h", "monthly",
            "currency", "price status", "region" });
        for (const auto& i : catalog.instances)
            rows.push_back({ i.id, i.gpu, std::to_string(i.gpus), std::to_string(i.vcpus),
                fixed(i.memoryBytes / kGiB, 0), i.intraNode, fixed(i.networkGbps, 0),
                optionalFixed(i.price.onDemandPerHour, 2), optionalFixed(i.price.monthly, 0), i.price.currency,
                i.price.status, priceRegion(catalog, i, i.price) });
        out += renderTable(rows);
    }
    for (const auto& notice : catalog.notices)
        out += "note: " + notice + "\n";
    return out;
}

} // namespace gp
