// The file name extensions of the program's own documents, defined once: a plan (docs/plan-format.md) and a team's
// budget (docs/budget-format.md). The core's messages and embedded files, the command line and the window (its open,
// save, drop and recovery files: ui/file_extensions.h) read them.
#pragma once

#include <string>
#include <string_view>

namespace gp
{

inline constexpr char kPlanExtension[] = "gpuplan";
inline constexpr char kBudgetExtension[] = "gpubudget";

// ".gpuplan" for kPlanExtension: what a file name ends with.
inline std::string dottedExtension(std::string_view extension)
{
    return "." + std::string(extension);
}

} // namespace gp
