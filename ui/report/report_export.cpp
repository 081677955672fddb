// Rendering the report to PDF or a printer, and writing PDF / CSV files atomically.
#include "report_export.h"
#include "base/file_words.h"

#include "output/rl_output.h"

#include "plan/scenarios.h"

#include "job_runner.h"
#include "report_document.h"
#include "report_layout.h"
#include "translator.h"

#include "base/atomic_file.h"
#include "output/results_csv.h"

#include <QBuffer>
#include <QFile>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPrinter>
#include <QRawFont>

#include <unordered_map>

namespace gpui
{

namespace
{

// The answer's CSV, as `gpu-planner-cli export --csv` writes it.
std::string answerCsv(const Evaluation& evaluation, const gp::CsvOptions& options)
{
    if (evaluation.rl) // the RL answer's CSV, as `gpu-planner-cli plan --format csv` prints it
        return gp::rlAnswerToCsv(*evaluation.rl, options);
    return evaluation.answer ? gp::answerToCsv(*evaluation.answer, options)
                             : gp::resultsToCsv(evaluation.results, options);
}

constexpr double kPdfMarginMm = 16; // the PDF has no printer margins of its own
constexpr double kPrinterMarginMm = 8; // inside the printer's own non-printable margins
constexpr int kPdfResolution = 300; // device units per inch; text and charts stay vectors at any value

// Whether the background job this runs in was cancelled: then nothing is written (the atomic writer never leaves a
// part of a file, so stopping before it leaves nothing).
bool exportCancelled()
{
    const JobControl* job = JobControl::current();
    return job && job->cancelled();
}

gp::Expected<bool> writeBytes(const QString& path, std::string_view bytes)
{
    if (exportCancelled())
        return gp::fileError(QFile::encodeName(path).toStdString(), { gp::words::kFileCancelled });
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
class LanguageScope
{
public:
    explicit LanguageScope(const QString& language)
        : m_previous(currentLanguage())
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

// Radical code points (CJK Radicals Supplement and Kangxi Radicals) -> the ideograph Noto Sans CJK SC draws with
// the same glyph, e.g. U+2F45 -> U+65B9. Empty when the font is missing.
const std::unordered_map<ushort, ushort>& radicalToIdeograph()
{
    static const std::unordered_map<ushort, ushort> map = [] {
        std::unordered_map<ushort, ushort> result;
        const QRawFont raw = QRawFont::fromFont(QFont(QStringLiteral("Noto Sans CJK SC")));
        if (!raw.isValid())
            return result;
        constexpr ushort kFirstIdeograph = 0x4E00, kLastIdeograph = 0x9FFF;
        constexpr ushort kFirstRadical = 0x2E80, kLastRadical = 0x2FDF;
        QString ideographs;
        for (uint c = kFirstIdeograph; c <= kLastIdeograph; ++c)
            ideographs += QChar(char16_t(c));
        const QList<quint32> ideographGlyphs = raw.glyphIndexesForString(ideographs);
        std::unordered_map<quint32, ushort> byGlyph;
        for (qsizetype i = 0; i < ideographGlyphs.size(); ++i)
            if (ideographGlyphs[i] != 0)
                byGlyph.emplace(ideographGlyphs[i], ushort(kFirstIdeograph + i));
        QString radicals;
        for (uint c = kFirstRadical; c <= kLastRadical; ++c)
            radicals += QChar(char16_t(c));
        const QList<quint32> radicalGlyphs = raw.glyphIndexesForString(radicals);
        for (qsizetype i = 0; i < radicalGlyphs.size(); ++i) {
            const auto it = byGlyph.find(radicalGlyphs[i]);
            if (radicalGlyphs[i] != 0 && it != byGlyph.end())
                result.emplace(ushort(kFirstRadical + i), it->second);
        }
        return result;
    }();
    return map;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

// Rewrites a 4-digit destination token <XXXX> at `pos` when it names a radical with an ideograph twin.
void fixToken(QByteArray& pdf, qsizetype pos, const std::unordered_map<ushort, ushort>& map)
{
    if (pos + 5 >= pdf.size() || pdf[pos] != '<' || pdf[pos + 5] != '>')
        return;
    int value = 0;
    for (int k = 1; k <= 4; ++k) {
        const int digit = hexValue(pdf[pos + k]);
        if (digit < 0)
            return;
        value = value * 16 + digit;
    }
    const auto it = map.find(ushort(value));
    if (it == map.end())
        return;
    const QByteArray replacement = QByteArray::number(it->second, 16).toUpper().rightJustified(4, '0');
    for (int k = 0; k < 4; ++k)
        pdf[pos + 1 + k] = replacement[k];
}

// Skips blanks, then one <...> token; returns the position after it (or -1), the token's start in `start`.
qsizetype nextToken(const QByteArray& pdf, qsizetype pos, qsizetype end, qsizetype* start)
{
    while (pos < end && (pdf[pos] == ' ' || pdf[pos] == '\n' || pdf[pos] == '\r'))
        ++pos;
    if (pos >= end || pdf[pos] != '<')
        return -1;
    *start = pos;
    const qsizetype close = pdf.indexOf('>', pos);
    return close < 0 || close >= end ? -1 : close + 1;
}

// Qt 6.4 writes an embedded font's ToUnicode map from the font's character map, keeping the lowest code point of
// each glyph. Noto Sans CJK draws many ideographs with the very glyph of a radical (方 and the Kangxi radical ⽅),
// so text copied or searched in a Chinese report would hold radicals. Rewrites those destinations in place: the
// tokens keep their length, so no offset in the file changes.
void fixCjkToUnicode(QByteArray& pdf)
{
    if (!pdf.contains("NotoSansCJK"))
        return;
    const auto& map = radicalToIdeograph();
    if (map.empty())
        return;
    for (const char* kind : { "beginbfrange", "beginbfchar" }) {
        const bool range = std::string_view(kind) == "beginbfrange";
        for (qsizetype from = pdf.indexOf(kind); from >= 0; from = pdf.indexOf(kind, from + 1)) {
            const qsizetype end = pdf.indexOf(range ? "endbfrange" : "endbfchar", from);
            if (end < 0)
                break;
            qsizetype pos = from + qsizetype(std::string_view(kind).size());
            qsizetype token = 0;
            while (true) {
                // Source code(s) first: one for bfchar, a first..last pair for bfrange.
                pos = nextToken(pdf, pos, end, &token);
                if (pos < 0)
                    break;
                const QByteArray first = pdf.mid(token, pos - token);
                bool single = true;
                if (range) {
                    if ((pos = nextToken(pdf, pos, end, &token)) < 0)
                        break;
                    single = pdf.mid(token, pos - token) == first;
                }
                while (pos < end && (pdf[pos] == ' ' || pdf[pos] == '\n' || pdf[pos] == '\r'))
                    ++pos;
                if (range && pos < end && pdf[pos] == '[') {
                    ++pos;
                    while ((pos = nextToken(pdf, pos, end, &token)) >= 0)
                        fixToken(pdf, token, map);
                    pos = pdf.indexOf(']', token);
                    if (pos < 0 || pos >= end)
                        break;
                    ++pos;
                } else {
                    pos = nextToken(pdf, pos, end, &token);
                    if (pos < 0)
                        break;
                    if (single) // a range's start code counts up: leave multi-code ranges alone
                        fixToken(pdf, token, map);
                }
            }
        }
    }
}

} // namespace

QStringList reportFontFamilies(const QString& language)
{
    // Latin text and digits come from DejaVu Sans: with Noto Sans CJK's own digits, Qt 6.4's PDF writer loses
    // their Unicode mapping and copied or extracted numbers come out blank. Chinese characters fall back to
    // Noto Sans CJK SC (fonts-noto-cjk), which has no such problem.
    Q_UNUSED(language);
    return { QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC") };
}

ReportData makeReportData(const gp::Plan& plan, std::shared_ptr<const gp::Catalog> catalog, EvaluationPtr evaluation)
{
    ReportData data;
    data.plan = plan;
    data.catalog = std::move(catalog);
    data.evaluation = std::move(evaluation);
    return data;
}

void attachScenarioComparison(ReportData& data, const gp::Plan& base)
{
    data.scenarios.reset();
    if (gp::planScenarios(base).empty() || !data.catalog)
        return;
    auto comparison = gp::compareScenarios(base, *data.catalog);
    if (comparison)
        data.scenarios = std::make_shared<const gp::ScenarioComparison>(std::move(*comparison));
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
        writer.setPageLayout(QPageLayout(
            QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter));
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
    fixCjkToUnicode(rendered.bytes);
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
    return writeBytes(path, answerCsv(*data.evaluation, gp::CsvOptions { byteOrderMark }));
}

gp::Expected<bool> writeCostCurveCsv(const ReportData& data, const QString& path, bool byteOrderMark)
{
    if (!usable(data))
        return unusable(data);
    if (data.evaluation->rl)
        return gp::Error { "workload.mode", "an RL plan has no cost curve; export its results CSV or PDF" };
    return writeBytes(path, gp::costCurveToCsv(data.evaluation->results, gp::CsvOptions { byteOrderMark }));
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
        return gp::fileError(
            QFile::encodeName(printer->outputFileName()).toStdString(), { gp::words::kCannotStartPrinting });
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
    if (evaluation->rl && !request.costCurveCsvPath.isEmpty())
        return gp::Error { "workload.mode", "an RL plan has no cost curve; export its results CSV or PDF" };
    ReportData data = makeReportData(plan, std::make_shared<const gp::Catalog>(catalog), evaluation);
    if (!request.pdfPath.isEmpty())
        attachScenarioComparison(data, plan);

    // Render everything first: a failure while rendering leaves every destination as it was.
    const gp::CsvOptions csvOptions { request.csvByteOrderMark };
    std::vector<std::pair<QString, std::string>> files;
    if (!request.pdfPath.isEmpty()) {
        auto rendered = renderPdfReport(data);
        if (!rendered)
            return rendered.error();
        files.emplace_back(request.pdfPath, rendered->bytes.toStdString());
    }
    if (!request.csvPath.isEmpty())
        files.emplace_back(request.csvPath, answerCsv(*evaluation, csvOptions));
    if (!request.costCurveCsvPath.isEmpty())
        files.emplace_back(request.costCurveCsvPath, gp::costCurveToCsv(evaluation->results, csvOptions));

    // All or nothing: a disk that fills while the CSV is written leaves the PDF as it was too.
    std::vector<std::pair<std::string, std::string_view>> writes;
    for (const auto& [path, bytes] : files)
        writes.emplace_back(QFile::encodeName(path).toStdString(), bytes);
    if (exportCancelled())
        return gp::fileError(QFile::encodeName(files.front().first).toStdString(), { gp::words::kFileCancelled });
    return gp::writeFilesAtomically(writes);
}

} // namespace gpui
