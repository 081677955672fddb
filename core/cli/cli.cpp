// The command-line tool's commands (estimate, plan, export, catalog, validate, example).
#include "cli/cli.h"

#include "base/atomic_file.h"
#include "base/input_file.h"
#include "base/json_keys.h"
#include "base/number_text.h"
#include "budget/budget.h"
#include "cli/budget_command.h"
#include "cli/catalog_import_command.h"
#include "cli/launch_command.h"
#include "cli/model_command.h"
#include "cli/output_files.h"
#include "estimate/estimator.h"
#include "output/frontier_output.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "output/rl_output.h"
#include "output/scenarios_output.h"
#include "output/sensitivity_output.h"
#include "plan/plan_lint.h"
#include "plan/scenarios.h"
#include "planner/planner.h"
#include "planner/scenario_comparison.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace gp
{

namespace
{

struct UsageError {
    std::string message;
};

// Options of one command: flags with a value, and positional arguments.
struct ParsedArgs {
    std::vector<std::string> positional;
    std::map<std::string, std::string> values;
    std::set<std::string> flags;
};

std::optional<UsageError> parseArgs(const std::vector<std::string>& args, std::size_t start,
    const std::set<std::string>& valueOptions, const std::set<std::string>& flagOptions, ParsedArgs& parsed)
{
    for (std::size_t i = start; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.size() > 2 && arg.rfind("--", 0) == 0) {
            std::string name = arg;
            std::string value;
            bool hasValue = false;
            if (auto eq = arg.find('='); eq != std::string::npos) {
                name = arg.substr(0, eq);
                value = arg.substr(eq + 1);
                hasValue = true;
            }
            if (valueOptions.count(name)) {
                if (!hasValue) {
                    if (i + 1 >= args.size())
                        return UsageError { name + " needs a value" };
                    value = args[++i];
                }
                // Taking the last of two values would silently ignore the first one the user typed.
                if (!parsed.values.emplace(name, value).second)
                    return UsageError { name + " is given more than once" };
            } else if (flagOptions.count(name) && !hasValue) {
                // A flag typed twice is a slip (an edited command line); say so rather than accept it silently.
                if (!parsed.flags.insert(name).second)
                    return UsageError { name + " is given more than once" };
            } else {
                return UsageError { "unknown option " + arg };
            }
        } else {
            parsed.positional.push_back(arg);
        }
    }
    return std::nullopt;
}

// Reads a file or standard input ("-"); I/O problems are usage/I/O errors (exit 2). Reads at most 64 MiB + 1
// byte whatever the source, so /dev/zero, a FIFO or an endless pipe cannot make it hang or exhaust memory.
Expected<std::string> readInput(const std::string& path, std::istream& in)
{
    const std::string name = path == "-" ? std::string("standard input") : path;
    std::ifstream file;
    std::istream* stream = &in;
    if (path != "-") {
        std::error_code ignored;
        if (std::filesystem::is_directory(path, ignored))
            return Error { "", "cannot read " + path + ": is a directory" };
        file.open(path, std::ios::binary);
        if (!file)
            return Error { "", "cannot read " + path + ": no such file or not readable" };
        stream = &file;
    }
    std::string text;
    std::vector<char> buffer(1 << 16);
    while (true) {
        stream->read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        const auto count = stream->gcount();
        if (count <= 0)
            break;
        text.append(buffer.data(), static_cast<std::size_t>(count));
        if (text.size() > kMaxInputBytes)
            return Error { "", name + " is larger than 64 MiB" };
    }
    if (stream->bad())
        return Error { "", "cannot read " + name };
    return text;
}

struct CommandContext {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
    const ExportHandler& exportHandler;
    std::string stdinReader; // what read standard input already ("" = nothing)
};

// readInput for one of the command's inputs; standard input ("-") can be read only once per command.
Expected<std::string> readSource(CommandContext& ctx, const std::string& path, const std::string& what)
{
    if (path == "-") {
        if (!ctx.stdinReader.empty())
            return Error { "",
                what + " and " + ctx.stdinReader
                    + " are both - (standard input), which can be read only once; give one of them a file" };
        ctx.stdinReader = what;
    }
    return readInput(path, ctx.in);
}

// The files a command reads (its PLAN and --overrides), which no output may name.
std::vector<std::string> inputFiles(const ParsedArgs& args)
{
    std::vector<std::string> inputs = args.positional;
    if (auto it = args.values.find("--overrides"); it != args.values.end())
        inputs.push_back(it->second);
    return inputs;
}

int fail(CommandContext& ctx, int code, const std::string& message)
{
    ctx.err << "gpu-planner-cli: " << message << '\n';
    return code;
}

// Writes command output to --output FILE (atomically) or standard output.
int emit(CommandContext& ctx, const ParsedArgs& args, const std::string& text)
{
    auto it = args.values.find("--output");
    if (it == args.values.end()) {
        ctx.out << text;
        ctx.out.flush();
        return ExitOk; // runCli checks that standard output took it
    }
    if (auto checked = checkDestinations({ { "--output", it->second } }, inputFiles(args)); !checked)
        return fail(ctx, ExitUsage, checked.error().toString());
    auto written = writeFileAtomically(it->second, text);
    if (!written)
        return fail(ctx, ExitUsage, written.error().toString());
    return ExitOk;
}

// The catalog with the user's overrides file (--overrides FILE, JSON or CSV) merged in.
Expected<Catalog> loadCatalog(CommandContext& ctx, const ParsedArgs& args)
{
    auto it = args.values.find("--overrides");
    if (it == args.values.end())
        return builtinCatalog();
    auto text = readSource(ctx, it->second, "--overrides");
    if (!text) {
        Error unreadable { "", text.error().message };
        unreadable.ioFailure = true;
        return unreadable;
    }
    JsonKeyAudit audit; // misspelt and repeated keys are warned about, not refused
    auto overrides = parseOverridesFile(*text, it->second);
    if (!overrides)
        return overrides.error();
    if (!looksLikeCsvOverrides(it->second, *text))
        for (const auto& warning : audit.fileWarnings(*text))
            ctx.err << "warning: " << it->second << ": " << warning << '\n';
    Catalog merged = mergeOverrides(builtinCatalog(), *overrides);
    // An entry the merge had to drop (unknown instance or GPU) would silently lose the user's quote: refuse it,
    // as `catalog validate` does.
    for (const auto& notice : merged.notices)
        if (notice.rfind("overrides:", 0) == 0)
            return Error { "", notice.substr(11), it->second };
    return merged;
}

// Loads the plan named by the first positional argument; returns the exit code on failure.
std::optional<int> loadPlan(CommandContext& ctx, const ParsedArgs& args, const std::string& command, Plan& plan)
{
    if (args.positional.size() != 1)
        return fail(ctx, ExitUsage, command + " needs exactly one PLAN (a path, or - for standard input)");
    auto text = readSource(ctx, args.positional[0], "PLAN");
    if (!text)
        return fail(ctx, ExitUsage, text.error().message);
    JsonKeyAudit audit; // misspelt and repeated keys are warned about, not refused
    auto parsed = parsePlan(*text);
    const std::string name = args.positional[0] == "-" ? std::string("<stdin>") : args.positional[0];
    if (!parsed)
        return fail(ctx, ExitInvalidInput, name + ": " + parsed.error().toString());
    declarePlanFields(audit);
    for (const auto& warning : audit.fileWarnings(*text))
        ctx.err << "warning: " << name << ": " << warning << '\n';
    plan = std::move(*parsed);
    return std::nullopt;
}

// Reads --format (default json, the spec's contract for scripts) and checks it is one of `allowed`.
std::optional<int> checkFormat(
    CommandContext& ctx, const ParsedArgs& args, const std::set<std::string>& allowed, std::string& format)
{
    auto it = args.values.find("--format");
    format = it == args.values.end() ? std::string("json") : it->second;
    if (!allowed.count(format)) {
        std::string list;
        for (const auto& f : allowed)
            list += (list.empty() ? "" : "|") + f;
        return fail(ctx, ExitUsage, "--format must be " + list + ", got \"" + format + "\"");
    }
    return std::nullopt;
}

int catalogError(CommandContext& ctx, const Error& error)
{
    if (error.ioFailure)
        return fail(ctx, ExitUsage, error.toString());
    return fail(ctx, ExitInvalidInput, error.toString());
}

// What `estimate` and `plan` both read: --format, --output and --overrides, the plan and the catalog. Returns the
// exit code when one of them fails.
struct ReportInputs {
    ParsedArgs args;
    std::string format;
    Plan plan;
    std::optional<Catalog> catalog;
};

std::optional<int> readReportInputs(CommandContext& ctx, const std::vector<std::string>& argv, const char* command,
    ReportInputs& in, const std::set<std::string>& moreValues = {}, const std::set<std::string>& flags = {})
{
    std::set<std::string> values { "--format", "--output", "--overrides" };
    values.insert(moreValues.begin(), moreValues.end());
    if (auto e = parseArgs(argv, 1, values, flags, in.args))
        return fail(ctx, ExitUsage, e->message);
    if (auto code = checkFormat(ctx, in.args, { "json", "csv", "table" }, in.format))
        return *code;
    if (auto code = loadPlan(ctx, in.args, command, in.plan))
        return *code;
    auto catalog = loadCatalog(ctx, in.args);
    if (!catalog)
        return catalogError(ctx, catalog.error());
    in.catalog = std::move(*catalog);
    return std::nullopt;
}

int commandEstimate(CommandContext& ctx, const std::vector<std::string>& argv)
{
    ReportInputs in;
    if (auto code = readReportInputs(ctx, argv, "estimate", in))
        return *code;
    const ParsedArgs& args = in.args;
    const std::string& format = in.format;
    if (in.plan.workload.mode == Mode::Rl)
        return fail(ctx, ExitInvalidInput, "workload.mode: an RL plan is answered by `plan` (it searches placements)");
    auto estimate = estimatePlan(in.plan, *in.catalog);
    if (!estimate)
        return fail(ctx, ExitInvalidInput, estimate.error().toString());
    if (format == "json")
        return emit(ctx, args, planEstimateToJson(*estimate).dump(2) + "\n");
    if (format == "csv")
        return emit(ctx, args, resultsToCsv(estimate->results));
    return emit(ctx, args, resultsToTable(estimate->results, in.plan.workload.mode));
}

// Compares the plan's scenarios (or a sweep's points) and prints the comparison in `format`.
int emitComparison(CommandContext& ctx, const ReportInputs& in, const Plan& plan)
{
    std::string baselineName;
    if (auto it = in.args.values.find("--baseline"); it != in.args.values.end())
        baselineName = it->second;
    auto comparison = compareScenarios(plan, *in.catalog);
    if (!comparison)
        return fail(ctx, ExitInvalidInput, comparison.error().toString());
    const auto baseline = rowNamed(*comparison, baselineName);
    if (!baseline)
        return fail(ctx, ExitUsage, "--baseline \"" + baselineName + "\" names no scenario of the plan");
    setBaseline(*comparison, *baseline);
    for (const ScenarioRow& row : comparison->rows)
        if (row.error)
            return fail(ctx, ExitInvalidInput, row.error->toString());
    if (in.format == "json")
        return emit(ctx, in.args, scenarioComparisonToJson(*comparison).dump(2) + "\n");
    if (in.format == "csv")
        return emit(ctx, in.args, scenarioComparisonToCsv(*comparison));
    return emit(ctx, in.args, scenarioComparisonToTable(*comparison));
}

// A comma-separated list of values: each one JSON when it reads as JSON (numbers, true, false, null, "text"),
// otherwise text ("auto").
std::vector<nlohmann::json> sweepValues(const std::string& list)
{
    std::vector<nlohmann::json> values;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = list.find(',', start);
        std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        nlohmann::json value = nlohmann::json::parse(item, nullptr, false);
        values.push_back(value.is_discarded() || value.is_structured() ? nlohmann::json(item) : value);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return values;
}

int commandSweep(CommandContext& ctx, const std::vector<std::string>& argv)
{
    ReportInputs in;
    if (auto code = readReportInputs(ctx, argv, "sweep", in, { "--field", "--values", "--baseline" }))
        return *code;
    const auto field = in.args.values.find("--field");
    const auto list = in.args.values.find("--values");
    if (field == in.args.values.end() || list == in.args.values.end())
        return fail(ctx, ExitUsage, "sweep needs --field PATH and --values A,B,C");
    const auto values = sweepValues(list->second);
    if (values.size() > kMaxScenarios)
        return fail(ctx, ExitUsage,
            "--values: at most " + std::to_string(kMaxScenarios) + " values, got " + std::to_string(values.size()));
    auto swept = sweepPlan(in.plan, field->second, values);
    if (!swept)
        return fail(ctx,
            swept.error().field == "--field" || swept.error().field == "--values" ? ExitUsage : ExitInvalidInput,
            swept.error().toString());
    return emitComparison(ctx, in, *swept);
}

// Says on standard error when the plan records quotes its answer used (answered_with, saved by the window) that
// this answer does not have: the same plan then gets another answer, and the user should know why.
void noteMissingOverrides(CommandContext& ctx, const Plan& plan, const PlanAnswer& answer)
{
    const std::vector<OverrideUse> missing = overridesMissing(plan, answer.overridesUsed);
    for (const OverrideUse& use : missing) {
        std::string figures;
        if (use.onDemandPerHour)
            figures += formatNumber(*use.onDemandPerHour, 6) + " " + use.currency + "/h";
        if (use.monthly)
            figures += (figures.empty() ? "" : ", ") + formatNumber(*use.monthly, 6) + " " + use.currency + "/month";
        ctx.err << "note: this plan was answered with your " << (use.status == "quoted" ? "account's price" : "quote")
                << " for " << use.instance << (figures.empty() ? "" : " (" + figures + ")")
                << ", which this answer does not use; pass --overrides FILE with it to get the same answer\n";
    }
}

int commandPlan(CommandContext& ctx, const std::vector<std::string>& argv)
{
    ReportInputs in;
    if (auto code
        = readReportInputs(ctx, argv, "plan", in, { "--baseline" }, { "--scenarios", "--frontier", "--sensitivity" }))
        return *code;
    const ParsedArgs& args = in.args;
    const std::string& format = in.format;
    if (args.flags.count("--scenarios") + args.flags.count("--frontier") + args.flags.count("--sensitivity") > 1)
        return fail(ctx, ExitUsage, "give one of --scenarios, --frontier and --sensitivity");
    if (in.plan.workload.mode == Mode::Rl) { // the RL answer (rl/rl_search.h), one per plan
        if (args.flags.count("--scenarios") + args.flags.count("--frontier") + args.flags.count("--sensitivity") > 0
            || args.values.count("--baseline"))
            return fail(ctx, ExitUsage,
                "an RL plan (workload.mode \"rl\") prints its answer only: no --scenarios, "
                "--frontier, --sensitivity or --baseline");
        auto rl = answerRlPlan(in.plan, *in.catalog);
        if (!rl)
            return fail(ctx, ExitInvalidInput, rl.error().toString());
        if (format == "json")
            return emit(ctx, args, rlAnswerToJson(*rl).dump(2) + "\n");
        return emit(ctx, args, format == "csv" ? rlAnswerToCsv(*rl) : rlAnswerToTable(*rl));
    }
    if (args.flags.count("--sensitivity")) {
        if (args.values.count("--baseline"))
            return fail(ctx, ExitUsage, "--baseline needs --scenarios");
        auto answer = answerPlan(in.plan, *in.catalog);
        if (!answer)
            return fail(ctx, ExitInvalidInput, answer.error().toString());
        auto sensitivity = planSensitivity(in.plan, *in.catalog, *answer);
        if (!sensitivity)
            return fail(ctx, ExitInvalidInput, sensitivity.error().toString());
        if (format == "json")
            return emit(ctx, args, sensitivityToJson(*sensitivity).dump(2) + "\n");
        if (format == "csv")
            return emit(ctx, args, sensitivityToCsv(*sensitivity));
        return emit(ctx, args, sensitivityToTable(*sensitivity));
    }
    if (args.flags.count("--scenarios"))
        return emitComparison(ctx, in, in.plan);
    if (args.flags.count("--frontier")) {
        if (format == "table")
            return fail(ctx, ExitUsage, "--frontier prints json or csv");
        auto answer = answerPlan(in.plan, *in.catalog);
        if (!answer)
            return fail(ctx, ExitInvalidInput, answer.error().toString());
        if (format == "csv")
            return emit(ctx, args, frontierToCsv(in.plan, *in.catalog, *answer));
        return emit(ctx, args, frontierToJson(in.plan, *in.catalog, *answer).dump(2) + "\n");
    }
    if (args.values.count("--baseline"))
        return fail(ctx, ExitUsage, "--baseline needs --scenarios");
    auto answer = answerPlan(in.plan, *in.catalog);
    if (!answer)
        return fail(ctx, ExitInvalidInput, answer.error().toString());
    noteMissingOverrides(ctx, in.plan, *answer);
    if (format == "json")
        return emit(ctx, args, planAnswerToJson(*answer).dump(2) + "\n");
    if (format == "csv")
        return emit(ctx, args, answerToCsv(*answer));
    return emit(ctx, args,
        answerToTable(*answer) + "configurations evaluated: " + std::to_string(answer->search.configurationsEvaluated)
            + "\n");
}

int commandExport(CommandContext& ctx, const std::vector<std::string>& argv)
{
    ParsedArgs args;
    if (auto e = parseArgs(argv, 1, { "--pdf", "--csv", "--cost-csv", "--lang", "--overrides", "--launch", "--output" },
            { "--no-bom" }, args))
        return fail(ctx, ExitUsage, e->message);
    if (args.values.count("--launch")) { // launch files of the recommendation (cli/launch_command.h)
        Plan plan;
        if (auto code = loadPlan(ctx, args, "export", plan))
            return *code;
        auto catalog = loadCatalog(ctx, args);
        if (!catalog)
            return catalogError(ctx, catalog.error());
        const auto folder = args.values.find("--output");
        return runLaunchExport(plan, *catalog, args.positional[0], args.values.at("--launch"),
            folder == args.values.end() ? std::string() : folder->second, ctx.out, ctx.err);
    }
    if (args.values.count("--output"))
        return fail(ctx, ExitUsage, "--output goes with --launch (the report's files are --pdf, --csv, --cost-csv)");
    ExportArguments request;
    if (auto it = args.values.find("--pdf"); it != args.values.end())
        request.pdfPath = it->second;
    if (auto it = args.values.find("--csv"); it != args.values.end())
        request.csvPath = it->second;
    if (auto it = args.values.find("--cost-csv"); it != args.values.end())
        request.costCsvPath = it->second;
    if (auto it = args.values.find("--lang"); it != args.values.end())
        request.language = it->second;
    request.csvByteOrderMark = !args.flags.count("--no-bom");
    if (request.pdfPath.empty() && request.csvPath.empty() && request.costCsvPath.empty())
        return fail(ctx, ExitUsage, "export needs --pdf FILE, --csv FILE or --cost-csv FILE");
    if (!request.language.empty() && request.language != "en" && request.language != "zh_CN")
        return fail(ctx, ExitUsage, "--lang must be en or zh_CN, got \"" + request.language + "\"");
    // All or nothing: every destination is checked before the first one is written.
    if (auto checked = checkDestinations(
            { { "--pdf", request.pdfPath }, { "--csv", request.csvPath }, { "--cost-csv", request.costCsvPath } },
            inputFiles(args));
        !checked)
        return fail(ctx, ExitUsage, checked.error().toString());
    Plan plan;
    if (auto code = loadPlan(ctx, args, "export", plan))
        return *code;
    auto catalog = loadCatalog(ctx, args);
    if (!catalog)
        return catalogError(ctx, catalog.error());
    if (plan.workload.mode == Mode::Rl && !request.costCsvPath.empty())
        return fail(
            ctx, ExitInvalidInput, "workload.mode: an RL plan has no cost curve (--cost-csv); use --csv or --pdf");
    if (plan.workload.mode == Mode::Rl && (request.pdfPath.empty() || !ctx.exportHandler)) { // the RL answer's CSV
        if (!request.pdfPath.empty())
            return fail(ctx, ExitUsage, "this build has no PDF report (built without Qt)");
        auto rl = answerRlPlan(plan, *catalog);
        if (!rl)
            return fail(ctx, ExitInvalidInput, rl.error().toString());
        if (auto w = writeFileAtomically(request.csvPath, rlAnswerToCsv(*rl, CsvOptions { request.csvByteOrderMark }));
            !w)
            return fail(ctx, ExitUsage, w.error().toString());
        return ExitOk;
    }
    if (!ctx.exportHandler) {
        if (!request.pdfPath.empty())
            return fail(ctx, ExitUsage, "this build has no PDF report (built without Qt)");
        // CSV needs no Qt: write it from the core.
        auto answer = answerPlan(plan, *catalog);
        if (!answer)
            return fail(ctx, ExitInvalidInput, answer.error().toString());
        CsvOptions options { request.csvByteOrderMark };
        if (!request.csvPath.empty())
            if (auto w = writeFileAtomically(request.csvPath, answerToCsv(*answer, options)); !w)
                return fail(ctx, ExitUsage, w.error().toString());
        if (!request.costCsvPath.empty())
            if (auto w = writeFileAtomically(request.costCsvPath, costCurveToCsv(answerResults(*answer), options)); !w)
                return fail(ctx, ExitUsage, w.error().toString());
        return ExitOk;
    }
    auto exported = ctx.exportHandler(plan, *catalog, request);
    if (!exported)
        return fail(ctx, exported.error().ioFailure || exported.error().field.empty() ? ExitUsage : ExitInvalidInput,
            exported.error().toString());
    return ExitOk;
}

int commandCatalog(CommandContext& ctx, const std::vector<std::string>& argv)
{
    if (argv.size() < 2)
        return fail(ctx, ExitUsage, "catalog needs a subcommand: list, validate or import");
    const std::string& sub = argv[1];
    if (sub == "list") {
        ParsedArgs args;
        if (auto e = parseArgs(argv, 2, { "--format", "--overrides", "--output" }, { "--gpus", "--instances" }, args))
            return fail(ctx, ExitUsage, e->message);
        if (!args.positional.empty())
            return fail(ctx, ExitUsage, "catalog list takes no file argument (use --overrides FILE)");
        std::string format;
        if (auto code = checkFormat(ctx, args, { "json", "table" }, format))
            return *code;
        auto catalog = loadCatalog(ctx, args);
        if (!catalog)
            return catalogError(ctx, catalog.error());
        const bool onlyGpus = args.flags.count("--gpus") && !args.flags.count("--instances");
        const bool onlyInstances = args.flags.count("--instances") && !args.flags.count("--gpus");
        const bool gpus = !onlyInstances;
        const bool instances = !onlyGpus;
        if (format == "json")
            return emit(ctx, args, catalogToJson(*catalog, gpus, instances).dump(2) + "\n");
        return emit(ctx, args, catalogToTable(*catalog, gpus, instances));
    }
    if (sub == "import")
        return runCatalogImport(
            std::vector<std::string>(argv.begin() + 2, argv.end()),
            [&](const std::string& path) { return readInput(path, ctx.in); }, ctx.out, ctx.err);
    if (sub == "validate") {
        ParsedArgs args;
        if (auto e = parseArgs(argv, 2, {}, {}, args))
            return fail(ctx, ExitUsage, e->message);
        if (args.positional.size() != 1)
            return fail(ctx, ExitUsage, "catalog validate needs exactly one FILE");
        const std::string& path = args.positional[0];
        auto text = readInput(path, ctx.in);
        if (!text)
            return fail(ctx, ExitUsage, text.error().message);
        const bool csv = looksLikeCsvOverrides(path, *text);
        const std::string name = path == "-" ? "<stdin>" : path;
        if (csv) {
            auto overrides = parseOverridesCsv(*text, name);
            if (!overrides)
                return fail(ctx, ExitInvalidInput, overrides.error().toString());
            Catalog merged = mergeOverrides(builtinCatalog(), *overrides);
            for (const auto& notice : merged.notices)
                if (notice.rfind("overrides:", 0) == 0)
                    return fail(ctx, ExitInvalidInput, name + ": " + notice.substr(11));
            ctx.out << name << ": valid price sheet, " << overrides->prices.size() << " prices\n";
            return ExitOk;
        }
        // A catalog file is checked together with the built-in catalog it refers to; an overrides file likewise.
        Catalog fragment;
        auto parsed = parseCatalogJson(*text, name, fragment);
        // A GPU the planner cannot time (no floating-point TFLOPS) is refused here, naming it; loading only warns.
        auto untimed = [&](const std::vector<GpuSpec>& gpus) -> std::optional<std::string> {
            for (std::size_t i = 0; i < gpus.size(); ++i) {
                const Tflops& t = gpus[i].tflops;
                if (!(t.fp32 > 0.0 || t.tf32 > 0.0 || t.bf16 > 0.0 || t.fp16 > 0.0 || t.fp8 > 0.0 || t.fp4 > 0.0))
                    return name + ": gpus[" + std::to_string(i) + "].tflops: GPU \"" + gpus[i].id
                        + "\" has no positive figure for fp32, tf32, bf16, fp16, fp8 or fp4; the planner cannot "
                          "time it";
            }
            return std::nullopt;
        };
        if (!parsed) {
            JsonKeyAudit audit;
            auto overrides = parseOverridesJson(*text, name);
            // An overrides file (its format says so) is reported as one: not as a catalog with the wrong format.
            const bool overridesFormat = text->find("\"gpu-planner-overrides\"") != std::string::npos;
            if (!overrides)
                return fail(ctx, ExitInvalidInput,
                    overridesFormat || parsed.error().field == "format"
                            || parsed.error().message.find("format") != std::string::npos
                        ? overrides.error().toString()
                        : parsed.error().toString());
            if (auto problem = untimed(overrides->gpus))
                return fail(ctx, ExitInvalidInput, *problem);
            Catalog merged = mergeOverrides(builtinCatalog(), *overrides);
            for (const auto& notice : merged.notices)
                if (notice.rfind("overrides:", 0) == 0)
                    return fail(ctx, ExitInvalidInput, name + ": " + notice.substr(11));
            for (const auto& warning : catalogWarnings(merged))
                ctx.err << "warning: " << name << ": " << warning.message << '\n';
            for (const auto& warning : audit.fileWarnings(*text))
                ctx.err << "warning: " << name << ": " << warning << '\n';
            ctx.out << name << ": valid overrides, " << overrides->prices.size() << " prices, "
                    << overrides->instances.size() << " machines, " << overrides->gpus.size() << " GPUs\n";
            return ExitOk;
        }
        Catalog combined = builtinCatalog();
        combined.notices.clear();
        auto without = [&](auto& items, const auto& remove) {
            for (const auto& r : remove)
                items.erase(std::remove_if(items.begin(), items.end(), [&](const auto& i) { return i.id == r.id; }),
                    items.end());
            items.insert(items.end(), remove.begin(), remove.end());
        };
        without(combined.gpus, fragment.gpus);
        without(combined.links, fragment.links);
        without(combined.instances, fragment.instances);
        for (const auto& [k, v] : fragment.sources)
            combined.sources[k] = v;
        auto valid = validateCatalog(combined);
        if (!valid)
            return fail(ctx, ExitInvalidInput, name + ": " + valid.error().toString());
        if (auto problem = untimed(fragment.gpus))
            return fail(ctx, ExitInvalidInput, *problem);
        for (const auto& warning : catalogWarnings(fragment))
            ctx.err << "warning: " << name << ": " << warning.message << '\n';
        ctx.out << name << ": valid catalog, " << fragment.gpus.size() << " GPUs, " << fragment.links.size()
                << " links, " << fragment.instances.size() << " instances\n";
        return ExitOk;
    }
    return fail(ctx, ExitUsage, "unknown catalog subcommand \"" + sub + "\" (list, validate or import)");
}

int commandValidate(CommandContext& ctx, const std::vector<std::string>& argv)
{
    ParsedArgs args;
    if (auto e = parseArgs(argv, 1, { "--overrides" }, {}, args))
        return fail(ctx, ExitUsage, e->message);
    Plan plan;
    if (auto code = loadPlan(ctx, args, "validate", plan))
        return *code;
    auto catalog = loadCatalog(ctx, args);
    if (!catalog)
        return catalogError(ctx, catalog.error());
    auto model = resolveModel(plan.model);
    if (!model)
        return fail(ctx, ExitInvalidInput, model.error().toString());
    const auto candidates = planCandidates(plan, *catalog);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        auto hw = resolveCandidate(
            candidates[i], *catalog, candidates[i].nodes.value_or(1), "candidates[" + std::to_string(i) + "]");
        if (!hw)
            return fail(ctx, ExitInvalidInput, hw.error().toString());
    }
    for (const auto& warning : model->warnings)
        ctx.err << "warning: " << warning.message << '\n';
    ctx.out << "valid plan: " << (plan.title.empty() ? model->name : plan.title) << ", " << candidates.size()
            << " candidates\n";
    return ExitOk;
}

} // namespace

std::string cliUsage()
{
    return "Usage: gpu-planner-cli COMMAND [OPTIONS]\n"
           "\n"
           "Plans GPU instances, counts, time and cost for LLM training and inference.\n"
           "\n"
           "Commands:\n"
           "  estimate PLAN [--format json|csv|table] [--output FILE]  evaluate every candidate as configured\n"
           "  plan PLAN [--format json|csv|table] [--output FILE]      search the cheapest configuration that fits\n"
           "  plan PLAN --scenarios [--baseline NAME]                  compare the plan's scenarios side by side\n"
           "  plan PLAN --frontier [--format json|csv]                 every scored configuration: cost, hours, "
           "frontier\n"
           "  plan PLAN --sensitivity                                  how far the answer moves with prices, "
           "efficiencies, spot\n"
           "  sweep PLAN --field PATH --values A,B,C [--baseline NAME] the answer across values of one field\n"
           "                                                           (e.g. workload.sequence_length, "
           "candidates[*].nodes)\n"
           "  export PLAN --pdf FILE | --csv FILE [--cost-csv FILE] [--lang en|zh_CN] [--no-bom]\n"
           "                                                           write the report the window exports\n"
           "  export PLAN --launch torchtitan|megatron|deepspeed|hf|litgpt|vllm|sglang|llama.cpp|k8s [--output DIR]\n"
           "                                                           the recommendation as that framework's launch "
           "files\n"
           "  import FILE [--format plan|json] [--onto PLAN] [--output FILE]\n"
           "                                                           a launch file (torchtitan, Megatron, DeepSpeed, "
           "HF/\n"
           "                                                           TRL/LLaMA-Factory/axolotl, vLLM, SGLang) as a "
           "plan\n"
           "  catalog list [--gpus|--instances] [--format json|table]  the catalog with your overrides\n"
           "  catalog validate FILE                                    check a catalog, overrides or price-sheet file\n"
           "  catalog import FILE --overrides OVERRIDES.json [--currency CNY|USD] [--instance ID] [--region R]\n"
           "                 [--months N]                              merge a cloud CLI's sizes, prices and stock\n"
           "  validate PLAN                                            check a plan file\n"
           "  model import PATH [--format json|table]                  count a Hugging Face config.json (a file, a\n"
           "                                                           folder with one, or a safetensors index)\n"
           "  model list [--format json|table]                         the built-in model presets and their counts\n"
           "  budget FILE [--format json|csv|table] [--output FILE]    a team's budget: items, fleet, commitments, "
           "caps\n"
           "  example [--serving|--rl|--budget]                        print the default plan (or a serving or RL "
           "plan, a budget)\n"
           "\n"
           "Options:\n"
           "  --overrides FILE   merge your price sheet (.json or .csv) over the built-in catalog\n"
           "  --version, --help\n"
           "\n"
           "PLAN is a path, or - for standard input. Exit status: 0 success, 1 invalid input,\n"
           "2 usage or I/O error.\n";
}

namespace
{

int runCommand(CommandContext& ctx, const std::vector<std::string>& args)
{
    std::ostream& out = ctx.out;
    try {
        if (args.empty())
            return fail(ctx, ExitUsage, "no command given\n\n" + cliUsage());
        const std::string& command = args[0];
        if (command == "--help" || command == "-h" || command == "help") {
            out << cliUsage();
            return ExitOk;
        }
        if (command == "--version") {
            out << "gpu-planner-cli " << GP_VERSION << '\n';
            return ExitOk;
        }
        for (const auto& arg : args)
            if (arg == "--help" || arg == "-h") {
                out << cliUsage();
                return ExitOk;
            }
        if (command == "estimate")
            return commandEstimate(ctx, args);
        if (command == "plan")
            return commandPlan(ctx, args);
        if (command == "sweep")
            return commandSweep(ctx, args);
        if (command == "export")
            return commandExport(ctx, args);
        if (command == "catalog")
            return commandCatalog(ctx, args);
        if (command == "validate")
            return commandValidate(ctx, args);
        if (command == "import")
            return runLaunchImport(
                std::vector<std::string>(args.begin() + 1, args.end()),
                [&](const std::string& path) { return readSource(ctx, path, "FILE"); }, ctx.out, ctx.err);
        if (command == "model")
            return runModelCommand(
                std::vector<std::string>(args.begin() + 1, args.end()),
                [&](const std::string& path) { return readSource(ctx, path, "PATH"); }, ctx.out, ctx.err);
        if (command == "budget")
            return runBudgetCommand(
                std::vector<std::string>(args.begin() + 1, args.end()),
                [&](const std::string& path) { return readSource(ctx, path, "FILE"); }, ctx.out, ctx.err);
        if (command == "example") {
            if (args.size() > 2
                || (args.size() == 2 && args[1] != "--serving" && args[1] != "--rl" && args[1] != "--budget"))
                return fail(ctx, ExitUsage, "example takes no arguments but --serving, --rl or --budget");
            out << (args.size() == 1        ? defaultPlanText()
                    : args[1] == "--budget" ? exampleBudgetText()
                    : args[1] == "--rl"     ? rlPlanText()
                                            : servingPlanText());
            return ExitOk;
        }
        return fail(ctx, ExitUsage, "unknown command \"" + command + "\"\n\n" + cliUsage());
    } catch (const std::bad_alloc&) {
        return fail(ctx, ExitInvalidInput, "out of memory while processing the input");
    } catch (const std::exception& e) {
        return fail(ctx, ExitInvalidInput, std::string("internal error: ") + e.what());
    }
}

} // namespace

int runCli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
    const ExportHandler& exportHandler)
{
    CommandContext ctx { in, out, err, exportHandler, {} };
    const int code = runCommand(ctx, args);
    // Output that did not reach standard output (a full disk, /dev/full, a closed descriptor) is an I/O error,
    // not a success with a truncated answer.
    errno = 0;
    out.flush();
    if (!out) {
        const int error = errno;
        out.clear();
        return fail(ctx, ExitUsage,
            std::string("cannot write to standard output")
                + (error != 0 ? std::string(": ") + std::strerror(error) : std::string()));
    }
    return code;
}

} // namespace gp
