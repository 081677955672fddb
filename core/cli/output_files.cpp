// Checking a command's output files before writing: POSIX stat and access, no writes.
#include "cli/output_files.h"

#include "base/atomic_file.h"

#include <cerrno>
#include <filesystem>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

namespace gp
{

namespace
{

// What a path names: the file's device and inode when it exists, else its normalised absolute path.
struct FileIdentity {
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    std::string path;

    bool operator==(const FileIdentity& other) const
    {
        if (exists != other.exists)
            return false;
        return exists ? device == other.device && inode == other.inode : path == other.path;
    }
};

FileIdentity identify(const std::string& path)
{
    FileIdentity id;
    struct stat info {
    };
    if (::stat(path.c_str(), &info) == 0) {
        id.exists = true;
        id.device = info.st_dev;
        id.inode = info.st_ino;
        return id;
    }
    std::error_code ignored;
    id.path = std::filesystem::absolute(path, ignored).lexically_normal().string();
    return id;
}

Error problem(const Destination& d, const std::string& message)
{
    return Error { "", d.option + " " + d.path + ": " + message };
}

std::string parentDirectory(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? std::string("/") : path.substr(0, slash);
}

} // namespace

Expected<bool> checkDestinations(const std::vector<Destination>& destinations, const std::vector<std::string>& inputs)
{
    std::vector<std::pair<const Destination*, FileIdentity>> seen;
    for (const Destination& d : destinations) {
        if (d.path.empty())
            continue;
        const FileIdentity id = identify(d.path);
        for (const std::string& input : inputs)
            if (!input.empty() && input != "-" && identify(input) == id)
                return problem(d, "is also an input of this command; write the output to another file");
        for (const auto& [other, otherId] : seen)
            if (otherId == id)
                return problem(d, "names the same file as " + other->option + "; give each output its own file");
        seen.emplace_back(&d, id);

        struct stat info {
        };
        if (::stat(d.path.c_str(), &info) == 0) {
            if (S_ISDIR(info.st_mode))
                return problem(d, "is a directory");
            if (isSpecialFileTarget(d.path)) {
                if (::access(d.path.c_str(), W_OK) != 0)
                    return problem(
                        d, "cannot be written: " + std::error_code(errno, std::generic_category()).message());
                continue;
            }
        } else if (isSpecialFileTarget(d.path)) {
            return problem(d, "cannot be opened (is the descriptor open?)");
        }
        // A regular or new file is written beside itself and renamed: its directory must exist and be writable.
        const std::string directory = parentDirectory(d.path);
        struct stat dirInfo {
        };
        if (::stat(directory.c_str(), &dirInfo) != 0 || !S_ISDIR(dirInfo.st_mode))
            return problem(d, "the directory " + directory + " does not exist");
        if (::access(directory.c_str(), W_OK | X_OK) != 0)
            return problem(d, "the directory " + directory + " is not writable");
    }
    return true;
}

} // namespace gp
