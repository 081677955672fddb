// The window's answer to an RL plan (workload.mode "rl"): the RL inputs (the field table's workload.rl rows), the
// recommendation and why the others lose, step time by phase per candidate, memory per GPU by phase for the
// selected candidate with its phase table, and the candidates' table.
#pragma once

#include "evaluation.h"
#include "plan_document.h"

#include "plan/plan_fields.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QFormLayout;
class QGroupBox;
class QLabel;
class QTableView;
class QTableWidget;

namespace gpui
{

class ChartView;
class FieldEditor;
class RlCandidateModel;

class RlView : public QWidget
{
    Q_OBJECT
public:
    explicit RlView(QWidget* parent = nullptr);
    ~RlView() override;

    // Shows the plan's RL values in the rows (emits nothing).
    void setPlan(const gp::Plan& plan);
    const gp::Plan& plan() const { return m_plan; }
    // Shows an RL answer (evaluation.rl), or the evaluation's error.
    void setEvaluation(EvaluationPtr evaluation);
    void setDark(bool dark);

    // For tests and screenshots.
    RlCandidateModel* candidateModel() const { return m_model; }
    QTableView* candidateTable() const { return m_table; }
    QTableWidget* phaseTable() const { return m_phases; }
    QString recommendationText() const;
    QString fieldError() const;
    QWidget* fieldInput(const QString& path) const;
    ChartView* phaseChart() const { return m_phaseChart; }
    ChartView* memoryChart() const { return m_memoryChart; }

signals:
    void planEdited(const gp::Plan& plan, const gpui::EditText& describe, int mergeId);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildInputs(QFormLayout* form);
    void editedField(const gp::PlanField& field, const nlohmann::json& value);
    void showCandidate(int row);
    void render();
    void retranslate();

    gp::Plan m_plan;
    EvaluationPtr m_evaluation;
    bool m_dark = false;
    std::vector<std::unique_ptr<FieldEditor>> m_editors;
    std::vector<std::pair<QLabel*, std::function<QString()>>> m_labels;
    QGroupBox* m_inputsGroup = nullptr;
    QGroupBox* m_answerGroup = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_recommendation = nullptr;
    ChartView* m_phaseChart = nullptr;
    ChartView* m_memoryChart = nullptr;
    QTableWidget* m_phases = nullptr;
    RlCandidateModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    int m_selected = 0;
};

} // namespace gpui
