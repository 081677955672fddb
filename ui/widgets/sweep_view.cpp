// The sweep view.
#include "widgets/sweep_view.h"

#include "core_text.h"
#include "plan/plan_fields.h"
#include "plan/scenarios.h"
#include "widgets/inputs/field_text.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

namespace gpui
{

const std::vector<SweepView::Field>& SweepView::fields()
{
    // The candidates' node and GPU counts (a list the field table does not hold), then the table's sweepable fields.
    static const std::vector<Field> list = [] {
        std::vector<Field> fields { { "candidates[*].nodes", "1, 2, 4, 8" },
            { "candidates[*].gpus_per_node", "1, 2, 4, 8" } };
        for (const gp::PlanField* f : gp::sweepableFields())
            fields.push_back({ f->path.data(), f->sweepValues.data() }); // literals: NUL-terminated
        return fields;
    }();
    return list;
}

SweepView::SweepView(QWidget* parent)
    : ScenarioCompareView(parent)
    , m_fieldLabel(new QLabel)
    , m_field(new QComboBox)
    , m_valuesLabel(new QLabel)
    , m_values(new QLineEdit)
    , m_run(new QPushButton)
    , m_error(new QLabel)
{
    setObjectName(QStringLiteral("sweepView"));
    m_field->setObjectName(QStringLiteral("sweepField"));
    m_values->setObjectName(QStringLiteral("sweepValues"));
    m_error->setObjectName(QStringLiteral("sweepError"));
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->setWordWrap(true);
    m_error->setVisible(false);
    m_fieldLabel->setBuddy(m_field);
    m_valuesLabel->setBuddy(m_values);
    auto* row = new QHBoxLayout;
    row->addWidget(m_fieldLabel);
    row->addWidget(m_field, 1);
    row->addWidget(m_valuesLabel);
    row->addWidget(m_values, 2);
    row->addWidget(m_run);
    mainLayout()->insertLayout(0, row);
    mainLayout()->insertWidget(1, m_error);
    for (std::size_t i = 0; i < fields().size(); ++i)
        m_field->addItem(QString());
    connect(m_field, &QComboBox::activated, this, [this](int index) { setField(index); });
    connect(m_run, &QPushButton::clicked, this, &SweepView::run);
    connect(m_values, &QLineEdit::returnPressed, this, &SweepView::run);
    retranslateSweep();
    setField(2);
}

SweepView::~SweepView() = default;

void SweepView::setPlan(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog)
{
    m_plan = plan;
    gp::setPlanScenarios(m_plan, {});
    m_catalog = std::move(catalog);
}

void SweepView::setField(int index)
{
    if (index < 0 || index >= int(fields().size()))
        return;
    m_field->setCurrentIndex(index);
    m_values->setText(QString::fromLatin1(fields()[std::size_t(index)].values));
}

void SweepView::setValues(const QString& values)
{
    m_values->setText(values);
}

bool SweepView::run()
{
    const int index = m_field->currentIndex();
    if (index < 0 || !m_catalog)
        return false;
    std::vector<nlohmann::json> values;
    for (const QString& item : m_values->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const std::string text = item.trimmed().toStdString();
        nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
        values.push_back(value.is_discarded() || value.is_structured() ? nlohmann::json(text) : value);
    }
    auto swept = gp::sweepPlan(m_plan, fields()[std::size_t(index)].path, values);
    if (!swept) {
        m_error->setText(CoreText::error(swept.error()));
        m_error->setVisible(true);
        return false;
    }
    m_error->setVisible(false);
    compare(*swept, m_catalog);
    return true;
}

QString SweepView::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

void SweepView::changeEvent(QEvent* event)
{
    ScenarioCompareView::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateSweep();
}

void SweepView::retranslateSweep()
{
    setWindowTitle(tr("Sweep"));
    m_fieldLabel->setText(tr("&Vary:"));
    m_valuesLabel->setText(tr("V&alues:"));
    m_values->setToolTip(tr("Values separated by commas; each one is a scenario answered like the plan"));
    m_run->setText(tr("&Sweep"));
    QStringList names { tr("Nodes (every candidate)"), tr("GPUs per node (bare GPUs)") };
    for (const gp::PlanField* f : gp::sweepableFields()) // fractions are swept as fractions (0.1 = 10%)
        names << (f->unit == gp::FieldUnit::Fraction
                ? tr("%1 (%2–%3)").arg(FieldText::label(f->path), QString::number(f->min), QString::number(f->max))
                : FieldText::label(f->path));
    for (int i = 0; i < m_field->count() && i < names.size(); ++i)
        m_field->setItemText(i, names[i]);
}

} // namespace gpui
