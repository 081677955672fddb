// The cost-time frontier view.
#include "widgets/frontier_view.h"
#include "charts/chart_parts.h"

#include "billing_mode_text.h"
#include "charts/axis_scale.h"
#include "charts/chart_view.h"
#include "core_text.h"
#include "number_format.h"

#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace gpui
{

namespace
{

struct FrontierViewTr {
    Q_DECLARE_TR_FUNCTIONS(FrontierView)
};

QString costWords(const gp::PlanAnswer& answer, double cost, bool priced)
{
    if (!priced)
        return FrontierViewTr::tr("%1 GPU-hours").arg(formatNumber(cost));
    const QString money = formatMoney(cost, QString::fromStdString(answer.currency));
    return answer.mode == gp::Mode::Inference ? FrontierViewTr::tr("%1 / M tokens").arg(money) : money;
}

QString pointWords(const gp::PlanAnswer& answer, const gp::FrontierPoint& f)
{
    QString text = FrontierViewTr::tr("<b>%1</b><br>%2<br>%3, %4")
                       .arg(CoreText::configuration(f.point.configuration).toHtmlEscaped(),
                           FrontierViewTr::tr("%n node(s)", "", f.point.nodes),
                           costWords(answer, f.point.cost, f.point.priced), formatHours(f.point.hours));
    if (f.chosen)
        text += FrontierViewTr::tr("<br>The chosen configuration");
    else if (f.onFrontier)
        text += FrontierViewTr::tr("<br>On the frontier: nothing is both cheaper and faster");
    return text;
}

// The nearest of `points` to (hours, cost) on the chart's scale.
int nearest(const std::vector<gp::FrontierPoint>& points, const QPointF& at, double hourSpan, double costSpan)
{
    int best = -1;
    double bestDistance = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double dx = (points[i].point.hours - at.x()) / std::max(hourSpan, 1e-12);
        const double dy = (points[i].point.cost - at.y()) / std::max(costSpan, 1e-12);
        const double d = dx * dx + dy * dy;
        if (best < 0 || d < bestDistance) {
            best = int(i);
            bestDistance = d;
        }
    }
    return best;
}

} // namespace

FrontierRange frontierRange(const std::vector<gp::FrontierPoint>& points, bool allPoints)
{
    FrontierRange r { INFINITY, 0, INFINITY, 0 };
    auto take = [&r](const gp::FrontierPoint& f) {
        if (!std::isfinite(f.point.hours) || !std::isfinite(f.point.cost) || f.point.hours <= 0 || f.point.cost <= 0)
            return;
        r.minHours = std::min(r.minHours, f.point.hours);
        r.maxHours = std::max(r.maxHours, f.point.hours);
        r.minCost = std::min(r.minCost, f.point.cost);
        r.maxCost = std::max(r.maxCost, f.point.cost);
    };
    for (const gp::FrontierPoint& f : points)
        if (allPoints || f.onFrontier || f.chosen)
            take(f);
    if (!(r.maxHours > 0)) // nothing on the frontier: every point
        for (const gp::FrontierPoint& f : points)
            take(f);
    if (!(r.maxHours > 0))
        return { 0, 1, 0, 1 };
    // A single point (or a flat frontier) still gets a readable span around it.
    if (r.maxHours - r.minHours < r.maxHours * 0.05) {
        r.minHours = r.maxHours * 0.9;
        r.maxHours *= 1.1;
    }
    if (r.maxCost - r.minCost < r.maxCost * 0.05) {
        r.minCost = r.maxCost * 0.9;
        r.maxCost *= 1.1;
    }
    return r;
}

QChart* buildFrontierChart(const gp::PlanAnswer& answer, std::size_t candidate,
    const std::vector<gp::FrontierPoint>& points, bool dark, FrontierScale scale)
{
    auto* chart = new QChart;
    chart_parts::localizeAxisNumbers(chart);
    if (dark)
        chart->setTheme(QChart::ChartThemeDark);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (candidate >= answer.search.candidates.size())
        return chart;
    const gp::CandidatePlan& c = answer.search.candidates[candidate];
    chart->setTitle(FrontierViewTr::tr("Cost against time: %1").arg(QString::fromStdString(c.best.candidate)));
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    auto* scored = new QScatterSeries;
    scored->setName(FrontierViewTr::tr("Configurations that fit"));
    scored->setColor(QColor(0xBAB0AC));
    scored->setBorderColor(QColor(0x9C9590));
    scored->setMarkerSize(7);
    auto* line = new QLineSeries;
    line->setName(FrontierViewTr::tr("Frontier"));
    line->setColor(QColor(0x4E79A7));
    auto* frontier = new QScatterSeries;
    frontier->setColor(QColor(0x4E79A7));
    frontier->setBorderColor(QColor(0x4E79A7).darker(120));
    frontier->setMarkerSize(9);
    auto* chosen = new QScatterSeries;
    chosen->setName(FrontierViewTr::tr("Chosen"));
    chosen->setColor(QColor(0xF28E2B));
    chosen->setBorderColor(QColor(0xF28E2B).darker(130));
    chosen->setMarkerSize(15);
    bool priced = true;
    for (const gp::FrontierPoint& f : points) {
        scored->append(f.point.hours, f.point.cost);
        if (f.onFrontier) {
            line->append(f.point.hours, f.point.cost);
            frontier->append(f.point.hours, f.point.cost);
        }
        if (f.chosen)
            chosen->append(f.point.hours, f.point.cost);
        priced = priced && f.point.priced;
    }
    const FrontierRange range = frontierRange(points, scale.allPoints);
    const double hourSpan = range.maxHours - range.minHours;
    const double costSpan = range.maxCost - range.minCost;
    chart->addSeries(scored);
    chart->addSeries(line);
    chart->addSeries(frontier);
    chart->addSeries(chosen);
    if (!chart->legend()->markers(frontier).isEmpty())
        chart->legend()->markers(frontier).first()->setVisible(false);
    QAbstractAxis* axisX = nullptr;
    QAbstractAxis* axisY = nullptr;
    // Labels with the decimals the range needs (never "…" at small values).
    auto format = [](double lo, double hi) -> QString { // a QString, not a QStringBuilder of temporaries
        const double span = hi - lo;
        const int decimals = span >= 10 ? 0 : span >= 1 ? 1 : span >= 0.1 ? 2 : span >= 0.01 ? 3 : 4;
        return QStringLiteral("%.") + QString::number(decimals) + QLatin1Char('f');
    };
    if (scale.logarithmic) {
        // Decades: hours and costs over several orders of magnitude spread out (values are positive).
        auto* logX = new QLogValueAxis;
        auto* logY = new QLogValueAxis;
        logX->setBase(10);
        logY->setBase(10);
        logX->setRange(range.minHours / 1.3, range.maxHours * 1.3);
        logY->setRange(range.minCost / 1.3, range.maxCost * 1.3);
        logX->setLabelFormat(logAxisLabelFormat());
        logY->setLabelFormat(logAxisLabelFormat());
        logX->setMinorTickCount(8);
        logY->setMinorTickCount(8);
        axisX = logX;
        axisY = logY;
    } else {
        auto* valueX = new QValueAxis;
        auto* valueY = new QValueAxis;
        valueX->setRange(std::max(0.0, range.minHours - hourSpan * 0.12), range.maxHours + hourSpan * 0.12);
        valueY->setRange(std::max(0.0, range.minCost - costSpan * 0.12), range.maxCost + costSpan * 0.12);
        // Round tick values (0, 20, 40 ... rather than 0, 28.8, 57.6 ...): the range widens to the nearest nice
        // numbers.
        valueX->applyNiceNumbers();
        valueY->applyNiceNumbers();
        valueX->setLabelFormat(format(valueX->min(), valueX->max()));
        valueY->setLabelFormat(format(valueY->min(), valueY->max()));
        axisX = valueX;
        axisY = valueY;
    }
    axisX->setTitleText(answer.mode == gp::Mode::Inference ? FrontierViewTr::tr("Hours per request batch")
                                                           : FrontierViewTr::tr("Hours to finish"));
    axisY->setTitleText(!priced ? FrontierViewTr::tr("GPU-hours")
            : answer.mode == gp::Mode::Inference
            ? FrontierViewTr::tr("Cost per million tokens (%1)")
                  .arg(currencyUnit(QString::fromStdString(answer.currency)))
            : FrontierViewTr::tr("Cost (%1)").arg(currencyUnit(QString::fromStdString(answer.currency))));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    }
    // Hovering any point names its configuration.
    auto shared = std::make_shared<const std::vector<gp::FrontierPoint>>(points);
    const std::string answerCurrency = answer.currency;
    const gp::Mode mode = answer.mode;
    for (QScatterSeries* s : { scored, frontier, chosen })
        QObject::connect(s, &QScatterSeries::hovered, chart,
            [shared, answerCurrency, mode, hourSpan, costSpan](const QPointF& at, bool on) {
                if (!on) {
                    QToolTip::hideText();
                    return;
                }
                const int i = nearest(*shared, at, hourSpan, costSpan);
                if (i < 0)
                    return;
                gp::PlanAnswer words;
                words.currency = answerCurrency;
                words.mode = mode;
                QToolTip::showText(QCursor::pos(), pointWords(words, (*shared)[std::size_t(i)]));
            });
    return chart;
}

FrontierView::FrontierView(QWidget* parent)
    : QDialog(parent)
    , m_candidateLabel(new QLabel)
    , m_candidates(new QComboBox)
    , m_allPoints(new QCheckBox)
    , m_logScale(new QCheckBox)
    , m_chart(new ChartView)
    , m_details(new QTextBrowser)
    , m_hint(new QLabel)
{
    setObjectName(QStringLiteral("frontierView"));
    m_candidates->setObjectName(QStringLiteral("frontierCandidate"));
    m_chart->setObjectName(QStringLiteral("frontierChart"));
    m_chart->setExportName(QStringLiteral("frontier"));
    m_chart->setMinimumSize(520, 360);
    m_details->setObjectName(QStringLiteral("frontierDetails"));
    m_details->setMinimumWidth(280);
    m_hint->setWordWrap(true);
    m_candidateLabel->setBuddy(m_candidates);
    auto* top = new QHBoxLayout;
    top->addWidget(m_candidateLabel);
    top->addWidget(m_candidates, 1);
    top->addWidget(m_allPoints);
    top->addWidget(m_logScale);
    m_allPoints->setObjectName(QStringLiteral("frontierAllPoints"));
    m_logScale->setObjectName(QStringLiteral("frontierLogScale"));
    m_chart->setNavigable(true);
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_hint);
    resize(1100, 640);
    connect(m_candidates, &QComboBox::activated, this, [this](int index) { setCandidate(index); });
    connect(m_allPoints, &QCheckBox::toggled, this, [this] { rebuild(); });
    connect(m_logScale, &QCheckBox::toggled, this, [this] { rebuild(); });
    retranslate();
}

FrontierView::~FrontierView() = default;

void FrontierView::setEvaluation(
    const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog, EvaluationPtr evaluation)
{
    const int previous = candidate();
    m_plan = plan;
    m_catalog = std::move(catalog);
    m_evaluation = std::move(evaluation);
    fillCandidates();
    const int count = m_candidates->count();
    m_candidates->setCurrentIndex(previous >= 0 && previous < count ? previous : (count > 0 ? 0 : -1));
    rebuild();
}

void FrontierView::fillCandidates()
{
    const QSignalBlocker block(m_candidates);
    m_candidates->clear();
    if (!m_evaluation || !m_evaluation->answer)
        return;
    for (const gp::CandidatePlan& c : m_evaluation->answer->search.candidates)
        m_candidates->addItem(c.fits ? QString::fromStdString(c.best.candidate)
                                     : tr("%1 (does not fit)").arg(QString::fromStdString(c.best.candidate)));
}

void FrontierView::setCandidate(int index)
{
    m_candidates->setCurrentIndex(index);
    rebuild();
}

int FrontierView::candidate() const
{
    return m_candidates->currentIndex();
}

void FrontierView::rebuild()
{
    m_points.clear();
    m_details->clear();
    const int index = candidate();
    if (!m_evaluation || !m_evaluation->answer || index < 0) {
        m_chart->replaceChart(new QChart);
        return;
    }
    const gp::PlanAnswer& answer = *m_evaluation->answer;
    if (m_catalog)
        m_points = gp::frontierPoints(m_plan, *m_catalog, answer, std::size_t(index));
    QChart* chart = buildFrontierChart(answer, std::size_t(index), m_points, false,
        FrontierScale { m_allPoints->isChecked(), m_logScale->isChecked() });
    // Clicking a point shows its configuration's full result.
    const FrontierRange range = frontierRange(m_points, m_allPoints->isChecked());
    const double hourSpan = range.maxHours - range.minHours;
    const double costSpan = range.maxCost - range.minCost;
    for (QAbstractSeries* s : chart->series())
        if (auto* scatter = qobject_cast<QScatterSeries*>(s))
            connect(scatter, &QScatterSeries::clicked, this, [this, hourSpan, costSpan](const QPointF& at) {
                showPoint(nearest(m_points, at, hourSpan, costSpan));
            });
    m_chart->replaceChart(chart);
    const auto chosen = std::find_if(m_points.begin(), m_points.end(), [](const auto& f) { return f.chosen; });
    if (chosen != m_points.end())
        showPoint(int(chosen - m_points.begin()));
    else
        m_details->setPlainText(tr("No configuration of this candidate fits."));
}

void FrontierView::showPoint(int index)
{
    if (!m_evaluation || !m_evaluation->answer || !m_catalog || index < 0 || index >= int(m_points.size()))
        return;
    const gp::PlanAnswer& answer = *m_evaluation->answer;
    const gp::FrontierPoint& f = m_points[std::size_t(index)];
    auto result = gp::evaluatePoint(m_plan, *m_catalog, answer, std::size_t(candidate()), f.point);
    if (!result) {
        m_details->setPlainText(CoreText::error(result.error()));
        return;
    }
    const gp::CandidateResult& r = *result;
    QString html = pointWords(answer, f);
    html += QStringLiteral("<hr>");
    html += tr("<b>%1</b>: %2 GPUs (%n node(s) of %3)", "", r.nodes)
                .arg(QString::fromStdString(r.candidate).toHtmlEscaped())
                .arg(r.gpus)
                .arg(r.gpusPerNode);
    html += QStringLiteral("<br>")
        + tr("Memory per GPU: %1 of %2 usable (%3)")
              .arg(formatBytes(r.memory.total), formatBytes(r.usableMemory), r.fits ? tr("fits") : tr("does not fit"));
    if (answer.mode == gp::Mode::Training) {
        html += QStringLiteral("<br>") + tr("Time to finish: %1").arg(formatHours(r.trainingHours));
        html += QStringLiteral("<br>")
            + tr("Throughput: %1 tokens/s, MFU %2")
                  .arg(formatNumber(r.tokensPerSecond, 0), formatPercent(r.modelFlopsUtilization));
    } else if (r.decodeTokensPerSecond) {
        html += QStringLiteral("<br>") + tr("Decode: %1 tokens/s").arg(formatNumber(*r.decodeTokensPerSecond, 0));
    }
    html += QStringLiteral("<br>") + tr("Bottleneck: %1").arg(CoreText::bottleneckShare(r));
    if (const QString overhead = CoreText::largestOverhead(r); !overhead.isEmpty())
        html += QStringLiteral("<br>") + tr("Largest overhead: %1").arg(overhead);
    for (const gp::BillingCost& m : r.cost.modes)
        if (m.total && m_plan.billing.allows(m.mode))
            html += QStringLiteral("<br>")
                + tr("%1: %2").arg(
                    windowBillingMode(m.mode), formatMoney(*m.total, QString::fromStdString(r.cost.currency)));
    m_details->setHtml(html);
}

QString FrontierView::detailsText() const
{
    return m_details->toPlainText();
}

void FrontierView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        const int index = candidate();
        fillCandidates();
        m_candidates->setCurrentIndex(index);
        rebuild();
    }
    QDialog::changeEvent(event);
}

void FrontierView::retranslate()
{
    setWindowTitle(tr("Cost-Time Frontier"));
    m_candidateLabel->setText(tr("&Candidate:"));
    m_allPoints->setText(tr("Show &all configurations"));
    m_allPoints->setToolTip(tr("Frame every configuration that fits; unchecked, the chart frames the frontier and "
                               "the chosen configuration"));
    m_logScale->setText(tr("&Logarithmic axes"));
    m_hint->setText(tr("Each point is a configuration that fits (nodes, ZeRO stage, checkpointing, micro-batch, "
                       "parallelism); the line joins those nothing else beats on both cost and time. Hover a point "
                       "to name it, click it to see its result. Zoom with the wheel or + and -, pan by dragging or "
                       "with the arrow keys, 0 resets."));
}

} // namespace gpui
