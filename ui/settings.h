// The window's remembered preferences: one table of keys with defaults, typed accessors, a change signal.
#pragma once

#include <QObject>
#include <QScopedPointer>
#include <QSettings>
#include <QStringList>
#include <QVariant>

namespace gpui
{

class Settings : public QObject
{
    Q_OBJECT
public:
    enum class Key {
        Language, // "" = system
        Theme, // "system", "light", "dark"
        Geometry, // QByteArray from saveGeometry()
        WindowState, // QByteArray from saveState(version)
        RecentFiles, // QStringList, newest first
        LastPlan, // path of the plan open at exit ("" = the default plan)
        LastDirectory, // where file dialogs start
        HiddenColumns, // comparison table columns the user hid (QStringList of column keys)
        SplitterState, // QByteArray of the main splitters
        AutosaveSeconds, // recovery file interval
        ExportDirectory, // where report exports (PDF, CSV) were last written
        CatalogDialogGeometry, // QByteArray from the catalog dialog's saveGeometry()
    };
    Q_ENUM(Key)

    // Window state layout version: bump when docks/toolbars change so an old state is not restored.
    static constexpr int WindowStateVersion = 2;
    static constexpr int MaxRecentFiles = 8;

    // Settings in the application's usual place (QSettings with organization/application names).
    explicit Settings(QObject* parent = nullptr);
    // Settings kept in one INI file, e.g. a temporary file in tests.
    explicit Settings(const QString& iniFile, QObject* parent = nullptr);
    ~Settings() override;

    QVariant value(Key key) const;
    void setValue(Key key, const QVariant& value);
    void reset(Key key);
    static QString keyName(Key key);
    static QVariant defaultValue(Key key);

    QString language() const { return value(Key::Language).toString(); }
    void setLanguage(const QString& language) { setValue(Key::Language, language); }
    QString theme() const { return value(Key::Theme).toString(); }
    void setTheme(const QString& theme) { setValue(Key::Theme, theme); }
    QStringList recentFiles() const { return value(Key::RecentFiles).toStringList(); }
    // Puts `path` first in the recent files, dropping duplicates and the oldest beyond MaxRecentFiles.
    void addRecentFile(const QString& path);
    QString lastPlan() const { return value(Key::LastPlan).toString(); }
    QStringList hiddenColumns() const { return value(Key::HiddenColumns).toStringList(); }
    // Seconds between autosaves, kept between 1 and MaxAutosaveSeconds (a day) whatever the file says, so the
    // interval in milliseconds always fits an int; a value that is not a number gives the default.
    int autosaveSeconds() const;
    static constexpr int MaxAutosaveSeconds = 24 * 3600;

    void sync();

signals:
    void changed(gpui::Settings::Key key);

private:
    QScopedPointer<QSettings> m_settings;
};

} // namespace gpui
