#include "catalog/catalog.h"

#include <algorithm>

namespace gp {

namespace {
template <class T>
const T* findById(const std::vector<T>& items, std::string_view id)
{
    auto it = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.id == id; });
    return it == items.end() ? nullptr : &*it;
}
} // namespace

const GpuSpec* Catalog::findGpu(std::string_view id) const
{
    return findById(gpus, id);
}

const LinkSpec* Catalog::findLink(std::string_view id) const
{
    return findById(links, id);
}

const InstanceSpec* Catalog::findInstance(std::string_view id) const
{
    return findById(instances, id);
}

double Catalog::number(std::string_view key, double fallback) const
{
    auto it = defaults.find(key); // transparent comparator: no string built per lookup
    return it == defaults.end() ? fallback : it->second.value;
}

} // namespace gp
