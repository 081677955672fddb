// The Compare view: the plan's scenarios side by side (a table and a chart of cost and time per scenario), with a
// chosen baseline. It renders the core's comparison (gp::compareScenarios), the one `plan --scenarios` prints.
#pragma once

#include "models/scenario_comparison_model.h"
#include "plan/plan.h"

#include "catalog/catalog.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QLabel;
class QTableView;
class QVBoxLayout;

namespace gpui
{

class ChartView;
class FrozenColumns;
class JobRunner;

class ScenarioCompareView : public QDialog
{
    Q_OBJECT
public:
    explicit ScenarioCompareView(QWidget* parent = nullptr);
    ~ScenarioCompareView() override;

    // Compares `plan`'s scenarios on the thread pool; a newer request supersedes a running one (its result is
    // dropped). comparisonReady() follows.
    void compare(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog);
    // Shows a comparison computed elsewhere (tests, the report).
    void setComparison(ScenarioComparisonPtr comparison);
    ScenarioComparisonPtr comparison() const { return m_model->comparison(); }
    ScenarioComparisonModel* model() const { return m_model; }
    ChartView* chartView() const { return m_chart; }
    QTableView* table() const { return m_table; }
    // The scenario column, kept at the table's left while it scrolls sideways.
    QTableView* scenarioColumn() const;
    // The row the differences are taken to (0: the base plan).
    void setBaseline(int row);
    int baseline() const;
    // The status line ("Comparing…", "3 scenarios compared in 0.2 s", or the error), in the language installed now.
    QString statusText() const;

signals:
    void comparisonReady();

protected:
    void changeEvent(QEvent* event) override;
    // The view's layout: controls above the baseline row go in at index 0.
    QVBoxLayout* mainLayout() const { return m_layout; }
    QLabel* statusLabel() const { return m_status; }

private:
    void retranslate();
    void showComparison(ScenarioComparisonPtr comparison);
    void fillBaselines();
    void updateStatus(); // words the status line from m_state (again after a language change)

    enum class State { Idle, Comparing, Compared, Failed };
    State m_state = State::Idle;
    QString m_error; // the core's message when Failed

    ScenarioComparisonModel* m_model;
    QTableView* m_table;
    FrozenColumns* m_scenarioColumn = nullptr;
    ChartView* m_chart;
    QComboBox* m_baseline;
    QLabel* m_baselineLabel;
    QLabel* m_status;
    QVBoxLayout* m_layout = nullptr;
    JobRunner* m_jobs; // runs the comparison (the newest request wins)
    int m_wantedBaseline = 0;
};

} // namespace gpui
