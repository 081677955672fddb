// Scenario comparisons as JSON, CSV and text.
#include "output/scenarios_output.h"
#include "base/finite_number.h"
#include "output/json_numbers.h"

#include "output/results_json.h"
#include "output/text_table.h"
#include "plan/billing_modes.h"

#include <algorithm>
#include <cmath>

namespace gp
{

using nlohmann::json;

namespace
{

std::string rowName(const ScenarioRow& row)
{
    return row.base ? std::string("base plan") : row.name;
}

const ModeCost* costUnder(const ScenarioHeadline& h, BillingMode mode)
{
    for (const ModeCost& c : h.costs)
        if (c.mode == mode)
            return &c;
    return nullptr;
}

std::string signedText(const std::optional<double>& value, int decimals, const std::string& unit)
{
    if (!value)
        return "-";
    return (*value > 0 ? "+" : "") + fixedText(*value, decimals) + unit;
}

} // namespace

json scenarioComparisonToJson(const ScenarioComparison& comparison)
{
    json rows = json::array();
    for (const ScenarioRow& row : comparison.rows) {
        json r = { { "name", row.base ? json(nullptr) : json(row.name) }, { "base", row.base } };
        if (row.error) {
            r["error"] = { { "field", row.error->field }, { "message", row.error->message } };
            rows.push_back(r);
            continue;
        }
        r["error"] = nullptr;
        const PlanAnswer& answer = *row.answer;
        const ScenarioHeadline& h = row.headline;
        r["currency"] = answer.currency;
        r["mode"] = toString(answer.mode);
        r["billing_modes"] = answer.billingModes;
        r["recommended"] = answer.recommended >= 0;
        if (h.hasCandidate) {
            json costs = json::object();
            for (const ModeCost& m : h.costs)
                costs[std::string(billingModeCode(m.mode))] = jsonNumber(m.cost);
            r["best"] = { { "candidate", h.candidate }, { "gpu_name", h.gpuName }, { "nodes", h.nodes },
                { "gpus_per_node", h.gpusPerNode }, { "gpus", h.gpus },
                { "configuration", configurationToJson(h.configuration) }, { "fits", h.fits },
                { "meets_objective", h.meetsObjective }, { "priced", h.figures.priced },
                { "billing_mode", h.figures.priced ? json(billingModeText(h.figures.mode)) : json(nullptr) },
                { "cost", jsonNumber(h.figures.cost) }, { "hours", jsonNumber(h.figures.hours) }, { "costs", costs },
                { "memory_per_gpu", jsonNumber(h.memoryBytes) }, { "usable_memory_per_gpu", jsonNumber(h.usableBytes) },
                { "memory_headroom_per_gpu", jsonNumber(h.headroomBytes) } };
        } else {
            r["best"] = nullptr;
        }
        r["difference"]
            = { { "cost", jsonNumber(row.delta.cost) }, { "cost_percent", jsonNumber(row.delta.costPercent) },
                  { "hours", jsonNumber(row.delta.hours) }, { "hours_percent", jsonNumber(row.delta.hoursPercent) } };
        json changes = json::array();
        for (const PlanChange& change : row.changes)
            changes.push_back({ { "path", change.path }, { "from", change.from }, { "to", change.to } });
        r["changes"] = changes;
        rows.push_back(r);
    }
    const ScenarioRow* baseline
        = comparison.baseline < comparison.rows.size() ? &comparison.rows[comparison.baseline] : nullptr;
    return { { "baseline", !baseline || baseline->base ? json(nullptr) : json(baseline->name) },
        { "seconds", comparison.seconds }, { "scenarios", rows } };
}

const std::vector<std::string>& scenarioCsvColumns()
{
    static const std::vector<std::string> columns = [] {
        std::vector<std::string> list { "scenario", "base", "baseline", "error_field", "error", "candidate", "gpu_name",
            "nodes", "gpus_per_node", "gpus", "zero_stage", "activation_checkpointing", "micro_batch_size",
            "gradient_accumulation_steps", "tensor", "pipeline", "data", "offload", "fits", "meets_objective",
            "billing_mode", "cost", "hours", "currency" };
        for (const BillingModeSpec& mode : billingModes()) // cost_on_demand, cost_monthly, ...: the table's columns
            list.emplace_back(mode.csvColumn);
        list.insert(list.end(),
            { "memory_per_gpu_bytes", "usable_memory_per_gpu_bytes", "memory_headroom_per_gpu_bytes", "cost_difference",
                "cost_difference_percent", "hours_difference", "hours_difference_percent" });
        return list;
    }();
    return columns;
}

std::string scenarioComparisonToCsv(const ScenarioComparison& comparison, const CsvOptions& options)
{
    std::string out = options.byteOrderMark ? "\xEF\xBB\xBF" : "";
    const auto& columns = scenarioCsvColumns();
    for (std::size_t i = 0; i < columns.size(); ++i)
        out += (i ? "," : "") + columns[i];
    out += "\r\n";
    auto optionalNumber = [](const std::optional<double>& v) { return v ? csvNumber(*v) : std::string(); };
    for (std::size_t index = 0; index < comparison.rows.size(); ++index) {
        const ScenarioRow& row = comparison.rows[index];
        std::vector<std::string> cells;
        cells.push_back(csvField(csvText(row.base ? "" : row.name)));
        cells.push_back(row.base ? "true" : "false");
        cells.push_back(index == comparison.baseline ? "true" : "false");
        cells.push_back(row.error ? csvField(csvText(row.error->field)) : "");
        cells.push_back(row.error ? csvField(csvText(row.error->message)) : "");
        const ScenarioHeadline& h = row.headline;
        if (row.error || !h.hasCandidate) {
            cells.resize(columns.size());
        } else {
            const Configuration& c = h.configuration;
            cells.push_back(csvField(csvText(h.candidate)));
            cells.push_back(csvField(csvText(h.gpuName)));
            cells.push_back(std::to_string(h.nodes));
            cells.push_back(std::to_string(h.gpusPerNode));
            cells.push_back(std::to_string(h.gpus));
            cells.push_back(std::to_string(c.zeroStage));
            cells.push_back(std::string(toString(c.checkpointing)));
            cells.push_back(std::to_string(c.microBatchSize));
            cells.push_back(std::to_string(c.gradientAccumulationSteps));
            cells.push_back(std::to_string(c.tensor));
            cells.push_back(std::to_string(c.pipeline));
            cells.push_back(std::to_string(c.data));
            cells.push_back(std::string(toString(c.offload)));
            cells.push_back(h.fits ? "true" : "false");
            cells.push_back(h.meetsObjective ? "true" : "false");
            cells.push_back(h.figures.priced ? billingModeText(h.figures.mode) : "");
            cells.push_back(h.figures.priced ? csvNumber(h.figures.cost) : "");
            cells.push_back(csvNumber(h.figures.hours));
            cells.push_back(csvField(csvText(row.answer->currency)));
            for (const BillingModeSpec& mode : billingModes()) {
                const ModeCost* m = costUnder(h, mode.mode);
                cells.push_back(m ? csvNumber(m->cost) : "");
            }
            cells.push_back(csvNumber(h.memoryBytes));
            cells.push_back(csvNumber(h.usableBytes));
            cells.push_back(csvNumber(h.headroomBytes));
            cells.push_back(optionalNumber(row.delta.cost));
            cells.push_back(optionalNumber(row.delta.costPercent));
            cells.push_back(optionalNumber(row.delta.hours));
            cells.push_back(optionalNumber(row.delta.hoursPercent));
        }
        for (std::size_t i = 0; i < cells.size(); ++i)
            out += (i ? "," : "") + cells[i];
        out += "\r\n";
    }
    return out;
}

std::string scenarioComparisonToTable(const ScenarioComparison& comparison)
{
    // The modes any row prices, in the billing-mode table's order.
    std::vector<BillingMode> order;
    for (const BillingModeSpec& spec : billingModes())
        if (std::any_of(comparison.rows.begin(), comparison.rows.end(),
                [&spec](const ScenarioRow& row) { return costUnder(row.headline, spec.mode) != nullptr; }))
            order.push_back(spec.mode);
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header { "scenario", "candidate", "gpus", "configuration", "fits", "best cost", "hours" };
    for (const BillingMode mode : order)
        header.push_back(billingModeWords(mode));
    for (const char* h : { "headroom GiB", "cost vs baseline", "hours vs baseline" })
        header.push_back(h);
    rows.push_back(header);
    std::string errors;
    for (std::size_t index = 0; index < comparison.rows.size(); ++index) {
        const ScenarioRow& row = comparison.rows[index];
        std::vector<std::string> cells { rowName(row) + (index == comparison.baseline ? " (baseline)" : "") };
        const ScenarioHeadline& h = row.headline;
        if (row.error) {
            errors += rowName(row) + ": " + row.error->toString() + "\n";
            cells.push_back("error");
        } else if (!h.hasCandidate) {
            cells.push_back("no candidate");
        } else {
            const bool inference = row.answer->mode == Mode::Inference;
            const int costDecimals = inference ? 3 : 0;
            cells.push_back(h.candidate);
            cells.push_back(std::to_string(h.gpus) + (h.nodes > 1 ? " (" + std::to_string(h.nodes) + " nodes)" : ""));
            cells.push_back(configurationText(h.configuration));
            cells.push_back(h.fits ? (h.meetsObjective ? "yes" : "yes, misses objective") : "no");
            cells.push_back(h.fits && h.figures.priced ? fixedText(h.figures.cost, costDecimals) + " "
                        + row.answer->currency + " (" + billingModeWords(h.figures.mode) + ")"
                                                       : "-");
            cells.push_back(h.fits ? fixedText(h.figures.hours, inference ? 5 : 1) : "-");
            for (const BillingMode mode : order) {
                const ModeCost* m = costUnder(h, mode);
                cells.push_back(m ? fixedText(m->cost, costDecimals) : "-");
            }
            cells.push_back(fixedText(h.headroomBytes / kGiB, 1));
            std::string dc = signedText(row.delta.cost, costDecimals, "");
            if (row.delta.costPercent)
                dc += " (" + signedText(row.delta.costPercent, 1, "%") + ")";
            std::string dh = signedText(row.delta.hours, inference ? 5 : 1, "");
            if (row.delta.hoursPercent)
                dh += " (" + signedText(row.delta.hoursPercent, 1, "%") + ")";
            cells.push_back(index == comparison.baseline ? "baseline" : dc);
            cells.push_back(index == comparison.baseline ? "baseline" : dh);
        }
        cells.resize(header.size(), "");
        rows.push_back(cells);
    }
    std::string out = renderTextTable(rows);
    if (!comparison.rows.empty() && comparison.rows.front().answer)
        out += "costs in " + comparison.rows.front().answer->currency
            + (comparison.rows.front().answer->mode == Mode::Inference ? " per million generated tokens" : "")
            + "; hours " + (comparison.rows.front().answer->mode == Mode::Inference ? "per request batch" : "to finish")
            + "\n";
    return out + errors;
}

} // namespace gp
