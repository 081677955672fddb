#include "base/json_reader.h"

#include "base/error_words.h"
#include "base/json_keys.h"
#include "base/reader_words.h"

#include "base/number_text.h"
#include "base/text_length.h"

#include <charconv>
#include <cstdio>
#include <limits>

namespace gp::detail
{

std::string describeJsonType(const nlohmann::json& value)
{
    if (value.is_null())
        return "null";
    if (value.is_boolean())
        return value.get<bool>() ? "true" : "false";
    if (value.is_number())
        return formatExact(value.get<double>());
    if (value.is_string()) {
        std::string s = value.get<std::string>();
        if (s.size() > 40) {
            std::size_t cut = 40;
            while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
                --cut; // never split a UTF-8 sequence: the message must stay valid UTF-8
            s = s.substr(0, cut) + "...";
        }
        return "\"" + s + "\"";
    }
    if (value.is_array())
        return "an array";
    return "an object";
}

std::optional<Words> parseJsonDocument(std::string_view text, nlohmann::json& out)
{
    out = nullptr;
    int depth = 0;
    bool inString = false;
    std::size_t line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n')
            ++line;
        // nlohmann's lexer takes a NUL byte for the end of input and would ignore whatever follows it; JSON has no
        // raw NUL anywhere (inside strings it is written \u0000), so the whole document is refused.
        if (c == '\0')
            return Words { words::kJsonNulByte, { std::to_string(line) } };
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                return Words { words::kJsonTooDeep, { std::to_string(kMaxJsonDepth), std::to_string(line) } };
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    try {
        out = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& error) {
        out = nullptr;
        // The library's text ("[json.exception.parse_error.101] parse error at line 1, column 5: syntax error while
        // parsing value - invalid literal; last read: 'x'") becomes the line, the column and the reason.
        std::string reason = error.what();
        if (auto colon = reason.find(": "); colon != std::string::npos)
            reason = reason.substr(colon + 2);
        const auto [atLine, atColumn] = textLineColumn(text, error.byte == 0 ? 0 : error.byte - 1);
        return Words { words::kJsonSyntaxAt, { atLine, atColumn, reason } };
    } catch (const nlohmann::json::exception& error) {
        // out_of_range for a number such as 1e999 that overflows a double: "number overflow parsing '1e999'".
        out = nullptr;
        const std::string what = error.what();
        const auto open = what.find('\'');
        const auto close = open == std::string::npos ? open : what.find('\'', open + 1);
        if (close != std::string::npos) {
            const std::string token = what.substr(open + 1, close - open - 1);
            const auto at = text.find(token);
            if (!token.empty() && at != std::string_view::npos) {
                const auto [atLine, atColumn] = textLineColumn(text, at);
                return Words { words::kJsonNumberTooLargeAt, { atLine, atColumn, token } };
            }
        }
        return Words { words::kJsonNumberTooLarge };
    }
    return std::nullopt;
}

std::pair<std::string, std::string> textLineColumn(std::string_view text, std::size_t offset)
{
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column; // columns count characters, not the bytes of a UTF-8 sequence
        }
    }
    return { std::to_string(line), std::to_string(column) };
}

std::string textPosition(std::string_view text, std::size_t offset)
{
    const auto [line, column] = textLineColumn(text, offset);
    return "line " + line + ", column " + column;
}

Words rangeRequirement(double min, double max, const std::string& got)
{
    // The readers' defaults (+-1e300) mean "no bound": say the bound there is, in words.
    constexpr double unbounded = 1e300;
    if (max >= unbounded && min <= -unbounded)
        return { words::kNumberGot, { got } };
    if (max >= unbounded) {
        if (min > 0 && min < 1e-200)
            return { words::kPositiveGot, { got } };
        if (min == 0)
            return { words::kZeroOrMoreGot, { got } };
        return { words::kAtLeastGot, { formatExact(min), got } };
    }
    if (min <= -unbounded)
        return { words::kAtMostGot, { formatExact(max), got } };
    return { words::kBetweenGot, { formatExact(min), formatExact(max), got } };
}

Words notANumberWords(const nlohmann::json& value, const char* otherwise)
{
    if (value.is_string()) {
        const std::string& text = value.get_ref<const std::string&>();
        double parsed = 0;
        const char* end = text.data() + text.size();
        const auto [stop, failure] = std::from_chars(text.data(), end, parsed);
        if (!text.empty() && failure == std::errc() && stop == end && std::isfinite(parsed))
            return { words::kNumberWrittenAsText, { describeJsonType(value) } };
    }
    return { otherwise, { describeJsonType(value) } };
}

JsonReader::JsonReader(const nlohmann::json& object, std::string path, std::string file)
    : m_object(object)
    , m_path(std::move(path))
    , m_file(std::move(file))
{
    if (!m_object.is_object())
        m_error = wordedError(m_path, { words::kObjectGot, { describeJsonType(m_object) } }, m_file);
}

std::string JsonReader::fieldPath(std::string_view key) const
{
    if (m_path.empty())
        return std::string(key);
    return m_path + "." + std::string(key);
}

void JsonReader::fail(const std::string& key, const std::string& message)
{
    if (!m_error)
        m_error = Error { fieldPath(key), message, m_file };
}

void JsonReader::failPath(const std::string& fullPath, const std::string& message)
{
    if (!m_error)
        m_error = Error { fullPath, message, m_file };
}

void JsonReader::fail(const std::string& key, Words words)
{
    failPath(fieldPath(key), std::move(words));
}

void JsonReader::failPath(const std::string& fullPath, Words words)
{
    if (!m_error)
        m_error = wordedError(fullPath, std::move(words), m_file);
}

void JsonReader::failWith(const Error& error)
{
    if (!m_error) {
        m_error = error;
        m_error->file = m_file;
    }
}

const nlohmann::json* JsonReader::find(std::string_view key) const
{
    JsonKeyAudit::asked(m_path, key);
    if (!m_object.is_object())
        return nullptr;
    auto it = m_object.find(std::string(key));
    return it == m_object.end() ? nullptr : &*it;
}

bool JsonReader::has(std::string_view key) const
{
    return find(key) != nullptr;
}

bool JsonReader::isNull(std::string_view key) const
{
    const auto* value = find(key);
    return value && value->is_null();
}

bool JsonReader::string(std::string_view key, std::string& out, bool required)
{
    if (!ok())
        return false;
    const auto* value = find(key);
    if (!value || value->is_null()) {
        if (required)
            fail(std::string(key), Words { words::kRequired });
        return ok();
    }
    if (!value->is_string()) {
        fail(std::string(key), Words { words::kStringGot, { describeJsonType(*value) } });
        return false;
    }
    out = value->get<std::string>();
    if (required && out.empty()) {
        fail(std::string(key), Words { words::kNotEmpty });
        return false;
    }
    return true;
}

bool JsonReader::number(std::string_view key, double& out, bool required, double min, double max)
{
    if (!ok())
        return false;
    const auto* value = find(key);
    if (!value || value->is_null()) {
        if (required)
            fail(std::string(key), Words { words::kRequired });
        return ok();
    }
    if (!value->is_number()) {
        fail(std::string(key), notANumberWords(*value, words::kNumberGot));
        return false;
    }
    double v = value->get<double>();
    if (!std::isfinite(v)) {
        fail(std::string(key), Words { words::kFiniteNumber });
        return false;
    }
    if (v < min || v > max) {
        fail(std::string(key), rangeRequirement(min, max, formatExact(v)));
        return false;
    }
    out = v;
    return true;
}

bool JsonReader::optionalNumber(std::string_view key, std::optional<double>& out, double min, double max)
{
    if (!has(key) || isNull(key)) {
        out.reset();
        return ok();
    }
    double v = 0;
    if (!number(key, v, true, min, max))
        return false;
    out = v;
    return true;
}

bool JsonReader::integer(std::string_view key, std::int64_t& out, bool required, std::int64_t min, std::int64_t max)
{
    if (!ok())
        return false;
    const auto* value = find(key);
    if (!value || value->is_null()) {
        if (required)
            fail(std::string(key), Words { words::kRequired });
        return ok();
    }
    if (!value->is_number()) {
        fail(std::string(key), notANumberWords(*value, words::kIntegerGot));
        return false;
    }
    double d = value->get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) {
        fail(std::string(key), Words { words::kIntegerGot, { describeJsonType(*value) } });
        return false;
    }
    if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
        const bool noUpperBound = max >= std::numeric_limits<int>::max();
        const std::string got = describeJsonType(*value);
        fail(std::string(key),
            noUpperBound ? (min == 1 ? Words { words::kPositiveGot, { got } }
                    : min == 0       ? Words { words::kZeroOrMoreGot, { got } }
                                     : Words { words::kAtLeastGot, { std::to_string(min), got } })
                         : Words { words::kBetweenGot, { std::to_string(min), std::to_string(max), got } });
        return false;
    }
    out = value->is_number_integer() ? value->get<std::int64_t>() : static_cast<std::int64_t>(d);
    return true;
}

bool JsonReader::integer(std::string_view key, int& out, bool required, int min, int max)
{
    std::int64_t v = out;
    if (!integer(key, v, required, min, max))
        return false;
    out = static_cast<int>(v);
    return true;
}

bool JsonReader::boolean(std::string_view key, bool& out, bool required)
{
    if (!ok())
        return false;
    const auto* value = find(key);
    if (!value || value->is_null()) {
        if (required)
            fail(std::string(key), Words { words::kRequired });
        return ok();
    }
    if (!value->is_boolean()) {
        fail(std::string(key), Words { words::kTrueOrFalseGot, { describeJsonType(*value) } });
        return false;
    }
    out = value->get<bool>();
    return true;
}

bool JsonReader::boundedString(std::string_view key, std::string& out, std::size_t maxCharacters, bool required)
{
    if (!string(key, out, required))
        return false;
    const std::size_t length = utf8Length(out);
    if (length > maxCharacters) {
        fail(std::string(key),
            Words { words::kCharactersGot, { std::to_string(maxCharacters), std::to_string(length) } });
        out.clear();
        return false;
    }
    return true;
}

bool JsonReader::stringList(std::string_view key, std::vector<std::string>& out, bool required)
{
    if (!ok())
        return false;
    const auto* value = find(key);
    if (!value || value->is_null()) {
        if (required)
            fail(std::string(key), Words { words::kRequired });
        return ok();
    }
    if (!value->is_array()) {
        fail(std::string(key), Words { words::kStringListGot, { describeJsonType(*value) } });
        return false;
    }
    std::vector<std::string> items;
    for (std::size_t i = 0; i < value->size(); ++i) {
        const auto& item = (*value)[i];
        if (!item.is_string()) {
            failPath(fieldPath(key) + "[" + std::to_string(i) + "]",
                Words { words::kStringGot, { describeJsonType(item) } });
            return false;
        }
        items.push_back(item.get<std::string>());
    }
    out = std::move(items);
    return true;
}

bool JsonReader::increasingIntegerList(std::string_view key, std::vector<int>& out, int min, int max, bool required)
{
    if (!ok())
        return false;
    const auto* value = find(key);
    if (!value || value->is_null()) {
        if (required)
            fail(std::string(key), Words { words::kRequired });
        return ok();
    }
    if (!value->is_array()) {
        fail(std::string(key), Words { words::kMustBeAList });
        return false;
    }
    std::vector<int> items;
    for (std::size_t i = 0; i < value->size(); ++i) {
        const auto& item = (*value)[i];
        const std::string path = fieldPath(key) + "[" + std::to_string(i) + "]";
        const double d = item.is_number() ? item.get<double>() : NAN;
        if (!std::isfinite(d) || d != std::floor(d)) {
            failPath(path, Words { words::kIntegerGot, { describeJsonType(item) } });
            return false;
        }
        const int lowest = items.empty() ? min : items.back() + 1;
        if (d < lowest || d > max) {
            failPath(path,
                items.empty()
                    ? Words { words::kBetweenGot, { std::to_string(min), std::to_string(max), formatExact(d) } }
                    : Words { words::kAboveAndAtMostGot,
                        { std::to_string(items.back()), std::to_string(max), formatExact(d) } });
            return false;
        }
        items.push_back(int(d));
    }
    out = std::move(items);
    return true;
}

} // namespace gp::detail
