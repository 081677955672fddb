// What a plan file says that parsePlan accepts without a word but a person should hear: a key given twice (the
// last wins) and a key no field of the plan has (a misspelling: "did you mean" the nearest field the plan's
// readers, and so its field table, know at that place).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gp
{

class JsonKeyAudit;

// The paths a plan reads outside the field table (format, title, model, candidates, billing.modes, ...), each with
// everything below it; plan_fields.cpp, beside the table, and unmodelledFields() read this list.
const std::vector<std::string_view>& planPathsBesideTheTable();

// Declares every field of a plan (the table's and planPathsBesideTheTable(), and scenarios) known to `audit`, so that
// a section read only in some modes, or read by hand, is no misspelling.
void declarePlanFields(JsonKeyAudit& audit);

// Warnings for a plan's text, each starting "line N: "; empty for a clean file and for one parsePlan refuses (its
// error says what is wrong).
std::vector<std::string> planFileWarnings(std::string_view text);

} // namespace gp
