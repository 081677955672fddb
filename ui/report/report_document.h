// The report's content: the question, the recommendation and why, the table, charts, details and assumptions.
#pragma once

#include "report_export.h"
#include "report_layout.h"

#include <QCoreApplication>

namespace gpui::report
{

class ReportBuilder
{
    Q_DECLARE_TR_FUNCTIONS(ReportBuilder)
public:
    ReportBuilder(const ReportData& data, QStringList fontFamilies);

    // Candidates the details section shows in full: the recommendation and the runners-up.
    static constexpr int DetailedCandidates = 4;
    // All blocks of the report, in reading order.
    Blocks build() const;
    // Running header and footer texts.
    PageDecoration decoration() const;
    // The document title (PDF metadata and first page).
    QString title() const;
    // The "Set in the plan" rows of the assumptions: each field of the plan's field table that the report shows as an
    // assumption and the plan sets away from its default, with its value.
    static std::vector<std::pair<QString, QString>> setInThePlanRows(const gp::Plan& plan);

private:
    void addTitle(Blocks& blocks) const;
    void addQuestion(Blocks& blocks) const;
    void addQuestionInBrief(Blocks& blocks) const;
    void addRunnersUp(Blocks& blocks) const;
    void addWhatWouldChange(Blocks& blocks) const;
    void addRecommendation(Blocks& blocks) const;
    void addComparison(Blocks& blocks) const;
    void addCharts(Blocks& blocks) const;
    void addServing(Blocks& blocks) const; // serving: the throughput, latency and cost of every candidate
    void addScenarios(Blocks& blocks) const;
    void addDetails(Blocks& blocks) const;
    void addAssumptions(Blocks& blocks) const;

    BlockPtr candidateDetail(int rank) const;
    Blocks detailLeftColumn(const gp::CandidateResult& r) const;
    Blocks detailRightColumn(const gp::CandidateResult& r) const;
    std::vector<std::pair<QString, QString>> detailPerformanceRows(const gp::CandidateResult& r) const;
    QStringList whyRecommended() const;
    QString gpuLine(const gp::CandidateResult& result) const;
    QString costText(std::size_t index) const; // results[index] under the billing mode the answer ranks it by
    QString sourceTitle(const std::string& key) const;
    bool inference() const;
    bool serving() const;
    QString servingTargets() const; // "time to first token under 1 s, time per output token under 50 ms"

    const ReportData& m_data;
    const Evaluation& m_evaluation;
    const gp::Catalog& m_catalog;
    QStringList m_families;
};

} // namespace gpui::report
