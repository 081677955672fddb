// Writing files all-or-nothing: a temporary file beside the target, flushed to disk, then renamed over it.
#pragma once

#include "base/expected.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gp
{

// Writes `contents` to `path` atomically: readers see the old file or the complete new one, never a part.
// On failure the temporary file is removed, an existing file at `path` is left untouched, and the error
// names the path. A new file gets the usual permissions (0666 minus the umask); a replaced file keeps its mode.
// A target that exists and is not a regular file (a FIFO, a character device such as /dev/null, or a name of an
// open descriptor such as /dev/stdout) is written to directly instead: it cannot be replaced, only written.
Expected<bool> writeFileAtomically(const std::string& path, std::string_view contents);

// Writes several files all-or-nothing (a PDF and its CSV): each is written in full to a temporary beside its target
// first; only when all are written are they renamed over their targets. A failure while writing (a full disk)
// leaves every target as it was. Pairs are (path, contents).
Expected<bool> writeFilesAtomically(const std::vector<std::pair<std::string, std::string_view>>& files);

// Removes the temporaries of writers that died mid-write (killed, or the machine lost power) from `directory`:
// files named as writeFileAtomically names them whose process is gone and that were last written at least
// `minimumAgeSeconds` ago. writeFileAtomically calls it on the folder it writes to. Returns how many it removed.
int removeStaleTemporaries(const std::string& directory, int minimumAgeSeconds = 60);

// Whether `path` is such a target (exists and is neither a regular file nor a directory, or names an open
// descriptor), which writeFileAtomically writes directly.
bool isSpecialFileTarget(const std::string& path);

} // namespace gp
