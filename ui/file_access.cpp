#include "file_access.h"

#include "base/atomic_file.h"
#include "base/input_file.h"

#include <QFile>

namespace gpui
{

gp::Expected<QByteArray> readInputFile(const QString& path)
{
    auto text = gp::readRegularFile(QFile::encodeName(path).toStdString());
    if (!text)
        return text.error();
    return QByteArray(text->data(), qsizetype(text->size()));
}

gp::Expected<bool> writeFileAtomically(const QString& path, std::string_view bytes)
{
    return gp::writeFileAtomically(QFile::encodeName(path).toStdString(), bytes);
}

gp::Expected<bool> writeFileAtomically(const QString& path, const QByteArray& bytes)
{
    return writeFileAtomically(path, std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace gpui
