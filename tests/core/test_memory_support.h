// Helpers shared by the memory-model tests: a hand-built Hardware and a Catalog holding the memory defaults.
#pragma once

#include "base/finite_number.h"
#include "estimate/memory/memory_model.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace gp::test
{

using gp::kGiB; // core/base/finite_number.h

inline std::string readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The memory defaults as shipped in resources/catalog/defaults-memory.json, read without the catalog loader.
inline const Catalog& memoryCatalog()
{
    static const Catalog catalog = [] {
        Catalog c;
        const auto doc = nlohmann::json::parse(
            readTextFile(std::string(GP_SOURCE_DIR) + "/resources/catalog/defaults-memory.json"));
        for (const auto& [key, entry] : doc.at("defaults").items()) {
            SourcedValue v;
            v.value = entry.at("value").get<double>();
            v.source = entry.value("source", "");
            v.asOf = entry.value("as_of", "");
            c.defaults[key] = v;
        }
        return c;
    }();
    return catalog;
}

inline Hardware testHardware(double memoryGib, int gpusPerNode = 8)
{
    Hardware h;
    h.id = "test-gpu";
    h.gpu.id = "test-gpu";
    h.gpu.memoryBytes = memoryGib * kGiB;
    h.gpusPerNode = gpusPerNode;
    return h;
}

inline ResolvedModel presetModel(const std::string& id)
{
    ModelSpec spec;
    spec.preset = id;
    auto r = resolveModel(spec);
    return r ? *r : ResolvedModel {};
}

} // namespace gp::test
