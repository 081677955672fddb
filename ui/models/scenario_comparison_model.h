// The Compare view's table: one row per scenario (the base plan first) with its best answer and the difference
// to the baseline, from the core's comparison (gp::compareScenarios); `plan --scenarios` prints the same rows.
#pragma once

#include "planner/scenario_comparison.h"

#include <QAbstractTableModel>

#include <memory>

namespace gpui
{

using ScenarioComparisonPtr = std::shared_ptr<const gp::ScenarioComparison>;

class ScenarioComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Scenario,
        Changes, // what the scenario sets differently from the baseline
        Candidate,
        Gpus,
        Configuration,
        Fits,
        BestCost, // under the cheapest allowed billing mode (the ranking's figure)
        Hours,
        CostOnDemand,
        CostMonthly,
        CostReserved,
        CostSpot,
        Headroom,
        CostDifference,
        HoursDifference,
        ColumnCount
    };
    Q_ENUM(Column)
    // SortRole: the number (or text) a column sorts by; ValueRole: the core's figure itself (cost in the plan
    // currency, hours, bytes, the difference), invalid when absent.
    enum Role { SortRole = Qt::UserRole, ValueRole };

    explicit ScenarioComparisonModel(QObject* parent = nullptr);
    ~ScenarioComparisonModel() override;

    void setComparison(ScenarioComparisonPtr comparison);
    ScenarioComparisonPtr comparison() const { return m_comparison; }

    // A row's name as the window shows it ("Base plan" for the base plan).
    static QString rowName(const gp::ScenarioRow& row);
    // A sweep's row (named "PATH=VALUE" for a field of the plan's table): the value in the user's words and units
    // ("2,048"); empty for any other row.
    static QString sweepValue(const gp::ScenarioRow& row);
    // What the row changes from the baseline: "workload.sequence_length: 4096 → 8192; ..." ("no change" when
    // nothing does).
    static QString changesText(const gp::ScenarioRow& row);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void retranslate();

private:
    QVariant value(const gp::ScenarioRow& row, int column) const;
    QVariant display(const gp::ScenarioRow& row, int rowIndex, int column) const;

    ScenarioComparisonPtr m_comparison;
};

} // namespace gpui
