// Reading an input file whole, with the size cap every front end shares.
#pragma once

#include "base/expected.h"

#include <cstddef>
#include <string>

namespace gp
{

// The largest input (plan, config.json, overrides, price sheet) any front end reads: 64 MiB, a thousand times a
// real plan, and small enough that a mistaken multi-gigabyte file cannot exhaust memory.
inline constexpr std::size_t kMaxInputBytes = 64u * 1024u * 1024u;

// Reads a regular file of at most kMaxInputBytes. A directory, FIFO, device or socket is refused without
// blocking on it (so /dev/zero or a FIFO with no writer cannot hang or exhaust the reader); the error names the
// path and what is wrong with it.
Expected<std::string> readRegularFile(const std::string& path);

} // namespace gp
