// The window's words for the file name extensions of the program's own documents (their one home is the core's
// base/file_extensions.h): the window's open, save, drop and recovery files and the budget view read them.
#pragma once

#include "base/file_extensions.h"

#include <QLatin1String>
#include <QString>

namespace gpui
{

using gp::kBudgetExtension;
using gp::kPlanExtension;

// ".gpuplan" for kPlanExtension: what a file name ends with.
inline QString dottedExtension(const char* extension)
{
    return QLatin1Char('.') + QLatin1String(extension);
}

// Whether `path` names such a file (its name ends with the extension, in any case).
inline bool hasExtension(const QString& path, const char* extension)
{
    return path.endsWith(dottedExtension(extension), Qt::CaseInsensitive);
}

// "*.gpuplan" for kPlanExtension: a file dialog's pattern.
inline QString filePattern(const char* extension)
{
    return QLatin1Char('*') + dottedExtension(extension);
}

} // namespace gpui
