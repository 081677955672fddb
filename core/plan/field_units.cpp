// Reading a number with its unit for a plan field (field_units.h).
#include "plan/field_units.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace gp
{

namespace
{

struct UnitSymbol {
    std::string_view symbol;
    double scale; // in the family's base unit (seconds, GiB, 1)
};

// The symbols a family of units accepts, each with its size in the family's base unit.
const std::vector<UnitSymbol>& unitFamily(FieldUnit unit)
{
    static const std::vector<UnitSymbol> time = { { "µs", 1e-6 }, { "us", 1e-6 }, { "微秒", 1e-6 }, { "ms", 1e-3 },
        { "msec", 1e-3 }, { "毫秒", 1e-3 }, { "s", 1 }, { "sec", 1 }, { "second", 1 }, { "seconds", 1 }, { "秒", 1 },
        { "min", 60 }, { "minutes", 60 }, { "分钟", 60 }, { "h", 3600 }, { "hr", 3600 }, { "hours", 3600 },
        { "小时", 3600 }, { "d", 86400 }, { "days", 86400 }, { "天", 86400 } };
    static const std::vector<UnitSymbol> memory = { { "MiB", 1.0 / 1024 }, { "GiB", 1 }, { "TiB", 1024 } };
    static const std::vector<UnitSymbol> fraction = { { "%", 0.01 } };
    static const std::vector<UnitSymbol> count
        = { { "K", 1e3 }, { "k", 1e3 }, { "M", 1e6 }, { "B", 1e9 }, { "G", 1e9 }, { "T", 1e12 } };
    static const std::vector<UnitSymbol> none;
    switch (unit) {
    case FieldUnit::Seconds:
    case FieldUnit::Minutes:
    case FieldUnit::Hours:
        return time;
    case FieldUnit::Gib:
        return memory;
    case FieldUnit::Fraction:
        return fraction;
    case FieldUnit::Tokens:
    case FieldUnit::Sequences:
    case FieldUnit::Requests:
    case FieldUnit::RequestsPerMonth:
        return count;
    default:
        return none;
    }
}

// The field unit's size in its family's base unit.
double fieldScale(FieldUnit unit)
{
    switch (unit) {
    case FieldUnit::Minutes:
        return 60;
    case FieldUnit::Hours:
        return 3600;
    default:
        return 1;
    }
}

std::optional<double> symbolScale(FieldUnit unit, std::string_view symbol)
{
    for (const UnitSymbol& s : unitFamily(unit))
        if (s.symbol == symbol)
            return s.scale;
    return std::nullopt;
}

} // namespace

std::string_view unitSymbol(FieldUnit unit)
{
    switch (unit) {
    case FieldUnit::Seconds:
        return "s";
    case FieldUnit::Minutes:
        return "min";
    case FieldUnit::Hours:
        return "h";
    case FieldUnit::Gib:
        return "GiB";
    case FieldUnit::Fraction:
        return "%";
    default:
        return {};
    }
}

bool isTimeUnit(FieldUnit unit)
{
    return unit == FieldUnit::Seconds || unit == FieldUnit::Minutes || unit == FieldUnit::Hours;
}

std::optional<double> readQuantity(std::string_view text, FieldUnit unit, std::string_view bareSymbol)
{
    std::string cleaned;
    for (char c : text)
        if (c != ',' && !std::isspace(static_cast<unsigned char>(c)))
            cleaned += c;
    if (cleaned.empty())
        return std::nullopt;
    double number = 0;
    const char* begin = cleaned.data();
    const char* end = begin + cleaned.size();
    if (*begin == '+')
        ++begin;
    const auto [stop, error] = std::from_chars(begin, end, number);
    if (error != std::errc() || !std::isfinite(number))
        return std::nullopt;
    const std::string_view symbol(stop, std::size_t(end - stop));
    std::optional<double> scale;
    if (symbol.empty()) {
        // A bare number is in the unit the field shows (or its own; a fraction's own unit is the plain fraction).
        scale = bareSymbol.empty() ? std::optional<double>(unit == FieldUnit::Fraction ? 1.0 : fieldScale(unit))
                                   : symbolScale(unit, bareSymbol);
    } else {
        scale = symbolScale(unit, symbol);
    }
    if (!scale)
        return std::nullopt;
    return number * *scale / (unit == FieldUnit::Fraction ? 1.0 : fieldScale(unit));
}

} // namespace gp
