// Entry parsers shared by the catalog loader and the user's overrides.
#pragma once

#include "catalog/catalog.h"

#include <nlohmann/json.hpp>

namespace gp
{

Expected<PriceSpec> parsePrice(
    const nlohmann::json& value, const std::string& path, const std::string& file, bool userPrice);
Expected<std::vector<ZoneStock>> parseAvailability(
    const nlohmann::json& value, const std::string& path, const std::string& file);
Expected<InstanceSpec> parseInstance(
    const nlohmann::json& value, const std::string& path, const std::string& file, bool userInstance);

} // namespace gp
