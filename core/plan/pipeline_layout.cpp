#include "plan/pipeline_layout.h"

#include "base/error_words.h"

#include <algorithm>
#include <regex>

namespace gp
{

namespace
{

// Longest layout text read, and longest unrolled layout: far beyond any model's layers x stages (DeepSeek-V3's 61
// layers on 32 stages unroll to under 130 characters), and short enough for std::regex, which recurses once per
// character a repeat matches (libstdc++: a 50,000-character group overflows the stack).
constexpr std::size_t kMaxLayoutText = 4096;
constexpr std::size_t kMaxUnrolled = 8192;

// One pass of `pattern` over `text`, each match replaced by its first group repeated by its second (re.sub of
// parse_str_to_list). False where the result would pass kMaxUnrolled.
bool unrollLayout(std::string& text, const std::regex& pattern)
{
    std::string out;
    auto last = text.cbegin();
    for (std::sregex_iterator it(text.cbegin(), text.cend(), pattern), end; it != end; ++it) {
        const std::smatch& m = *it;
        out.append(last, m[0].first);
        const std::string digits = m[2].str();
        if (digits.size() > 7)
            return false;
        const std::size_t times = std::stoul(digits);
        if (out.size() + times * std::size_t(m[1].length()) > kMaxUnrolled)
            return false;
        for (std::size_t i = 0; i < times; ++i)
            out += m[1].str();
        last = m[0].second;
    }
    out.append(last, text.cend());
    text = std::move(out);
    return true;
}

int layoutCount(const std::vector<PipelineLayoutStage>& stages, int PipelineLayoutStage::*member)
{
    int n = 0;
    for (const PipelineLayoutStage& s : stages)
        n += s.*member;
    return n;
}

} // namespace

PipelineLayoutParse parsePipelineLayout(std::string_view input)
{
    PipelineLayoutParse result;
    if (input.size() > kMaxLayoutText) {
        result.problem
            = Words { words::kCharactersGot, { std::to_string(kMaxLayoutText), std::to_string(input.size()) } };
        return result;
    }
    std::string text;
    for (char ch : input)
        if (ch != ',') // purely cosmetic commas
            text += ch;
    static const std::regex group(R"(\(([^)]+)\)\*(\d+))");
    static const std::regex single(R"((.)\*(\d+))");
    if (!unrollLayout(text, group) || !unrollLayout(text, single)) {
        result.problem = Words { words::kLayoutTooLong, { std::to_string(kMaxUnrolled) } };
        return result;
    }
    result.stages.emplace_back();
    for (char ch : text) {
        PipelineLayoutStage& stage = result.stages.back();
        if (ch != '|') {
            result.firstLayer = result.firstLayer ? result.firstLayer : ch;
            result.lastLayer = ch;
        }
        switch (ch) {
        case '|':
            result.stages.emplace_back();
            break;
        case 'E':
            ++stage.embedding;
            break;
        case 't':
            ++stage.decoder;
            break;
        case 'm':
            ++stage.mtp;
            break;
        case 'L':
            ++stage.loss;
            break;
        default:
            result.stages.clear();
            result.firstLayer = result.lastLayer = 0;
            result.problem = Words { words::kLayoutCharacter, { std::string(1, ch) } };
            return result;
        }
    }
    return result;
}

std::optional<Words> pipelineLayoutProblem(
    const PipelineLayoutParse& layout, int pipeline, int virtualStages, int layers, int mtpLayers)
{
    const std::vector<PipelineLayoutStage>& stages = layout.stages;
    const int p = std::max(1, pipeline);
    const int v = std::max(1, virtualStages);
    const int count = int(stages.size());
    if (count != p * v)
        return Words { words::kLayoutStages,
            { std::to_string(count), std::to_string(p), std::to_string(v), std::to_string(p * v) } };
    if (layout.firstLayer != 'E')
        return Words { words::kLayoutEmbeddingFirst };
    if (layout.lastLayer != 'L')
        return Words { words::kLayoutLossLast };
    if (layoutCount(stages, &PipelineLayoutStage::embedding) != 1)
        return Words { words::kLayoutEmbeddingOnce };
    if (layoutCount(stages, &PipelineLayoutStage::loss) != 1)
        return Words { words::kLayoutLossOnce };
    const int decoder = layoutCount(stages, &PipelineLayoutStage::decoder);
    if (layers >= 0 && decoder != layers)
        return Words { words::kLayoutDecoderLayers, { std::to_string(decoder), std::to_string(layers) } };
    const int mtp = layoutCount(stages, &PipelineLayoutStage::mtp);
    if (mtpLayers >= 0 && mtp != mtpLayers)
        return Words { words::kLayoutMtpLayers, { std::to_string(mtp), std::to_string(mtpLayers) } };
    if (mtp > 0) {
        // Stage i runs on rank i % p as its virtual stage i / p.
        int first = -1;
        for (int i = 0; i < count && first < 0; ++i)
            if (stages[std::size_t(i)].mtp > 0)
                first = i;
        for (int i = first + 1; i < count; ++i)
            if (stages[std::size_t(i)].decoder > 0)
                return Words { words::kLayoutMtpAfterDecoders };
        const PipelineLayoutStage& home = stages[std::size_t(first)];
        if (home.mtp != mtp)
            return Words { words::kLayoutMtpOneStage };
        if (first / p != v - 1)
            return Words { words::kLayoutMtpLastVirtual };
    }
    return std::nullopt;
}

std::optional<std::string> pipelineLayoutFromFirstLast(
    int layers, int pipeline, int virtualStages, int first, int last, int mtpLayers)
{
    const int p = std::max(1, pipeline);
    const int v = std::max(1, virtualStages);
    if ((first < 0 && last < 0) || p < 2 || layers < 0)
        return std::nullopt;
    int rest = layers - std::max(0, first) - std::max(0, last);
    const int middle = p - (first >= 0 ? 1 : 0) - (last >= 0 ? 1 : 0);
    if (rest < 0 || (middle > 0 && rest % middle != 0) || (middle == 0 && rest != 0))
        return std::nullopt;
    std::vector<int> perRank(std::size_t(p), middle > 0 ? rest / middle : 0);
    if (first >= 0)
        perRank.front() = first;
    if (last >= 0)
        perRank.back() = last;
    std::vector<PipelineLayoutStage> stages(static_cast<std::size_t>(p * v));
    for (int r = 0; r < p; ++r) {
        if (perRank[std::size_t(r)] % v != 0)
            return std::nullopt; // Megatron asserts each rank's layers divide over its virtual stages
        for (int c = 0; c < v; ++c)
            stages[std::size_t(c * p + r)].decoder = perRank[std::size_t(r)] / v;
    }
    stages.front().embedding = 1;
    stages.back().mtp = std::max(0, mtpLayers);
    stages.back().loss = 1;
    std::string text;
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const PipelineLayoutStage& s = stages[i];
        if (i > 0)
            text += '|';
        text += std::string(std::size_t(s.embedding), 'E');
        if (s.decoder > 1)
            text += "t*" + std::to_string(s.decoder);
        else if (s.decoder == 1)
            text += 't';
        text += std::string(std::size_t(s.mtp), 'm') + std::string(std::size_t(s.loss), 'L');
    }
    return text;
}

} // namespace gp
