// Labels and tool tips of the plan's field table, by path (field_text.cpp reads them; a file per part of the plan).
#pragma once

#include <QString>

#include <functional>
#include <map>
#include <string_view>

namespace gpui
{

struct FieldWords {
    std::function<QString()> label;
    std::function<QString()> toolTip;
};

using FieldWordsMap = std::map<std::string_view, FieldWords>;

// The serving workload's fields (workload.serving.*): field_words_serving.cpp.
FieldWordsMap servingFieldWords();

} // namespace gpui
