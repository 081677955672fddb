// Atomic file replacement with POSIX calls: mkstemp-like exclusive create, write, fsync, rename.
#include "base/atomic_file.h"

#include "base/file_words.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

#include <ctime>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gp
{

namespace
{

constexpr const char* kTemporaryMarker = ".tmp.";

// "PID.SERIAL.XXXXXXXX", the tail temporaryName() puts after the marker; the writer's process id, or -1.
long writerOfTemporaryTail(const std::string& tail)
{
    const std::size_t first = tail.find('.');
    const std::size_t second = first == std::string::npos ? std::string::npos : tail.find('.', first + 1);
    if (first == 0 || second == std::string::npos || second == first + 1 || tail.size() != second + 9)
        return -1;
    for (std::size_t i = 0; i < tail.size(); ++i) {
        const char c = tail[i];
        const bool digit = c >= '0' && c <= '9';
        const bool hex = digit || (c >= 'a' && c <= 'f');
        if (i == first || i == second ? c != '.' : (i < second ? !digit : !hex))
            return -1;
    }
    if (first > 9)
        return -1;
    return std::stol(tail.substr(0, first));
}

} // namespace

int removeStaleTemporaries(const std::string& directory, int minimumAgeSeconds)
{
    DIR* folder = ::opendir(directory.c_str());
    if (!folder)
        return 0;
    int removed = 0;
    const std::time_t now = std::time(nullptr);
    while (const dirent* entry = ::readdir(folder)) {
        const std::string name = entry->d_name;
        const std::size_t marker = name.rfind(kTemporaryMarker);
        if (name.size() < 2 || name[0] != '.' || marker == std::string::npos || marker < 2)
            continue;
        const long writer
            = writerOfTemporaryTail(name.substr(marker + std::char_traits<char>::length(kTemporaryMarker)));
        if (writer <= 0 || writer == static_cast<long>(::getpid()))
            continue;
        // Only a writer that is gone: a live one (or one this process cannot see) may still rename it.
        if (::kill(static_cast<pid_t>(writer), 0) == 0 || errno != ESRCH)
            continue;
        const std::string path = directory + "/" + name;
        struct stat info {
        };
        if (::lstat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || now - info.st_mtime < minimumAgeSeconds)
            continue;
        if (::unlink(path.c_str()) == 0)
            ++removed;
    }
    ::closedir(folder);
    return removed;
}

namespace
{

// A name no other writer picks: process id, a per-process counter and a random suffix.
std::string temporaryName(const std::string& directory, const std::string& base)
{
    static std::atomic<unsigned> counter { 0 };
    thread_local std::mt19937 random { std::random_device {}() };
    const unsigned serial = counter.fetch_add(1);
    char suffix[48];
    std::snprintf(suffix, sizeof suffix, "%s%ld.%u.%08x", kTemporaryMarker, static_cast<long>(::getpid()), serial,
        static_cast<unsigned>(random()));
    return directory + "/." + base + suffix;
}

bool writeAll(int fd, std::string_view contents, int& err)
{
    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            err = errno;
            return false;
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    return true;
}

// Best effort: makes the rename itself durable. Failing here does not undo a completed write.
void syncDirectory(const std::string& directory)
{
    const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

// Names of an already open descriptor (the shell's redirections): /dev/stdout, /dev/fd/N, /proc/self/fd/N.
bool namesOpenDescriptor(const std::string& path)
{
    for (const char* prefix : { "/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/" })
        if (path.rfind(prefix, 0) == 0)
            return true;
    return false;
}

// A FIFO, a device or a descriptor alias cannot be replaced by renaming (that would put a regular file in
// place of /dev/null, or leave the shell's redirection pointing at the old file): they are written to directly.
Expected<bool> writeDirectly(const std::string& path, std::string_view contents)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | (namesOpenDescriptor(path) ? O_APPEND : 0));
    if (fd < 0)
        return fileError(path, { words::kFileCannotOpenForWriting }, errno);
    int err = 0;
    if (!writeAll(fd, contents, err)) {
        ::close(fd);
        return fileError(path, { words::kFileCannotWrite }, err);
    }
    if (::close(fd) != 0)
        return fileError(path, { words::kFileCannotWrite }, errno);
    return true;
}

} // namespace

bool isSpecialFileTarget(const std::string& path)
{
    if (namesOpenDescriptor(path))
        return true;
    struct stat info {
    };
    return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

namespace
{

// A file written in full beside its target, not yet renamed over it (or, for a special target, not yet written).
struct PreparedWrite {
    std::string requested;
    std::string path; // the target after symbolic links
    std::string directory; // where the temporary is
    std::string temporary; // "" for a special target, written directly at commit
};

void discardPrepared(const PreparedWrite& prepared)
{
    if (!prepared.temporary.empty())
        ::unlink(prepared.temporary.c_str());
}

Expected<PreparedWrite> prepareWrite(const std::string& requestedPath, std::string_view contents)
{
    if (requestedPath.empty())
        return fileError(requestedPath, { words::kFileNoName });
    PreparedWrite prepared { requestedPath, requestedPath, {}, {} };
    if (isSpecialFileTarget(requestedPath))
        return prepared;

    // Writing through a symbolic link replaces the file it points to, not the link.
    std::string path = requestedPath;
    struct stat linkInfo {
    };
    if (::lstat(path.c_str(), &linkInfo) == 0 && S_ISLNK(linkInfo.st_mode)) {
        char resolved[PATH_MAX];
        if (::realpath(path.c_str(), resolved) != nullptr)
            path = resolved;
    }

    const std::size_t slash = path.find_last_of('/');
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::string directory = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    if (base.empty() || base == "." || base == "..")
        return fileError(requestedPath, { words::kFileNotAName });

    struct stat existing {
    };
    const bool replacing = ::stat(path.c_str(), &existing) == 0;
    if (replacing && S_ISDIR(existing.st_mode))
        return fileError(requestedPath, { words::kFileIsDirectory });

    removeStaleTemporaries(directory);
    std::string temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
        temporary = temporaryName(directory, base);
        fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return fileError(requestedPath, { words::kFileCannotCreateTemporary, { directory } }, errno);
    }
    if (fd < 0)
        return fileError(requestedPath, { words::kFileCannotCreateTemporary, { directory } }, EEXIST);

    auto abandon = [&](Words what, int err) -> Expected<PreparedWrite> {
        if (fd >= 0)
            ::close(fd);
        ::unlink(temporary.c_str());
        return fileError(requestedPath, std::move(what), err);
    };

    int err = 0;
    if (replacing && ::fchmod(fd, existing.st_mode & 07777) != 0)
        return abandon({ words::kFileCannotKeepMode }, errno);
    if (!writeAll(fd, contents, err))
        return abandon({ words::kFileCannotWrite }, err);
    if (::fsync(fd) != 0)
        return abandon({ words::kFileCannotFlush }, errno);
    const int closed = ::close(fd);
    fd = -1;
    if (closed != 0)
        return abandon({ words::kFileCannotWrite }, errno);
    prepared.path = path;
    prepared.directory = directory;
    prepared.temporary = temporary;
    return prepared;
}

Expected<bool> commitPrepared(const PreparedWrite& prepared, std::string_view contents)
{
    if (prepared.temporary.empty())
        return writeDirectly(prepared.requested, contents);
    if (::rename(prepared.temporary.c_str(), prepared.path.c_str()) != 0) {
        const int err = errno;
        ::unlink(prepared.temporary.c_str());
        return fileError(prepared.requested, { words::kFileCannotReplace }, err);
    }
    syncDirectory(prepared.directory);
    return true;
}

} // namespace

Expected<bool> writeFileAtomically(const std::string& requestedPath, std::string_view contents)
{
    auto prepared = prepareWrite(requestedPath, contents);
    if (!prepared)
        return prepared.error();
    return commitPrepared(*prepared, contents);
}

Expected<bool> writeFilesAtomically(const std::vector<std::pair<std::string, std::string_view>>& files)
{
    // Every file written in full first: a full disk while writing the second leaves the first untouched too.
    std::vector<PreparedWrite> prepared;
    prepared.reserve(files.size());
    for (const auto& [path, contents] : files) {
        auto one = prepareWrite(path, contents);
        if (!one) {
            for (const PreparedWrite& done : prepared)
                discardPrepared(done);
            return one.error();
        }
        prepared.push_back(std::move(*one));
    }
    for (std::size_t i = 0; i < prepared.size(); ++i) {
        auto committed = commitPrepared(prepared[i], files[i].second);
        if (!committed) {
            for (std::size_t j = i + 1; j < prepared.size(); ++j)
                discardPrepared(prepared[j]);
            return committed.error();
        }
    }
    return true;
}

} // namespace gp
