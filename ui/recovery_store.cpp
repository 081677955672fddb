#include "recovery_store.h"

#include "file_access.h"
#include "file_extensions.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <atomic>

namespace gpui
{

namespace
{

QString sourcePathOf(const QString& recoveryFile)
{
    return recoveryFile + QStringLiteral(".source");
}

} // namespace

RecoveryStore::RecoveryStore(const QString& basePath)
    : m_basePath(basePath)
{
    static std::atomic<int> serial { 0 };
    const QFileInfo base(basePath);
    m_path = base.absoluteDir().filePath(
        QStringLiteral("%1-%2-%3.%4")
            .arg(base.completeBaseName())
            .arg(QCoreApplication::applicationPid())
            .arg(serial.fetch_add(1))
            .arg(base.suffix().isEmpty() ? QString::fromLatin1(kPlanExtension) : base.suffix()));
    QDir().mkpath(base.absolutePath());
    // Held until this instance ends: another instance sees the file is in use and leaves it alone.
    m_lock = std::make_unique<QLockFile>(lockPathOf(m_path));
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
}

RecoveryStore::~RecoveryStore() = default; // the lock is released; a file left behind is an orphan for the next start

QString RecoveryStore::lockPathOf(const QString& recoveryFile) const
{
    return recoveryFile + QStringLiteral(".lock");
}

gp::Expected<bool> RecoveryStore::write(const QByteArray& plan, const QString& sourcePath)
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    if (!m_lock->isLocked())
        m_lock->tryLock(0);
    // The source first: a recovery file never points at the wrong plan file.
    if (auto written = writeFileAtomically(sourcePathOf(m_path), sourcePath.toUtf8()); !written)
        return written;
    return writeFileAtomically(m_path, plan);
}

void RecoveryStore::remove()
{
    QFile::remove(m_path);
    QFile::remove(sourcePathOf(m_path));
}

bool RecoveryStore::ownerIsRunning(const QString& recoveryFile) const
{
    const QString lockPath = lockPathOf(recoveryFile);
    if (lockPath == m_lock->fileName())
        return true;
    if (!QFileInfo::exists(lockPath))
        return false;
    // A lock whose process is gone is stale and taken over; one held by a running process (this one included,
    // for a second window) is not, however old it is.
    QLockFile probe(lockPath);
    probe.setStaleLockTime(0);
    if (probe.tryLock(0)) {
        probe.unlock();
        return false;
    }
    return probe.error() != QLockFile::NoError;
}

QStringList RecoveryStore::orphans() const
{
    const QFileInfo base(m_basePath);
    const QDir dir = base.absoluteDir();
    const QString suffix = base.suffix().isEmpty() ? QString::fromLatin1(kPlanExtension) : base.suffix();
    QFileInfoList candidates
        = dir.entryInfoList({ base.completeBaseName() + QStringLiteral("-*.") + suffix }, QDir::Files, QDir::Time);
    if (base.isFile())
        candidates.append(base); // written by a version with one shared recovery file
    QStringList found;
    for (const QFileInfo& info : candidates) {
        const QString file = info.absoluteFilePath();
        if (file != m_path && !ownerIsRunning(file))
            found << file;
    }
    return found;
}

QString RecoveryStore::sourceOf(const QString& orphan) const
{
    const auto text = readInputFile(sourcePathOf(orphan));
    return text ? QString::fromUtf8(*text) : QString();
}

void RecoveryStore::discard(const QString& orphan) const
{
    if (orphan == m_path || ownerIsRunning(orphan))
        return;
    QFile::remove(orphan);
    QFile::remove(sourcePathOf(orphan));
}

QString RecoveryStore::moveAside(const QString& orphan) const
{
    if (orphan == m_path || ownerIsRunning(orphan))
        return QString();
    QString aside = orphan + QStringLiteral(".unreadable");
    if (QFileInfo::exists(aside))
        aside = orphan + QStringLiteral(".unreadable-")
            + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMddTHHmmsszzz"));
    if (!QFile::rename(orphan, aside))
        return QString();
    QFile::remove(sourcePathOf(orphan));
    return aside;
}

} // namespace gpui
