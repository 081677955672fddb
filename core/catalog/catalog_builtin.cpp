// The catalog compiled into the program from resources/catalog/*.json.
#include "base/embedded_files.h"
#include "catalog/catalog.h"

#include <cstdio>
#include <cstdlib>

namespace gp
{

namespace
{

Catalog loadBuiltinCatalog()
{
    Catalog catalog;
    for (const auto& file : embeddedFiles()) {
        if (file.path.rfind("catalog/", 0) != 0 || file.path.size() < 5
            || file.path.substr(file.path.size() - 5) != ".json")
            continue;
        auto parsed = parseCatalogJson(file.data, std::string(file.path), catalog);
        if (!parsed) {
            // A broken built-in catalog is a build defect; the tests catch it. Keep running with what loaded.
            catalog.notices.push_back("built-in catalog: " + parsed.error().toString());
        }
    }
    if (auto valid = validateCatalog(catalog); !valid)
        catalog.notices.push_back("built-in catalog: " + valid.error().toString());
    return catalog;
}

} // namespace

const Catalog& builtinCatalog()
{
    static const Catalog catalog = loadBuiltinCatalog();
    return catalog;
}

} // namespace gp
