// The built-in catalog merged with the user's overrides file (price quotes), kept in AppDataLocation.
#pragma once

#include "catalog/catalog.h"
#include "catalog/catalog_import.h"
#include "catalog/catalog_overrides_file.h"

#include <QObject>
#include <QString>

#include <memory>

class QUndoStack;

namespace gpui
{

class CatalogStore : public QObject
{
    Q_OBJECT
public:
    // Reads the overrides at `overridesPath` ("" = defaultOverridesPath()). A file that does not read is reported by
    // loadError(), ignored, and never overwritten: the first change saved moves it to a dated backup (backupPath()).
    explicit CatalogStore(const QString& overridesPath = QString(), QObject* parent = nullptr);
    ~CatalogStore() override;

    // <AppDataLocation>/overrides.json
    static QString defaultOverridesPath();

    QString overridesPath() const { return m_path; }
    std::shared_ptr<const gp::Catalog> catalog() const { return m_catalog; }
    const gp::CatalogOverrides& overrides() const { return m_overrides; }
    QString loadError() const { return m_loadError; }
    // Where the unreadable overrides file was moved before the first save ("" = nothing moved).
    QString backupPath() const { return m_backupPath; }
    // The name the unreadable file will get, shown before anything is saved.
    QString plannedBackupPath() const;

    // Quote edits and imports become undoable steps on `stack` (the plan's history); nullptr = not recorded.
    void setUndoStack(QUndoStack* stack) { m_undoStack = stack; }

    // The user's quote for an instance (status "user"); written to the overrides file at once. A quote with no
    // figure at all is the same as clearPrice().
    gp::Expected<bool> setPrice(const std::string& instanceId, const gp::PriceSpec& price);
    // Drops the user's quote so the catalog's price applies again.
    gp::Expected<bool> clearPrice(const std::string& instanceId);
    bool hasUserPrice(const std::string& instanceId) const;

    // Merges a cloud listing (`catalog import`'s formats) into the overrides and saves them; nothing changes on an
    // error. `options.fileName` and `options.date` are filled in from `path` and today when empty.
    gp::Expected<gp::CloudImportResult> importCloudListing(const QString& path, gp::CloudImportOptions options);

    // Sets the entries that differ between `from` and `to` as `to` has them, in the file as it is now, and saves
    // (undo/redo of a recorded change: what other writers saved since stays).
    gp::Expected<bool> restore(const gp::CatalogOverrides& from, const gp::CatalogOverrides& to);

signals:
    void catalogChanged();
    // A save made by undo or redo failed: the message names the file.
    void saveFailed(const QString& message);

private:
    // Applies `change` to the overrides file as it is on disk now (read again under the lock that every writer,
    // gpu-planner-cli included, takes), saves, and takes the result as this store's overrides.
    gp::Expected<bool> save(const gp::OverridesChange& change);
    // save() recorded as one undoable step named `undoText` when it changed anything.
    gp::Expected<bool> commit(const gp::OverridesChange& change, const QString& undoText);

    QString m_path;
    gp::CatalogOverrides m_overrides;
    std::shared_ptr<const gp::Catalog> m_catalog;
    QString m_loadError;
    bool m_unreadable = false; // the file exists but did not read: never overwrite it
    QString m_backupPath;
    QString m_plannedBackupPath;
    QUndoStack* m_undoStack = nullptr;
};

} // namespace gpui
