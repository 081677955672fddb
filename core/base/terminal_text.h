// Text for a terminal: control characters from a file someone sent (a plan's title, an imported instance id) are
// shown as escapes instead of being obeyed (ESC ] 52 writes the clipboard on some terminals), as git and curl do.
#pragma once

#include <streambuf>
#include <string>
#include <string_view>

namespace gp
{

// `text` with every C0 control except newline and tab, DEL, every C1 control (U+0080..U+009F) and every byte that
// is not part of valid UTF-8 written as an escape: ESC -> "\x1b", U+009B -> "\u009b", a stray 0x9b -> "\x9b".
// Valid UTF-8 (Chinese text included) passes unchanged.
std::string escapeTerminalControls(std::string_view text);

// Whether `text` holds a character escapeTerminalControls would escape (tab and newline included here: an id has
// neither).
bool hasControlCharacters(std::string_view text);

// A stream buffer that escapes (escapeTerminalControls) everything written through it before passing it on to
// `target`: the CLI puts it under standard error, and under standard output when that is a terminal. A UTF-8
// sequence split between two writes is held until it is complete.
class TerminalEscapingBuffer : public std::streambuf
{
public:
    explicit TerminalEscapingBuffer(std::streambuf* target)
        : m_target(target)
    {
    }
    ~TerminalEscapingBuffer() override;

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* data, std::streamsize count) override;
    int sync() override;

private:
    bool flushPending(bool complete);

    std::streambuf* m_target;
    std::string m_pending;
};

} // namespace gp
