// The Sensitivity view: the recommendation's cost with its range from the uncertain inputs ("¥1,300
// (¥1,050–1,700)"), a tornado chart of which input moves it most, and whether the recommended candidate changes
// inside the range. It renders the core's gp::planSensitivity (the value `plan --sensitivity` prints), computed on
// the thread pool so the window never waits for it.
#pragma once

#include "evaluation.h"
#include "plan/plan.h"
#include "planner/sensitivity.h"

#include <QDialog>

#include <memory>

class QLabel;

namespace gpui
{

class JobRunner;
class TornadoChart;

using SensitivityPtr = std::shared_ptr<const gp::PlanSensitivity>;

class SensitivityView : public QDialog
{
    Q_OBJECT
public:
    explicit SensitivityView(QWidget* parent = nullptr);
    ~SensitivityView() override;

    // Computes the sensitivity of the evaluation's answer on the thread pool (`plan` is the plan it answers); a
    // newer request supersedes a running one. sensitivityReady() follows.
    void setEvaluation(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog, EvaluationPtr evaluation);
    // Shows a sensitivity computed elsewhere (tests).
    void setSensitivity(SensitivityPtr sensitivity);
    SensitivityPtr sensitivity() const { return m_sensitivity; }
    TornadoChart* tornado() const { return m_tornado; }
    QString headlineText() const;
    QString summaryText() const;
    QString memoryText() const;

    // The words of the core's sentence codes and input ids (also used by the report).
    static QString inputName(const std::string& input);
    static QString sentence(const gp::PlanSensitivity& sensitivity);
    // "¥1,300 (¥1,050–¥1,700)" (per million tokens for inference, GPU-hours when unpriced).
    static QString headline(const gp::PlanSensitivity& sensitivity);
    // "Memory per GPU: 61.2 GiB (60.7–63.9 GiB) of 76.0 GiB usable", and whether it stays under at every end.
    static QString memoryLine(const gp::PlanSensitivity& sensitivity);
    // Why an input was not varied ("<b>CUDA context</b>: the plan sets it").
    static QString skippedLine(const gp::PlanSensitivity::Skipped& skipped);

signals:
    void sensitivityReady();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showSensitivity(SensitivityPtr sensitivity);
    void render();

    SensitivityPtr m_sensitivity;
    std::shared_ptr<const gp::PlanAnswer> m_answer; // the answer m_sensitivity is (being) computed for
    QLabel* m_candidate;
    QLabel* m_headline;
    QLabel* m_hours;
    QLabel* m_memory;
    QLabel* m_method;
    TornadoChart* m_tornado;
    QLabel* m_summary;
    QLabel* m_details;
    QLabel* m_status;
    JobRunner* m_jobs; // computes the sensitivity (the newest request wins)
    bool m_computing = false;
};

} // namespace gpui
