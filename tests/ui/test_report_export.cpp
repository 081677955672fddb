// The PDF / CSV report: pages, fonts, atomic writes, and the same report from the window's API and the printer.
#include "report/report_document.h"
#include "report/report_export.h"
#include "report/report_layout.h"
#include "ui_test_support.h"

#include "evaluation.h"
#include "translator.h"

#include "models/scenario_comparison_model.h"
#include "number_format.h"

#include "catalog/catalog.h"
#include "output/results_csv.h"
#include "plan/plan.h"
#include "planner/scenario_comparison.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QPrinter>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>

namespace test = gpui::test; // ui_test_support.h's helpers (a precompiled header must not be needed to see them)

namespace
{

namespace test = gpui::test;

gp::Plan reportDefaultPlan()
{
    auto plan = gp::parsePlan(gp::defaultPlanText());
    EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().toString());
    return plan.ok() ? *plan : gp::Plan {};
}

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The PDF's text as pdftotext (poppler-utils) reads it, pages separated by form feeds; empty when it cannot.
QString pdfText(const QString& pdfPath, bool layout)
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    EXPECT_FALSE(pdftotext.isEmpty()) << "pdftotext (poppler-utils) is needed to read the PDF";
    if (pdftotext.isEmpty())
        return {};
    QStringList arguments { QStringLiteral("-enc"), QStringLiteral("UTF-8") };
    if (layout)
        arguments << QStringLiteral("-layout");
    QProcess process;
    process.start(pdftotext, arguments << pdfPath << QStringLiteral("-"));
    EXPECT_TRUE(process.waitForFinished(test::kEvaluationWaitMs));
    return QString::fromUtf8(process.readAllStandardOutput());
}

int countCsvRecords(const QByteArray& csv)
{
    // No field in these results holds a line break, so records are CRLF-terminated lines.
    return int(csv.count("\r\n"));
}

class ReportExport : public ::testing::Test
{
protected:
    void SetUp() override { ASSERT_TRUE(m_dir.isValid()); }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
};

TEST_F(ReportExport, DefaultPlanWritesPdfAndCsvs)
{
    const gp::Plan plan = reportDefaultPlan();
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
    ASSERT_TRUE(csv.startsWith("\xEF\xBB\xBF"
                               "rank,recommended,")); // BOM on by default for Excel
    EXPECT_EQ(countCsvRecords(csv), 1 + int(plan.candidates.size()));
    for (const gp::CandidateSpec& candidate : plan.candidates)
        EXPECT_TRUE(csv.contains(QByteArray::fromStdString(candidate.instance))) << candidate.instance;

    const QByteArray curve = readFile(request.costCurveCsvPath);
    EXPECT_TRUE(curve.startsWith("\xEF\xBB\xBF"
                                 "candidate,billing_mode,days,cumulative_cost,currency\r\n"));
    EXPECT_GT(countCsvRecords(curve), 1);
    EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 3); // no temporaries left
}

// The screens check (uipolish): the Chinese serving report of every catalog instance ended page 1 with the title
// "What would change the answer" alone at its foot, its list on page 2. A title inside a section keeps with what it
// introduces, as the section headings do.
TEST_F(ReportExport, TitlesInsideASectionStayWithWhatTheyIntroduce)
{
    gpui::installLanguage(QStringLiteral("en"));
    const gp::Plan plan = reportDefaultPlan();
    auto catalog = std::make_shared<const gp::Catalog>(gp::builtinCatalog());
    auto evaluation = std::make_shared<gpui::Evaluation>(gpui::evaluatePlan(plan, *catalog));
    ASSERT_TRUE(evaluation->ok) << evaluation->error.toString();
    const gpui::report::Blocks blocks
        = gpui::report::ReportBuilder(gpui::makeReportData(plan, catalog, evaluation), {}).build();
    int titles = 0;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const auto* text = dynamic_cast<const gpui::report::TextBlock*>(blocks[i].get());
        if (!text
            || (text->text() != QLatin1String("Runners-up")
                && text->text() != QLatin1String("What would change the answer")))
            continue;
        ++titles;
        EXPECT_TRUE(blocks[i]->keepWithNext) << text->text().toStdString();
        EXPECT_LT(i + 1, blocks.size()) << text->text().toStdString();
    }
    EXPECT_GE(titles, 1);
}

TEST_F(ReportExport, RenderedPageCountMatchesThePdf)
{
    gpui::installLanguage(QStringLiteral("en"));
    const gp::Plan plan = reportDefaultPlan();
    auto evaluation = std::make_shared<gpui::Evaluation>(gpui::evaluatePlan(plan, gp::builtinCatalog()));
    ASSERT_TRUE(evaluation->ok) << evaluation->error.toString();
    const auto data = gpui::makeReportData(plan, std::make_shared<const gp::Catalog>(gp::builtinCatalog()), evaluation);
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
    gp::Plan few = reportDefaultPlan();
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
    const auto exported = gpui::exportPlanReport(reportDefaultPlan(), gp::builtinCatalog(), request);
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

TEST_F(ReportExport, ChineseSentencesFollowEachOtherWithoutASpace)
{
    // The default plan's recommendation has an estimated price, so page one carries the sensitivity line: two
    // sentences the report joins ("…每次只变动一项不确定输入。推荐配置可能改变…").
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("zh.pdf"));
    request.language = QStringLiteral("zh_CN");
    const auto exported = gpui::exportPlanReport(reportDefaultPlan(), gp::builtinCatalog(), request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();
    const QString text = pdfText(request.pdfPath, false);
    ASSERT_TRUE(text.contains(QStringLiteral("敏感性"))) << "no sensitivity line on the Chinese report";
    EXPECT_TRUE(text.contains(QStringLiteral("不确定输入。推荐配置可能改变")));
    // The memory range follows as its own sentence, ended by a Chinese full stop.
    EXPECT_TRUE(text.contains(QRegularExpression(QStringLiteral("。每块 GPU 显存：[^。]*可用 [^。]*。"))));
    for (const QString& gap : { QStringLiteral("。 "), QStringLiteral("。\u3000") }) {
        const qsizetype at = text.indexOf(gap);
        EXPECT_LT(at, 0) << "space after a Chinese full stop: "
                         << text.mid(std::max<qsizetype>(0, at - 40), 80).toStdString();
    }
    // The runner-up sentence ends with a Chinese full stop, not an ASCII one after Chinese text.
    EXPECT_FALSE(text.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]\\.(\\s|$)"))));
}

TEST_F(ReportExport, AssumptionsSetInThePlanAreListedWithTheirValues)
{
    // Every assumption a plan sets is listed under "Set in the plan", the MoE and serving ones included.
    gp::Plan plan = reportDefaultPlan();
    plan.assumptions.expertLoadImbalance = 1.35;
    plan.assumptions.servingDecodeBandwidthEfficiency = 0.62;
    plan.assumptions.servingStepOverheadSeconds = 0.0007;
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("assumptions.pdf"));
    request.language = QStringLiteral("en");
    const auto exported = gpui::exportPlanReport(plan, gp::builtinCatalog(), request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();
    const QString text = pdfText(request.pdfPath, false).simplified();
    EXPECT_TRUE(text.contains(QStringLiteral("Expert load imbalance (busiest rank / mean) 1.35x")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Serving decode bandwidth efficiency 62")));
    EXPECT_TRUE(text.contains(QStringLiteral("Serving step overhead 700 µs")));
    EXPECT_FALSE(text.contains(QStringLiteral("Serving prefill compute efficiency"))); // not set, not listed
}

TEST_F(ReportExport, ScenarioPageNamesEachScenarioWithTheCoresBestCost)
{
    nlohmann::json document = nlohmann::json::parse(gp::defaultPlanText());
    document["candidates"] = nlohmann::json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } },
        { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } });
    document["scenarios"] = nlohmann::json::array(
        { { { "name", "Context 8k" }, { "overrides", { { "workload", { { "sequence_length", 8192 } } } } } },
            { { "name", "Rank64 LoRA" },
                { "overrides", { { "workload", { { "technique", "lora" }, { "lora", { { "rank", 64 } } } } } } } },
            { { "name", "Only GN7" },
                { "overrides",
                    { { "candidates",
                        nlohmann::json::array(
                            { { { "instance", "tencent:GN7.20XLARGE320" }, { "nodes", "auto" } } }) } } } } });
    auto plan = gp::parsePlan(document.dump());
    ASSERT_TRUE(plan.ok()) << plan.error().toString();

    gpui::installLanguage(QStringLiteral("en"));
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("scenarios.pdf"));
    request.language = QStringLiteral("en");
    const auto exported = gpui::exportPlanReport(*plan, gp::builtinCatalog(), request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();
    const QString text = pdfText(request.pdfPath, true);
    const QStringList pages = text.split(QLatin1Char('\f'));
    const auto page = std::find_if(
        pages.begin(), pages.end(), [](const QString& p) { return p.contains(QStringLiteral("Scenarios compared")); });
    ASSERT_NE(page, pages.end()) << "no comparison page";

    // The core's comparison of the same plan: each row's name and best cost (cheapest allowed mode).
    const auto comparison = gp::compareScenarios(*plan, gp::builtinCatalog());
    ASSERT_TRUE(comparison.ok()) << comparison.error().toString();
    ASSERT_EQ(comparison->rows.size(), 4u);
    QStringList costs;
    for (const gp::ScenarioRow& row : comparison->rows) {
        ASSERT_TRUE(row.headline.fits && row.headline.figures.priced) << row.name;
        const QString name = gpui::ScenarioComparisonModel::rowName(row);
        const QString cost = gpui::formatMoney(row.headline.figures.cost, QString::fromStdString(row.answer->currency));
        costs << cost;
        // The table row: the scenario's name first, its cost on the same line.
        const QStringList lines = page->split(QLatin1Char('\n'));
        const auto line
            = std::find_if(lines.begin(), lines.end(), [&](const QString& l) { return l.trimmed().startsWith(name); });
        ASSERT_NE(line, lines.end()) << name.toStdString() << " is not on the comparison page:\n"
                                     << page->toStdString();
        EXPECT_TRUE(line->contains(cost)) << name.toStdString() << ": " << cost.toStdString() << " not in\n"
                                          << line->toStdString();
    }
    // The scenarios differ (8k context costs more than 4k, LoRA less than the full fine-tune): a page that
    // printed one row's figure four times would not pass.
    EXPECT_GT(comparison->rows[1].headline.figures.cost, comparison->rows[0].headline.figures.cost);
    EXPECT_LT(comparison->rows[2].headline.figures.cost, comparison->rows[0].headline.figures.cost);
    EXPECT_EQ(QSet<QString>(costs.begin(), costs.end()).size(), costs.size());

    // A plan without scenarios has no comparison page.
    request.pdfPath = path(QStringLiteral("plain.pdf"));
    ASSERT_TRUE(gpui::exportPlanReport(reportDefaultPlan(), gp::builtinCatalog(), request).ok());
    EXPECT_FALSE(pdfText(request.pdfPath, true).contains(QStringLiteral("Scenarios compared")));
}

TEST_F(ReportExport, UnwritableDestinationFailsAndWritesNothing)
{
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("missing-dir/plan.pdf"));
    request.csvPath = path(QStringLiteral("plan.csv"));
    const auto exported = gpui::exportPlanReport(reportDefaultPlan(), gp::builtinCatalog(), request);
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
    gp::Plan broken = reportDefaultPlan();
    broken.candidates = { gp::CandidateSpec {} };
    broken.candidates[0].instance = "tencent:NO-SUCH-INSTANCE";
    gpui::ExportRequest request;
    request.csvPath = csvPath;
    const auto exported = gpui::exportPlanReport(broken, gp::builtinCatalog(), request);
    ASSERT_FALSE(exported.ok());
    EXPECT_EQ(readFile(csvPath), QByteArray("previous export\r\n"));
}

TEST_F(ReportExport, NothingRequestedIsAnError)
{
    EXPECT_FALSE(gpui::exportPlanReport(reportDefaultPlan(), gp::builtinCatalog(), gpui::ExportRequest {}).ok());
}

TEST_F(ReportExport, CsvWithoutByteOrderMark)
{
    gpui::ExportRequest request;
    request.csvPath = path(QStringLiteral("plain.csv"));
    request.csvByteOrderMark = false;
    ASSERT_TRUE(gpui::exportPlanReport(reportDefaultPlan(), gp::builtinCatalog(), request).ok());
    EXPECT_TRUE(readFile(request.csvPath).startsWith("rank,recommended,"));
}

TEST_F(ReportExport, PrintsToAPdfPrinter)
{
    gpui::installLanguage(QStringLiteral("en"));
    const gp::Plan plan = reportDefaultPlan();
    auto evaluation = std::make_shared<gpui::Evaluation>(gpui::evaluatePlan(plan, gp::builtinCatalog()));
    ASSERT_TRUE(evaluation->ok);
    const auto data = gpui::makeReportData(plan, std::make_shared<const gp::Catalog>(gp::builtinCatalog()), evaluation);
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

TEST_F(ReportExport, ReportListsTheQuotesItsAnswerUsed)
{
    // Issue 44 item 3: a plan answered with a quote from the user's overrides says so in the report, with the
    // figure; without a quote the section is absent.
    gpui::installLanguage(QStringLiteral("en")); // as the window starts: English words and en_US money
    gp::CatalogOverrides overrides;
    gp::PriceSpec quote;
    quote.currency = "CNY";
    quote.onDemandPerHour = 42.5;
    quote.status = "user";
    quote.source = "test quote";
    quote.asOf = "2026-12-06";
    overrides.prices.emplace_back("tencent:GNV7-8GPU", quote);
    const gp::Catalog merged = gp::mergeOverrides(gp::builtinCatalog(), overrides);
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("quoted.pdf"));
    request.language = QStringLiteral("en"); // English words and en_US money, whatever ran before in this process
    const auto exported = gpui::exportPlanReport(reportDefaultPlan(), merged, request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();
    const QString text = pdfText(request.pdfPath, false).simplified();
    EXPECT_TRUE(text.contains(QStringLiteral("Your price quotes")));
    EXPECT_TRUE(text.contains(QStringLiteral("tencent:GNV7-8GPU: ¥42.50 per hour"))) << text.toStdString();

    gpui::ExportRequest plain;
    plain.pdfPath = path(QStringLiteral("plain.pdf"));
    plain.language = QStringLiteral("en");
    ASSERT_TRUE(gpui::exportPlanReport(reportDefaultPlan(), gp::builtinCatalog(), plain).ok());
    EXPECT_FALSE(pdfText(plain.pdfPath, false).contains(QStringLiteral("Your price quotes")));
}

TEST_F(ReportExport, ServingFirstPageNamesTheWeightFormatAndNoEmptyMemoryRatio)
{
    // Issue 44 item 11: the serving PDF's first page did not name the weight format and said "19.8 GiB of
    // 19.8 GiB usable" (the engine's share, which its KV cache always fills).
    auto plan = gp::parsePlan(gp::servingPlanText());
    ASSERT_TRUE(plan.ok()) << plan.error().toString();
    plan->workload.weightFormat = gp::WeightFormat::Fp8;
    gpui::ExportRequest request;
    request.pdfPath = path(QStringLiteral("serving.pdf"));
    const auto exported = gpui::exportPlanReport(*plan, gp::builtinCatalog(), request);
    ASSERT_TRUE(exported.ok()) << exported.error().toString();
    const QString text = pdfText(request.pdfPath, false);
    const QString first = text.section(QChar(0x0c), 0, 0).simplified();
    EXPECT_TRUE(first.contains(QStringLiteral("weights in FP8"))) << first.toStdString();
    const QRegularExpression sameSize(QStringLiteral("([0-9.,]+ GiB) of \\1 usable"));
    EXPECT_FALSE(sameSize.match(first).hasMatch()) << sameSize.match(first).captured(0).toStdString();
}
