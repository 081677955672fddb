#include "main_window.h"

#include "base/input_file.h"
#include "catalog_store.h"
#include "charts/chart_view.h"
#include "charts/sticky_legend.h"
#include "core_text.h"
#include "file_extensions.h"
#include "job_runner.h"
#include "models/comparison_model.h"
#include "number_format.h"
#include "plan/billing_modes.h"
#include "plan/scenarios.h"
#include "plan_document.h"
#include "planner/answer.h"
#include "recovery_store.h"
#include "report/report_export.h"
#include "resources.h"
#include "settings.h"
#include "splitter_state.h"
#include "theme.h"
#include "tool_tip_width.h"
#include "transformer/hf_cache.h"
#include "translator.h"
#include "widgets/budget/budget_view.h"
#include "widgets/candidates_panel.h"
#include "widgets/cloud_import_dialog.h"
#include "widgets/comparison_view.h"
#include "widgets/frontier_view.h"
#include "widgets/help_dialog.h"
#include "widgets/inputs_panel.h"
#include "widgets/job_progress.h"
#include "widgets/launch_dialog.h"
#include "widgets/recommendation_panel.h"
#include "widgets/rl/rl_view.h"
#include "widgets/scenario_bar.h"
#include "widgets/scenario_compare_view.h"
#include "widgets/sensitivity_view.h"
#include "widgets/sweep_view.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QChart>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressBar>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace gpui
{

namespace
{

QString defaultRecoveryPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery")
        + dottedExtension(kPlanExtension);
}

QIcon themedIcon(const char* name, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(QString::fromLatin1(name), QApplication::style()->standardIcon(fallback));
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : MainWindow(MainWindowOptions {}, parent)
{
}

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent)
{
    m_settings = options.settings;
    if (!m_settings) {
        m_settings = new Settings(this);
        m_ownsSettings = true;
    }
    m_recovery = std::make_unique<RecoveryStore>(
        options.recoveryPath.isEmpty() ? defaultRecoveryPath() : options.recoveryPath);
    m_store = new CatalogStore(options.overridesPath, this);
    m_document = new PlanDocument(this);
    m_store->setUndoStack(m_document->undoStack()); // quote edits and imports are undoable
    m_evaluator = new Evaluator(this);
    m_evaluator->setCatalog(m_store->catalog());
    m_jobs = new JobRunner(this);
    m_comparison = new ComparisonModel(this);

    initResources();
    ToolTipWidth::install(); // every tip at a readable width
    setWindowIcon(QIcon(QStringLiteral(":/icons/gpu-planner.svg")));
    setAcceptDrops(true);
    buildUi();
    createActions();
    retranslateUi();

    connect(m_document, &PlanDocument::planChanged, this, &MainWindow::planChanged);
    connect(m_document, &PlanDocument::modifiedChanged, this, &MainWindow::updateTitle);
    // Back at the saved state (undo, save): nothing unsaved is left to recover.
    connect(m_document, &PlanDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified)
            removeRecoveryFile();
    });
    connect(m_document, &PlanDocument::filePathChanged, this, &MainWindow::updateTitle);
    const auto edited = [this](const gp::Plan& plan, const EditText& describe, int mergeId) {
        m_document->change(baseAfterEdit(plan), describe, mergeId);
    };
    // The scenario bar edits the base plan's scenario list itself (add, duplicate, rename, delete).
    connect(m_scenarioBar, &ScenarioBar::planEdited, this,
        [this](const gp::Plan& plan, const EditText& describe, int mergeId) {
            m_document->change(plan, describe, mergeId);
        });
    connect(m_scenarioBar, &ScenarioBar::activeScenarioChanged, this, &MainWindow::planChanged);
    connect(m_scenarioBar, &ScenarioBar::compareRequested, this, &MainWindow::showCompareView);
    connect(m_inputs, &InputsPanel::planEdited, this, edited);
    connect(m_rlView, &RlView::planEdited, this, edited);
    connect(m_candidates, &CandidatesPanel::planEdited, this, edited);
    connect(m_inputs, &InputsPanel::importRequested, this, &MainWindow::importModelConfig);
    connect(m_inputs, &InputsPanel::importCachedRequested, this, &MainWindow::chooseCachedModel);
    connect(m_inputs, &InputsPanel::helpRequested, this, &MainWindow::showManual);
    connect(m_candidates, &CandidatesPanel::errorOccurred, this,
        [this](const QString& text) { showError(tr("Candidates"), text); });
    connect(m_evaluator, &Evaluator::finished, this, &MainWindow::applyEvaluation);
    // The busy bar appears only for evaluations that take long enough to notice; flashing it on every quick
    // update would relayout and repaint the status bar each time.
    m_busyDelay = new QTimer(this);
    m_busyDelay->setSingleShot(true);
    m_busyDelay->setInterval(BusyIndicatorDelayMs);
    connect(m_busyDelay, &QTimer::timeout, this, [this] { m_busy->setVisible(m_evaluator->isBusy()); });
    connect(m_evaluator, &Evaluator::started, this, [this] {
        if (!m_busy->isVisible() && !m_busyDelay->isActive())
            m_busyDelay->start();
    });
    m_settleTimer = new QTimer(this);
    m_settleTimer->setSingleShot(true);
    m_settleTimer->setInterval(ChartSettleMs);
    connect(m_settleTimer, &QTimer::timeout, this, [this] { updateCharts(ChartUpdate::Settled); });
    connect(m_store, &CatalogStore::catalogChanged, this, [this] {
        m_evaluator->setCatalog(m_store->catalog());
        recompute();
    });
    connect(m_settings, &Settings::changed, this, [this](Settings::Key key) {
        if (key == Settings::Key::RecentFiles)
            updateRecentMenu();
    });
    connect(m_table, &ComparisonView::hiddenColumnsChanged, this, [this](const QStringList& keys) {
        if (!m_servingColumns) // the serving columns' choice lasts while the plan serves
            m_settings->setValue(Settings::Key::HiddenColumns, keys);
    });

    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setInterval(m_settings->autosaveSeconds() * 1000); // Settings keeps it within a day
    connect(m_autosaveTimer, &QTimer::timeout, this, &MainWindow::autosaveNow);
    m_autosaveTimer->start();

    connect(m_store, &CatalogStore::saveFailed, this,
        [this](const QString& text) { showError(tr("Catalog Overrides"), text); });
    if (!m_store->loadError().isEmpty())
        QTimer::singleShot(0, this, [this] {
            // Once the window is up (a message sink set by a test applies too).
            showError(tr("Catalog Overrides"),
                tr("Your catalog overrides could not be read and are not used: %1\n\nThe file is left as it "
                   "is, so you can fix it and restart. If you save a price before that, it is first kept as %2.")
                    .arg(m_store->loadError(), QDir::toNativeSeparators(m_store->plannedBackupPath())));
        });

    applyTheme(m_settings->theme());
    if (options.restoreSession)
        restoreSession();
    else
        resize(1600, 1000);
    m_mainSplitter->setSizes({ 380, std::max(600, width() - 380) });
    // Each splitter the session did not restore (none saved, or saved for another layout) starts at its default.
    const int h = std::max(600, height() - 120);
    if (!m_restoredSplitters.contains(m_rightSplitter->objectName()))
        m_rightSplitter->setSizes({ h * 36 / 100, h * 32 / 100, h * 32 / 100 });
    // In pixels: the bar charts sit in scroll areas, whose small minimum would otherwise give them the leftovers.
    const int w = std::max(600, width() - 400);
    if (!m_restoredSplitters.contains(m_chartSplitter->objectName()))
        m_chartSplitter->setSizes({ w / 2, w - w / 2 });
    if (!m_restoredSplitters.contains(m_bottomSplitter->objectName()))
        m_bottomSplitter->setSizes({ w * 3 / 5, w - w * 3 / 5 });
    bool recovered = false;
    if (options.offerRecovery)
        recovered = offerRecovery();
    if (!recovered)
        planChanged();
    fitInputsWidth();
    updateTitle();
    updateRecentMenu();
}

MainWindow::~MainWindow()
{
    qApp->removeEventFilter(this);
    // ~QWidget deletes the children after this body, when this is no longer a MainWindow, and some speak as they
    // go (~QUndoStack announces its cleared history): none of that may reach a slot or lambda of this window.
    for (QObject* child : findChildren<QObject*>())
        disconnect(child, nullptr, this, nullptr);
}

void MainWindow::buildUi()
{
    m_inputs = new InputsPanel;
    m_inputsScroll = new QScrollArea;
    m_inputsScroll->setWidget(m_inputs);
    m_inputsScroll->setWidgetResizable(true);
    m_inputsScroll->setFrameShape(QFrame::NoFrame);
    m_inputsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_candidates = new CandidatesPanel(m_store);
    m_candidates->setSettings(m_settings);
    m_leftTabs = new QTabWidget;
    m_leftTabs->setDocumentMode(true);
    m_leftTabs->addTab(m_inputsScroll, QString());
    m_leftTabs->addTab(m_candidates, QString());

    // One view per chart place; each shows the chart list's chart for the answer (charts/chart_list.h).
    for (int place = 0; place < ChartPlaceCount; ++place) {
        auto* view = new ChartView;
        view->setObjectName(chartPlaceName(ChartPlace(place)));
        view->setExportName(view->objectName());
        m_chartViews[size_t(place)] = view;
    }
    // Beside the recommendation the bottom row may shrink past a chart's own minimum; its bar labels still get their
    // rows (ChartView::fitCategoryLabels), and the chart scrolls past the room.
    chartViewAt(ChartPlace::BottomLeft)->setMinimumChartHeight(0);
    // Charts in two rows: memory and cost on top, bottlenecks beside the recommendation, the table below at
    // full width so the engineer sees every column.
    // With many candidates the charts show the best ones; "show all" makes the bar charts as long as they need to be
    // for readable labels and scrolls them.
    // Scrolled down, their legend stays in sight at the top (StickyLegend).
    auto scrolled = [](ChartView* view) {
        auto* area = new QScrollArea;
        area->setWidget(view);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        new StickyLegend(area, view);
        return area;
    };
    m_chartNotice = new QLabel;
    m_chartNotice->setObjectName(QStringLiteral("chartNotice"));
    m_chartNotice->setTextFormat(Qt::RichText);
    m_chartNotice->setVisible(false);
    connect(m_chartNotice, &QLabel::linkActivated, this,
        [this](const QString& link) { setAllCandidatesCharted(link == QLatin1String("all")); });
    m_chartSplitter = new QSplitter(Qt::Horizontal);
    m_chartSplitter->setObjectName(QStringLiteral("chartSplitter"));
    m_chartSplitter->addWidget(scrolled(chartViewAt(ChartPlace::TopLeft)));
    m_chartSplitter->addWidget(chartViewAt(ChartPlace::TopRight));
    m_chartSplitter->setChildrenCollapsible(false);
    // Extra width goes to both charts alike (a scroll area's size hint is not a chart's).
    m_chartSplitter->setStretchFactor(0, 1);
    m_chartSplitter->setStretchFactor(1, 1);
    auto* charts = new QWidget;
    auto* chartsLayout = new QVBoxLayout(charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    chartsLayout->setSpacing(0);
    chartsLayout->addWidget(m_chartNotice);
    chartsLayout->addWidget(m_chartSplitter, 1);

    m_table = new ComparisonView(m_comparison);
    m_recommendation = new RecommendationPanel;
    m_bottomSplitter = new QSplitter(Qt::Horizontal);
    m_bottomSplitter->setObjectName(QStringLiteral("bottomSplitter"));
    m_bottomSplitter->addWidget(scrolled(chartViewAt(ChartPlace::BottomLeft)));
    m_bottomSplitter->addWidget(m_recommendation);
    m_bottomSplitter->setChildrenCollapsible(false);
    m_bottomSplitter->setStretchFactor(0, 3);
    m_bottomSplitter->setStretchFactor(1, 2);

    m_rightSplitter = new QSplitter(Qt::Vertical);
    m_rightSplitter->setObjectName(QStringLiteral("rightSplitter"));
    m_rightSplitter->addWidget(charts);
    m_rightSplitter->addWidget(m_bottomSplitter);
    m_rightSplitter->addWidget(m_table);
    m_rightSplitter->setChildrenCollapsible(false);
    m_rightSplitter->setStretchFactor(0, 4);
    m_rightSplitter->setStretchFactor(1, 3);
    m_rightSplitter->setStretchFactor(2, 3);

    m_mainSplitter = new QSplitter(Qt::Horizontal);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->addWidget(m_leftTabs);
    // An RL plan's answer has its own phases, pools and memory per phase (widgets/rl/rl_view.h).
    m_rlView = new RlView;
    m_rightStack = new QStackedWidget;
    m_rightStack->addWidget(m_rightSplitter);
    m_rightStack->addWidget(m_rlView);
    m_mainSplitter->addWidget(m_rightStack);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setChildrenCollapsible(false);
    m_scenarioBar = new ScenarioBar;
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_scenarioBar);
    centralLayout->addWidget(m_mainSplitter, 1);
    setCentralWidget(central);

    m_status = new QLabel;
    m_busy = new QProgressBar;
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setMaximumHeight(14);
    m_busy->setTextVisible(false);
    m_busy->setVisible(false);
    statusBar()->addPermanentWidget(m_status);
    statusBar()->addPermanentWidget(m_busy);
    m_jobProgress = new JobProgress(m_jobs);
    statusBar()->addPermanentWidget(m_jobProgress);
    connectJobs();
}

void MainWindow::createActions()
{
    createFileActions();
    createEditActions();
    createExportActions();
    createHelpActions();
    createMenus();
    createToolBar();
}

// New, open, save, import, launch files and quit.
void MainWindow::createFileActions()
{
    m_newAction = new QAction(themedIcon("document-new", QStyle::SP_FileIcon), QString(), this);
    m_newAction->setShortcut(QKeySequence::New);
    connect(m_newAction, &QAction::triggered, this, &MainWindow::newPlan);
    m_newRlAction = new QAction(QString(), this);
    m_newRlAction->setObjectName(QStringLiteral("newRlPlan"));
    connect(m_newRlAction, &QAction::triggered, this, &MainWindow::newRlPlan);
    m_openAction = new QAction(themedIcon("document-open", QStyle::SP_DialogOpenButton), QString(), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::open);
    m_saveAction = new QAction(themedIcon("document-save", QStyle::SP_DialogSaveButton), QString(), this);
    m_saveAction->setShortcut(QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &MainWindow::save);
    m_saveAsAction = new QAction(themedIcon("document-save-as", QStyle::SP_DialogSaveButton), QString(), this);
    // Not every platform theme binds QKeySequence::SaveAs; Ctrl+Shift+S is the common one.
    m_saveAsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::saveAs);
    m_importAction = new QAction(themedIcon("document-import", QStyle::SP_ArrowDown), QString(), this);
    m_importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    connect(m_importAction, &QAction::triggered, this, &MainWindow::importModelConfig);
    m_importPricesAction = new QAction(QString(), this);
    connect(m_importPricesAction, &QAction::triggered, this, [this] { CloudImportDialog::run(this, m_store); });
    // Launch files (widgets/launch_dialog.h): the import is one undoable edit; the export writes the recommendation.
    m_importLaunchAction = new QAction(QString(), this);
    connect(m_importLaunchAction, &QAction::triggered, this, [this] {
        LaunchImportDialog::run(this, m_document, m_settings->value(Settings::Key::LastDirectory).toString());
    });
    m_exportLaunchAction = new QAction(QString(), this);
    connect(m_exportLaunchAction, &QAction::triggered, this, [this] {
        const EvaluationPtr e = canExport() ? currentEvaluation() : nullptr;
        if (!e || !e->answer || !e->answer->recommendation()) {
            showError(tr("Export Launch Files"),
                tr("There is no recommendation to export yet: fix the plan's errors or "
                   "wait for the evaluation."));
            return;
        }
        LaunchExportDialog::run(this, m_jobs, shownPlan(), *e->answer, m_evaluator->catalog(),
            m_document->displayName(), m_settings->value(Settings::Key::LastDirectory).toString());
    });
    m_quitAction = new QAction(QString(), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
}

// Undo and redo (the plan's edits), and adding candidates.
void MainWindow::createEditActions()
{
    QUndoStack* undo = m_document->undoStack();
    // Own actions rather than QUndoStack's, whose "Undo %1" prefix is fixed in the language they were made in.
    // Their shortcuts reach them from the inputs' fields too (eventFilter).
    qApp->installEventFilter(this);
    m_undoAction = new QAction(themedIcon("edit-undo", QStyle::SP_ArrowBack), QString(), this);
    m_undoAction->setShortcut(QKeySequence::Undo);
    connect(m_undoAction, &QAction::triggered, undo, &QUndoStack::undo);
    m_redoAction = new QAction(themedIcon("edit-redo", QStyle::SP_ArrowForward), QString(), this);
    m_redoAction->setShortcut(QKeySequence::Redo);
    connect(m_redoAction, &QAction::triggered, undo, &QUndoStack::redo);
    connect(undo, &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
    connect(undo, &QUndoStack::cleanChanged, this, &MainWindow::updateUndoActions);
    m_chooseAction = new QAction(QString(), this);
    m_chooseAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    connect(m_chooseAction, &QAction::triggered, m_candidates, &CandidatesPanel::chooseFromCatalog);
    m_onPremAction = new QAction(QString(), this);
    connect(m_onPremAction, &QAction::triggered, m_candidates, &CandidatesPanel::addOnPremise);
}

// Recompute, and the report's outputs: chart images, PDF, CSV, print.
void MainWindow::createExportActions()
{
    m_recomputeAction = new QAction(themedIcon("view-refresh", QStyle::SP_BrowserReload), QString(), this);
    m_recomputeAction->setShortcuts({ QKeySequence(Qt::Key_F5), QKeySequence::Refresh });
    connect(m_recomputeAction, &QAction::triggered, this, &MainWindow::recompute);
    m_chartImagesAction = new QAction(QString(), this);
    m_chartImagesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_chartImagesAction, &QAction::triggered, this, &MainWindow::saveChartImages);
    m_exportPdfAction = new QAction(themedIcon("application-pdf", QStyle::SP_FileIcon), QString(), this);
    m_exportPdfAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportPdfAction, &QAction::triggered, this, &MainWindow::exportPdfAs);
    m_exportCsvAction = new QAction(QString(), this);
    m_exportCsvAction->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    connect(m_exportCsvAction, &QAction::triggered, this, &MainWindow::exportCsvAs);
    m_exportCostCurveAction = new QAction(QString(), this);
    connect(m_exportCostCurveAction, &QAction::triggered, this, &MainWindow::exportCostCurveCsvAs);
    m_printAction = new QAction(themedIcon("document-print", QStyle::SP_FileIcon), QString(), this);
    m_printAction->setShortcut(QKeySequence::Print);
    connect(m_printAction, &QAction::triggered, this, &MainWindow::printReportDialog);
    updateExportActions();
}

// The manual and About.
void MainWindow::createHelpActions()
{
    m_manualAction = new QAction(themedIcon("help-contents", QStyle::SP_DialogHelpButton), QString(), this);
    m_manualAction->setShortcut(QKeySequence::HelpContents);
    connect(m_manualAction, &QAction::triggered, this, [this] { showManual(QString()); });
    m_aboutAction = new QAction(QString(), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About GPU Planner"),
            tr("<h3>GPU Planner %1</h3><p>Plans GPU instances, counts, time and cost for LLM training "
               "and inference. Every figure in the catalog carries its source and date.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

// The menu bar: File, Edit, View (createViewMenu) and Help.
void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAction);
    m_fileMenu->addAction(m_newRlAction);
    m_fileMenu->addAction(m_openAction);
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAction);
    m_fileMenu->addAction(m_saveAsAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_importAction);
    m_fileMenu->addAction(m_importPricesAction);
    m_fileMenu->addAction(m_importLaunchAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_exportPdfAction);
    m_fileMenu->addAction(m_exportCsvAction);
    m_fileMenu->addAction(m_exportCostCurveAction);
    m_fileMenu->addAction(m_exportLaunchAction);
    m_fileMenu->addAction(m_chartImagesAction);
    m_fileMenu->addAction(m_printAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addAction(m_undoAction);
    m_editMenu->addAction(m_redoAction);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_chooseAction);
    m_editMenu->addAction(m_onPremAction);

    createViewMenu();

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_manualAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAction);
}

// The View menu: recompute, the answer's other views, theme and language.
void MainWindow::createViewMenu()
{
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_recomputeAction);
    m_frontierAction = new QAction(this);
    connect(m_frontierAction, &QAction::triggered, this, &MainWindow::showFrontierView);
    m_viewMenu->addAction(m_frontierAction);
    m_sweepAction = new QAction(this);
    connect(m_sweepAction, &QAction::triggered, this, &MainWindow::showSweepView);
    m_viewMenu->addAction(m_sweepAction);
    m_sensitivityAction = new QAction(this);
    connect(m_sensitivityAction, &QAction::triggered, this, &MainWindow::showSensitivityView);
    m_viewMenu->addAction(m_sensitivityAction);
    // A team's budget over months (docs/budget-format.md): opens on the example budget; Open Budget… in the view.
    m_budgetAction = new QAction(this);
    connect(m_budgetAction, &QAction::triggered, this, [this] {
        BudgetView* view = budgetView();
        view->show();
        view->raise();
    });
    m_viewMenu->addAction(m_budgetAction);
    m_viewMenu->addSeparator();
    m_themeMenu = m_viewMenu->addMenu(QString());
    m_themeGroup = new QActionGroup(this);
    for (const char* theme : { "system", "light", "dark" }) {
        QAction* a = m_themeMenu->addAction(QString());
        a->setCheckable(true);
        a->setData(QString::fromLatin1(theme));
        a->setChecked(m_settings->theme() == QLatin1String(theme));
        m_themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, a] { setTheme(a->data().toString()); });
    }
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageGroup = new QActionGroup(this);
    // Language names in their own language, so anyone can find theirs.
    const std::pair<QString, QString> languages[] = { { QString(), QString() },
        { QStringLiteral("en"), QStringLiteral("English") }, { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
    for (const auto& [code, name] : languages) {
        QAction* a = m_languageMenu->addAction(name);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(m_settings->language() == code);
        m_languageGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, a] { setLanguage(a->data().toString()); });
    }
}

// The tool bar's most used actions.
void MainWindow::createToolBar()
{
    m_toolBar = addToolBar(QString());
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setMovable(false);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->addAction(m_newAction);
    m_toolBar->addAction(m_openAction);
    m_toolBar->addAction(m_saveAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_undoAction);
    m_toolBar->addAction(m_redoAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_chooseAction);
    m_toolBar->addAction(m_recomputeAction);
    m_toolBar->addAction(m_exportPdfAction);
}

void MainWindow::retranslateUi()
{
    m_leftTabs->setTabText(0, tr("Plan"));
    m_leftTabs->setTabText(1, tr("Candidates"));
    m_newAction->setText(tr("&New"));
    m_newAction->setToolTip(tr("Start from the default plan"));
    m_newRlAction->setText(tr("New &RL Post-Training Plan"));
    m_newRlAction->setToolTip(tr("Start from the example GRPO plan: rollouts, reference, reward and training"));
    m_openAction->setText(tr("&Open…"));
    m_saveAction->setText(tr("&Save"));
    m_saveAsAction->setText(tr("Save &As…"));
    m_importAction->setText(tr("&Import Model Config…"));
    m_importPricesAction->setText(tr("Import Cloud &Prices…"));
    m_importPricesAction->setToolTip(tr("Merge what your cloud's CLI printed (sizes, prices, stock) into your catalog "
                                        "overrides"));
    m_importLaunchAction->setText(tr("Import &Launch File…"));
    m_importLaunchAction->setToolTip(tr("Read a torchtitan, Megatron, DeepSpeed, Hugging Face, vLLM or SGLang launch "
                                        "file into the plan"));
    m_exportLaunchAction->setText(tr("Export La&unch Files…"));
    m_exportLaunchAction->setToolTip(tr("Write the recommendation as torchtitan, Megatron, DeepSpeed, Hugging Face, "
                                        "vLLM, SGLang or Kubernetes files"));
    m_quitAction->setText(tr("&Quit"));
    m_chooseAction->setText(tr("&Choose Candidates…"));
    m_onPremAction->setText(tr("Add &On-Premise Machine…"));
    m_recomputeAction->setText(tr("&Recompute"));
    m_chartImagesAction->setText(tr("Save &Chart Images…"));
    m_exportPdfAction->setText(tr("Export &PDF Report…"));
    m_exportPdfAction->setToolTip(tr("Write the plan, its results and charts as a PDF report"));
    m_exportCsvAction->setText(tr("Export Results as &CSV…"));
    m_exportCostCurveAction->setText(tr("Export Cost C&urve CSV…"));
    m_printAction->setText(tr("&Print Report…"));
    m_aboutAction->setText(tr("&About GPU Planner"));
    m_manualAction->setText(tr("GPU Planner &Manual"));
    m_manualAction->setToolTip(tr("What each input means, how the estimate is made and where the numbers come from"));
    m_fileMenu->setTitle(tr("&File"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_editMenu->setTitle(tr("&Edit"));
    m_viewMenu->setTitle(tr("&View"));
    m_frontierAction->setText(tr("Cost-Time &Frontier…"));
    m_sweepAction->setText(tr("S&weep…"));
    m_sensitivityAction->setText(tr("Se&nsitivity…"));
    m_budgetAction->setText(tr("&Budget…"));
    m_budgetAction->setToolTip(tr("A team's budget over months: several workloads, the shared fleet, commitments, "
                                  "stock, caps, energy, buy or rent"));
    m_sensitivityAction->setToolTip(tr("How far the recommendation's cost moves when an estimated price, an efficiency "
                                       "or the spot interruption rate is off, and whether the choice changes"));
    m_sweepAction->setToolTip(
        tr("One input across a range of values: cost, time and memory of the best answer at each"));
    m_frontierAction->setToolTip(tr("Every configuration that fits, as cost against time, with the frontier and the "
                                    "chosen one marked"));
    m_themeMenu->setTitle(tr("&Theme"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_toolBar->setWindowTitle(tr("Main Toolbar"));
    const QList<QAction*> themes = m_themeGroup->actions();
    themes[0]->setText(tr("System"));
    themes[1]->setText(tr("Light"));
    themes[2]->setText(tr("Dark"));
    m_languageGroup->actions().front()->setText(tr("System Language"));
    updateUndoActions();
    updateTitle();
    updateRecentMenu();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && m_fileMenu) {
        m_document->retranslateHistory();
        retranslateUi();
        // The panels re-word themselves on their own LanguageChange, which may come after this one.
        QTimer::singleShot(0, this, &MainWindow::fitInputsWidth);
        m_comparison->retranslate();
        rebuildCharts();
        if (m_evaluator->latest())
            applyEvaluation(m_evaluator->latest(), m_lastUpdateMs);
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::restoreSession()
{
    restoreGeometry(m_settings->value(Settings::Key::Geometry).toByteArray());
    restoreState(m_settings->value(Settings::Key::WindowState).toByteArray(), Settings::WindowStateVersion);
    // By name and version (splitter_state.h): a state saved for another layout restores nothing it does not fit.
    m_restoredSplitters = restoreSplitterStates(m_settings->value(Settings::Key::SplitterState).toByteArray(),
        { m_mainSplitter, m_rightSplitter, m_chartSplitter, m_bottomSplitter });
    if (m_settings->value(Settings::Key::Geometry).toByteArray().isEmpty())
        resize(1600, 1000);
    if (m_settings->value(Settings::Key::HiddenColumns).isValid()
        && !m_settings->value(Settings::Key::HiddenColumns).toStringList().isEmpty()) {
        // Columns saved before the serving mode existed: its columns stay hidden until a plan serves.
        QStringList hidden = m_settings->hiddenColumns();
        for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
            if (ComparisonModel::servingOnly(c) && !hidden.contains(ComparisonModel::columnKey(c)))
                hidden << ComparisonModel::columnKey(c);
        m_table->setHiddenColumnKeys(hidden);
    }
    // Only a regular file: a setting pointing at /dev/zero or a FIFO must not stop the window from starting.
    const QString last = m_settings->lastPlan();
    if (!last.isEmpty() && QFileInfo(last).isFile())
        openPlan(last);
}

void MainWindow::saveSession()
{
    m_settings->setValue(Settings::Key::Geometry, saveGeometry());
    m_settings->setValue(Settings::Key::WindowState, saveState(Settings::WindowStateVersion));
    // The charts' row holds the chart note's line only while the note shows (updateChartNotice): saved without it.
    const QList<int> shownSizes = m_rightSplitter->sizes();
    if (QList<int> sizes = shownSizes; !m_chartNotice->isHidden() && sizes.size() == 3) {
        const int line = std::min(m_chartNotice->sizeHint().height(), sizes[0]);
        sizes[0] -= line;
        sizes[2] += line;
        m_rightSplitter->setSizes(sizes);
    }
    m_settings->setValue(Settings::Key::SplitterState,
        saveSplitterStates({ m_mainSplitter, m_rightSplitter, m_chartSplitter, m_bottomSplitter }));
    m_rightSplitter->setSizes(shownSizes);
    m_settings->setValue(Settings::Key::LastPlan, m_document->filePath());
    m_settings->setValue(
        Settings::Key::HiddenColumns, m_servingColumns ? m_nonServingHiddenColumns : m_table->hiddenColumnKeys());
    m_settings->sync();
}

void MainWindow::showManual(const QString& anchor)
{
    if (!m_help)
        m_help = new HelpDialog(this);
    m_help->show();
    m_help->raise();
    m_help->activateWindow();
    m_help->showSection(anchor);
}

void MainWindow::updateUndoActions()
{
    const QUndoStack* stack = m_document->undoStack();
    m_undoAction->setEnabled(stack->canUndo());
    m_redoAction->setEnabled(stack->canRedo());
    m_undoAction->setText(stack->canUndo() ? tr("&Undo %1").arg(stack->undoText()) : tr("&Undo"));
    m_redoAction->setText(stack->canRedo() ? tr("&Redo %1").arg(stack->redoText()) : tr("&Redo"));
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — GPU Planner").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setToolTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openPlan(path);
        });
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] { m_settings->reset(Settings::Key::RecentFiles); });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

gp::Plan MainWindow::shownPlan() const
{
    const gp::Plan& base = m_document->plan();
    const int active = m_scenarioBar ? m_scenarioBar->activeScenario() : -1;
    if (active < 0 || active >= int(gp::planScenarios(base).size()))
        return base;
    auto variant = gp::scenarioPlan(base, std::size_t(active));
    return variant ? *variant : base; // checked when read or edited; the base plan if it still fails
}

gp::Plan MainWindow::baseAfterEdit(const gp::Plan& shown) const
{
    const int active = m_scenarioBar ? m_scenarioBar->activeScenario() : -1;
    gp::Plan base = m_document->plan();
    std::vector<gp::Scenario> scenarios = gp::planScenarios(base);
    if (active < 0 || active >= int(scenarios.size())) {
        gp::Plan edited = shown;
        gp::setPlanScenarios(edited, scenarios); // the panels edit the plan, never its scenario list
        return edited;
    }
    gp::Scenario& scenario = scenarios[std::size_t(active)];
    // A scenario still under the name it was given ("Scenario 2", or the words of its previous changes) is named
    // after what it changes, so the Compare view and the report say what each scenario is.
    const QString name = QString::fromStdString(scenario.name);
    static const QRegularExpression numbered(QStringLiteral("^Scenario \\d+$"));
    const QRegularExpression translated(QLatin1Char('^')
        + QRegularExpression::escape(ScenarioBar::tr("Scenario %1"))
              .replace(QStringLiteral("%1"), QStringLiteral("\\d+"))
        + QLatin1Char('$'));
    auto previous = gp::applyOverrides(base, scenario.overrides, "scenario");
    const QString previousWords
        = previous ? QString::fromStdString(gp::scenarioNameFor(gp::planChanges(base, *previous))) : QString();
    const bool generated = numbered.match(name).hasMatch() || translated.match(name).hasMatch()
        || (!previousWords.isEmpty() && name.startsWith(previousWords));
    scenario.overrides = gp::overridesBetween(base, shown);
    const QString words = QString::fromStdString(gp::scenarioNameFor(gp::planChanges(base, shown)));
    if (generated && !words.isEmpty() && words != name) {
        std::vector<gp::Scenario> others = scenarios;
        others.erase(others.begin() + active);
        scenario.name = ScenarioBar::uniqueName(others, words).toStdString();
    }
    gp::setPlanScenarios(base, scenarios);
    return base;
}

void MainWindow::planChanged()
{
    m_scenarioBar->setPlan(m_document->plan());
    const gp::Plan plan = shownPlan();
    if (!(m_inputs->plan() == plan)) {
        m_inputs->setPlan(plan);
        // Rows shown or hidden by the plan (serving, inference, custom size) change the width once laid out.
        QTimer::singleShot(0, this, &MainWindow::fitInputsWidth);
    }
    m_candidates->setPlan(plan);
    m_rlView->setPlan(plan);
    m_rightStack->setCurrentWidget(
        plan.workload.mode == gp::Mode::Rl ? static_cast<QWidget*>(m_rlView) : static_cast<QWidget*>(m_rightSplitter));
    m_evaluator->evaluate(plan);
    if (m_compareView && m_compareView->isVisible())
        m_compareView->compare(m_document->plan(), m_evaluator->catalog());
}

// The inputs scroll only vertically, so their tab is kept as wide as they need: their labels and combo boxes grow
// with the language and the plan (model names, the planner's choice), and a narrower tab would cut fields off.
void MainWindow::fitInputsWidth()
{
    const int needed = m_inputs->minimumSizeHint().width() + m_inputsScroll->verticalScrollBar()->sizeHint().width()
        + 2 * m_inputsScroll->frameWidth();
    if (m_inputsScroll->minimumWidth() != needed)
        m_inputsScroll->setMinimumWidth(needed); // the tab widget and the splitter keep their pages' minimum
}

void MainWindow::recompute()
{
    m_evaluator->evaluate(shownPlan());
    if (m_compareView && m_compareView->isVisible())
        m_compareView->compare(m_document->plan(), m_evaluator->catalog());
}

ScenarioCompareView* MainWindow::compareView()
{
    if (!m_compareView)
        m_compareView = new ScenarioCompareView(this);
    return m_compareView;
}

FrontierView* MainWindow::frontierView()
{
    if (!m_frontierView)
        m_frontierView = new FrontierView(this);
    return m_frontierView;
}

void MainWindow::showFrontierView()
{
    FrontierView* view = frontierView();
    view->setEvaluation(shownPlan(), m_evaluator->catalog(), m_comparison->evaluation());
    view->show();
    view->raise();
}

SensitivityView* MainWindow::sensitivityView()
{
    if (!m_sensitivityView)
        m_sensitivityView = new SensitivityView(this);
    return m_sensitivityView;
}

void MainWindow::showSensitivityView()
{
    SensitivityView* view = sensitivityView();
    view->setEvaluation(shownPlan(), m_evaluator->catalog(), m_comparison->evaluation());
    view->show();
    view->raise();
}

SweepView* MainWindow::sweepView()
{
    if (!m_sweepView)
        m_sweepView = new SweepView(this);
    return m_sweepView;
}

void MainWindow::showSweepView()
{
    SweepView* view = sweepView();
    view->setPlan(shownPlan(), m_evaluator->catalog());
    view->show();
    view->raise();
    view->run();
}

void MainWindow::showCompareView()
{
    ScenarioCompareView* view = compareView();
    view->compare(m_document->plan(), m_evaluator->catalog());
    view->show();
    view->raise();
}

void MainWindow::applyEvaluation(EvaluationPtr evaluation, double milliseconds)
{
    QElapsedTimer timer;
    timer.start();
    if (!m_evaluator->isBusy()) {
        m_busyDelay->stop();
        if (m_busy->isVisible())
            m_busy->setVisible(false);
    }
    if (evaluation->mode == gp::Mode::Rl) { // the RL answer (or its error) in the RL view
        m_rightStack->setCurrentWidget(m_rlView);
        m_rlView->setEvaluation(evaluation);
        m_comparison->setEvaluation(evaluation); // no training rows; the window's newest evaluation all the same
        m_inputs->clearFieldErrors();
        if (!evaluation->ok)
            m_inputs->showFieldError(
                QString::fromStdString(evaluation->error.field), CoreText::errorMessage(evaluation->error));
        int fitting = 0;
        if (evaluation->rl)
            for (const gp::RlCandidateAnswer& c : evaluation->rl->candidates)
                fitting += c.fits ? 1 : 0;
        m_status->setText(evaluation->ok ? tr("%1 of %2 candidates fit · %3 RL layouts scored in %4 ms")
                                               .arg(fitting)
                                               .arg(evaluation->rl->candidates.size())
                                               .arg(QLocale().toString(qlonglong(evaluation->configurationsEvaluated)))
                                               .arg(formatNumber(evaluation->coreSeconds * 1e3, 1))
                                         : tr("Cannot evaluate: %1").arg(CoreText::error(evaluation->error)));
        updateExportActions();
        emit evaluationApplied(evaluation);
        return;
    }
    if (!evaluation->ok) {
        const QString field = QString::fromStdString(evaluation->error.field);
        const QString message = CoreText::errorMessage(evaluation->error);
        m_inputs->clearFieldErrors();
        m_inputs->setSanityWarnings({});
        m_inputs->showFieldError(field, message);
        m_recommendation->showError(CoreText::error(evaluation->error));
        m_status->setText(tr("Cannot evaluate: %1").arg(CoreText::error(evaluation->error)));
        m_comparison->setEvaluation(evaluation);
        updateCharts(ChartUpdate::Settled);
        updateExportActions();
        emit evaluationApplied(evaluation);
        return;
    }
    m_comparison->setEvaluation(evaluation);
    updateCharts(ChartUpdate::Live);
    m_settleTimer->start();
    m_recommendation->setEvaluation(evaluation);
    // The recommendation's warnings first: a warning shown once per code is then the recommendation's own.
    std::vector<gp::CandidateResult> warned = evaluation->results;
    if (evaluation->best > 0 && evaluation->best < int(warned.size()))
        std::rotate(warned.begin(), warned.begin() + evaluation->best, warned.begin() + evaluation->best + 1);
    m_inputs->setSanityWarnings(warned);
    showServingColumns(evaluation->mode == gp::Mode::Serving);
    showCostColumnsOf(countedBillingModes(*evaluation));
    m_inputs->setPlannerChoice(
        evaluation->searched && evaluation->best >= 0 && evaluation->best < int(evaluation->results.size())
            ? &evaluation->results[size_t(evaluation->best)]
            : nullptr);
    QString info = tr("%1 parameters").arg(formatTokens(evaluation->modelParameters));
    if (evaluation->activeParameters > 0 && evaluation->activeParameters < evaluation->modelParameters * 0.99)
        info += tr(", %1 active per token").arg(formatTokens(evaluation->activeParameters));
    for (const gp::Diagnostic& d : evaluation->modelWarnings)
        info += QStringLiteral("\n") + CoreText::diagnostic(d);
    m_inputs->setModelInfo(info);
    updateExportActions();
    if (m_frontierView && m_frontierView->isVisible())
        m_frontierView->setEvaluation(shownPlan(), m_evaluator->catalog(), evaluation);
    if (m_sensitivityView && m_sensitivityView->isVisible())
        m_sensitivityView->setEvaluation(shownPlan(), m_evaluator->catalog(), evaluation);
    int fitting = 0;
    for (const gp::CandidateResult& r : evaluation->results)
        fitting += r.fits ? 1 : 0;
    m_lastUpdateMs = milliseconds + double(timer.nsecsElapsed()) / 1e6;
    m_status->setText(tr("%1 of %2 candidates fit · %3 configurations scored in %4 ms · updated in %5 ms")
                          .arg(fitting)
                          .arg(evaluation->results.size())
                          .arg(QLocale().toString(qlonglong(evaluation->configurationsEvaluated)))
                          .arg(formatNumber(evaluation->coreSeconds * 1e3, 1), formatNumber(m_lastUpdateMs, 1)));
    emit evaluationApplied(evaluation);
}

void MainWindow::settleNow()
{
    if (m_settleTimer->isActive()) {
        m_settleTimer->stop();
        updateCharts(ChartUpdate::Settled);
    }
    m_recommendation->flush();
}

void MainWindow::rebuildCharts()
{
    updateCharts(ChartUpdate::Rebuild);
    m_rlView->setDark(isDarkPalette());
}

const std::vector<gp::CandidateResult>& MainWindow::chartedResults() const
{
    static const std::vector<gp::CandidateResult> none;
    EvaluationPtr e = m_comparison->evaluation();
    return e && e->ok ? e->results : none;
}

unsigned MainWindow::chartAnswer() const
{
    // No answer (or an RL plan, whose charts are its own view's) draws the training charts' empty frames.
    EvaluationPtr e = m_comparison->evaluation();
    const unsigned answer = e && e->ok ? chartAnswerOf(e->mode) : 0;
    return answer ? answer : ForTraining;
}

ChartOptions MainWindow::chartOptions(bool live) const
{
    EvaluationPtr e = m_comparison->evaluation();
    ChartOptions options;
    const int count = int(chartedResults().size());
    options.maxCandidates = m_allCandidatesCharted ? std::max(1, count) : DefaultChartedCandidates;
    options.currency = e ? e->currency : QString::fromStdString(m_document->plan().billing.currency);
    options.dark = isDarkPalette();
    options.live = live;
    if (e)
        options.billingModes = countedBillingModes(*e);
    if (chartAnswer() == ForServing)
        options.tpotTargetSeconds = e->serving.slo.tpotSeconds;
    return options;
}

void MainWindow::updateCharts(ChartUpdate how)
{
    const bool rebuild = how == ChartUpdate::Rebuild;
    const std::vector<gp::CandidateResult>& results = chartedResults();
    const ChartOptions options = chartOptions(how == ChartUpdate::Live);
    const unsigned answer = chartAnswer();
    updateChartNotice(int(results.size()), answer == ForServing);
    // While a slider drags, the candidates stay the same: new values go into the existing series, which is several
    // times cheaper than new charts with their axes, legends and items. Each place shows the chart list's chart for
    // this answer (serving: cost per million tokens and the throughput-latency curves).
    std::array<bool, ChartPlaceCount> rebuilt {};
    for (int place = 0; place < ChartPlaceCount; ++place) {
        ChartView* view = m_chartViews[size_t(place)];
        const ResultChart* chart = windowChart(ChartPlace(place), answer);
        if (!chart)
            continue;
        if (rebuild || !chart->update || !chart->update(view->chart(), results, options)) {
            view->replaceChart(chart->build(results, options));
            ++m_chartRebuilds;
            rebuilt[size_t(place)] = true;
        }
        // Bars and axis-parallel lines look the same without antialiasing, which costs most of a chart's repaint.
        // Saved images and the PDF always render antialiased.
        view->setRenderHint(QPainter::Antialiasing, chart->antialiased);
        if (const QString title = chartTitle(*chart); view->accessibleName() != title)
            view->setAccessibleName(title); // screen readers name the view after its chart
    }
    for (ChartView* view : m_chartViews)
        view->settleLayout();
    for (int place = 0; place < ChartPlaceCount; ++place)
        if (rebuilt[size_t(place)] || !options.live)
            m_chartViews[size_t(place)]->fitCategoryLabels(); // new labels, or in a new order
}

void MainWindow::showCostColumnsOf(const std::vector<std::string>& modes)
{
    // The table shows a cost column for each billing mode the plan counts; the others would be figures the answer
    // does not use. Only a change of modes touches the columns, so the user's own choice stands in between.
    if (modes.empty() || modes == m_costColumnModes || m_servingColumns)
        return;
    m_costColumnModes = modes;
    // The cost columns are the billing-mode table's rows, in its order (ComparisonModel asserts it).
    int column = ComparisonModel::CostOnDemand;
    for (const gp::BillingModeSpec& mode : gp::billingModes())
        m_table->showColumn(column++, std::find(modes.begin(), modes.end(), mode.code) != modes.end());
}

void MainWindow::showServingColumns(bool serving)
{
    if (serving == m_servingColumns)
        return;
    m_servingColumns = serving;
    if (serving) {
        m_nonServingHiddenColumns = m_table->hiddenColumnKeys();
        for (int c = 0; c < ComparisonModel::ColumnCount; ++c) {
            if (ComparisonModel::servingOnly(c))
                m_table->showColumn(c, true); // sized while hidden, a column would keep the default width
            else if (ComparisonModel::notServing(c))
                m_table->setColumnHidden(c, true);
        }
        // The serving figures first: memory, headroom and fits move behind the monthly cost, so that latency and
        // cost per token are on screen without scrolling.
        QHeaderView* header = m_table->horizontalHeader();
        for (int c : { int(ComparisonModel::Fits), int(ComparisonModel::Headroom), int(ComparisonModel::MemoryPerGpu) })
            header->moveSection(header->visualIndex(c), header->visualIndex(ComparisonModel::MonthlyCost));
    } else {
        QHeaderView* header = m_table->horizontalHeader();
        for (int c : { int(ComparisonModel::MemoryPerGpu), int(ComparisonModel::Headroom), int(ComparisonModel::Fits) })
            header->moveSection(header->visualIndex(c), header->visualIndex(ComparisonModel::TokensPerSecond));
        m_table->setHiddenColumnKeys(m_nonServingHiddenColumns);
        m_costColumnModes.clear(); // the cost columns follow the billing modes again
    }
}

void MainWindow::setAllCandidatesCharted(bool all)
{
    if (m_allCandidatesCharted == all)
        return;
    m_allCandidatesCharted = all;
    updateCharts(ChartUpdate::Rebuild);
}

void MainWindow::updateChartNotice(int count, bool serving)
{
    const bool paged = count > DefaultChartedCandidates;
    const int shown = m_allCandidatesCharted ? count : std::min(count, DefaultChartedCandidates);
    const bool wasShown = !m_chartNotice->isHidden();
    m_chartNotice->setVisible(paged);
    if (paged) {
        const QString cost = serving ? tr("the throughput-latency chart the best %1").arg(MaxServingCurves)
                                     : tr("the cost chart the best %1 that fit").arg(4);
        m_chartNotice->setText(m_allCandidatesCharted
                ? tr("Charts show all %1 candidates (scroll the memory and step-time charts); %2. "
                     "<a href=\"best\">Show the best %3</a>")
                      .arg(count)
                      .arg(cost)
                      .arg(DefaultChartedCandidates)
                : tr("Charts show the best %1 of %2 candidates; %3. <a href=\"all\">Show all</a>")
                      .arg(shown)
                      .arg(count)
                      .arg(cost));
    }
    // The note takes a line above the charts: their row grows by it, from the table, so that the bar rows which fit
    // without it still fit (the Chinese memory chart's 12 rows scrolled by 15 px under it).
    QList<int> sizes = m_rightSplitter->sizes();
    const int line = m_chartNotice->sizeHint().height();
    if (paged != wasShown && sizes.size() == 3 && sizes[2] > 2 * line) {
        sizes[0] += paged ? line : -line;
        sizes[2] -= paged ? line : -line;
        m_rightSplitter->setSizes(sizes);
    }
}

QString MainWindow::chartNoticeText() const
{
    return m_chartNotice->isVisibleTo(this) ? m_chartNotice->text() : QString();
}

void MainWindow::setMessageSink(std::function<void(const QString&, const QString&)> sink)
{
    m_messageSink = std::move(sink);
}

void MainWindow::setRecoveryPrompt(std::function<bool()> prompt)
{
    m_recoveryPrompt = std::move(prompt);
}

void MainWindow::showError(const QString& title, const QString& text)
{
    statusBar()->showMessage(text, 8000);
    emit errorShown(text);
    if (m_messageSink)
        m_messageSink(title, text);
    else
        QMessageBox::warning(this, title, text);
}

// The budget view, made on first use with the example budget.
BudgetView* MainWindow::budgetView()
{
    auto* view = findChild<BudgetView*>();
    if (!view) {
        view = new BudgetView(this);
        view->setCatalog(m_evaluator->catalog());
        if (auto budget = gp::parseBudget(gp::exampleBudgetText()))
            view->setBudget(std::move(*budget));
    }
    return view;
}

bool MainWindow::openPlan(const QString& path)
{
    // A team's budget (docs/budget-format.md; `gpu-planner team-year.gpubudget`, a recent file) opens in the budget
    // view: read as a plan it was refused with the file format's words, in English in the Chinese window.
    if (hasExtension(path, kBudgetExtension)) {
        BudgetView* view = budgetView();
        QString error;
        if (!view->openBudget(path, &error)) {
            showError(tr("Open Budget"), tr("Could not open %1:\n%2").arg(QDir::toNativeSeparators(path), error));
            return false;
        }
        m_settings->addRecentFile(path);
        view->show();
        view->raise();
        return true;
    }
    const int active = m_scenarioBar->activeScenario();
    m_scenarioBar->showBasePlan(); // another file opens on its base plan
    auto opened = m_document->open(path);
    if (!opened) {
        m_scenarioBar->setActiveScenario(active);
        showError(tr("Open Plan"),
            tr("Could not open %1:\n%2").arg(QDir::toNativeSeparators(path), CoreText::error(opened.error())));
        return false;
    }
    m_settings->addRecentFile(path);
    m_settings->setValue(Settings::Key::LastDirectory, QFileInfo(path).absolutePath());
    // Every input shows the opened file, also when it equals the plan shown: text a field refused goes, with its
    // message (planChanged() leaves the inputs alone then).
    m_inputs->setPlan(shownPlan());
    // Keys the file repeats or misspells are read past, not refused: said in the status bar.
    QStringList warnings;
    for (const std::string& warning : m_document->readWarnings())
        warnings << QString::fromStdString(warning);
    if (!warnings.isEmpty())
        statusBar()->showMessage(
            tr("%1 opened with warnings: %2").arg(QFileInfo(path).fileName(), warnings.join(QStringLiteral("; "))),
            20000);
    return true;
}

bool MainWindow::savePlan(const QString& path)
{
    m_inputs->commitPendingEdits(); // a title typed just before Ctrl+S is saved, not lost
    // The quotes from the overrides (outside the plan) that the window's answer uses: recorded in the file, so
    // that the command-line tool can say when it answers the plan without them.
    auto saved = m_document->save(path, gp::overridesUsed(m_document->plan(), *m_store->catalog()));
    if (!saved) {
        showError(tr("Save Plan"),
            tr("Could not save %1:\n%2").arg(QDir::toNativeSeparators(path), CoreText::error(saved.error())));
        return false;
    }
    m_settings->addRecentFile(path);
    removeRecoveryFile();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

void MainWindow::newPlan()
{
    if (!maybeSave())
        return;
    m_scenarioBar->showBasePlan();
    m_document->reset(defaultPlan(), QString());
    removeRecoveryFile();
}

void MainWindow::newRlPlan()
{
    if (!maybeSave())
        return;
    auto plan = gp::parsePlan(gp::rlPlanText());
    if (!plan)
        return;
    m_scenarioBar->showBasePlan();
    m_document->reset(*plan, QString());
    removeRecoveryFile();
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Plan"),
        m_settings->value(Settings::Key::LastDirectory).toString(),
        tr("GPU plans (%1 *.json);;All files (*)").arg(filePattern(kPlanExtension)));
    if (!path.isEmpty())
        openPlan(path);
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    return savePlan(m_document->filePath());
}

bool MainWindow::saveAs()
{
    m_inputs->commitPendingEdits();
    QString start = m_document->filePath();
    if (start.isEmpty())
        start = m_settings->value(Settings::Key::LastDirectory).toString() + QStringLiteral("/plan")
            + dottedExtension(kPlanExtension);
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save Plan As"), start, tr("GPU plans (%1)").arg(filePattern(kPlanExtension)));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += dottedExtension(kPlanExtension);
    return savePlan(path);
}

void MainWindow::importModelConfig()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Hugging Face Config"),
        m_settings->value(Settings::Key::LastDirectory).toString(),
        tr("Model configs (config.json *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_inputs->importConfig(path, &error))
        showError(tr("Import Model Config"), tr("Could not import %1:\n%2").arg(QDir::toNativeSeparators(path), error));
}

std::string MainWindow::hfHubDirNative() const
{
    // The variables' bytes as they are: a folder name that is not UTF-8 still opens.
    const QByteArray cache = qgetenv("HF_HUB_CACHE"), home = qgetenv("HF_HOME"), user = qgetenv("HOME");
    return gp::huggingFaceHubDir(cache.isEmpty() ? nullptr : cache.constData(),
        home.isEmpty() ? nullptr : home.constData(), user.isEmpty() ? nullptr : user.constData());
}

QString MainWindow::hfHubDir() const
{
    return QFile::decodeName(QByteArray::fromStdString(hfHubDirNative()));
}

std::optional<std::vector<gp::CachedModel>> MainWindow::scanCachedModels(const std::string& hub)
{
    // Off the UI thread: a cache on a slow or network disk never freezes the window; after a moment the scan shows
    // a progress dialog that can cancel it (its result is then dropped).
    QFutureWatcher<std::vector<gp::CachedModel>> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcher<std::vector<gp::CachedModel>>::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run([hub] { return gp::cachedModels(hub); }));
    if (!watcher.future().isFinished()) {
        QProgressDialog progress(tr("Reading the Hugging Face cache..."), tr("Cancel"), 0, 0, this);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(300);
        bool cancelled = false;
        connect(&progress, &QProgressDialog::canceled, &loop, [&] {
            cancelled = true;
            loop.quit();
        });
        loop.exec();
        if (cancelled)
            return std::nullopt;
    }
    return watcher.future().result();
}

void MainWindow::chooseCachedModel()
{
    const QString hub = hfHubDir();
    const auto scanned = scanCachedModels(hfHubDirNative());
    if (!scanned)
        return;
    const std::vector<gp::CachedModel>& models = *scanned;
    if (models.empty()) {
        showError(tr("Hugging Face Cache"),
            tr("No model with a config.json was found in the Hugging Face cache (%1). On a connected machine, "
               "download one with: huggingface-cli download ORG/NAME config.json, or set HF_HOME to the "
               "folder that holds the cache.")
                .arg(hub.isEmpty() ? tr("no HF_HUB_CACHE, HF_HOME or HOME set") : QDir::toNativeSeparators(hub)));
        return;
    }
    QStringList repos;
    for (const gp::CachedModel& m : models)
        repos << QString::fromStdString(m.repo);
    const QString title = tr("Hugging Face Cache");
    const QString label = tr("Models in %1:").arg(QDir::toNativeSeparators(hub));
    QString chosen;
    if (m_itemChooser) {
        chosen = m_itemChooser(title, label, repos);
    } else {
        bool ok = false;
        chosen = QInputDialog::getItem(this, title, label, repos, 0, false, &ok);
        if (!ok)
            chosen.clear();
    }
    const qsizetype index = chosen.isEmpty() ? -1 : repos.indexOf(chosen);
    if (index < 0)
        return;
    QString error;
    if (!importCachedConfig(models[std::size_t(index)], &error))
        showError(tr("Hugging Face Cache"), tr("Could not import %1:\n%2").arg(chosen, error));
}

bool MainWindow::importCachedConfig(const gp::CachedModel& model, QString* error)
{
    // Read by the path's bytes: a cache folder whose name is not UTF-8 imports too.
    auto bytes = gp::readRegularFile(model.configPath);
    if (!bytes) {
        *error = CoreText::errorMessage(bytes.error());
        return false;
    }
    return m_inputs->importConfigBytes(QByteArray::fromStdString(*bytes),
        QFile::decodeName(QByteArray::fromStdString(model.configPath)), error, QString::fromStdString(model.repo));
}

bool MainWindow::importCachedModel(const QString& repo, QString* error)
{
    for (const gp::CachedModel& m : gp::cachedModels(hfHubDirNative()))
        if (QString::fromStdString(m.repo) == repo)
            return importCachedConfig(m, error);
    *error = tr("%1 is not in the Hugging Face cache (%2).").arg(repo, QDir::toNativeSeparators(hfHubDir()));
    return false;
}

bool MainWindow::maybeSave()
{
    m_inputs->commitPendingEdits(); // typed text counts as an unsaved change on close, open and new
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved Changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    saveSession();
    removeRecoveryFile();
    event->accept();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    // The inputs re-lay themselves out when a row is shown or re-worded (a language switch, a plan's rows): their
    // tab then follows their new minimum width, whenever that layout pass comes.
    if (event->type() == QEvent::LayoutRequest && m_inputs && watched == m_inputs)
        fitInputsWidth();
    if (event->type() == QEvent::ShortcutOverride && m_inputs) {
        auto* key = static_cast<QKeyEvent*>(event);
        auto* widget = qobject_cast<QWidget*>(watched);
        const bool undoKey = key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo);
        // Left unaccepted, the key goes to the window's Undo / Redo action instead of the field.
        if (undoKey && widget && (qobject_cast<QLineEdit*>(widget) || qobject_cast<QAbstractSpinBox*>(widget))
            && m_inputs->isAncestorOf(widget)) {
            event->ignore();
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

QString MainWindow::recoveryPath() const
{
    return m_recovery->path();
}

bool MainWindow::autosaveNow()
{
    m_inputs->commitPendingEdits();
    const int index = m_document->undoStack()->index();
    if (!m_document->isModified() || index == m_autosavedIndex)
        return false;
    const std::string text = gp::serializePlan(m_document->plan());
    const auto written = m_recovery->write(QByteArray(text.data(), qsizetype(text.size())), m_document->filePath());
    if (!written) {
        // Said once per run of failures (a full disk would otherwise raise a message every few seconds).
        const QString message = tr("Could not write the recovery copy of your unsaved changes:\n%1")
                                    .arg(CoreText::error(written.error()));
        if (!m_autosaveFailing)
            showError(tr("Autosave"), message);
        else
            statusBar()->showMessage(message, 8000);
        m_autosaveFailing = true;
        return false;
    }
    if (m_autosaveFailing)
        statusBar()->showMessage(tr("Autosave works again"), 4000);
    m_autosaveFailing = false;
    m_autosavedIndex = index;
    return true;
}

void MainWindow::removeRecoveryFile()
{
    m_recovery->remove(); // this window's file only: another window's changes are not ours to delete
    m_autosavedIndex = -1;
}

bool MainWindow::offerRecovery()
{
    for (const QString& orphan : m_recovery->orphans()) {
        auto recovered = m_document->read(orphan);
        if (!recovered) {
            const QString aside = m_recovery->moveAside(orphan);
            showError(tr("Recover Plan"),
                tr("A recovery file could not be read, so it was not restored:\n%1\n\nIt was kept as %2.")
                    .arg(CoreText::error(recovered.error()),
                        QDir::toNativeSeparators(aside.isEmpty() ? orphan : aside)));
            continue;
        }
        const bool accept = m_recoveryPrompt ? m_recoveryPrompt()
                                             : QMessageBox::question(this, tr("Recover Plan"),
                                                   tr("GPU Planner did not close normally. Restore the unsaved "
                                                      "changes it kept?"),
                                                   QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
                == QMessageBox::Yes;
        if (!accept) {
            m_recovery->discard(orphan); // its writer is gone and the user declined it
            return false;
        }
        const QString source = m_recovery->sourceOf(orphan);
        if (!source.isEmpty() && QFileInfo(source).isFile() && m_document->read(source))
            m_document->open(source);
        else
            m_document->reset(defaultPlan(), QString());
        m_document->change(recovered.value(), tr("Recover unsaved changes"));
        // The changes now live in this window's own recovery file; the orphan goes only once they do.
        if (autosaveNow())
            m_recovery->discard(orphan);
        return true;
    }
    return false;
}

void MainWindow::setLanguage(const QString& language)
{
    m_settings->setLanguage(language);
    installLanguage(language); // Qt sends LanguageChange to every widget
}

void MainWindow::setTheme(const QString& theme)
{
    m_settings->setTheme(theme);
    applyTheme(theme);
    rebuildCharts();
}

QStringList MainWindow::saveChartImagesTo(const QString& dir)
{
    settleNow(); // the images show the charts in rank order with current labels
    QStringList failed;
    // Every chart the list saves for this answer: the window's view where the window shows it, else drawn at the
    // size of the top-right view.
    const unsigned answer = chartAnswer();
    for (const ResultChart& chart : resultCharts()) {
        if (!(chart.saved & answer))
            continue;
        ChartView* shown = (chart.window & answer) ? chartViewAt(chart.place) : nullptr;
        ChartView offscreen;
        if (!shown) {
            offscreen.setAttribute(Qt::WA_DontShowOnScreen);
            offscreen.resize(chartViewAt(ChartPlace::TopRight)->size().expandedTo(QSize(640, 400)));
            offscreen.show();
            offscreen.replaceChart(chart.build(chartedResults(), chartOptions(false)));
            offscreen.settleLayout();
        }
        const ChartView* view = shown ? shown : &offscreen;
        const QString base = dir + QLatin1Char('/') + QLatin1String(chart.id);
        QString error;
        if (!view->savePng(base + QStringLiteral(".png"), &error)
            || !view->saveSvg(base + QStringLiteral(".svg"), &error))
            failed << error;
    }
    return failed;
}

void MainWindow::saveChartImages()
{
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Save Chart Images To"), m_settings->value(Settings::Key::LastDirectory).toString());
    if (dir.isEmpty())
        return;
    const QStringList failed = saveChartImagesTo(dir);
    if (!failed.isEmpty())
        showError(tr("Save Chart Images"), failed.join(QLatin1Char('\n')));
    else
        statusBar()->showMessage(tr("Saved chart images to %1").arg(QDir::toNativeSeparators(dir)), 4000);
}

void MainWindow::setItemChooser(ItemChooser chooser)
{
    m_itemChooser = std::move(chooser);
}

void MainWindow::setSaveFileChooser(SaveFileChooser chooser)
{
    m_saveFileChooser = std::move(chooser);
}

bool MainWindow::canExport() const
{
    const EvaluationPtr e = m_evaluator->latest();
    return e && e->ok && (!e->results.empty() || (e->rl && !e->rl->candidates.empty())) && m_evaluator->catalog();
}

void MainWindow::updateExportActions()
{
    if (!m_exportPdfAction)
        return;
    const bool enabled = canExport() && !m_jobs->isRunning();
    for (QAction* a :
        { m_exportPdfAction, m_exportCsvAction, m_exportCostCurveAction, m_printAction, m_exportLaunchAction })
        a->setEnabled(enabled);
}

QString MainWindow::exportBaseName() const
{
    QString name = QString::fromStdString(m_document->plan().title).trimmed();
    if (name.isEmpty() && !m_document->filePath().isEmpty())
        name = QFileInfo(m_document->filePath()).completeBaseName();
    // Characters that are not allowed (or awkward) in file names on some system become dashes.
    static const QRegularExpression unsafe(QStringLiteral("[\\\\/:*?\"<>|\\x00-\\x1f]+"));
    name.replace(unsafe, QStringLiteral("-"));
    name = name.trimmed();
    while (name.startsWith(QLatin1Char('.')))
        name.remove(0, 1);
    if (name.isEmpty())
        name = QStringLiteral("gpu-plan");
    return name.left(120);
}

QString MainWindow::chooseExportPath(const QString& caption, const QString& suffix, const QString& filter)
{
    m_inputs->commitPendingEdits(); // the file name and the report take the title as typed
    // The last export's folder, else the plan's own folder (a first export lands beside the plan), else the last
    // folder a plan was opened from.
    QString dir = m_settings->value(Settings::Key::ExportDirectory).toString();
    if ((dir.isEmpty() || !QFileInfo(dir).isDir()) && !m_document->filePath().isEmpty())
        dir = QFileInfo(m_document->filePath()).absolutePath();
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = m_settings->value(Settings::Key::LastDirectory).toString();
    const QString suggested = QDir(dir).filePath(exportBaseName() + suffix);
    QString path = m_saveFileChooser ? m_saveFileChooser(caption, suggested, filter)
                                     : QFileDialog::getSaveFileName(this, caption, suggested, filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += suffix.mid(suffix.lastIndexOf(QLatin1Char('.')));
    return path;
}

EvaluationPtr MainWindow::currentEvaluation()
{
    EvaluationPtr shown = m_evaluator->latest();
    if (shown && shown->generation == m_evaluator->generation())
        return shown;
    // An edit is still being evaluated in the background: evaluate the plan the report prints, now.
    return std::make_shared<const Evaluation>(evaluatePlan(shownPlan(), *m_evaluator->catalog()));
}

void MainWindow::connectJobs()
{
    // While a job writes, no second export starts; how it ended goes to the status bar or a message.
    connect(m_jobs, &JobRunner::started, this, &MainWindow::updateExportActions);
    connect(m_jobs, &JobRunner::idle, this, &MainWindow::updateExportActions);
    connect(m_jobs, &JobRunner::succeeded, this, [this] { emit jobFinished(true); });
    connect(m_jobs, &JobRunner::failed, this, [this](const QString& name, const QString& message) {
        showError(name, message);
        emit jobFinished(false);
    });
    connect(m_jobs, &JobRunner::cancelled, this, [this](const QString& name) {
        statusBar()->showMessage(tr("%1 cancelled: nothing was written").arg(name), 6000);
        emit jobFinished(false);
    });
}

bool MainWindow::runExport(
    const QString& title, const QString& path, const std::function<gp::Expected<bool>(const ReportData&)>& write)
{
    m_inputs->commitPendingEdits();
    if (!canExport()) {
        showError(title, tr("There is no result to export yet: fix the plan's errors or wait for the evaluation."));
        return false;
    }
    if (m_jobs->isRunning()) {
        showError(title, tr("%1 is still running: wait for it or cancel it first.").arg(m_jobs->jobName()));
        return false;
    }
    // The job gets copies of what the report shows. An edit still being evaluated is evaluated in the job: a
    // report never mixes new inputs with old results.
    const gp::Plan plan = shownPlan();
    const gp::Plan base = m_document->plan();
    const std::shared_ptr<const gp::Catalog> catalog = m_evaluator->catalog();
    EvaluationPtr shown = m_evaluator->latest();
    if (!shown || shown->generation != m_evaluator->generation())
        shown = nullptr;
    auto work = [plan, base, catalog, shown, path, write](JobControl& job) -> gp::Expected<bool> {
        EvaluationPtr evaluation = shown;
        if (!evaluation)
            evaluation = std::make_shared<const Evaluation>(evaluatePlan(plan, *catalog, job.cancelFlag()));
        ReportData data = makeReportData(plan, catalog, evaluation);
        attachScenarioComparison(data, base);
        job.setProgress(0.1);
        const gp::Expected<bool> written = write(data);
        if (!written) {
            gp::Error error;
            error.message = tr("Could not write %1:\n%2")
                                .arg(QDir::toNativeSeparators(path), CoreText::error(written.error()))
                                .toStdString();
            return error;
        }
        job.setProgress(1.0);
        return true;
    };
    m_jobs->run<bool>(title, work, [this, path](bool) {
        m_settings->setValue(Settings::Key::ExportDirectory, QFileInfo(path).absolutePath());
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 6000);
    });
    return true;
}

bool MainWindow::exportPdf(const QString& path)
{
    return runExport(
        tr("Export PDF Report"), path, [path](const ReportData& data) { return writePdfReport(data, path); });
}

bool MainWindow::exportCsv(const QString& path)
{
    return runExport(
        tr("Export Results as CSV"), path, [path](const ReportData& data) { return writeCsvReport(data, path); });
}

bool MainWindow::exportCostCurveCsv(const QString& path)
{
    return runExport(
        tr("Export Cost Curve CSV"), path, [path](const ReportData& data) { return writeCostCurveCsv(data, path); });
}

void MainWindow::exportPdfAs()
{
    const QString path = chooseExportPath(tr("Export PDF Report"), QStringLiteral(".pdf"), tr("PDF documents (*.pdf)"));
    if (!path.isEmpty())
        exportPdf(path);
}

void MainWindow::exportCsvAs()
{
    const QString path
        = chooseExportPath(tr("Export Results as CSV"), QStringLiteral(".csv"), tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        exportCsv(path);
}

void MainWindow::exportCostCurveCsvAs()
{
    const QString path = chooseExportPath(
        tr("Export Cost Curve CSV"), QStringLiteral("-cost-curve.csv"), tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        exportCostCurveCsv(path);
}

void MainWindow::printReportDialog()
{
    m_inputs->commitPendingEdits();
    if (!canExport()) {
        showError(tr("Print Report"),
            tr("There is no result to print yet: fix the plan's errors or wait for the "
               "evaluation."));
        return;
    }
    QPrinter printer(QPrinter::HighResolution);
    printer.setDocName(exportBaseName());
    QPrintDialog dialog(&printer, this);
    dialog.setWindowTitle(tr("Print Report"));
    if (dialog.exec() != QDialog::Accepted)
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ReportData data = makeReportData(shownPlan(), m_evaluator->catalog(), currentEvaluation());
    attachScenarioComparison(data, m_document->plan());
    const gp::Expected<int> pages = printReport(data, &printer);
    QApplication::restoreOverrideCursor();
    if (!pages) {
        showError(tr("Print Report"), tr("Could not print:\n%1").arg(CoreText::error(pages.error())));
        return;
    }
    statusBar()->showMessage(tr("Printed %n page(s)", nullptr, *pages), 6000);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls()) {
        for (const QUrl& url : event->mimeData()->urls()) {
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
        }
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            openDropped(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
    }
}

void MainWindow::openDropped(const QString& path)
{
    // A team's budget opens in the budget view, as File > Open and the command line open it; the plan shown stays,
    // so there is nothing to save first.
    if (hasExtension(path, kBudgetExtension)) {
        openPlan(path);
        return;
    }
    if (hasExtension(path, kPlanExtension)) {
        if (maybeSave())
            openPlan(path);
        return;
    }
    QString error;
    if (!m_inputs->importConfig(path, &error))
        showError(tr("Import Model Config"), tr("Could not import %1:\n%2").arg(QDir::toNativeSeparators(path), error));
}

} // namespace gpui
