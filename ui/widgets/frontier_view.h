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
class QCheckBox;
class QComboBox;
class QLabel;
class QTextBrowser;

namespace gpui
{

class ChartView;

// How the frontier chart frames its points: by default around the frontier and the chosen configuration (the
// points a decision is between; the others may lie far out), on linear axes.
struct FrontierScale {
    bool allPoints = false; // frame every configuration that fits
    bool logarithmic = false; // log axes (hours and cost over several decades)
};

// The hours and cost the chart frames (FrontierScale::allPoints: every point; else the frontier and the chosen
// one), positive and finite only; a single point gets +-10% around it.
struct FrontierRange {
    double minHours, maxHours, minCost, maxCost;
};
FrontierRange frontierRange(const std::vector<gp::FrontierPoint>& points, bool allPoints);

// The frontier chart of one candidate (answer.search.candidates[candidate]) drawing `points` (gp::frontierPoints).
QChart* buildFrontierChart(const gp::PlanAnswer& answer, std::size_t candidate,
    const std::vector<gp::FrontierPoint>& points, bool dark = false, FrontierScale scale = {});

class FrontierView : public QDialog
{
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
    // The framing options (tests drive them like a user).
    QCheckBox* allPointsBox() const { return m_allPoints; }
    QCheckBox* logScaleBox() const { return m_logScale; }

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
    QCheckBox* m_allPoints;
    QCheckBox* m_logScale;
    ChartView* m_chart;
    QTextBrowser* m_details;
    QLabel* m_hint;
};

} // namespace gpui
