// Small rules on numbers every stage applies to inputs it cannot trust: one definition, called from everywhere.
#pragma once

#include <cmath>
#include <limits>

namespace gp
{

// `x` when it is a finite positive number, else 0 (a missing or broken figure contributes nothing).
inline double positiveOrZero(double x)
{
    return std::isfinite(x) && x > 0 ? x : 0.0;
}

// Bytes in a GiB (2^30): memory figures in messages and warning arguments are GiB.
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// The value a missing or unreachable figure ranks as (never cheapest, never fastest).
constexpr double kInfinity = std::numeric_limits<double>::infinity();

} // namespace gp
