// Files compiled into the program from resources/ (catalog, model presets, default plan).
#pragma once

#include <string_view>
#include <vector>

namespace gp
{

struct EmbeddedFile {
    std::string_view path; // relative to resources/, e.g. "catalog/gpus.json"
    std::string_view data;
};

const std::vector<EmbeddedFile>& embeddedFiles();
// Contents of an embedded file, or an empty view when there is none.
std::string_view embeddedFile(std::string_view path);

} // namespace gp
