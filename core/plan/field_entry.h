// What the plan's field table (plan_fields.h) is written with. Each section header (workload.h, serving_spec.h,
// rl_spec.h, assumptions.h, billing.h, search_spec.h) holds its structs and, beside them, a function that lists
// their scalar inputs as table entries:
//
//     t.add("billing.storage_per_month", GP_PLAN_MEMBER(billing.storagePerMonth), Unit::MoneyPerMonth, 0, kMaxBudget,
//          Write::NotAtDefault, Report::Assumption)
//         .words(GP_TRANSLATE_NOOP("FieldText", "Storage per month"), GP_TRANSLATE_NOOP("FieldText", "..."));
//
// so a new input is a member and an entry with its window words in one file. plan_fields.cpp turns the entries into
// the table. No Qt here: the words stay English text; lupdate reads GP_TRANSLATE_NOOP as QT_TRANSLATE_NOOP
// (ui/CMakeLists.txt), and the window translates them in the "FieldText" context (ui/widgets/inputs/field_text.h).
#pragma once

#include "base/translate_noop.h"

namespace gp
{

enum class FieldKind { Integer, Number, Boolean, Choice, Text };

// What a number counts; the window shows and reads it with this unit (plan/field_units.h), the report prints it.
enum class FieldUnit {
    None,
    Tokens,
    Sequences,
    Requests,
    RequestsPerMonth,
    Layers,
    Seconds,
    Minutes,
    Hours,
    Months,
    Gib,
    MegabytesPerSecond,
    Fraction, // 0..1, shown as a percentage
    Ratio, // "1.35x"
    PerDay,
    Money, // plan currency
    MoneyPerMonth, // plan currency per month
    CnyPerUsd,
};

// How the writer treats a field at its default: Always writes it (an absent optional as null or its absent word),
// NotAtDefault leaves it out (and removes it from the file it was read from), WithServing writes it at its default
// only where the plan writes its serving section (a serving plan, or a file that has one), WithRl likewise its RL
// section (workload.rl: an RL plan, a file that has one, or a plan that sets an RL value).
enum class FieldWrite { Always, NotAtDefault, WithServing, WithRl };

// How the report shows a field set away from its default: in the question's rows, in the assumptions' "Set in the
// plan" rows, or not at all (Hidden, with the reason in hiddenReason).
enum class FieldReport { Question, Assumption, Hidden };

} // namespace gp

// The member a table entry reads and sets, as a path from the Plan: GP_PLAN_MEMBER(workload.serving.replicas).
#define GP_PLAN_MEMBER(member)                                                                                         \
    [](auto& plan) -> auto&                                                                                            \
    {                                                                                                                  \
        return plan.member;                                                                                            \
    }

// A field's window words (label, tool tip): GP_TRANSLATE_NOOP (base/translate_noop.h).
