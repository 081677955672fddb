// Errors worded from the core's message templates (base/expected.h: Words, Error).
#include "base/expected.h"

namespace gp
{

std::string fillWords(const Words& words)
{
    std::string out;
    if (!words.text)
        return out;
    for (const char* c = words.text; *c; ++c) {
        // %1 .. %9: the argument; any other % stays as written.
        if (c[0] == '%' && c[1] >= '1' && c[1] <= '9') {
            const std::size_t index = std::size_t(c[1] - '1');
            if (index < words.args.size()) {
                out += words.args[index];
                ++c;
                continue;
            }
        }
        out += *c;
    }
    return out;
}

Error wordedError(std::string field, Words words, std::string file)
{
    Error e { std::move(field), fillWords(words), std::move(file) };
    e.words.push_back(std::move(words));
    return e;
}

void appendWords(Error& error, Words words)
{
    const bool worded = !error.words.empty() || error.message.empty();
    error.message += fillWords(words);
    if (worded)
        error.words.push_back(std::move(words));
    else
        error.words.clear(); // the message so far is not worded: the whole stays as the core wrote it
}

} // namespace gp
