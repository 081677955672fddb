#include "catalog/catalog.h"

#include <algorithm>

namespace gp
{

namespace
{
template <class T> const T* findById(const std::vector<T>& items, std::string_view id)
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

const ProviderSpec* Catalog::findProvider(std::string_view id) const
{
    return findById(providers, id);
}

std::string priceRegion(const Catalog& catalog, const InstanceSpec& instance, const PriceSpec& price)
{
    if (!price.region.empty())
        return price.region;
    const ProviderSpec* provider = catalog.findProvider(instance.provider);
    return provider ? provider->referenceRegion : std::string();
}

RegionalPrice priceInRegion(const Catalog& catalog, const InstanceSpec& instance, std::string_view region)
{
    if (region.empty() || priceRegion(catalog, instance, instance.price) == region)
        return { &instance.price, true };
    for (const auto& other : instance.otherPrices)
        if (other.region == region)
            return { &other, true };
    return { &instance.price, false };
}

std::vector<std::string> providerRegions(const Catalog& catalog, std::string_view provider)
{
    std::vector<std::string> regions;
    auto add = [&](const std::string& region) {
        if (!region.empty() && std::find(regions.begin(), regions.end(), region) == regions.end())
            regions.push_back(region);
    };
    if (const ProviderSpec* spec = catalog.findProvider(provider))
        add(spec->referenceRegion);
    for (const auto& instance : catalog.instances) {
        if (instance.provider != provider)
            continue;
        add(priceRegion(catalog, instance, instance.price));
        for (const auto& other : instance.otherPrices)
            add(other.region);
    }
    return regions;
}

double Catalog::number(std::string_view key, double fallback) const
{
    auto it = defaults.find(key); // transparent comparator: no string built per lookup
    return it == defaults.end() ? fallback : it->second.value;
}

} // namespace gp
