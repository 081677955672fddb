// Helpers shared by the UI tests: temporary files and evaluating the default plan.
#pragma once

#include "evaluation.h"
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

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
    return path;
}

} // namespace gpui::test
