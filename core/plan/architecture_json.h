// The architecture codec: the one reader and the one writer of the plan format's `model.architecture` fields,
// used by plan files, the model presets and resolving a plan's model.
#pragma once

#include "base/expected.h"
#include "plan/plan.h"

#include <nlohmann/json.hpp>

#include <string>

namespace gp
{

// Applies the architecture fields present in `fields` over `into`; errors name "<path>.<field>".
Expected<Architecture> readArchitecture(const nlohmann::json& fields, Architecture into, const std::string& path);

// Every field of an architecture in the plan format (sizes that mean "not given" as 0 are left out).
nlohmann::json architectureToJson(const Architecture& architecture);

// The architecture fields a model spec gives, read from its typed `architecture`: the fields its file named
// (`architectureJson`, so a partial override of a preset stays partial), or every field when it named none.
// The plan writer saves these and resolveModel applies these, so an edit of the typed architecture is both
// saved and estimated.
nlohmann::json givenArchitectureFields(const ModelSpec& spec);

} // namespace gp
