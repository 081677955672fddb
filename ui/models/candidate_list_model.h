// The plan's candidates (catalog instances and on-premise machines) as a table for the candidates panel.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <QAbstractTableModel>

#include <memory>

namespace gpui
{

class CandidateListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Candidate, Gpu, GpusPerNode, Nodes, Mig, PricePerHour, ColumnCount };
    Q_ENUM(Column)

    explicit CandidateListModel(QObject* parent = nullptr);
    ~CandidateListModel() override;

    void setCandidates(const std::vector<gp::CandidateSpec>& candidates, std::shared_ptr<const gp::Catalog> catalog,
        const QString& planCurrency);
    const gp::CandidateSpec* candidate(int row) const;
    // What the user sees for a candidate: its label, the instance name, or "4 x GPU name".
    static QString displayName(const gp::CandidateSpec& candidate, const gp::Catalog& catalog);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // The MIG profiles a candidate may be sliced into (candidates[].mig): its GPU's, on an instance or on a machine of
    // one GPU; empty where its GPU has none.
    static std::vector<gp::MigProfile> migChoices(const gp::CandidateSpec& candidate, const gp::Catalog& catalog);
    // How a MIG profile reads in the table and its editor: "1g.10gb (9.75 GiB, 1/7 of the SMs, 7 per GPU)".
    static QString migText(const gp::MigProfile& profile, const gp::GpuSpec& gpu);

    // Nodes (0 = "auto") are editable on every row, GPUs per node on on-premise machines, the MIG slice (its profile
    // name, "" for whole GPUs) where the GPU has MIG profiles.
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    // The user edited a cell; `candidate` is the row's new value (the plan is not changed here).
    void candidateEdited(int row, const gp::CandidateSpec& candidate);

private:
    bool setMig(const QModelIndex& index, const std::string& profile);

    std::vector<gp::CandidateSpec> m_candidates;
    std::shared_ptr<const gp::Catalog> m_catalog;
    QString m_currency;
};

} // namespace gpui
