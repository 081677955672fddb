// The RL answer's candidates as a table (gp::RlAnswer, ranked best first): placement and pools, step time, the
// limiting phase, memory per GPU against what is usable, hours and cost, and why each other candidate loses.
#pragma once

#include "rl/rl_search.h"

#include <QAbstractTableModel>

#include <memory>

namespace gpui
{

class RlCandidateModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Rank,
        Candidate,
        Gpus,
        Placement,
        RolloutEngines,
        StepSeconds,
        LimitingPhase,
        PeakMemory,
        Fits,
        StepsPerHour,
        Hours,
        Cost,
        CostPer1000Prompts,
        WhyNot,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role { SortRole = Qt::UserRole }; // the number behind a figure (seconds, GiB, hours, plan currency)

    explicit RlCandidateModel(QObject* parent = nullptr);
    ~RlCandidateModel() override;

    void setAnswer(std::shared_ptr<const gp::RlAnswer> answer);
    const gp::RlAnswer* answer() const { return m_answer.get(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Where a candidate's roles run, in words: "Colocated on 8 GPUs" or "Separate: 4 rollout + 4 training GPUs".
    static QString placementText(const gp::RlLayout& layout);
    // The rollout engines: "4 engines x 2 GPUs (tensor parallel)".
    static QString enginesText(const gp::RlLayout& layout);
    // The trainer's layout: "ZeRO-3, optimizer offload, full recomputation".
    static QString trainerText(const gp::RlLayout& layout);
    // Why a candidate is not the recommendation (its first reason), or why it does not fit; "" for the recommendation.
    static QString whyNotText(const gp::RlAnswer& answer, std::size_t index);

    void retranslate();

private:
    std::shared_ptr<const gp::RlAnswer> m_answer;
};

} // namespace gpui
