// The recommendation: the best candidate and why, and why each other one fails or costs more.
#pragma once

#include "evaluation.h"

#include <QTextBrowser>

namespace gpui {

// The recommendation as HTML (also usable by the report).
QString recommendationHtml(const Evaluation& evaluation);

class RecommendationPanel : public QTextBrowser {
    Q_OBJECT
public:
    explicit RecommendationPanel(QWidget* parent = nullptr);
    ~RecommendationPanel() override;

    void setEvaluation(EvaluationPtr evaluation);
    // Shows an error in place of the recommendation (the plan cannot be evaluated).
    void showError(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    EvaluationPtr m_evaluation;
    QString m_error;
    void render();
};

} // namespace gpui
