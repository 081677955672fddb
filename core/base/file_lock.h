// An advisory lock shared by every writer of one file (the window, each gpu-planner-cli): flock(2) on a lock file
// beside it, held from the read to the rename so that no writer replaces a file with a copy older than the file.
#pragma once

#include "base/expected.h"

#include <string>

namespace gp
{

class FileLock
{
public:
    FileLock() = default;
    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&& other) noexcept;
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    ~FileLock();

    // Takes the exclusive lock for `path`, waiting for another holder at most `timeoutMs` milliseconds. The lock
    // file is `.NAME.lock` in the folder of `path` (after symbolic links: two names of one file share the lock); it
    // is created when missing and left in place (removing it would let two writers lock two different files).
    static Expected<FileLock> acquire(const std::string& path, int timeoutMs = 30000);

    // The lock file of `path` (resolving a symbolic link at `path`).
    static std::string lockPathFor(const std::string& path);

    bool held() const { return m_fd >= 0; }
    void release();

private:
    explicit FileLock(int fd)
        : m_fd(fd)
    {
    }
    int m_fd = -1;
};

} // namespace gp
