// Writing files all-or-nothing: a temporary file beside the target, flushed to disk, then renamed over it.
#pragma once

#include "base/expected.h"

#include <string>
#include <string_view>

namespace gp {

// Writes `contents` to `path` atomically: readers see the old file or the complete new one, never a part.
// On failure the temporary file is removed, an existing file at `path` is left untouched, and the error
// names the path. A new file gets the usual permissions (0666 minus the umask); a replaced file keeps its mode.
// A target that exists and is not a regular file (a FIFO, a character device such as /dev/null, or a name of an
// open descriptor such as /dev/stdout) is written to directly instead: it cannot be replaced, only written.
Expected<bool> writeFileAtomically(const std::string& path, std::string_view contents);

// Whether `path` is such a target (exists and is neither a regular file nor a directory, or names an open
// descriptor), which writeFileAtomically writes directly.
bool isSpecialFileTarget(const std::string& path);

} // namespace gp
