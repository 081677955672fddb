// Command lines and launch scripts read as a POSIX shell reads them: words split on blanks, '...' and "..." quotes,
// backslash escapes and continuations, comments, and the variables a launch script sets before its command.
#pragma once

#include "base/expected.h"

#include <string>
#include <string_view>
#include <vector>

namespace gp
{

struct ShellWord {
    std::string text;
    int line = 1; // where the word starts (1-based)
};

// One simple command the script runs (assignments and control words taken out).
struct ShellCommand {
    std::vector<ShellWord> words;
    int line = 1;
};

// What a script's expansions could not know: a command substitution "$(...)", a condition it does not evaluate.
struct ShellNote {
    int line = 1;
    std::string text; // English
    std::vector<Words> words = {}; // the same as its template (base/reader_words.h)
};

struct ShellScript {
    std::vector<ShellCommand> commands;
    std::vector<ShellNote> notes;
};

// Reads `text` as bash would run it, without running anything: variables (NAME=value, export NAME=value, arrays
// NAME=(...) and NAME+=(...)) are expanded where used ($NAME, ${NAME}, ${NAME:-default}, ${NAME[@]}, unquoted
// expansions split on blanks); `if [[ A == B ]] || ...; then ... elif ... else ... fi` takes the branch its
// string tests choose (other tests count as false, with a note); positional parameters ($1) are unset;
// $((...)) and $(...) are not evaluated (empty, with a note). Errors (an unterminated quote or ${) name the file
// and line.
Expected<ShellScript> readShellScript(std::string_view text, const std::string& fileName);

} // namespace gp
