// File > Export / Print in the window: the report files it writes, their default names, and errors that name the file.
#include "catalog_store.h"
#include "job_runner.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "plan_document.h"
#include "settings.h"
#include "ui_test_support.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;

namespace
{

class WindowExport : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        const MainWindowOptions options = test::isolatedWindowOptions(m_dir, m_settings.get());
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageSink([this](const QString&, const QString& text) { m_messages << text; });
        m_window->setSaveFileChooser([this](const QString&, const QString& suggested, const QString&) {
            m_suggested << suggested;
            return m_chosen;
        });
        QSignalSpy applied(m_window.get(), &MainWindow::evaluationApplied);
        ASSERT_TRUE(m_window->comparisonModel()->evaluation() || applied.wait(test::kEvaluationWaitMs));
        ASSERT_TRUE(m_window->canExport());
    }

    QAction* fileAction(const QString& text) const
    {
        for (QAction* menu : m_window->menuBar()->actions())
            if (menu->menu())
                for (QAction* a : menu->menu()->actions())
                    if (a->text() == text)
                        return a;
        return nullptr;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
    QStringList m_suggested;
    QString m_chosen;
};

} // namespace

TEST_F(WindowExport, PdfHasTheHeaderAndSeveralPages)
{
    const QString path = m_dir.filePath(QStringLiteral("report.pdf"));
    ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportPdf(path); }))
        << m_messages.join(QLatin1Char('\n')).toStdString();
    const QByteArray pdf = test::readFileBytes(path);
    EXPECT_TRUE(pdf.startsWith("%PDF-"));
    // Summary, table and three charts do not fit one A4 page.
    EXPECT_GE(test::countPdfPages(pdf), 2);
    EXPECT_TRUE(m_messages.isEmpty());
    // The directory is remembered for the next export.
    EXPECT_EQ(m_settings->value(Settings::Key::ExportDirectory).toString(), QFileInfo(path).absolutePath());
}

TEST_F(WindowExport, CsvHasOneRecordPerCandidateAfterTheHeader)
{
    const QString path = m_dir.filePath(QStringLiteral("results.csv"));
    ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportCsv(path); }))
        << m_messages.join(QLatin1Char('\n')).toStdString();
    const QByteArray csv = test::readFileBytes(path);
    const int candidates = int(m_window->evaluator()->latest()->results.size());
    ASSERT_GT(candidates, 0);
    EXPECT_EQ(m_window->comparisonModel()->rowCount(), candidates);
    // No field holds a line break, so records are CRLF-terminated lines: the header plus one per candidate.
    EXPECT_EQ(int(csv.count("\r\n")), 1 + candidates);

    const QString curve = m_dir.filePath(QStringLiteral("curve.csv"));
    ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportCostCurveCsv(curve); }));
    EXPECT_GT(int(test::readFileBytes(curve).count("\r\n")), 1);
}

TEST_F(WindowExport, UnwritablePathShowsAnErrorNamingTheFileAndWritesNothing)
{
    // A regular file where a directory should be: not writable even for root.
    QFile blocker(m_dir.filePath(QStringLiteral("not-a-dir")));
    ASSERT_TRUE(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QString pdf = m_dir.filePath(QStringLiteral("not-a-dir/report.pdf"));
    const QString csv = m_dir.filePath(QStringLiteral("not-a-dir/results.csv"));
    EXPECT_FALSE(test::finishJob(*m_window, [&] { return m_window->exportPdf(pdf); }));
    EXPECT_FALSE(test::finishJob(*m_window, [&] { return m_window->exportCsv(csv); }));
    ASSERT_EQ(m_messages.size(), 2);
    EXPECT_TRUE(m_messages[0].contains(QStringLiteral("report.pdf"))) << m_messages[0].toStdString();
    EXPECT_TRUE(m_messages[1].contains(QStringLiteral("results.csv"))) << m_messages[1].toStdString();
    EXPECT_FALSE(QFileInfo::exists(pdf));
    EXPECT_FALSE(QFileInfo::exists(csv));
    EXPECT_TRUE(m_settings->value(Settings::Key::ExportDirectory).toString().isEmpty());
}

TEST_F(WindowExport, DialogSuggestsThePlanTitleInTheLastExportDirectory)
{
    gp::Plan plan = m_window->document()->plan();
    plan.title = "Llama 70B: fine-tune / March";
    m_window->document()->change(plan, QStringLiteral("title"));
    QDir(m_dir.path()).mkpath(QStringLiteral("exports"));
    const QString exports = m_dir.filePath(QStringLiteral("exports"));
    m_settings->setValue(Settings::Key::ExportDirectory, exports);

    m_chosen = exports + QStringLiteral("/chosen"); // no suffix: the export adds ".pdf"
    ASSERT_TRUE(test::finishJob(*m_window, [&] {
        m_window->exportPdfAs();
        return m_window->jobs()->isRunning();
    }));
    ASSERT_EQ(m_suggested.size(), 1);
    EXPECT_EQ(m_suggested[0], exports + QStringLiteral("/Llama 70B- fine-tune - March.pdf"));
    EXPECT_TRUE(test::readFileBytes(exports + QStringLiteral("/chosen.pdf")).startsWith("%PDF-"));

    m_chosen.clear(); // cancelled: nothing written, no message
    m_window->exportCostCurveCsvAs();
    ASSERT_EQ(m_suggested.size(), 2);
    EXPECT_TRUE(m_suggested[1].endsWith(QStringLiteral("-cost-curve.csv")));
    EXPECT_TRUE(m_messages.isEmpty());
}

TEST_F(WindowExport, ActionsAreDisabledWhileThereIsNoResult)
{
    QAction* pdf = fileAction(QStringLiteral("Export &PDF Report…"));
    ASSERT_NE(pdf, nullptr);
    EXPECT_TRUE(pdf->isEnabled());
    EXPECT_EQ(pdf->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));

    gp::Plan plan = m_window->document()->plan();
    plan.model = gp::ModelSpec {};
    plan.model.preset = "no-such-model"; // the evaluation fails and names the field: no result to report
    QSignalSpy applied(m_window.get(), &MainWindow::evaluationApplied);
    m_window->document()->change(plan, QStringLiteral("bad"));
    ASSERT_TRUE(applied.wait(test::kEvaluationWaitMs));
    while (m_window->evaluator()->isBusy() && applied.wait(test::kEvaluationWaitMs)) { }
    EXPECT_FALSE(m_window->canExport());
    EXPECT_FALSE(pdf->isEnabled());
    const QString path = m_dir.filePath(QStringLiteral("none.csv"));
    EXPECT_FALSE(test::finishJob(*m_window, [&] { return m_window->exportCsv(path); }));
    EXPECT_FALSE(QFileInfo::exists(path));
    EXPECT_EQ(m_messages.size(), 1);
}

TEST_F(WindowExport, SavedPlanRecordsTheQuotesItsAnswerUsed)
{
    // Issue 44 item 3: a quote in Edit Price lives in the overrides, outside the plan. The plan the window saves
    // records it (answered_with), so `gpu-planner-cli plan` can say it answers without it.
    gp::PriceSpec quote;
    quote.currency = "CNY";
    quote.onDemandPerHour = 42.5;
    quote.source = "test quote";
    quote.asOf = "2026-12-06";
    ASSERT_TRUE(m_window->catalogStore()->setPrice("tencent:GNV7-8GPU", quote));
    const QString path = m_dir.filePath(QStringLiteral("quoted.gpuplan"));
    ASSERT_TRUE(m_window->savePlan(path));
    auto saved = gp::parsePlan(test::readFileBytes(path).toStdString());
    ASSERT_TRUE(saved.ok()) << saved.error().toString();
    ASSERT_EQ(saved->answeredWith.size(), 1u);
    EXPECT_EQ(saved->answeredWith.front().instance, "tencent:GNV7-8GPU");
    EXPECT_EQ(saved->answeredWith.front().status, "user");
    EXPECT_EQ(saved->answeredWith.front().onDemandPerHour, 42.5);
    EXPECT_FALSE(saved->answeredWith.front().monthly.has_value()) << "the quote gave no monthly price";

    // Back at the catalog's price: the next save records no quote.
    ASSERT_TRUE(m_window->catalogStore()->clearPrice("tencent:GNV7-8GPU"));
    ASSERT_TRUE(m_window->savePlan(path));
    const QByteArray again = test::readFileBytes(path);
    EXPECT_FALSE(again.contains("answered_with")) << again.toStdString();
}

TEST_F(WindowExport, FirstExportDialogOpensInThePlansFolder)
{
    // Issue 44 item 11: the first export dialog opened in $HOME, not beside the plan.
    QDir(m_dir.path()).mkpath(QStringLiteral("plans"));
    const QString plans = m_dir.filePath(QStringLiteral("plans"));
    m_settings->setValue(Settings::Key::LastDirectory, m_dir.path());
    ASSERT_TRUE(m_window->savePlan(plans + QStringLiteral("/budget.gpuplan")));
    ASSERT_TRUE(m_settings->value(Settings::Key::ExportDirectory).toString().isEmpty());
    m_chosen.clear();
    m_window->exportPdfAs();
    ASSERT_EQ(m_suggested.size(), 1);
    EXPECT_EQ(QFileInfo(m_suggested[0]).absolutePath(), plans) << m_suggested[0].toStdString();
}
