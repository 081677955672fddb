#include "cli/catalog_import_command.h"

#include "catalog/catalog_import.h"
#include "catalog/catalog_overrides_file.h"

#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>

namespace gp
{

namespace
{

std::string todayUtc()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc {};
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

int runCatalogImport(
    const std::vector<std::string>& args, const InputReader& read, std::ostream& out, std::ostream& err)
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

    // The import merges into the overrides as they are on disk under the lock every writer takes (base/file_lock.h),
    // from the read to the rename: two imports at once, or an import while the window saves a quote, lose nothing.
    // A file that does not read is never replaced.
    std::optional<CloudImportResult> result;
    OverridesStep failedAt = OverridesStep::None;
    auto updated = updateOverridesFile(
        overridesPath, overridesPath,
        [&](CatalogOverrides& overrides) -> Expected<bool> {
            auto imported = importCloudListing(*listing, options, builtinCatalog(), overrides);
            if (!imported)
                return Error { imported.error().field,
                    imported.error().message + " (nothing imported; " + overridesPath + " is unchanged)",
                    imported.error().file };
            result = std::move(*imported);
            if (result->prices == 0 && result->stock == 0 && result->added == 0)
                return Error { "",
                    "nothing to import from " + files[0] + " (" + result->format + "); " + overridesPath
                        + " is unchanged" };
            // Check the merge before writing: an entry it would drop is a defect here, not the user's.
            const Catalog merged = mergeOverrides(builtinCatalog(), result->overrides);
            for (const auto& notice : merged.notices)
                if (notice.rfind("overrides:", 0) == 0)
                    return Error { "", notice.substr(11) + " (nothing imported)" };
            overrides = result->overrides;
            return true;
        },
        &failedAt);
    if (result)
        for (const auto& notice : result->notices)
            err << "warning: " << notice.message << '\n';
    if (!updated)
        return fail(err, failedAt == OverridesStep::Parse || failedAt == OverridesStep::Change ? invalid : usage,
            updated.error().toString());
    out << files[0] << " (" << result->format << "): " << result->prices << " prices, " << result->stock
        << " stock listings, " << result->added << " new instances merged into " << overridesPath << '\n';
    return ok;
}

} // namespace gp
