// What the config.json import tests share: the fields an import said it ignored.
#pragma once

#include "transformer/model_library.h"

#include <string>
#include <vector>

namespace gp::testing
{

// The `field` argument of every config_field_ignored warning, in order.
inline std::vector<std::string> ignoredConfigFields(const ImportedConfig& c)
{
    std::vector<std::string> fields;
    for (const auto& w : c.warnings)
        if (w.code == "config_field_ignored")
            fields.push_back(w.arg("field"));
    return fields;
}

} // namespace gp::testing
