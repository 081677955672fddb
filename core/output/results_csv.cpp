// CSV export of candidate results and cost curves; shared by the CLI (`--format csv`) and the report.
#include "output/results_csv.h"

#include "estimate/common/memory_headroom.h"

#include <array>
#include <charconv>
#include <cmath>
#include <functional>
#include <optional>

namespace gp
{

namespace
{

constexpr std::string_view kLineEnd = "\r\n"; // RFC 4180
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::string optionalNumber(const std::optional<double>& value)
{
    return value ? csvNumber(*value) : std::string();
}

std::string integer(long long value)
{
    return std::to_string(value);
}

// Training-only figures are null for inference results, as in the JSON output.
bool isInference(const CandidateResult& r)
{
    return r.decodeTokensPerSecond.has_value();
}

std::string trainingNumber(const CandidateResult& r, double value)
{
    return isInference(r) ? std::string() : csvNumber(value);
}

std::string warningCodes(const CandidateResult& r)
{
    std::string codes;
    for (const auto& warning : r.warnings) {
        if (!codes.empty())
            codes += ';';
        codes += warning.code;
    }
    return codes;
}

std::string servingNumber(const CandidateResult& r, double ServingResult::*field)
{
    return r.serving ? csvNumber((*r.serving).*field) : std::string();
}

std::string servingInteger(const CandidateResult& r, std::int64_t ServingResult::*field)
{
    return r.serving ? integer((*r.serving).*field) : std::string();
}

const ServingDisaggregation* servingSplit(const CandidateResult& r)
{
    return r.serving && r.serving->disaggregation ? &*r.serving->disaggregation : nullptr;
}

std::string servingPool(const CandidateResult& r, bool prefill, int ServingPool::*field)
{
    const ServingDisaggregation* d = servingSplit(r);
    return d ? integer((prefill ? d->prefill : d->decode).*field) : std::string();
}

std::string speculativeNumber(const CandidateResult& r, double ServingResult::*field)
{
    return r.serving && !r.serving->speculativeMethod.empty() ? csvNumber((*r.serving).*field) : std::string();
}

std::string prefixNumber(const CandidateResult& r, double ServingResult::*field)
{
    return r.serving && !r.serving->prefixShape.empty() ? csvNumber((*r.serving).*field) : std::string();
}

std::string loraNumber(const CandidateResult& r, double ServingResult::*field)
{
    return r.serving && r.serving->loraAdapters > 0 ? csvNumber((*r.serving).*field) : std::string();
}

std::string servingPercentile(
    const CandidateResult& r, ServingPercentiles ServingResult::*field, double ServingPercentiles::*which)
{
    return r.serving ? csvNumber((*r.serving).*field.*which) : std::string();
}

std::string servingCurve(const CandidateResult& r)
{
    std::string out;
    if (!r.serving)
        return out;
    for (const ServingPoint& p : r.serving->curve) {
        if (!out.empty())
            out += ' ';
        out += csvNumber(p.concurrency) + ":" + csvNumber(p.outputTokensPerSecond) + ":" + csvNumber(p.ttftSeconds)
            + ":" + csvNumber(p.tpotSeconds);
    }
    return out;
}

// Text columns carry names from shared plans and price sheets and are neutralised against formula injection;
// number columns are never touched, so a negative number stays a number.
enum class Cell { Text, Number };

struct Column {
    const char* name;
    std::string (*value)(const CandidateResult&);
    Cell kind = Cell::Number;
};

constexpr Cell kText = Cell::Text;

// Where the billing modes' cost columns go: one column per row of the billing-mode table (its csvColumn).
constexpr const char* kCsvBillingModeColumns = "cost_<billing mode>";

// clang-format off
const std::array kColumns = {
    Column{"candidate", [](const CandidateResult& r) { return r.candidate; }, kText},
    Column{"gpu", [](const CandidateResult& r) { return r.gpu; }, kText},
    Column{"gpu_name", [](const CandidateResult& r) { return r.gpuName; }, kText},
    Column{"gpus_per_node", [](const CandidateResult& r) { return integer(r.gpusPerNode); }},
    Column{"nodes", [](const CandidateResult& r) { return integer(r.nodes); }},
    Column{"gpus", [](const CandidateResult& r) { return integer(r.gpus); }},
    Column{"zero_stage", [](const CandidateResult& r) { return integer(r.configuration.zeroStage); }},
    Column{"activation_checkpointing",
           [](const CandidateResult& r) { return std::string(toString(r.configuration.checkpointing)); }},
    Column{"micro_batch_size", [](const CandidateResult& r) { return integer(r.configuration.microBatchSize); }},
    Column{"gradient_accumulation_steps",
           [](const CandidateResult& r) { return integer(r.configuration.gradientAccumulationSteps); }},
    Column{"tensor", [](const CandidateResult& r) { return integer(r.configuration.tensor); }},
    Column{"pipeline", [](const CandidateResult& r) { return integer(r.configuration.pipeline); }},
    Column{"data", [](const CandidateResult& r) { return integer(r.configuration.data); }},
    Column{"offload", [](const CandidateResult& r) { return std::string(toString(r.configuration.offload)); }},
    Column{"memory_weights_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.weights); }},
    Column{"memory_gradients_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.gradients); }},
    Column{"memory_optimizer_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.optimizer); }},
    Column{"memory_activations_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.activations); }},
    Column{"memory_logits_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.logits); }},
    Column{"memory_kv_cache_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.kvCache); }},
    Column{"memory_buffers_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.buffers); }},
    Column{"memory_allocator_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.allocator); }},
    Column{"memory_runtime_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.runtime); }},
    Column{"memory_total_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.total); }},
    Column{"gpu_memory_bytes", [](const CandidateResult& r) { return csvNumber(r.gpuMemory); }},
    Column{"usable_memory_bytes", [](const CandidateResult& r) { return csvNumber(r.usableMemory); }},
    Column{"host_memory_per_node_bytes", [](const CandidateResult& r) { return csvNumber(r.memory.cpuBytes); }},
    Column{"fits", [](const CandidateResult& r) { return std::string(r.fits ? "true" : "false"); }},
    Column{"step_compute_seconds", [](const CandidateResult& r) { return csvNumber(r.step.compute); }},
    Column{"step_communication_seconds", [](const CandidateResult& r) { return csvNumber(r.step.communication); }},
    Column{"step_communication_intra_node_seconds",
           [](const CandidateResult& r) { return csvNumber(r.step.communicationIntraNode); }},
    Column{"step_communication_network_seconds",
           [](const CandidateResult& r) { return csvNumber(r.step.communicationNetwork); }},
    Column{"step_offload_seconds", [](const CandidateResult& r) { return csvNumber(r.step.offload); }},
    Column{"step_data_loading_seconds", [](const CandidateResult& r) { return csvNumber(r.step.dataLoading); }},
    Column{"step_total_seconds", [](const CandidateResult& r) { return csvNumber(r.step.total); }},
    Column{"tokens_per_second", [](const CandidateResult& r) { return csvNumber(r.tokensPerSecond); }},
    Column{"model_flops_utilization",
           [](const CandidateResult& r) { return trainingNumber(r, r.modelFlopsUtilization); }},
    Column{"training_hours", [](const CandidateResult& r) { return trainingNumber(r, r.trainingHours); }},
    Column{"gpu_hours", [](const CandidateResult& r) { return trainingNumber(r, r.gpuHours); }},
    Column{"training_flops", [](const CandidateResult& r) { return trainingNumber(r, r.trainingFlops); }},
    Column{"decode_tokens_per_second",
           [](const CandidateResult& r) { return optionalNumber(r.decodeTokensPerSecond); }},
    Column{"prefill_seconds", [](const CandidateResult& r) { return optionalNumber(r.prefillSeconds); }},
    Column{"bottleneck", [](const CandidateResult& r) { return std::string(toString(r.bottleneck)); }},
    Column{"price_per_hour", [](const CandidateResult& r) { return optionalNumber(r.cost.pricePerHour); }},
    Column{kCsvBillingModeColumns, nullptr}, // cost_on_demand, cost_monthly, ...: one per billing mode
    Column{"cost_storage", [](const CandidateResult& r) { return optionalNumber(r.cost.storage); }},
    Column{"break_even_days", [](const CandidateResult& r) { return optionalNumber(r.cost.breakEvenDays); }},
    Column{"currency", [](const CandidateResult& r) { return r.cost.currency; }, kText},
    // As in the JSON output: price_source is the price's status, price_citation where it was read.
    Column{"price_source", [](const CandidateResult& r) { return r.cost.priceStatus; }, kText},
    Column{"price_citation", [](const CandidateResult& r) { return r.cost.priceSource; }, kText},
    Column{"warnings", [](const CandidateResult& r) { return warningCodes(r); }, kText},
    // Serving (docs/plan-format.md "Serving results"); empty for training and inference.
    Column{"serving_kv_cache_tokens", [](const CandidateResult& r) { return servingInteger(r, &ServingResult::kvCacheTokens); }},
    Column{"serving_max_concurrency", [](const CandidateResult& r) { return servingInteger(r, &ServingResult::maxConcurrency); }},
    Column{"serving_concurrency", [](const CandidateResult& r) { return servingNumber(r, &ServingResult::concurrency); }},
    Column{"serving_ttft_seconds", [](const CandidateResult& r) { return servingNumber(r, &ServingResult::ttftSeconds); }},
    Column{"serving_tpot_seconds", [](const CandidateResult& r) { return servingNumber(r, &ServingResult::tpotSeconds); }},
    Column{"serving_request_latency_seconds",
           [](const CandidateResult& r) { return servingNumber(r, &ServingResult::requestLatencySeconds); }},
    Column{"serving_output_tokens_per_second",
           [](const CandidateResult& r) { return servingNumber(r, &ServingResult::outputTokensPerSecond); }},
    Column{"serving_requests_per_second",
           [](const CandidateResult& r) { return servingNumber(r, &ServingResult::requestsPerSecond); }},
    Column{"serving_replicas", [](const CandidateResult& r) { return r.serving ? integer(r.serving->replicas) : std::string(); }},
    Column{"serving_meets_slo",
           [](const CandidateResult& r) { return r.serving ? std::string(r.serving->meetsSlo ? "true" : "false") : std::string(); }},
    Column{"serving_limit", [](const CandidateResult& r) { return r.serving ? r.serving->limit : std::string(); }, kText},
    Column{"serving_cost_per_million_output_tokens",
           [](const CandidateResult& r) { return r.serving ? optionalNumber(r.serving->costPerMillionOutputTokens) : std::string(); }},
    Column{"serving_cost_per_million_tokens",
           [](const CandidateResult& r) { return r.serving ? optionalNumber(r.serving->costPerMillionTokens) : std::string(); }},
    Column{"serving_monthly_cost",
           [](const CandidateResult& r) { return r.serving ? optionalNumber(r.serving->monthlyCost) : std::string(); }},
    Column{"serving_billing_mode", [](const CandidateResult& r) { return r.serving ? billingModeText(r.serving->billingMode) : std::string(); }, kText},
    Column{"serving_concurrency_cut",
           [](const CandidateResult& r) { return r.serving ? std::string(r.serving->concurrencyCut ? "true" : "false") : std::string(); }},
    Column{"serving_decode_step_seconds",
           [](const CandidateResult& r) { return servingNumber(r, &ServingResult::decodeStepSeconds); }},
    Column{"serving_kv_capacity_requests",
           [](const CandidateResult& r) { return servingNumber(r, &ServingResult::kvCapacityRequests); }},
    Column{"serving_total_output_tokens_per_second",
           [](const CandidateResult& r) { return servingNumber(r, &ServingResult::totalOutputTokensPerSecond); }},
    // The curve as "concurrency:tok/s:ttft:tpot" points separated by spaces.
    Column{"serving_curve", [](const CandidateResult& r) { return servingCurve(r); }, kText},
    // Appended after the serving columns so the positions of the earlier ones stay put.
    Column{"context", [](const CandidateResult& r) { return integer(r.configuration.context); }},
    Column{"pipeline_schedule",
           [](const CandidateResult& r) { return std::string(toString(r.configuration.pipelineSchedule)); }},
    Column{"virtual_stages", [](const CandidateResult& r) { return integer(r.configuration.virtualStages); }},
    Column{"memory_headroom_bytes", [](const CandidateResult& r) { return csvNumber(memoryHeadroomBytes(r)); }},
    // The reservation behind cost_reserved, appended: its term and the committed hours the run leaves unused.
    Column{"reserved_term_months",
           [](const CandidateResult& r) { return r.cost.reservedTermMonths ? integer(*r.cost.reservedTermMonths) : std::string(); }},
    Column{"reserved_unused_hours", [](const CandidateResult& r) { return optionalNumber(r.cost.reservedUnusedHours); }},
    // Serving deployment (prefill and decode apart, docs/plan-format.md "Serving results"), appended.
    Column{"serving_deployment", [](const CandidateResult& r) { return r.serving ? r.serving->deployment : std::string(); }, kText},
    Column{"serving_prefill_replicas", [](const CandidateResult& r) { return servingPool(r, true, &ServingPool::replicas); }},
    Column{"serving_prefill_tensor", [](const CandidateResult& r) { return servingPool(r, true, &ServingPool::tensor); }},
    Column{"serving_decode_replicas", [](const CandidateResult& r) { return servingPool(r, false, &ServingPool::replicas); }},
    Column{"serving_decode_tensor", [](const CandidateResult& r) { return servingPool(r, false, &ServingPool::tensor); }},
    Column{"serving_kv_transfer_link",
           [](const CandidateResult& r) { return servingSplit(r) ? servingSplit(r)->transfer.link : std::string(); }, kText},
    Column{"serving_kv_transfer_seconds", [](const CandidateResult& r) {
               return servingSplit(r) ? csvNumber(servingSplit(r)->transfer.seconds + servingSplit(r)->transfer.waitSeconds) : std::string(); }},
    Column{"serving_deployment_reason", [](const CandidateResult& r) {
               return r.serving && r.serving->deploymentReason ? r.serving->deploymentReason->code : std::string(); }, kText},
    // Speculative decoding, appended (empty without it).
    Column{"serving_speculative_method", [](const CandidateResult& r) { return r.serving ? r.serving->speculativeMethod : std::string(); }, kText},
    Column{"serving_speculative_acceptance_rate", [](const CandidateResult& r) { return speculativeNumber(r, &ServingResult::acceptanceRate); }},
    Column{"serving_speculative_tokens_per_step", [](const CandidateResult& r) { return speculativeNumber(r, &ServingResult::tokensPerStep); }},
    Column{"serving_speculative_speedup", [](const CandidateResult& r) { return speculativeNumber(r, &ServingResult::speculativeSpeedup); }},
    Column{"serving_speculation_pays_up_to",
           [](const CandidateResult& r) { return r.serving && !r.serving->speculativeMethod.empty() ? integer(r.serving->speculationPaysUpTo) : std::string(); }},
    // Prefix caching by workload shape, appended (empty without a shape).
    Column{"serving_prefix_shape", [](const CandidateResult& r) { return r.serving ? r.serving->prefixShape : std::string(); }, kText},
    Column{"serving_prefix_hit_rate", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixHitRate); }},
    Column{"serving_prefix_saved_prompt_tokens", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixSavedTokens); }},
    Column{"serving_prefix_held_bytes", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixHeldBytes); }},
    Column{"serving_prefix_offload_tokens", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixOffloadTokens); }},
    Column{"serving_prefix_transfer_seconds", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixTransferSeconds); }},
    // Serving percentiles (serving.traffic; docs/plan-format.md "Serving results"), appended.
#define GP_SERVING_PERCENTILE_COLUMNS(name, field)                                                                     \
    Column{"serving_" name "_p50_seconds", [](const CandidateResult& r) { return servingPercentile(r, &ServingResult::field, &ServingPercentiles::p50); }}, \
    Column{"serving_" name "_p90_seconds", [](const CandidateResult& r) { return servingPercentile(r, &ServingResult::field, &ServingPercentiles::p90); }}, \
    Column{"serving_" name "_p99_seconds", [](const CandidateResult& r) { return servingPercentile(r, &ServingResult::field, &ServingPercentiles::p99); }}
    GP_SERVING_PERCENTILE_COLUMNS("ttft", ttftPercentiles),
    GP_SERVING_PERCENTILE_COLUMNS("tpot", tpotPercentiles),
    GP_SERVING_PERCENTILE_COLUMNS("itl", itlPercentiles),
    GP_SERVING_PERCENTILE_COLUMNS("request_latency", latencyPercentiles),
#undef GP_SERVING_PERCENTILE_COLUMNS
    Column{"serving_slo_statistic", [](const CandidateResult& r) { return r.serving ? r.serving->sloStatistic : std::string(); }, kText},
    Column{"serving_kv_occupancy", [](const CandidateResult& r) { return servingNumber(r, &ServingResult::kvOccupancy); }},
    Column{"serving_makespan_seconds", [](const CandidateResult& r) { return servingNumber(r, &ServingResult::makespanSeconds); }},
    // Many LoRA adapters, appended (empty without adapters).
    Column{"serving_lora_adapters", [](const CandidateResult& r) { return r.serving && r.serving->loraAdapters > 0 ? integer(r.serving->loraAdapters) : std::string(); }},
    Column{"serving_lora_max_loras", [](const CandidateResult& r) { return r.serving && r.serving->loraAdapters > 0 ? integer(r.serving->loraMaxLoras) : std::string(); }},
    Column{"serving_lora_gpu_bytes", [](const CandidateResult& r) { return loraNumber(r, &ServingResult::loraGpuBytes); }},
    Column{"serving_lora_slowdown", [](const CandidateResult& r) { return loraNumber(r, &ServingResult::loraSlowdown); }},
    Column{"serving_lora_miss_share", [](const CandidateResult& r) { return loraNumber(r, &ServingResult::loraMissShare); }},
    // The prefix cache's disk tier (serving.prefix_cache.disk_gib), appended (empty without a shape).
    Column{"serving_prefix_disk_tokens", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixDiskTokens); }},
    Column{"serving_prefix_disk_capacity_bytes", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixDiskCapacityBytes); }},
    Column{"serving_prefix_disk_seconds", [](const CandidateResult& r) { return prefixNumber(r, &ServingResult::prefixDiskSeconds); }},
    // The decode pool's own instance when it is not the candidate's (serving.deployment.mixed_instances), appended.
    Column{"serving_decode_instance", [](const CandidateResult& r) { const ServingDisaggregation* d = servingSplit(r); return d ? d->decode.instance : std::string(); }, kText},
    Column{"serving_decode_nodes", [](const CandidateResult& r) { const ServingDisaggregation* d = servingSplit(r); return d && !d->decode.instance.empty() ? integer(d->decode.nodes) : std::string(); }},
    // The prefill pool's instance and nodes on a pair of instances (either pool may be the one that moved), appended.
    Column{"serving_prefill_instance", [](const CandidateResult& r) { const ServingDisaggregation* d = servingSplit(r); return d ? d->prefill.instance : std::string(); }, kText},
    Column{"serving_prefill_nodes", [](const CandidateResult& r) { const ServingDisaggregation* d = servingSplit(r); return d && !d->prefill.instance.empty() ? integer(d->prefill.nodes) : std::string(); }},
};
// clang-format on

struct CsvResultColumn {
    std::string name;
    std::function<std::string(const CandidateResult&)> value;
    Cell kind = Cell::Number;
};

// kColumns with the billing modes' columns in their place.
const std::vector<CsvResultColumn>& csvResultColumns()
{
    static const std::vector<CsvResultColumn> columns = [] {
        std::vector<CsvResultColumn> list;
        for (const Column& column : kColumns) {
            if (std::string_view(column.name) != kCsvBillingModeColumns) {
                list.push_back({ column.name, column.value, column.kind });
                continue;
            }
            for (const BillingModeSpec& mode : billingModes())
                list.push_back({ std::string(mode.csvColumn),
                    [m = mode.mode](const CandidateResult& r) { return optionalNumber(r.cost.total(m)); } });
        }
        return list;
    }();
    return columns;
}

void appendRow(std::string& out, const std::vector<std::string>& fields, const std::vector<Cell>& kinds = {})
{
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ',';
        const bool text = i >= kinds.size() || kinds[i] == Cell::Text;
        out += csvField(text ? csvText(fields[i]) : fields[i]);
    }
    out += kLineEnd;
}

} // namespace

std::string csvText(std::string_view text)
{
    // OWASP's advice for CSV injection: a leading quote makes a spreadsheet show the cell as text.
    std::string cell;
    cell.reserve(text.size() + 1);
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos)
        cell += '\'';
    cell.append(text);
    return cell;
}

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string quoted;
    quoted.reserve(text.size() + 2);
    quoted += '"';
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    quoted += '"';
    return quoted;
}

std::string csvNumber(double value)
{
    if (!std::isfinite(value))
        return {};
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (ec != std::errc())
        return {};
    return std::string(buffer, end);
}

const std::vector<std::string>& resultsCsvColumns()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> list;
        for (const auto& column : csvResultColumns())
            list.push_back(column.name);
        return list;
    }();
    return names;
}

std::string resultsToCsv(const std::vector<CandidateResult>& results, const CsvOptions& options)
{
    std::string out;
    if (options.byteOrderMark)
        out += kByteOrderMark;
    appendRow(out, resultsCsvColumns());
    const std::vector<CsvResultColumn>& columns = csvResultColumns();
    std::vector<std::string> fields(columns.size());
    std::vector<Cell> kinds;
    for (const auto& column : columns)
        kinds.push_back(column.kind);
    for (const auto& result : results) {
        for (std::size_t i = 0; i < columns.size(); ++i)
            fields[i] = columns[i].value(result);
        appendRow(out, fields, kinds);
    }
    return out;
}

const std::vector<std::string>& answerCsvColumns()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> list
            = { "rank", "recommended", "ranking_billing_mode", "ranking_cost", "ranking_hours", "meets_objective" };
        const auto& rest = resultsCsvColumns();
        list.insert(list.end(), rest.begin(), rest.end());
        return list;
    }();
    return names;
}

std::string answerToCsv(const PlanAnswer& answer, const CsvOptions& options)
{
    std::string out;
    if (options.byteOrderMark)
        out += kByteOrderMark;
    appendRow(out, answerCsvColumns());
    std::vector<std::string> fields;
    for (std::size_t c = 0; c < answer.search.candidates.size(); ++c) {
        const CandidatePlan& plan = answer.search.candidates[c];
        const Standing& standing = answer.standings[c];
        fields.clear();
        fields.push_back(integer(standing.rank));
        fields.emplace_back(standing.recommended ? "true" : "false");
        fields.push_back(billingModeText(standing.figures.mode));
        fields.push_back(standing.figures.priced ? csvNumber(standing.figures.cost) : std::string());
        fields.push_back(csvNumber(standing.figures.hours));
        fields.emplace_back(plan.meetsObjective ? "true" : "false");
        for (const auto& column : csvResultColumns())
            fields.push_back(column.value(plan.best));
        appendRow(out, fields);
    }
    return out;
}

std::vector<CandidateResult> answerResults(const PlanAnswer& answer)
{
    std::vector<CandidateResult> results;
    results.reserve(answer.search.candidates.size());
    for (const CandidatePlan& c : answer.search.candidates)
        results.push_back(c.best);
    return results;
}

std::string costCurveToCsv(const std::vector<CandidateResult>& results, const CsvOptions& options)
{
    std::string out;
    if (options.byteOrderMark)
        out += kByteOrderMark;
    appendRow(out, { "candidate", "billing_mode", "days", "cumulative_cost", "currency" });
    for (const auto& result : results) {
        for (const auto& mode : result.cost.modes) {
            for (const auto& point : mode.curve)
                appendRow(out,
                    { result.candidate, std::string(billingModeCode(mode.mode)), csvNumber(point.days),
                        csvNumber(point.cost), result.cost.currency },
                    { kText, kText, Cell::Number, Cell::Number, kText });
        }
    }
    return out;
}

} // namespace gp
