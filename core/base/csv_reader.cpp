#include "base/csv_reader.h"

namespace gp::detail
{

namespace
{

// Length of the well-formed UTF-8 sequence starting at text[i] (RFC 3629: no overlongs, no surrogates, at most
// U+10FFFF), or 0 when it is malformed.
std::size_t utf8SequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        low = c == 0xE0 ? 0xA0 : 0x80;
        high = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        low = c == 0xF0 ? 0x90 : 0x80;
        high = c == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high)
        return 0;
    for (std::size_t k = 2; k < length; ++k)
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
    return length;
}

} // namespace

Expected<std::vector<CsvRow>> parseCsv(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    // Cells end up in JSON output, which must be UTF-8: refuse other encodings here, naming the line.
    for (std::size_t i = 0, line = 1; i < text.size();) {
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0)
            return Error { "line " + std::to_string(line),
                "not valid UTF-8 (byte " + std::to_string(i + 1) + "); save the price sheet as UTF-8" };
        if (text[i] == '\n')
            ++line;
        else if (text[i] == '\0')
            return Error { "line " + std::to_string(line), "holds a NUL byte; a price sheet is text" };
        i += length;
    }
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
                return Error { "line " + std::to_string(line), "a quote inside an unquoted field" };
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
                return Error { "line " + std::to_string(line), "text after a closing quote" };
            field += c;
        }
    }
    if (inQuotes)
        return Error { "line " + std::to_string(line), "a quoted field is not closed" };
    if (!field.empty() || !row.empty() || fieldWasQuoted)
        endRow();
    return rows;
}

} // namespace gp::detail
