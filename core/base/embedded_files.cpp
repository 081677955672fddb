#include "base/embedded_files.h"

namespace gp
{

std::string_view embeddedFile(std::string_view path)
{
    for (const auto& file : embeddedFiles())
        if (file.path == path)
            return file.data;
    return {};
}

} // namespace gp
