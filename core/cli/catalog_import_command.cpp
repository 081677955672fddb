#include "cli/catalog_import_command.h"

#include "base/atomic_file.h"
#include "catalog/catalog_import.h"

#include <ctime>
#include <filesystem>
#include <map>
#include <ostream>

namespace gp {

namespace {

std::string todayUtc()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
    return text;
}

int fail(std::ostream& err, int code, const std::string& message)
{
    err << "gpu-planner-cli: " << message << '\n';
    return code;
}

} // namespace

int runCatalogImport(const std::vector<std::string>& args, const InputReader& read, std::ostream& out,
                     std::ostream& err)
{
    constexpr int ok = 0, invalid = 1, usage = 2;
    std::vector<std::string> files;
    std::map<std::string, std::string> values;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        if (name.rfind("--", 0) != 0) {
            files.push_back(name);
            continue;
        }
        std::string value;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            return fail(err, usage, name + " needs a value");
        }
        if (name != "--overrides" && name != "--currency" && name != "--instance" && name != "--region"
            && name != "--months")
            return fail(err, usage, "unknown option " + name);
        if (values.count(name))
            return fail(err, usage, name + " is given twice");
        values[name] = value;
    }
    if (files.size() != 1)
        return fail(err, usage, "catalog import needs exactly one FILE (what the cloud's CLI printed)");
    if (!values.count("--overrides"))
        return fail(err, usage, "catalog import needs --overrides OVERRIDES.json, the file to merge into");
    const std::string& overridesPath = values["--overrides"];
    if (overridesPath == "-")
        return fail(err, usage, "--overrides must be a file (it is written)");

    CloudImportOptions options;
    options.fileName = std::filesystem::path(files[0]).filename().string();
    if (files[0] == "-")
        options.fileName = "standard input";
    options.date = todayUtc();
    options.currency = values.count("--currency") ? values["--currency"] : std::string();
    options.instance = values.count("--instance") ? values["--instance"] : std::string();
    options.region = values.count("--region") ? values["--region"] : std::string();
    if (values.count("--months")) {
        const std::string& m = values["--months"];
        if (m.empty() || m.find_first_not_of("0123456789") != std::string::npos || m.size() > 3 || std::stoi(m) < 1)
            return fail(err, usage, "--months must be a whole number of months, got \"" + m + "\"");
        options.months = std::stoi(m);
    }
    if (!options.currency.empty() && options.currency != "CNY" && options.currency != "USD")
        return fail(err, usage, "--currency must be CNY or USD, got \"" + options.currency + "\"");

    auto listing = read(files[0]);
    if (!listing)
        return fail(err, usage, listing.error().message);

    // The overrides the import merges into: a file that does not read is never replaced.
    CatalogOverrides overrides;
    std::error_code ignored;
    if (std::filesystem::exists(overridesPath, ignored)) {
        auto current = read(overridesPath);
        if (!current)
            return fail(err, usage, current.error().message);
        if (looksLikeCsvOverrides(overridesPath, *current))
            return fail(err, usage, overridesPath + " is a price sheet (CSV), which cannot hold imported sizes and "
                                                    "stock: give a .json overrides file");
        auto parsed = parseOverridesJson(*current, overridesPath);
        if (!parsed)
            return fail(err, invalid, parsed.error().toString() + " (nothing imported; the file is unchanged)");
        overrides = std::move(*parsed);
    }

    auto imported = importCloudListing(*listing, options, builtinCatalog(), overrides);
    if (!imported)
        return fail(err, invalid, imported.error().toString() + " (nothing imported; " + overridesPath
                                      + " is unchanged)");
    for (const auto& notice : imported->notices)
        err << "warning: " << notice.message << '\n';
    if (imported->prices == 0 && imported->stock == 0 && imported->added == 0)
        return fail(err, invalid, "nothing to import from " + files[0] + " (" + imported->format + "); "
                                      + overridesPath + " is unchanged");
    // Check the merge before writing: an entry it would drop is a defect here, not the user's.
    const Catalog merged = mergeOverrides(builtinCatalog(), imported->overrides);
    for (const auto& notice : merged.notices)
        if (notice.rfind("overrides:", 0) == 0)
            return fail(err, invalid, notice.substr(11) + " (nothing imported)");
    auto written = writeFileAtomically(overridesPath, overridesToJson(imported->overrides));
    if (!written)
        return fail(err, usage, written.error().toString());
    out << files[0] << " (" << imported->format << "): " << imported->prices << " prices, " << imported->stock
        << " stock listings, " << imported->added << " new instances merged into " << overridesPath << '\n';
    return ok;
}

} // namespace gp
