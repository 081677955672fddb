// Numbers as text for messages and warning arguments: the one significant-digits rule the core and the UI use.
#pragma once

#include <string>

namespace gp
{

// Decimals that show `value` with `significant` significant digits (0 for values with at least that many
// integer digits, and for 0). The UI's locale-aware formatting uses the same count.
int significantDecimals(double value, int significant = 3);

// `value` with `significant` significant digits, trailing zeros dropped: 1234.5 -> "1235", 0.012345 -> "0.0123",
// 2.50 -> "2.5"; non-finite values as "nan", "inf", "-inf".
std::string formatNumber(double value, int significant = 3);

// Bytes as GiB (2^30) with three significant digits: the memory figures of messages and warning arguments.
std::string formatGiB(double bytes);

// The shortest text that reads back as exactly `value` (for "got ..." in input errors); "NaN", "inf", "-inf".
std::string formatExact(double value);

} // namespace gp
