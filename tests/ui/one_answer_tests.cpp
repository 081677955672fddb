// One answer everywhere: for six kinds of plan, the window's recommendation, `gpu-planner-cli plan`'s first
// result, the first row of `gpu-planner-cli export --csv` and the PDF's recommendation name the same candidate,
// and the headline names its billing mode (only the modes the plan allows).
#include "main_window.h"
#include "models/comparison_model.h"
#include "settings.h"
#include "ui_test_support.h"

#include "plan/plan.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;

namespace
{

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliRun runCli(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(GP_CLI_PATH), arguments);
    CliRun run;
    if (!process.waitForFinished(test::kEvaluationWaitMs))
        return run;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QString writePlan(const QTemporaryDir& dir, const QString& name, const gp::Plan& plan)
{
    return test::writeFile(dir, name, QByteArray::fromStdString(gp::serializePlan(plan)));
}

// The candidate id in the first data row of a CSV whose header has a "candidate" column.
std::string firstCsvCandidate(const QByteArray& csv)
{
    QList<QByteArray> lines = csv.split('\n');
    if (lines.size() < 2)
        return {};
    QByteArray header = lines[0].trimmed();
    if (header.startsWith("\xEF\xBB\xBF"))
        header = header.mid(3);
    const QList<QByteArray> names = header.split(',');
    const QList<QByteArray> first = lines[1].trimmed().split(',');
    for (int i = 0; i < names.size() && i < first.size(); ++i)
        if (names[i] == "candidate")
            return first[i].toStdString();
    return {};
}

class OneAnswer : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        const MainWindowOptions options = test::isolatedWindowOptions(m_dir, m_settings.get());
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageSink([](const QString&, const QString&) {});
    }

    // The window's answer once it shows the evaluation of the plan at `path`.
    EvaluationPtr windowAnswer(const QString& path)
    {
        QSignalSpy spy(m_window.get(), &MainWindow::evaluationApplied);
        if (!m_window->openPlan(path))
            return nullptr;
        for (int i = 0; i < 8; ++i) {
            EvaluationPtr latest = m_window->comparisonModel()->evaluation();
            if (latest && latest->generation == m_window->evaluator()->generation() && !m_window->evaluator()->isBusy())
                return latest;
            if (!spy.wait(test::kEvaluationWaitMs))
                return nullptr;
        }
        return nullptr;
    }

    // Checks the four front ends agree on the plan's first candidate; returns the window's evaluation.
    EvaluationPtr expectOneAnswer(const gp::Plan& plan, const QString& name)
    {
        const QString path = writePlan(m_dir, name + QStringLiteral(".gpuplan"), plan);
        EvaluationPtr window = windowAnswer(path);
        EXPECT_TRUE(window && window->ok) << name.toStdString();
        if (!window || !window->ok || window->results.empty())
            return window;
        const std::string windowFirst = window->results.front().candidate;

        const CliRun planRun
            = runCli({ QStringLiteral("plan"), path, QStringLiteral("--format"), QStringLiteral("json") });
        EXPECT_EQ(planRun.exitCode, 0) << planRun.err.toStdString();
        // Read with Qt's parser (built optimised): `plan` of every catalog instance writes 1.3 MB of JSON, and this
        // suite builds nlohmann's templates at -O0 (and instruments them in the sanitizer build).
        QJsonParseError error;
        const QJsonObject json = QJsonDocument::fromJson(planRun.out, &error).object();
        EXPECT_EQ(error.error, QJsonParseError::NoError)
            << name.toStdString() << ": " << error.errorString().toStdString();
        if (error.error != QJsonParseError::NoError)
            return window;
        const QJsonArray results = json[QStringLiteral("results")].toArray();
        auto candidateOf
            = [](const QJsonValue& row) { return row[QStringLiteral("candidate")].toString().toStdString(); };
        EXPECT_FALSE(results.isEmpty()) << name.toStdString();
        if (results.isEmpty())
            return window;
        EXPECT_EQ(candidateOf(results.first()), windowFirst) << name.toStdString();
        EXPECT_EQ(std::size_t(results.size()), window->results.size()) << name.toStdString();
        // Same order all the way down, not only the first.
        for (std::size_t i = 0; i < window->results.size() && i < std::size_t(results.size()); ++i)
            EXPECT_EQ(candidateOf(results[qsizetype(i)]), window->results[i].candidate)
                << name.toStdString() << " rank " << i + 1;
        const QJsonValue recommendation = json[QStringLiteral("recommendation")];
        if (window->best >= 0) {
            EXPECT_EQ(candidateOf(recommendation), windowFirst) << name.toStdString();
            // The headline names its billing mode, one the plan allows.
            const QJsonValue billingMode = recommendation[QStringLiteral("billing_mode")];
            const std::string mode = billingMode.isString() ? billingMode.toString().toStdString() : std::string();
            const std::optional<gp::BillingMode> known = gp::billingModeFromCode(mode);
            EXPECT_TRUE(known && plan.billing.allows(*known)) << name.toStdString() << ": mode '" << mode << "'";
            EXPECT_EQ(headlineMode(*window, 0), known) << name.toStdString();
        } else {
            EXPECT_TRUE(recommendation.isNull()) << name.toStdString();
        }

        const QString csvPath = m_dir.filePath(name + QStringLiteral(".csv"));
        const QString pdfPath = m_dir.filePath(name + QStringLiteral(".pdf"));
        const CliRun exportRun = runCli(
            { QStringLiteral("export"), path, QStringLiteral("--csv"), csvPath, QStringLiteral("--pdf"), pdfPath });
        EXPECT_EQ(exportRun.exitCode, 0) << exportRun.err.toStdString();
        QFile csv(csvPath);
        EXPECT_TRUE(csv.open(QIODevice::ReadOnly)) << name.toStdString();
        EXPECT_EQ(firstCsvCandidate(csv.readAll()), windowFirst) << name.toStdString();

        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        EXPECT_FALSE(pdftotext.isEmpty()) << "pdftotext (poppler-utils) is needed to read the PDF";
        if (!pdftotext.isEmpty()) {
            QProcess text;
            text.start(pdftotext, { QStringLiteral("-layout"), pdfPath, QStringLiteral("-") });
            EXPECT_TRUE(text.waitForFinished(test::kEvaluationWaitMs));
            const QString pdf = QString::fromUtf8(text.readAllStandardOutput());
            const int heading = pdf.indexOf(QStringLiteral("Recommendation"));
            EXPECT_GE(heading, 0) << name.toStdString();
            if (window->best >= 0) {
                // The first candidate named after the heading is the recommendation.
                const QString after = pdf.mid(heading, 600);
                EXPECT_TRUE(after.contains(QString::fromStdString(windowFirst)))
                    << name.toStdString() << ": " << after.toStdString();
            }
        }
        return window;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

TEST_F(OneAnswer, DefaultPlan)
{
    EvaluationPtr e = expectOneAnswer(defaultPlan(), QStringLiteral("default"));
    ASSERT_TRUE(e);
    EXPECT_GE(e->best, 0);
}

TEST_F(OneAnswer, EveryCatalogInstance)
{
    gp::Plan plan = defaultPlan();
    plan.candidates.clear(); // every catalog instance
    EvaluationPtr e = expectOneAnswer(plan, QStringLiteral("every-instance"));
    ASSERT_TRUE(e);
    EXPECT_GT(e->results.size(), 50u);
}

TEST_F(OneAnswer, InferencePlan)
{
    gp::Plan plan = defaultPlan();
    plan.workload.mode = gp::Mode::Inference;
    plan.workload.inference.batchSize = 16;
    EvaluationPtr e = expectOneAnswer(plan, QStringLiteral("inference"));
    ASSERT_TRUE(e);
    EXPECT_GE(e->best, 0);
}

TEST_F(OneAnswer, SeventyBillionMultiNode)
{
    gp::Plan plan = defaultPlan();
    plan.model = {};
    plan.model.preset = "llama-2-70b";
    plan.workload.technique = gp::Technique::Full;
    for (auto& c : plan.candidates)
        c.nodes.reset(); // "auto": the planner chooses the node count
    plan.search.maxNodes = 16;
    EvaluationPtr e = expectOneAnswer(plan, QStringLiteral("70b"));
    ASSERT_TRUE(e);
    ASSERT_GE(e->best, 0);
    EXPECT_GT(e->results[std::size_t(e->best)].nodes, 1);
}

TEST_F(OneAnswer, DeadlineObjective)
{
    gp::Plan plan = defaultPlan();
    plan.search.objective = gp::SearchObjective::CostUnderDeadline;
    plan.search.deadlineHours = 12;
    expectOneAnswer(plan, QStringLiteral("deadline"));
}

TEST_F(OneAnswer, BudgetObjective)
{
    gp::Plan plan = defaultPlan();
    plan.search.objective = gp::SearchObjective::TimeUnderBudget;
    plan.search.budget = 5000;
    expectOneAnswer(plan, QStringLiteral("budget"));
}

} // namespace
