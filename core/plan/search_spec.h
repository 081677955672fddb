// What the planner searches for (search: on or off, the objective, a deadline or a budget, the largest node count)
// with its entries in the plan's field table (plan_fields.h, field_entry.h).
#pragma once

#include "plan/field_entry.h"
#include "plan/limits.h"
#include "plan/plan_enums.h"

#include <optional>

namespace gp
{

struct SearchSpec {
    bool operator==(const SearchSpec&) const = default;
    bool enabled = true; // let the planner choose nodes/ZeRO/checkpointing/micro-batch per candidate
    SearchObjective objective = SearchObjective::Cost;
    std::optional<double> deadlineHours;
    std::optional<double> budget; // plan currency
    int maxNodes = 16;
};

// The search's inputs (search.*).
template <class Table> void searchFieldEntries(Table& t)
{
    using namespace limits;
    using Unit = FieldUnit;
    using Write = FieldWrite;
    using Report = FieldReport;
    t.add("search.enabled", GP_PLAN_MEMBER(search.enabled), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Let the planner choose"));
    t.add("search.objective", GP_PLAN_MEMBER(search.objective), Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Objective"));
    t.add("search.deadline_hours", GP_PLAN_MEMBER(search.deadlineHours), Unit::Hours, kMinDeadlineHours,
         kMaxDeadlineHours, Write::Always, Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Deadline"));
    t.add("search.budget", GP_PLAN_MEMBER(search.budget), Unit::Money, kMinBudget, kMaxBudget, Write::Always,
         Report::Question)
        .words(GP_TRANSLATE_NOOP("FieldText", "Budget"));
    t.add("search.max_nodes", GP_PLAN_MEMBER(search.maxNodes), Unit::None, 1, double(kMaxSearchNodes), Write::Always,
         Report::Assumption)
        .words(GP_TRANSLATE_NOOP("FieldText", "Max nodes"));
}

} // namespace gp
