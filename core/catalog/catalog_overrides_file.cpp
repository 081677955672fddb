// The read-change-write cycle of an overrides file, held under one lock from the read to the rename.
#include "catalog/catalog_overrides_file.h"

#include "base/atomic_file.h"
#include "base/file_lock.h"
#include "base/input_file.h"
#include "base/reader_words.h"

#include <cerrno>

#include <sys/stat.h>

namespace gp
{

Expected<CatalogOverrides> updateOverridesFile(
    const std::string& path, const std::string& displayName, const OverridesChange& change, OverridesStep* failedAt)
{
    auto stop = [&](OverridesStep step, Error error) -> Expected<CatalogOverrides> {
        if (failedAt)
            *failedAt = step;
        return error;
    };
    if (failedAt)
        *failedAt = OverridesStep::None;
    auto lock = FileLock::acquire(path);
    if (!lock)
        return stop(OverridesStep::Lock, lock.error());

    CatalogOverrides overrides;
    struct stat info {
    };
    if (::stat(path.c_str(), &info) == 0 || errno != ENOENT) {
        auto text = readRegularFile(path);
        if (!text)
            return stop(OverridesStep::Read, text.error());
        if (looksLikeCsvOverrides(path, *text))
            return stop(OverridesStep::Parse, wordedError("", { words::kPriceSheetNotOverrides }, displayName));
        auto parsed = parseOverridesJson(*text, displayName);
        if (!parsed) {
            Error error = parsed.error();
            appendWords(error, { words::kNothingWritten });
            return stop(OverridesStep::Parse, error);
        }
        overrides = std::move(*parsed);
    }
    auto changed = change(overrides);
    if (!changed)
        return stop(OverridesStep::Change, changed.error());
    if (!*changed)
        return overrides;
    std::string text = overridesToJson(overrides);
    auto written = writeFileAtomically(path, text);
    if (!written)
        return stop(OverridesStep::Write, written.error());
    overrides.document = std::move(text);
    return overrides;
}

} // namespace gp
