// The recommendation: the best candidate and why, and why each other one fails or costs more.
#pragma once

#include "evaluation.h"

#include <QElapsedTimer>
#include <QTextBrowser>

class QTimer;

namespace gpui
{

// The recommendation as HTML (also usable by the report). Several candidates that fit but have no price are counted
// on one line whose link (RecommendationPanel::UnpricedDetailsLink) shows or hides each one's reason
// (`unpricedDetails`).
QString recommendationHtml(const Evaluation& evaluation, bool unpricedDetails = false);

class RecommendationPanel : public QTextBrowser
{
    Q_OBJECT
public:
    explicit RecommendationPanel(QWidget* parent = nullptr);
    ~RecommendationPanel() override;

    // A warning about how the search went rather than about the answer ("some splits were skipped"): left out of the
    // panel a manager reads, kept in the table's warnings and the report's details.
    static bool isSearchDetail(const gp::Diagnostic& warning);

    // Shows `evaluation`: at once, or, while results arrive faster than MinRenderIntervalMs apart (a slider
    // dragging), at most that often and always with the newest one; the table and charts keep every frame.
    void setEvaluation(EvaluationPtr evaluation);
    static constexpr int MinRenderIntervalMs = 120;
    // The link of the line that counts the candidates not compared on cost: shows or hides each one's reason.
    static constexpr QLatin1String UnpricedDetailsLink { "#unpriced-details" };
    // Renders a deferred evaluation now (before a screenshot or a test reads the panel).
    void flush();
    // Shows an error in place of the recommendation (the plan cannot be evaluated).
    void showError(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    EvaluationPtr m_evaluation;
    QString m_error;
    QString m_html; // what the panel shows
    bool m_unpricedDetails = false; // each unpriced candidate's reason shown under the line that counts them
    QElapsedTimer m_sinceRender;
    QTimer* m_pending = nullptr; // a deferred render of the newest evaluation
    void render();
};

} // namespace gpui
