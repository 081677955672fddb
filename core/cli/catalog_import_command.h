// `gpu-planner-cli catalog import FILE.json --overrides OVERRIDES.json [--currency CNY|USD] [--instance ID]
// [--region R] [--months N]`: a cloud listing merged into the user's overrides file.
#pragma once

#include "base/expected.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace gp
{

using InputReader = std::function<Expected<std::string>(const std::string& path)>;

// `args` are the words after "catalog import". Returns the exit status (0, 1 invalid input, 2 usage or I/O).
int runCatalogImport(
    const std::vector<std::string>& args, const InputReader& read, std::ostream& out, std::ostream& err);

} // namespace gp
