// The window's file reads and writes, through the core's capped reader and atomic writer (one behaviour for the
// window and the command-line tool: 64 MiB at most, regular files only, writes complete or not at all).
#pragma once

#include "base/expected.h"

#include <QByteArray>
#include <QString>

#include <string_view>

namespace gpui
{

// Reads a regular file of at most 64 MiB; a directory, FIFO or device is refused without blocking on it.
gp::Expected<QByteArray> readInputFile(const QString& path);
// Writes a file all-or-nothing: on any failure (a full disk included) the old file stays as it was.
gp::Expected<bool> writeFileAtomically(const QString& path, std::string_view bytes);
gp::Expected<bool> writeFileAtomically(const QString& path, const QByteArray& bytes);

} // namespace gpui
