// The Budget view's fleet table: machines of one instance type and region billed alike (gp::FleetRow).
#pragma once

#include "budget/budget_answer.h"

#include <QAbstractTableModel>

#include <memory>

namespace gpui
{

class BudgetFleetModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        InstanceColumn,
        RegionColumn,
        MachinesColumn,
        BillingColumn,
        ItemsColumn,
        CostColumn,
        UseColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole };

    explicit BudgetFleetModel(QObject* parent = nullptr);
    ~BudgetFleetModel() override;

    void setAnswer(std::shared_ptr<const gp::BudgetAnswer> answer);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "reserved 1–12, monthly 2–5" in the user's words.
    static QString billingText(const std::vector<std::optional<gp::BillingMode>>& modeByMonth);
    // How the row's pool put its items on machines: "Exact (4 units)", and the sentence the row's tool tip adds.
    static QString placementText(const gp::FleetRow& row);
    static QString placementToolTip(const gp::FleetRow& row);

private:
    std::shared_ptr<const gp::BudgetAnswer> m_answer;
};

} // namespace gpui
