// Settings round-trip through a temporary INI file; defaults; recent files.
#include "settings.h"

#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpui;

TEST(Settings, DefaultsComeFromTheKeyTable)
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    EXPECT_EQ(settings.theme(), QStringLiteral("system"));
    EXPECT_TRUE(settings.language().isEmpty());
    EXPECT_TRUE(settings.recentFiles().isEmpty());
    EXPECT_EQ(settings.autosaveSeconds(), Settings::defaultValue(Settings::Key::AutosaveSeconds).toInt());
}

TEST(Settings, ValuesSurviveANewInstance)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("s.ini"));
    const QByteArray state("\x01\x02\x00\x03", 4);
    {
        Settings settings(file);
        QSignalSpy changed(&settings, &Settings::changed);
        settings.setLanguage(QStringLiteral("zh_CN"));
        settings.setTheme(QStringLiteral("dark"));
        settings.setValue(Settings::Key::WindowState, state);
        settings.setValue(Settings::Key::HiddenColumns, QStringList { QStringLiteral("mfu") });
        settings.addRecentFile(dir.filePath(QStringLiteral("a.gpuplan")));
        EXPECT_EQ(changed.count(), 5);
        settings.setTheme(QStringLiteral("dark")); // unchanged: no signal
        EXPECT_EQ(changed.count(), 5);
        settings.sync();
    }
    Settings reread(file);
    EXPECT_EQ(reread.language(), QStringLiteral("zh_CN"));
    EXPECT_EQ(reread.theme(), QStringLiteral("dark"));
    EXPECT_EQ(reread.value(Settings::Key::WindowState).toByteArray(), state);
    EXPECT_EQ(reread.hiddenColumns(), QStringList { QStringLiteral("mfu") });
    EXPECT_EQ(reread.recentFiles(), QStringList { dir.filePath(QStringLiteral("a.gpuplan")) });
}

TEST(Settings, RecentFilesAreNewestFirstUniqueAndBounded)
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    for (int i = 0; i < Settings::MaxRecentFiles + 3; ++i)
        settings.addRecentFile(dir.filePath(QStringLiteral("p%1.gpuplan").arg(i)));
    settings.addRecentFile(dir.filePath(QStringLiteral("p5.gpuplan")));
    const QStringList files = settings.recentFiles();
    EXPECT_EQ(files.size(), Settings::MaxRecentFiles);
    EXPECT_EQ(files.front(), dir.filePath(QStringLiteral("p5.gpuplan")));
    EXPECT_EQ(files.count(dir.filePath(QStringLiteral("p5.gpuplan"))), 1);
    EXPECT_FALSE(files.contains(dir.filePath(QStringLiteral("p0.gpuplan")))); // the oldest fell off
}

TEST(Settings, ResetRestoresTheDefault)
{
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    settings.setTheme(QStringLiteral("light"));
    settings.reset(Settings::Key::Theme);
    EXPECT_EQ(settings.theme(), QStringLiteral("system"));
}

TEST(Settings, AutosaveIntervalStaysWithinADay)
{
    // 2,147,484 s is the first value whose milliseconds overflow an int (2^31 / 1000, rounded up).
    QTemporaryDir dir;
    Settings settings(dir.filePath(QStringLiteral("s.ini")));
    settings.setValue(Settings::Key::AutosaveSeconds, 2147484);
    EXPECT_EQ(settings.autosaveSeconds(), Settings::MaxAutosaveSeconds);
    EXPECT_LE(qint64(settings.autosaveSeconds()) * 1000, qint64(INT_MAX));
    settings.setValue(Settings::Key::AutosaveSeconds, QStringLiteral("99999999999999999999"));
    EXPECT_EQ(settings.autosaveSeconds(), Settings::MaxAutosaveSeconds);
    settings.setValue(Settings::Key::AutosaveSeconds, QStringLiteral("often"));
    EXPECT_EQ(settings.autosaveSeconds(), Settings::defaultValue(Settings::Key::AutosaveSeconds).toInt());
    settings.setValue(Settings::Key::AutosaveSeconds, 30);
    EXPECT_EQ(settings.autosaveSeconds(), 30);
    settings.setValue(Settings::Key::AutosaveSeconds, -7);
    EXPECT_EQ(settings.autosaveSeconds(), 1);
}
