// huggingface_hub's cache layout (docs "Understand caching", huggingface_hub 0.2x): HUB/models--ORG--NAME/
// {refs/main (the commit hash a revision points at), snapshots/HASH/ (the files, symlinks into blobs/)}.
#include "transformer/hf_cache.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gp
{

namespace fs = std::filesystem;

namespace
{

bool isSet(const char* value)
{
    return value && *value;
}

// "models--Qwen--Qwen3-8B" -> "Qwen/Qwen3-8B"; empty for other folders.
std::string repoOfFolder(const std::string& folder)
{
    const std::string prefix = "models--";
    if (folder.rfind(prefix, 0) != 0 || folder.size() == prefix.size())
        return {};
    std::string rest = folder.substr(prefix.size());
    const auto separator = rest.find("--");
    if (separator != std::string::npos)
        rest.replace(separator, 2, "/");
    return rest;
}

std::optional<std::string> configOfSnapshot(const fs::path& snapshot)
{
    std::error_code ec;
    const fs::path config = snapshot / "config.json";
    if (fs::is_regular_file(config, ec)) // follows the symlink into blobs/: a dangling one is no config
        return config.string();
    return std::nullopt;
}

// The first line of a ref file: a commit hash of 40 hex digits. Only a regular file is read (a FIFO, a device or a
// link to /dev/zero is passed over without blocking), and only its first kMaxRefBytes bytes.
constexpr std::size_t kMaxRefBytes = 64;

std::string readRefFile(const fs::path& file)
{
    const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return {};
    struct stat info {
    };
    char bytes[kMaxRefBytes];
    ssize_t count = -1;
    if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode))
        count = ::read(fd, bytes, sizeof bytes);
    ::close(fd);
    if (count <= 0)
        return {};
    std::string text(bytes, static_cast<std::size_t>(count));
    return text.substr(0, text.find('\n'));
}

std::optional<std::string> configOfRepo(const fs::path& repoDir)
{
    std::error_code ec;
    const fs::path snapshots = repoDir / "snapshots";
    // The snapshot the main branch points at, when the cache recorded it.
    std::string hash = readRefFile(repoDir / "refs" / "main");
    if (!hash.empty()) {
        hash.erase(std::remove_if(hash.begin(), hash.end(), [](char c) { return c == ' ' || c == '\r'; }), hash.end());
        if (!hash.empty() && hash.find('/') == std::string::npos)
            if (auto config = configOfSnapshot(snapshots / hash))
                return config;
    }
    // Else the newest snapshot with a config.json.
    std::optional<std::string> best;
    fs::file_time_type bestTime {};
    for (fs::directory_iterator it(snapshots, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_directory(ec))
            continue;
        const auto config = configOfSnapshot(it->path());
        if (!config)
            continue;
        const auto time = fs::last_write_time(*config, ec);
        if (ec) {
            ec.clear();
            continue;
        }
        if (!best || time > bestTime) {
            best = config;
            bestTime = time;
        }
    }
    return best;
}

} // namespace

std::string huggingFaceHubDir(const char* hfHubCache, const char* hfHome, const char* home)
{
    if (isSet(hfHubCache))
        return hfHubCache;
    if (isSet(hfHome))
        return (fs::path(hfHome) / "hub").string();
    if (isSet(home))
        return (fs::path(home) / ".cache" / "huggingface" / "hub").string();
    return {};
}

std::vector<CachedModel> cachedModels(const std::string& hubDir)
{
    std::vector<CachedModel> models;
    if (hubDir.empty())
        return models;
    std::error_code ec;
    for (fs::directory_iterator it(fs::path(hubDir), ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_directory(ec))
            continue;
        const std::string repo = repoOfFolder(it->path().filename().string());
        if (repo.empty())
            continue;
        if (auto config = configOfRepo(it->path()))
            models.push_back({ repo, *config });
    }
    std::sort(models.begin(), models.end(), [](const CachedModel& a, const CachedModel& b) { return a.repo < b.repo; });
    return models;
}

} // namespace gp
