// The Budget view: a team's budget (.gpubudget) answered by the core's gp::answerBudget — the timeline of items,
// the stacked monthly spend with the cap, the fleet table, caps broken and buy or rent — with what-if edits
// (traffic x, items later, another region) answered as you type on the thread pool, and the PDF/CSV report.
#pragma once

#include "budget/budget.h"
#include "budget/budget_answer.h"
#include "budget/budget_what_if.h"

#include <QDialog>

#include <QModelIndex>

#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace gpui
{

class BudgetFleetModel;
class BudgetSpendChart;
class BudgetTimeline;
class JobProgress;
class JobRunner;

using BudgetAnswerPtr = std::shared_ptr<const gp::BudgetAnswer>;

class BudgetView : public QDialog
{
    Q_OBJECT
public:
    explicit BudgetView(QWidget* parent = nullptr);
    ~BudgetView() override;

    // Reads a .gpubudget and the plans it names, and answers it; false with the reason when it cannot be read.
    bool openBudget(const QString& path, QString* error = nullptr);
    // Answers `budget` (its plans read already) with the current what-if.
    void setBudget(gp::Budget budget);
    void setCatalog(std::shared_ptr<const gp::Catalog> catalog);
    void setWhatIf(const gp::BudgetWhatIf& whatIf); // also what the controls set
    BudgetAnswerPtr answer() const { return m_answer; }
    const gp::Budget& budget() const { return *m_budget; }
    QString summaryText() const;
    QString capBannerText() const; // "" when no cap breaks
    BudgetFleetModel* fleetModel() const { return m_fleetModel; }
    // Writes the answer's CSV or PDF report on a worker thread (progress and Cancel below the view); returns whether
    // it started. jobs() tells how it ended; an error is shown naming the file, a cancelled export writes nothing.
    bool exportCsvTo(const QString& path);
    bool exportPdfTo(const QString& path);
    JobRunner* jobs() const { return m_jobs; }

    // The words of the answer, shared with the report.
    static QString summary(const gp::BudgetAnswer& answer);
    static QString itemNote(const gp::ItemBudget& item);
    static QStringList capLines(const gp::BudgetAnswer& answer);
    // "months 6–12" / "第 6–12 个月": one month, a run of months or a list (a monthly cap's break).
    static QString monthsText(const std::vector<int>& months);
    static QString buyOrRentLine(const gp::BuyOrRentAnswer& option, const QString& currency);

signals:
    void answerReady();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslate();
    void recompute();
    void render();
    void fillWhatIfChoices();
    void growFleetColumns(); // the columns of the cells an edit changed grow to fit them
    void showCapBanner(const QString& text);
    void readControls();
    void exportCsv();
    void exportPdf();
    bool startExport(
        const QString& title, const QString& path, bool (*write)(const gp::BudgetAnswer&, const QString&, QString*));

    std::shared_ptr<const gp::Budget> m_budget; // never null; answers share it (an edit copies none on the UI thread)
    gp::BudgetWhatIf m_whatIf;
    std::shared_ptr<const gp::Catalog> m_catalog;
    std::shared_ptr<gp::BudgetPlanCache> m_cache;
    BudgetAnswerPtr m_answer;
    QPushButton* m_open;
    QPushButton* m_csv;
    QPushButton* m_pdf;
    QLabel* m_itemLabel;
    QComboBox* m_item;
    QLabel* m_trafficLabel;
    QDoubleSpinBox* m_traffic;
    QLabel* m_delayLabel;
    QSpinBox* m_delay;
    QLabel* m_regionLabel;
    QComboBox* m_region;
    QLabel* m_capBanner; // the caps broken, at the top of the view (hidden when none is)
    QLabel* m_summary;
    QLabel* m_status;
    BudgetTimeline* m_timeline;
    BudgetSpendChart* m_chart;
    BudgetFleetModel* m_fleetModel;
    QTableView* m_fleet;
    QLabel* m_details;
    JobRunner* m_answerJobs; // the budget's answer (the newest edit wins)
    JobRunner* m_jobs; // exports
    JobProgress* m_jobProgress;
    QTimer* m_computingNote; // says "Computing…" when an answer is slow
    std::vector<QModelIndex> m_changedFleetCells; // by the fleet model's last setAnswer
    bool m_filling = false;
};

} // namespace gpui
