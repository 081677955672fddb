// The budget command: read the budget and the plans it names, answer it, print it.
#include "cli/budget_command.h"

#include "base/atomic_file.h"
#include "base/file_extensions.h"
#include "base/input_file.h"
#include "base/json_keys.h"
#include "budget/budget_cap_fixes.h"
#include "budget/budget_output.h"
#include "cli/cli.h"

#include <filesystem>
#include <ostream>

namespace gp
{

namespace
{

int budgetFail(std::ostream& err, int code, const std::string& message)
{
    err << "gpu-planner-cli: " << message << '\n';
    return code;
}

struct BudgetCommandArgs {
    std::string file;
    std::string format = "table";
    std::string overrides;
    std::string output;
};

std::optional<std::string> parseBudgetArgs(const std::vector<std::string>& args, BudgetCommandArgs& out)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        std::string* value = a == "--format" ? &out.format
            : a == "--overrides"             ? &out.overrides
            : a == "--output"                ? &out.output
                                             : nullptr;
        if (value) {
            if (i + 1 >= args.size())
                return a + " needs a value";
            *value = args[++i];
        } else if (a.size() > 1 && a[0] == '-' && a != "-") {
            return "unknown option " + a;
        } else if (out.file.empty()) {
            out.file = a;
        } else {
            return "budget takes one FILE";
        }
    }
    if (out.file.empty())
        return "budget needs a FILE (a " + dottedExtension(kBudgetExtension) + " path, or - for standard input)";
    if (out.format != "json" && out.format != "csv" && out.format != "table")
        return "--format must be json, csv or table";
    return std::nullopt;
}

} // namespace

int runBudgetCommand(
    const std::vector<std::string>& args, const InputReader& read, std::ostream& out, std::ostream& err)
{
    BudgetCommandArgs parsed;
    if (auto problem = parseBudgetArgs(args, parsed))
        return budgetFail(err, ExitUsage, *problem);
    Catalog catalog = builtinCatalog();
    if (!parsed.overrides.empty()) {
        auto text = read(parsed.overrides);
        if (!text)
            return budgetFail(err, ExitUsage, text.error().toString());
        auto overrides = parseOverridesFile(*text, parsed.overrides);
        if (!overrides)
            return budgetFail(err, ExitInvalidInput, overrides.error().toString());
        catalog = mergeOverrides(catalog, *overrides);
    }
    auto text = read(parsed.file);
    if (!text)
        return budgetFail(err, ExitUsage, text.error().toString());
    JsonKeyAudit audit; // misspelt and repeated keys are warned about, not refused
    auto budget = parseBudget(*text);
    if (!budget) {
        Error e = budget.error();
        e.file = parsed.file == "-" ? "<stdin>" : parsed.file;
        return budgetFail(err, ExitInvalidInput, e.toString());
    }
    for (const auto& warning : audit.fileWarnings(*text))
        err << "warning: " << (parsed.file == "-" ? "<stdin>" : parsed.file) << ": " << warning << '\n';
    const std::string baseDir
        = parsed.file == "-" ? std::string() : std::filesystem::path(parsed.file).parent_path().string();
    loadBudgetPlans(*budget, baseDir, [](const std::string& path) { return readRegularFile(path); });
    BudgetPlanCache cache;
    BudgetAnswer answer = answerBudget(*budget, catalog, {}, &cache);
    addGentlerCapFixes(answer, *budget, catalog, cache); // a later start, a share of the traffic (not in the window)
    const std::string rendered = parsed.format == "json" ? budgetAnswerToJson(answer).dump(2) + "\n"
        : parsed.format == "csv"                         ? budgetAnswerToCsv(answer)
                                                         : budgetAnswerToTable(answer);
    for (const ItemBudget& item : answer.items)
        if (item.error)
            err << "gpu-planner-cli: item \"" << item.name << "\" failed: " << item.error->toString() << '\n';
    if (parsed.output.empty()) {
        out << rendered;
        return ExitOk;
    }
    if (parsed.output == parsed.file || parsed.output == parsed.overrides)
        return budgetFail(err, ExitUsage, "--output names an input file");
    if (auto written = writeFileAtomically(parsed.output, rendered); !written)
        return budgetFail(err, ExitUsage, written.error().toString());
    return ExitOk;
}

} // namespace gp
