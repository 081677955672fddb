// `gpu-planner-cli model import PATH` and `gpu-planner-cli model list [--format json|table]`.
#pragma once

#include "cli/catalog_import_command.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace gp
{

// `args` are the words after "model". Returns the exit status (0, 1 invalid input, 2 usage or I/O).
int runModelCommand(
    const std::vector<std::string>& args, const InputReader& read, std::ostream& out, std::ostream& err);

} // namespace gp
