// The built-in catalog merged with the user's overrides file (price quotes), kept in AppDataLocation.
#pragma once

#include "catalog/catalog.h"

#include <QObject>
#include <QString>

#include <memory>

namespace gpui {

class CatalogStore : public QObject {
    Q_OBJECT
public:
    // Reads the overrides at `overridesPath` ("" = defaultOverridesPath()); a broken file is reported by
    // loadError() and ignored.
    explicit CatalogStore(const QString& overridesPath = QString(), QObject* parent = nullptr);
    ~CatalogStore() override;

    // <AppDataLocation>/overrides.json
    static QString defaultOverridesPath();

    QString overridesPath() const { return m_path; }
    std::shared_ptr<const gp::Catalog> catalog() const { return m_catalog; }
    const gp::CatalogOverrides& overrides() const { return m_overrides; }
    QString loadError() const { return m_loadError; }

    // The user's quote for an instance (status "user"); written to the overrides file at once.
    gp::Expected<bool> setPrice(const std::string& instanceId, const gp::PriceSpec& price);
    // Drops the user's quote so the catalog's price applies again.
    gp::Expected<bool> clearPrice(const std::string& instanceId);
    bool hasUserPrice(const std::string& instanceId) const;

signals:
    void catalogChanged();

private:
    gp::Expected<bool> saveAndMerge();

    QString m_path;
    gp::CatalogOverrides m_overrides;
    std::shared_ptr<const gp::Catalog> m_catalog;
    QString m_loadError;
};

} // namespace gpui
