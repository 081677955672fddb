#include "settings.h"

#include <algorithm>
#include <cmath>

#include <QDir>
#include <QFileInfo>

namespace gpui
{

namespace
{

struct KeyInfo {
    Settings::Key key;
    const char* name;
    QVariant defaultValue;
};

const std::vector<KeyInfo>& keyTable()
{
    static const std::vector<KeyInfo> table = {
        { Settings::Key::Language, "ui/language", QString() },
        { Settings::Key::Theme, "ui/theme", QStringLiteral("system") },
        { Settings::Key::Geometry, "window/geometry", QByteArray() },
        { Settings::Key::WindowState, "window/state", QByteArray() },
        { Settings::Key::RecentFiles, "files/recent", QStringList() },
        { Settings::Key::LastPlan, "files/last_plan", QString() },
        { Settings::Key::LastDirectory, "files/last_directory", QDir::homePath() },
        { Settings::Key::HiddenColumns, "table/hidden_columns", QStringList() },
        { Settings::Key::SplitterState, "window/splitters", QByteArray() },
        { Settings::Key::AutosaveSeconds, "files/autosave_seconds", 5 },
        { Settings::Key::ExportDirectory, "files/export_directory", QString() },
        { Settings::Key::CatalogDialogGeometry, "dialogs/catalog_geometry", QByteArray() },
    };
    return table;
}

const KeyInfo& info(Settings::Key key)
{
    for (const KeyInfo& k : keyTable())
        if (k.key == key)
            return k;
    return keyTable().front();
}

} // namespace

Settings::Settings(QObject* parent)
    : QObject(parent)
    , m_settings(new QSettings())
{
}

Settings::Settings(const QString& iniFile, QObject* parent)
    : QObject(parent)
    , m_settings(new QSettings(iniFile, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QString Settings::keyName(Key key)
{
    return QString::fromLatin1(info(key).name);
}

QVariant Settings::defaultValue(Key key)
{
    return info(key).defaultValue;
}

QVariant Settings::value(Key key) const
{
    const KeyInfo& k = info(key);
    QVariant v = m_settings->value(QString::fromLatin1(k.name), k.defaultValue);
    // INI files store lists of one element as a plain string; keep the declared type.
    if (k.defaultValue.typeId() == QMetaType::QStringList && v.typeId() == QMetaType::QString)
        return QStringList { v.toString() };
    if (k.defaultValue.isValid() && v.typeId() != k.defaultValue.typeId() && v.canConvert(k.defaultValue.metaType()))
        v.convert(k.defaultValue.metaType());
    return v;
}

void Settings::setValue(Key key, const QVariant& value)
{
    if (m_settings->contains(keyName(key)) && this->value(key) == value)
        return;
    m_settings->setValue(keyName(key), value);
    emit changed(key);
}

void Settings::reset(Key key)
{
    m_settings->remove(keyName(key));
    emit changed(key);
}

void Settings::addRecentFile(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > MaxRecentFiles)
        files.removeLast();
    setValue(Key::RecentFiles, files);
}

int Settings::autosaveSeconds() const
{
    // The stored text, read as a double: an integer conversion of a huge value fails (giving 0) or wraps.
    bool ok = false;
    const double seconds
        = m_settings->value(keyName(Key::AutosaveSeconds), defaultValue(Key::AutosaveSeconds)).toDouble(&ok);
    if (!ok || !std::isfinite(seconds))
        return defaultValue(Key::AutosaveSeconds).toInt();
    return int(std::clamp(seconds, 1.0, double(MaxAutosaveSeconds)));
}

void Settings::sync()
{
    m_settings->sync();
}

} // namespace gpui
