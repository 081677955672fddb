// flock(2) on `.NAME.lock` beside the file: released by the kernel when the holder exits, even on kill -9.
#include "base/file_lock.h"

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <system_error>
#include <thread>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gp
{

FileLock::FileLock(FileLock&& other) noexcept
    : m_fd(other.m_fd)
{
    other.m_fd = -1;
}

FileLock& FileLock::operator=(FileLock&& other) noexcept
{
    if (this != &other) {
        release();
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

FileLock::~FileLock()
{
    release();
}

void FileLock::release()
{
    if (m_fd >= 0) {
        ::flock(m_fd, LOCK_UN);
        ::close(m_fd);
        m_fd = -1;
    }
}

std::string FileLock::lockPathFor(const std::string& requested)
{
    std::string path = requested;
    struct stat linkInfo {
    };
    if (::lstat(path.c_str(), &linkInfo) == 0 && S_ISLNK(linkInfo.st_mode)) {
        char resolved[PATH_MAX];
        if (::realpath(path.c_str(), resolved) != nullptr)
            path = resolved;
    }
    const std::size_t slash = path.find_last_of('/');
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::string directory = slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
    return directory + "." + base + ".lock";
}

Expected<FileLock> FileLock::acquire(const std::string& path, int timeoutMs)
{
    const std::string lockPath = lockPathFor(path);
    const int fd = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        Error error;
        error.file = path;
        error.message = "cannot create the lock file " + lockPath + ": "
            + std::error_code(errno, std::generic_category()).message();
        return error;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        if (err == EINTR)
            continue;
        if (err != EWOULDBLOCK || std::chrono::steady_clock::now() >= deadline) {
            ::close(fd);
            Error error;
            error.file = path;
            error.message = err == EWOULDBLOCK
                ? "another program is still writing it (" + lockPath + " is locked); nothing was saved"
                : "cannot lock " + lockPath + ": " + std::error_code(err, std::generic_category()).message();
            return error;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return FileLock(fd);
}

} // namespace gp
