// gpu-planner-cli: the command-line contract of plan-format.md, as a function the tests can call.
#pragma once

#include "base/expected.h"
#include "catalog/catalog.h"
#include "plan/plan.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace gp
{

// What `export` needs from the Qt report library (the core stays Qt-free).
struct ExportArguments {
    std::string pdfPath;
    std::string csvPath;
    std::string costCsvPath;
    std::string language; // "en", "zh_CN" or "" (system)
    bool csvByteOrderMark = true;
};
using ExportHandler = std::function<Expected<bool>(const Plan&, const Catalog&, const ExportArguments&)>;

// Exit status: 0 success, 1 invalid input (message names the field), 2 usage or I/O error.
enum ExitCode { ExitOk = 0, ExitInvalidInput = 1, ExitUsage = 2 };

// Runs one CLI invocation. `args` excludes the program name. Errors go to `err` only.
int runCli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
    const ExportHandler& exportHandler = {});

std::string cliUsage();

} // namespace gp
