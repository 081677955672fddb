// The Budget view: a team's budget (.gpubudget) answered by the core's gp::answerBudget — the timeline of items,
// the stacked monthly spend with the cap, the fleet table, caps broken and buy or rent — with what-if edits
// (traffic x, items later, another region) answered as you type on the thread pool, and the PDF/CSV report. When a
// cap breaks, gentler fixes than dropping an item (one item later, a share of one item's traffic) are searched on a
// worker once the answer has settled, offered as buttons, applied with one click and undone with Ctrl+Z (the view's
// undo, inside its number fields too, as in the main window: what-if edits and fixes applied are its steps).
#pragma once

#include "budget/budget.h"
#include "budget/budget_answer.h"
#include "budget/budget_cap_fixes.h"
#include "budget/budget_what_if.h"

#include <QDialog>

#include <QModelIndex>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;
class QUndoStack;

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

    // Gentler cap fixes (issue 44). The search starts `fixSearchDelayMs` after an answer with a cap broken has come
    // in, on its own worker (fixJobs(), progress and Cancel in the bottom bar); the next edit cancels it. Each fix
    // found is offered as a button; applying one answers the budget again with it on top of the what-if (undoable).
    JobRunner* fixJobs() const { return m_fixJobs; }
    const std::vector<gp::GentlerCapFix>& offeredFixes() const { return m_offered; }
    const std::vector<gp::GentlerCapFix>& appliedFixes() const { return m_applied; }
    void applyFix(std::size_t index);
    QUndoStack* undoStack() const { return m_undo; }
    void setFixSearchDelay(int ms);
    // The budget the answer answers: the budget, the what-if, then the fixes applied.
    static gp::Budget editedBudget(
        const gp::Budget& budget, const gp::BudgetWhatIf& whatIf, const std::vector<gp::GentlerCapFix>& fixes);
    // "Start Chat serving 4 months later" / "将 Chat serving 推迟 4 个月开始": a fix as an action.
    static QString fixText(const gp::GentlerCapFix& fix);
    // "GT4 in Nanjing": where an item runs.
    static QString placementText(const gp::ItemPlacement& placement);
    // The note beside the undo of the fix applied last when it moved its item to another instance: "With this fix
    // Chat serving runs on A, not B: …" (empty when it stayed, or while its answer is awaited).
    QString fixMoveText() const;

    // The words of the answer, shared with the report.
    static QString summary(const gp::BudgetAnswer& answer);
    static QString itemNote(const gp::ItemBudget& item);
    static QStringList capLines(const gp::BudgetAnswer& answer);
    // "months 6–12" / "第 6–12 个月": one month, a run of months or a list (a monthly cap's break).
    static QString monthsText(const std::vector<int>& months);
    static QString buyOrRentLine(const gp::BuyOrRentAnswer& option, const QString& currency);

signals:
    void answerReady();
    void fixesReady(); // the search for gentler fixes ended (offeredFixes() holds what it found)

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslate();
    void recompute();
    void render();
    void fillWhatIfChoices();
    void growFleetColumns(); // the columns of the cells an edit changed grow to fit them
    void showCapBanner(const QString& text);
    void readControls();
    void setUpFleetTable();
    QWidget* makeBottomBar();
    void searchFixes();
    void showFixes();
    void setAppliedFixes(std::vector<gp::GentlerCapFix> fixes);
    void showUndoFix();
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
    std::vector<gp::GentlerCapFix> m_applied; // gentler fixes applied, after the what-if, oldest first
    std::vector<gp::GentlerCapFix> m_offered; // found for the answer shown
    JobRunner* m_fixJobs; // the search for gentler fixes (the next edit cancels it)
    JobProgress* m_fixProgress;
    QTimer* m_fixSearchDelay; // the search starts when the answer has settled
    QLabel* m_fixNote;
    QWidget* m_fixButtons; // one button per fix offered
    QPushButton* m_undoFix;
    QLabel* m_fixMoveNote; // beside the undo: the instance the fix applied last moved its item to (issue 44)
    struct FixMove {
        int item = -1;
        std::optional<gp::ItemPlacement> before, after;
        bool awaited = false; // the answer with the fix is not in yet
    } m_fixMove;
    QUndoStack* m_undo;
    bool m_fixSearchDone = false; // for the answer shown (m_offered holds what it found)
    std::vector<QModelIndex> m_changedFleetCells; // by the fleet model's last setAnswer
    bool m_filling = false;
};

} // namespace gpui
