// The window answers an RL plan (workload.mode "rl"): the RL view shows every candidate with its placement, phases
// and memory per phase; its rows edit the plan with undo, and the plan saves and reopens; and the window, the PDF's
// text, the window's CSV and `gpu-planner-cli plan --format json|csv` carry the same figures.
#include "main_window.h"
#include "models/comparison_model.h"
#include "models/rl_candidate_model.h"
#include "number_format.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/rl/rl_view.h"

#include "plan/plan.h"

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace gpui;

namespace
{

QByteArray rlRunCli(const QStringList& arguments, int* exitCode)
{
    QProcess process;
    process.start(QStringLiteral(GP_CLI_PATH), arguments);
    if (!process.waitForFinished(test::kEvaluationWaitMs)) {
        *exitCode = -1;
        return {};
    }
    *exitCode = process.exitCode();
    return process.readAllStandardOutput();
}

QString rlPdfText(const QString& pdfPath)
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    EXPECT_FALSE(pdftotext.isEmpty()) << "pdftotext (poppler-utils) is needed to read the PDF";
    QProcess text;
    text.start(pdftotext, { pdfPath, QStringLiteral("-") });
    text.waitForFinished(test::kEvaluationWaitMs);
    // pdftotext breaks lines where the layout wraps them: compare words, not lines.
    return QString::fromUtf8(text.readAllStandardOutput()).simplified();
}

gp::Plan rlExamplePlan()
{
    auto plan = gp::parsePlan(gp::rlPlanText());
    EXPECT_TRUE(plan.ok());
    return plan.ok() ? *plan : gp::Plan {};
}

class RlWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        installLanguage(QStringLiteral("en"));
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = std::make_unique<MainWindow>(test::isolatedWindowOptions(m_dir, m_settings.get()));
        m_window->setMessageSink([](const QString&, const QString&) {});
    }

    EvaluationPtr open(const gp::Plan& plan, const QString& name)
    {
        m_path = test::writeFile(m_dir, name, QByteArray::fromStdString(gp::serializePlan(plan)));
        if (!m_window->openPlan(m_path))
            return nullptr;
        return test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    }

    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace

// The example GRPO plan: the RL view, not the training charts, answers it; every candidate is a row, the
// recommendation's phases are the phase table's rows and its memory per phase is charted.
TEST_F(RlWindow, ShowsPlacementPhasesAndMemoryPerCandidate)
{
    EvaluationPtr e = open(rlExamplePlan(), QStringLiteral("rl.gpuplan"));
    ASSERT_TRUE(e && e->ok && e->rl) << (e ? e->error.toString() : std::string("no evaluation"));
    RlView* view = m_window->rlView();
    EXPECT_TRUE(view->isVisibleTo(m_window.get()));
    const gp::RlAnswer& answer = *e->rl;
    ASSERT_EQ(view->candidateModel()->rowCount(), int(answer.candidates.size()));
    ASSERT_TRUE(answer.recommended);
    const gp::RlCandidateAnswer& best = answer.candidates.front();
    RlCandidateModel* model = view->candidateModel();
    EXPECT_EQ(model->data(model->index(0, RlCandidateModel::Candidate)).toString().toStdString(), best.candidate);
    EXPECT_DOUBLE_EQ(model->data(model->index(0, RlCandidateModel::StepSeconds), RlCandidateModel::SortRole).toDouble(),
        best.best.step.stepSeconds);
    EXPECT_EQ(view->phaseTable()->rowCount(), int(best.best.step.phases.size()));
    EXPECT_TRUE(view->recommendationText().contains(QString::fromStdString(best.candidate)));
    EXPECT_TRUE(view->recommendationText().contains(formatSeconds(best.best.step.stepSeconds)));
    // A candidate that loses says why: its ratio against the recommendation.
    for (int row = 1; row < model->rowCount(); ++row)
        EXPECT_FALSE(model->data(model->index(row, RlCandidateModel::WhyNot)).toString().isEmpty()) << row;
    // Selecting another candidate shows its phases.
    for (int row = 1; row < model->rowCount(); ++row)
        if (answer.candidates[std::size_t(row)].fits) {
            view->candidateTable()->selectRow(row);
            EXPECT_EQ(view->phaseTable()->rowCount(), int(answer.candidates[std::size_t(row)].best.step.phases.size()));
            break;
        }
}

// An RL row edits the plan (one undo step), the answer follows, undo restores both, and the plan saves and reopens
// with the edit.
TEST_F(RlWindow, RowsEditWithUndoAndThePlanSavesAndReopens)
{
    EvaluationPtr e = open(rlExamplePlan(), QStringLiteral("edit.gpuplan"));
    ASSERT_TRUE(e && e->ok && e->rl);
    EXPECT_DOUBLE_EQ(e->rl->trainedSamplesPerStep, 128.0 * 8);
    auto* prompts
        = qobject_cast<QLineEdit*>(m_window->rlView()->fieldInput(QStringLiteral("workload.rl.prompts_per_step")));
    ASSERT_NE(prompts, nullptr);
    prompts->setText(QStringLiteral("64"));
    emit prompts->editingFinished();
    EXPECT_EQ(m_window->document()->plan().workload.rl.promptsPerStep, 64);
    e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok && e->rl);
    EXPECT_DOUBLE_EQ(e->rl->trainedSamplesPerStep, 64.0 * 8);
    // A value the plan refuses names the field and changes nothing.
    auto* mean
        = qobject_cast<QLineEdit*>(m_window->rlView()->fieldInput(QStringLiteral("workload.rl.response_tokens_mean")));
    ASSERT_NE(mean, nullptr);
    mean->setText(QStringLiteral("9000"));
    emit mean->editingFinished();
    EXPECT_TRUE(m_window->rlView()->fieldError().contains(QStringLiteral("response_tokens_mean")))
        << m_window->rlView()->fieldError().toStdString();
    EXPECT_EQ(m_window->document()->plan().workload.rl.responseTokensMean, 1500);

    const QString saved = m_dir.filePath(QStringLiteral("saved.gpuplan"));
    ASSERT_TRUE(m_window->savePlan(saved));
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->plan().workload.rl.promptsPerStep, 128);
    e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok && e->rl);
    EXPECT_DOUBLE_EQ(e->rl->trainedSamplesPerStep, 128.0 * 8);
    ASSERT_TRUE(m_window->openPlan(saved));
    EXPECT_EQ(m_window->document()->plan().workload.rl.promptsPerStep, 64);
    EXPECT_EQ(m_window->document()->plan().workload.mode, gp::Mode::Rl);
}

// One answer: the window's figures, the CLI's JSON (`plan --format json`), the CLI's CSV against the window's CSV
// export, and the PDF's text (English and Chinese) for the example plan with its five candidates and with one.
TEST_F(RlWindow, WindowPdfCsvAndCliAgree)
{
    for (int candidates : { 5, 1 }) {
        SCOPED_TRACE(candidates);
        gp::Plan plan = rlExamplePlan();
        plan.candidates.resize(std::size_t(candidates));
        const QString name = QStringLiteral("agree%1").arg(candidates);
        EvaluationPtr e = open(plan, name + QStringLiteral(".gpuplan"));
        ASSERT_TRUE(e && e->ok && e->rl);
        const gp::RlAnswer& answer = *e->rl;
        int code = -1;
        const QByteArray out
            = rlRunCli({ QStringLiteral("plan"), m_path, QStringLiteral("--format"), QStringLiteral("json") }, &code);
        ASSERT_EQ(code, 0);
        const auto json = nlohmann::json::parse(out.toStdString());
        ASSERT_EQ(json["candidates"].size(), answer.candidates.size());
        for (std::size_t i = 0; i < answer.candidates.size(); ++i) {
            const gp::RlCandidateAnswer& c = answer.candidates[i];
            const nlohmann::json& j = json["candidates"][i];
            EXPECT_EQ(j["candidate"].get<std::string>(), c.candidate) << i;
            if (!c.fits)
                continue;
            EXPECT_NEAR(j["step_seconds"].get<double>(), c.best.step.stepSeconds, 1e-9 * c.best.step.stepSeconds) << i;
            EXPECT_NEAR(j["hours"].get<double>(), c.best.hours, 1e-9 * c.best.hours) << i;
            if (c.best.cost) {
                EXPECT_NEAR(j["cost"].get<double>(), *c.best.cost, 1e-9 * *c.best.cost) << i;
            }
            EXPECT_EQ(j["layout"]["rollout_gpus"].get<int>(), c.best.step.layout.rolloutGpus) << i;
            EXPECT_EQ(j["phases"].size(), c.best.step.phases.size()) << i;
        }

        // The window's CSV export is the CLI's CSV (after the byte-order mark the window writes for spreadsheets).
        const QString csvPath = m_dir.filePath(name + QStringLiteral(".csv"));
        ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportCsv(csvPath); }));
        QByteArray windowCsv = test::readFileBytes(csvPath);
        if (windowCsv.startsWith("\xEF\xBB\xBF"))
            windowCsv = windowCsv.mid(3);
        const QByteArray cliCsv
            = rlRunCli({ QStringLiteral("plan"), m_path, QStringLiteral("--format"), QStringLiteral("csv") }, &code);
        EXPECT_EQ(code, 0);
        EXPECT_EQ(windowCsv.toStdString(), cliCsv.toStdString());

        // The PDF names the recommendation with the window's figures, in both languages.
        const gp::RlCandidateAnswer& best = answer.candidates.front();
        for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
            installLanguage(language);
            const QString pdfPath = m_dir.filePath(name + QLatin1Char('-') + language + QStringLiteral(".pdf"));
            ASSERT_TRUE(test::finishJob(*m_window, [&] { return m_window->exportPdf(pdfPath); }));
            const QString text = rlPdfText(pdfPath);
            EXPECT_TRUE(text.contains(QString::fromStdString(best.candidate))) << language.toStdString();
            EXPECT_TRUE(text.contains(formatSeconds(best.best.step.stepSeconds))) << language.toStdString();
            EXPECT_TRUE(text.contains(formatHours(best.best.hours))) << language.toStdString();
            if (best.best.cost) {
                EXPECT_TRUE(text.contains(formatMoney(*best.best.cost, QString::fromStdString(answer.currency))))
                    << language.toStdString() << "\n"
                    << text.left(2000).toStdString();
            }
            EXPECT_EQ(text.contains(QStringLiteral("推荐")), language == QLatin1String("zh_CN"));
        }
        installLanguage(QStringLiteral("en"));
    }
}

// The inputs' mode combo offers RL post-training: picking it on a training plan turns the window's answer into the
// RL view (one undo step), and undo brings the training answer back.
TEST_F(RlWindow, TheModeComboOffersRlAndUndoReturnsToTraining)
{
    // The RL example's model and candidates, asked as a training plan (the default plan's Llama 2 7B has a 4k context,
    // shorter than the RL defaults' prompt and longest response: the window names workload.rl.response_tokens_max).
    gp::Plan training = rlExamplePlan();
    training.workload.mode = gp::Mode::Training;
    EvaluationPtr e = open(training, QStringLiteral("training.gpuplan"));
    ASSERT_TRUE(e && e->ok);
    EXPECT_FALSE(e->rl);
    QComboBox* mode = nullptr;
    for (QComboBox* box : m_window->findChildren<QComboBox*>())
        if (box->property("planField").toString() == QLatin1String("workload.mode"))
            mode = box;
    ASSERT_NE(mode, nullptr);
    const int rl = mode->findData(int(gp::Mode::Rl));
    ASSERT_GE(rl, 0) << "the mode combo does not offer RL";
    mode->setCurrentIndex(rl);
    emit mode->activated(rl);
    EXPECT_EQ(m_window->document()->plan().workload.mode, gp::Mode::Rl);
    e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok && e->rl) << (e ? e->error.toString() : std::string("no evaluation"));
    EXPECT_TRUE(m_window->rlView()->isVisibleTo(m_window.get()));
    m_window->document()->undoStack()->undo();
    EXPECT_EQ(m_window->document()->plan().workload.mode, gp::Mode::Training);
    e = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(e && e->ok);
    EXPECT_FALSE(e->rl);
    EXPECT_FALSE(m_window->rlView()->isVisibleTo(m_window.get()));
}
