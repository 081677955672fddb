#include "csv_reader.h"

namespace gp::detail {

Expected<std::vector<CsvRow>> parseCsv(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::vector<CsvRow> rows;
    CsvRow row;
    std::string field;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    int line = 1;
    auto endField = [&] {
        row.push_back(std::move(field));
        field.clear();
        fieldWasQuoted = false;
    };
    auto endRow = [&] {
        endField();
        bool blank = row.size() == 1 && row[0].empty();
        if (!blank)
            rows.push_back(std::move(row));
        row.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == '"') {
            if (!field.empty() || fieldWasQuoted)
                return Error{"line " + std::to_string(line), "a quote inside an unquoted field"};
            inQuotes = true;
            fieldWasQuoted = true;
        } else if (c == ',') {
            endField();
        } else if (c == '\r') {
            if (i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            endRow();
            ++line;
        } else if (c == '\n') {
            endRow();
            ++line;
        } else {
            if (fieldWasQuoted)
                return Error{"line " + std::to_string(line), "text after a closing quote"};
            field += c;
        }
    }
    if (inQuotes)
        return Error{"line " + std::to_string(line), "a quoted field is not closed"};
    if (!field.empty() || !row.empty() || fieldWasQuoted)
        endRow();
    return rows;
}

} // namespace gp::detail
