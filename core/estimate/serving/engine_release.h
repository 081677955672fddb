// The engine release a serving plan states (serving.engine.version, free text as the team writes it): "0.3.0 (pip
// install sglang[all]==0.3.0)", "v0.11.0 (V1 engine)". Its leading number is the release: major.minor[.patch], a "v"
// before it allowed; anything else ("not stated", "master of January 2024", empty) states no release, and the
// catalog's defaults (today's releases) apply. Which release changed an engine's behaviour is the catalog's
// (serving.engine.<engine>.*_through_version, a release number).
#pragma once

#include <optional>
#include <string_view>

namespace gp
{

struct EngineRelease {
    int major = 0, minor = 0, patch = 0;
};

// The release at the start of `text`, or none.
std::optional<EngineRelease> parseEngineRelease(std::string_view text);

// The catalog's number for a release: major x 10000 + minor x 100 + patch (0.3.5 = 305, 0.11.0 = 1100); minor and
// patch above 99 count as 99.
int releaseNumber(const EngineRelease& release);

// Whether the plan's `versionText` states a release no later than `throughNumber` (a catalog release number; 0 or
// less: none is).
bool releaseAtMost(std::string_view versionText, int throughNumber);

} // namespace gp
