// A price sheet as CSV: one row per instance with the user's quote.
#include "base/csv_reader.h"
#include "base/json_reader.h"
#include "base/number_text.h"
#include "base/text_length.h"
#include "catalog/catalog.h"
#include "plan/limits.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>

namespace gp
{

namespace
{

std::string trimmed(const std::string& text)
{
    const auto isSpace = [](unsigned char c) { return std::isspace(c) != 0; };
    auto begin = std::find_if_not(text.begin(), text.end(), isSpace);
    auto end = std::find_if_not(text.rbegin(), std::string::const_reverse_iterator(begin), isSpace).base();
    return std::string(begin, end);
}

// A plain decimal number ("180", "0.5", "1.2e3"): no hexadecimal, "inf" or "nan", which strtod would accept.
bool isDecimal(const std::string& text)
{
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
        ++i;
    bool digits = false;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        ++i;
        digits = true;
    }
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            ++i;
            digits = true;
        }
    }
    if (!digits)
        return false;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        bool exponent = false;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
            ++i;
            exponent = true;
        }
        if (!exponent)
            return false;
    }
    return i == text.size();
}

struct NumericColumn {
    const char* name;
    std::optional<double> PriceSpec::*field;
    double max; // the same limits as a JSON price (catalog_parse.cpp)
};

constexpr NumericColumn kNumericColumns[] = {
    { "on_demand_per_hour", &PriceSpec::onDemandPerHour, 1e9 },
    { "monthly", &PriceSpec::monthly, 1e12 },
    { "spot_discount", &PriceSpec::spotDiscount, 0.99 },
    { "reserved_discount", &PriceSpec::reservedDiscount, 0.99 },
};

constexpr const char* kColumns[] = { "instance", "currency", "on_demand_per_hour", "monthly", "spot_discount",
    "reserved_discount", "source", "as_of", "note" };

} // namespace

Expected<CatalogOverrides> parseOverridesCsv(std::string_view text, const std::string& fileName)
{
    auto rows = detail::parseCsv(text);
    if (!rows)
        return Error { rows.error().field, rows.error().message, fileName };
    if (rows->empty())
        return Error { "line 1", "the price sheet is empty; expected a header row", fileName };
    std::vector<std::string> header;
    for (const auto& cell : rows->front())
        header.push_back(trimmed(cell));
    std::string expected;
    for (const char* name : kColumns)
        expected += (expected.empty() ? "" : ", ") + std::string(name);
    for (std::size_t i = 0; i < header.size(); ++i) {
        // A misspelt column would be ignored, and the catalog's figure passed off as the user's.
        if (std::find(std::begin(kColumns), std::end(kColumns), header[i]) == std::end(kColumns))
            return Error { "line 1", "unknown column \"" + header[i] + "\" (expected " + expected + ")", fileName };
        if (std::find(header.begin(), header.begin() + static_cast<long>(i), header[i])
            != header.begin() + static_cast<long>(i))
            return Error { "line 1", "column \"" + header[i] + "\" appears twice", fileName };
    }
    auto column = [&](const std::string& name) -> int {
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == name)
                return static_cast<int>(i);
        return -1;
    };
    const int idColumn = column("instance");
    if (idColumn < 0)
        return Error { "line 1", "missing column \"instance\"", fileName };
    CatalogOverrides overrides;
    std::map<std::string, std::size_t> firstLine; // instance -> line that priced it
    for (std::size_t r = 1; r < rows->size(); ++r) {
        const auto& row = (*rows)[r];
        const std::string line = "line " + std::to_string(r + 1);
        if (std::all_of(row.begin(), row.end(), [](const std::string& c) { return trimmed(c).empty(); }))
            continue; // a blank line
        if (row.size() > header.size())
            return Error { line,
                "has " + std::to_string(row.size()) + " cells but the header has " + std::to_string(header.size()),
                fileName };
        auto cell = [&](const char* name) -> std::string {
            int c = column(name);
            return (c >= 0 && c < static_cast<int>(row.size())) ? trimmed(row[c]) : std::string();
        };
        const std::string id = cell("instance");
        if (id.empty())
            return Error { line + ".instance", "is required", fileName };
        if (auto [it, inserted] = firstLine.emplace(id, r + 1); !inserted)
            return Error { line + ".instance", "\"" + id + "\" is already priced on line " + std::to_string(it->second),
                fileName };
        PriceSpec price;
        price.status = "user";
        price.currency = cell("currency").empty() ? "CNY" : cell("currency");
        if (price.currency != "CNY" && price.currency != "USD")
            return Error { line + ".currency", "must be CNY or USD, got \"" + price.currency + "\"", fileName };
        for (const NumericColumn& numeric : kNumericColumns) {
            const std::string value = cell(numeric.name);
            if (value.empty())
                continue;
            errno = 0;
            const double number = isDecimal(value) ? std::strtod(value.c_str(), nullptr) : NAN;
            if (!isDecimal(value) || errno != 0 || !std::isfinite(number))
                return Error { line + "." + numeric.name, "must be a decimal number, got \"" + value + "\"", fileName };
            if (number < 0)
                return Error { line + "." + numeric.name, "must not be negative, got " + value, fileName };
            if (number > numeric.max)
                return Error { line + "." + numeric.name,
                    "must be at most " + formatExact(numeric.max)
                        + (numeric.max < 1 ? " (a fraction: 0.4 = 40% off)" : "") + ", got " + value,
                    fileName };
            price.*numeric.field = number;
        }
        if (!price.onDemandPerHour && !price.monthly && !price.spotDiscount && !price.reservedDiscount)
            return Error { line, "gives no price: fill on_demand_per_hour, monthly, spot_discount or reserved_discount",
                fileName };
        price.source = cell("source");
        price.asOf = cell("as_of");
        price.note = cell("note");
        // Shown in the catalog dialog, tables and every report: capped where read, naming the cell.
        for (const auto& [column, text] : { std::pair<const char*, const std::string*> { "source", &price.source },
                 { "note", &price.note }, { "as_of", &price.asOf } })
            if (utf8Length(*text) > std::size_t(limits::kMaxSourceTextLength))
                return Error { line + "." + column,
                    "must be at most " + std::to_string(limits::kMaxSourceTextLength) + " characters, got "
                        + std::to_string(utf8Length(*text)),
                    fileName };
        overrides.prices.emplace_back(id, price);
    }
    return overrides;
}

bool looksLikeCsvOverrides(std::string_view fileName, std::string_view text)
{
    if (fileName.size() >= 4) {
        std::string extension(fileName.substr(fileName.size() - 4));
        std::transform(extension.begin(), extension.end(), extension.begin(),
            [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (extension == ".csv")
            return true;
        if (extension == "json")
            return false;
    }
    std::size_t i = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0; // byte-order mark
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
        ++i;
    return i < text.size() && text[i] != '{';
}

Expected<CatalogOverrides> parseOverridesFile(std::string_view text, const std::string& fileName)
{
    return looksLikeCsvOverrides(fileName, text) ? parseOverridesCsv(text, fileName)
                                                 : parseOverridesJson(text, fileName);
}

} // namespace gp
