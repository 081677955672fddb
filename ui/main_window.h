// The desktop window: inputs and candidates on the left, three live charts, the comparison table and the
// recommendation on the right; files, undo, recovery, language and theme.
#pragma once

#include "charts/chart_list.h"
#include "evaluation.h"

#include "base/expected.h"
#include "transformer/hf_cache.h"

#include <QMainWindow>
#include <QPointer>
#include <QSet>

#include <array>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QProgressBar;
class QScrollArea;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QToolBar;

namespace gpui
{

class CandidatesPanel;
class CatalogStore;
class BudgetView;
class ChartView;
class ComparisonModel;
class ComparisonView;
class HelpDialog;
class InputsPanel;
class JobProgress;
class JobRunner;
class PlanDocument;
class RecommendationPanel;
class RlView;
class FrontierView;
class ScenarioBar;
class SweepView;
class SensitivityView;
class ScenarioCompareView;
class RecoveryStore;
class Settings;
struct ReportData;

struct MainWindowOptions {
    Settings* settings = nullptr; // nullptr: the application's settings, owned by the window
    QString overridesPath; // "" = CatalogStore::defaultOverridesPath()
    QString recoveryPath; // "" = <AppDataLocation>/recovery.gpuplan; each window writes its own file beside it
    bool restoreSession = true; // geometry, state, last plan
    bool offerRecovery = true; // ask to restore an autosaved plan found at start
};

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    explicit MainWindow(const MainWindowOptions& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a plan file; on error shows the message (naming the field) and keeps the current plan.
    // A plan; a .gpubudget opens in the budget view (View > Budget).
    bool openPlan(const QString& path);
    bool savePlan(const QString& path);

    // Where errors go: by default a message box; tests install a recorder. errorShown() fires either way.
    void setMessageSink(std::function<void(const QString& title, const QString& text)> sink);
    // Asks where to save an export (default: a save-file dialog); returns "" when cancelled. Tests install their own.
    using SaveFileChooser
        = std::function<QString(const QString& caption, const QString& suggestedPath, const QString& filter)>;
    void setSaveFileChooser(SaveFileChooser chooser);
    // Asks the user to pick one of `items` (default: a list dialog); returns "" when cancelled. Tests install their
    // own.
    using ItemChooser = std::function<QString(const QString& title, const QString& label, const QStringList& items)>;
    void setItemChooser(ItemChooser chooser);
    // Model > From Hugging Face cache: lists the models of the local Hugging Face cache ($HF_HUB_CACHE, else
    // $HF_HOME/hub, else ~/.cache/huggingface/hub) and imports the chosen one's config.json, named after its
    // repository; an empty cache says which folder it read and how to fill it.
    void chooseCachedModel();
    bool importCachedModel(const QString& repo, QString* error);
    // Imports one cached model's config.json, read by the path's bytes (a folder name that is not UTF-8 imports).
    bool importCachedConfig(const gp::CachedModel& model, QString* error);
    // Starts writing the report of the shown result in the background (jobs(): progress in the status bar, Cancel);
    // returns whether it started. jobFinished() says how it ended; an error is shown naming the file, and a
    // cancelled export writes nothing.
    bool exportPdf(const QString& path);
    bool exportCsv(const QString& path);
    bool exportCostCurveCsv(const QString& path);
    // Whether a result is shown that a report can be made of (the export and print actions are enabled).
    bool canExport() const;
    // File name (no directory, no suffix) exports suggest: the plan's title, else the plan file's name.
    QString exportBaseName() const;
    // Answers "restore the autosaved plan?" (default: a question box).
    void setRecoveryPrompt(std::function<bool()> prompt);
    // Writes this window's recovery file now when the plan has unsaved changes; returns whether it wrote. A failure
    // is shown (once until the next success), never silent.
    bool autosaveNow();
    // This window's own recovery file (another window's, running or crashed, has another name).
    QString recoveryPath() const;
    // Offers a recovery file left by a window that no longer runs; returns whether a plan was recovered. An
    // unreadable one is moved aside with a message.
    bool offerRecovery();

    PlanDocument* document() const { return m_document; }
    Evaluator* evaluator() const { return m_evaluator; }
    CatalogStore* catalogStore() const { return m_store; }
    ComparisonModel* comparisonModel() const { return m_comparison; }
    ComparisonView* comparisonView() const { return m_table; }
    InputsPanel* inputsPanel() const { return m_inputs; }
    CandidatesPanel* candidatesPanel() const { return m_candidates; }
    RecommendationPanel* recommendationPanel() const { return m_recommendation; }
    ScenarioBar* scenarioBar() const { return m_scenarioBar; }
    // The Compare view (created when first shown).
    ScenarioCompareView* compareView();
    void showCompareView();
    // The cost-time frontier of the shown evaluation (created when first shown).
    FrontierView* frontierView();
    void showFrontierView();
    // The sweep view over the shown plan (created when first shown).
    SweepView* sweepView();
    void showSweepView();
    // How far the shown answer moves with its uncertain inputs (created when first shown; computed off the UI thread).
    SensitivityView* sensitivityView();
    void showSensitivityView();
    // The plan the window shows and edits: the base plan, or the active scenario's plan (gp::scenarioPlan).
    gp::Plan shownPlan() const;
    ChartView* memoryChartView() const { return chartViewAt(ChartPlace::TopLeft); }
    ChartView* costChartView() const { return chartViewAt(ChartPlace::TopRight); }
    ChartView* bottleneckChartView() const { return chartViewAt(ChartPlace::BottomLeft); }
    // The view at a chart place (charts/chart_list.h), which shows the list's chart for the answer there.
    ChartView* chartViewAt(ChartPlace place) const { return m_chartViews[size_t(place)]; }
    Settings* settings() const { return m_settings; }
    // The window's background jobs (exports); their progress and Cancel are in the status bar.
    JobRunner* jobs() const { return m_jobs; }
    JobProgress* jobProgress() const { return m_jobProgress; }
    // Milliseconds from the last input change to the table and charts showing its result.
    double lastUpdateMilliseconds() const { return m_lastUpdateMs; }
    // How many times a chart was built anew rather than updated in place (for benchmarks and tests).
    long chartRebuilds() const { return m_chartRebuilds; }
    // Live updates keep the charts' candidates in place; this long after the last result they follow the ranking.
    static constexpr int ChartSettleMs = 400;
    // Charts show the best DefaultChartedCandidates candidates, or all of them (the bar charts then scroll).
    static constexpr int DefaultChartedCandidates = 12;
    void setAllCandidatesCharted(bool all);
    bool allCandidatesCharted() const { return m_allCandidatesCharted; }
    // The "showing 12 of 46 - show all" line above the charts ("" = hidden, e.g. with 12 candidates or fewer).
    QString chartNoticeText() const;
    // Brings what live updates defer up to date now: the charts in rank order, the recommendation text.
    void settleNow();
    // The Hugging Face hub folder as bytes, for the core.
    std::string hfHubDirNative() const;
    // The cached models of `hub`, scanned off the UI thread; nullopt when the user cancels the scan.
    std::optional<std::vector<gp::CachedModel>> scanCachedModels(const std::string& hub);

public slots:
    void recompute();
    void newPlan();
    void newRlPlan(); // File > New RL Plan: the example RL plan (gp::rlPlanText)
    RlView* rlView() const { return m_rlView; }
    void open();
    bool save();
    bool saveAs();
    void importModelConfig();
    QString hfHubDir() const;
    void setLanguage(const QString& language);
    void setTheme(const QString& theme);
    void saveChartImages();
    // Writes <id>.png and <id>.svg of every chart the chart list saves for the answer shown into `dir`; the errors.
    QStringList saveChartImagesTo(const QString& dir);
    // Ask for a destination (see setSaveFileChooser) and export there.
    void exportPdfAs();
    void exportCsvAs();
    void exportCostCurveCsvAs();
    // Prints the report through the print dialog.
    void printReportDialog();
    // Opens the offline manual at a section ("" = the top).
    void showManual(const QString& anchor);

signals:
    // The table, charts and recommendation now show `evaluation`.
    void evaluationApplied(gpui::EvaluationPtr evaluation);
    void errorShown(const QString& text);
    // A background job (an export) ended: `ok` when it did its work, false when it failed or was cancelled.
    void jobFinished(bool ok);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    // Ctrl+Z / Ctrl+Shift+Z in a field of the inputs is the plan's undo and redo (what the toolbar offers), not
    // the field's own text undo: every field edit is a plan edit.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    BudgetView* budgetView();
    void buildUi();
    void createActions();
    void createFileActions();
    void createEditActions();
    void createExportActions();
    void createHelpActions();
    void createMenus();
    void createViewMenu();
    void createToolBar();
    void retranslateUi();
    void restoreSession();
    void saveSession();
    void updateTitle();
    void updateUndoActions();
    void updateRecentMenu();
    void planChanged();
    void fitInputsWidth();
    // The base plan after an edit of the shown plan: the edit itself, or (with a scenario active) the base plan with
    // that scenario's overrides rewritten to hold the edit.
    gp::Plan baseAfterEdit(const gp::Plan& shown) const;
    void applyEvaluation(EvaluationPtr evaluation, double milliseconds);
    void rebuildCharts();
    // How the charts take the current evaluation: in place when their layout allows (Live: the shown candidates keep
    // their places; Settled: they follow the ranking), or built anew.
    enum class ChartUpdate { Live, Settled, Rebuild };
    void updateCharts(ChartUpdate how);
    // What the charts draw: the answer's results, options and kind (a ChartAnswer bit).
    const std::vector<gp::CandidateResult>& chartedResults() const;
    ChartOptions chartOptions(bool live) const;
    unsigned chartAnswer() const;
    void updateChartNotice(int count, bool serving);
    void showCostColumnsOf(const std::vector<std::string>& modes);
    // Serving plans show the serving columns instead of the training ones; switching back restores the columns the
    // table showed before.
    void showServingColumns(bool serving);
    void showError(const QString& title, const QString& text);
    bool maybeSave();
    void removeRecoveryFile();
    // The evaluation of the plan as it is now, for a report: the shown one when it is current, else evaluated now
    // (an edit's evaluation may still be running; a report never mixes new inputs with old results).
    EvaluationPtr currentEvaluation();
    void openDropped(const QString& path);
    void updateExportActions();
    void connectJobs();
    QString chooseExportPath(const QString& caption, const QString& suffix, const QString& filter);
    // Runs one report writer on the shown result; reports success in the status bar, errors as messages.
    bool runExport(
        const QString& title, const QString& path, const std::function<gp::Expected<bool>(const ReportData&)>& write);

    Settings* m_settings = nullptr;
    CatalogStore* m_store = nullptr;
    PlanDocument* m_document = nullptr;
    Evaluator* m_evaluator = nullptr;
    ComparisonModel* m_comparison = nullptr;

    InputsPanel* m_inputs = nullptr;
    CandidatesPanel* m_candidates = nullptr;
    QTabWidget* m_leftTabs = nullptr;
    QScrollArea* m_inputsScroll = nullptr;
    std::array<ChartView*, ChartPlaceCount> m_chartViews {}; // by ChartPlace
    ComparisonView* m_table = nullptr;
    RecommendationPanel* m_recommendation = nullptr;
    ScenarioBar* m_scenarioBar = nullptr;
    ScenarioCompareView* m_compareView = nullptr;
    FrontierView* m_frontierView = nullptr;
    QAction* m_frontierAction = nullptr;
    SweepView* m_sweepView = nullptr;
    QAction* m_sweepAction = nullptr;
    SensitivityView* m_sensitivityView = nullptr;
    QAction* m_sensitivityAction = nullptr;
    QAction* m_budgetAction = nullptr;
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_rightSplitter = nullptr;
    RlView* m_rlView = nullptr; // an RL plan's answer, in place of the right-hand splitter
    QStackedWidget* m_rightStack = nullptr;
    QSplitter* m_chartSplitter = nullptr; // memory | cost
    QSplitter* m_bottomSplitter = nullptr; // bottlenecks | recommendation
    QSet<QString> m_restoredSplitters; // by objectName: those the session restored (the others start at defaults)
    QLabel* m_status = nullptr;
    QLabel* m_chartNotice = nullptr;
    bool m_allCandidatesCharted = false;
    std::vector<std::string> m_costColumnModes; // the billing modes whose cost columns the table shows
    bool m_servingColumns = false; // the table shows the serving columns
    QStringList m_nonServingHiddenColumns; // the hidden columns to go back to when a plan stops serving
    QProgressBar* m_busy = nullptr;
    JobRunner* m_jobs = nullptr;
    JobProgress* m_jobProgress = nullptr;
    QToolBar* m_toolBar = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_themeMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_newAction = nullptr;
    QAction* m_newRlAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_importAction = nullptr;
    QAction* m_importPricesAction = nullptr; // File > Import Cloud Prices (into the user's overrides)
    QAction* m_importLaunchAction = nullptr; // File > Import Launch File (widgets/launch_dialog.h)
    QAction* m_exportLaunchAction = nullptr; // File > Export Launch Files
    QAction* m_quitAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_redoAction = nullptr;
    QAction* m_chooseAction = nullptr;
    QAction* m_onPremAction = nullptr;
    QAction* m_recomputeAction = nullptr;
    QAction* m_chartImagesAction = nullptr;
    QAction* m_exportPdfAction = nullptr;
    QAction* m_exportCsvAction = nullptr;
    QAction* m_exportCostCurveAction = nullptr;
    QAction* m_printAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_manualAction = nullptr;
    QPointer<HelpDialog> m_help;
    QActionGroup* m_themeGroup = nullptr;
    QActionGroup* m_languageGroup = nullptr;

    QTimer* m_autosaveTimer = nullptr;
    QTimer* m_busyDelay = nullptr;
    QTimer* m_settleTimer = nullptr; // re-sorts the charts by rank once the inputs stop changing
    static constexpr int BusyIndicatorDelayMs = 300;
    std::unique_ptr<RecoveryStore> m_recovery;
    int m_autosavedIndex = -1;
    bool m_autosaveFailing = false; // the last autosave failed and said so
    std::function<void(const QString&, const QString&)> m_messageSink;
    std::function<bool()> m_recoveryPrompt;
    SaveFileChooser m_saveFileChooser;
    ItemChooser m_itemChooser;
    double m_lastUpdateMs = 0;
    long m_chartRebuilds = 0;
    bool m_ownsSettings = false;
};

} // namespace gpui
