// The budget's answer as JSON, CSV and a text table (`gpu-planner-cli budget FILE --format json|csv|table`); the
// window and its report render the same BudgetAnswer.
#pragma once

#include "budget/budget_answer.h"

#include <nlohmann/json.hpp>

#include <string>

namespace gp
{

nlohmann::json budgetAnswerToJson(const BudgetAnswer& answer);

// Long form, one row per figure: line,key,month,value (line: total, cumulative, item, provider, gpu,
// billing_mode, kwh, kg_co2, cap_over; month 1..horizon, or "all" for the horizon's total). cap_over: one row per
// month over a cap (key per_month or total), valued at that month's excess over it.
std::string budgetAnswerToCsv(const BudgetAnswer& answer);

std::string budgetAnswerToTable(const BudgetAnswer& answer);

// Months as text: "month 6", "months 6-12", "months 3, 5, 9".
std::string budgetMonthsText(const std::vector<int>& months);

// The months of a fleet row as text: "reserved 1-12", "monthly 2-5, on_demand 6".
std::string fleetModesText(const std::vector<std::optional<BillingMode>>& modeByMonth);

} // namespace gp
