// The cost-time frontier of each candidate: every fitting configuration the search scored as a point of cost
// against hours, the Pareto frontier drawn through them and the chosen configuration marked. Hovering a point
// names its configuration; clicking it shows that configuration's full result.
#pragma once

#include "evaluation.h"
#include "plan/plan.h"
#include "planner/frontier.h"

#include <QDialog>

#include <memory>
#include <vector>

class QChart;
class QComboBox;
class QLabel;
class QTextBrowser;

namespace gpui {

class ChartView;

// The frontier chart of one candidate (answer.search.candidates[candidate]) drawing `points` (gp::frontierPoints).
QChart* buildFrontierChart(const gp::PlanAnswer& answer, std::size_t candidate,
                           const std::vector<gp::FrontierPoint>& points, bool dark = false);

class FrontierView : public QDialog {
    Q_OBJECT
public:
    explicit FrontierView(QWidget* parent = nullptr);
    ~FrontierView() override;

    // Shows the evaluation's frontiers (`plan` is the plan it answers, for clicked points' full results).
    void setEvaluation(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog, EvaluationPtr evaluation);
    void setCandidate(int index); // index into the answer's candidates
    int candidate() const;
    // The points the chart draws for the shown candidate.
    const std::vector<gp::FrontierPoint>& points() const { return m_points; }
    // Shows the full result of points()[index] (what a click does).
    void showPoint(int index);
    QString detailsText() const;
    ChartView* chartView() const { return m_chart; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rebuild();
    void fillCandidates();

    gp::Plan m_plan;
    std::shared_ptr<const gp::Catalog> m_catalog;
    EvaluationPtr m_evaluation;
    std::vector<gp::FrontierPoint> m_points;
    QLabel* m_candidateLabel;
    QComboBox* m_candidates;
    ChartView* m_chart;
    QTextBrowser* m_details;
    QLabel* m_hint;
};

} // namespace gpui
