// Keys a JSON reader accepts silently but a person should hear about: a key given twice in one object (the parser
// keeps the last), and a key no reader asked for (a misspelt field), with the nearest name it could have meant.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gp
{

// A key of an object of a JSON text: its field path ("workload.precision", "items[2].name") and 1-based line.
struct JsonKeyPlace {
    std::string path;
    std::size_t line = 0;
};

inline constexpr std::size_t kMaxKeyWarnings = 50;

// Every key of every object in `text` (which must be valid JSON), in text order, duplicates included. Linear in the
// text's length.
std::vector<JsonKeyPlace> jsonKeyPlaces(std::string_view text);

// "line 9: \"workload.precision\" is given twice (first on line 4); the last one is used", one per repeat (at most
// kMaxKeyWarnings, then one line counting the rest).
std::vector<std::string> duplicateKeyWarnings(std::string_view text);

// The name of `names` nearest to `key` by edits (insert, delete, replace, swap two neighbours), or "" when none is
// near enough to be a slip: at most 1 edit for keys up to 4 characters, 2 up to 8, else 3.
std::string nearestName(std::string_view key, const std::vector<std::string>& names);

// "line 7: \"sequnce_length\" is not a field of workload; did you mean \"sequence_length\"?" (the last part only when
// a name is near). `path` is the unknown key's field path; `known` the names its object accepts.
std::string unknownKeyWarning(const std::string& path, std::size_t line, const std::vector<std::string>& known);

// While one lives on a thread, every detail::JsonReader on that thread records the keys it asks its objects for, by
// the object's field path. unknownKeyWarnings() then lists, for each object some reader read, the keys no reader
// asked for, with the nearest asked name: the readers' own calls are the list of known fields. A key whose own
// object (or array's elements) some reader read is known too.
class JsonKeyAudit
{
public:
    JsonKeyAudit();
    ~JsonKeyAudit();
    JsonKeyAudit(const JsonKeyAudit&) = delete;
    JsonKeyAudit& operator=(const JsonKeyAudit&) = delete;

    // Records that the thread's current audit's readers asked `objectPath`'s object for `key`.
    static void asked(const std::string& objectPath, std::string_view key);
    // Declares `path` ("workload.serving.slo.ttft_seconds") a field, and each object on the way to it, in this audit:
    // for fields that readers read by hand, or only in some modes.
    void known(std::string_view path);
    // `text` is the document the readers read (parsed again here, for its keys' lines).
    std::vector<std::string> unknownKeyWarnings(std::string_view text) const;
    // duplicateKeyWarnings(text), then unknownKeyWarnings(text).
    std::vector<std::string> fileWarnings(std::string_view text) const;

private:
    std::vector<std::string> warnings(std::string_view text, bool repeats) const;

    std::map<std::string, std::set<std::string>> m_asked;
    std::map<std::string, std::set<std::string>>* m_previous;
};

} // namespace gp
