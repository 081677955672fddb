// The window's splitters saved by name with a version (issue #37): a splitter added, removed, renamed or given
// another number of widgets never takes sizes saved for another one, and a state of another version restores none.
#pragma once

#include <QByteArray>
#include <QSet>
#include <QString>

#include <vector>

class QSplitter;

namespace gpui
{

// Bumped when the saved form changes; a state of another version (or the unversioned one before it) is ignored.
inline constexpr quint32 kSplitterStateVersion = 1;

// Every splitter's state under its objectName, with its widget count.
QByteArray saveSplitterStates(const std::vector<const QSplitter*>& splitters);
// Restores each splitter whose objectName and widget count the state holds; returns the names restored.
QSet<QString> restoreSplitterStates(const QByteArray& state, const std::vector<QSplitter*>& splitters);

} // namespace gpui
