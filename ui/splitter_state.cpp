#include "splitter_state.h"

#include <QDataStream>
#include <QHash>
#include <QIODevice>
#include <QSplitter>

namespace gpui
{

namespace
{

// Marks the named form (the unversioned one before it began with a QByteArray's length).
constexpr quint32 kSplitterStateMagic = 0x67705370; // "gpSp"

struct SavedSplitter {
    int count = 0;
    QByteArray state;
};

} // namespace

QByteArray saveSplitterStates(const std::vector<const QSplitter*>& splitters)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out << kSplitterStateMagic << kSplitterStateVersion << quint32(splitters.size());
    for (const QSplitter* splitter : splitters)
        out << splitter->objectName() << qint32(splitter->count()) << splitter->saveState();
    return bytes;
}

QSet<QString> restoreSplitterStates(const QByteArray& state, const std::vector<QSplitter*>& splitters)
{
    QSet<QString> restored;
    QDataStream in(state);
    quint32 magic = 0, version = 0, count = 0;
    in >> magic >> version >> count;
    if (in.status() != QDataStream::Ok || magic != kSplitterStateMagic || version != kSplitterStateVersion)
        return restored;
    QHash<QString, SavedSplitter> saved;
    for (quint32 i = 0; i < count && in.status() == QDataStream::Ok; ++i) {
        QString name;
        qint32 widgets = 0;
        QByteArray sizes;
        in >> name >> widgets >> sizes;
        if (in.status() == QDataStream::Ok)
            saved.insert(name, { widgets, sizes });
    }
    for (QSplitter* splitter : splitters) {
        const auto it = saved.constFind(splitter->objectName());
        if (it == saved.constEnd() || it->count != splitter->count() || splitter->objectName().isEmpty())
            continue;
        if (splitter->restoreState(it->state))
            restored.insert(splitter->objectName());
    }
    return restored;
}

} // namespace gpui
