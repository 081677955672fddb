#include "models/catalog_model.h"

#include "core_text.h"
#include "number_format.h"

#include <algorithm>

namespace gpui
{

CatalogModel::CatalogModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

CatalogModel::~CatalogModel() = default;

void CatalogModel::setCatalog(std::shared_ptr<const gp::Catalog> catalog)
{
    beginResetModel();
    m_catalog = std::move(catalog);
    endResetModel();
}

void CatalogModel::setCheckedIds(const QSet<QString>& ids)
{
    m_checked = ids;
    if (rowCount() > 0)
        emit dataChanged(index(0, Instance), index(rowCount() - 1, Instance), { Qt::CheckStateRole });
}

void CatalogModel::setRegions(const std::map<std::string, std::string>& regions)
{
    beginResetModel();
    m_regions = regions;
    endResetModel();
}

gp::RegionalPrice CatalogModel::shownPrice(const gp::InstanceSpec& spec) const
{
    const auto it = m_regions.find(spec.provider);
    return gp::priceInRegion(
        *m_catalog, spec, it == m_regions.end() ? std::string_view() : std::string_view(it->second));
}

const gp::InstanceSpec* CatalogModel::instance(int row) const
{
    if (!m_catalog || row < 0 || row >= int(m_catalog->instances.size()))
        return nullptr;
    return &m_catalog->instances[size_t(row)];
}

int CatalogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_catalog ? 0 : int(m_catalog->instances.size());
}

int CatalogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

Qt::ItemFlags CatalogModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Instance)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool CatalogModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    const gp::InstanceSpec* spec = index.isValid() ? instance(index.row()) : nullptr;
    if (!spec || role != Qt::CheckStateRole || index.column() != Instance)
        return false;
    const QString id = QString::fromStdString(spec->id);
    if (value.value<Qt::CheckState>() == Qt::Checked)
        m_checked.insert(id);
    else
        m_checked.remove(id);
    emit dataChanged(index, index, { Qt::CheckStateRole });
    return true;
}

QVariant CatalogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const gp::InstanceSpec* spec = instance(index.row());
    if (!spec)
        return {};
    const gp::GpuSpec* gpu = m_catalog->findGpu(spec->gpu);
    const gp::LinkSpec* link = m_catalog->findLink(spec->intraNode);
    const double gpuMemory = gpu ? gpu->memoryBytes : 0;
    const gp::RegionalPrice shown = shownPrice(*spec);
    const gp::PriceSpec& price = *shown.price;
    const QString currency = QString::fromStdString(price.currency);
    const auto chosen = m_regions.find(spec->provider);
    const QString wanted = chosen == m_regions.end() ? QString() : QString::fromStdString(chosen->second);
    const QString priceRegion = QString::fromStdString(gp::priceRegion(*m_catalog, *spec, price));
    switch (role) {
    case IdRole:
        return QString::fromStdString(spec->id);
    case ProviderRole:
        return QString::fromStdString(spec->provider);
    case GpuMemoryRole:
        return toGiB(gpuMemory);
    case PriceRole:
        return price.onDemandPerHour.value_or(0);
    case InRegionRole:
        return shown.inRegion;
    case SoldOutRole:
        return !spec->availability.empty()
            && std::all_of(spec->availability.begin(), spec->availability.end(),
                [](const gp::ZoneStock& z) { return z.status == "sold_out"; });
    case Qt::CheckStateRole:
        if (index.column() == Instance)
            return m_checked.contains(QString::fromStdString(spec->id)) ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Stock && !spec->availability.empty()) {
            QStringList zones;
            for (const gp::ZoneStock& z : spec->availability)
                zones << QString::fromStdString(z.zone) + QStringLiteral(": ")
                        + (z.status == "sold_out"       ? tr("sold out")
                                : z.status == "limited" ? tr("limited")
                                                        : tr("in stock"));
            return zones.join(QLatin1Char('\n'));
        }
        if (index.column() == PricePerHour || index.column() == Monthly || index.column() == PriceStatus
            || index.column() == Region) {
            QString tip = tr("%1, %2 (as of %3)")
                              .arg(CoreText::priceStatus(QString::fromStdString(price.status)),
                                  QString::fromStdString(price.source), QString::fromStdString(price.asOf));
            if (!shown.inRegion)
                tip = tr("No price in %1; the price shown is for %2.").arg(wanted, priceRegion) + QLatin1Char('\n')
                    + tip;
            return tip;
        }
        return QString::fromStdString(spec->notes.empty() ? spec->source : spec->notes);
    case Qt::TextAlignmentRole:
        if (index.column() >= GpuCount && index.column() <= Monthly && index.column() != Interconnect)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SortRole:
        switch (index.column()) {
        case GpuCount:
            return spec->gpus;
        case GpuMemory:
            return gpuMemory;
        case Vcpus:
            return spec->vcpus;
        case HostMemory:
            return spec->memoryBytes;
        case Network:
            return spec->networkGbps;
        case PricePerHour:
            return price.onDemandPerHour.value_or(1e300);
        case Monthly:
            return price.monthly.value_or(1e300);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case Instance:
            return QString::fromStdString(spec->name);
        case Provider:
            return CoreText::provider(QString::fromStdString(spec->provider));
        case Gpu:
            return gpu ? QString::fromStdString(gpu->name) : QString::fromStdString(spec->gpu);
        case GpuCount:
            return spec->gpus;
        case GpuMemory:
            return formatBytes(gpuMemory);
        case Vcpus:
            return spec->vcpus;
        case HostMemory:
            return formatBytes(spec->memoryBytes);
        case Interconnect:
            return link ? QString::fromStdString(link->name) : QString::fromStdString(spec->intraNode);
        case Network:
            return tr("%1 Gb/s").arg(formatNumber(spec->networkGbps, 0));
        case PricePerHour:
            return price.onDemandPerHour ? formatMoney(*price.onDemandPerHour, currency) : tr("n/a");
        case Monthly:
            return price.monthly ? formatMoney(*price.monthly, currency) : tr("n/a");
        case PriceStatus:
            return CoreText::priceStatus(QString::fromStdString(price.status));
        case Region:
            if (!shown.inRegion)
                return tr("no price in %1 (%2 shown)").arg(wanted, priceRegion);
            return price.zone.empty() ? priceRegion
                                      : tr("%1 (zone %2)").arg(priceRegion, QString::fromStdString(price.zone));
        case Stock: {
            if (spec->availability.empty())
                return tr("unknown");
            const auto inStock = std::count_if(spec->availability.begin(), spec->availability.end(),
                [](const gp::ZoneStock& z) { return z.status != "sold_out"; });
            if (inStock == 0)
                return tr("sold out");
            return tr("in stock in %1 of %2 zones").arg(inStock).arg(spec->availability.size());
        }
        default:
            return {};
        }
    default:
        return {};
    }
}

QVariant CatalogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Instance:
        return tr("Instance");
    case Provider:
        return tr("Provider");
    case Gpu:
        return tr("GPU");
    case GpuCount:
        return tr("GPUs");
    case GpuMemory:
        return tr("Memory / GPU");
    case Vcpus:
        return tr("vCPUs");
    case HostMemory:
        return tr("Host RAM");
    case Interconnect:
        return tr("GPU link");
    case Network:
        return tr("Network");
    case PricePerHour:
        return tr("Price / h");
    case Monthly:
        return tr("Monthly");
    case PriceStatus:
        return tr("Price source");
    case Region:
        return tr("Price region");
    case Stock:
        return tr("Stock");
    default:
        return {};
    }
}

CatalogFilterModel::CatalogFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CatalogModel::SortRole);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

CatalogFilterModel::~CatalogFilterModel() = default;

void CatalogFilterModel::setProvider(const QString& provider)
{
    m_provider = provider;
    invalidateFilter();
}

void CatalogFilterModel::setText(const QString& text)
{
    m_text = text.trimmed();
    m_word = QRegularExpression(
        QStringLiteral("(?<![[:alnum:]])%1(?![[:alnum:]])").arg(QRegularExpression::escape(m_text)),
        QRegularExpression::CaseInsensitiveOption);
    invalidate(); // the rows and their order (whole-word matches first)
}

void CatalogFilterModel::setMinGpuMemoryGib(double gib)
{
    m_minMemoryGib = gib;
    invalidateFilter();
}

void CatalogFilterModel::setMaxPricePerHour(double price)
{
    m_maxPrice = price;
    invalidateFilter();
}

void CatalogFilterModel::setPricedInRegionOnly(bool only)
{
    m_pricedInRegionOnly = only;
    invalidateFilter();
}

void CatalogFilterModel::setCheckedOnly(bool checkedOnly)
{
    m_checkedOnly = checkedOnly;
    invalidateFilter();
}

void CatalogFilterModel::setHideSoldOut(bool hide)
{
    m_hideSoldOut = hide;
    invalidateFilter();
}

bool CatalogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QAbstractItemModel* m = sourceModel();
    const QModelIndex first = m->index(sourceRow, CatalogModel::Instance, sourceParent);
    if (!m_provider.isEmpty() && first.data(CatalogModel::ProviderRole).toString() != m_provider)
        return false;
    const bool checked = first.data(Qt::CheckStateRole).value<Qt::CheckState>() == Qt::Checked;
    if (m_checkedOnly && !checked)
        return false;
    if (m_pricedInRegionOnly && !checked && !first.data(CatalogModel::InRegionRole).toBool())
        return false;
    if (m_hideSoldOut && first.data(CatalogModel::SoldOutRole).toBool())
        return false;
    if (m_minMemoryGib > 0 && first.data(CatalogModel::GpuMemoryRole).toDouble() + 0.5 < m_minMemoryGib)
        return false;
    if (m_maxPrice > 0) {
        const double price = first.data(CatalogModel::PriceRole).toDouble();
        if (price <= 0 || price > m_maxPrice)
            return false;
    }
    if (!m_text.isEmpty() && !haystack(sourceRow, sourceParent).contains(m_text, Qt::CaseInsensitive))
        return false;
    return true;
}

QString CatalogFilterModel::haystack(int sourceRow, const QModelIndex& sourceParent) const
{
    const QAbstractItemModel* m = sourceModel();
    const QModelIndex first = m->index(sourceRow, CatalogModel::Instance, sourceParent);
    return first.data(Qt::DisplayRole).toString() + QLatin1Char(' ')
        + m->index(sourceRow, CatalogModel::Gpu, sourceParent).data().toString() + QLatin1Char(' ')
        + first.data(CatalogModel::IdRole).toString();
}

bool CatalogFilterModel::wordMatch(int sourceRow, const QModelIndex& sourceParent) const
{
    return m_word.match(haystack(sourceRow, sourceParent)).hasMatch();
}

bool CatalogFilterModel::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (!m_text.isEmpty()) {
        const bool l = wordMatch(left.row(), left.parent());
        const bool r = wordMatch(right.row(), right.parent());
        if (l != r) // a whole-word match first whichever way the column is sorted
            return sortOrder() == Qt::AscendingOrder ? l : r;
    }
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace gpui
