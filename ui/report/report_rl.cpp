// The report's RL pages (report_rl.h).
#include "report/report_rl.h"

#include "charts/rl_charts.h"
#include "core_text.h"
#include "models/rl_candidate_model.h"
#include "number_format.h"
#include "report/report_document.h"
#include "rl_answer_text.h"
#include "widgets/inputs/field_text.h"

#include "plan/plan_fields.h"

#include <QCoreApplication>

#include <algorithm>

namespace gpui::report
{

namespace
{

class RlReportText
{
    Q_DECLARE_TR_FUNCTIONS(RlReportText)
};

// The best candidates that fit whose phases and memory the report shows in full.
constexpr int kRlDetailedCandidates = 3;

BlockPtr rlText(const QString& content, double pointSize = 9, bool bold = false, bool bullets = false)
{
    TextStyle style;
    style.pointSize = pointSize;
    style.bold = bold;
    style.bullets = bullets;
    auto block = std::make_unique<TextBlock>(content, style);
    block->spaceAfterPt = 6;
    return block;
}

void rlQuestion(Blocks& blocks, const ReportData& data)
{
    const gp::Plan& plan = data.plan;
    const Evaluation& e = *data.evaluation;
    std::vector<std::pair<QString, QString>> rows;
    rows.emplace_back(RlReportText::tr("Actor"), e.modelName);
    rows.emplace_back(RlReportText::tr("Workload"), CoreText::mode(plan.workload.mode));
    rows.emplace_back(RlReportText::tr("Technique"), CoreText::technique(plan.workload.technique));
    rows.emplace_back(RlReportText::tr("Precision"), CoreText::precision(plan.workload.precision));
    for (const gp::PlanField& f : gp::planFields())
        if (std::string_view(f.path).starts_with("workload.rl.") && f.report == gp::FieldReport::Question)
            rows.emplace_back(FieldText::label(f.path), FieldText::value(f, f.get(plan)));
    const auto modelRef = [](const gp::RlModelRef& m) {
        return !m.preset.empty() ? QString::fromStdString(m.preset)
                                 : RlReportText::tr("%1 parameters").arg(formatTokens(m.parameters.value_or(0)));
    };
    if (plan.workload.rl.rewardKind == gp::RlRewardKind::Model)
        rows.emplace_back(RlReportText::tr("Reward model"), modelRef(plan.workload.rl.rewardModel));
    if (plan.workload.rl.algorithm == gp::RlAlgorithm::Ppo)
        rows.emplace_back(RlReportText::tr("Critic"),
            plan.workload.rl.critic ? modelRef(*plan.workload.rl.critic) : RlReportText::tr("the actor's model"));
    rows.emplace_back(RlReportText::tr("Objective"), CoreText::objective(plan.search.objective));
    blocks.push_back(std::make_unique<HeadingBlock>(RlReportText::tr("The question")));
    blocks.push_back(std::make_unique<KeyValueBlock>(std::move(rows), 2));
}

void rlCandidatesTable(Blocks& blocks, const gp::RlAnswer& answer)
{
    RlCandidateModel model;
    model.setAnswer(std::make_shared<const gp::RlAnswer>(answer));
    const std::vector<int> columns
        = { RlCandidateModel::Rank, RlCandidateModel::Candidate, RlCandidateModel::Gpus, RlCandidateModel::Placement,
              RlCandidateModel::StepSeconds, RlCandidateModel::LimitingPhase, RlCandidateModel::PeakMemory,
              RlCandidateModel::Hours, RlCandidateModel::Cost, RlCandidateModel::CostPer1000Prompts };
    auto table = std::make_shared<Table>();
    for (int c : columns) {
        table->headers << model.headerData(c, Qt::Horizontal).toString();
        table->alignments.push_back(c >= RlCandidateModel::StepSeconds && c != RlCandidateModel::LimitingPhase
                ? Qt::AlignRight
                : Qt::AlignLeft);
    }
    table->widths = { 0.4, 2.0, 1.3, 2.2, 0.9, 1.1, 1.3, 0.9, 1.6, 1.0 };
    table->pointSize = 7;
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells;
        for (int c : columns)
            cells << model.data(model.index(r, c)).toString();
        const gp::RlCandidateAnswer& cand = answer.candidates[std::size_t(r)];
        table->addRow(cells,
            r == 0 && answer.recommended ? Table::RowKind::Highlight
                : !cand.fits             ? Table::RowKind::Muted
                                         : Table::RowKind::Normal);
    }
    blocks.push_back(std::make_unique<HeadingBlock>(RlReportText::tr("Every candidate")));
    appendTable(blocks, table);
}

void rlCandidateDetail(Blocks& blocks, const gp::RlCandidateAnswer& c, const QStringList& families)
{
    blocks.push_back(std::make_unique<HeadingBlock>(
        RlReportText::tr("%1: phases of one RL step").arg(QString::fromStdString(c.candidate)), 11));
    const gp::RlLayout& l = c.best.step.layout;
    blocks.push_back(rlText(RlReportText::tr("%1; rollout engines %2; trainer %3. Peak memory %4.")
                                .arg(RlCandidateModel::placementText(l), RlCandidateModel::enginesText(l),
                                    RlCandidateModel::trainerText(l), RlAnswerText::memoryText(c.best.step)),
        8.5));
    auto table = std::make_shared<Table>();
    table->headers = RlAnswerText::phaseHeaders();
    table->widths = { 1.6, 1.8, 0.9, 0.9, 1.2, 0.6 };
    table->alignments = { Qt::AlignLeft, Qt::AlignLeft, Qt::AlignRight, Qt::AlignRight, Qt::AlignRight, Qt::AlignLeft };
    for (const QStringList& row : RlAnswerText::phaseRows(c))
        table->addRow(row);
    blocks.push_back(std::make_unique<TableBlock>(table));
    const gp::RlCandidateAnswer copy = c;
    blocks.push_back(
        std::make_unique<ChartBlock>([copy] { return buildRlMemoryChart(copy, ChartOptions {}); }, 70, families));
}

} // namespace

void appendRlReport(Blocks& blocks, const ReportData& data, const QStringList& families)
{
    const gp::RlAnswer& answer = *data.evaluation->rl;
    blocks.push_back(std::make_unique<HeadingBlock>(RlReportText::tr("The answer")));
    blocks.push_back(rlText(RlAnswerText::recommendation(answer).join(QLatin1Char('\n')), 9.5, false, true));
    const QStringList others = RlAnswerText::whyOthersLose(answer, 30);
    if (!others.isEmpty()) {
        blocks.push_back(rlText(RlReportText::tr("Why the others lose"), 9.5, true));
        blocks.push_back(rlText(others.join(QLatin1Char('\n')), 8.5, false, true));
    }
    rlQuestion(blocks, data);
    rlCandidatesTable(blocks, answer);
    ChartOptions options;
    options.maxCandidates = data.chartCandidates;
    auto shared = data.evaluation->rl;
    auto chart = std::make_unique<ChartBlock>([shared, options] { return buildRlPhaseChart(*shared, options); },
        std::min(200.0, 40.0 + 9.0 * std::min<double>(double(options.maxCandidates), double(answer.candidates.size()))),
        families);
    chart->pageBreakBefore = true;
    blocks.push_back(std::move(chart));
    int detailed = 0;
    for (const gp::RlCandidateAnswer& c : answer.candidates)
        if (c.fits && detailed++ < kRlDetailedCandidates)
            rlCandidateDetail(blocks, c, families);
    blocks.push_back(std::make_unique<HeadingBlock>(RlReportText::tr("How it is modelled")));
    blocks.push_back(rlText(RlReportText::tr("Rollout with the serving engine's step model and the long tail of "
                                             "response lengths; forwards and training with the training model at the "
                                             "trainer's layout; weight sync over the GPUs' links. Sources and "
                                             "accuracy: docs/rl-post-training.md."),
        8.5));
    const auto set = ReportBuilder::setInThePlanRows(data.plan);
    if (!set.empty()) {
        blocks.push_back(rlText(RlReportText::tr("Set in the plan"), 9, true));
        blocks.push_back(std::make_unique<KeyValueBlock>(set, 2));
    }
}

} // namespace gpui::report
