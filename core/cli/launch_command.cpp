#include "cli/launch_command.h"

#include "base/atomic_file.h"
#include "launch/launch.h"
#include "planner/answer.h"

#include <filesystem>
#include <map>
#include <ostream>

namespace gp
{

namespace
{

int launchFail(std::ostream& err, int code, const std::string& message)
{
    err << "gpu-planner-cli: " << message << '\n';
    return code;
}

// What the import read and left out, for the plan's notes: the ignored fields are never dropped silently.
std::string importSummary(const LaunchImport& launch)
{
    std::string text = "Imported from " + launch.fileName + " (" + launch.format
        + "): " + std::to_string(launch.mapped.size()) + " field(s) used, " + std::to_string(launch.ignored.size())
        + " ignored.";
    std::size_t listed = 0;
    for (const auto& i : launch.ignored) {
        const std::string line = "\n- " + i.field
            + (i.line > 0 ? " (line " + std::to_string(i.line) + ")" : std::string()) + ": " + i.reason;
        if (text.size() + line.size() > 15000) // the plan's notes hold 20,000 characters (plan/limits.h)
            break;
        text += line;
        ++listed;
    }
    if (listed < launch.ignored.size())
        text += "\n- and " + std::to_string(launch.ignored.size() - listed)
            + " more (gpu-planner-cli import --format json lists them all)";
    return text;
}

} // namespace

int runLaunchImport(
    const std::vector<std::string>& args, const LaunchInputReader& read, std::ostream& out, std::ostream& err)
{
    constexpr int ok = 0, invalid = 1, usage = 2;
    std::vector<std::string> files;
    std::map<std::string, std::string> values;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        if (name.rfind("--", 0) != 0 || name == "-") {
            files.push_back(name);
            continue;
        }
        std::string value;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            return launchFail(err, usage, name + " needs a value");
        }
        if (name != "--format" && name != "--onto" && name != "--output")
            return launchFail(err, usage, "unknown option " + name);
        if (!values.emplace(name, value).second)
            return launchFail(err, usage, name + " is given more than once");
    }
    if (files.size() != 1)
        return launchFail(err, usage, "import needs exactly one FILE (a launch file)");
    const std::string format = values.count("--format") ? values["--format"] : "plan";
    if (format != "plan" && format != "json")
        return launchFail(err, usage, "--format must be plan or json, got \"" + format + "\"");
    auto text = read(files[0]);
    if (!text)
        return launchFail(err, usage, text.error().message);
    const std::string name = files[0] == "-" ? std::string("standard input") : files[0];
    auto launch = readLaunchFile(*text, name);
    if (!launch)
        return launchFail(err, invalid, launch.error().toString());
    Plan base;
    if (values.count("--onto")) {
        auto baseText = read(values["--onto"]);
        if (!baseText)
            return launchFail(err, usage, baseText.error().message);
        auto parsed = parsePlan(*baseText);
        if (!parsed)
            return launchFail(err, invalid, values["--onto"] + ": " + parsed.error().toString());
        base = *parsed;
    } else {
        auto parsed = parsePlan(launch->serving ? servingPlanText() : defaultPlanText());
        if (!parsed)
            return launchFail(err, invalid, parsed.error().toString());
        base = *parsed;
    }
    auto plan = applyLaunchImport(base, *launch);
    if (!plan)
        return launchFail(err, invalid, plan.error().toString());
    if (plan->title.empty() || !values.count("--onto"))
        plan->title = "Imported from " + std::filesystem::path(name).filename().string();
    plan->notes = (plan->notes.empty() ? std::string() : plan->notes + "\n\n") + importSummary(*launch);
    std::string output;
    if (format == "json") {
        nlohmann::json document = launchImportToJson(*launch);
        document["plan"] = planToJson(*plan);
        output = document.dump(2) + "\n";
    } else {
        output = serializePlan(*plan);
    }
    if (!values.count("--output")) {
        out << output;
        return ok;
    }
    if (auto written = writeFileAtomically(values["--output"], output); !written)
        return launchFail(err, usage, written.error().toString());
    return ok;
}

int runLaunchExport(const Plan& plan, const Catalog& catalog, const std::string& planPath, const std::string& format,
    const std::string& outputFolder, std::ostream& out, std::ostream& err)
{
    constexpr int ok = 0, invalid = 1, usage = 2;
    auto answer = answerPlan(plan, catalog);
    if (!answer)
        return launchFail(err, invalid, answer.error().toString());
    const std::string planName = !plan.title.empty() ? plan.title
        : planPath == "-"                            ? std::string("standard input")
                                                     : std::filesystem::path(planPath).filename().string();
    auto files = exportLaunch(plan, *answer, catalog, format, planName);
    if (!files)
        return launchFail(err, files.error().field == "--launch" ? usage : invalid, files.error().toString());
    if (outputFolder.empty()) {
        for (const auto& file : files->files)
            out << (files->files.size() > 1 ? "# ==> " + file.name + " <==\n" : std::string()) << file.text;
        return ok;
    }
    auto written = writeLaunchExport(*files, outputFolder);
    if (!written)
        return launchFail(err, usage, written.error().toString());
    for (const auto& path : *written)
        out << path << '\n';
    return ok;
}

} // namespace gp
