// Lookups into the built-in catalog that the catalog tests share: a missing entry fails the test that asked.
#pragma once

#include "catalog/catalog.h"

#include <stdexcept>
#include <string>

namespace gp::testing
{

inline const Catalog& catalog()
{
    return builtinCatalog();
}

inline const GpuSpec& gpu(const std::string& id)
{
    const GpuSpec* found = catalog().findGpu(id);
    if (!found)
        throw std::runtime_error("missing GPU " + id);
    return *found;
}

inline const InstanceSpec& instance(const std::string& id)
{
    const InstanceSpec* found = catalog().findInstance(id);
    if (!found)
        throw std::runtime_error("missing instance " + id);
    return *found;
}

} // namespace gp::testing
