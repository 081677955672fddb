// gpu-planner-cli run in-process (gp::runCli) with its exit code and both output streams, for the CLI tests.
#pragma once

#include "cli/cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace gp::testing
{

struct CliRun {
    int code = -1;
    std::string out;
    std::string err;
};

inline CliRun cli(const std::vector<std::string>& args, const std::string& input = {})
{
    std::istringstream in(input);
    std::ostringstream out, err;
    CliRun run;
    run.code = runCli(args, in, out, err);
    run.out = out.str();
    run.err = err.str();
    return run;
}

} // namespace gp::testing
