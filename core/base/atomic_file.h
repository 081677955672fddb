// Writing files all-or-nothing: a temporary file beside the target, flushed to disk, then renamed over it.
#pragma once

#include "base/expected.h"

#include <string>
#include <string_view>

namespace gp {

// Writes `contents` to `path` atomically: readers see the old file or the complete new one, never a part.
// On failure the temporary file is removed, an existing file at `path` is left untouched, and the error
// names the path. A new file gets the usual permissions (0666 minus the umask); a replaced file keeps its mode.
Expected<bool> writeFileAtomically(const std::string& path, std::string_view contents);

} // namespace gp
