// gpu-planner-cli: thin main over gp::runCli; `export` renders the Qt report headlessly.
#include "base/terminal_text.h"
#include "cli/cli.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include <unistd.h>

#ifdef GP_HAVE_REPORT
#include "report/report_export.h"
#include "translator.h"

#include <QApplication>
#include <QString>
#include <QtGlobal>

namespace
{

gp::Expected<bool> exportWithQt(const gp::Plan& plan, const gp::Catalog& catalog, const gp::ExportArguments& args)
{
    // The report draws charts with Qt Widgets; without a display, render offscreen.
    if (!std::getenv("QT_QPA_PLATFORM") && !std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    // Standard error carries the tool's own one-line errors only: Qt's notices (XDG_RUNTIME_DIR, fonts) are dropped.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& message) {
        if (type == QtCriticalMsg || type == QtFatalMsg)
            std::cerr << "gpu-planner-cli: " << message.toStdString() << '\n';
    });
    static int argc = 1;
    static char name[] = "gpu-planner-cli";
    static char* argv[] = { name, nullptr };
    static QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("gpu-planner"));
    QApplication::setApplicationName(QStringLiteral("gpu-planner"));
    gpui::installLanguage(QString::fromStdString(args.language));
    gpui::ExportRequest request;
    request.pdfPath = QString::fromStdString(args.pdfPath);
    request.csvPath = QString::fromStdString(args.csvPath);
    request.costCurveCsvPath = QString::fromStdString(args.costCsvPath);
    request.language = QString::fromStdString(args.language);
    request.csvByteOrderMark = args.csvByteOrderMark;
    return gpui::exportPlanReport(plan, catalog, request);
}

} // namespace
#endif

namespace
{

// Last resort for an exception no handler caught (one thrown on a worker thread, or while unwinding): the tool
// says what happened and exits 1 instead of aborting with a core dump. runCli itself catches std::bad_alloc.
[[noreturn]] void onTerminate()
{
    const char* message = "gpu-planner-cli: internal error\n";
    if (std::exception_ptr current = std::current_exception()) {
        try {
            std::rethrow_exception(current);
        } catch (const std::bad_alloc&) {
            message = "gpu-planner-cli: out of memory\n";
        } catch (...) {
        }
    }
    std::fputs(message, stderr);
    std::_Exit(1);
}

} // namespace

int main(int argc, char** argv)
{
    std::set_terminate(onTerminate);
    std::vector<std::string> args(argv + 1, argv + argc);
    // A title, label or imported id from a file someone sent is shown, never obeyed, by the terminal: control
    // characters are escaped on standard error (human text only) and on standard output when it is a terminal (a
    // file or pipe gets the exact bytes of the JSON or CSV).
    std::streambuf* const errTarget = std::cerr.rdbuf();
    std::streambuf* const outTarget = std::cout.rdbuf();
    gp::TerminalEscapingBuffer escapedErr(errTarget);
    gp::TerminalEscapingBuffer escapedOut(outTarget);
    std::cerr.rdbuf(&escapedErr);
    if (::isatty(STDOUT_FILENO))
        std::cout.rdbuf(&escapedOut);
#ifdef GP_HAVE_REPORT
    const int status = gp::runCli(args, std::cin, std::cout, std::cerr, exportWithQt);
#else
    const int status = gp::runCli(args, std::cin, std::cout, std::cerr);
#endif
    std::cout.flush();
    std::cerr.flush();
    std::cout.rdbuf(outTarget);
    std::cerr.rdbuf(errTarget);
    return status;
}
