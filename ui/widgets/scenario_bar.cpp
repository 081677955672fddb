// The scenario bar.
#include "widgets/scenario_bar.h"

#include "plan/scenarios.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QTabBar>
#include <QToolButton>

namespace gpui
{

ScenarioBar::ScenarioBar(QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabBar)
    , m_add(new QToolButton)
    , m_duplicate(new QToolButton)
    , m_rename(new QToolButton)
    , m_delete(new QToolButton)
    , m_compare(new QToolButton)
{
    setObjectName(QStringLiteral("scenarioBar"));
    m_tabs->setObjectName(QStringLiteral("scenarioTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setExpanding(false);
    m_tabs->setUsesScrollButtons(true);
    m_tabs->setElideMode(Qt::ElideRight);
    m_add->setObjectName(QStringLiteral("scenarioAdd"));
    m_duplicate->setObjectName(QStringLiteral("scenarioDuplicate"));
    m_rename->setObjectName(QStringLiteral("scenarioRename"));
    m_delete->setObjectName(QStringLiteral("scenarioDelete"));
    m_compare->setObjectName(QStringLiteral("scenarioCompare"));
    for (QToolButton* b : { m_add, m_duplicate, m_rename, m_delete, m_compare })
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(4);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_add);
    layout->addWidget(m_duplicate);
    layout->addWidget(m_rename);
    layout->addWidget(m_delete);
    layout->addSpacing(8);
    layout->addWidget(m_compare);
    connect(m_tabs, &QTabBar::currentChanged, this, [this](int tab) {
        const int index = tab - 1;
        if (index == m_active || tab < 0)
            return;
        m_active = index;
        m_rename->setEnabled(m_active >= 0);
        m_delete->setEnabled(m_active >= 0);
        emit activeScenarioChanged(m_active);
    });
    connect(m_tabs, &QTabBar::tabBarDoubleClicked, this, [this](int tab) {
        if (tab > 0)
            askRename();
    });
    connect(m_add, &QToolButton::clicked, this, &ScenarioBar::addScenario);
    connect(m_duplicate, &QToolButton::clicked, this, &ScenarioBar::duplicateScenario);
    connect(m_rename, &QToolButton::clicked, this, &ScenarioBar::askRename);
    connect(m_delete, &QToolButton::clicked, this, [this] { deleteScenario(m_active); });
    connect(m_compare, &QToolButton::clicked, this, &ScenarioBar::compareRequested);
    retranslate();
    rebuildTabs();
}

ScenarioBar::~ScenarioBar() = default;

void ScenarioBar::setPlan(const gp::Plan& base)
{
    m_plan = base;
    m_scenarios = gp::planScenarios(base);
    if (m_active >= int(m_scenarios.size()))
        m_active = -1;
    rebuildTabs();
}

void ScenarioBar::setActiveScenario(int index)
{
    if (index < -1 || index >= int(m_scenarios.size()))
        index = -1;
    m_tabs->setCurrentIndex(index + 1); // emits activeScenarioChanged when it changes
}

void ScenarioBar::showBasePlan()
{
    m_active = -1;
    rebuildTabs(); // signals blocked: nothing is announced
}

QString ScenarioBar::uniqueName(const std::vector<gp::Scenario>& scenarios, const QString& stem)
{
    auto taken = [&scenarios](const QString& name) {
        for (const gp::Scenario& s : scenarios)
            if (QString::fromStdString(s.name) == name)
                return true;
        return false;
    };
    QString name = stem;
    for (int n = 2; taken(name); ++n)
        name = QStringLiteral("%1 %2").arg(stem).arg(n);
    return name;
}

void ScenarioBar::emitScenarios(const std::vector<gp::Scenario>& scenarios, EditText describe)
{
    gp::Plan plan = m_plan;
    gp::setPlanScenarios(plan, scenarios);
    emit planEdited(plan, describe, -1);
}

void ScenarioBar::addScenario()
{
    if (m_scenarios.size() >= gp::kMaxScenarios)
        return;
    std::vector<gp::Scenario> scenarios = m_scenarios;
    const QString name = uniqueName(scenarios, tr("Scenario %1").arg(scenarios.size() + 1));
    scenarios.push_back({ name.toStdString(), nlohmann::json::object() });
    m_active = int(scenarios.size()) - 1; // the new scenario is the one edited next
    emitScenarios(scenarios, [name] { return tr("Add scenario \"%1\"").arg(name); });
    emit activeScenarioChanged(m_active);
}

void ScenarioBar::duplicateScenario()
{
    if (m_scenarios.size() >= gp::kMaxScenarios)
        return;
    std::vector<gp::Scenario> scenarios = m_scenarios;
    const bool fromScenario = m_active >= 0 && m_active < int(scenarios.size());
    const QString source
        = fromScenario ? QString::fromStdString(scenarios[std::size_t(m_active)].name) : tr("Base plan");
    const QString name = uniqueName(scenarios, tr("%1 copy").arg(source));
    gp::Scenario copy { name.toStdString(),
        fromScenario ? scenarios[std::size_t(m_active)].overrides : nlohmann::json::object() };
    scenarios.push_back(std::move(copy));
    m_active = int(scenarios.size()) - 1;
    emitScenarios(scenarios, [name] { return tr("Duplicate scenario as \"%1\"").arg(name); });
    emit activeScenarioChanged(m_active);
}

void ScenarioBar::renameScenario(int index, const QString& name)
{
    const QString trimmed = name.trimmed();
    if (index < 0 || index >= int(m_scenarios.size()) || trimmed.isEmpty())
        return;
    if (QString::fromStdString(m_scenarios[std::size_t(index)].name) == trimmed)
        return;
    std::vector<gp::Scenario> scenarios = m_scenarios;
    const QString unique = uniqueName(scenarios, trimmed);
    scenarios[std::size_t(index)].name = unique.toStdString();
    emitScenarios(scenarios, [unique] { return tr("Rename scenario to \"%1\"").arg(unique); });
}

void ScenarioBar::deleteScenario(int index)
{
    if (index < 0 || index >= int(m_scenarios.size()))
        return;
    std::vector<gp::Scenario> scenarios = m_scenarios;
    const QString name = QString::fromStdString(scenarios[std::size_t(index)].name);
    scenarios.erase(scenarios.begin() + index);
    if (m_active >= index)
        m_active = m_active == index ? -1 : m_active - 1;
    emitScenarios(scenarios, [name] { return tr("Delete scenario \"%1\"").arg(name); });
    emit activeScenarioChanged(m_active);
}

void ScenarioBar::askRename()
{
    if (m_active < 0)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename Scenario"), tr("Scenario name:"), QLineEdit::Normal,
        QString::fromStdString(m_scenarios[std::size_t(m_active)].name), &ok);
    if (ok)
        renameScenario(m_active, name);
}

void ScenarioBar::rebuildTabs()
{
    const QSignalBlocker block(m_tabs);
    // Every edit of the plan comes through here: when the tabs already say the same, they stay as they are (a
    // rebuilt tab bar repaints on every change of any input).
    bool same = m_tabs->count() == int(m_scenarios.size()) + 1 && m_tabs->currentIndex() == m_active + 1
        && m_tabs->tabText(0) == tr("Base plan");
    for (int i = 0; same && i < int(m_scenarios.size()); ++i)
        same = m_tabs->tabText(i + 1) == QString::fromStdString(m_scenarios[size_t(i)].name);
    if (same) {
        updateButtons();
        return;
    }
    while (m_tabs->count() > 0)
        m_tabs->removeTab(m_tabs->count() - 1);
    m_tabs->addTab(tr("Base plan"));
    for (const gp::Scenario& s : m_scenarios)
        m_tabs->addTab(QString::fromStdString(s.name));
    m_tabs->setCurrentIndex(m_active + 1);
    updateButtons();
}

void ScenarioBar::updateButtons()
{
    m_rename->setEnabled(m_active >= 0);
    m_delete->setEnabled(m_active >= 0);
    m_duplicate->setEnabled(m_scenarios.size() < gp::kMaxScenarios);
    m_add->setEnabled(m_scenarios.size() < gp::kMaxScenarios);
    m_compare->setEnabled(!m_scenarios.empty());
}

void ScenarioBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        rebuildTabs();
    }
    QWidget::changeEvent(event);
}

void ScenarioBar::retranslate()
{
    m_add->setText(tr("Add Scenario"));
    m_add->setToolTip(tr("A new scenario: a named variant of the plan; edits made while it is chosen apply to it "
                         "only"));
    m_duplicate->setText(tr("Duplicate"));
    m_duplicate->setToolTip(tr("A new scenario with the chosen one's changes"));
    m_rename->setText(tr("Rename…"));
    m_delete->setText(tr("Delete"));
    m_compare->setText(tr("Compare…"));
    m_compare->setToolTip(tr("The plan and each scenario side by side: best candidate, cost and time"));
}

} // namespace gpui
