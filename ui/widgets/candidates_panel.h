// The plan's candidates: pick from the catalog, add on-premise machines, edit prices, remove.
#pragma once

#include "plan/plan.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace gpui {

class CandidateListModel;
class CatalogStore;

class CandidatesPanel : public QWidget {
    Q_OBJECT
public:
    explicit CandidatesPanel(CatalogStore* store, QWidget* parent = nullptr);
    ~CandidatesPanel() override;

    void setPlan(const gp::Plan& plan);
    CandidateListModel* model() const { return m_model; }

    // Replaces the plan's catalog-instance candidates by `instanceIds`, keeping on-premise machines and the
    // settings (nodes, quotes) of instances that stay. Emits planEdited.
    void applyCatalogChoice(const QStringList& instanceIds);
    // Adds a bare-GPU candidate (an on-premise machine). Emits planEdited.
    void addMachine(const gp::CandidateSpec& machine);

public slots:
    void chooseFromCatalog();
    void addOnPremise();
    void editPrice();
    void removeSelected();

signals:
    void planEdited(const gp::Plan& plan, const QString& description, int mergeId);
    void errorOccurred(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();
    int currentRow() const;

    CatalogStore* m_store;
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
