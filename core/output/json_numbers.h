// Numbers in the JSON outputs: a figure that is not finite (unknown, or a run that cannot finish) is written as null.
#pragma once

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>

namespace gp
{

inline nlohmann::json jsonNumber(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

inline nlohmann::json jsonNumber(const std::optional<double>& value)
{
    return value ? jsonNumber(*value) : nlohmann::json(nullptr);
}

} // namespace gp
