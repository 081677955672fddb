// The gpu-planner executable: --screenshot renders the evaluated window; a broken plan exits non-zero.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>

namespace
{

QProcess* runGui(const QStringList& arguments)
{
    auto* process = new QProcess;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process->setProcessEnvironment(env);
    process->start(QStringLiteral(GP_GUI_PATH), arguments);
    process->waitForFinished(120000);
    return process;
}

} // namespace

TEST(GuiMain, ScreenshotOfTheDefaultPlanIsAtLeast1280x800)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("window.png"));
    std::unique_ptr<QProcess> gui(runGui({ QStringLiteral("--screenshot"), png }));
    ASSERT_EQ(gui->exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(gui->exitCode(), 0) << gui->readAllStandardError().toStdString();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_GE(image.width(), 1280);
    EXPECT_GE(image.height(), 800);
}

TEST(GuiMain, BrokenPlanExitsNonZeroNamingTheField)
{
    QTemporaryDir dir;
    const QString plan = dir.filePath(QStringLiteral("broken.gpuplan"));
    {
        QFile file(plan);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
                       "workload": {"micro_batch_size": 0}})");
    }
    std::unique_ptr<QProcess> gui(
        runGui({ plan, QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png")) }));
    EXPECT_NE(gui->exitCode(), 0);
    EXPECT_TRUE(gui->readAllStandardError().contains("workload.micro_batch_size"));
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("x.png"))));
}

TEST(GuiMain, UnknownLanguageIsAUsageError)
{
    std::unique_ptr<QProcess> gui(runGui({ QStringLiteral("--lang"), QStringLiteral("tlh") }));
    EXPECT_EQ(gui->exitCode(), 2);
}
