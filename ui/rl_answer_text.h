// The RL answer in words, shared by the window's RL view and the PDF report so both say the same: the
// recommendation and its figures, each phase's row, and why each other candidate loses.
#pragma once

#include "rl/rl_search.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace gpui
{

class RlAnswerText
{
    Q_DECLARE_TR_FUNCTIONS(RlAnswerText)
public:
    // "Recommended: …" with its placement, step, hours and cost, or why nothing is recommended.
    static QStringList recommendation(const gp::RlAnswer& answer);
    // "<candidate>: <why it loses>" for each candidate after the first (at most `limit`, then "and N more").
    static QStringList whyOthersLose(const gp::RlAnswer& answer, int limit);
    // The phase table's columns and one row per phase of `candidate`'s step.
    static QStringList phaseHeaders();
    static std::vector<QStringList> phaseRows(const gp::RlCandidateAnswer& candidate);
    // Peak memory per GPU against the usable memory ("61.2 of 72.4 GiB per GPU, fits").
    static QString memoryText(const gp::RlStepEstimate& step);
};

} // namespace gpui
