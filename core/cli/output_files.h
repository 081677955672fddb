// Destinations of one command, checked together before anything is written: an export writes all of its files
// or none, never one file twice, and never over one of its own inputs.
#pragma once

#include "base/expected.h"

#include <string>
#include <vector>

namespace gp
{

struct Destination {
    std::string option; // "--output", "--pdf", ... (names the destination in messages)
    std::string path; // "" = not requested
};

// Checks every destination before any is written: a writable directory to create it in (or an existing special
// file, such as a FIFO or /dev/null, that is written directly), not a directory itself, no two naming the same file,
// and none naming one of `inputs` ("-", standard input, is no file). The error names the option and the path.
Expected<bool> checkDestinations(const std::vector<Destination>& destinations, const std::vector<std::string>& inputs);

} // namespace gp
