// Capped whole-file reads with POSIX calls: a non-blocking open (a FIFO never blocks it), fstat, bounded reads.
#include "base/input_file.h"

#include <cerrno>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gp
{

namespace
{

Error problem(const std::string& path, const std::string& message, int err = 0)
{
    Error error;
    error.file = path;
    error.message = err != 0 ? message + ": " + std::error_code(err, std::generic_category()).message() : message;
    return error;
}

} // namespace

Expected<std::string> readRegularFile(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return problem(path, "cannot open", errno);
    struct stat info {
    };
    if (::fstat(fd, &info) != 0) {
        const int err = errno;
        ::close(fd);
        return problem(path, "cannot read", err);
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd);
        return problem(path, S_ISDIR(info.st_mode) ? "is a directory" : "is not a regular file");
    }
    if (static_cast<unsigned long long>(info.st_size) > kMaxInputBytes) {
        ::close(fd);
        return problem(path, "is larger than 64 MiB");
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
            return problem(path, "cannot read", err);
        }
        if (count == 0)
            break;
        text.append(buffer.data(), static_cast<std::size_t>(count));
        if (text.size() > kMaxInputBytes) { // the file grew while being read
            ::close(fd);
            return problem(path, "is larger than 64 MiB");
        }
    }
    ::close(fd);
    return text;
}

} // namespace gp
