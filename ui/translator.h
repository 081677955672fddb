// Run-time language switching for the window and the headless report.
#pragma once

#include <QString>
#include <QStringList>

namespace gpui
{

// Installs the translations for `language` ("en", "zh_CN"; "" = the system's UI languages, falling back to
// English): removes the previously installed translators, loads :/i18n/gpu-planner_<lang>.qm and Qt's own
// qtbase_<lang>.qm, installs them. Returns false when the language has no translation (English is then used).
bool installLanguage(const QString& language);

// The language installed last ("en" when none); what "" resolved to after installLanguage("").
QString currentLanguage();

// Languages the program ships, as codes ("en", "zh_CN").
QStringList availableLanguages();

} // namespace gpui
