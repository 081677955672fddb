// The PDF / CSV report: pages, fonts, atomic writes, and the same report from the window's API and the printer.
#include "ui_test_support.h"
#include "report/report_export.h"

#include "evaluation.h"
#include "translator.h"

#include "catalog/catalog.h"
#include "plan/plan.h"
#include "output/results_csv.h"

#include <gtest/gtest.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QPrinter>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace {

gp::Plan defaultPlan()
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan{};
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int countCsvRecords(const QByteArray& csv)
{
    // No field in these results holds a line break, so records are CRLF-terminated lines.
    return int(csv.count("\r\n"));
}

class ReportExport : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(m_dir.isValid()); }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
};

TEST_F(ReportExport, DefaultPlanWritesPdfAndCsvs)
{
    const gp::Plan plan = defaultPlan();
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("plan.pdf"));
    request.csvPath = path(QStringLiteral("plan.csv"));
    request.costCurveCsvPath = path(QStringLiteral("cost.csv"));
    request.language = QStringLiteral("en");
    const auto exported = gpui::exportPlanReport(plan, gp::builtinCatalog(), request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();

    const QByteArray pdf = readFile(request.pdfPath);
    ASSERT_TRUE(pdf.startsWith("%PDF-"));
    EXPECT_TRUE(pdf.trimmed().endsWith("%%EOF"));
    // Title page + charts + details + assumptions at the least.
    EXPECT_GE(test::countPdfPages(pdf), 4);

    const QByteArray csv = readFile(request.csvPath);
    ASSERT_TRUE(csv.startsWith("\xEF\xBB\xBF" "rank,recommended,")); // BOM on by default for Excel
    EXPECT_EQ(countCsvRecords(csv), 1 + int(plan.candidates.size()));
    for (const gp::CandidateSpec& candidate : plan.candidates)
        EXPECT_TRUE(csv.contains(QByteArray::fromStdString(candidate.instance))) << candidate.instance;

    const QByteArray curve = readFile(request.costCurveCsvPath);
    EXPECT_TRUE(curve.startsWith("\xEF\xBB\xBF" "candidate,billing_mode,days,cumulative_cost,currency\r\n"));
    EXPECT_GT(countCsvRecords(curve), 1);
    EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 3); // no temporaries left
}

TEST_F(ReportExport, RenderedPageCountMatchesThePdf)
{
    gpui::installLanguage(QStringLiteral("en"));
    const gp::Plan plan = defaultPlan();
    auto evaluation = std::make_shared<gpui::Evaluation>(gpui::evaluatePlan(plan, gp::builtinCatalog()));
    ASSERT_TRUE(evaluation->ok) << evaluation->error.toString();
    const auto data =
        gpui::makeReportData(plan, std::make_shared<const gp::Catalog>(gp::builtinCatalog()), evaluation);
    const auto rendered = gpui::renderPdfReport(data);
    ASSERT_TRUE(rendered.ok()) << rendered.error().toString();
    EXPECT_GE(rendered->pages, 2);
    EXPECT_EQ(test::countPdfPages(rendered->bytes), rendered->pages);

    // The window's path writes the same document.
    const QString file = path(QStringLiteral("window.pdf"));
    ASSERT_TRUE(gpui::writePdfReport(data, file).ok());
    EXPECT_EQ(test::countPdfPages(readFile(file)), rendered->pages);
}

TEST_F(ReportExport, EveryCatalogInstancePaginatesTheTable)
{
    // An empty candidate list means every catalog instance: dozens of rows and detail blocks, more pages.
    gpui::installLanguage(QStringLiteral("en"));
    gp::Plan few = defaultPlan();
    gp::Plan all = few;
    all.candidates.clear();
    const auto catalog = std::make_shared<const gp::Catalog>(gp::builtinCatalog());
    auto fewEvaluation = std::make_shared<gpui::Evaluation>(gpui::evaluatePlan(few, *catalog));
    auto allEvaluation = std::make_shared<gpui::Evaluation>(gpui::evaluatePlan(all, *catalog));
    ASSERT_TRUE(fewEvaluation->ok && allEvaluation->ok);
    ASSERT_GT(allEvaluation->results.size(), fewEvaluation->results.size());
    const auto fewPdf = gpui::renderPdfReport(gpui::makeReportData(few, catalog, fewEvaluation));
    const auto allPdf = gpui::renderPdfReport(gpui::makeReportData(all, catalog, allEvaluation));
    ASSERT_TRUE(fewPdf.ok() && allPdf.ok());
    EXPECT_GT(allPdf->pages, fewPdf->pages);
    EXPECT_EQ(test::countPdfPages(allPdf->bytes), allPdf->pages);
}

TEST_F(ReportExport, ChineseReportEmbedsTheCjkFont)
{
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("zh.pdf"));
    request.language = QStringLiteral("zh_CN");
    const auto exported = gpui::exportPlanReport(defaultPlan(), gp::builtinCatalog(), request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();
    const QByteArray pdf = readFile(request.pdfPath);
    // Font dictionaries are not compressed; the subset's BaseFont names the face (NotoSansCJKsc-Regular).
    EXPECT_TRUE(pdf.contains("NotoSansCJK")) << "CJK font not embedded";
    EXPECT_GE(test::countPdfPages(pdf), 2);
    EXPECT_EQ(gpui::currentLanguage(), QStringLiteral("en")) << "export must restore the previous language";

    // The ToUnicode maps (uncompressed) name ideographs, not the radicals Noto draws with the same glyphs: the
    // Chinese date holds 月 and 日, whose glyphs are also those of the Kangxi radicals U+2F49 and U+2F47.
    const QString text = QString::fromLatin1(pdf);
    qsizetype maps = 0;
    for (qsizetype at = text.indexOf(QLatin1String("begincmap")); at >= 0;
         at = text.indexOf(QLatin1String("begincmap"), at + 1)) {
        const QString map = text.mid(at, text.indexOf(QLatin1String("endcmap"), at) - at);
        ++maps;
        EXPECT_FALSE(map.contains(QRegularExpression(QStringLiteral("<2[EF][0-9A-F]{2}>"))))
            << "radical code point in a ToUnicode map";
        EXPECT_FALSE(map.contains(QRegularExpression(QStringLiteral("<FB0[0-6]>")))) << "ligature in a ToUnicode map";
    }
    EXPECT_GT(maps, 0);
    EXPECT_TRUE(text.contains(QLatin1String("<6708>"))) << "月 (U+6708) of the Chinese date is not mapped";
}

TEST_F(ReportExport, UnwritableDestinationFailsAndWritesNothing)
{
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("missing-dir/plan.pdf"));
    request.csvPath = path(QStringLiteral("plan.csv"));
    const auto exported = gpui::exportPlanReport(defaultPlan(), gp::builtinCatalog(), request);
    ASSERT_FALSE(exported.ok());
    EXPECT_NE(exported.error().toString().find("missing-dir/plan.pdf"), std::string::npos)
        << exported.error().toString();
    EXPECT_TRUE(QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
}

TEST_F(ReportExport, ExistingFileSurvivesAFailedExport)
{
    const QString csvPath = path(QStringLiteral("plan.csv"));
    {
        QFile file(csvPath);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("previous export\r\n");
    }
    gp::Plan broken = defaultPlan();
    broken.candidates = {gp::CandidateSpec{}};
    broken.candidates[0].instance = "tencent:NO-SUCH-INSTANCE";
    gpui::ExportRequest request;
    request.csvPath = csvPath;
    const auto exported = gpui::exportPlanReport(broken, gp::builtinCatalog(), request);
    ASSERT_FALSE(exported.ok());
    EXPECT_EQ(readFile(csvPath), QByteArray("previous export\r\n"));
}

TEST_F(ReportExport, NothingRequestedIsAnError)
{
    EXPECT_FALSE(gpui::exportPlanReport(defaultPlan(), gp::builtinCatalog(), gpui::ExportRequest{}).ok());
}

TEST_F(ReportExport, CsvWithoutByteOrderMark)
{
    gpui::ExportRequest request;
    request.csvPath = path(QStringLiteral("plain.csv"));
    request.csvByteOrderMark = false;
    ASSERT_TRUE(gpui::exportPlanReport(defaultPlan(), gp::builtinCatalog(), request).ok());
    EXPECT_TRUE(readFile(request.csvPath).startsWith("rank,recommended,"));
}

TEST_F(ReportExport, PrintsToAPdfPrinter)
{
    gpui::installLanguage(QStringLiteral("en"));
    const gp::Plan plan = defaultPlan();
    auto evaluation = std::make_shared<gpui::Evaluation>(gpui::evaluatePlan(plan, gp::builtinCatalog()));
    ASSERT_TRUE(evaluation->ok);
    const auto data =
        gpui::makeReportData(plan, std::make_shared<const gp::Catalog>(gp::builtinCatalog()), evaluation);
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(path(QStringLiteral("printed.pdf")));
    printer.setPageSize(QPageSize(QPageSize::A4));
    const auto printed = gpui::printReport(data, &printer);
    ASSERT_TRUE(printed.ok()) << printed.error().toString();
    EXPECT_GE(*printed, 2);
    EXPECT_EQ(test::countPdfPages(readFile(path(QStringLiteral("printed.pdf")))), *printed);
}

TEST_F(ReportExport, FailedEvaluationIsReported)
{
    gpui::ReportData data;
    data.catalog = std::make_shared<const gp::Catalog>(gp::builtinCatalog());
    auto failed = std::make_shared<gpui::Evaluation>();
    failed->ok = false;
    failed->error.field = "model.preset";
    failed->error.message = "unknown preset";
    data.evaluation = failed;
    const auto rendered = gpui::renderPdfReport(data);
    ASSERT_FALSE(rendered.ok());
    EXPECT_EQ(rendered.error().field, "model.preset");
    EXPECT_FALSE(gpui::writeCsvReport(data, path(QStringLiteral("x.csv"))).ok());
    EXPECT_FALSE(QFile::exists(path(QStringLiteral("x.csv"))));
}

} // namespace
