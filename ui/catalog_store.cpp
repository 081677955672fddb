#include "catalog_store.h"

#include "base/atomic_file.h"
#include "base/input_file.h"

#include <QDate>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>

namespace gpui {

namespace {

// Reads a regular file under the size cap every front end shares (base/input_file.h).
gp::Expected<std::string> readSmallFile(const QString& path)
{
    return gp::readRegularFile(QFile::encodeName(path).toStdString());
}

// One undoable change of the overrides: the whole set before and after (they are small).
class OverridesCommand : public QUndoCommand {
public:
    OverridesCommand(CatalogStore* store, gp::CatalogOverrides before, gp::CatalogOverrides after, const QString& text)
        : QUndoCommand(text), m_store(store), m_before(std::move(before)), m_after(std::move(after))
    {
    }
    void undo() override { apply(m_before); }
    void redo() override
    {
        if (m_first) {
            m_first = false; // already applied and saved when recorded
            return;
        }
        apply(m_after);
    }

private:
    void apply(const gp::CatalogOverrides& overrides)
    {
        auto saved = m_store->restore(overrides);
        if (!saved)
            emit m_store->saveFailed(QString::fromStdString(saved.error().toString()));
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
    : QObject(parent), m_path(overridesPath.isEmpty() ? defaultOverridesPath() : overridesPath)
{
    if (QFileInfo::exists(m_path)) {
        auto bytes = readSmallFile(m_path);
        auto parsed = bytes ? gp::parseOverridesJson(*bytes,
                                                     QFileInfo(m_path).fileName().toStdString())
                            : gp::Expected<gp::CatalogOverrides>(bytes.error());
        if (parsed) {
            m_overrides = std::move(parsed.value());
        } else {
            m_loadError = QString::fromStdString(parsed.error().toString());
            m_unreadable = true;
        }
    }
    m_catalog = std::make_shared<const gp::Catalog>(gp::mergeOverrides(gp::builtinCatalog(), m_overrides));
}

CatalogStore::~CatalogStore() = default;

QString CatalogStore::plannedBackupPath() const
{
    if (!m_unreadable)
        return {};
    const QFileInfo info(m_path);
    return info.absolutePath() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral(".unreadable-")
           + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")) + QLatin1Char('.')
           + info.suffix();
}

bool CatalogStore::hasUserPrice(const std::string& instanceId) const
{
    return std::any_of(m_overrides.prices.begin(), m_overrides.prices.end(),
                       [&](const auto& p) { return p.first == instanceId; });
}

gp::Expected<bool> CatalogStore::record(const gp::CatalogOverrides& before, const QString& text)
{
    auto saved = saveAndMerge();
    if (!saved) {
        m_overrides = before;
        return saved;
    }
    if (m_undoStack)
        m_undoStack->push(new OverridesCommand(this, before, m_overrides, text));
    return true;
}

gp::Expected<bool> CatalogStore::setPrice(const std::string& instanceId, const gp::PriceSpec& price)
{
    if (!price.onDemandPerHour && !price.monthly && !price.spotDiscount && !price.reservedDiscount)
        return clearPrice(instanceId);
    const gp::CatalogOverrides before = m_overrides;
    gp::PriceSpec user = price;
    user.status = "user";
    user.keptFromCatalog.clear();
    user.catalogStatus.clear();
    user.catalogSource.clear();
    auto it = std::find_if(m_overrides.prices.begin(), m_overrides.prices.end(),
                           [&](const auto& p) { return p.first == instanceId; });
    if (it != m_overrides.prices.end())
        it->second = user;
    else
        m_overrides.prices.emplace_back(instanceId, user);
    return record(before, tr("Edit price of %1").arg(QString::fromStdString(instanceId)));
}

gp::Expected<bool> CatalogStore::clearPrice(const std::string& instanceId)
{
    if (!hasUserPrice(instanceId))
        return true;
    const gp::CatalogOverrides before = m_overrides;
    std::erase_if(m_overrides.prices, [&](const auto& p) { return p.first == instanceId; });
    return record(before, tr("Use catalog price of %1").arg(QString::fromStdString(instanceId)));
}

gp::Expected<gp::CloudImportResult> CatalogStore::importCloudListing(const QString& path, gp::CloudImportOptions options)
{
    auto bytes = readSmallFile(path);
    if (!bytes)
        return bytes.error();
    if (options.fileName.empty())
        options.fileName = QFileInfo(path).fileName().toStdString();
    if (options.date.empty())
        options.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    auto result = gp::importCloudListing(*bytes, options,
                                         gp::builtinCatalog(), m_overrides);
    if (!result)
        return result.error();
    if (result->prices == 0 && result->stock == 0 && result->added == 0)
        return *result; // nothing to save
    const gp::CatalogOverrides before = m_overrides;
    m_overrides = result->overrides;
    auto saved = record(before, tr("Import cloud prices from %1").arg(QFileInfo(path).fileName()));
    if (!saved)
        return saved.error();
    return *result;
}

gp::Expected<bool> CatalogStore::restore(const gp::CatalogOverrides& overrides)
{
    const gp::CatalogOverrides before = m_overrides;
    m_overrides = overrides;
    auto saved = saveAndMerge();
    if (!saved)
        m_overrides = before;
    return saved;
}

gp::Expected<bool> CatalogStore::saveAndMerge()
{
    const std::string fileName = QFileInfo(m_path).fileName().toStdString();
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    if (m_unreadable && QFileInfo::exists(m_path)) {
        // Never overwrite a file that did not read: it may hold the user's only copy of their quotes and machines.
        const QString backup = plannedBackupPath();
        if (!QFile::rename(m_path, backup))
            return gp::Error{{}, "could not keep the unreadable file as " + backup.toStdString()
                                     + "; nothing was saved",
                             fileName};
        m_backupPath = backup;
    }
    m_unreadable = false;
    std::string text = gp::overridesToJson(m_overrides);
    // The core's writer checks every write and the flush before it renames over the old file.
    auto written = gp::writeFileAtomically(QFile::encodeName(m_path).toStdString(), text);
    if (!written)
        return written.error();
    m_overrides.document = std::move(text);
    m_catalog = std::make_shared<const gp::Catalog>(gp::mergeOverrides(gp::builtinCatalog(), m_overrides));
    emit catalogChanged();
    return true;
}

} // namespace gpui
