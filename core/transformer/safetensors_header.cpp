// Parameter counts from a .safetensors header or a sharded checkpoint's index.
#include "transformer/model_library.h"

#include "base/number_text.h"

#include <cmath>
#include <cstdint>

namespace gp
{

namespace
{

// Largest header accepted: the format's reference implementation refuses headers above 100 MB.
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

double dtypeBytes(std::string_view dtype)
{
    if (dtype == "fp32" || dtype == "float32" || dtype == "F32" || dtype == "I32" || dtype == "U32")
        return 4;
    if (dtype == "bf16" || dtype == "fp16" || dtype == "bfloat16" || dtype == "float16" || dtype == "BF16"
        || dtype == "F16" || dtype == "I16")
        return 2;
    if (dtype == "fp8" || dtype == "int8" || dtype == "F8_E4M3" || dtype == "F8_E5M2" || dtype == "I8" || dtype == "U8"
        || dtype == "BOOL")
        return 1;
    if (dtype == "fp64" || dtype == "F64" || dtype == "I64" || dtype == "U64")
        return 8;
    return 0;
}

Expected<double> countIndex(const nlohmann::json& doc, const std::string& fileName, std::string_view dtype)
{
    auto meta = doc.find("metadata");
    if (meta == doc.end() || !meta->is_object() || !meta->contains("total_size") || !(*meta)["total_size"].is_number())
        return Error { "metadata.total_size", "is missing or not a number", fileName };
    const double total = (*meta)["total_size"].get<double>();
    if (!std::isfinite(total) || total < 0)
        return Error { "metadata.total_size", "must be a non-negative number", fileName };
    const double width = dtypeBytes(dtype);
    if (width <= 0)
        return Error { "dtype", "unknown dtype \"" + std::string(dtype) + "\"", fileName };
    return total / width;
}

} // namespace

Expected<double> countSafetensorsParameters(
    std::string_view data, const std::string& fileName, std::string_view indexDtype)
{
    try {
        std::size_t first = 0;
        while (first < data.size()
            && (data[first] == ' ' || data[first] == '\n' || data[first] == '\r' || data[first] == '\t'))
            ++first;
        if (first < data.size() && data[first] == '{')
            return countIndex(nlohmann::json::parse(data), fileName, indexDtype);

        if (data.size() < 8)
            return Error { "", "too short for a safetensors file (needs an 8-byte header length)", fileName };
        std::uint64_t length = 0;
        for (int i = 7; i >= 0; --i)
            length = (length << 8) | static_cast<unsigned char>(data[std::size_t(i)]);
        if (length == 0 || length > kMaxHeaderBytes)
            return Error { "header", "header length " + std::to_string(length) + " is not plausible", fileName };
        if (length > data.size() - 8)
            return Error { "header",
                "header length " + std::to_string(length) + " exceeds the " + std::to_string(data.size() - 8)
                    + " bytes available",
                fileName };
        const nlohmann::json header = nlohmann::json::parse(data.substr(8, std::size_t(length)));
        if (!header.is_object())
            return Error { "header", "must be a JSON object", fileName };
        double total = 0;
        for (auto it = header.begin(); it != header.end(); ++it) {
            if (it.key() == "__metadata__")
                continue;
            const auto& tensor = it.value();
            if (!tensor.is_object() || !tensor.contains("shape") || !tensor["shape"].is_array())
                return Error { "header." + it.key() + ".shape", "is missing", fileName };
            double elements = 1;
            for (const auto& dim : tensor["shape"]) {
                if (!dim.is_number_integer() || dim.get<std::int64_t>() < 0)
                    return Error { "header." + it.key() + ".shape", "must hold non-negative integers", fileName };
                elements *= dim.get<double>();
            }
            total += elements;
            if (!std::isfinite(total) || total > 1e15)
                return Error { "header." + it.key(), "the tensors add up to an implausible size", fileName };
        }
        return total;
    } catch (const std::exception& e) {
        return Error { "", std::string("invalid safetensors header: ") + e.what(), fileName };
    }
}

Expected<double> countSafetensorsParameters(std::string_view headerOrIndex, const std::string& fileName)
{
    return countSafetensorsParameters(headerOrIndex, fileName, "bf16");
}

std::optional<Diagnostic> safetensorsCountWarning(
    const ParameterCounts& config, std::string_view quantization, double stored, const std::string& fileName)
{
    if (!quantization.empty() || !(stored > 0) || !(config.total > 0))
        return std::nullopt;
    const auto apart = [stored](double expected) { return std::abs(stored - expected) / expected; };
    const double nearest
        = apart(config.total) <= apart(config.total + config.mtp) ? config.total : config.total + config.mtp;
    const double gap = apart(nearest);
    if (gap <= kSafetensorsCountTolerance)
        return std::nullopt;
    const auto billions = [](double n) { return formatNumber(n / 1e9, 3) + " B"; };
    const std::string percent = formatNumber(gap * 100, 2);
    return Diagnostic { "safetensors_count_differs",
        fileName + ": the stored weights hold " + billions(stored) + " parameters (total_size over the dtype's bytes)"
            + " but config.json gives " + billions(nearest) + ", " + percent
            + "% apart: the index and the config may be of different models, or total_size is wrong",
        { { "stored", formatNumber(stored, 6) }, { "config", formatNumber(nearest, 6) }, { "percent", percent },
            { "file", fileName } } };
}

} // namespace gp
