// Rewriting a user's overrides file when several writers share it (the window, each gpu-planner-cli import): each
// change is applied to what is on disk at that moment, under a lock every writer takes, so none is lost.
#pragma once

#include "base/expected.h"
#include "catalog/catalog.h"

#include <functional>
#include <string>

namespace gp
{

// Where updateOverridesFile stopped: the CLI exits 1 on Parse and Change (the input is wrong), 2 on the others.
enum class OverridesStep { None, Lock, Read, Parse, Change, Write };

// Changes `overrides` in place: true = write the result, false = leave the file as it is; an error writes nothing.
using OverridesChange = std::function<Expected<bool>(CatalogOverrides& overrides)>;

// Takes the overrides file's lock (base/file_lock.h), reads the file (absent = no overrides; a CSV price sheet or
// a file that does not read is refused and left alone), applies `change`, writes the result atomically and only
// then releases the lock. Returns the overrides the file holds afterwards (`document` is its text). `displayName`
// names the file in messages.
Expected<CatalogOverrides> updateOverridesFile(const std::string& path, const std::string& displayName,
    const OverridesChange& change, OverridesStep* failedAt = nullptr);

// `onDisk` with the entries (GPUs, instances, prices, stock, each by id) that differ between `from` and `to` set
// as `to` has them: one writer's edit merged into a file another writer changed since it was read.
CatalogOverrides withOverridesChanges(
    CatalogOverrides onDisk, const CatalogOverrides& from, const CatalogOverrides& to);

} // namespace gp
