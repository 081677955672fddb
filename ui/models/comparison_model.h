// Side-by-side table of the evaluated candidates, one row each, in the evaluation's ranked order.
#pragma once

#include "evaluation.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

namespace gpui
{

class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Rank,
        Candidate,
        Gpu,
        GpuCount,
        Nodes,
        Configuration,
        Replicas, // serving: copies of the model
        ConcurrencyPerReplica, // serving: requests in flight per replica at the operating point
        MemoryPerGpu,
        Headroom,
        Fits,
        TokensPerSecond,
        Ttft, // serving: mean time to first token
        Tpot, // serving: mean time per output token
        TtftP99, // serving: 99th percentile of the time to first token
        TpotP99, // serving: 99th percentile of the time per output token
        OutputTokensPerSecond, // serving: per replica
        Limit, // serving: what caps the operating point
        MeetsSlo, // serving
        Mfu,
        Days,
        GpuHours,
        RankedCost, // the cost the answer ranks by, under the cheapest billing mode the plan counts
        CostPerMillionOutputTokens, // serving
        MonthlyCost, // serving
        PricePerHour,
        CostOnDemand,
        CostMonthly,
        CostReserved,
        CostSpot,
        Bottleneck,
        Warnings,
        PrefillDecode, // serving: prefill and decode pools apart, "2:3" (P:D replicas), empty when aggregated
        KvTransfer, // serving: seconds one request's KV cache takes from prefill to decode
        LoraAdapters, // serving: LoRA adapters per replica on the GPUs, of those the traffic uses ("4 of 16")
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role { SortRole = Qt::UserRole, ResultIndexRole, FitsRole };

    explicit ComparisonModel(QObject* parent = nullptr);
    ~ComparisonModel() override;

    void setEvaluation(EvaluationPtr evaluation);
    EvaluationPtr evaluation() const { return m_evaluation; }
    const gp::CandidateResult* result(int row) const;

    // Stable key of a column for settings ("tokens_per_second").
    static QString columnKey(int column);
    static int columnForKey(const QString& key);
    // Columns shown when the user has not chosen.
    static bool hiddenByDefault(int column);
    // Columns whose figures only the serving mode has, and those it has none of (training and one-batch inference).
    static bool servingOnly(int column);
    static bool notServing(int column);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Re-words headers and cells after a language change.
    void retranslate();

private:
    QVariant display(const gp::CandidateResult& r, int row, int column) const;
    QVariant sortValue(const gp::CandidateResult& r, int row, int column) const;
    QString toolTip(const gp::CandidateResult& r, int column) const;
    // What a view draws and sorts by in every cell, row-major (to tell which cells a new evaluation changes).
    std::vector<QVariant> cellLooks() const;

    EvaluationPtr m_evaluation;
};

// Sorts by ComparisonModel::SortRole; optionally hides candidates that do not fit.
class ComparisonProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit ComparisonProxyModel(QObject* parent = nullptr);
    ~ComparisonProxyModel() override;

    void setFittingOnly(bool fittingOnly);
    bool fittingOnly() const { return m_fittingOnly; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool m_fittingOnly = false;
};

} // namespace gpui
