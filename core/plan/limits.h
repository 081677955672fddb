// The largest sizes a plan accepts, in one place: the plan parser and the config.json importer both check them,
// so the window never keeps (or saves) a model it could not open again. Beyond them the models' arithmetic loses
// meaning (products of dimensions leave the range where doubles count exactly).
#pragma once

#include <cstdint>

namespace gp::limits {

inline constexpr std::int64_t kMaxSequence = 1LL << 24; // tokens: sequence length, positions, prompt and output
inline constexpr std::int64_t kMaxDimension = 1LL << 20; // hidden size
inline constexpr std::int64_t kMaxIntermediate = kMaxDimension * 8; // MLP and expert widths
inline constexpr std::int64_t kMaxLayers = 10000;
inline constexpr std::int64_t kMaxHeads = 65536; // attention heads, key/value heads, head dimension
inline constexpr std::int64_t kMaxVocabulary = 1LL << 24;
inline constexpr std::int64_t kMaxExperts = 4096; // routed, per token, shared, expert parallelism
inline constexpr std::int64_t kMaxClasses = 1000000;
inline constexpr double kMaxParameters = 1e13; // 10 trillion
// A plan's title, in characters: it heads every report page, and laying out a longer one costs time quadratic in
// its length (200,000 characters took 20 s to export).
inline constexpr std::int64_t kMaxTitleLength = 1000;
// The plan's notes (a few paragraphs for the report's first page): 20,000 characters, about five pages.
inline constexpr std::int64_t kMaxNotesLength = 20000;

} // namespace gp::limits
