#include "charts/chart_builders.h"

#include "core_text.h"
#include "number_format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <memory>

namespace gpui {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(Charts)
};

// Tableau 10: hues that stay apart on light and dark backgrounds; the cost chart uses the first six.
const QRgb CandidatePalette[] = {0x4E79A7, 0xF28E2B, 0xE15759, 0x59A14F, 0xB07AA1, 0xEDC948,
                                 0x76B7B2, 0xFF9DA7, 0x9C755F, 0xBAB0AC};

const QRgb MemoryPartColors[] = {0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F,
                                 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F};
const QRgb StepPartColors[] = {0x4E79A7, 0xF28E2B, 0xE15759, 0xB07AA1, 0x76B7B2};

const QColor FitColor(0x2E, 0x9D, 0x4F);
const QColor MissColor(0xD0, 0x3B, 0x3B);

std::vector<const gp::CandidateResult*> shown(const std::vector<gp::CandidateResult>& results, int max)
{
    std::vector<const gp::CandidateResult*> out;
    for (const gp::CandidateResult& r : results) {
        if (int(out.size()) >= std::max(1, max))
            break;
        out.push_back(&r);
    }
    return out;
}

QChart* newChart(const QString& title, const ChartOptions& options)
{
    auto* chart = new QChart;
    chart->setTheme(options.dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(options.animate ? QChart::SeriesAnimations : QChart::NoAnimation);
    chart->setTitle(title);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    titleFont.setPointSizeF(std::max(9.0, titleFont.pointSizeF()));
    chart->setTitleFont(titleFont);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legendFont = chart->legend()->font();
    legendFont.setPointSizeF(std::max(7.0, legendFont.pointSizeF() - 1));
    chart->legend()->setFont(legendFont);
    return chart;
}

void showTip(const QString& text)
{
    QToolTip::showText(QCursor::pos(), text);
}

// Unique axis labels: chartLabel() plus a counter when two candidates share a name.
QStringList categoryLabels(const std::vector<const gp::CandidateResult*>& rs)
{
    QStringList labels;
    for (const gp::CandidateResult* r : rs) {
        QString label = chartLabel(*r);
        if (r->nodes > 1)
            label = Tr::tr("%1, %2 nodes").arg(label).arg(r->nodes);
        QString unique = label;
        for (int n = 2; labels.contains(unique); ++n)
            unique = label + QStringLiteral(" (%1)").arg(n);
        labels << unique;
    }
    return labels;
}

void styleAxis(QAbstractAxis* axis)
{
    QFont f = axis->labelsFont();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1));
    axis->setLabelsFont(f);
    QFont t = axis->titleFont();
    t.setBold(false);
    t.setPointSizeF(std::max(7.0, t.pointSizeF() - 1));
    axis->setTitleFont(t);
}

} // namespace

QColor candidateColor(int index)
{
    const int n = int(sizeof(CandidatePalette) / sizeof(CandidatePalette[0]));
    return QColor(CandidatePalette[((index % n) + n) % n]);
}

QString chartLabel(const gp::CandidateResult& result)
{
    QString label = QString::fromStdString(result.candidate);
    const int colon = label.indexOf(QLatin1Char(':'));
    if (colon >= 0)
        label = label.mid(colon + 1);
    // "GT4.41XLARGE948" -> "GT4 x8": cloud size names are long; the family and GPU count tell them apart.
    const int dot = label.indexOf(QLatin1Char('.'));
    if (dot > 0)
        label = Tr::tr("%1 x%2").arg(label.left(dot)).arg(result.gpusPerNode);
    return label;
}

QChart* buildMemoryChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    QChart* chart = newChart(Tr::tr("Memory per GPU"), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    const auto rs = shown(results, options.maxCandidates);
    if (rs.empty()) {
        chart->setTitle(Tr::tr("Memory per GPU: no candidates"));
        return chart;
    }
    const char* const partNames[] = {"weights", "gradients", "optimizer", "activations", "logits",
                                     "kv_cache", "buffers",   "allocator", "runtime"};
    auto partOf = [](const gp::MemoryBreakdown& m, int part) {
        const double parts[] = {m.weights, m.gradients, m.optimizer, m.activations, m.logits,
                                m.kvCache, m.buffers,   m.allocator, m.runtime};
        return parts[part];
    };

    auto* series = new QStackedBarSeries;
    series->setBarWidth(0.6);
    const QStringList labels = categoryLabels(rs);
    auto data = std::make_shared<std::vector<gp::CandidateResult>>();
    for (const gp::CandidateResult* r : rs)
        data->push_back(*r);
    double maxGiB = 1;
    for (const gp::CandidateResult* r : rs)
        maxGiB = std::max({maxGiB, toGiB(r->memory.total), toGiB(r->gpuMemory)});

    for (int part = 0; part < 9; ++part) {
        bool any = false;
        for (const gp::CandidateResult* r : rs)
            any = any || partOf(r->memory, part) > 0;
        if (!any)
            continue; // e.g. no KV cache in training: keep the legend short
        auto* set = new QBarSet(CoreText::memoryPart(QString::fromLatin1(partNames[part])));
        set->setColor(QColor(MemoryPartColors[part]));
        set->setBorderColor(QColor(MemoryPartColors[part]).darker(115));
        for (const gp::CandidateResult* r : rs)
            *set << toGiB(partOf(r->memory, part));
        const QString partLabel = set->label();
        QObject::connect(set, &QBarSet::hovered, chart, [data, labels, part, partLabel, partOf](bool on, int i) {
            if (!on || i < 0 || i >= int(data->size())) {
                QToolTip::hideText();
                return;
            }
            const gp::CandidateResult& r = (*data)[size_t(i)];
            showTip(Tr::tr("<b>%1</b><br>%2: %3<br>Total: %4 of %5 (usable %6)<br>%7")
                        .arg(labels[i], partLabel, formatBytes(partOf(r.memory, part)), formatBytes(r.memory.total),
                             formatBytes(r.gpuMemory), formatBytes(r.usableMemory),
                             r.fits ? Tr::tr("Fits") : Tr::tr("Does not fit")));
        });
        series->append(set);
    }
    chart->addSeries(series);

    auto* axisX = new QBarCategoryAxis;
    axisX->append(labels);
    axisX->setTruncateLabels(false);
    if (rs.size() > 4)
        axisX->setLabelsAngle(-35);
    auto* axisY = new QValueAxis;
    axisY->setRange(0, maxGiB * 1.08);
    axisY->applyNiceNumbers();
    axisY->setLabelFormat(QStringLiteral("%.0f"));
    axisY->setTitleText(Tr::tr("GiB per GPU"));
    styleAxis(axisX);
    styleAxis(axisY);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisX);
    series->attachAxis(axisY);

    // Capacity of each candidate's GPU as a short line over its bar: green when the plan fits, red when not.
    bool legendShown[2] = {false, false};
    for (size_t i = 0; i < rs.size(); ++i) {
        const gp::CandidateResult& r = *rs[i];
        auto* line = new QLineSeries;
        const double cap = toGiB(r.gpuMemory);
        line->append(double(i) - 0.42, cap);
        line->append(double(i) + 0.42, cap);
        QPen pen(r.fits ? FitColor : MissColor);
        pen.setWidthF(3);
        line->setPen(pen);
        line->setName(r.fits ? Tr::tr("GPU capacity (fits)") : Tr::tr("GPU capacity (does not fit)"));
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
        const int kind = r.fits ? 0 : 1;
        if (legendShown[kind]) {
            for (QLegendMarker* m : chart->legend()->markers(line))
                m->setVisible(false);
        }
        legendShown[kind] = true;
        const QString label = labels[int(i)];
        const QString tip = Tr::tr("<b>%1</b><br>GPU memory: %2<br>Usable after headroom: %3<br>Needed: %4")
                                .arg(label, formatBytes(r.gpuMemory), formatBytes(r.usableMemory),
                                     formatBytes(r.memory.total));
        QObject::connect(line, &QLineSeries::hovered, chart, [tip](const QPointF&, bool on) {
            if (on)
                showTip(tip);
            else
                QToolTip::hideText();
        });
    }
    return chart;
}

QChart* buildCostChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    QChart* chart = newChart(Tr::tr("Cost over time"), options);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    // Only candidates that fit have a cost worth comparing; keep the chart to the best few.
    std::vector<const gp::CandidateResult*> rs;
    for (const gp::CandidateResult& r : results) {
        if (r.fits && !r.cost.modes.empty() && int(rs.size()) < std::min(options.maxCandidates, 6))
            rs.push_back(&r);
    }
    if (rs.empty()) {
        chart->setTitle(Tr::tr("Cost over time: no fitting candidate with a price"));
        return chart;
    }
    const QStringList labels = categoryLabels(rs);

    // Each curve densified so that straight pay-as-you-go segments from zero still draw on a log scale.
    auto sampled = [](const std::vector<gp::CostPoint>& curve) {
        QList<QPointF> points;
        for (size_t k = 0; k < curve.size(); ++k) {
            const gp::CostPoint& b = curve[k];
            if (!std::isfinite(b.days) || !std::isfinite(b.cost))
                continue;
            if (k > 0 && std::isfinite(curve[k - 1].days) && std::isfinite(curve[k - 1].cost)
                && b.days > curve[k - 1].days && b.cost != curve[k - 1].cost) {
                const gp::CostPoint& a = curve[k - 1];
                for (int i = 1; i < 16; ++i) {
                    const double t = i / 16.0;
                    points.append(QPointF(a.days + t * (b.days - a.days), a.cost + t * (b.cost - a.cost)));
                }
            }
            points.append(QPointF(b.days, b.cost));
        }
        return points;
    };
    double maxDays = 0, maxCost = 0, minCost = 0;
    for (const gp::CandidateResult* r : rs)
        for (const gp::BillingCost& m : r->cost.modes)
            for (const QPointF& p : sampled(m.curve)) {
                maxDays = std::max(maxDays, p.x());
                maxCost = std::max(maxCost, p.y());
                if (p.y() > 0 && (minCost == 0 || p.y() < minCost))
                    minCost = p.y();
            }
    // Monthly subscriptions can cost a hundred times a short pay-as-you-go run: a log scale keeps both readable.
    const bool logScale = minCost > 0 && maxCost / minCost > 30;
    // Large amounts in thousands keep axis labels short; tooltips show exact figures.
    const double scale = maxCost >= 100000 ? 1000 : 1;
    const QString symbol = currencySymbol(options.currency).trimmed();

    auto* axisX = new QValueAxis;
    axisX->setRange(0, std::max(maxDays, 1e-3) * 1.05);
    axisX->applyNiceNumbers();
    axisX->setTitleText(Tr::tr("Elapsed days"));
    axisX->setLabelFormat(maxDays < 3 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    QAbstractAxis* axisY = nullptr;
    if (logScale) {
        auto* log = new QLogValueAxis;
        log->setBase(10);
        log->setMinorTickCount(-1);
        log->setRange(std::pow(10, std::floor(std::log10(minCost / scale))),
                      std::pow(10, std::ceil(std::log10(maxCost / scale * 1.05))));
        log->setLabelFormat(minCost / scale < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
        axisY = log;
    } else {
        auto* linear = new QValueAxis;
        linear->setRange(0, std::max(maxCost / scale, 1e-3) * 1.08);
        linear->applyNiceNumbers();
        linear->setLabelFormat(QStringLiteral("%.0f"));
        axisY = linear;
    }
    axisY->setTitleText(scale > 1 ? Tr::tr("Cost (thousand %1)").arg(symbol) : Tr::tr("Cost (%1)").arg(symbol));
    styleAxis(axisX);
    styleAxis(axisY);
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);

    auto penStyleOf = [](const std::string& mode) {
        if (mode == "monthly")
            return Qt::DashLine;
        if (mode == "spot")
            return Qt::DotLine;
        if (mode == "reserved")
            return Qt::DashDotLine;
        return Qt::SolidLine;
    };
    auto attach = [&](QAbstractSeries* s) {
        chart->addSeries(s);
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    };
    const QString currency = options.currency;

    for (size_t i = 0; i < rs.size(); ++i) {
        const gp::CandidateResult& r = *rs[i];
        const QColor color = candidateColor(int(i));
        const QString label = labels[int(i)];
        bool named = false;
        for (const gp::BillingCost& m : r.cost.modes) {
            if (m.curve.empty())
                continue;
            auto* line = new QLineSeries;
            QList<QPointF> points;
            for (const QPointF& p : sampled(m.curve))
                if (!logScale || p.y() > 0)
                    points.append(QPointF(p.x(), p.y() / scale));
            line->replace(points);
            QPen pen(color);
            pen.setWidthF(m.mode == "on_demand" ? 2.2 : 1.6);
            pen.setStyle(penStyleOf(m.mode));
            line->setPen(pen);
            line->setName(label);
            attach(line);
            if (named) {
                for (QLegendMarker* marker : chart->legend()->markers(line))
                    marker->setVisible(false);
            }
            named = true;
            const QString modeName = CoreText::billingMode(QString::fromStdString(m.mode));
            QObject::connect(line, &QLineSeries::hovered, chart, [label, modeName, scale, currency](const QPointF& p,
                                                                                                   bool on) {
                if (!on) {
                    QToolTip::hideText();
                    return;
                }
                showTip(Tr::tr("<b>%1</b> · %2<br>Day %3: %4")
                            .arg(label, modeName, formatNumber(p.x(), 1), formatMoney(p.y() * scale, currency)));
            });

            // Finish point: where this billing mode's curve ends.
            if (!points.isEmpty()) {
                auto* finish = new QScatterSeries;
                finish->setMarkerShape(QScatterSeries::MarkerShapeCircle);
                finish->setMarkerSize(9);
                finish->setColor(color);
                finish->setBorderColor(options.dark ? Qt::white : Qt::black);
                finish->append(points.back());
                finish->setName(Tr::tr("Finish"));
                attach(finish);
                for (QLegendMarker* marker : chart->legend()->markers(finish))
                    marker->setVisible(false);
                const QString tip = Tr::tr("<b>%1</b> · %2<br>Finishes after %3 days<br>Total %4")
                                        .arg(label, modeName, formatNumber(m.finishDays, 1),
                                             m.total ? formatMoney(*m.total, currency) : Tr::tr("n/a"));
                QObject::connect(finish, &QScatterSeries::hovered, chart, [tip](const QPointF&, bool on) {
                    if (on)
                        showTip(tip);
                    else
                        QToolTip::hideText();
                });
            }
        }

        // Break-even: where monthly billing becomes cheaper than pay-as-you-go.
        if (r.cost.breakEvenDays && std::isfinite(*r.cost.breakEvenDays) && *r.cost.breakEvenDays <= maxDays * 1.05) {
            double costAt = 0;
            for (const gp::BillingCost& m : r.cost.modes) {
                if (m.mode != "on_demand" || m.curve.size() < 2)
                    continue;
                // Pay-as-you-go is linear in time: interpolate between its points.
                for (size_t k = 1; k < m.curve.size(); ++k) {
                    const gp::CostPoint& a = m.curve[k - 1];
                    const gp::CostPoint& b = m.curve[k];
                    if (*r.cost.breakEvenDays <= b.days || k + 1 == m.curve.size()) {
                        const double span = b.days - a.days;
                        const double t = span > 0 ? (*r.cost.breakEvenDays - a.days) / span : 0;
                        costAt = a.cost + t * (b.cost - a.cost);
                        break;
                    }
                }
            }
            if (logScale && costAt <= 0)
                continue;
            auto* even = new QScatterSeries;
            even->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
            even->setMarkerSize(11);
            even->setColor(color.lighter(130));
            even->setBorderColor(color.darker(150));
            even->append(*r.cost.breakEvenDays, costAt / scale);
            attach(even);
            for (QLegendMarker* marker : chart->legend()->markers(even))
                marker->setVisible(false);
            const QString tip = Tr::tr("<b>%1</b><br>Monthly becomes cheaper than pay-as-you-go after %2 days")
                                    .arg(label, formatNumber(*r.cost.breakEvenDays, 1));
            QObject::connect(even, &QScatterSeries::hovered, chart, [tip](const QPointF&, bool on) {
                if (on)
                    showTip(tip);
                else
                    QToolTip::hideText();
            });
        }
    }

    // Legend entries for the billing modes' line styles.
    const char* const modes[] = {"on_demand", "monthly", "reserved", "spot"};
    for (const char* mode : modes) {
        bool used = false;
        for (const gp::CandidateResult* r : rs)
            for (const gp::BillingCost& m : r->cost.modes)
                used = used || m.mode == mode;
        if (!used)
            continue;
        auto* key = new QLineSeries;
        QPen pen(options.dark ? QColor(0xcc, 0xcc, 0xcc) : QColor(0x55, 0x55, 0x55));
        pen.setWidthF(1.6);
        pen.setStyle(penStyleOf(mode));
        key->setPen(pen);
        key->setName(CoreText::billingMode(QString::fromLatin1(mode)));
        attach(key);
    }
    return chart;
}

QChart* buildBottleneckChart(const std::vector<gp::CandidateResult>& results, const ChartOptions& options)
{
    const auto rs = shown(results, options.maxCandidates);
    const bool inference = !rs.empty() && rs.front()->decodeTokensPerSecond.has_value();
    QChart* chart = newChart(inference ? Tr::tr("Decode step time by part") : Tr::tr("Time per million tokens"),
                             options);
    if (rs.empty())
        return chart;

    // Training: each step's split scaled to one million tokens, so candidates with different batch layouts compare.
    auto scaleOf = [inference](const gp::CandidateResult& r) {
        if (inference || r.step.total <= 0 || r.tokensPerSecond <= 0)
            return 1.0;
        return (1e6 / r.tokensPerSecond) / r.step.total;
    };
    double maxSeconds = 0;
    for (const gp::CandidateResult* r : rs)
        maxSeconds = std::max(maxSeconds, r->step.total * scaleOf(*r));
    const bool milliseconds = maxSeconds < 1;
    const double unit = milliseconds ? 1e3 : 1;

    struct Part {
        const char* name;
        double gp::StepTime::*member;
    };
    const Part parts[] = {{"compute", &gp::StepTime::compute},
                          {"communication_intra_node", &gp::StepTime::communicationIntraNode},
                          {"communication_network", &gp::StepTime::communicationNetwork},
                          {"offload", &gp::StepTime::offload},
                          {"data_loading", &gp::StepTime::dataLoading}};

    QStringList labels = categoryLabels(rs);
    for (int i = 0; i < labels.size(); ++i)
        labels[i] = Tr::tr("%1 · %2").arg(labels[i], CoreText::bottleneck(rs[size_t(i)]->bottleneck));
    // Horizontal bars list top to bottom in reverse; feed them reversed so the best candidate is on top.
    std::vector<const gp::CandidateResult*> reversed(rs.rbegin(), rs.rend());
    QStringList reversedLabels(labels.rbegin(), labels.rend());

    auto* series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.65);
    auto data = std::make_shared<std::vector<gp::CandidateResult>>();
    for (const gp::CandidateResult* r : reversed)
        data->push_back(*r);
    for (int p = 0; p < 5; ++p) {
        bool any = false;
        for (const gp::CandidateResult* r : reversed)
            any = any || r->step.*(parts[p].member) > 0;
        if (!any && p != 0)
            continue;
        auto* set = new QBarSet(CoreText::stepPart(QString::fromLatin1(parts[p].name)));
        set->setColor(QColor(StepPartColors[p]));
        set->setBorderColor(QColor(StepPartColors[p]).darker(115));
        for (const gp::CandidateResult* r : reversed)
            *set << r->step.*(parts[p].member) * scaleOf(*r) * unit;
        const QString partLabel = set->label();
        const auto member = parts[p].member;
        QObject::connect(set, &QBarSet::hovered, chart,
                         [data, reversedLabels, partLabel, member, scaleOf, inference](bool on, int i) {
                             if (!on || i < 0 || i >= int(data->size())) {
                                 QToolTip::hideText();
                                 return;
                             }
                             const gp::CandidateResult& r = (*data)[size_t(i)];
                             const double part = r.step.*member;
                             const double share = r.step.total > 0 ? part / r.step.total : 0;
                             QString text = Tr::tr("<b>%1</b><br>%2: %3 per step (%4)<br>Step: %5")
                                                .arg(reversedLabels[i], partLabel, formatSeconds(part),
                                                     formatPercent(share), formatSeconds(r.step.total));
                             if (!inference)
                                 text += Tr::tr("<br>Per million tokens: %1")
                                             .arg(formatSeconds(part * scaleOf(r)));
                             showTip(text);
                         });
        series->append(set);
    }
    chart->addSeries(series);
    auto* axisY = new QBarCategoryAxis;
    axisY->append(reversedLabels);
    auto* axisX = new QValueAxis;
    axisX->setRange(0, std::max(maxSeconds * unit, 1e-6) * 1.05);
    axisX->applyNiceNumbers();
    axisX->setLabelFormat(maxSeconds * unit < 10 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    axisX->setTitleText(milliseconds ? Tr::tr("Milliseconds") : Tr::tr("Seconds"));
    styleAxis(axisX);
    styleAxis(axisY);
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    return chart;
}

} // namespace gpui
