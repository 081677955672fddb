// Helpers shared by the UI tests: temporary files and evaluating the default plan.
#pragma once

#include "evaluation.h"
#include "main_window.h"
#include "plan_document.h"

#include "catalog/catalog.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace gpui::test {

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

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
    return path;
}

} // namespace gpui::test
