// A price sheet as CSV: one row per instance with the user's quote.
#include "base/csv_reader.h"
#include "catalog/catalog.h"
#include "base/json_reader.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace gp {

namespace {

// Parses a decimal number; empty text is "not given".
bool parseNumberField(const std::string& text, std::optional<double>& out)
{
    if (text.empty()) {
        out.reset();
        return true;
    }
    char* end = nullptr;
    errno = 0;
    double value = std::strtod(text.c_str(), &end);
    if (errno != 0 || end == text.c_str() || *end != '\0' || !std::isfinite(value))
        return false;
    out = value;
    return true;
}

} // namespace

Expected<CatalogOverrides> parseOverridesCsv(std::string_view text, const std::string& fileName)
{
    auto rows = detail::parseCsv(text);
    if (!rows)
        return Error{rows.error().field, rows.error().message, fileName};
    if (rows->empty())
        return Error{"line 1", "the price sheet is empty; expected a header row", fileName};
    const auto& header = rows->front();
    auto column = [&](const std::string& name) -> int {
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == name)
                return static_cast<int>(i);
        return -1;
    };
    const int idColumn = column("instance");
    if (idColumn < 0)
        return Error{"line 1", "missing column \"instance\"", fileName};
    const char* numeric[] = {"on_demand_per_hour", "monthly", "spot_discount", "reserved_discount"};
    CatalogOverrides overrides;
    for (std::size_t r = 1; r < rows->size(); ++r) {
        const auto& row = (*rows)[r];
        const std::string line = "line " + std::to_string(r + 1);
        auto cell = [&](const char* name) -> std::string {
            int c = column(name);
            return (c >= 0 && c < static_cast<int>(row.size())) ? row[c] : std::string();
        };
        if (idColumn >= static_cast<int>(row.size()) || row[idColumn].empty())
            return Error{line + ".instance", "is required", fileName};
        PriceSpec price;
        price.status = "user";
        price.currency = cell("currency").empty() ? "CNY" : cell("currency");
        if (price.currency != "CNY" && price.currency != "USD")
            return Error{line + ".currency", "must be CNY or USD, got \"" + price.currency + "\"", fileName};
        std::optional<double>* targets[] = {&price.onDemandPerHour, &price.monthly, &price.spotDiscount,
                                            &price.reservedDiscount};
        for (int i = 0; i < 4; ++i) {
            if (!parseNumberField(cell(numeric[i]), *targets[i]))
                return Error{line + "." + numeric[i], "must be a number, got \"" + cell(numeric[i]) + "\"", fileName};
            if (*targets[i] && **targets[i] < 0)
                return Error{line + "." + numeric[i], "must not be negative, got " + cell(numeric[i]), fileName};
        }
        for (auto* discount : {&price.spotDiscount, &price.reservedDiscount})
            if (*discount && **discount >= 1)
                return Error{line + (discount == &price.spotDiscount ? ".spot_discount" : ".reserved_discount"),
                             "must be a fraction below 1 (0.4 = 40% off)", fileName};
        price.source = cell("source");
        price.asOf = cell("as_of");
        price.note = cell("note");
        overrides.prices.emplace_back(row[idColumn], price);
    }
    return overrides;
}

} // namespace gp
