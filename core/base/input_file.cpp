// Capped whole-file reads with POSIX calls: a non-blocking open (a FIFO never blocks it), fstat, bounded reads.
#include "base/input_file.h"

#include "base/file_words.h"

#include <cerrno>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gp
{

Expected<std::string> readRegularFile(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return fileError(path, { words::kFileCannotOpen }, errno);
    struct stat info {
    };
    if (::fstat(fd, &info) != 0) {
        const int err = errno;
        ::close(fd);
        return fileError(path, { words::kFileCannotRead }, err);
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd);
        return fileError(path, { S_ISDIR(info.st_mode) ? words::kFileIsDirectory : words::kFileNotRegular });
    }
    if (static_cast<unsigned long long>(info.st_size) > kMaxInputBytes) {
        ::close(fd);
        return fileError(path, { words::kFileTooLarge });
    }
    std::string text;
    text.reserve(static_cast<std::size_t>(info.st_size));
    std::vector<char> buffer(1 << 16);
    while (true) {
        const ssize_t count = ::read(fd, buffer.data(), buffer.size());
        if (count < 0) {
            if (errno == EINTR)
                continue;
            const int err = errno;
            ::close(fd);
            return fileError(path, { words::kFileCannotRead }, err);
        }
        if (count == 0)
            break;
        text.append(buffer.data(), static_cast<std::size_t>(count));
        if (text.size() > kMaxInputBytes) { // the file grew while being read
            ::close(fd);
            return fileError(path, { words::kFileTooLarge });
        }
    }
    ::close(fd);
    return text;
}

} // namespace gp
