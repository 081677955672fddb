// Sensitivity as JSON, CSV and text.
#include "output/sensitivity_output.h"
#include "output/json_numbers.h"

#include "output/text_table.h"

#include <cmath>

namespace gp
{

using nlohmann::json;

namespace
{

json diagnosticJson(const Diagnostic& d)
{
    json args = json::object();
    for (const auto& [key, value] : d.args)
        args[key] = value;
    return { { "code", d.code }, { "message", d.message }, { "args", args } };
}

json boundJson(const SensitivityBound& b)
{
    json j = { { "value", b.value }, { "answered", b.answered }, { "memory_per_gpu", jsonNumber(b.memoryBytes) },
        { "memory_fits", b.memoryFits } };
    if (!b.answered)
        return j;
    j["cost"] = jsonNumber(b.cost);
    j["hours"] = jsonNumber(b.hours);
    j["billing_mode"] = billingModeText(b.mode);
    j["candidate"] = b.candidate;
    j["changed"] = b.changed;
    return j;
}

// The value of an input's end as the table writes it.
std::string endValueText(const SensitivityInput& in, double value)
{
    if (in.unit == "gib")
        return formatNumber(value, 3) + " GiB";
    if (in.unit == "fraction")
        return formatNumber(100 * value, 2) + "%";
    return formatNumber(value, 2);
}

// Why an input was not varied, in the table's words.
std::string skippedReasonWords(const std::string& reason)
{
    if (reason == "no_estimated_price")
        return "every candidate's price is published or your own";
    if (reason == "spot_not_counted")
        return "the plan does not count spot instances";
    if (reason == "plan_sets")
        return "the plan sets it";
    if (reason == "serving_engine_share")
        return "a serving engine takes a set share of GPU memory";
    if (reason == "no_sourced_range")
        return "one published measurement, no range";
    return reason;
}

std::string rangeText(const SensitivityInput& in)
{
    if (in.spread > 0)
        return "+/-" + formatNumber(100 * in.spread, 2) + "%";
    const std::string range = endValueText(in, in.low.value) + " - " + endValueText(in, in.high.value);
    return in.unit == "per_node_day" ? range + " per node-day" : range;
}

std::string costText(double value)
{
    return std::isfinite(value) ? formatNumber(value, 3) : std::string("-");
}

} // namespace

json sensitivityToJson(const PlanSensitivity& s)
{
    json j = { { "available", s.available }, { "reason", s.reason ? diagnosticJson(*s.reason) : json(nullptr) },
        { "method", "one_at_a_time" } };
    if (!s.available)
        return j;
    json inputs = json::array();
    for (const SensitivityInput& in : s.inputs)
        inputs.push_back({ { "input", in.input }, { "key", in.key },
            { "spread", in.spread > 0 ? json(in.spread) : json(nullptr) }, { "unit", in.unit },
            { "memory_width", jsonNumber(in.memoryWidth()) }, { "cost_width", jsonNumber(in.costWidth()) },
            { "low", boundJson(in.low) }, { "high", boundJson(in.high) } });
    j["candidate"] = s.candidate;
    j["currency"] = s.currency;
    j["mode"] = toString(s.mode);
    j["priced"] = s.point.priced;
    j["billing_mode"] = s.point.priced ? json(billingModeText(s.point.mode)) : json(nullptr);
    j["price_status"] = s.priceStatus;
    j["cost"] = jsonNumber(s.point.cost);
    j["cost_low"] = jsonNumber(s.costLow);
    j["cost_high"] = jsonNumber(s.costHigh);
    j["hours"] = jsonNumber(s.point.hours);
    j["hours_low"] = jsonNumber(s.hoursLow);
    j["hours_high"] = jsonNumber(s.hoursHigh);
    j["memory_per_gpu"] = jsonNumber(s.memoryBytes);
    j["memory_per_gpu_low"] = jsonNumber(s.memoryLow);
    j["memory_per_gpu_high"] = jsonNumber(s.memoryHigh);
    j["usable_memory"] = jsonNumber(s.usableMemoryBytes);
    j["memory_fits_across_range"] = s.memoryFitsAcrossRange;
    j["stable"] = s.stable;
    j["price_threshold"] = s.priceThreshold
        ? json { { "fraction", *s.priceThreshold }, { "runner_up", s.runnerUp }, { "tie", s.priceTie } }
        : json(nullptr);
    j["summary"] = s.summary ? diagnosticJson(*s.summary) : json(nullptr);
    j["inputs"] = inputs;
    json skipped = json::array();
    json reasons = json::object();
    for (const PlanSensitivity::Skipped& k : s.skipped) {
        skipped.push_back(k.input);
        reasons[k.input] = k.reason;
    }
    j["skipped"] = skipped;
    j["skipped_reasons"] = reasons;
    j["seconds"] = s.seconds;
    return j;
}

const std::vector<std::string>& sensitivityCsvColumns()
{
    static const std::vector<std::string> columns { "input", "key", "spread", "bound", "value", "answered", "cost",
        "hours", "billing_mode", "candidate", "changed", "point_cost", "point_hours", "currency", "unit",
        "memory_per_gpu", "memory_fits", "point_memory_per_gpu" };
    return columns;
}

std::string sensitivityToCsv(const PlanSensitivity& s, const CsvOptions& options)
{
    std::string out = options.byteOrderMark ? "\xEF\xBB\xBF" : "";
    const auto& columns = sensitivityCsvColumns();
    for (std::size_t i = 0; i < columns.size(); ++i)
        out += (i ? "," : "") + columns[i];
    out += "\r\n";
    for (const SensitivityInput& in : s.inputs)
        for (auto [b, bound] : { std::pair { &in.low, "low" }, std::pair { &in.high, "high" } }) {
            const std::vector<std::string> cells { in.input, in.key, in.spread > 0 ? csvNumber(in.spread) : "", bound,
                csvNumber(b->value), b->answered ? "true" : "false", b->answered ? csvNumber(b->cost) : "",
                b->answered ? csvNumber(b->hours) : "", b->answered ? billingModeText(b->mode) : "",
                b->answered ? csvField(csvText(b->candidate)) : "", b->changed ? "true" : "false",
                csvNumber(s.point.cost), csvNumber(s.point.hours), csvField(csvText(s.currency)), in.unit,
                csvNumber(b->memoryBytes), b->memoryFits ? "true" : "false", csvNumber(s.memoryBytes) };
            for (std::size_t i = 0; i < cells.size(); ++i)
                out += (i ? "," : "") + cells[i];
            out += "\r\n";
        }
    return out;
}

std::string sensitivityToTable(const PlanSensitivity& s)
{
    if (!s.available)
        return (s.reason ? s.reason->message : std::string("no sensitivity")) + "\n";
    const std::string unit = s.point.priced ? " " + s.currency : " GPU-hours";
    std::string out = s.candidate + ": " + costText(s.point.cost) + unit + " (" + costText(s.costLow) + " - "
        + costText(s.costHigh) + "), " + costText(s.point.hours) + " h (" + costText(s.hoursLow) + " - "
        + costText(s.hoursHigh) + "); one input at a time\n";
    out += "memory per GPU: " + formatGiB(s.memoryBytes) + " GiB (" + formatGiB(s.memoryLow) + " - "
        + formatGiB(s.memoryHigh) + ") of " + formatGiB(s.usableMemoryBytes) + " GiB usable"
        + (s.memoryFitsAcrossRange ? "" : "; above the usable memory at an end of the range") + "\n";
    std::vector<std::vector<std::string>> rows { { "input", "range", "cost at low", "cost at high", "hours at low",
        "hours at high", "memory at low", "memory at high", "recommended" } };
    for (const SensitivityInput& in : s.inputs) {
        std::string recommended = "same";
        if (in.low.changed || in.high.changed)
            recommended = (in.low.changed ? "low: " + in.low.candidate : std::string())
                + (in.low.changed && in.high.changed ? ", " : "")
                + (in.high.changed ? "high: " + in.high.candidate : std::string());
        rows.push_back({ in.input, rangeText(in), in.low.answered ? costText(in.low.cost) : "-",
            in.high.answered ? costText(in.high.cost) : "-", in.low.answered ? costText(in.low.hours) : "-",
            in.high.answered ? costText(in.high.hours) : "-", formatGiB(in.low.memoryBytes),
            formatGiB(in.high.memoryBytes), recommended });
    }
    out += renderTextTable(rows);
    for (const PlanSensitivity::Skipped& k : s.skipped)
        out += "not varied: " + sensitivityInputWords(k.input) + ": " + skippedReasonWords(k.reason) + "\n";
    if (s.summary)
        out += s.summary->message + "\n";
    return out;
}

} // namespace gp
