// The Compare view.
#include "widgets/scenario_compare_view.h"

#include "charts/chart_view.h"
#include "charts/scenario_chart.h"
#include "job_runner.h"
#include "number_format.h"
#include "widgets/frozen_columns.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace gpui
{

ScenarioCompareView::ScenarioCompareView(QWidget* parent)
    : QDialog(parent)
    , m_model(new ScenarioComparisonModel(this))
    , m_table(new QTableView)
    , m_chart(new ChartView)
    , m_baseline(new QComboBox)
    , m_baselineLabel(new QLabel)
    , m_status(new QLabel)
    , m_jobs(new JobRunner(this))
{
    setObjectName(QStringLiteral("scenarioCompare"));
    m_table->setModel(m_model);
    m_table->setObjectName(QStringLiteral("scenarioTable"));
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setMaximumSectionSize(460); // long change lists stay in their tool tip
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    // Scrolled sideways to the costs and differences, a row keeps its scenario's name at the left
    // ("Sequence length = 16,384" beside its figures).
    m_scenarioColumn = new FrozenColumns(m_table, { ScenarioComparisonModel::Scenario });
    m_chart->setExportName(QStringLiteral("scenarios"));
    m_chart->setObjectName(QStringLiteral("scenarioChart"));
    m_chart->setMinimumHeight(260);
    m_baseline->setObjectName(QStringLiteral("scenarioBaseline"));
    m_baselineLabel->setBuddy(m_baseline);

    auto* top = new QHBoxLayout;
    top->addWidget(m_baselineLabel);
    top->addWidget(m_baseline, 1);
    top->addStretch(1);
    top->addWidget(m_status);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    m_layout = layout;
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    resize(1100, 700);

    connect(m_baseline, &QComboBox::activated, this, [this](int row) { setBaseline(row); });
    // A failure says which job failed and why.
    connect(m_jobs, &JobRunner::failed, this, [this](const QString& name, const QString& message) {
        m_state = State::Failed;
        m_error = tr("%1 failed: %2").arg(name, message);
        updateStatus();
    });
    retranslate();
}

// The runner cancels a running comparison and never waits for it: the job owns copies of what it reads.
ScenarioCompareView::~ScenarioCompareView() = default;

QTableView* ScenarioCompareView::scenarioColumn() const
{
    return m_scenarioColumn->view();
}

void ScenarioCompareView::compare(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog)
{
    if (!catalog)
        return;
    m_state = State::Comparing;
    updateStatus();
    const std::size_t baseline = std::size_t(std::max(0, m_wantedBaseline));
    // The newest request wins: the runner cancels the one running, whose result is dropped.
    m_jobs->run<ScenarioComparisonPtr>(
        tr("Scenario comparison"),
        [plan, catalog, baseline](JobControl& job) -> gp::Expected<ScenarioComparisonPtr> {
            gp::SearchControl control;
            control.cancel = job.cancelFlag();
            auto comparison = gp::compareScenarios(plan, *catalog, baseline, control);
            if (!comparison)
                return comparison.error();
            return ScenarioComparisonPtr(std::make_shared<const gp::ScenarioComparison>(std::move(*comparison)));
        },
        [this](ScenarioComparisonPtr comparison) { showComparison(std::move(comparison)); });
}

void ScenarioCompareView::setComparison(ScenarioComparisonPtr comparison)
{
    m_jobs->abandon(); // a running comparison is superseded
    showComparison(std::move(comparison));
}

void ScenarioCompareView::showComparison(ScenarioComparisonPtr comparison)
{
    if (comparison && int(comparison->baseline) != m_wantedBaseline
        && std::size_t(m_wantedBaseline) < comparison->rows.size()) {
        auto copy = std::make_shared<gp::ScenarioComparison>(*comparison);
        gp::setBaseline(*copy, std::size_t(m_wantedBaseline));
        comparison = copy;
    }
    m_model->setComparison(comparison);
    m_chart->replaceChart(buildScenarioChart(comparison ? *comparison : gp::ScenarioComparison {}));
    m_state = comparison ? State::Compared : State::Idle;
    updateStatus();
    fillBaselines();
    emit comparisonReady();
}

QString ScenarioCompareView::statusText() const
{
    return m_status->text();
}

void ScenarioCompareView::updateStatus()
{
    const auto comparison = m_model->comparison();
    switch (m_state) {
    case State::Idle:
        m_status->clear();
        break;
    case State::Comparing:
        m_status->setText(tr("Comparing…"));
        break;
    case State::Compared:
        m_status->setText(comparison ? tr("%n scenario(s) compared in %1", "", int(comparison->rows.size()) - 1)
                                           .arg(formatSeconds(comparison->seconds))
                                     : QString());
        break;
    case State::Failed:
        m_status->setText(m_error);
        break;
    }
}

void ScenarioCompareView::fillBaselines()
{
    const QSignalBlocker block(m_baseline);
    m_baseline->clear();
    if (const auto c = m_model->comparison()) {
        for (const gp::ScenarioRow& row : c->rows)
            m_baseline->addItem(ScenarioComparisonModel::rowName(row));
        m_baseline->setCurrentIndex(int(c->baseline));
    }
}

void ScenarioCompareView::setBaseline(int row)
{
    m_wantedBaseline = std::max(0, row);
    if (const auto c = m_model->comparison())
        showComparison(c);
}

int ScenarioCompareView::baseline() const
{
    const auto c = m_model->comparison();
    return c ? int(c->baseline) : 0;
}

void ScenarioCompareView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void ScenarioCompareView::retranslate()
{
    setWindowTitle(tr("Compare Scenarios"));
    m_baselineLabel->setText(tr("&Baseline:"));
    m_model->retranslate();
    updateStatus();
    if (const auto c = m_model->comparison()) {
        m_chart->replaceChart(buildScenarioChart(*c));
        fillBaselines();
    }
}

} // namespace gpui
