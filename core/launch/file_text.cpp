// The value of a used field as the launch file writes it ("0.9", "$TP", "bfloat16"), found once for every reader
// from the field's name and line, so the review shows it beside the plan's value.
#include "launch/launch_internal.h"

#include <algorithm>
#include <cctype>

namespace gp::launch
{

namespace
{

constexpr std::size_t kMaxFileText = 200; // a longer value (an inline JSON config) is cut with "..."

std::string_view lineOf(std::string_view text, int line)
{
    std::size_t start = 0;
    for (int k = 1; k < line; ++k) {
        start = text.find('\n', start);
        if (start == std::string_view::npos)
            return {};
        ++start;
    }
    std::string_view row = text.substr(start, std::min(text.find('\n', start), text.size()) - start);
    if (!row.empty() && row.back() == '\r')
        row.remove_suffix(1);
    return row;
}

bool nameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

// The key's spellings on a line: a flag as written ("--tensor-parallel-size"; a vLLM config writes it
// "tensor_parallel_size"), a dotted key by its last part (TOML's [parallelism] table holds "tensor_parallel_degree",
// YAML's kv_cache_config mapping "dtype").
std::vector<std::string> keySpellings(const std::string& field)
{
    std::string key = field.substr(0, field.find(' '));
    if (key.rfind("--", 0) == 0) {
        std::string bare = key.substr(2);
        std::string underscored = bare;
        std::replace(underscored.begin(), underscored.end(), '-', '_');
        return { key, underscored, bare };
    }
    if (key.rfind('-', 0) == 0)
        return { key };
    const auto dot = key.rfind('.');
    return { dot == std::string::npos ? key : key.substr(dot + 1) };
}

// A shell word from `at`: quotes taken off as the shell takes them, up to a blank.
std::string shellWordAt(std::string_view row, std::size_t at)
{
    std::string word;
    char quote = 0;
    for (; at < row.size(); ++at) {
        const char c = row[at];
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == ' ' || c == '\t' || c == ';' || c == '|' || c == '&') {
            break;
        } else {
            word += c;
        }
    }
    return word == "\\" ? std::string() : word;
}

// A YAML, TOML or JSON value after its key's ':' or '=': the rest of the line without a comment or a trailing comma,
// a quoted scalar without its quotes; empty where the value is on the next lines (a mapping or a list).
std::string keyValueAt(std::string_view row, std::size_t at)
{
    std::string_view value = row.substr(at);
    const auto first = value.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    value.remove_prefix(first);
    if ((value.front() == '"' || value.front() == '\'') && value.size() > 1) {
        const auto close = value.find(value.front(), 1);
        if (close != std::string_view::npos)
            return std::string(value.substr(1, close - 1));
    }
    if (const auto comment = value.find(" #"); comment != std::string_view::npos)
        value = value.substr(0, comment);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t' || value.back() == ','))
        value.remove_suffix(1);
    if (value == "{" || value == "[" || value == "|" || value == ">")
        return {};
    return std::string(value);
}

// The value written after `key` on `row`: "--flag value" or "--flag=value" for a flag, "key: value", "key = value" or
// "\"key\": value" for a key; empty where the key is not on the row with a value after it (a switch, a derived field).
std::string valueAfter(std::string_view row, const std::string& key)
{
    const bool flag = key.front() == '-';
    for (std::size_t at = row.find(key); at != std::string_view::npos; at = row.find(key, at + 1)) {
        if (at > 0 && nameChar(row[at - 1]))
            continue;
        std::size_t end = at + key.size();
        if (end < row.size() && nameChar(row[end]))
            continue;
        if (flag) {
            if (end < row.size() && row[end] == '=')
                return shellWordAt(row, end + 1);
            const auto next = row.find_first_not_of(" \t", end);
            if (next == std::string_view::npos || next == end)
                return {};
            const std::string word = shellWordAt(row, next);
            // Another flag: this one is a switch (a negative number is a value).
            const bool number = word.size() > 1 && std::isdigit(static_cast<unsigned char>(word[1]));
            return !word.empty() && word.front() == '-' && !number ? std::string() : word;
        }
        if (end < row.size() && (row[end] == '"' || row[end] == '\''))
            ++end;
        const auto sign = row.find_first_not_of(" \t", end);
        if (sign != std::string_view::npos && (row[sign] == ':' || row[sign] == '='))
            return keyValueAt(row, sign + 1);
    }
    return {};
}

// The model argument a serving command writes without a flag (`vllm serve MODEL`, `trtllm-serve [serve] MODEL`; the
// readers name it "model"): the word after the last word ending in "serve" on its line, or the line's first word
// where the command goes on from the line before (`vllm serve \` then MODEL). Empty where the line has neither.
std::string positionalModelAt(std::string_view row)
{
    std::vector<std::string> words;
    for (std::size_t at = row.find_first_not_of(" \t"); at != std::string_view::npos && at < row.size();) {
        std::string word = shellWordAt(row, at);
        if (word.empty())
            break;
        words.push_back(std::move(word));
        // The next blank after this word, then the next word (a quoted word may hold blanks: skip it as written).
        char quote = 0;
        for (; at < row.size(); ++at) {
            const char c = row[at];
            if (quote) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == ' ' || c == '\t') {
                break;
            }
        }
        at = row.find_first_not_of(" \t", at);
    }
    auto serves = [](const std::string& w) { return w.size() >= 5 && w.compare(w.size() - 5, 5, "serve") == 0; };
    std::size_t next = 0;
    for (std::size_t k = 0; k < words.size(); ++k)
        if (serves(words[k]))
            next = k + 1;
    if (next < words.size() && !words[next].empty() && words[next].front() != '-' && !serves(words[next]))
        return words[next];
    return {};
}

} // namespace

void attachFileText(LaunchImport& launch, std::string_view text)
{
    for (LaunchMappedField& m : launch.mapped) {
        if (m.derived || m.line <= 0 || m.field.empty() || m.field.front() == '(')
            continue;
        const std::string_view row = lineOf(text, m.line);
        for (const std::string& key : keySpellings(m.field)) {
            std::string value = key.empty() ? std::string() : valueAfter(row, key);
            if (value.empty())
                continue;
            if (value.size() > kMaxFileText) {
                std::size_t cut = kMaxFileText; // not inside a UTF-8 sequence (the JSON output writes the text)
                while (cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0) == 0x80)
                    --cut;
                value = value.substr(0, cut) + "...";
            }
            m.fileText = std::move(value);
            break;
        }
        if (m.fileText.empty() && m.field == "model")
            m.fileText = positionalModelAt(row);
    }
}

} // namespace gp::launch
