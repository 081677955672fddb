// `gpu-planner-cli import FILE [--format plan|json] [--onto PLAN] [--output FILE]`: a team's launch file (torchtitan
// TOML, Megatron arguments or recipe, DeepSpeed JSON, Hugging Face / TRL / LLaMA-Factory / axolotl YAML, vLLM or
// SGLang command line or config) read into a plan; and `export PLAN --launch FORMAT [--output DIR]`: the
// recommendation written as that framework's launch files (core/launch/launch.h).
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

using LaunchInputReader = std::function<Expected<std::string>(const std::string& path)>;

// `args` are the words after "import". Returns the exit status (0, 1 invalid input, 2 usage or I/O).
int runLaunchImport(
    const std::vector<std::string>& args, const LaunchInputReader& read, std::ostream& out, std::ostream& err);

// The plan is answered, its recommendation written in `format` under `outputFolder` (each file atomically, all
// rendered first), or to `out` when the folder is empty.
int runLaunchExport(const Plan& plan, const Catalog& catalog, const std::string& planPath, const std::string& format,
    const std::string& outputFolder, std::ostream& out, std::ostream& err);

} // namespace gp
