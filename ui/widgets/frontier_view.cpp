// The cost-time frontier view.
#include "widgets/frontier_view.h"

#include "charts/chart_view.h"
#include "core_text.h"
#include "number_format.h"

#include <QChart>
#include <QComboBox>
#include <QCoreApplication>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gpui {

namespace {

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

QChart* buildFrontierChart(const gp::PlanAnswer& answer, std::size_t candidate,
                           const std::vector<gp::FrontierPoint>& points, bool dark)
{
    auto* chart = new QChart;
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
    double maxHours = 0, maxCost = 0, minHours = INFINITY, minCost = INFINITY;
    bool priced = true;
    for (const gp::FrontierPoint& f : points) {
        scored->append(f.point.hours, f.point.cost);
        if (f.onFrontier) {
            line->append(f.point.hours, f.point.cost);
            frontier->append(f.point.hours, f.point.cost);
        }
        if (f.chosen)
            chosen->append(f.point.hours, f.point.cost);
        maxHours = std::max(maxHours, f.point.hours);
        maxCost = std::max(maxCost, f.point.cost);
        minHours = std::min(minHours, f.point.hours);
        minCost = std::min(minCost, f.point.cost);
        priced = priced && f.point.priced;
    }
    chart->addSeries(scored);
    chart->addSeries(line);
    chart->addSeries(frontier);
    chart->addSeries(chosen);
    if (!chart->legend()->markers(frontier).isEmpty())
        chart->legend()->markers(frontier).first()->setVisible(false);
    auto* axisX = new QValueAxis;
    auto* axisY = new QValueAxis;
    const double hourSpan = points.empty() ? 1 : std::max(maxHours - minHours, maxHours * 0.05);
    const double costSpan = points.empty() ? 1 : std::max(maxCost - minCost, maxCost * 0.05);
    axisX->setRange(points.empty() ? 0 : std::max(0.0, minHours - hourSpan * 0.08),
                    points.empty() ? 1 : maxHours + hourSpan * 0.08);
    axisY->setRange(points.empty() ? 0 : std::max(0.0, minCost - costSpan * 0.08),
                    points.empty() ? 1 : maxCost + costSpan * 0.08);
    // Round tick values (0, 20, 40 ... rather than 0, 28.8, 57.6 ...): the range widens to the nearest nice numbers.
    axisX->applyNiceNumbers();
    axisY->applyNiceNumbers();
    axisX->setTitleText(answer.mode == gp::Mode::Inference ? FrontierViewTr::tr("Hours per request batch")
                                                           : FrontierViewTr::tr("Hours to finish"));
    axisY->setTitleText(!priced ? FrontierViewTr::tr("GPU-hours")
                        : answer.mode == gp::Mode::Inference
                            ? FrontierViewTr::tr("Cost per million tokens (%1)").arg(QString::fromStdString(answer.currency))
                            : FrontierViewTr::tr("Cost (%1)").arg(QString::fromStdString(answer.currency)));
    axisX->setLabelFormat(maxHours >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.2f"));
    axisY->setLabelFormat(maxCost >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.3f"));
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
    for (QScatterSeries* s : {scored, frontier, chosen})
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
    : QDialog(parent), m_candidateLabel(new QLabel), m_candidates(new QComboBox), m_chart(new ChartView),
      m_details(new QTextBrowser), m_hint(new QLabel)
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
    retranslate();
}

FrontierView::~FrontierView() = default;

void FrontierView::setEvaluation(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog,
                                 EvaluationPtr evaluation)
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
    QChart* chart = buildFrontierChart(answer, std::size_t(index), m_points);
    // Clicking a point shows its configuration's full result.
    const double hourSpan = [&] {
        double lo = INFINITY, hi = 0;
        for (const auto& f : m_points) {
            lo = std::min(lo, f.point.hours);
            hi = std::max(hi, f.point.hours);
        }
        return m_points.empty() ? 1.0 : std::max(hi - lo, hi * 0.05);
    }();
    const double costSpan = [&] {
        double lo = INFINITY, hi = 0;
        for (const auto& f : m_points) {
            lo = std::min(lo, f.point.cost);
            hi = std::max(hi, f.point.cost);
        }
        return m_points.empty() ? 1.0 : std::max(hi - lo, hi * 0.05);
    }();
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
        m_details->setPlainText(QString::fromStdString(result.error().toString()));
        return;
    }
    const gp::CandidateResult& r = *result;
    QString html = pointWords(answer, f);
    html += QStringLiteral("<hr>");
    html += tr("<b>%1</b>: %2 GPUs (%n node(s) of %3)", "", r.nodes)
                .arg(QString::fromStdString(r.candidate).toHtmlEscaped())
                .arg(r.gpus)
                .arg(r.gpusPerNode);
    html += QStringLiteral("<br>") + tr("Memory per GPU: %1 of %2 usable (%3)")
                                         .arg(formatBytes(r.memory.total), formatBytes(r.usableMemory),
                                              r.fits ? tr("fits") : tr("does not fit"));
    if (answer.mode == gp::Mode::Training) {
        html += QStringLiteral("<br>") + tr("Time to finish: %1").arg(formatHours(r.trainingHours));
        html += QStringLiteral("<br>") + tr("Throughput: %1 tokens/s, MFU %2")
                                             .arg(formatNumber(r.tokensPerSecond, 0), formatPercent(r.modelFlopsUtilization));
    } else if (r.decodeTokensPerSecond) {
        html += QStringLiteral("<br>") + tr("Decode: %1 tokens/s").arg(formatNumber(*r.decodeTokensPerSecond, 0));
    }
    html += QStringLiteral("<br>") + tr("Bottleneck: %1").arg(CoreText::bottleneck(r.bottleneck));
    for (const gp::BillingCost& m : r.cost.modes)
        if (m.total && m_plan.billing.allows(m.mode))
            html += QStringLiteral("<br>") + tr("%1: %2").arg(CoreText::billingMode(QString::fromStdString(m.mode)),
                                                              formatMoney(*m.total, QString::fromStdString(r.cost.currency)));
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
    m_hint->setText(tr("Each point is a configuration that fits (nodes, ZeRO stage, checkpointing, micro-batch, "
                       "parallelism); the line joins those nothing else beats on both cost and time. Hover a point "
                       "to name it, click it to see its result."));
}

} // namespace gpui
