#include "catalog_store.h"

#include "base/atomic_file.h"
#include "base/input_file.h"
#include "catalog/catalog_overrides_file.h"
#include "core_text.h"

#include <QDate>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <optional>

namespace gpui
{

namespace
{

// Reads a regular file under the size cap every front end shares (base/input_file.h).
gp::Expected<std::string> readSmallFile(const QString& path)
{
    return gp::readRegularFile(QFile::encodeName(path).toStdString());
}

// One undoable change of the overrides: the whole set before and after (they are small).
class OverridesCommand : public QUndoCommand
{
public:
    OverridesCommand(CatalogStore* store, gp::CatalogOverrides before, gp::CatalogOverrides after, const QString& text)
        : QUndoCommand(text)
        , m_store(store)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }
    void undo() override { apply(m_after, m_before); }
    void redo() override
    {
        if (m_first) {
            m_first = false; // already applied and saved when recorded
            return;
        }
        apply(m_before, m_after);
    }

private:
    // Only the entries this step changed go back (or forward): a price another window or a `catalog import` wrote
    // since stays.
    void apply(const gp::CatalogOverrides& from, const gp::CatalogOverrides& to)
    {
        auto saved = m_store->restore(from, to);
        if (!saved)
            emit m_store->saveFailed(CoreText::error(saved.error()));
    }

    CatalogStore* m_store;
    gp::CatalogOverrides m_before;
    gp::CatalogOverrides m_after;
    bool m_first = true;
};

} // namespace

QString CatalogStore::defaultOverridesPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/overrides.json");
}

CatalogStore::CatalogStore(const QString& overridesPath, QObject* parent)
    : QObject(parent)
    , m_path(overridesPath.isEmpty() ? defaultOverridesPath() : overridesPath)
{
    if (QFileInfo::exists(m_path)) {
        auto bytes = readSmallFile(m_path);
        auto parsed = bytes ? gp::parseOverridesJson(*bytes, QFileInfo(m_path).fileName().toStdString())
                            : gp::Expected<gp::CatalogOverrides>(bytes.error());
        if (parsed) {
            m_overrides = std::move(parsed.value());
        } else {
            m_loadError = CoreText::error(parsed.error());
            m_unreadable = true;
            // Named once: the dialog shows this name and the first save moves the file to exactly this name.
            const QFileInfo info(m_path);
            m_plannedBackupPath = info.absolutePath() + QLatin1Char('/') + info.completeBaseName()
                + QStringLiteral(".unreadable-")
                + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")) + QLatin1Char('.')
                + info.suffix();
        }
    }
    m_catalog = std::make_shared<const gp::Catalog>(gp::mergeOverrides(gp::builtinCatalog(), m_overrides));
}

CatalogStore::~CatalogStore() = default;

QString CatalogStore::plannedBackupPath() const
{
    return m_unreadable ? m_plannedBackupPath : QString();
}

bool CatalogStore::hasUserPrice(const std::string& instanceId) const
{
    return std::any_of(
        m_overrides.prices.begin(), m_overrides.prices.end(), [&](const auto& p) { return p.first == instanceId; });
}

gp::Expected<bool> CatalogStore::commit(const gp::OverridesChange& change, const QString& undoText)
{
    gp::CatalogOverrides before;
    bool changed = false;
    auto saved = save([&](gp::CatalogOverrides& onDisk) -> gp::Expected<bool> {
        before = onDisk;
        auto result = change(onDisk);
        changed = result && *result;
        return result;
    });
    if (!saved)
        return saved;
    if (changed && m_undoStack)
        m_undoStack->push(new OverridesCommand(this, std::move(before), m_overrides, undoText));
    return true;
}

gp::Expected<bool> CatalogStore::setPrice(const std::string& instanceId, const gp::PriceSpec& price)
{
    if (!price.onDemandPerHour && !price.monthly && !price.spotDiscount && !price.reservedDiscount)
        return clearPrice(instanceId);
    gp::PriceSpec user = price;
    user.status = "user";
    user.keptFromCatalog.clear();
    user.catalogStatus.clear();
    user.catalogSource.clear();
    // Applied to the file as it is now: prices another window or `gpu-planner-cli catalog import` wrote stay.
    return commit(
        [&](gp::CatalogOverrides& overrides) -> gp::Expected<bool> {
            auto it = std::find_if(
                overrides.prices.begin(), overrides.prices.end(), [&](const auto& p) { return p.first == instanceId; });
            if (it != overrides.prices.end())
                it->second = user;
            else
                overrides.prices.emplace_back(instanceId, user);
            return true;
        },
        tr("Edit price of %1").arg(QString::fromStdString(instanceId)));
}

gp::Expected<bool> CatalogStore::clearPrice(const std::string& instanceId)
{
    return commit(
        [&](gp::CatalogOverrides& overrides) -> gp::Expected<bool> {
            return std::erase_if(overrides.prices, [&](const auto& p) { return p.first == instanceId; }) > 0;
        },
        tr("Use catalog price of %1").arg(QString::fromStdString(instanceId)));
}

gp::Expected<gp::CloudImportResult> CatalogStore::importCloudListing(
    const QString& path, gp::CloudImportOptions options)
{
    auto bytes = readSmallFile(path);
    if (!bytes)
        return bytes.error();
    if (options.fileName.empty())
        options.fileName = QFileInfo(path).fileName().toStdString();
    if (options.date.empty())
        options.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    std::optional<gp::CloudImportResult> result;
    // Imported into the file as it is now, under the lock `gpu-planner-cli catalog import` takes too.
    auto saved = commit(
        [&](gp::CatalogOverrides& overrides) -> gp::Expected<bool> {
            auto imported = gp::importCloudListing(*bytes, options, gp::builtinCatalog(), overrides);
            if (!imported)
                return imported.error();
            result = std::move(*imported);
            if (result->prices == 0 && result->stock == 0 && result->added == 0)
                return false; // nothing to save
            overrides = result->overrides;
            return true;
        },
        tr("Import cloud prices from %1").arg(QFileInfo(path).fileName()));
    if (!saved)
        return saved.error();
    return std::move(*result);
}

gp::Expected<bool> CatalogStore::restore(const gp::CatalogOverrides& from, const gp::CatalogOverrides& to)
{
    return save([&](gp::CatalogOverrides& onDisk) -> gp::Expected<bool> {
        onDisk = gp::withOverridesChanges(std::move(onDisk), from, to);
        return true;
    });
}

gp::Expected<bool> CatalogStore::save(const gp::OverridesChange& change)
{
    const std::string fileName = QFileInfo(m_path).fileName().toStdString();
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    bool stillUnreadable = m_unreadable && QFileInfo::exists(m_path);
    if (stillUnreadable) {
        auto bytes = readSmallFile(m_path); // another writer may have replaced it with a good one since
        stillUnreadable = !(bytes && gp::parseOverridesJson(*bytes, fileName));
    }
    if (stillUnreadable) {
        // Never overwrite a file that did not read: it may hold the user's only copy of their quotes and machines.
        const QString backup = plannedBackupPath();
        if (!QFile::rename(m_path, backup))
            return gp::Error { {},
                "could not keep the unreadable file as " + backup.toStdString() + "; nothing was saved", fileName };
        m_backupPath = backup;
    }
    m_unreadable = false;
    // Under the lock every writer takes: the file is read again, changed and replaced (base/file_lock.h).
    auto updated = gp::updateOverridesFile(QFile::encodeName(m_path).toStdString(), fileName, change);
    if (!updated)
        return updated.error();
    m_overrides = std::move(*updated);
    m_catalog = std::make_shared<const gp::Catalog>(gp::mergeOverrides(gp::builtinCatalog(), m_overrides));
    emit catalogChanged();
    return true;
}

} // namespace gpui
