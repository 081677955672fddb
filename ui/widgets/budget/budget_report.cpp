// Budget report: CSV and PDF.
#include "widgets/budget/budget_report.h"
#include "base/file_words.h"

#include "budget/budget_output.h"
#include "core_text.h"
#include "number_format.h"
#include "region_text.h"
#include "widgets/budget/budget_fleet_model.h"
#include "widgets/budget/budget_view.h"

#include "base/atomic_file.h"
#include "job_runner.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>

#include <algorithm>
#include <initializer_list>

namespace gpui
{

namespace
{

// A cell of the PDF's tables. Figures and names of instances and regions stay on one line (an A4 page's table would
// otherwise break "1,824,256" after its first comma and "ap-guangzhou" anywhere); words wrap.
QString budgetCell(const QString& text, bool wraps)
{
    return (wraps ? QStringLiteral("<td>") : QStringLiteral("<td style='white-space:nowrap'>")) + text.toHtmlEscaped()
        + QStringLiteral("</td>");
}

// `wrapping`: the columns whose words may wrap.
QString budgetRow(const QStringList& cells, bool header = false, std::initializer_list<int> wrapping = {})
{
    QString row = QStringLiteral("<tr>");
    for (int i = 0; i < cells.size(); ++i)
        row += header ? QStringLiteral("<th>") + cells[i].toHtmlEscaped() + QStringLiteral("</th>")
                      : budgetCell(cells[i], std::find(wrapping.begin(), wrapping.end(), i) != wrapping.end());
    return row + QStringLiteral("</tr>");
}

// Writes `bytes` atomically unless the background job this runs in was cancelled (then nothing is written).
bool writeBudgetFile(const QString& path, std::string_view bytes, QString* error)
{
    if (const JobControl* job = JobControl::current(); job && job->cancelled()) {
        if (error)
            *error = CoreText::error(
                gp::fileError(QDir::toNativeSeparators(path).toStdString(), { gp::words::kFileCancelled }));
        return false;
    }
    auto written = gp::writeFileAtomically(QFile::encodeName(path).toStdString(), bytes);
    if (error)
        *error = written ? QString() : CoreText::error(written.error());
    return bool(written);
}

} // namespace

bool BudgetReport::writeCsv(const gp::BudgetAnswer& answer, const QString& path, QString* error)
{
    const std::string text = "\xEF\xBB\xBF" + gp::budgetAnswerToCsv(answer);
    return writeBudgetFile(path, text, error);
}

QString BudgetReport::html(const gp::BudgetAnswer& a)
{
    const QString currency = QString::fromStdString(a.currency);
    auto money = [&](double v) { return formatMoney(v, currency); };
    QString html = QStringLiteral("<html><body style='font-size:9pt'>");
    html += QStringLiteral("<h2>") + (a.title.empty() ? tr("Budget") : QString::fromStdString(a.title)).toHtmlEscaped()
        + QStringLiteral("</h2><p>") + BudgetView::summary(a).toHtmlEscaped() + QStringLiteral("</p>");
    html += QStringLiteral("<h3>") + tr("Items")
        + QStringLiteral("</h3><table border='1' cellspacing='0' cellpadding='3'>");
    html += budgetRow(
        { tr("Item"), tr("Instance"), tr("Region"), tr("Machines"), tr("Spend"), tr("Alone"), tr("kWh"), tr("Note") },
        true);
    for (const gp::ItemBudget& item : a.items) {
        const gp::ItemPlacement* p = item.placement ? &*item.placement : nullptr;
        double kwh = 0;
        for (double v : item.kwhByMonth)
            kwh += v;
        html += budgetRow({ QString::fromStdString(item.name), p ? QString::fromStdString(p->instance) : QString(),
                              p ? RegionText::name(QString::fromStdString(p->region)) : QString(),
                              p ? QString::number(p->peakMachines) : QString(), money(item.spend),
                              money(item.aloneCost), formatNumber(kwh, 0), BudgetView::itemNote(item) },
            false, { 0, 7 });
    }
    html += QStringLiteral("</table><h3>") + tr("Fleet")
        + QStringLiteral("</h3><table border='1' cellspacing='0' cellpadding='3'>");
    html += budgetRow({ tr("Instance"), tr("Region"), tr("Machines"), tr("Commitment by month"), tr("Cost"),
                          tr("Utilisation"), tr("Placement") },
        true);
    for (const gp::FleetRow& r : a.fleet)
        html += budgetRow({ QString::fromStdString(r.instance), RegionText::name(QString::fromStdString(r.region)),
                              QString::number(r.machines), BudgetFleetModel::billingText(r.modeByMonth), money(r.cost),
                              formatPercent(r.utilisation), BudgetFleetModel::placementText(r) },
            false, { 3, 6 });
    html += QStringLiteral("</table><h3>") + tr("Months")
        + QStringLiteral("</h3><table border='1' cellspacing='0' cellpadding='3'>");
    html += budgetRow({ tr("Month"), tr("Spend"), tr("Cumulative"), tr("kWh"), tr("kg CO2") }, true);
    for (std::size_t m = 0; m < a.monthly.size(); ++m)
        html += budgetRow({ QString::number(m + 1), money(a.monthly[m]), money(a.cumulative[m]),
            formatNumber(a.kwhByMonth[m], 0), formatNumber(a.kgCo2ByMonth[m], 0) });
    html += QStringLiteral("</table>");
    for (const QString& line : BudgetView::capLines(a))
        html += QStringLiteral("<p>") + line.toHtmlEscaped() + QStringLiteral("</p>");
    if (a.buyOrRent)
        html += QStringLiteral("<p>") + BudgetView::buyOrRentLine(*a.buyOrRent, currency).toHtmlEscaped()
            + QStringLiteral("</p>");
    return html + QStringLiteral("</body></html>");
}

bool BudgetReport::writePdf(const gp::BudgetAnswer& answer, const QString& path, QString* error)
{
    // Rendered in memory, then written atomically: a failure or Cancel leaves no part of a PDF behind.
    QByteArray bytes;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setResolution(300);
        writer.setTitle(QString::fromStdString(answer.title));
        QTextDocument document;
        document.setHtml(html(answer));
        document.print(&writer);
    }
    return writeBudgetFile(path, std::string_view(bytes.constData(), std::size_t(bytes.size())), error);
}

} // namespace gpui
