// The Sensitivity view.
#include "widgets/sensitivity_view.h"

#include "charts/tornado_chart.h"
#include "core_text.h"
#include "job_runner.h"
#include "number_format.h"

#include "base/finite_number.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QTextLayout>
#include <QVBoxLayout>

#include <cmath>

namespace gpui
{

namespace
{

QString candidateName(const std::string& id)
{
    return QString::fromStdString(id);
}

} // namespace

SensitivityView::SensitivityView(QWidget* parent)
    : QDialog(parent)
    , m_candidate(new QLabel)
    , m_headline(new QLabel)
    , m_hours(new QLabel)
    , m_memory(new QLabel)
    , m_method(new QLabel)
    , m_tornado(new TornadoChart)
    , m_summary(new QLabel)
    , m_details(new QLabel)
    , m_status(new QLabel)
    , m_jobs(new JobRunner(this))
{
    setObjectName(QStringLiteral("sensitivityView"));
    m_headline->setObjectName(QStringLiteral("sensitivityHeadline"));
    m_summary->setObjectName(QStringLiteral("sensitivitySummary"));
    m_memory->setObjectName(QStringLiteral("sensitivityMemory"));
    m_memory->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("sensitivityStatus"));
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    big.setBold(true);
    m_headline->setFont(big);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_method->setWordWrap(true);
    m_summary->setWordWrap(true);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto* top = new QHBoxLayout;
    top->addWidget(m_candidate, 1);
    top->addWidget(m_status);
    auto* outer = new QVBoxLayout(this);
    outer->addLayout(top);
    // Everything below the top line scrolls: with more inputs, a taller script or a smaller window nothing is cut.
    auto* content = new QWidget;
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("sensitivityScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(content);
    outer->addWidget(scroll, 1);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headline);
    layout->addWidget(m_hours);
    layout->addWidget(m_memory);
    layout->addWidget(m_method);
    m_tornado->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    layout->addWidget(m_tornado);
    layout->addWidget(m_summary);
    layout->addWidget(m_details);
    layout->addStretch(1);
    resize(980, 680);

    m_tornado->setAxisFormatter([this](double v) {
        if (!m_sensitivity || !m_sensitivity->point.priced)
            return formatNumber(v);
        return formatMoney(v, QString::fromStdString(m_sensitivity->currency));
    });
    // A failure says which job failed and why; a cancelled run leaves the view as it was. Either way a later
    // request for the same answer tries again.
    connect(m_jobs, &JobRunner::failed, this, [this](const QString& name, const QString& message) {
        m_computing = false;
        m_status->setText(tr("%1 failed: %2").arg(name, message));
        m_answer.reset();
    });
    connect(m_jobs, &JobRunner::cancelled, this, [this] {
        m_computing = false;
        m_answer.reset();
    });
    retranslate();
}

// The runner cancels a running computation and never waits for it: the job owns copies of what it reads.
SensitivityView::~SensitivityView() = default;

void SensitivityView::setEvaluation(
    const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog, EvaluationPtr evaluation)
{
    if (!catalog || !evaluation || !evaluation->ok || !evaluation->answer)
        return;
    if (evaluation->answer == m_answer)
        return; // this answer is computed or being computed
    m_answer = evaluation->answer;
    m_computing = true;
    m_status->setText(tr("Computing…"));
    auto answer = evaluation->answer;
    // The newest request wins: the runner cancels the one running, whose result is dropped.
    m_jobs->run<SensitivityPtr>(
        tr("Sensitivity"),
        [plan, catalog, answer](JobControl& job) -> gp::Expected<SensitivityPtr> {
            gp::SearchControl control;
            control.cancel = job.cancelFlag();
            auto s = gp::planSensitivity(plan, *catalog, *answer, control);
            if (!s)
                return s.error();
            return SensitivityPtr(std::make_shared<const gp::PlanSensitivity>(std::move(*s)));
        },
        [this](SensitivityPtr sensitivity) {
            m_computing = false;
            showSensitivity(std::move(sensitivity));
        });
}

void SensitivityView::setSensitivity(SensitivityPtr sensitivity)
{
    m_jobs->abandon(); // a running computation is superseded
    m_answer.reset();
    m_computing = false;
    showSensitivity(std::move(sensitivity));
}

void SensitivityView::showSensitivity(SensitivityPtr sensitivity)
{
    m_sensitivity = std::move(sensitivity);
    render();
    emit sensitivityReady();
}

QString SensitivityView::headlineText() const
{
    return m_headline->text();
}

QString SensitivityView::summaryText() const
{
    return m_summary->text();
}

QString SensitivityView::memoryText() const
{
    return m_memory->text();
}

QString SensitivityView::inputName(const std::string& input)
{
    return CoreText::sensitivityInput(input);
}

QString SensitivityView::headline(const gp::PlanSensitivity& s)
{
    auto money = [&](double v) {
        if (!s.point.priced)
            return tr("%1 GPU-hours").arg(formatNumber(v));
        const QString m = formatMoney(v, QString::fromStdString(s.currency));
        return s.mode == gp::Mode::Inference ? tr("%1 / M tokens").arg(m) : m;
    };
    if (!s.available)
        return QString();
    return tr("%1 (%2–%3)").arg(money(s.point.cost), money(s.costLow), money(s.costHigh));
}

QString SensitivityView::memoryLine(const gp::PlanSensitivity& s)
{
    if (!s.available)
        return QString();
    // A serving engine takes its set share and its KV cache fills it: "19.8 of 19.8 usable" would say nothing.
    if (s.mode == gp::Mode::Serving)
        return tr("Memory per GPU: the serving engine takes %1; its KV cache fills what the weights leave")
            .arg(formatBytes(s.memoryBytes));
    QString line = s.memoryLow < s.memoryHigh
        ? tr("Memory per GPU: %1 (%2–%3) of %4 usable")
              .arg(formatBytes(s.memoryBytes), formatBytes(s.memoryLow), formatBytes(s.memoryHigh),
                  formatBytes(s.usableMemoryBytes))
        : tr("Memory per GPU: %1 of %2 usable").arg(formatBytes(s.memoryBytes), formatBytes(s.usableMemoryBytes));
    if (!s.memoryFitsAcrossRange)
        line += tr("; above the usable memory at an end of the range");
    return line;
}

QString SensitivityView::skippedLine(const gp::PlanSensitivity::Skipped& k)
{
    const QString name = inputName(k.input).toHtmlEscaped();
    if (k.reason == "no_estimated_price")
        return tr("<b>%1</b>: every candidate's price is published or your own").arg(name);
    if (k.reason == "spot_not_counted")
        return tr("<b>%1</b>: the plan does not count spot instances").arg(name);
    if (k.reason == "plan_sets")
        return tr("<b>%1</b>: the plan sets it, so it is not varied").arg(name);
    if (k.reason == "serving_engine_share")
        return tr("<b>%1</b>: a serving engine takes a set share of GPU memory, so it does not move memory").arg(name);
    if (k.reason == "no_sourced_range")
        return tr("<b>%1</b>: one published measurement and no range, so the point value is used").arg(name);
    return tr("<b>%1</b>: not varied").arg(name);
}

QString SensitivityView::sentence(const gp::PlanSensitivity& s)
{
    if (!s.available)
        return s.reason ? CoreText::diagnostic(*s.reason) : QString();
    return s.summary ? CoreText::diagnostic(*s.summary) : QString();
}

void SensitivityView::render()
{
    const gp::PlanSensitivity* s = m_sensitivity.get();
    if (!s) {
        m_headline->clear();
        m_hours->clear();
        m_memory->clear();
        m_summary->clear();
        m_details->clear();
        m_tornado->setBars({}, 0, QString());
        return;
    }
    if (!m_computing)
        m_status->setText(tr("Computed in %1").arg(formatSeconds(s->seconds)));
    if (!s->available) {
        m_candidate->setText(QString());
        m_headline->setText(QStringLiteral("–"));
        m_hours->clear();
        m_memory->clear();
        m_summary->setText(sentence(*s));
        m_details->clear();
        m_tornado->setBars({}, 0, QString());
        return;
    }
    m_candidate->setText(tr("Recommended: <b>%1</b>").arg(candidateName(s->candidate).toHtmlEscaped()));
    m_headline->setText(headline(*s));
    // Chinese characters fall back to Noto Sans CJK, whose ascent is taller than the Latin face's: the line is then
    // taller than the label's font metrics (its size hint) say, and the descenders were cut off, the thousands
    // separator's tail among them ("¥1,592" read "¥1.592"). The label is as tall as its laid-out line.
    {
        QTextLayout layout(m_headline->text(), m_headline->font());
        layout.beginLayout();
        const QTextLine line = layout.createLine();
        layout.endLayout();
        m_headline->setMinimumHeight(line.isValid() ? int(std::ceil(line.height())) : 0);
    }
    m_hours->setText(
        tr("Time: %1 (%2–%3)").arg(formatHours(s->point.hours), formatHours(s->hoursLow), formatHours(s->hoursHigh)));
    m_memory->setText(memoryLine(*s));
    auto money = [&](double v) {
        return s->point.priced ? formatMoney(v, QString::fromStdString(s->currency)) : formatNumber(v);
    };
    std::vector<TornadoChart::Bar> bars;
    QStringList lines;
    for (const gp::SensitivityInput& in : s->inputs) {
        QString range;
        if (in.spread > 0)
            range = tr("±%1").arg(formatPercent(in.spread));
        else if (in.unit == "gib")
            range = tr("%1–%2").arg(formatBytes(in.low.value * gp::kGiB), formatBytes(in.high.value * gp::kGiB));
        else if (in.unit == "fraction")
            range = tr("%1–%2").arg(formatPercent(in.low.value), formatPercent(in.high.value));
        else
            range = tr("%1–%2 per node-day").arg(formatNumber(in.low.value), formatNumber(in.high.value));
        TornadoChart::Bar bar;
        bar.label = tr("%1 %2").arg(inputName(in.input), range);
        bar.low = in.low.answered ? in.low.cost : NAN;
        bar.high = in.high.answered ? in.high.cost : NAN;
        bar.lowText = in.low.answered ? money(in.low.cost) : tr("nothing meets the objective");
        bar.highText = in.high.answered ? money(in.high.cost) : tr("nothing meets the objective");
        bars.push_back(bar);
        QString line = tr("<b>%1</b>: %2 at the low end, %3 at the high end")
                           .arg(bar.label.toHtmlEscaped(), bar.lowText, bar.highText);
        if (in.low.changed)
            line += tr("; at the low end %1 is recommended").arg(candidateName(in.low.candidate).toHtmlEscaped());
        if (in.high.changed)
            line += tr("; at the high end %1 is recommended").arg(candidateName(in.high.candidate).toHtmlEscaped());
        if (in.memoryWidth() > 0)
            line += tr("; memory per GPU %1 at the low end, %2 at the high end")
                        .arg(formatBytes(in.low.memoryBytes), formatBytes(in.high.memoryBytes));
        if (in.memoryWidth() > 0 && !in.high.memoryFits)
            line += tr(" (above the usable memory)");
        lines.push_back(line);
    }
    for (const gp::PlanSensitivity::Skipped& skipped : s->skipped)
        lines.push_back(skippedLine(skipped));
    m_tornado->setBars(std::move(bars), s->point.cost, money(s->point.cost));
    m_summary->setText(sentence(*s));
    m_details->setText(lines.join(QStringLiteral("<br>")));
}

void SensitivityView::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
}

void SensitivityView::retranslate()
{
    setWindowTitle(tr("Sensitivity"));
    m_method->setText(
        tr("How far the recommendation's cost, time and memory move when one uncertain input is at either "
           "end of its sourced range: estimated prices, compute and bandwidth efficiency, spot "
           "interruptions, the CUDA context and the allocator's fragmentation. One input at a time, not "
           "a joint worst case."));
    m_tornado->setLegend(tr("Input at its low end"), tr("Input at its high end"), tr("Estimate"));
    render();
}

} // namespace gpui
