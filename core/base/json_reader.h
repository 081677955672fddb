// Reads typed fields from a JSON object while tracking the field path, so errors name the field.
#pragma once

#include "base/expected.h"
#include "base/reader_words.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gp::detail
{

std::string describeJsonType(const nlohmann::json& value);

// Deepest array/object nesting a document may have; deeper ones are refused before parsing, because copying
// or printing a JSON value recurses once per level and would overflow the stack (a real file nests 4-5 levels).
constexpr int kMaxJsonDepth = 256;

// Parses a whole JSON document without throwing: on failure returns the reason (not valid JSON, a number
// beyond the double range, nesting deeper than kMaxJsonDepth) and leaves `out` null.
// The reason is worded from base/reader_words.h (fillWords gives its English).
std::optional<Words> parseJsonDocument(std::string_view text, nlohmann::json& out);

// "line L, column C" of the byte `offset` in `text` (columns count UTF-8 characters), for messages.
std::string textPosition(std::string_view text, std::size_t offset);
std::pair<std::string, std::string> textLineColumn(std::string_view text, std::size_t offset); // {"L", "C"}

// What a number between `min` and `max` must be, and the value given (`got`), in words: "must be positive, got -1"
// (min > 0 and tiny, no upper bound), "must be 0 or more, got -1", "must be at most 5, got 7", "must be between 1 and
// 8, got 9" (the readers' +-1e300 are no bound).
Words rangeRequirement(double min, double max, const std::string& got);

// Why `value` is not the number a field needs: a string that holds a number ("4096") is "a number written as text";
// anything else is `otherwise` ("must be a number, got %1", "must be an integer, got %1") with the value described.
Words notANumberWords(const nlohmann::json& value, const char* otherwise);

// The first problem found wins; later reads become no-ops once an error is set.
class JsonReader
{
public:
    JsonReader(const nlohmann::json& object, std::string path, std::string file = {});

    bool ok() const { return !m_error.has_value(); }
    const std::optional<Error>& error() const { return m_error; }
    Error takeError() const { return m_error.value_or(Error { m_path, "invalid", m_file }); }
    void fail(const std::string& key, const std::string& message);
    void failPath(const std::string& fullPath, const std::string& message);
    // The same with the message worded from a template (base/error_words.h), kept for the window's language.
    void fail(const std::string& key, Words words);
    void failPath(const std::string& fullPath, Words words);
    // An error another reader found (its field already a full path), with its words; the file is this reader's.
    void failWith(const Error& error);
    std::string fieldPath(std::string_view key) const;
    const nlohmann::json& object() const { return m_object; }
    const std::string& path() const { return m_path; }
    const std::string& file() const { return m_file; }
    bool has(std::string_view key) const;
    bool isNull(std::string_view key) const;

    // Each getter leaves `out` untouched when the key is absent (or null) and not required.
    bool string(std::string_view key, std::string& out, bool required = false);
    // A string of at most `maxCharacters` characters (code points): every text a window or report shows is capped
    // where it is read, naming the field, so that no file can make laying it out take minutes.
    bool boundedString(std::string_view key, std::string& out, std::size_t maxCharacters, bool required = false);
    bool number(std::string_view key, double& out, bool required = false, double min = -1e300, double max = 1e300);
    bool optionalNumber(std::string_view key, std::optional<double>& out, double min = -1e300, double max = 1e300);
    bool integer(std::string_view key, std::int64_t& out, bool required = false, std::int64_t min = INT64_MIN,
        std::int64_t max = INT64_MAX);
    bool integer(std::string_view key, int& out, bool required = false, int min = INT32_MIN, int max = INT32_MAX);
    bool boolean(std::string_view key, bool& out, bool required = false);
    bool stringList(std::string_view key, std::vector<std::string>& out, bool required = false);
    // A list of whole numbers, each within [min, max] and larger than the one before it (an empty list is one).
    bool increasingIntegerList(std::string_view key, std::vector<int>& out, int min, int max, bool required = false);

    template <class E, std::size_t N>
    bool enumeration(
        std::string_view key, E& out, const std::pair<std::string_view, E> (&table)[N], bool required = false)
    {
        std::string text;
        if (!string(key, text, required) || !has(key) || isNull(key))
            return ok();
        for (const auto& [name, value] : table) {
            if (name == text) {
                out = value;
                return true;
            }
        }
        std::string allowed;
        for (const auto& entry : table)
            allowed += (allowed.empty() ? "" : ", ") + std::string(entry.first);
        fail(std::string(key), Words { words::kUnknownValueExpected, { text, allowed } });
        return false;
    }

private:
    const nlohmann::json* find(std::string_view key) const;

    const nlohmann::json& m_object;
    std::string m_path;
    std::string m_file;
    std::optional<Error> m_error;
};

} // namespace gp::detail

namespace gp
{

// The member `key` of a JSON object, or null when `object` is not an object or the member is absent or null.
inline const nlohmann::json* jsonChild(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

} // namespace gp
