#include "models/candidate_list_model.h"

#include "core_text.h"
#include "number_format.h"

#include <algorithm>

namespace gpui
{

CandidateListModel::CandidateListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

CandidateListModel::~CandidateListModel() = default;

void CandidateListModel::setCandidates(const std::vector<gp::CandidateSpec>& candidates,
    std::shared_ptr<const gp::Catalog> catalog, const QString& planCurrency)
{
    beginResetModel();
    m_candidates = candidates;
    m_catalog = std::move(catalog);
    m_currency = planCurrency;
    endResetModel();
}

const gp::CandidateSpec* CandidateListModel::candidate(int row) const
{
    return row >= 0 && row < int(m_candidates.size()) ? &m_candidates[size_t(row)] : nullptr;
}

QString CandidateListModel::displayName(const gp::CandidateSpec& c, const gp::Catalog& catalog)
{
    if (!c.label.empty())
        return QString::fromStdString(c.label);
    if (!c.instance.empty()) {
        const gp::InstanceSpec* spec = catalog.findInstance(c.instance);
        return spec ? QString::fromStdString(spec->name) : QString::fromStdString(c.instance);
    }
    const gp::GpuSpec* gpu = catalog.findGpu(c.gpu);
    return tr("%1 x %2")
        .arg(c.gpusPerNode)
        .arg(gpu ? QString::fromStdString(gpu->name) : QString::fromStdString(c.gpu));
}

std::vector<gp::MigProfile> CandidateListModel::migChoices(const gp::CandidateSpec& c, const gp::Catalog& catalog)
{
    const gp::InstanceSpec* spec = c.instance.empty() ? nullptr : catalog.findInstance(c.instance);
    if (!c.instance.empty() && !spec)
        return {};
    // A slice is one instance of one GPU: an on-premise machine is sliced only at one GPU per node (plan_parse).
    if (!spec && c.gpusPerNode != 1)
        return {};
    const gp::GpuSpec* gpu = catalog.findGpu(spec ? spec->gpu : c.gpu);
    return gpu ? gpu->migProfiles : std::vector<gp::MigProfile> {};
}

QString CandidateListModel::migText(const gp::MigProfile& p, const gp::GpuSpec& gpu)
{
    return tr("%1 (%2, %3/%4 of the SMs, %5 per GPU)")
        .arg(QString::fromStdString(p.name), formatBytes(p.memoryBytes))
        .arg(p.sms)
        .arg(gpu.smCount)
        .arg(p.instancesPerGpu);
}

int CandidateListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_candidates.size());
}

int CandidateListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CandidateListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_catalog)
        return {};
    const gp::CandidateSpec& c = m_candidates[size_t(index.row())];
    const gp::InstanceSpec* spec = c.instance.empty() ? nullptr : m_catalog->findInstance(c.instance);
    const std::string gpuId = spec ? spec->gpu : c.gpu;
    const gp::GpuSpec* gpu = m_catalog->findGpu(gpuId);
    if (role == Qt::ToolTipRole) {
        if (!c.instance.empty() && !spec)
            return tr("Not in the catalog: %1").arg(QString::fromStdString(c.instance));
        if (index.column() == Nodes)
            return tr("Nodes of this candidate; auto lets the planner choose up to Max nodes. Double-click to edit.");
        if (index.column() == GpusPerNode && c.instance.empty())
            return tr("GPUs in each machine. Double-click to edit.");
        if (index.column() == Mig) {
            if (migChoices(c, *m_catalog).empty())
                return gpu && !gpu->migProfiles.empty()
                    ? tr("A MIG slice is one GPU's: set GPUs per node to 1 to slice this machine's GPU.")
                    : tr("This GPU has no MIG profiles in the catalog.");
            const gp::MigProfile* p = gpu ? gpu->findMigProfile(c.mig) : nullptr;
            return QString((p ? migText(*p, *gpu) + QLatin1Char('\n') : QString())
                + tr("A MIG slice of the GPU: one serving replica per slice, priced at the slice's share of the "
                     "GPU. Double-click or press F2 to choose."));
        }
        // The full name, however narrow the column.
        const QString name = displayName(c, *m_catalog);
        return c.instance.empty() ? tr("%1 (on-premise machine)").arg(name)
                                  : (name == QString::fromStdString(c.instance)
                                          ? name
                                          : tr("%1 (%2)").arg(name, QString::fromStdString(c.instance)));
    }
    if (role == Qt::EditRole) {
        if (index.column() == Nodes)
            return c.nodes ? *c.nodes : 0;
        if (index.column() == GpusPerNode)
            return spec ? spec->gpus : c.gpusPerNode;
        if (index.column() == Mig)
            return QString::fromStdString(c.mig);
        return {};
    }
    if (role == Qt::TextAlignmentRole && index.column() >= GpusPerNode && index.column() != Mig)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Candidate:
        return displayName(c, *m_catalog);
    case Gpu: {
        // The vendor prefix repeats on every row of a narrow panel.
        QString name = gpu ? QString::fromStdString(gpu->name) : QString::fromStdString(gpuId);
        if (name.startsWith(QLatin1String("NVIDIA ")))
            name = name.mid(7);
        return name;
    }
    case GpusPerNode:
        return spec ? spec->gpus : c.gpusPerNode;
    case Nodes:
        return c.nodes ? QString::number(*c.nodes) : tr("auto");
    case Mig:
        return c.mig.empty() ? (migChoices(c, *m_catalog).empty() ? QString() : tr("whole GPU"))
                             : QString::fromStdString(c.mig);
    case PricePerHour:
        if (c.pricePerHour)
            return tr("%1 (quote)").arg(formatMoney(*c.pricePerHour, m_currency));
        if (spec && spec->price.onDemandPerHour)
            return formatMoney(*spec->price.onDemandPerHour, QString::fromStdString(spec->price.currency));
        return tr("n/a");
    default:
        return {};
    }
}

Qt::ItemFlags CandidateListModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    const gp::CandidateSpec* c = index.isValid() ? candidate(index.row()) : nullptr;
    if (c && (index.column() == Nodes || (index.column() == GpusPerNode && c->instance.empty())))
        f |= Qt::ItemIsEditable;
    if (c && index.column() == Mig && m_catalog && !migChoices(*c, *m_catalog).empty())
        f |= Qt::ItemIsEditable;
    return f;
}

bool CandidateListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    if (index.column() == Mig)
        return setMig(index, value.toString().toStdString());
    bool ok = false;
    const int v = value.toInt(&ok);
    if (!ok || v < 0)
        return false;
    gp::CandidateSpec c = m_candidates[size_t(index.row())];
    if (index.column() == Nodes)
        c.nodes = v > 0 ? std::optional<int>(v) : std::nullopt;
    else if (v > 0)
        c.gpusPerNode = v;
    else
        return false;
    if (c.instance.empty() && c.gpusPerNode != 1)
        c.mig.clear(); // a slice is one GPU's (plan_parse refuses mig on a machine of several)
    if (c.nodes == m_candidates[size_t(index.row())].nodes
        && c.gpusPerNode == m_candidates[size_t(index.row())].gpusPerNode)
        return false;
    m_candidates[size_t(index.row())] = c;
    emit dataChanged(index.siblingAtColumn(0), index.siblingAtColumn(ColumnCount - 1));
    emit candidateEdited(index.row(), c);
    return true;
}

bool CandidateListModel::setMig(const QModelIndex& index, const std::string& profile)
{
    gp::CandidateSpec c = m_candidates[size_t(index.row())];
    const std::vector<gp::MigProfile> choices = migChoices(c, *m_catalog);
    const bool known = profile.empty()
        || std::any_of(choices.begin(), choices.end(), [&](const gp::MigProfile& p) { return p.name == profile; });
    if (!known || profile == c.mig)
        return false;
    c.mig = profile;
    m_candidates[size_t(index.row())] = c;
    emit dataChanged(index.siblingAtColumn(0), index.siblingAtColumn(ColumnCount - 1));
    emit candidateEdited(index.row(), c);
    return true;
}

QVariant CandidateListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Candidate:
        return tr("Candidate");
    case Gpu:
        return tr("GPU");
    case GpusPerNode:
        return tr("GPUs/node");
    case Nodes:
        return tr("Nodes");
    case Mig:
        return tr("MIG slice");
    case PricePerHour:
        return tr("Price / h");
    default:
        return {};
    }
}

} // namespace gpui
