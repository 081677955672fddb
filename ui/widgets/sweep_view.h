// The sweep view: one input (nodes, GPUs per node, sequence length, micro-batch, global batch, training tokens,
// LoRA rank, a discount off list prices) across a list of values, each value a scenario answered by the core
// (gp::sweepPlan, then gp::compareScenarios), shown as the Compare view's table and chart. `gpu-planner-cli sweep`
// prints the same.
#pragma once

#include "widgets/scenario_compare_view.h"

#include <vector>

class QLineEdit;
class QPushButton;

namespace gpui
{

class SweepView : public ScenarioCompareView
{
    Q_OBJECT
public:
    explicit SweepView(QWidget* parent = nullptr);
    ~SweepView() override;

    // The fields a sweep can vary: plan paths (gp::overridesForField) and suggested values.
    struct Field {
        const char* path;
        const char* values;
    };
    static const std::vector<Field>& fields();

    // The plan swept and the catalog it is priced with.
    void setPlan(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog);
    void setField(int index);
    void setValues(const QString& values);
    // Sweeps the chosen field over the values; a bad value shows its message (naming it) and sweeps nothing.
    bool run();
    QString errorText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateSweep();

    gp::Plan m_plan;
    std::shared_ptr<const gp::Catalog> m_catalog;
    QLabel* m_fieldLabel;
    QComboBox* m_field;
    QLabel* m_valuesLabel;
    QLineEdit* m_values;
    QPushButton* m_run;
    QLabel* m_error;
};

} // namespace gpui
