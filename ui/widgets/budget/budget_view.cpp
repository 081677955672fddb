// The Budget view.
#include "widgets/budget/budget_view.h"

#include "core_text.h"
#include "file_extensions.h"
#include "job_runner.h"
#include "number_format.h"
#include "region_text.h"
#include "widgets/budget/budget_charts.h"
#include "widgets/budget/budget_fleet_model.h"
#include "widgets/budget/budget_note_label.h"
#include "widgets/budget/budget_report.h"
#include "widgets/job_progress.h"

#include "base/input_file.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

namespace gpui
{

namespace
{
constexpr int kComputingNoteMs = 100; // an answer slower than this says "Computing…" meanwhile
// The search for gentler cap fixes waits this long after an answer: typing answers again at once, and each fix tried
// answers the budget again (seconds for a share of traffic, which searches that item's plan again).
constexpr int kFixSearchDelayMs = 800;

// One gentler fix applied (or taken back): the fixes after the what-if, before and after.
class BudgetFixCommand : public QUndoCommand
{
public:
    BudgetFixCommand(const QString& text, std::vector<gp::GentlerCapFix> before, std::vector<gp::GentlerCapFix> after,
        std::function<void(std::vector<gp::GentlerCapFix>)> set)
        : QUndoCommand(text)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_set(std::move(set))
    {
    }
    void undo() override { m_set(m_before); }
    void redo() override { m_set(m_after); }

private:
    std::vector<gp::GentlerCapFix> m_before, m_after;
    std::function<void(std::vector<gp::GentlerCapFix>)> m_set;
};

// One edit of the what-if's controls (the item, its traffic, its start, the region). Edits of one control in a row
// are one step (each key typed into the traffic box is an edit): Ctrl+Z takes the field back to before it was typed.
class BudgetWhatIfCommand : public QUndoCommand
{
public:
    BudgetWhatIfCommand(int control, const gp::BudgetWhatIf& before, const gp::BudgetWhatIf& after,
        std::function<void(const gp::BudgetWhatIf&)> set)
        : m_control(control)
        , m_before(before)
        , m_after(after)
        , m_set(std::move(set))
    {
    }
    int id() const override { return 4412; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const BudgetWhatIfCommand*>(other);
        if (next->m_control != m_control)
            return false;
        m_after = next->m_after;
        return true;
    }
    void undo() override { m_set(m_before); }
    void redo() override { m_set(m_after); }

private:
    int m_control;
    gp::BudgetWhatIf m_before, m_after;
    std::function<void(const gp::BudgetWhatIf&)> m_set;
};

bool sameBudgetEdit(const gp::BudgetWhatIf& a, const gp::BudgetWhatIf& b)
{
    return a.item == b.item && a.delayMonths == b.delayMonths && a.trafficFactor == b.trafficFactor
        && a.provider == b.provider && a.region == b.region;
}
} // namespace

BudgetView::BudgetView(QWidget* parent)
    : QDialog(parent)
    , m_budget(std::make_shared<const gp::Budget>())
    , m_catalog(std::make_shared<gp::Catalog>(gp::builtinCatalog()))
    , m_cache(std::make_shared<gp::BudgetPlanCache>())
    , m_open(new QPushButton)
    , m_csv(new QPushButton)
    , m_pdf(new QPushButton)
    , m_itemLabel(new QLabel)
    , m_item(new QComboBox)
    , m_trafficLabel(new QLabel)
    , m_traffic(new QDoubleSpinBox)
    , m_delayLabel(new QLabel)
    , m_delay(new QSpinBox)
    , m_regionLabel(new QLabel)
    , m_region(new QComboBox)
    , m_capBanner(new BudgetNoteLabel)
    , m_summary(new BudgetNoteLabel)
    , m_status(new QLabel)
    , m_timeline(new BudgetTimeline)
    , m_chart(new BudgetSpendChart)
    , m_fleetModel(new BudgetFleetModel(this))
    , m_fleet(new QTableView)
    , m_details(new BudgetNoteLabel)
    , m_answerJobs(new JobRunner(this))
    , m_jobs(new JobRunner(this))
    , m_jobProgress(new JobProgress(m_jobs))
    , m_computingNote(new QTimer(this))
    , m_fixJobs(new JobRunner(this))
    , m_fixProgress(new JobProgress(m_fixJobs))
    , m_fixSearchDelay(new QTimer(this))
    , m_fixNote(new QLabel)
    , m_fixButtons(new QWidget)
    , m_undoFix(new QPushButton)
    , m_fixMoveNote(new QLabel)
    , m_undo(new QUndoStack(this))
{
    m_computingNote->setSingleShot(true);
    m_computingNote->setInterval(kComputingNoteMs);
    connect(m_computingNote, &QTimer::timeout, this, [this] { m_status->setText(tr("Computing…")); });
    setObjectName(QStringLiteral("budgetView"));
    // Issue 44: the month a cap breaks was said only below the fleet table, out of sight; it stands above the view.
    m_capBanner->setObjectName(QStringLiteral("budgetCapBanner"));
    m_capBanner->setWordWrap(true);
    m_capBanner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_capBanner->setStyleSheet(QStringLiteral(
        "QLabel { color: #b3261e; font-weight: bold; border: 1px solid #b3261e; border-radius: 3px; padding: 6px; }"));
    m_capBanner->hide();
    m_summary->setObjectName(QStringLiteral("budgetSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_traffic->setObjectName(QStringLiteral("budgetTraffic"));
    m_traffic->setRange(0.1, 100);
    m_traffic->setSingleStep(0.5);
    m_traffic->setDecimals(2);
    m_traffic->setValue(1);
    m_delay->setRange(-120, 120);
    for (auto [label, field] : { std::pair<QLabel*, QWidget*> { m_itemLabel, m_item }, { m_trafficLabel, m_traffic },
             { m_delayLabel, m_delay }, { m_regionLabel, m_region } })
        label->setBuddy(field);

    auto* controls = new QHBoxLayout;
    for (QWidget* w : std::initializer_list<QWidget*> {
             m_itemLabel, m_item, m_trafficLabel, m_traffic, m_delayLabel, m_delay, m_regionLabel, m_region })
        controls->addWidget(w);
    controls->addStretch(1);
    controls->addWidget(m_open);
    controls->addWidget(m_csv);
    controls->addWidget(m_pdf);

    setUpFleetTable();

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->addWidget(m_summary);
    layout->addWidget(m_timeline);
    layout->addWidget(m_chart, 1);
    layout->addWidget(m_fleet);
    layout->addWidget(m_details);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto* outer = new QVBoxLayout(this);
    outer->addLayout(controls);
    outer->addWidget(m_capBanner);
    outer->addWidget(scroll, 1);
    outer->addWidget(makeBottomBar());
    resize(1100, 860);

    connect(m_item, &QComboBox::currentIndexChanged, this, [this] { readControls(); });
    connect(m_traffic, &QDoubleSpinBox::valueChanged, this, [this] { readControls(); });
    connect(m_delay, &QSpinBox::valueChanged, this, [this] { readControls(); });
    connect(m_region, &QComboBox::currentIndexChanged, this, [this] { readControls(); });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open Budget"), QString(), tr("Budgets (%1);;All files (*)").arg(filePattern(kBudgetExtension)));
        QString error;
        if (!path.isEmpty() && !openBudget(path, &error))
            QMessageBox::warning(this, tr("Open Budget"), error);
    });
    connect(m_csv, &QPushButton::clicked, this, &BudgetView::exportCsv);
    connect(m_pdf, &QPushButton::clicked, this, &BudgetView::exportPdf);
    connect(m_jobs, &JobRunner::failed, this,
        [this](const QString& name, const QString& message) { QMessageBox::warning(this, name, message); });
    connect(m_jobs, &JobRunner::cancelled, this,
        [this](const QString& name) { m_status->setText(tr("%1 cancelled: nothing was written").arg(name)); });
    // The answer's own runner (an export running on m_jobs is not cancelled by an edit): a failure says which job
    // failed and why.
    connect(m_answerJobs, &JobRunner::failed, this, [this](const QString& name, const QString& message) {
        m_status->setText(tr("%1 failed: %2").arg(name, message));
    });
    retranslate();
}

// The fleet table: sorted through a proxy, its columns fitted to what changed.
void BudgetView::setUpFleetTable()
{
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_fleetModel);
    proxy->setSortRole(BudgetFleetModel::SortRole);
    m_fleet->setModel(proxy);
    m_fleet->setSortingEnabled(true);
    // Columns fit their contents when the fleet's rows change, and grow when an edit widens a figure; measured on
    // every change (Qt's ResizeToContents), they repaint the whole table and its scroll bar for each edit.
    for (int column = 0; column < BudgetFleetModel::ColumnCount; ++column)
        m_fleet->horizontalHeader()->setSectionResizeMode(column,
            column == BudgetFleetModel::BillingColumn || column == BudgetFleetModel::ItemsColumn
                ? QHeaderView::Stretch
                : QHeaderView::Interactive);
    const auto fitFleetColumns = [this] {
        const QAbstractItemView* view = m_fleet; // sizeHintForColumn is public there
        for (int column = 0; column < BudgetFleetModel::ColumnCount; ++column) {
            if (m_fleet->horizontalHeader()->sectionResizeMode(column) == QHeaderView::Stretch)
                continue;
            const int width
                = std::max(view->sizeHintForColumn(column), m_fleet->horizontalHeader()->sectionSizeHint(column));
            if (width != m_fleet->columnWidth(column))
                m_fleet->setColumnWidth(column, width);
        }
    };
    connect(m_fleetModel, &QAbstractItemModel::modelReset, this, fitFleetColumns);
    // An edit changes a few cells, one signal each: only those are measured, once the answer is in (render), and a
    // column grows to the widest; measuring whole columns at each signal shaped every cell's text again and again.
    connect(m_fleetModel, &QAbstractItemModel::dataChanged, this,
        [this](const QModelIndex& from) { m_changedFleetCells.push_back(from); });
    connect(m_fleetModel, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int first, int last) {
        for (int row = first; row <= last; ++row)
            for (int column = 0; column < BudgetFleetModel::ColumnCount; ++column)
                m_changedFleetCells.push_back(m_fleetModel->index(row, column));
    });
    m_fleet->setWordWrap(false);
    m_fleet->verticalHeader()->hide();
    m_fleet->setMinimumHeight(140);
}

// The bottom bar: exports, then the gentler fixes (their search, a button each, the undo), then the status. As tall
// as a button whatever it shows, so what comes and goes in it never moves the view above (issue 41).
QWidget* BudgetView::makeBottomBar()
{
    m_fixSearchDelay->setSingleShot(true);
    m_fixSearchDelay->setInterval(kFixSearchDelayMs);
    connect(m_fixSearchDelay, &QTimer::timeout, this, &BudgetView::searchFixes);
    m_fixProgress->setObjectName(QStringLiteral("budgetFixProgress"));
    m_fixNote->setObjectName(QStringLiteral("budgetFixNote"));
    m_fixNote->hide();
    m_fixButtons->setObjectName(QStringLiteral("budgetFixButtons"));
    auto* fixButtons = new QHBoxLayout(m_fixButtons);
    fixButtons->setContentsMargins(0, 0, 0, 0);
    m_undoFix->setObjectName(QStringLiteral("budgetUndoFix"));
    m_undoFix->hide();
    connect(m_undoFix, &QPushButton::clicked, m_undo, &QUndoStack::undo);
    auto* undoAction = new QAction(this);
    undoAction->setShortcut(QKeySequence::Undo);
    undoAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(undoAction, &QAction::triggered, m_undo, &QUndoStack::undo);
    addAction(undoAction);
    auto* redoAction = new QAction(this);
    redoAction->setShortcut(QKeySequence::Redo);
    redoAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(redoAction, &QAction::triggered, m_undo, &QUndoStack::redo);
    addAction(redoAction);
    // As in the main window's inputs (issue 44 item 11): Ctrl+Z in a number field is the view's undo (the field's
    // edit is one step of it), not the field's own text undo.
    for (QWidget* field : std::initializer_list<QWidget*> { m_traffic, m_delay }) {
        field->installEventFilter(this);
        if (auto* line = field->findChild<QLineEdit*>())
            line->installEventFilter(this);
    }
    connect(m_undo, &QUndoStack::indexChanged, this, &BudgetView::showUndoFix);
    connect(m_fixJobs, &JobRunner::failed, this, [this](const QString& name, const QString& message) {
        m_status->setText(tr("%1 failed: %2").arg(name, message));
    });
    auto* bottomBar = new QWidget;
    auto* bottom = new QHBoxLayout(bottomBar);
    bottom->setContentsMargins(0, 0, 0, 0);
    bottom->addWidget(m_jobProgress);
    bottom->addWidget(m_fixProgress);
    bottom->addWidget(m_fixNote);
    bottom->addWidget(m_fixButtons);
    bottom->addWidget(m_undoFix);
    m_fixMoveNote->setObjectName(QStringLiteral("budgetFixMoveNote"));
    m_fixMoveNote->hide();
    bottom->addWidget(m_fixMoveNote);
    bottom->addWidget(m_status, 1);
    bottomBar->setMinimumHeight(m_undoFix->sizeHint().height());
    return bottomBar;
}

// The runners cancel what runs and never wait for it: a job owns copies of what it reads.
// The undo stack and the job runners are children, deleted by QWidget's destructor after this view's own part is
// gone; the stack's clear() then emits indexChanged into this view's slots (UBSan: a call on a destroyed BudgetView).
// They are disconnected from the view first.
BudgetView::~BudgetView()
{
    for (QObject* child : std::initializer_list<QObject*> { m_undo, m_fixJobs, m_answerJobs, m_jobs })
        child->disconnect(this);
}

bool BudgetView::openBudget(const QString& path, QString* error)
{
    auto text = gp::readRegularFile(path.toStdString());
    auto budget = text ? gp::parseBudget(*text) : gp::Expected<gp::Budget>(text.error());
    if (!budget) {
        if (error)
            *error = CoreText::error(budget.error());
        return false;
    }
    gp::loadBudgetPlans(*budget, QFileInfo(path).absolutePath().toStdString(),
        [](const std::string& p) { return gp::readRegularFile(p); });
    setWindowFilePath(path);
    setBudget(std::move(*budget));
    return true;
}

void BudgetView::setBudget(gp::Budget budget)
{
    m_capBanner->setMinimumHeight(0);
    m_budget = std::make_shared<const gp::Budget>(std::move(budget));
    m_whatIf = {};
    m_applied.clear();
    m_fixMove = {};
    m_undo->clear(); // the fixes applied and the edits were this budget's
    fillWhatIfChoices();
    recompute();
}

void BudgetView::setCatalog(std::shared_ptr<const gp::Catalog> catalog)
{
    if (!catalog)
        return;
    m_catalog = std::move(catalog);
    m_cache = std::make_shared<gp::BudgetPlanCache>(); // answers of another catalog are not this one's
    recompute();
}

void BudgetView::setWhatIf(const gp::BudgetWhatIf& whatIf)
{
    m_whatIf = whatIf;
    m_filling = true;
    // Only a control that differs: setting a box to its own value writes its text again, under the user's typing.
    if (m_traffic->value() != whatIf.trafficFactor)
        m_traffic->setValue(whatIf.trafficFactor);
    if (m_delay->value() != whatIf.delayMonths)
        m_delay->setValue(whatIf.delayMonths);
    if (m_item->currentIndex() != whatIf.item + 1)
        m_item->setCurrentIndex(whatIf.item + 1);
    const QStringList region { QString::fromStdString(whatIf.provider), QString::fromStdString(whatIf.region) };
    const int regionIndex = m_region->findData(region);
    if (const int wanted = regionIndex >= 0 && !whatIf.region.empty() ? regionIndex : 0;
        m_region->currentIndex() != wanted)
        m_region->setCurrentIndex(wanted);
    m_filling = false;
    recompute();
}

bool BudgetView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        // Left unaccepted, the key goes to the view's Undo / Redo action instead of the field.
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) {
            event->ignore();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void BudgetView::fillWhatIfChoices()
{
    m_filling = true;
    m_item->clear();
    m_item->addItem(tr("Every item"));
    for (const gp::BudgetItem& item : m_budget->items)
        m_item->addItem(QString::fromStdString(item.name));
    m_region->clear();
    m_region->addItem(tr("As in the budget"));
    for (const auto& [provider, regions] : m_budget->regions)
        for (const std::string& region : regions)
            m_region->addItem(tr("%1: %2").arg(CoreText::provider(QString::fromStdString(provider)),
                                  RegionText::name(QString::fromStdString(region))),
                QStringList { QString::fromStdString(provider), QString::fromStdString(region) });
    m_traffic->setValue(1);
    m_delay->setValue(0);
    m_filling = false;
}

void BudgetView::readControls()
{
    if (m_filling)
        return;
    gp::BudgetWhatIf after = m_whatIf;
    after.item = m_item->currentIndex() - 1;
    after.trafficFactor = m_traffic->value();
    after.delayMonths = m_delay->value();
    const QStringList region = m_region->currentData().toStringList();
    after.provider = region.size() == 2 ? region[0].toStdString() : std::string();
    after.region = region.size() == 2 ? region[1].toStdString() : std::string();
    // Which control changed: edits of one control in a row are one undo step.
    const int control = after.item != m_whatIf.item     ? 0
        : after.trafficFactor != m_whatIf.trafficFactor ? 1
        : after.delayMonths != m_whatIf.delayMonths     ? 2
                                                        : 3;
    m_undo->push(new BudgetWhatIfCommand(
        control, m_whatIf, after, [this](const gp::BudgetWhatIf& whatIf) { setWhatIf(whatIf); }));
}

void BudgetView::recompute()
{
    // The fixes offered were the last answer's: the search for them stops, and they go.
    m_fixSearchDelay->stop();
    m_fixJobs->abandon();
    m_offered.clear();
    m_fixSearchDone = false;
    showFixes();
    if (m_budget->items.empty())
        return;
    // Said only when the answer takes longer than a frame or two: an edit answered at once changes the status line
    // once, not twice (each change lays the view out again).
    m_computingNote->start();
    auto catalog = m_catalog;
    auto cache = m_cache;
    // The newest edit wins: the runner cancels the answer running, whose result is dropped. The what-if is applied
    // on the worker (a copy of every item's plan).
    m_answerJobs->run<BudgetAnswerPtr>(
        tr("Budget answer"),
        [budget = m_budget, whatIf = m_whatIf, fixes = m_applied, catalog, cache](
            JobControl& job) -> gp::Expected<BudgetAnswerPtr> {
            gp::SearchControl control;
            control.cancel = job.cancelFlag();
            const std::optional<gp::Budget> edited
                = whatIf.any() || !fixes.empty() ? std::optional(editedBudget(*budget, whatIf, fixes)) : std::nullopt;
            auto answer = std::make_shared<const gp::BudgetAnswer>(
                gp::answerBudget(edited ? *edited : *budget, *catalog, control, cache.get()));
            if (answer->cancelled)
                return gp::Error { "", "cancelled" };
            return BudgetAnswerPtr(std::move(answer));
        },
        [this](BudgetAnswerPtr answer) {
            m_computingNote->stop();
            m_answer = std::move(answer);
            if (m_fixMove.awaited) {
                m_fixMove.awaited = false;
                if (m_fixMove.item >= 0 && std::size_t(m_fixMove.item) < m_answer->items.size())
                    m_fixMove.after = m_answer->items[std::size_t(m_fixMove.item)].placement;
                showUndoFix();
            }
            render();
            if (!m_answer->capBreaks.empty())
                m_fixSearchDelay->start();
            emit answerReady();
        });
}

gp::Budget BudgetView::editedBudget(
    const gp::Budget& budget, const gp::BudgetWhatIf& whatIf, const std::vector<gp::GentlerCapFix>& fixes)
{
    gp::Budget edited = gp::applyWhatIf(budget, whatIf);
    for (const gp::GentlerCapFix& fix : fixes)
        edited = gp::applyWhatIf(edited, fix.whatIf);
    return edited;
}

void BudgetView::setFixSearchDelay(int ms)
{
    m_fixSearchDelay->setInterval(std::max(0, ms));
}

// Each fix tried answers the edited budget again on this worker (the items' planner answers shared through the
// cache: a later start reuses them, a share of traffic searches that item's plan again).
void BudgetView::searchFixes()
{
    if (!m_answer || m_answer->capBreaks.empty())
        return;
    m_fixJobs->run<std::vector<gp::GentlerCapFix>>(
        tr("Looking for a gentler fix"),
        [budget = m_budget, whatIf = m_whatIf, fixes = m_applied, answer = m_answer, catalog = m_catalog,
            cache = m_cache](JobControl& job) -> gp::Expected<std::vector<gp::GentlerCapFix>> {
            const gp::Budget edited = editedBudget(*budget, whatIf, fixes);
            // At most two searches of kCapFixTries budgets per cap broken (a later start, then a share of traffic).
            const double most = 2.0 * gp::kCapFixTries * double(answer->capBreaks.size());
            int tries = 0;
            // Both kinds, a later start and a share of traffic (the CLI offers the share only where no later start
            // holds the cap): off the typing path, the share's seconds are affordable.
            auto found = gp::findGentlerCapFixes(
                *answer, edited,
                [&](const gp::Budget& tried) {
                    gp::SearchControl control;
                    control.cancel = job.cancelFlag();
                    job.setProgress(++tries / most);
                    return gp::answerBudget(tried, *catalog, control, cache.get());
                },
                true);
            if (job.cancelled())
                return gp::Error { "", "cancelled" };
            return found;
        },
        [this](std::vector<gp::GentlerCapFix> found) {
            m_offered.clear();
            for (gp::GentlerCapFix& fix : found)
                if (std::none_of(m_offered.begin(), m_offered.end(),
                        [&](const gp::GentlerCapFix& f) { return sameBudgetEdit(f.whatIf, fix.whatIf); }))
                    m_offered.push_back(std::move(fix));
            m_fixSearchDone = true;
            showFixes();
            emit fixesReady();
        });
}

QString BudgetView::fixText(const gp::GentlerCapFix& fix)
{
    const QString item = QString::fromStdString(fix.words.arg("item"));
    if (fix.words.code == "delay_item")
        return tr("Start %1 %n month(s) later", "a gentler fix of a budget cap, on a button", fix.whatIf.delayMonths)
            .arg(item);
    return tr("Serve %1 at %2% of its traffic", "a gentler fix of a budget cap, on a button")
        .arg(item)
        .arg(std::lround(fix.whatIf.trafficFactor * 100));
}

// The fixes offered, a button each; after a search that found none, a note that says so.
void BudgetView::showFixes()
{
    // Later: the button clicked may be the one whose click is being answered.
    for (QPushButton* button : m_fixButtons->findChildren<QPushButton*>(Qt::FindDirectChildrenOnly)) {
        button->hide();
        button->setObjectName(QString());
        m_fixButtons->layout()->removeWidget(button);
        button->deleteLater();
    }
    m_fixNote->setVisible(m_fixSearchDone);
    m_fixNote->setText(m_offered.empty()
            ? tr("No later start of one item or share of one item's traffic holds the cap.")
            : tr("Gentler fix:"));
    for (std::size_t k = 0; k < m_offered.size(); ++k) {
        auto* button = new QPushButton(fixText(m_offered[k]), m_fixButtons);
        button->setObjectName(QStringLiteral("budgetFix%1").arg(k));
        button->setToolTip(tr("Answers the budget again with this change, on top of the what-if; Undo (Ctrl+Z) takes "
                              "it back."));
        connect(button, &QPushButton::clicked, this, [this, k] { applyFix(k); });
        m_fixButtons->layout()->addWidget(button);
    }
    m_fixButtons->setVisible(!m_offered.empty());
}

void BudgetView::applyFix(std::size_t index)
{
    if (index >= m_offered.size())
        return;
    std::vector<gp::GentlerCapFix> after = m_applied;
    after.push_back(m_offered[index]);
    // Said once the answer with the fix is in: whether the item runs on another instance than it did.
    m_fixMove = FixMove {};
    m_fixMove.item = m_offered[index].whatIf.item;
    if (m_answer && m_fixMove.item >= 0 && std::size_t(m_fixMove.item) < m_answer->items.size())
        m_fixMove.before = m_answer->items[std::size_t(m_fixMove.item)].placement;
    m_fixMove.awaited = true;
    m_undo->push(new BudgetFixCommand(fixText(m_offered[index]), m_applied, std::move(after),
        [this](std::vector<gp::GentlerCapFix> fixes) { setAppliedFixes(std::move(fixes)); }));
}

// The undo of the fix applied last, in the view's language (the undo stack's own text keeps the language it was
// pushed in).
void BudgetView::showUndoFix()
{
    // The button takes back a fix only when a fix is the step Undo takes back (not an edit of the controls).
    const bool fixOnTop
        = m_undo->index() > 0 && dynamic_cast<const BudgetFixCommand*>(m_undo->command(m_undo->index() - 1));
    m_undoFix->setVisible(fixOnTop && !m_applied.empty());
    if (!m_applied.empty())
        m_undoFix->setText(tr("&Undo: %1").arg(fixText(m_applied.back())));
    const QString moved = fixOnTop ? fixMoveText() : QString();
    m_fixMoveNote->setText(moved);
    m_fixMoveNote->setVisible(!moved.isEmpty());
    m_undoFix->setToolTip(moved);
}

// "GT4 in Nanjing" / "Nanjing 的 GT4": where an item runs.
QString BudgetView::placementText(const gp::ItemPlacement& placement)
{
    const QString instance = QString::fromStdString(placement.instance);
    return placement.region.empty() ? instance
                                    : tr("%1 in %2", "an instance in a region")
                                          .arg(instance, RegionText::name(QString::fromStdString(placement.region)));
}

// Issue 44: a fix that moves its item to another instance says so, naming both (the fix applied last).
QString BudgetView::fixMoveText() const
{
    if (m_fixMove.awaited || !m_fixMove.before || !m_fixMove.after || m_fixMove.item < 0 || !m_budget
        || std::size_t(m_fixMove.item) >= m_budget->items.size())
        return {};
    const QString before = placementText(*m_fixMove.before), after = placementText(*m_fixMove.after);
    if (before == after)
        return {};
    return tr("With this fix %1 runs on %2, not %3: the budget placed it again.")
        .arg(QString::fromStdString(m_budget->items[std::size_t(m_fixMove.item)].name), after, before);
}

void BudgetView::setAppliedFixes(std::vector<gp::GentlerCapFix> fixes)
{
    m_applied = std::move(fixes);
    recompute();
}

QString BudgetView::summary(const gp::BudgetAnswer& a)
{
    const QString currency = QString::fromStdString(a.currency);
    QString text = tr("%1 over %2 months").arg(formatMoney(a.total, currency)).arg(a.horizonMonths);
    if (a.committedAfterHorizon > 0)
        text += tr(", and %1 of reservations past the horizon").arg(formatMoney(a.committedAfterHorizon, currency));
    text += tr(". Billed alone the items would cost %1; sharing machines saves %2.")
                .arg(formatMoney(a.aloneTotal, currency), formatMoney(a.sharingSaves, currency));
    if (a.failedItems() > 0)
        text += tr(" %n item(s) failed.", nullptr, a.failedItems());
    if (a.unplacedItems() > 0)
        text += tr(" %n item(s) cannot be placed under the stock.", nullptr, a.unplacedItems());
    return text;
}

QString BudgetView::itemNote(const gp::ItemBudget& item)
{
    if (item.error)
        return tr("Failed: %1").arg(CoreText::error(*item.error));
    if (item.unplaced)
        return item.suggestion.empty() ? tr("No stock for it in the allowed regions")
                                       : tr("No stock for it in the allowed regions; %1 would take it")
                                             .arg(QString::fromStdString(item.suggestion));
    QString note;
    if (item.placement && item.placement->moved)
        note = tr("Moved from %1: %2")
                   .arg(QString::fromStdString(item.placement->movedFrom),
                       item.placement->movedBecause == "sold_out" ? tr("sold out") : tr("over the stock or quota"));
    if (item.spot)
        note += (note.isEmpty() ? QString() : CoreText::listSeparator()) + tr("on spot machines");
    return note;
}

QString BudgetView::monthsText(const std::vector<int>& months)
{
    if (months.size() == 1)
        return tr("month %1").arg(months.front());
    bool runOfMonths = !months.empty();
    for (std::size_t k = 1; k < months.size(); ++k)
        runOfMonths = runOfMonths && months[k] == months[k - 1] + 1;
    if (runOfMonths)
        return tr("months %1–%2").arg(months.front()).arg(months.back());
    QStringList list;
    for (int month : months)
        list << QString::number(month);
    //: a list of month numbers, "months 3, 5, 9" / "第 3、5、9 个月"
    return tr("months %1").arg(list.join(tr(", ", "between month numbers")));
}

QStringList BudgetView::capLines(const gp::BudgetAnswer& a)
{
    QStringList lines;
    const QString currency = QString::fromStdString(a.currency);
    for (const gp::CapBreak& b : a.capBreaks) {
        QString line = b.cap == "total"
            ? tr("The total cap of %1 breaks in month %2 (%3 by then; %4 over by the end).")
                  .arg(formatMoney(b.limit, currency))
                  .arg(b.month)
                  .arg(formatMoney(b.spend, currency), formatMoney(b.over, currency))
            : (b.months.size() > 1 ? tr("The monthly cap of %1 is passed in %2 (up to %3, %4 over).")
                                   : tr("The monthly cap of %1 is passed in %2 (%3, %4 over)."))
                  .arg(formatMoney(b.limit, currency),
                      monthsText(b.months.empty() ? std::vector<int> { b.month } : b.months),
                      formatMoney(b.spend, currency), formatMoney(b.over, currency));
        for (const gp::Diagnostic& fix : b.fixes) // joined as the language joins sentences ("。将上限", "). Raise")
            CoreText::appendSentence(line, CoreText::diagnostic(fix));
        lines << line;
    }
    return lines;
}

QString BudgetView::buyOrRentLine(const gp::BuyOrRentAnswer& b, const QString& currency)
{
    QString line = tr("Buying %1 × %2: rent %3 over the horizon against %4 in cash (%5 after depreciation).")
                       .arg(b.machines)
                       .arg(QString::fromStdString(b.instance), formatMoney(b.rentTotal, currency),
                           formatMoney(b.ownedCashTotal, currency), formatMoney(b.ownedCostTotal, currency));
    if (!b.crossoverMonth)
        return CoreText::joinSentences({ line, tr("Owning never pays off.") });
    return CoreText::joinSentences({ line,
        b.crossoverEstimated ? tr("Owning pays off in month %1, past the horizon.").arg(*b.crossoverMonth)
                             : tr("Owning pays off in month %1.").arg(*b.crossoverMonth) });
}

QString BudgetView::summaryText() const
{
    return m_summary->text();
}

QString BudgetView::capBannerText() const
{
    return m_capBanner->isHidden() ? QString() : m_capBanner->text();
}

void BudgetView::render()
{
    if (!m_answer)
        return;
    m_status->setText(tr("Answered in %1").arg(formatSeconds(m_answer->seconds)));
    m_summary->setText(summary(*m_answer));
    m_timeline->setAnswer(m_answer);
    m_chart->setAnswer(m_answer, m_budget->caps.perMonth);
    m_changedFleetCells.clear();
    m_fleetModel->setAnswer(m_answer);
    growFleetColumns();
    QStringList details;
    for (const gp::ItemBudget& item : m_answer->items)
        if (const QString note = itemNote(item); !note.isEmpty())
            details << tr("%1: %2").arg(QString::fromStdString(item.name), note);
    showCapBanner(capLines(*m_answer).join(QLatin1Char('\n')));
    for (const gp::Diagnostic& warning : m_answer->warnings)
        details << CoreText::diagnostic(warning);
    if (m_answer->buyOrRent)
        details << buyOrRentLine(*m_answer->buyOrRent, QString::fromStdString(m_answer->currency));
    double kwh = 0, kg = 0;
    for (std::size_t m = 0; m < m_answer->kwhByMonth.size(); ++m) {
        kwh += m_answer->kwhByMonth[m];
        kg += m_answer->kgCo2ByMonth[m];
    }
    details << tr("Energy: %1 kWh at the wall, %2 t CO2.").arg(formatNumber(kwh, 0), formatNumber(kg / 1000, 1));
    m_details->setText(details.join(QLatin1Char('\n')));
}

// The banner keeps the tallest height it has had for this budget, language and width: an edit whose words wrap onto
// a line fewer would move everything below it up a line and back as you type, and repaint all of it (issue 41).
void BudgetView::showCapBanner(const QString& text)
{
    const bool shown = m_capBanner->isVisible(); // then the layout has given it its width
    if (m_capBanner->text() != text)
        m_capBanner->setText(text);
    m_capBanner->setVisible(!text.isEmpty());
    const int width = m_capBanner->width();
    if (text.isEmpty() || !shown || width <= 0)
        return;
    const int height = m_capBanner->heightForWidth(width);
    if (height > m_capBanner->minimumHeight())
        m_capBanner->setMinimumHeight(height);
}

void BudgetView::growFleetColumns()
{
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(m_fleet->model());
    const QAbstractItemView* view = m_fleet; // sizeHintForIndex is public there
    const int grid = m_fleet->showGrid() ? 1 : 0;
    for (const QModelIndex& cell : std::exchange(m_changedFleetCells, {})) {
        const int column = cell.column();
        if (!proxy || !cell.isValid() || m_fleet->horizontalHeader()->sectionResizeMode(column) == QHeaderView::Stretch)
            continue;
        const int width = view->sizeHintForIndex(proxy->mapFromSource(cell)).width() + grid;
        if (width > m_fleet->columnWidth(column))
            m_fleet->setColumnWidth(column, width);
    }
}

void BudgetView::exportCsv()
{
    if (!m_answer)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Budget CSV"), QString(), tr("CSV (*.csv)"));
    if (!path.isEmpty())
        exportCsvTo(path);
}

void BudgetView::exportPdf()
{
    if (!m_answer)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Budget PDF"), QString(), tr("PDF (*.pdf)"));
    if (!path.isEmpty())
        exportPdfTo(path);
}

bool BudgetView::exportCsvTo(const QString& path)
{
    return startExport(tr("Export Budget CSV"), path, &BudgetReport::writeCsv);
}

bool BudgetView::exportPdfTo(const QString& path)
{
    return startExport(tr("Export Budget PDF"), path, &BudgetReport::writePdf);
}

bool BudgetView::startExport(
    const QString& title, const QString& path, bool (*write)(const gp::BudgetAnswer&, const QString&, QString*))
{
    if (!m_answer || m_jobs->isRunning())
        return false;
    const BudgetAnswerPtr answer = m_answer;
    m_jobs->run<bool>(
        title,
        [answer, path, write](JobControl&) -> gp::Expected<bool> {
            QString error;
            if (!write(*answer, path, &error))
                return gp::Error { "", error.toStdString() };
            return true;
        },
        [this, path](bool) { m_status->setText(tr("Exported %1").arg(QDir::toNativeSeparators(path))); });
    return true;
}

void BudgetView::retranslate()
{
    m_capBanner->setMinimumHeight(0);
    setWindowTitle(tr("Budget"));
    m_open->setText(tr("&Open Budget…"));
    m_csv->setText(tr("Export &CSV…"));
    m_pdf->setText(tr("Export &PDF…"));
    m_itemLabel->setText(tr("What if &item:"));
    m_trafficLabel->setText(tr("&Traffic ×"));
    m_delayLabel->setText(tr("&Later by (months):"));
    m_regionLabel->setText(tr("&Region:"));
    showUndoFix();
    showFixes();
    m_chart->retranslate();
    if (m_item->count() > 0) {
        m_item->setItemText(0, tr("Every item"));
        m_region->setItemText(0, tr("As in the budget"));
    }
    render();
}

void BudgetView::resizeEvent(QResizeEvent* event)
{
    if (event->size().width() != event->oldSize().width())
        m_capBanner->setMinimumHeight(0); // its words wrap anew
    QDialog::resizeEvent(event);
}

void BudgetView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace gpui
