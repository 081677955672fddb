// The model commands: a Hugging Face config.json (a file, a folder holding one, or a safetensors index beside
// one) imported and counted, and the preset library listed.
#include "cli/model_command.h"

#include "cli/cli.h"
#include "output/model_json.h"

#include <filesystem>
#include <ostream>

namespace gp
{

namespace
{

int failWith(std::ostream& err, int code, const std::string& message)
{
    err << "gpu-planner-cli: " << message << '\n';
    return code;
}

// Reads --format VALUE / --format=VALUE from args[1..]; other arguments not starting with "--" go to `rest`.
bool readFormat(const std::vector<std::string>& args, std::string& format, std::vector<std::string>& rest,
    std::ostream& err, const char* usage)
{
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--format=", 0) == 0) {
            format = arg.substr(9);
        } else if (arg == "--format" && i + 1 < args.size()) {
            format = args[++i];
        } else if (arg.rfind("--", 0) == 0 && arg != "-") {
            failWith(err, ExitUsage, "unknown option " + arg + " (" + usage + ")");
            return false;
        } else {
            rest.push_back(arg);
        }
    }
    return true;
}

bool endsWith(const std::string& s, const std::string& tail)
{
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

int importModel(
    const std::string& path, const std::string& format, const InputReader& read, std::ostream& out, std::ostream& err)
{
    namespace fs = std::filesystem;
    std::error_code ignored;
    std::string configPath = path;
    std::string indexPath;
    if (path != "-" && fs::is_directory(path, ignored)) {
        configPath = (fs::path(path) / "config.json").string();
        if (!fs::exists(configPath, ignored))
            return failWith(err, ExitUsage, "no config.json in " + path);
        const fs::path index = fs::path(path) / "model.safetensors.index.json";
        if (fs::exists(index, ignored))
            indexPath = index.string();
    } else if (endsWith(path, ".safetensors.index.json")) {
        indexPath = path;
        configPath = (fs::path(path).parent_path() / "config.json").string();
        if (!fs::exists(configPath, ignored))
            return failWith(err, ExitUsage, "no config.json beside " + path + " (the index holds no architecture)");
    }
    auto text = read(configPath);
    if (!text)
        return failWith(err, ExitUsage, text.error().toString());
    const std::string shown = configPath == "-" ? std::string("standard input") : configPath;
    auto imported = importHuggingFaceConfig(*text, shown);
    if (!imported)
        return failWith(err, ExitInvalidInput, imported.error().toString());
    std::optional<double> stored;
    if (!indexPath.empty()) {
        auto index = read(indexPath);
        if (!index)
            return failWith(err, ExitUsage, index.error().toString());
        auto count = countSafetensorsParameters(
            *index, indexPath, imported->torchDtype.empty() ? "bf16" : imported->torchDtype);
        if (!count)
            return failWith(err, ExitInvalidInput, count.error().toString());
        stored = *count;
        // What the docs promise: total_size is a check on the config's count, and a contradiction is said.
        if (auto differs = safetensorsCountWarning(
                countParameters(imported->architecture), imported->quantization, *stored, indexPath))
            imported->warnings.push_back(*differs);
    }
    for (const Diagnostic& d : imported->warnings)
        err << "warning: " << d.message << '\n';
    if (format == "table")
        out << importedModelToTable(*imported, shown, stored);
    else
        out << importedModelToJson(*imported, shown, stored).dump(2) << '\n';
    return ExitOk;
}

} // namespace

int runModelCommand(const std::vector<std::string>& args, const InputReader& read, std::ostream& out, std::ostream& err)
{
    if (args.empty())
        return failWith(err, ExitUsage, "model needs a subcommand: import or list");
    const std::string& sub = args[0];
    if (sub == "import") {
        // model import PATH [--format json|table] (json by default, what scripts read).
        std::string format = "json";
        std::vector<std::string> paths;
        if (!readFormat(args, format, paths, err, "model import PATH [--format json|table]"))
            return ExitUsage;
        if (paths.size() != 1)
            return failWith(err, ExitUsage,
                "model import takes one PATH (a config.json, a folder with one, or a "
                "model.safetensors.index.json beside one)");
        if (format != "json" && format != "table")
            return failWith(err, ExitUsage, "--format must be json or table for model import, got \"" + format + "\"");
        return importModel(paths.front(), format, read, out, err);
    }
    if (sub == "list") {
        std::string format = "table";
        std::vector<std::string> extra;
        if (!readFormat(args, format, extra, err, "model list [--format json|table]"))
            return ExitUsage;
        if (!extra.empty())
            return failWith(
                err, ExitUsage, "unknown argument " + extra.front() + " (model list [--format json|table])");
        if (format == "json") {
            out << presetsToJson(modelPresets()).dump(2) << '\n';
            return ExitOk;
        }
        if (format == "table") {
            out << presetsToTable(modelPresets());
            return ExitOk;
        }
        return failWith(err, ExitUsage, "--format must be json or table for model list, got \"" + format + "\"");
    }
    return failWith(err, ExitUsage, "unknown model subcommand \"" + sub + "\" (import or list)");
}

} // namespace gp
