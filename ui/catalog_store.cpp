#include "catalog_store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace gpui {

QString CatalogStore::defaultOverridesPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/overrides.json");
}

CatalogStore::CatalogStore(const QString& overridesPath, QObject* parent)
    : QObject(parent), m_path(overridesPath.isEmpty() ? defaultOverridesPath() : overridesPath)
{
    QFile file(m_path);
    if (file.exists() && file.open(QIODevice::ReadOnly)) {
        const QByteArray bytes = file.readAll();
        auto parsed = gp::parseOverridesJson(std::string_view(bytes.constData(), size_t(bytes.size())),
                                             QFileInfo(m_path).fileName().toStdString());
        if (parsed)
            m_overrides = std::move(parsed.value());
        else
            m_loadError = QString::fromStdString(parsed.error().toString());
    }
    m_catalog = std::make_shared<const gp::Catalog>(gp::mergeOverrides(gp::builtinCatalog(), m_overrides));
}

CatalogStore::~CatalogStore() = default;

bool CatalogStore::hasUserPrice(const std::string& instanceId) const
{
    return std::any_of(m_overrides.prices.begin(), m_overrides.prices.end(),
                       [&](const auto& p) { return p.first == instanceId; });
}

gp::Expected<bool> CatalogStore::setPrice(const std::string& instanceId, const gp::PriceSpec& price)
{
    gp::PriceSpec user = price;
    user.status = "user";
    auto it = std::find_if(m_overrides.prices.begin(), m_overrides.prices.end(),
                           [&](const auto& p) { return p.first == instanceId; });
    if (it != m_overrides.prices.end())
        it->second = user;
    else
        m_overrides.prices.emplace_back(instanceId, user);
    return saveAndMerge();
}

gp::Expected<bool> CatalogStore::clearPrice(const std::string& instanceId)
{
    std::erase_if(m_overrides.prices, [&](const auto& p) { return p.first == instanceId; });
    return saveAndMerge();
}

gp::Expected<bool> CatalogStore::saveAndMerge()
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path);
    const std::string fileName = QFileInfo(m_path).fileName().toStdString();
    if (!file.open(QIODevice::WriteOnly))
        return gp::Error{{}, file.errorString().toStdString(), fileName};
    const std::string text = gp::overridesToJson(m_overrides);
    file.write(text.data(), qint64(text.size()));
    if (!file.commit())
        return gp::Error{{}, file.errorString().toStdString(), fileName};
    m_catalog = std::make_shared<const gp::Catalog>(gp::mergeOverrides(gp::builtinCatalog(), m_overrides));
    emit catalogChanged();
    return true;
}

} // namespace gpui
