// The plan's scalar inputs as one table: every scalar of workload, serving, billing, search and assumptions, with
// its JSON path, kind, unit, bounds (from plan/limits.h), choices (from plan/plan_enum_tables.h), how the file
// writes it, whether a sweep may vary it, how the report shows it and its window words. The parser, the writer, the
// window's rows, the report and the sweep read this table. Its entries sit beside the members they describe, in each
// section's header (field_entry.h): a new input is a member and an entry there.
#pragma once

#include "plan/plan.h"

#include <nlohmann/json.hpp>

#include <string_view>
#include <vector>

namespace gp
{

namespace detail
{
class JsonReader;
}

struct PlanField {
    std::string_view path; // "workload.serving.slo.ttft_seconds"
    FieldKind kind = FieldKind::Number;
    FieldUnit unit = FieldUnit::None;
    double min = 0;
    double max = 0;
    bool minExclusive = false; // the value must be above `min` (a latency target, a utilization)
    bool optional = false; // may be absent (null): "not set", the catalog's or engine's default applies
    std::string_view absentWord; // written for an absent value instead of null ("auto"); "" = null
    FieldWrite write = FieldWrite::Always;
    FieldReport report = FieldReport::Assumption;
    std::string_view hiddenReason; // FieldReport::Hidden: why the report leaves it out
    std::string_view sweepValues; // suggested values when a sweep varies it; "" = not sweepable
    std::string_view rangeWords; // an out-of-range value's words ("a whole number of months from 1 to 60")
    std::vector<std::string_view> choices; // FieldKind::Choice: the spec names, in the enumeration's order
    const char* label = nullptr; // the window's words, English; translated in the "FieldText" context
    const char* toolTip = nullptr; // what the field means beyond its label (nullptr = nothing more)
    nlohmann::json (*get)(const Plan&) = nullptr; // the value (null = absent; Choice: the spec name)
    void (*set)(Plan&, const nlohmann::json&) = nullptr; // sets a value `get` could return

    std::string_view key() const; // "ttft_seconds"
    std::string_view parent() const; // "workload.serving.slo"
    nlohmann::json defaultValue() const; // the value of a plan that does not set it
    bool atDefault(const Plan& plan) const { return get(plan) == defaultValue(); }
    bool sweepable() const { return !sweepValues.empty(); }

    // Builder steps for the table.
    PlanField& exclusiveMin()
    {
        minExclusive = true;
        return *this;
    }
    PlanField& absentAs(std::string_view word)
    {
        absentWord = word;
        return *this;
    }
    PlanField& sweep(std::string_view values)
    {
        sweepValues = values;
        return *this;
    }
    PlanField& hidden(std::string_view reason)
    {
        report = FieldReport::Hidden;
        hiddenReason = reason;
        return *this;
    }
    PlanField& rangeIs(std::string_view words)
    {
        rangeWords = words;
        return *this;
    }
    // A string read as written (FieldKind::Text), where a std::string member would otherwise be a currency choice.
    PlanField& text()
    {
        kind = FieldKind::Text;
        choices.clear();
        return *this;
    }
    PlanField& words(const char* labelText, const char* toolTipText = nullptr)
    {
        label = labelText;
        toolTip = toolTipText;
        return *this;
    }
};

// Every scalar input, in the order the parser reads them (its first error wins).
const std::vector<PlanField>& planFields();
// The entry for `path`, or nullptr.
const PlanField* findPlanField(std::string_view path);

// The fields a sweep can vary (planFields()'s sweepable entries, in table order).
std::vector<const PlanField*> sweepableFields();

// Reads the table's fields whose parent is `reader`'s path from its object into `plan`; the first error stays in
// `reader`. Absent fields keep the plan's value.
void readPlanFields(detail::JsonReader& reader, Plan& plan);

// Writes every table field the plan writes into `known` (creating its parent objects) and removes every other one
// from `document` (the file the plan was read from), so a field set back to its default leaves the file.
// `servingWritten`: the plan writes its serving section (FieldWrite::WithServing); `rlWritten` its RL section
// (FieldWrite::WithRl).
void writePlanFields(
    const Plan& plan, nlohmann::json& known, nlohmann::json& document, bool servingWritten, bool rlWritten);

// The document's fields a Plan does not model (unknown fields, scenarios, the window's epochs): `document` without
// every path the plan reads, empty objects dropped. Plan::operator== compares them beside the structs.
nlohmann::json unmodelledFields(const nlohmann::json& document);

} // namespace gp
