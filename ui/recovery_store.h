// Crash recovery files, one per running window: each instance writes only its own file (held by a lock file
// while it runs), offers only files whose writer is gone, and never removes another running instance's file.
#pragma once

#include "base/expected.h"

#include <QByteArray>
#include <QLockFile>
#include <QString>
#include <QStringList>

#include <memory>

namespace gpui
{

class RecoveryStore
{
public:
    // `basePath` names the family, e.g. <AppDataLocation>/recovery.gpuplan: this instance writes
    // recovery-<pid>-<n>.gpuplan beside it (with .source naming the plan file the changes belong to, and .lock
    // held while the instance runs).
    explicit RecoveryStore(const QString& basePath);
    ~RecoveryStore();
    RecoveryStore(const RecoveryStore&) = delete;
    RecoveryStore& operator=(const RecoveryStore&) = delete;

    // This instance's recovery file (it exists only after write()).
    QString path() const { return m_path; }
    // Writes the recovery copy of `plan` (the unsaved plan's text) and the file it belongs to, all-or-nothing.
    gp::Expected<bool> write(const QByteArray& plan, const QString& sourcePath);
    // Removes this instance's recovery file (never another's).
    void remove();

    // Recovery files whose writer no longer runs (its lock is free: it crashed or was killed), newest first,
    // and a file left by a version that wrote recovery.gpuplan itself.
    QStringList orphans() const;
    // The plan file an orphan's changes belong to ("" = an untitled plan).
    QString sourceOf(const QString& orphan) const;
    // Removes an orphan once its changes are recovered elsewhere or declined.
    void discard(const QString& orphan) const;
    // Renames an unreadable orphan to <name>.unreadable (kept for the user to inspect) and returns the new name,
    // or "" when it could not be moved.
    QString moveAside(const QString& orphan) const;

private:
    QString lockPathOf(const QString& recoveryFile) const;
    bool ownerIsRunning(const QString& recoveryFile) const;

    QString m_basePath;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace gpui
