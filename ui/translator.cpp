#include "translator.h"

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

namespace gpui
{

namespace
{

struct InstalledTranslators {
    QPointer<QTranslator> app;
    QPointer<QTranslator> qt;
    QString language = QStringLiteral("en");
};

InstalledTranslators& installed()
{
    static InstalledTranslators translators;
    return translators;
}

QString appTranslationPath(const QString& language)
{
    return QStringLiteral(":/i18n/gpu-planner_") + language + QStringLiteral(".qm");
}

// Maps a UI language such as "zh-Hans-CN" or "en-US" onto a shipped code.
QString shippedLanguageFor(const QString& uiLanguage)
{
    QString name = QLocale(uiLanguage).name(); // "zh_CN", "en_US"
    for (const QString& code : availableLanguages()) {
        if (name == code || name.section(QLatin1Char('_'), 0, 0) == code.section(QLatin1Char('_'), 0, 0))
            return code;
    }
    return {};
}

void removeInstalled()
{
    InstalledTranslators& t = installed();
    if (t.app) {
        QCoreApplication::removeTranslator(t.app);
        delete t.app;
    }
    if (t.qt) {
        QCoreApplication::removeTranslator(t.qt);
        delete t.qt;
    }
}

} // namespace

QStringList availableLanguages()
{
    return { QStringLiteral("en"), QStringLiteral("zh_CN") };
}

QString currentLanguage()
{
    return installed().language;
}

bool installLanguage(const QString& language)
{
    QString code = language;
    if (code.isEmpty()) {
        for (const QString& ui : QLocale::system().uiLanguages()) {
            code = shippedLanguageFor(ui);
            if (!code.isEmpty())
                break;
        }
        if (code.isEmpty())
            code = QStringLiteral("en");
    }

    removeInstalled();
    InstalledTranslators& t = installed();
    t.language = QStringLiteral("en");
    QLocale::setDefault(QLocale(code == QLatin1String("en") ? QStringLiteral("en_US") : code));

    // English is the source language: nothing to load, but an en .qm may carry plural forms.
    auto* app = new QTranslator(QCoreApplication::instance());
    const bool appLoaded = app->load(appTranslationPath(code));
    if (appLoaded) {
        QCoreApplication::installTranslator(app);
        t.app = app;
    } else {
        delete app;
    }
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (code != QLatin1String("en")
        && qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        t.qt = qt;
    } else {
        delete qt;
    }
    if (code == QLatin1String("en") || appLoaded) {
        t.language = code;
        return true;
    }
    QLocale::setDefault(QLocale(QStringLiteral("en_US")));
    return false;
}

} // namespace gpui
