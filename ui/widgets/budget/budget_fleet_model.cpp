// The fleet table.
#include "widgets/budget/budget_fleet_model.h"

#include "billing_mode_text.h"
#include "core_text.h"
#include "number_format.h"
#include "region_text.h"

#include "budget/budget_fleet.h"

#include <algorithm>
#include <vector>

namespace gpui
{

BudgetFleetModel::BudgetFleetModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

BudgetFleetModel::~BudgetFleetModel() = default;

void BudgetFleetModel::setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer)
{
    // An edit of one item changes a few cells and adds or drops a row or two: the rows past the shorter fleet are
    // inserted or removed and the cells whose words changed are told so; the view repaints those. A reset would
    // empty the table, flip its scroll bar and repaint all of it.
    if (!m_answer || !answer) {
        beginResetModel();
        m_answer = std::move(answer);
        endResetModel();
        return;
    }
    const int before = rowCount();
    const int after = int(answer->fleet.size());
    const int kept = std::min(before, after);
    const auto cell = [this](int r, int c) { return QVariantList { data(index(r, c)), data(index(r, c), SortRole) }; };
    std::vector<QVariantList> old;
    for (int r = 0; r < kept; ++r)
        for (int c = 0; c < ColumnCount; ++c)
            old.push_back(cell(r, c));
    if (after > before)
        beginInsertRows({}, before, after - 1);
    else if (after < before)
        beginRemoveRows({}, after, before - 1);
    m_answer = std::move(answer);
    if (after > before)
        endInsertRows();
    else if (after < before)
        endRemoveRows();
    // Cell by cell: a sorted proxy re-sorts (and its view repaints whole) when a change reaches its sort column.
    for (int r = 0; r < kept; ++r)
        for (int c = 0; c < ColumnCount; ++c)
            if (cell(r, c) != old[std::size_t(r * ColumnCount + c)])
                emit dataChanged(index(r, c), index(r, c));
}

int BudgetFleetModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_answer ? 0 : int(m_answer->fleet.size());
}

int BudgetFleetModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString BudgetFleetModel::billingText(const std::vector<std::optional<gp::BillingMode>>& modes)
{
    QStringList parts;
    for (std::size_t m = 0; m < modes.size();) {
        std::size_t end = m;
        while (end + 1 < modes.size() && modes[end + 1] == modes[m])
            ++end;
        if (modes[m]) {
            const QString months = end > m ? tr("%1–%2").arg(m + 1).arg(end + 1) : QString::number(m + 1);
            parts << tr("%1 %2").arg(windowBillingMode(modes[m]), months);
        }
        m = end + 1;
    }
    return parts.join(CoreText::listSeparator());
}

QString BudgetFleetModel::placementText(const gp::FleetRow& row)
{
    if (row.placement == "exact")
        return tr("Exact (%n unit(s))", nullptr, row.placementUnits);
    if (row.placement == "greedy")
        return tr("Greedy (%n unit(s))", nullptr, row.placementUnits);
    return tr("Spot, not shared");
}

QString BudgetFleetModel::placementToolTip(const gp::FleetRow& row)
{
    if (row.placement == "exact")
        return tr("Placement: exact. Every way of putting the pool's %n machine unit(s) on machines was tried.",
            nullptr, row.placementUnits);
    if (row.placement == "greedy")
        return tr("Placement: greedy. The pool has %1 machine units, more than the %2 tried every way: its hours are "
                  "stacked onto machines, or each unit kept on its own machine when that bills less.")
            .arg(row.placementUnits)
            .arg(gp::kExactPlacementUnits);
    return tr("Placement: spot machines, billed by the item's own hours and not shared.");
}

QVariant BudgetFleetModel::data(const QModelIndex& index, int role) const
{
    if (!m_answer || !index.isValid() || index.row() >= rowCount())
        return {};
    const gp::FleetRow& row = m_answer->fleet[std::size_t(index.row())];
    if (role == SortRole) {
        switch (index.column()) {
        case MachinesColumn:
            return row.machines;
        case CostColumn:
            return row.cost;
        case UseColumn:
            return row.utilisation;
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::TextAlignmentRole && (index.column() == MachinesColumn || index.column() >= CostColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return QString(data(index, Qt::DisplayRole).toString() + QLatin1Char('\n') + placementToolTip(row));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case InstanceColumn:
        return QString::fromStdString(row.instance);
    case RegionColumn:
        return RegionText::name(QString::fromStdString(row.region));
    case MachinesColumn:
        return row.machines;
    case BillingColumn:
        return billingText(row.modeByMonth);
    case ItemsColumn: {
        QStringList names;
        for (const std::string& n : row.items)
            names << QString::fromStdString(n);
        return names.join(CoreText::listSeparator());
    }
    case CostColumn:
        return formatMoney(row.cost, QString::fromStdString(m_answer->currency));
    case UseColumn:
        return formatPercent(row.utilisation);
    default:
        return {};
    }
}

QVariant BudgetFleetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case InstanceColumn:
        return tr("Instance");
    case RegionColumn:
        return tr("Region");
    case MachinesColumn:
        return tr("Machines");
    case BillingColumn:
        return tr("Commitment by month");
    case ItemsColumn:
        return tr("Items");
    case CostColumn:
        return tr("Cost");
    case UseColumn:
        return tr("Utilisation");
    default:
        return {};
    }
}

} // namespace gpui
