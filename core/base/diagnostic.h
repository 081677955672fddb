// Warnings and explanations as data: a stable code plus named arguments; the UI words them.
#pragma once

#include "base/expected.h"

#include <string>
#include <utility>
#include <vector>

namespace gp
{

struct Diagnostic {
    std::string code; // stable id, e.g. "cpu_cores_per_gpu_low"
    std::string message; // English sentence for the CLI and logs
    std::vector<std::pair<std::string, std::string>> args = {}; // named values the UI substitutes
    // A code that quotes a refusal of the core (configuration_invalid, candidate_invalid): the refusal's words
    // (Error::words), so a window in another language words it too; empty for every other code.
    std::vector<Words> words = {};

    std::string arg(const std::string& name) const
    {
        for (const auto& [k, v] : args)
            if (k == name)
                return v;
        return {};
    }
};

using Diagnostics = std::vector<Diagnostic>;

} // namespace gp
