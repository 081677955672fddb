// Rendering the report to PDF or a printer, and writing PDF / CSV files atomically.
#include "report_export.h"

#include "report_document.h"
#include "report_layout.h"
#include "translator.h"

#include "gp/atomic_file.h"
#include "gp/results_csv.h"

#include <QBuffer>
#include <QFile>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPrinter>

namespace gpui {

namespace {

constexpr double kPdfMarginMm = 16;     // the PDF has no printer margins of its own
constexpr double kPrinterMarginMm = 8;  // inside the printer's own non-printable margins
constexpr int kPdfResolution = 300;     // device units per inch; text and charts stay vectors at any value

gp::Error reportError(const QString& path, const std::string& message)
{
    gp::Error error;
    error.file = QFile::encodeName(path).toStdString();
    error.message = message;
    return error;
}

gp::Expected<bool> writeBytes(const QString& path, std::string_view bytes)
{
    return gp::writeFileAtomically(QFile::encodeName(path).toStdString(), bytes);
}

bool usable(const ReportData& data)
{
    return data.catalog && data.evaluation && data.evaluation->ok;
}

gp::Error unusable(const ReportData& data)
{
    if (data.evaluation && !data.evaluation->ok)
        return data.evaluation->error;
    gp::Error error;
    error.message = "no evaluated plan to report";
    return error;
}

// Installs a language for the duration of an export and puts the previous one back.
class LanguageScope {
public:
    explicit LanguageScope(const QString& language) : m_previous(currentLanguage())
    {
        if (!language.isEmpty() && language != m_previous) {
            installLanguage(language);
            m_changed = true;
        }
    }
    ~LanguageScope()
    {
        if (m_changed)
            installLanguage(m_previous);
    }
    LanguageScope(const LanguageScope&) = delete;
    LanguageScope& operator=(const LanguageScope&) = delete;

private:
    QString m_previous;
    bool m_changed = false;
};

} // namespace

QStringList reportFontFamilies(const QString& language)
{
    // Latin text and digits come from DejaVu Sans: with Noto Sans CJK's own digits, Qt 6.4's PDF writer loses
    // their Unicode mapping and copied or extracted numbers come out blank. Chinese characters fall back to
    // Noto Sans CJK SC (fonts-noto-cjk), which has no such problem.
    Q_UNUSED(language);
    return {QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")};
}

ReportData makeReportData(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog, EvaluationPtr evaluation)
{
    ReportData data;
    data.plan = plan;
    data.catalog = std::move(catalog);
    data.evaluation = std::move(evaluation);
    return data;
}

gp::Expected<RenderedPdf> renderPdfReport(const ReportData& data)
{
    if (!usable(data))
        return unusable(data);
    const QStringList families = reportFontFamilies(currentLanguage());
    report::ReportBuilder builder(data, families);

    RenderedPdf rendered;
    QBuffer buffer(&rendered.bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0),
                                         QPageLayout::Millimeter));
        writer.setResolution(kPdfResolution);
        writer.setTitle(builder.title());
        writer.setCreator(QStringLiteral("GPU Planner " GP_VERSION));
        QPainter painter;
        if (!painter.begin(&writer)) {
            gp::Error error;
            error.message = "cannot start the PDF writer";
            return error;
        }
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        const report::PageStyle style(&writer, families, kPdfMarginMm);
        const report::Blocks blocks = builder.build();
        rendered.pages = report::paintDocument(painter, writer, style, blocks, builder.decoration());
        painter.end();
    }
    buffer.close();
    return rendered;
}

gp::Expected<bool> writePdfReport(const ReportData& data, const QString& path)
{
    auto rendered = renderPdfReport(data);
    if (!rendered)
        return rendered.error();
    return writeBytes(path, std::string_view(rendered->bytes.constData(), std::size_t(rendered->bytes.size())));
}

gp::Expected<bool> writeCsvReport(const ReportData& data, const QString& path, bool byteOrderMark)
{
    if (!usable(data))
        return unusable(data);
    return writeBytes(path, gp::resultsToCsv(data.evaluation->results, gp::CsvOptions{byteOrderMark}));
}

gp::Expected<bool> writeCostCurveCsv(const ReportData& data, const QString& path, bool byteOrderMark)
{
    if (!usable(data))
        return unusable(data);
    return writeBytes(path, gp::costCurveToCsv(data.evaluation->results, gp::CsvOptions{byteOrderMark}));
}

gp::Expected<int> printReport(const ReportData& data, QPrinter* printer)
{
    if (!usable(data))
        return unusable(data);
    if (!printer) {
        gp::Error error;
        error.message = "no printer";
        return error;
    }
    const QStringList families = reportFontFamilies(currentLanguage());
    report::ReportBuilder builder(data, families);
    printer->setDocName(builder.title());
    QPainter painter;
    if (!painter.begin(printer))
        return reportError(printer->outputFileName(), "cannot start printing");
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const report::PageStyle style(printer, families, kPrinterMarginMm);
    const report::Blocks blocks = builder.build();
    const int pages = report::paintDocument(painter, *printer, style, blocks, builder.decoration());
    painter.end();
    return pages;
}

gp::Expected<bool> exportPlanReport(const gp::Plan& plan, const gp::Catalog& catalog, const ExportRequest& request)
{
    if (request.pdfPath.isEmpty() && request.csvPath.isEmpty() && request.costCurveCsvPath.isEmpty()) {
        gp::Error error;
        error.message = "nothing to export: give a PDF or CSV destination";
        return error;
    }
    LanguageScope language(request.language);

    auto evaluation = std::make_shared<Evaluation>(evaluatePlan(plan, catalog));
    if (!evaluation->ok)
        return evaluation->error;
    const ReportData data = makeReportData(plan, std::make_shared<const gp::Catalog>(catalog), evaluation);

    // Render everything first: a failure while rendering leaves every destination as it was.
    const gp::CsvOptions csvOptions{request.csvByteOrderMark};
    std::vector<std::pair<QString, std::string>> files;
    if (!request.pdfPath.isEmpty()) {
        auto rendered = renderPdfReport(data);
        if (!rendered)
            return rendered.error();
        files.emplace_back(request.pdfPath, rendered->bytes.toStdString());
    }
    if (!request.csvPath.isEmpty())
        files.emplace_back(request.csvPath, gp::resultsToCsv(evaluation->results, csvOptions));
    if (!request.costCurveCsvPath.isEmpty())
        files.emplace_back(request.costCurveCsvPath, gp::costCurveToCsv(evaluation->results, csvOptions));

    for (const auto& [path, bytes] : files) {
        auto written = writeBytes(path, bytes);
        if (!written)
            return written.error();
    }
    return true;
}

} // namespace gpui
