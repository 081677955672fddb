#include "estimate/serving/engine_release.h"

#include <algorithm>
#include <cstddef>

namespace gp
{

namespace
{

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The digits at `text[at]` as a number (at most `maxDigits` of them), advancing `at`; none there: nothing.
std::optional<int> readNumber(std::string_view text, std::size_t& at, std::size_t maxDigits)
{
    const std::size_t start = at;
    int value = 0;
    while (at < text.size() && isDigit(text[at])) {
        if (at - start == maxDigits)
            return std::nullopt;
        value = value * 10 + (text[at] - '0');
        ++at;
    }
    if (at == start)
        return std::nullopt;
    return value;
}

} // namespace

std::optional<EngineRelease> parseEngineRelease(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
        ++at;
    if (at < text.size() && (text[at] == 'v' || text[at] == 'V'))
        ++at;
    EngineRelease r;
    const auto major = readNumber(text, at, 4);
    if (!major || at >= text.size() || text[at] != '.')
        return std::nullopt;
    ++at;
    const auto minor = readNumber(text, at, 4);
    if (!minor)
        return std::nullopt;
    r.major = *major;
    r.minor = *minor;
    if (at + 1 < text.size() && text[at] == '.' && isDigit(text[at + 1])) {
        ++at;
        const auto patch = readNumber(text, at, 4);
        if (!patch)
            return std::nullopt;
        r.patch = *patch;
    }
    // "0.3.0rc1", "0.5.4.post1" and "0.3.0 (pip ...)" are those releases; "0.3.0.1" or "1.2x" is not a release.
    if (at < text.size() && (isDigit(text[at]) || text[at] == 'x' || text[at] == 'X'))
        return std::nullopt;
    return r;
}

int releaseNumber(const EngineRelease& r)
{
    return std::max(0, r.major) * 10000 + std::clamp(r.minor, 0, 99) * 100 + std::clamp(r.patch, 0, 99);
}

bool releaseAtMost(std::string_view versionText, int throughNumber)
{
    if (throughNumber <= 0)
        return false;
    const auto release = parseEngineRelease(versionText);
    return release && releaseNumber(*release) <= throughNumber;
}

} // namespace gp
