// Results as CSV (RFC 4180, UTF-8): one row per candidate, and the cost-over-time curves.
#pragma once

#include "estimate/common/results.h"
#include "planner/answer.h"

#include <string>
#include <string_view>
#include <vector>

namespace gp
{

struct CsvOptions {
    bool byteOrderMark = false; // UTF-8 BOM first, so Excel (Chinese locale included) reads the file as UTF-8
};

// The stable English column names of resultsToCsv, in order.
const std::vector<std::string>& resultsCsvColumns();

// One row per candidate in the given order. Numbers are printed shortest-round-trip (parsing them back gives
// the same double); an absent or non-finite value is an empty field; warnings are their codes joined by ';'.
// Text cells (names, ids, currencies, citations) are neutralised with csvText.
std::string resultsToCsv(const std::vector<CandidateResult>& results, const CsvOptions& options = {});

// The planner's answer, one row per candidate in its ranked order: the columns `answerCsvColumns()` names
// (rank, recommended, ranking_billing_mode, ranking_cost, ranking_hours, meets_objective) then resultsToCsv's.
std::string answerToCsv(const PlanAnswer& answer, const CsvOptions& options = {});
const std::vector<std::string>& answerCsvColumns();

// The candidates' results in the answer's order.
std::vector<CandidateResult> answerResults(const PlanAnswer& answer);

// Cumulative cost against elapsed days: columns candidate, billing_mode, days, cumulative_cost, currency.
std::string costCurveToCsv(const std::vector<CandidateResult>& results, const CsvOptions& options = {});

// A text cell made safe for spreadsheets: one starting with =, +, -, @, a tab or a carriage return (which Excel
// and LibreOffice would run as a formula) gets a leading '. Every text column the product writes goes through it;
// number columns do not, so negative numbers stay numbers.
std::string csvText(std::string_view text);

// One field quoted per RFC 4180 when it holds a comma, a double quote, CR or LF (quotes doubled).
std::string csvField(std::string_view text);

// A double in its shortest form that reads back exactly; empty for NaN and infinities.
std::string csvNumber(double value);

} // namespace gp
