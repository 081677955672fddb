// Length of text in characters, for the limits plan files state in characters.
#pragma once

#include <cstddef>
#include <string>

namespace gp
{

// Characters (code points) in UTF-8 text: every byte that does not continue a multi-byte sequence starts one.
inline std::size_t utf8Length(const std::string& text)
{
    std::size_t count = 0;
    for (unsigned char c : text)
        count += (c & 0xC0) != 0x80 ? 1 : 0;
    return count;
}

} // namespace gp
