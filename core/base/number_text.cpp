// The significant-digits rule for numbers in messages.
#include "base/number_text.h"
#include "base/finite_number.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace gp
{

int significantDecimals(double value, int significant)
{
    significant = std::clamp(significant, 1, 15);
    const double magnitude = std::fabs(value);
    if (!std::isfinite(magnitude) || magnitude == 0)
        return 0;
    const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    return std::clamp(significant - 1 - exponent, 0, 15);
}

std::string formatNumber(double value, int significant)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    if (value == 0)
        return "0";
    char buffer[330]; // the longest fixed-point double: 309 digits and a sign
    const int decimals = std::fabs(value) >= 1e15 ? 0 : significantDecimals(value, significant);
    // std::to_chars writes what printf's %.*f would, in the C locale, without its cost.
    const auto written = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (written.ec != std::errc())
        return formatExact(value);
    std::string s(buffer, written.ptr);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
    }
    return s;
}

std::string formatExact(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string formatGiB(double bytes)
{
    return formatNumber(bytes / kGiB, 3);
}

} // namespace gp
