// The window's answer to an RL plan (rl_view.h).
#include "widgets/rl/rl_view.h"

#include "charts/chart_view.h"
#include "charts/rl_charts.h"
#include "core_text.h"
#include "models/rl_candidate_model.h"
#include "rl_answer_text.h"
#include "widgets/inputs/field_editor.h"
#include "widgets/inputs/field_text.h"

#include "plan/plan_fields.h"

#include <QChart>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gpui
{

namespace
{

// Candidates the phase chart shows (the best-ranked that fit); the table lists them all.
constexpr int kRlChartedCandidates = 12;

QScrollArea* rlScrolled(QWidget* inside)
{
    auto* area = new QScrollArea;
    area->setWidget(inside);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

} // namespace

RlView::RlView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("rlView"));
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    m_inputsGroup = new QGroupBox;
    auto* form = new QFormLayout(m_inputsGroup);
    buildInputs(form);
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("rlFieldError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b3261e"));
    m_error->setVisible(false);
    form->addRow(m_error);
    m_answerGroup = new QGroupBox;
    auto* answerLayout = new QVBoxLayout(m_answerGroup);
    m_recommendation = new QLabel;
    m_recommendation->setObjectName(QStringLiteral("rlRecommendation"));
    m_recommendation->setWordWrap(true);
    m_recommendation->setTextFormat(Qt::RichText);
    m_recommendation->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_recommendation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    answerLayout->addWidget(m_recommendation);
    leftLayout->addWidget(m_inputsGroup);
    leftLayout->addWidget(m_answerGroup, 1);

    m_phaseChart = new ChartView;
    m_phaseChart->setObjectName(QStringLiteral("rlPhases"));
    m_phaseChart->setExportName(QStringLiteral("rl-phases"));
    m_memoryChart = new ChartView;
    m_memoryChart->setObjectName(QStringLiteral("rlMemory"));
    m_memoryChart->setExportName(QStringLiteral("rl-memory"));
    m_phases = new QTableWidget;
    m_phases->setObjectName(QStringLiteral("rlPhaseTable"));
    m_phases->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_phases->verticalHeader()->setVisible(false);
    m_phases->horizontalHeader()->setStretchLastSection(true);
    m_model = new RlCandidateModel(this);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("rlCandidates"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty() && rows.front().row() != m_selected)
            showCandidate(rows.front().row());
    });

    auto* memory = new QSplitter(Qt::Vertical);
    memory->addWidget(m_memoryChart);
    memory->addWidget(m_phases);
    memory->setChildrenCollapsible(false);
    auto* charts = new QSplitter(Qt::Horizontal);
    // The step-time chart scrolls in its place where its candidates' names need more width than it has (the view
    // first takes the memory column's spare width: ChartView::fitCategoryLabels), as the main window's charts do.
    charts->addWidget(rlScrolled(m_phaseChart));
    charts->addWidget(memory);
    charts->setChildrenCollapsible(false);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(charts);
    right->addWidget(m_table);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setChildrenCollapsible(false);
    auto* outer = new QSplitter(Qt::Horizontal);
    outer->addWidget(rlScrolled(left));
    outer->addWidget(right);
    outer->setStretchFactor(0, 0);
    outer->setStretchFactor(1, 1);
    outer->setChildrenCollapsible(false);
    outer->setSizes({ 420, 1000 });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(outer);
    retranslate();
}

RlView::~RlView() = default;

void RlView::buildInputs(QFormLayout* form)
{
    for (const gp::PlanField& field : gp::planFields()) {
        // The RL scalars, and the rollout engine's share of each GPU (a serving engine's knob).
        if (!std::string_view(field.path).starts_with("workload.rl.")
            && field.path != "workload.serving.engine.gpu_memory_utilization")
            continue;
        auto editor = std::make_unique<FieldEditor>(field);
        FieldEditor* e = editor.get();
        e->edited = [this, &field](const nlohmann::json& value) { editedField(field, value); };
        e->refused = [this](const QString& message) {
            m_error->setText(message);
            m_error->setVisible(true);
        };
        auto* label = new QLabel;
        label->setBuddy(e->input());
        const std::string_view path = field.path;
        m_labels.emplace_back(label, [path] { return FieldText::label(path); });
        form->addRow(label, e->input());
        m_editors.push_back(std::move(editor));
    }
}

QWidget* RlView::fieldInput(const QString& path) const
{
    for (const auto& e : m_editors)
        if (QString::fromUtf8(e->field().path.data(), qsizetype(e->field().path.size())) == path)
            return e->input();
    return nullptr;
}

QString RlView::fieldError() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void RlView::setPlan(const gp::Plan& plan)
{
    m_plan = plan;
    for (const auto& e : m_editors)
        e->show(plan);
}

void RlView::editedField(const gp::PlanField& field, const nlohmann::json& value)
{
    m_error->setVisible(false);
    gp::Plan plan = m_plan;
    field.set(plan, value);
    auto checked = gp::planFromJson(gp::planToJson(plan));
    if (!checked) {
        m_error->setText(CoreText::error(checked.error()));
        m_error->setVisible(true);
        for (const auto& e : m_editors) // the row shows the plan's value again
            if (&e->field() == &field)
                e->show(m_plan);
        return;
    }
    m_plan = plan;
    const std::string_view path = field.path;
    const int mergeId = 1000 + int(&field - gp::planFields().data()); // the inputs panel's id for the same field
    emit planEdited(plan, EditText([path] { return tr("Change %1").arg(FieldText::label(path)); }), mergeId);
}

void RlView::setEvaluation(EvaluationPtr evaluation)
{
    m_evaluation = std::move(evaluation);
    m_model->setAnswer(m_evaluation && m_evaluation->ok ? m_evaluation->rl : nullptr);
    m_selected = 0;
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
    m_table->resizeColumnsToContents();
    render();
}

void RlView::setDark(bool dark)
{
    m_dark = dark;
    render();
}

QString RlView::recommendationText() const
{
    return m_recommendation->text();
}

void RlView::showCandidate(int row)
{
    m_selected = row;
    const gp::RlAnswer* answer = m_model->answer();
    ChartOptions options;
    options.dark = m_dark;
    m_phases->clear();
    m_phases->setRowCount(0);
    if (!answer || row < 0 || row >= int(answer->candidates.size())) {
        m_memoryChart->replaceChart(new QChart);
        return;
    }
    const gp::RlCandidateAnswer& c = answer->candidates[std::size_t(row)];
    m_memoryChart->replaceChart(buildRlMemoryChart(c, options));
    m_memoryChart->fitCategoryLabels();
    const QStringList headers = RlAnswerText::phaseHeaders();
    m_phases->setColumnCount(int(headers.size()));
    m_phases->setHorizontalHeaderLabels(headers);
    if (!c.fits)
        return;
    const std::vector<QStringList> rows = RlAnswerText::phaseRows(c);
    m_phases->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r)
        for (int col = 0; col < int(rows[std::size_t(r)].size()); ++col) {
            auto* item = new QTableWidgetItem(rows[std::size_t(r)][col]);
            if (col >= 2 && col <= 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_phases->setItem(r, col, item);
        }
    m_phases->resizeColumnsToContents();
}

void RlView::render()
{
    ChartOptions options;
    options.dark = m_dark;
    options.maxCandidates = kRlChartedCandidates;
    const gp::RlAnswer* answer = m_model->answer();
    if (!m_evaluation || !m_evaluation->ok || !answer) {
        const QString error = m_evaluation && !m_evaluation->ok ? CoreText::error(m_evaluation->error) : QString();
        m_recommendation->setText(error.isEmpty()
                ? QString()
                : QStringLiteral("<p style='color:#b3261e'>%1</p>")
                      .arg(tr("Cannot answer this RL plan: %1").arg(error.toHtmlEscaped())));
        m_phaseChart->replaceChart(new QChart);
        showCandidate(-1);
        return;
    }
    QString html;
    for (const QString& line : RlAnswerText::recommendation(*answer))
        html += QStringLiteral("<p>%1</p>").arg(line.toHtmlEscaped());
    const QStringList others = RlAnswerText::whyOthersLose(*answer, 8);
    if (!others.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Why the others lose").toHtmlEscaped());
        for (const QString& line : others)
            html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    m_recommendation->setText(html);
    m_phaseChart->replaceChart(buildRlPhaseChart(*answer, options));
    m_phaseChart->fitCategoryLabels(); // every candidate named whole (category_labels.h)
    showCandidate(std::min(m_selected, int(answer->candidates.size()) - 1));
}

void RlView::retranslate()
{
    m_inputsGroup->setTitle(tr("RL post-training"));
    m_answerGroup->setTitle(tr("Recommendation"));
    for (const auto& [label, text] : m_labels)
        label->setText(text());
    for (const auto& e : m_editors)
        e->retranslate();
    m_model->retranslate();
    render();
}

void RlView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace gpui
