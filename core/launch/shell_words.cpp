#include "launch/shell_words.h"

#include "base/reader_words.h"

#include <cctype>
#include <map>
#include <optional>

namespace gp
{

namespace
{

struct ShellVariables {
    std::map<std::string, std::vector<std::string>> values; // a scalar is a one-element array
    std::map<std::string, std::vector<int>> lines; // where each array element was written
};

bool isShellNameStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool isShellNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// "NAME=" or "NAME+=" at the start of `text`: the name's length and whether it appends; nullopt otherwise.
std::optional<std::pair<std::size_t, bool>> assignmentPrefix(const std::string& text)
{
    if (text.empty() || !isShellNameStart(text[0]))
        return std::nullopt;
    std::size_t k = 1;
    while (k < text.size() && isShellNameChar(text[k]))
        ++k;
    if (k < text.size() && text[k] == '=')
        return std::make_pair(k, false);
    if (k + 1 < text.size() && text[k] == '+' && text[k + 1] == '=')
        return std::make_pair(k, true);
    return std::nullopt;
}

// NAME=( ... ) or NAME+=( ... ), applied when the command runs (not inside a branch not taken).
struct ArrayAssignment {
    std::string name;
    bool append = false;
    std::vector<std::string> elements;
    std::vector<int> lines;
};

struct LexedCommand {
    std::vector<ShellWord> words;
    std::vector<ArrayAssignment> arrays;
    std::string separator; // "\n", ";", "&&", "||", "|", "&", or "" at the end of the text
    int line = 1;
};

// The words being built: unquoted expansions split into several.
struct WordBuilder {
    std::vector<ShellWord> fields;
    std::string current;
    bool started = false; // a quote makes an (empty) word even with no text
    int line = 1;

    void finish()
    {
        if (started || !current.empty())
            fields.push_back({ current, line });
        current.clear();
        started = false;
    }
    // Appends unquoted text, splitting it on blanks; a word begun by it is placed at `textLine` when given.
    void appendSplit(const std::string& text, int textLine = 0)
    {
        for (char c : text) {
            if (c == ' ' || c == '\t' || c == '\n') {
                finish();
            } else {
                if (textLine > 0 && current.empty() && !started)
                    line = textLine;
                current += c;
            }
        }
    }
};

class ShellLexer
{
public:
    ShellLexer(std::string_view text, const std::string& file, ShellVariables& variables, std::vector<ShellNote>& notes)
        : m_text(text)
        , m_file(file)
        , m_vars(variables)
        , m_notes(notes)
    {
    }

    // The next command; false at the end of the text.
    Expected<bool> next(LexedCommand& out)
    {
        out = LexedCommand {};
        out.line = m_line;
        while (true) {
            skipBlanks();
            const char c = peek();
            if (c == '\0') {
                if (m_pos < m_text.size())
                    return error({ words::kNulByteNotText });
                return !out.words.empty() || !out.arrays.empty();
            }
            if (c == '#') {
                while (peek() != '\n' && peek() != '\0')
                    ++m_pos;
                continue;
            }
            if (c == '\n' || c == ';' || c == '&' || c == '|') {
                out.separator = separator();
                if (out.words.empty() && out.arrays.empty() && out.separator == "\n") {
                    out.line = m_line;
                    continue;
                }
                return true;
            }
            if (out.words.empty())
                out.line = m_line;
            if (c == '(' || c == ')' || c == '{' || c == '}') {
                out.words.push_back({ std::string(1, c), m_line });
                ++m_pos;
                continue;
            }
            WordBuilder word;
            word.line = m_line;
            if (auto read = readWord(word, out.words.empty() || isAssignmentList(out.words)); !read)
                return read.error();
            for (auto& array : m_arrays)
                out.arrays.push_back(std::move(array));
            m_arrays.clear();
            for (auto& field : word.fields)
                out.words.push_back(std::move(field));
        }
    }

private:
    char peek(std::size_t ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0'; }

    Error error(Words words) const { return errorAt(m_line, std::move(words)); }
    Error errorAt(int line, Words words) const
    {
        return wordedError("", std::move(words), m_file + ":" + std::to_string(line));
    }

    static bool isAssignmentList(const std::vector<ShellWord>& words)
    {
        for (const auto& w : words)
            if (!assignmentPrefix(w.text) && w.text != "export" && w.text != "local" && w.text != "declare")
                return false;
        return true;
    }

    void skipBlanks()
    {
        while (true) {
            if (peek() == ' ' || peek() == '\t' || peek() == '\r') {
                ++m_pos;
            } else if (peek() == '\\' && peek(1) == '\n') {
                m_pos += 2;
                ++m_line;
            } else {
                return;
            }
        }
    }

    std::string separator()
    {
        const char c = peek();
        ++m_pos;
        if (c == '\n') {
            ++m_line;
            return "\n";
        }
        if ((c == '&' || c == '|') && peek() == c) {
            ++m_pos;
            return std::string(2, c);
        }
        return std::string(1, c);
    }

    Expected<bool> readWord(WordBuilder& word, bool mayAssign)
    {
        while (true) {
            const char c = peek();
            if (c == '\0' || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == '&' || c == '|'
                || c == ')')
                break;
            if (c == '(') {
                if (mayAssign && !word.started && word.fields.empty() && assignmentPrefix(word.current)
                    && word.current.back() == '=') {
                    ++m_pos;
                    return readArray(word);
                }
                break;
            }
            if (c == '\\') {
                if (peek(1) == '\n') {
                    m_pos += 2;
                    ++m_line;
                    continue;
                }
                if (peek(1) != '\0')
                    word.current += peek(1);
                m_pos += 2;
                continue;
            }
            if (c == '\'') {
                const std::size_t close = m_text.find('\'', m_pos + 1);
                if (close == std::string_view::npos)
                    return error({ words::kUnterminatedSingleQuote });
                const std::string_view quoted = m_text.substr(m_pos + 1, close - m_pos - 1);
                for (char q : quoted)
                    m_line += q == '\n';
                word.current += quoted;
                word.started = true;
                m_pos = close + 1;
                continue;
            }
            if (c == '"') {
                ++m_pos;
                word.started = true;
                if (auto read = readDoubleQuoted(word); !read)
                    return read;
                continue;
            }
            if (c == '$') {
                if (auto expanded = expand(word, false); !expanded)
                    return expanded;
                continue;
            }
            word.current += c;
            ++m_pos;
        }
        word.finish();
        return true;
    }

    Expected<bool> readDoubleQuoted(WordBuilder& word)
    {
        const int opened = m_line; // a quote left open is named where it opens, not at the end of the file
        while (true) {
            const char c = peek();
            if (c == '\0')
                return errorAt(opened, { words::kUnterminatedDoubleQuote });
            if (c == '"') {
                ++m_pos;
                return true;
            }
            if (c == '\\' && (peek(1) == '"' || peek(1) == '\\' || peek(1) == '$' || peek(1) == '`')) {
                word.current += peek(1);
                m_pos += 2;
                continue;
            }
            if (c == '\\' && peek(1) == '\n') {
                m_pos += 2;
                ++m_line;
                continue;
            }
            if (c == '$') {
                if (auto expanded = expand(word, true); !expanded)
                    return expanded;
                continue;
            }
            m_line += c == '\n';
            word.current += c;
            ++m_pos;
        }
    }

    // NAME=( words ... ): the array's elements (expanded, split as a command's words are).
    Expected<bool> readArray(WordBuilder& word)
    {
        const auto prefix = assignmentPrefix(word.current);
        const std::string name = word.current.substr(0, prefix->first);
        std::vector<std::string> elements;
        std::vector<int> lines;
        while (true) {
            skipBlanks();
            const char c = peek();
            if (c == '\0')
                return error({ words::kUnterminatedArray, { name } });
            if (c == '\n') {
                ++m_pos;
                ++m_line;
                continue;
            }
            if (c == '#') {
                while (peek() != '\n' && peek() != '\0')
                    ++m_pos;
                continue;
            }
            if (c == ')') {
                ++m_pos;
                break;
            }
            WordBuilder element;
            element.line = m_line;
            if (auto read = readWord(element, false); !read)
                return read;
            if (element.fields.empty() && peek() != ')' && peek() != '\n' && peek() != '#')
                ++m_pos; // a character no word takes (';', '&', '|'): skipped inside ( ... )
            for (auto& f : element.fields) {
                lines.push_back(f.line);
                elements.push_back(std::move(f.text));
            }
        }
        m_arrays.push_back({ name, prefix->second, std::move(elements), std::move(lines) });
        word.current.clear();
        word.started = false;
        return true;
    }

    std::vector<std::string> lookup(const std::string& name) const
    {
        auto it = m_vars.values.find(name);
        return it == m_vars.values.end() ? std::vector<std::string> {} : it->second;
    }

    // The text of ${...} or $( ... ) from the opening bracket, brackets nested; nullopt when it never closes.
    std::optional<std::string> bracketed(char open, char close)
    {
        int depth = 0;
        const std::size_t start = m_pos;
        for (std::size_t k = m_pos; k < m_text.size(); ++k) {
            if (m_text[k] == open)
                ++depth;
            else if (m_text[k] == close && --depth == 0) {
                std::string inner(m_text.substr(start + 1, k - start - 1));
                for (char q : inner)
                    m_line += q == '\n';
                m_pos = k + 1;
                return inner;
            }
        }
        return std::nullopt;
    }

    // A word ("default" of ${NAME:-default}) with its quotes removed and its variables expanded, not split.
    std::string expandText(const std::string& text)
    {
        ShellLexer inner(text, m_file, m_vars, m_notes);
        WordBuilder word;
        inner.m_line = m_line;
        std::string joined;
        if (auto read = inner.readWord(word, false); read) {
            for (std::size_t k = 0; k < word.fields.size(); ++k)
                joined += (k ? " " : "") + word.fields[k].text;
        }
        return joined;
    }

    void emit(WordBuilder& word, const std::vector<std::string>& values, bool quoted, bool eachWord,
        const std::vector<int>& lines = {})
    {
        for (std::size_t k = 0; k < values.size(); ++k) {
            if (k > 0 && quoted && eachWord) {
                word.finish();
                word.started = true;
            } else if (k > 0 && quoted) {
                word.current += ' ';
            } else if (k > 0) {
                word.appendSplit(" ");
            }
            if (quoted && eachWord && word.current.empty() && k < lines.size())
                word.line = lines[k]; // "${ARRAY[@]}": each element a word, placed where it was written
            if (quoted)
                word.current += values[k];
            else
                word.appendSplit(values[k], k < lines.size() ? lines[k] : 0);
        }
    }

    Expected<bool> expand(WordBuilder& word, bool quoted)
    {
        ++m_pos; // '$'
        if (peek() == '(') {
            const bool arithmetic = peek(1) == '(';
            auto inner = bracketed('(', ')');
            if (!inner)
                return error({ words::kUnterminatedSubstitution, { arithmetic ? "$((" : "$(" } });
            const Words note { words::kIgnoredSubstitution, { "$(" + *inner + ")" } };
            m_notes.push_back({ m_line, fillWords(note), { note } });
            return true;
        }
        if (peek() == '{') {
            auto inner = bracketed('{', '}');
            if (!inner)
                return error({ words::kUnterminatedSubstitution, { "${" } });
            return expandBraced(word, *inner, quoted);
        }
        if (isShellNameStart(peek())) {
            std::string name;
            while (isShellNameChar(peek()))
                name += m_text[m_pos++];
            emit(word, lookup(name), quoted, false);
            return true;
        }
        if (std::isdigit(static_cast<unsigned char>(peek()))) {
            // The script's own arguments are unknown: "$1" stays as written (a value the run would get).
            word.current += '$';
            word.current += m_text[m_pos++];
            return true;
        }
        if (peek() == '@' || peek() == '*' || peek() == '#' || peek() == '?' || peek() == '$') {
            ++m_pos; // special parameters: empty when reading a script
            return true;
        }
        word.current += '$';
        return true;
    }

    Expected<bool> expandBraced(WordBuilder& word, const std::string& inner, bool quoted)
    {
        std::size_t k = 0;
        while (k < inner.size() && (isShellNameChar(inner[k])))
            ++k;
        const std::string name = inner.substr(0, k);
        const std::string rest = inner.substr(k);
        if (rest == "[@]" || rest == "[*]") {
            auto lines = m_vars.lines.find(name);
            emit(word, lookup(name), quoted, rest == "[@]",
                lines == m_vars.lines.end() ? std::vector<int> {} : lines->second);
            return true;
        }
        const auto values = lookup(name);
        const bool positional = !name.empty() && std::isdigit(static_cast<unsigned char>(name[0]));
        const bool set = !positional && !values.empty();
        if (rest.rfind(":-", 0) == 0 || rest.rfind("-", 0) == 0) {
            const std::string fallback = rest.substr(rest[0] == ':' ? 2 : 1);
            const bool useDefault = !set || (rest[0] == ':' && values[0].empty());
            emit(word, useDefault ? std::vector<std::string> { expandText(fallback) } : values, quoted, false);
            return true;
        }
        if (!rest.empty()) {
            const Words note { words::kIgnoredSubstitution, { "${" + inner + "}" } };
            m_notes.push_back({ m_line, fillWords(note), { note } });
            return true;
        }
        emit(word, positional ? std::vector<std::string> { "${" + name + "}" } : values, quoted, false);
        return true;
    }

    std::string_view m_text;
    const std::string& m_file;
    ShellVariables& m_vars;
    std::vector<ShellNote>& m_notes;
    std::size_t m_pos = 0;
    int m_line = 1;
    std::vector<ArrayAssignment> m_arrays;
};

// The value of one [ ... ] / [[ ... ]] / test string test; nullopt when it is not a string test.
std::optional<bool> shellTest(std::vector<std::string> words)
{
    bool negate = false;
    if (!words.empty() && words[0] == "!") {
        negate = true;
        words.erase(words.begin());
    }
    if (words.size() >= 2
        && ((words.front() == "[[" && words.back() == "]]") || (words.front() == "[" && words.back() == "]"))) {
        words.erase(words.begin());
        words.pop_back();
    } else if (!words.empty() && words[0] == "test") {
        words.erase(words.begin());
    } else {
        return std::nullopt;
    }
    std::optional<bool> value;
    if (words.size() == 3 && (words[1] == "==" || words[1] == "="))
        value = words[0] == words[2];
    else if (words.size() == 3 && words[1] == "!=")
        value = words[0] != words[2];
    else if (words.size() == 2 && words[0] == "-z")
        value = words[1].empty();
    else if (words.size() == 2 && words[0] == "-n")
        value = !words[1].empty();
    else if (words.size() == 1)
        value = !words[0].empty();
    if (value && negate)
        value = !*value;
    return value;
}

struct IfFrame {
    bool parentActive = true;
    bool taken = false;
    bool active = true;
};

// Runs the control words of one command (if/elif/else/fi/then) and the assignments; the words left are a
// command to keep.
class ShellRunner
{
public:
    explicit ShellRunner(ShellVariables& variables, std::vector<ShellNote>& notes)
        : m_vars(variables)
        , m_notes(notes)
    {
    }

    void run(LexedCommand command, std::vector<ShellCommand>& out)
    {
        auto& words = command.words;
        if (m_condition) {
            if (!words.empty() && words[0].text == "then") {
                finishCondition();
                words.erase(words.begin());
            } else {
                addCondition(command);
                return;
            }
        }
        if (words.empty() && command.arrays.empty())
            return;
        const std::string first = words.empty() ? std::string() : words[0].text;
        if (first == "if" || first == "elif") {
            m_condition = first;
            m_value.reset();
            words.erase(words.begin());
            addCondition(command);
            return;
        }
        if (first == "else" && !m_ifs.empty()) {
            auto& frame = m_ifs.back();
            frame.active = frame.parentActive && !frame.taken;
            frame.taken = true;
            words.erase(words.begin());
        } else if (first == "fi" && !m_ifs.empty()) {
            m_ifs.pop_back();
            return;
        }
        while (!words.empty() && (words[0].text == "then" || words[0].text == "do" || words[0].text == "done"))
            words.erase(words.begin());
        if (!active())
            return;
        for (auto& array : command.arrays) {
            auto& values = m_vars.values[array.name];
            auto& lines = m_vars.lines[array.name];
            if (!array.append) {
                values.clear();
                lines.clear();
            }
            values.insert(values.end(), array.elements.begin(), array.elements.end());
            lines.insert(lines.end(), array.lines.begin(), array.lines.end());
        }
        if (words.empty())
            return;
        keepCommand(command, out);
    }

private:
    bool active() const { return m_ifs.empty() || m_ifs.back().active; }

    void addCondition(const LexedCommand& command)
    {
        std::vector<std::string> texts;
        for (const auto& w : command.words)
            texts.push_back(w.text);
        auto value = shellTest(texts);
        if (!value) {
            std::string text;
            for (const auto& t : texts)
                text += (text.empty() ? "" : " ") + t;
            const Words note { words::kIgnoredCondition, { text } };
            m_notes.push_back({ command.line, fillWords(note), { note } });
            value = false;
        }
        if (!m_value)
            m_value = *value;
        else if (m_pendingOp == "||")
            m_value = *m_value || *value;
        else if (m_pendingOp == "&&")
            m_value = *m_value && *value;
        else
            m_value = *value;
        m_pendingOp = command.separator;
    }

    void finishCondition()
    {
        const bool value = m_value.value_or(false);
        if (*m_condition == "if") {
            const bool parent = active();
            m_ifs.push_back({ parent, parent && value, parent && value });
        } else if (!m_ifs.empty()) {
            auto& frame = m_ifs.back();
            frame.active = frame.parentActive && !frame.taken && value;
            frame.taken = frame.taken || frame.active;
        }
        m_condition.reset();
    }

    void keepCommand(LexedCommand& command, std::vector<ShellCommand>& out)
    {
        auto& words = command.words;
        const bool declaration = words[0].text == "export" || words[0].text == "local" || words[0].text == "declare";
        if (declaration)
            words.erase(words.begin());
        std::size_t k = 0;
        for (; k < words.size(); ++k) {
            auto prefix = assignmentPrefix(words[k].text);
            if (!prefix)
                break;
            if (words.size() == k + 1 || declaration) {
                m_vars.lines.erase(words[k].text.substr(0, prefix->first));
                auto& values = m_vars.values[words[k].text.substr(0, prefix->first)];
                const std::string value = words[k].text.substr(prefix->first + (prefix->second ? 2 : 1));
                if (prefix->second && !values.empty())
                    values[0] += value;
                else
                    values = { value };
            }
        }
        if (k >= words.size() || declaration)
            return;
        ShellCommand kept;
        kept.line = words[k].line;
        kept.words.assign(words.begin() + static_cast<std::ptrdiff_t>(k), words.end());
        out.push_back(std::move(kept));
    }

    ShellVariables& m_vars;
    std::vector<ShellNote>& m_notes;
    std::vector<IfFrame> m_ifs;
    std::optional<std::string> m_condition; // "if" or "elif" while its test is read
    std::optional<bool> m_value;
    std::string m_pendingOp;
};

} // namespace

Expected<ShellScript> readShellScript(std::string_view text, const std::string& fileName)
{
    ShellScript script;
    ShellVariables variables;
    ShellLexer lexer(text, fileName, variables, script.notes);
    ShellRunner runner(variables, script.notes);
    LexedCommand command;
    while (true) {
        auto more = lexer.next(command);
        if (!more)
            return more.error();
        if (!*more)
            break;
        runner.run(std::move(command), script.commands);
    }
    return script;
}

} // namespace gp
