#include "base/json_reader.h"

#include "base/number_text.h"

#include <charconv>
#include <cstdio>

namespace gp::detail {

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

std::optional<std::string> parseJsonDocument(std::string_view text, nlohmann::json& out)
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
            return "not valid JSON: a NUL byte at line " + std::to_string(line);
        if (inString) {
            if (c == '\\')
                ++i; // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                return "not valid JSON: nested deeper than " + std::to_string(kMaxJsonDepth) + " levels at line "
                       + std::to_string(line);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    try {
        out = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& error) {
        // parse_error for bad syntax, out_of_range for numbers such as 1e400 that overflow a double.
        out = nullptr;
        return std::string("not valid JSON: ") + error.what();
    }
    return std::nullopt;
}

JsonReader::JsonReader(const nlohmann::json& object, std::string path, std::string file)
    : m_object(object), m_path(std::move(path)), m_file(std::move(file))
{
    if (!m_object.is_object())
        m_error = Error{m_path, "must be an object, got " + describeJsonType(m_object), m_file};
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
        m_error = Error{fieldPath(key), message, m_file};
}

void JsonReader::failPath(const std::string& fullPath, const std::string& message)
{
    if (!m_error)
        m_error = Error{fullPath, message, m_file};
}

const nlohmann::json* JsonReader::find(std::string_view key) const
{
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
            fail(std::string(key), "is required");
        return ok();
    }
    if (!value->is_string()) {
        fail(std::string(key), "must be a string, got " + describeJsonType(*value));
        return false;
    }
    out = value->get<std::string>();
    if (required && out.empty()) {
        fail(std::string(key), "must not be empty");
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
            fail(std::string(key), "is required");
        return ok();
    }
    if (!value->is_number()) {
        fail(std::string(key), "must be a number, got " + describeJsonType(*value));
        return false;
    }
    double v = value->get<double>();
    if (!std::isfinite(v)) {
        fail(std::string(key), "must be a finite number");
        return false;
    }
    if (v < min || v > max) {
        fail(std::string(key), "must be between " + formatExact(min) + " and " + formatExact(max) + ", got "
                                   + formatExact(v));
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
            fail(std::string(key), "is required");
        return ok();
    }
    if (!value->is_number()) {
        fail(std::string(key), "must be an integer, got " + describeJsonType(*value));
        return false;
    }
    double d = value->get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) {
        fail(std::string(key), "must be an integer, got " + describeJsonType(*value));
        return false;
    }
    if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
        fail(std::string(key), "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got "
                                   + describeJsonType(*value));
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
            fail(std::string(key), "is required");
        return ok();
    }
    if (!value->is_boolean()) {
        fail(std::string(key), "must be true or false, got " + describeJsonType(*value));
        return false;
    }
    out = value->get<bool>();
    return true;
}

bool JsonReader::stringList(std::string_view key, std::vector<std::string>& out, bool required)
{
    if (!ok())
        return false;
    const auto* value = find(key);
    if (!value || value->is_null()) {
        if (required)
            fail(std::string(key), "is required");
        return ok();
    }
    if (!value->is_array()) {
        fail(std::string(key), "must be an array of strings, got " + describeJsonType(*value));
        return false;
    }
    std::vector<std::string> items;
    for (std::size_t i = 0; i < value->size(); ++i) {
        const auto& item = (*value)[i];
        if (!item.is_string()) {
            failPath(fieldPath(key) + "[" + std::to_string(i) + "]",
                     "must be a string, got " + describeJsonType(item));
            return false;
        }
        items.push_back(item.get<std::string>());
    }
    out = std::move(items);
    return true;
}

} // namespace gp::detail
