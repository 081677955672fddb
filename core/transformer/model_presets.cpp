// The built-in model library: presets parsed from the embedded models/presets.json.
#include "base/embedded_files.h"
#include "base/json_reader.h"
#include "plan/architecture_json.h"
#include "transformer/model_library.h"

#include <algorithm>
#include <cctype>

namespace gp
{

namespace
{

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::string stringField(const nlohmann::json& j, const char* key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

Expected<std::vector<ModelPreset>> parseModelPresets(std::string_view text, const std::string& fileName)
{
    try {
        nlohmann::json doc;
        if (auto problem = detail::parseJsonDocument(text, doc))
            return wordedError("", *problem, fileName);
        if (!doc.is_object() || !doc.contains("presets") || !doc["presets"].is_array())
            return Error { "presets", "must be an array", fileName };
        std::vector<ModelPreset> out;
        const auto& list = doc["presets"];
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = "presets[" + std::to_string(i) + "]";
            const auto& entry = list[i];
            if (!entry.is_object())
                return Error { path, "must be an object", fileName };
            ModelPreset p;
            p.id = stringField(entry, "id");
            p.name = stringField(entry, "name");
            p.family = stringField(entry, "family");
            p.weightsDtype = stringField(entry, "weights_dtype");
            p.source = stringField(entry, "source");
            const std::string convention = stringField(entry, "active_parameters_convention");
            if (!convention.empty() && convention != "with-embedding" && convention != "without-embedding")
                return Error { path + ".active_parameters_convention",
                    "must be \"with-embedding\" or \"without-embedding\", got \"" + convention + "\"", fileName };
            p.activeWithoutEmbedding = convention == "without-embedding";
            if (p.id.empty())
                return Error { path + ".id", "is required", fileName };
            if (p.source.empty())
                return Error { path + ".source", "is required (where the architecture was read)", fileName };
            if (p.weightsDtype.empty())
                p.weightsDtype = "bf16";
            auto arch = readArchitecture(
                entry.value("architecture", nlohmann::json::object()), Architecture {}, path + ".architecture");
            if (!arch) {
                Error e = arch.error();
                e.file = fileName;
                return e;
            }
            auto valid = validateArchitecture(*arch, path + ".architecture");
            if (!valid) {
                Error e = valid.error();
                e.file = fileName;
                return e;
            }
            p.architecture = *arch;
            for (const auto& existing : out)
                if (equalsIgnoreCase(existing.id, p.id))
                    return Error { path + ".id", "duplicate preset id \"" + p.id + "\"", fileName };
            out.push_back(std::move(p));
        }
        return out;
    } catch (const std::exception& e) {
        return Error { "", std::string("invalid JSON: ") + e.what(), fileName };
    }
}

const std::vector<ModelPreset>& modelPresets()
{
    static const std::vector<ModelPreset> presets = [] {
        auto parsed = parseModelPresets(embeddedFile("models/presets.json"), "models/presets.json");
        return parsed ? *parsed : std::vector<ModelPreset> {};
    }();
    return presets;
}

const ModelPreset* findModelPreset(std::string_view id)
{
    for (const auto& p : modelPresets())
        if (equalsIgnoreCase(p.id, id))
            return &p;
    return nullptr;
}

} // namespace gp
