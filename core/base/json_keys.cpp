#include "base/json_keys.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>

namespace gp
{

namespace
{

thread_local std::map<std::string, std::set<std::string>>* tJsonKeyAsked = nullptr;

std::string childPath(const std::string& parent, std::string_view key)
{
    return parent.empty() ? std::string(key) : parent + "." + std::string(key);
}

// What a scan reports: every key (its object's path, the key, its line) and, when set, every key an object gives
// again (its path, its line, the first one's line).
struct JsonKeyVisitor {
    std::function<void(const std::string& parent, const std::string& key, std::size_t line)> key;
    std::function<void(const std::string& path, std::size_t line, std::size_t firstLine)> repeated;
};

// One key as the scanner met it: where its text is (to compare two keys whose hashes agree) and its line.
struct ScannedKey {
    std::uint64_t hash = 0;
    std::size_t offset = 0;
    std::size_t length = 0;
    std::size_t line = 0;
};

// One open object or array while scanning.
struct KeyScanFrame {
    bool object = false;
    bool expectKey = false;
    std::size_t index = 0; // arrays: the element being read
    std::string path; // this container's own path
    std::string key; // objects: the member being read
    std::vector<ScannedKey> keys; // objects, when repeats are looked for: every key so far
};

std::string framePath(const std::vector<KeyScanFrame>& frames)
{
    if (frames.empty())
        return {};
    const KeyScanFrame& top = frames.back();
    return top.object ? childPath(top.path, top.key) : top.path + "[" + std::to_string(top.index) + "]";
}

// Reads the string starting at text[i] == '"'; returns its text (simple escapes decoded) and moves i past it.
std::string scanJsonString(std::string_view text, std::size_t& i)
{
    std::string out;
    for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) {
            ++i;
            switch (text[i]) {
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': // kept as written: only compared with other keys, and named in messages
                out += "\\u";
                break;
            default:
                out += text[i];
            }
        } else
            out += text[i];
    }
    ++i;
    return out;
}

std::uint64_t keyHash(std::string_view key)
{
    std::uint64_t h = 1469598103934665603ull; // FNV-1a
    for (const char c : key) {
        h ^= std::uint8_t(c);
        h *= 1099511628211ull;
    }
    return h;
}

// The keys an object gave twice: its keys sorted by hash, neighbours with the same hash compared by their text.
// 32 bytes a key of the objects still open, never a copy of their text: a 58 MiB object of keys stays small.
void reportRepeatedKeys(std::string_view text, KeyScanFrame& frame, const JsonKeyVisitor& visit)
{
    std::stable_sort(
        frame.keys.begin(), frame.keys.end(), [](const ScannedKey& a, const ScannedKey& b) { return a.hash < b.hash; });
    for (std::size_t i = 0; i < frame.keys.size();) {
        std::size_t j = i + 1;
        while (j < frame.keys.size() && frame.keys[j].hash == frame.keys[i].hash)
            ++j;
        for (std::size_t k = i + 1; k < j; ++k)
            for (std::size_t first = i; first < k; ++first) {
                const ScannedKey& a = frame.keys[first];
                const ScannedKey& b = frame.keys[k];
                if (text.substr(a.offset, a.length) == text.substr(b.offset, b.length)) {
                    std::size_t at = b.offset - 1; // the opening quote
                    visit.repeated(childPath(frame.path, scanJsonString(text, at)), b.line, a.line);
                    break;
                }
            }
        i = j;
    }
    frame.keys.clear();
    frame.keys.shrink_to_fit();
}

// One pass over a valid JSON text, linear in its length.
void scanJsonKeys(std::string_view text, const JsonKeyVisitor& visit)
{
    std::vector<KeyScanFrame> frames;
    std::size_t line = 1;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '"') {
            const std::size_t start = i + 1;
            std::string value = scanJsonString(text, i);
            if (!frames.empty() && frames.back().object && frames.back().expectKey) {
                KeyScanFrame& top = frames.back();
                top.key = std::move(value);
                top.expectKey = false;
                if (visit.key)
                    visit.key(top.path, top.key, line);
                if (visit.repeated) {
                    const std::size_t length = i - 1 - start;
                    top.keys.push_back({ keyHash(text.substr(start, length)), start, length, line });
                }
            }
            continue;
        }
        if (c == '\n')
            ++line;
        else if (c == '{' || c == '[') {
            KeyScanFrame frame;
            frame.path = framePath(frames);
            frame.object = c == '{';
            frame.expectKey = frame.object;
            frames.push_back(std::move(frame));
        } else if ((c == '}' || c == ']') && !frames.empty()) {
            if (visit.repeated && frames.back().object)
                reportRepeatedKeys(text, frames.back(), visit);
            frames.pop_back();
        } else if (c == ',' && !frames.empty()) {
            if (frames.back().object)
                frames.back().expectKey = true;
            else
                ++frames.back().index;
        }
        ++i;
    }
}

std::string repeatedKeyWarning(const std::string& path, std::size_t line, std::size_t firstLine)
{
    return "line " + std::to_string(line) + ": \"" + path + "\" is given twice (first on line "
        + std::to_string(firstLine) + "); the last one is used";
}

// The warnings in line order, at most kMaxKeyWarnings of them and then one that counts the rest (`more`).
std::vector<std::string> byLine(std::vector<std::pair<std::size_t, std::string>> found, std::size_t more)
{
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> warnings;
    for (auto& entry : found)
        warnings.push_back(std::move(entry.second));
    if (more > 0)
        warnings.push_back("and " + std::to_string(more) + " more keys repeated or not fields");
    return warnings;
}

// Edit distance with adjacent swaps (optimal string alignment).
std::size_t keyEditDistance(std::string_view a, std::string_view b)
{
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({ d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost });
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[n][m];
}

std::string lowerAscii(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return out;
}

} // namespace

std::vector<JsonKeyPlace> jsonKeyPlaces(std::string_view text)
{
    std::vector<JsonKeyPlace> places;
    JsonKeyVisitor visit;
    visit.key = [&](const std::string& parent, const std::string& key, std::size_t line) {
        places.push_back({ childPath(parent, key), line });
    };
    scanJsonKeys(text, visit);
    return places;
}

std::vector<std::string> duplicateKeyWarnings(std::string_view text)
{
    std::vector<std::pair<std::size_t, std::string>> found;
    std::size_t more = 0;
    JsonKeyVisitor visit;
    visit.repeated = [&](const std::string& path, std::size_t line, std::size_t firstLine) {
        if (found.size() < kMaxKeyWarnings)
            found.emplace_back(line, repeatedKeyWarning(path, line, firstLine));
        else
            ++more;
    };
    scanJsonKeys(text, visit);
    return byLine(std::move(found), more);
}

std::string nearestName(std::string_view key, const std::vector<std::string>& names)
{
    if (key.size() > 64)
        return {}; // no field name is that long, and the distance grows with the product of the lengths
    const std::size_t limit = key.size() <= 4 ? 1 : key.size() <= 8 ? 2 : 3;
    const std::string lowered = lowerAscii(key);
    std::string best;
    std::size_t bestDistance = limit + 1;
    for (const std::string& name : names) {
        if (name.size() > 64
            || (name.size() > key.size() ? name.size() - key.size() : key.size() - name.size()) > limit)
            continue;
        // Case alone counts as one edit: "Precision" is near "precision" but not the same key.
        const std::size_t distance = std::max<std::size_t>(1, keyEditDistance(lowered, lowerAscii(name)));
        if (distance < bestDistance) {
            bestDistance = distance;
            best = name;
        }
    }
    return best;
}

std::string unknownKeyWarning(const std::string& path, std::size_t line, const std::vector<std::string>& known)
{
    const std::size_t dot = path.rfind('.');
    const std::string key = dot == std::string::npos ? path : path.substr(dot + 1);
    const std::string parent = dot == std::string::npos ? std::string() : path.substr(0, dot);
    std::string text = (line ? "line " + std::to_string(line) + ": " : std::string()) + "\"" + key + "\" is not a field"
        + (parent.empty() ? std::string() : " of " + parent) + "; it is ignored";
    if (const std::string near = nearestName(key, known); !near.empty())
        text += "; did you mean \"" + near + "\"?";
    return text;
}

JsonKeyAudit::JsonKeyAudit()
    : m_previous(tJsonKeyAsked)
{
    tJsonKeyAsked = &m_asked;
}

JsonKeyAudit::~JsonKeyAudit()
{
    tJsonKeyAsked = m_previous;
}

void JsonKeyAudit::asked(const std::string& objectPath, std::string_view key)
{
    if (tJsonKeyAsked)
        (*tJsonKeyAsked)[objectPath].emplace(key);
}

void JsonKeyAudit::known(std::string_view path)
{
    std::string parent;
    std::size_t from = 0;
    while (from <= path.size()) {
        const std::size_t dot = std::min(path.find('.', from), path.size());
        const std::string_view key = path.substr(from, dot - from);
        m_asked[parent].emplace(key);
        parent = childPath(parent, key);
        from = dot + 1;
    }
}

std::vector<std::string> JsonKeyAudit::warnings(std::string_view text, bool repeats) const
{
    std::vector<std::pair<std::size_t, std::string>> found; // (line, warning)
    std::size_t more = 0;
    JsonKeyVisitor visit;
    // Each object some reader read, against the keys asked of its path; "_comment" keys are the files' comments.
    visit.key = [&](const std::string& parent, const std::string& key, std::size_t line) {
        const auto asked = m_asked.find(parent);
        if (asked == m_asked.end() || asked->second.count(key) || (!key.empty() && key[0] == '_'))
            return;
        // A section some reader read (its object, or its array's elements) is no misspelling.
        const std::string child = childPath(parent, key);
        if (const auto below = m_asked.lower_bound(child); below != m_asked.end()
            && below->first.compare(0, child.size(), child) == 0
            && (below->first.size() == child.size() || below->first[child.size()] == '['
                || below->first[child.size()] == '.'))
            return;
        if (found.size() >= kMaxKeyWarnings) {
            ++more;
            return;
        }
        found.emplace_back(
            line, unknownKeyWarning(child, line, std::vector<std::string>(asked->second.begin(), asked->second.end())));
    };
    if (repeats)
        visit.repeated = [&](const std::string& path, std::size_t line, std::size_t firstLine) {
            if (found.size() < kMaxKeyWarnings)
                found.emplace_back(line, repeatedKeyWarning(path, line, firstLine));
            else
                ++more;
        };
    scanJsonKeys(text, visit);
    return byLine(std::move(found), more);
}

std::vector<std::string> JsonKeyAudit::unknownKeyWarnings(std::string_view text) const
{
    return warnings(text, false);
}

std::vector<std::string> JsonKeyAudit::fileWarnings(std::string_view text) const
{
    return warnings(text, true);
}

} // namespace gp
