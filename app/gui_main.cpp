// The desktop window's entry point: command line, language, then the main window.
#include "file_extensions.h"
#include "main_window.h"
#include "plan_document.h"
#include "settings.h"
#include "translator.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPixmap>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

namespace
{

void printError(const QString& text)
{
    std::fprintf(stderr, "gpu-planner: %s\n", qUtf8Printable(text));
}

} // namespace

int main(int argc, char* argv[])
{
    QApplication::setHighDpiScaleFactorRoundingPolicy(Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("gpu-planner"));
    QApplication::setApplicationName(QStringLiteral("gpu-planner"));
    QApplication::setApplicationDisplayName(QStringLiteral("GPU Planner"));
    QApplication::setApplicationVersion(QStringLiteral(GP_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.gpuplanner.GpuPlanner"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Plan GPU instances, counts, time and cost for LLM training and "
                                                    "inference."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("PLAN"),
        QStringLiteral("Plan file to open (%1).").arg(gpui::dottedExtension(gpui::kPlanExtension)),
        QStringLiteral("[PLAN]"));
    const QCommandLineOption langOption(
        QStringLiteral("lang"), QStringLiteral("User interface language: en, zh_CN."), QStringLiteral("LANG"));
    const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
        QStringLiteral("Render the window once the plan is evaluated, write a PNG, exit."), QStringLiteral("FILE.png"));
    const QCommandLineOption themeOption(
        QStringLiteral("theme"), QStringLiteral("Colours: system, light, dark."), QStringLiteral("THEME"));
    parser.addOption(langOption);
    parser.addOption(themeOption);
    parser.addOption(screenshotOption);
    parser.process(app);

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("expected at most one PLAN, got %1").arg(positional.size()));
        return 2;
    }
    const bool screenshot = parser.isSet(screenshotOption);
    const QString screenshotPath = parser.value(screenshotOption);

    // A screenshot must not read or change the user's session: it uses a settings file of its own.
    QTemporaryDir scratch;
    gpui::Settings* settings = screenshot ? new gpui::Settings(scratch.filePath(QStringLiteral("settings.ini")), &app)
                                          : new gpui::Settings(&app);
    QString language = parser.isSet(langOption) ? parser.value(langOption) : settings->language();
    if (parser.isSet(langOption)) {
        if (!gpui::availableLanguages().contains(language)) {
            printError(QStringLiteral("unknown language \"%1\"; use one of: %2")
                           .arg(language, gpui::availableLanguages().join(QStringLiteral(", "))));
            return 2;
        }
        if (!screenshot)
            settings->setLanguage(language);
    }
    if (!gpui::installLanguage(language) && !language.isEmpty())
        printError(QStringLiteral("no translation for \"%1\"; using English").arg(language));

    if (parser.isSet(themeOption)) {
        const QString theme = parser.value(themeOption);
        if (theme != QLatin1String("system") && theme != QLatin1String("light") && theme != QLatin1String("dark")) {
            printError(QStringLiteral("unknown theme \"%1\"; use system, light or dark").arg(theme));
            return 2;
        }
        settings->setTheme(theme);
    }

    gpui::MainWindowOptions options;
    options.settings = settings;
    if (screenshot) {
        options.restoreSession = false;
        options.offerRecovery = false;
        options.recoveryPath
            = scratch.filePath(QStringLiteral("recovery") + gpui::dottedExtension(gpui::kPlanExtension));
    }
    gpui::MainWindow window(options);
    int exitCode = 0;
    if (screenshot) {
        window.setMessageSink([&](const QString&, const QString& text) {
            printError(text);
            exitCode = 1;
        });
    }
    if (!positional.isEmpty()) {
        if (!window.openPlan(positional.front()) && screenshot)
            return 1;
    }

    if (screenshot) {
        window.resize(1600, 1000);
        QObject::connect(
            &window, &gpui::MainWindow::evaluationApplied, &app,
            [&](gpui::EvaluationPtr evaluation) {
                if (!evaluation->ok) {
                    printError(QString::fromStdString(evaluation->error.toString()));
                    exitCode = 1;
                }
                // One event-loop turn lets the layout settle around the new charts before rendering.
                QTimer::singleShot(0, &app, [&] {
                    window.settleNow();
                    const QImage image = window.grab().toImage();
                    if (!image.save(screenshotPath, "PNG")) {
                        printError(QStringLiteral("cannot write %1").arg(screenshotPath));
                        QApplication::exit(2);
                        return;
                    }
                    QApplication::exit(exitCode);
                });
            },
            Qt::SingleShotConnection);
    }
    window.show();
    return app.exec();
}
