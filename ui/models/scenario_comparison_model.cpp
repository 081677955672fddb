// The Compare view's table model.
#include "models/scenario_comparison_model.h"

#include "billing_mode_text.h"
#include "core_text.h"
#include "number_format.h"
#include "plan/billing_modes.h"
#include "plan/plan_fields.h"
#include "plan/scenarios.h"
#include "widgets/inputs/field_text.h"

#include <QBrush>
#include <QColor>

#include <cmath>
#include <optional>
#include <utility>

namespace gpui
{

namespace
{

// The cost columns are the billing-mode table's rows, in its order.
static_assert(
    ScenarioComparisonModel::CostSpot - ScenarioComparisonModel::CostOnDemand + 1 == int(gp::kBillingModeCount),
    "one cost column per billing mode (plan/billing_modes.h)");

// The cost under a cost column's billing mode; nullptr for another column or a mode the row has no cost under.
const gp::ModeCost* costOfColumn(const gp::ScenarioHeadline& h, int column)
{
    if (column < ScenarioComparisonModel::CostOnDemand || column > ScenarioComparisonModel::CostSpot)
        return nullptr;
    const gp::BillingMode mode = gp::billingModes()[std::size_t(column - ScenarioComparisonModel::CostOnDemand)].mode;
    for (const gp::ModeCost& c : h.costs)
        if (c.mode == mode)
            return &c;
    return nullptr;
}

QString currencyOf(const gp::ScenarioRow& row)
{
    return row.answer ? QString::fromStdString(row.answer->currency) : QStringLiteral("CNY");
}

bool inference(const gp::ScenarioRow& row)
{
    return row.answer && row.answer->mode == gp::Mode::Inference;
}

QString moneyText(double amount, const gp::ScenarioRow& row)
{
    const QString money = formatMoney(amount, currencyOf(row));
    return inference(row) ? ScenarioComparisonModel::tr("%1 / M tokens").arg(money) : money;
}

QString signedPercent(const std::optional<double>& percent)
{
    if (!percent)
        return {};
    return QStringLiteral(" (%1%2%)").arg(*percent > 0 ? QStringLiteral("+") : QString(), formatNumber(*percent, 1));
}

} // namespace

ScenarioComparisonModel::ScenarioComparisonModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

ScenarioComparisonModel::~ScenarioComparisonModel() = default;

void ScenarioComparisonModel::setComparison(ScenarioComparisonPtr comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

namespace
{

// A sweep's row, named "PATH=VALUE" (gp::sweepPlan), for a field of the plan's table: the field's label and the value
// in the user's words and units ("Sequence length", "2,048"). Nothing for any other name.
std::optional<std::pair<QString, QString>> sweptField(const gp::ScenarioRow& row)
{
    const QString name = QString::fromStdString(row.name);
    const qsizetype at = name.indexOf(QLatin1Char('='));
    if (row.base || at <= 0)
        return std::nullopt;
    const std::string path = name.left(at).toStdString();
    const gp::PlanField* field = gp::findPlanField(path);
    const QString label = field ? FieldText::label(path) : QString();
    if (label.isEmpty())
        return std::nullopt;
    const std::string text = name.mid(at + 1).toStdString();
    nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
    if (value.is_discarded())
        value = text; // a string value is written bare
    if (gp::sweepValueText(value) != text)
        return std::nullopt; // not a sweep's name after all
    return std::make_pair(label, FieldText::value(*field, value));
}

} // namespace

QString ScenarioComparisonModel::rowName(const gp::ScenarioRow& row)
{
    if (row.base)
        return tr("Base plan");
    // A sweep's row as the changes column says it ("Sequence length = 2,048"), not the file's path
    // ("workload.sequence_length=2048", English in the Chinese window).
    if (const auto swept = sweptField(row))
        return tr("%1 = %2").arg(swept->first, swept->second);
    return QString::fromStdString(row.name);
}

QString ScenarioComparisonModel::sweepValue(const gp::ScenarioRow& row)
{
    const auto swept = sweptField(row);
    return swept ? swept->second : QString();
}

QString ScenarioComparisonModel::changesText(const gp::ScenarioRow& row)
{
    if (row.changes.empty())
        return tr("no change");
    QStringList parts;
    for (const gp::PlanChange& change : row.changes) {
        // A field of the plan's table in the user's words and units ("Sequence length: 4,096 → 16,384"); any other
        // path (the candidates, an architecture field) as the file writes it.
        const gp::PlanField* field = gp::findPlanField(change.path);
        auto value = [field](const nlohmann::json& v) {
            if (field)
                return FieldText::value(*field, v);
            return v.is_null() ? tr("default") : QString::fromStdString(gp::changeValueText(v));
        };
        const QString name = field ? FieldText::label(change.path) : QString();
        parts << tr("%1: %2 → %3")
                     .arg(name.isEmpty() ? QString::fromStdString(change.path) : name, value(change.from),
                         value(change.to));
    }
    return parts.join(QStringLiteral("; "));
}

int ScenarioComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_comparison ? 0 : int(m_comparison->rows.size());
}

int ScenarioComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScenarioComparisonModel::value(const gp::ScenarioRow& row, int column) const
{
    const gp::ScenarioHeadline& h = row.headline;
    if (row.error || !h.hasCandidate)
        return {};
    switch (column) {
    case Gpus:
        return h.gpus;
    case BestCost:
        return h.fits && h.figures.priced && std::isfinite(h.figures.cost) ? QVariant(h.figures.cost) : QVariant();
    case Hours:
        return h.fits && std::isfinite(h.figures.hours) ? QVariant(h.figures.hours) : QVariant();
    case CostOnDemand:
    case CostMonthly:
    case CostReserved:
    case CostSpot:
        if (const gp::ModeCost* c = costOfColumn(h, column))
            return c->cost;
        return {};
    case Headroom:
        return h.headroomBytes;
    case CostDifference:
        return row.delta.cost ? QVariant(*row.delta.cost) : QVariant();
    case HoursDifference:
        return row.delta.hours ? QVariant(*row.delta.hours) : QVariant();
    default:
        return {};
    }
}

QVariant ScenarioComparisonModel::display(const gp::ScenarioRow& row, int rowIndex, int column) const
{
    const bool isBaseline = m_comparison && std::size_t(rowIndex) == m_comparison->baseline;
    if (column == Scenario)
        return isBaseline ? tr("%1 (baseline)").arg(rowName(row)) : rowName(row);
    if (column == Changes)
        return isBaseline ? tr("baseline") : changesText(row);
    if (row.error)
        return column == Candidate ? QVariant(CoreText::error(*row.error)) : QVariant();
    const gp::ScenarioHeadline& h = row.headline;
    if (!h.hasCandidate)
        return column == Candidate ? tr("No candidate") : QVariant();
    switch (column) {
    case Candidate:
        return QString::fromStdString(h.candidate);
    case Gpus:
        return h.nodes > 1 ? tr("%1 (%2 nodes)").arg(h.gpus).arg(h.nodes) : QString::number(h.gpus);
    case Configuration:
        return CoreText::configuration(h.configuration);
    case Fits:
        if (!h.fits)
            return tr("No");
        return h.meetsObjective ? tr("Yes") : tr("Yes, misses the objective");
    case BestCost: {
        const QVariant v = value(row, column);
        if (!v.isValid())
            return QStringLiteral("-");
        return tr("%1 (%2)").arg(moneyText(v.toDouble(), row), windowBillingMode(h.figures.mode));
    }
    case Hours: {
        const QVariant v = value(row, column);
        return v.isValid() ? formatHours(v.toDouble()) : QStringLiteral("-");
    }
    case CostOnDemand:
    case CostMonthly:
    case CostReserved:
    case CostSpot: {
        const QVariant v = value(row, column);
        return v.isValid() ? moneyText(v.toDouble(), row) : QStringLiteral("-");
    }
    case Headroom:
        return formatBytes(h.headroomBytes);
    case CostDifference: {
        if (isBaseline)
            return tr("baseline");
        if (!row.delta.cost)
            return QStringLiteral("-");
        const double d = *row.delta.cost;
        return QString((d > 0          ? QStringLiteral("+")
                               : d < 0 ? QStringLiteral("-")
                                       : QString())
            + moneyText(std::fabs(d), row) + signedPercent(row.delta.costPercent));
    }
    case HoursDifference: {
        if (isBaseline)
            return tr("baseline");
        if (!row.delta.hours)
            return QStringLiteral("-");
        const double d = *row.delta.hours;
        return QString((d > 0          ? QStringLiteral("+")
                               : d < 0 ? QStringLiteral("-")
                                       : QString())
            + formatHours(std::fabs(d)) + signedPercent(row.delta.hoursPercent));
    }
    default:
        return {};
    }
}

QVariant ScenarioComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_comparison || index.row() >= int(m_comparison->rows.size()))
        return {};
    const gp::ScenarioRow& row = m_comparison->rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.row(), index.column());
    case ValueRole:
        return value(row, index.column());
    case SortRole: {
        const QVariant v = value(row, index.column());
        return v.isValid() ? v : display(row, index.row(), index.column());
    }
    case Qt::TextAlignmentRole:
        return index.column() >= Gpus && index.column() != Configuration && index.column() != Fits
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (row.error)
            return CoreText::error(*row.error);
        if (index.column() == Changes)
            return display(row, index.row(), Changes);
        if (index.column() == Headroom)
            return tr("Memory per GPU: %1 of %2 usable")
                .arg(formatBytes(row.headline.memoryBytes), formatBytes(row.headline.usableBytes));
        return {};
    case Qt::ForegroundRole:
        if (row.error || (row.headline.hasCandidate && !row.headline.fits))
            return QBrush(QColor(0xc0, 0x39, 0x2b));
        return {};
    default:
        return {};
    }
}

QVariant ScenarioComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Scenario:
        return tr("Scenario");
    case Changes:
        return tr("Changes from baseline");
    case Candidate:
        return tr("Best candidate");
    case Gpus:
        return tr("GPUs");
    case Configuration:
        return tr("Configuration");
    case Fits:
        return tr("Fits");
    case BestCost:
        return tr("Cost");
    case Hours:
        return tr("Time");
    case CostOnDemand:
    case CostMonthly:
    case CostReserved:
    case CostSpot:
        return windowBillingMode(gp::billingModes()[std::size_t(section - CostOnDemand)].mode);
    case Headroom:
        return tr("Memory headroom");
    case CostDifference:
        return tr("Cost vs baseline");
    case HoursDifference:
        return tr("Time vs baseline");
    default:
        return {};
    }
}

void ScenarioComparisonModel::retranslate()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

} // namespace gpui
