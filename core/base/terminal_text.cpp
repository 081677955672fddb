// Escaping control characters for a terminal, over UTF-8 decoded by hand (no locale involved).
#include "base/terminal_text.h"

#include <cstdio>

namespace gp
{

namespace
{

// The length of the valid UTF-8 sequence at `text[at]` (1..4), or 0 when the bytes there are not one.
std::size_t terminalUtf8SequenceLength(std::string_view text, std::size_t at)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    std::size_t length = 0;
    unsigned minimum = 0;
    unsigned codePoint = 0;
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        minimum = 0x80;
        codePoint = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        minimum = 0x800;
        codePoint = lead & 0x0Fu;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        minimum = 0x10000;
        codePoint = lead & 0x07u;
    } else {
        return 0;
    }
    if (at + length > text.size())
        return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0u) != 0x80u)
            return 0;
        codePoint = (codePoint << 6) | (byte(at + i) & 0x3Fu);
    }
    if (codePoint < minimum || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF))
        return 0;
    return length;
}

// Whether the tail of `text` from `at` could still become a valid sequence (more bytes to come).
bool incompleteUtf8Tail(std::string_view text, std::size_t at)
{
    const unsigned char lead = static_cast<unsigned char>(text[at]);
    const std::size_t length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || at + length <= text.size())
        return false;
    for (std::size_t i = at + 1; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u)
            return false;
    return true;
}

void appendEscape(std::string& out, const char* format, unsigned value)
{
    char escape[8];
    std::snprintf(escape, sizeof escape, format, value);
    out += escape;
}

} // namespace

std::string escapeTerminalControls(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F)
                appendEscape(out, "\\x%02x", c);
            else
                out += static_cast<char>(c);
            ++i;
            continue;
        }
        const std::size_t length = terminalUtf8SequenceLength(text, i);
        if (length == 0) {
            appendEscape(out, "\\x%02x", c);
            ++i;
        } else if (length == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
            appendEscape(out, "\\u%04x", static_cast<unsigned char>(text[i + 1]) & 0xFFu); // C1: U+0080..U+009F
            i += 2;
        } else {
            out.append(text.substr(i, length));
            i += length;
        }
    }
    return out;
}

bool hasControlCharacters(std::string_view text)
{
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7F)
            return true;
        if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80
            && static_cast<unsigned char>(text[i + 1]) < 0xA0)
            return true;
    }
    return false;
}

TerminalEscapingBuffer::~TerminalEscapingBuffer()
{
    flushPending(true);
    if (m_target)
        m_target->pubsync();
}

bool TerminalEscapingBuffer::flushPending(bool complete)
{
    if (m_pending.empty())
        return true;
    std::size_t cut = m_pending.size();
    if (!complete) {
        // Hold back a UTF-8 sequence still missing bytes (at most the last three).
        for (std::size_t back = 1; back <= 3 && back <= m_pending.size(); ++back)
            if (incompleteUtf8Tail(m_pending, m_pending.size() - back)) {
                cut = m_pending.size() - back;
                break;
            }
    }
    const std::string escaped = escapeTerminalControls(std::string_view(m_pending).substr(0, cut));
    m_pending.erase(0, cut);
    const auto size = static_cast<std::streamsize>(escaped.size());
    return m_target && m_target->sputn(escaped.data(), size) == size;
}

TerminalEscapingBuffer::int_type TerminalEscapingBuffer::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return flushPending(false) ? traits_type::not_eof(c) : traits_type::eof();
    const char ch = traits_type::to_char_type(c);
    m_pending += ch;
    if ((ch == '\n' || m_pending.size() >= 4096) && !flushPending(false))
        return traits_type::eof();
    return c;
}

std::streamsize TerminalEscapingBuffer::xsputn(const char* data, std::streamsize count)
{
    m_pending.append(data, static_cast<std::size_t>(count));
    if ((m_pending.find('\n') != std::string::npos || m_pending.size() >= 4096) && !flushPending(false))
        return 0;
    return count;
}

int TerminalEscapingBuffer::sync()
{
    if (!flushPending(false))
        return -1;
    return m_target && m_target->pubsync() == 0 ? 0 : -1;
}

} // namespace gp
