// The plan's candidates: pick from the catalog, add on-premise machines, edit prices, remove.
#pragma once

#include "plan/plan.h"
#include "plan_document.h"

#include <QWidget>

#include <map>
#include <optional>
#include <string>

class QLabel;
class QPushButton;
class QTableView;

namespace gpui
{

class CandidateListModel;
class CatalogStore;
class Settings;

class CandidatesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CandidatesPanel(CatalogStore* store, QWidget* parent = nullptr);
    ~CandidatesPanel() override;

    void setPlan(const gp::Plan& plan);
    // Where the catalog dialog's size is remembered (optional).
    void setSettings(Settings* settings) { m_settings = settings; }
    CandidateListModel* model() const { return m_model; }

    // Replaces the plan's catalog-instance candidates by `instanceIds`, keeping on-premise machines and the
    // settings (nodes, quotes) of instances that stay. Emits planEdited.
    // `regions`, when given, become the plan's billing.regions (the catalog dialog's region choice).
    void applyCatalogChoice(const QStringList& instanceIds,
        const std::optional<std::map<std::string, std::string>>& regions = std::nullopt);
    // Adds a bare-GPU candidate (an on-premise machine). Emits planEdited.
    void addMachine(const gp::CandidateSpec& machine);
    QTableView* view() const { return m_view; }

public slots:
    void chooseFromCatalog();
    void addOnPremise();
    void editPrice();
    void removeSelected();

signals:
    void planEdited(const gp::Plan& plan, const gpui::EditText& describe, int mergeId);
    void errorOccurred(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();
    void editCandidate(int row, const gp::CandidateSpec& candidate);
    int currentRow() const;

    CatalogStore* m_store;
    Settings* m_settings = nullptr;
    gp::Plan m_plan;
    CandidateListModel* m_model;
    QTableView* m_view;
    QLabel* m_hint;
    QPushButton* m_choose;
    QPushButton* m_onPrem;
    QPushButton* m_price;
    QPushButton* m_remove;
};

} // namespace gpui
