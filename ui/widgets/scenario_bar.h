// The scenario bar: the base plan and its named scenarios as tabs, with add, duplicate, rename, delete and
// Compare. Structural edits come out as a new plan (recorded on the undo stack by the window); switching tabs
// changes which plan the window shows and edits.
#pragma once

#include "plan/plan.h"
#include "plan/scenarios.h"
#include "plan_document.h"

#include <QWidget>

class QTabBar;
class QToolButton;

namespace gpui
{

class ScenarioBar : public QWidget
{
    Q_OBJECT
public:
    explicit ScenarioBar(QWidget* parent = nullptr);
    ~ScenarioBar() override;

    // Shows the base plan's scenarios; the active scenario stays when it still exists (else the base plan).
    void setPlan(const gp::Plan& base);
    // -1: the base plan; else an index into gp::planScenarios(plan).
    int activeScenario() const { return m_active; }
    void setActiveScenario(int index);
    // Makes the base plan the active one without announcing it (before another plan replaces this one).
    void showBasePlan();

    // The edits the buttons make, for tests and the buttons alike (each emits planEdited).
    void addScenario();
    void duplicateScenario();
    void renameScenario(int index, const QString& name);
    void deleteScenario(int index);

    // A name no scenario of the plan has: `stem`, or "stem 2", "stem 3", ...
    static QString uniqueName(const std::vector<gp::Scenario>& scenarios, const QString& stem);

signals:
    void activeScenarioChanged(int index);
    void planEdited(const gp::Plan& plan, const gpui::EditText& describe, int mergeId);
    void compareRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rebuildTabs();
    void updateButtons(); // what the buttons allow for the scenarios and the chosen tab
    void askRename();
    // Emits planEdited for the base plan holding `scenarios`.
    void emitScenarios(const std::vector<gp::Scenario>& scenarios, EditText describe);

    gp::Plan m_plan;
    std::vector<gp::Scenario> m_scenarios; // gp::planScenarios(m_plan)
    int m_active = -1;
    QTabBar* m_tabs;
    QToolButton* m_add;
    QToolButton* m_duplicate;
    QToolButton* m_rename;
    QToolButton* m_delete;
    QToolButton* m_compare;
};

} // namespace gpui
