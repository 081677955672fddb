// Helpers shared by the UI tests: temporary files and evaluating the default plan.
#pragma once

#include "evaluation.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "plan_document.h"

#include "catalog/catalog.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>

namespace gpui::test
{

// How long a test waits for the window's evaluation (generous: CI machines are slow and loaded).
inline constexpr int kEvaluationWaitMs = 120000;

// A file's bytes, empty when it cannot be read.
inline QByteArray readFileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Page objects in a PDF: Qt writes page dictionaries uncompressed, "/Type /Page" but not "/Type /Pages".
inline int countPdfPages(const QByteArray& pdf)
{
    return int(pdf.count("/Type /Page")) - int(pdf.count("/Type /Pages"));
}

inline EvaluationPtr evaluateDefaultPlan()
{
    return std::make_shared<const Evaluation>(evaluatePlan(defaultPlan(), gp::builtinCatalog()));
}

// A window that touches only `dir`: its overrides and recovery files there, `settings` (kept in `dir` by the
// caller), no session restored and no recovery offered.
inline MainWindowOptions isolatedWindowOptions(const QTemporaryDir& dir, Settings* settings)
{
    MainWindowOptions options;
    options.settings = settings;
    options.overridesPath = dir.filePath(QStringLiteral("overrides.json"));
    options.recoveryPath = dir.filePath(QStringLiteral("recovery.gpuplan"));
    options.restoreSession = false;
    options.offerRecovery = false;
    return options;
}

// The evaluation the window shows once it shows its newest request, waiting up to `waitMs` for each of at most
// `rounds` evaluations; nullptr when none arrives in time.
inline EvaluationPtr settledEvaluation(MainWindow& window, int waitMs, int rounds = 8)
{
    QSignalSpy spy(&window, &MainWindow::evaluationApplied);
    for (int i = 0; i < rounds; ++i) {
        EvaluationPtr latest = window.comparisonModel()->evaluation();
        if (latest && latest->generation == window.evaluator()->generation() && !window.evaluator()->isBusy())
            return latest;
        if (!spy.wait(waitMs))
            return nullptr;
    }
    return nullptr;
}

// Opens `path` in `window` with its messages silenced, shows it at 1600x1000 and waits until its answer and the
// charts drawn from it have settled (the layout's queued events too); false when the plan does not open or no answer
// arrives in time.
inline bool openSettled(MainWindow& window, const QString& path)
{
    window.setMessageSink([](const QString&, const QString&) {});
    if (!window.openPlan(path))
        return false;
    window.resize(1600, 1000);
    window.show();
    if (!settledEvaluation(window, kEvaluationWaitMs))
        return false;
    for (int round = 0; round < 3; ++round)
        QCoreApplication::processEvents();
    return true;
}

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
    return path;
}

// Runs `start` (an export of `window`, which runs as a background job) and waits for the job to end; returns whether
// it started and then did its work (false when refused, failed or cancelled).
inline bool finishJob(MainWindow& window, const std::function<bool()>& start, int waitMs = kEvaluationWaitMs)
{
    QSignalSpy finished(&window, &MainWindow::jobFinished);
    if (!start())
        return false;
    if (finished.isEmpty() && !finished.wait(waitMs))
        return false;
    return finished.first().first().toBool();
}

} // namespace gpui::test
