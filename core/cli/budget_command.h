// `gpu-planner-cli budget FILE [--format json|csv|table] [--overrides FILE] [--output FILE]`: a team's budget
// (docs/budget-format.md) answered by the core's answerBudget.
#pragma once

#include "cli/catalog_import_command.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace gp
{

// `args` are the words after "budget". Returns the exit status (0 answered, failed items listed in the answer;
// 1 invalid budget; 2 usage or I/O).
int runBudgetCommand(
    const std::vector<std::string>& args, const InputReader& read, std::ostream& out, std::ostream& err);

} // namespace gp
