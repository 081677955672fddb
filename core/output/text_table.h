// Fixed-width text tables for `--format table` (results_table.cpp).
#pragma once

#include "estimate/common/results.h"

#include <string>
#include <vector>

namespace gp
{

// Rows as columns padded to the widest cell (byte width; ids are ASCII); the first row is the header.
std::string renderTextTable(const std::vector<std::vector<std::string>>& rows);

// A configuration in a table cell: "z3 ckpt:full mb1 ga16 tp1 pp1 dp8".
std::string configurationText(const Configuration& configuration);

// A number with a fixed count of decimals; "-" for NaN and infinities.
std::string fixedText(double value, int decimals);

} // namespace gp
