// Catalog instances for the candidate picker: checkable rows, filter by provider, region, GPU, memory and price.
// Prices are shown for the region the plan names per provider (billing.regions), or the provider's reference region.
#pragma once

#include "catalog/catalog.h"

#include <QAbstractTableModel>
#include <QRegularExpression>
#include <QSet>
#include <QSortFilterProxyModel>

#include <map>
#include <memory>
#include <string>

namespace gpui
{

class CatalogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Instance,
        Provider,
        Gpu,
        GpuCount,
        GpuMemory,
        Vcpus,
        HostMemory,
        Interconnect,
        Network,
        PricePerHour,
        Monthly,
        PriceStatus,
        Region,
        Stock,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role { SortRole = Qt::UserRole, IdRole, ProviderRole, GpuMemoryRole, PriceRole, InRegionRole, SoldOutRole };

    explicit CatalogModel(QObject* parent = nullptr);
    ~CatalogModel() override;

    void setCatalog(std::shared_ptr<const gp::Catalog> catalog);
    const gp::InstanceSpec* instance(int row) const;
    // Instance ids with a check mark.
    QSet<QString> checkedIds() const { return m_checked; }
    void setCheckedIds(const QSet<QString>& ids);
    // Region per provider ("aws" -> "us-east-1"); a provider not named uses its reference region.
    void setRegions(const std::map<std::string, std::string>& regions);
    const std::map<std::string, std::string>& regions() const { return m_regions; }
    // The price shown for an instance: in its provider's chosen region, else the reference price (inRegion false).
    gp::RegionalPrice shownPrice(const gp::InstanceSpec& spec) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const gp::Catalog> m_catalog;
    QSet<QString> m_checked;
    std::map<std::string, std::string> m_regions;
};

class CatalogFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CatalogFilterModel(QObject* parent = nullptr);
    ~CatalogFilterModel() override;

    void setProvider(const QString& provider); // "" = any
    // Matches instance, family or GPU; rows where the text is a whole word ("H20" in "NVIDIA H20 96GB", not in
    // "H200") sort before the others, in either order of the sorted column.
    void setText(const QString& text);
    void setMinGpuMemoryGib(double gib);
    void setMaxPricePerHour(double price); // 0 = any; in the catalog's currency
    void setCheckedOnly(bool checkedOnly);
    // Hide instances without a price in the region the model shows (chosen rows stay, saying so); false = show all.
    void setPricedInRegionOnly(bool only);
    void setHideSoldOut(bool hide); // sizes whose imported stock is sold out in every zone

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QString haystack(int sourceRow, const QModelIndex& sourceParent) const;
    bool wordMatch(int sourceRow, const QModelIndex& sourceParent) const;

    QString m_provider;
    QString m_text;
    QRegularExpression m_word; // m_text between non-alphanumerics
    double m_minMemoryGib = 0;
    double m_maxPrice = 0;
    bool m_checkedOnly = false;
    bool m_pricedInRegionOnly = false;
    bool m_hideSoldOut = false;
};

} // namespace gpui
