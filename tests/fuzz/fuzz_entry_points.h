// The code paths each fuzz target drives, shared with tests/core/test_fuzz_regressions.cpp so that every kept
// reproducer is replayed through exactly what the fuzzer ran. Each function must return normally for any input:
// an exception escaping, a sanitizer report or a hang is a bug in the core.
#pragma once

#include "catalog/catalog.h"
#include "catalog/catalog_import.h"
#include "estimate/estimator.h"
#include "launch/launch.h"
#include "output/results_csv.h"
#include "output/results_json.h"
#include "plan/plan.h"
#include "planner/planner.h"
#include "transformer/model_library.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gp::fuzz
{

// Estimate (and search small plans) as the CLI does, with every output format.
inline void evaluatePlanInput(const Plan& plan)
{
    auto model = resolveModel(plan.model);
    if (!model)
        return;
    auto estimate = estimatePlan(plan, builtinCatalog());
    if (estimate) {
        (void)planEstimateToJson(*estimate).dump();
        (void)resultsToCsv(estimate->results);
        (void)resultsToTable(estimate->results);
    }
    // The search scores thousands of configurations per candidate: only plans that name one or two candidates
    // and few nodes, so one input stays in milliseconds.
    if (!plan.candidates.empty() && plan.candidates.size() <= 2 && plan.search.maxNodes <= 4) {
        auto answer = answerPlan(plan, builtinCatalog());
        if (answer) {
            (void)planAnswerToJson(*answer).dump();
            (void)answerToCsv(*answer);
            (void)answerToTable(*answer);
        }
    }
}

// Plan loader: parse, estimate and search, then write back and re-read.
inline void runPlanInput(std::string_view text)
{
    auto plan = parsePlan(text);
    if (!plan)
        return;
    evaluatePlanInput(*plan);
    // Saving what was opened must give a file that opens again (no lost work); checked last so that inputs
    // failing it still exercise the models above.
    const std::string written = serializePlan(*plan);
    auto reread = parsePlan(written);
    if (!reread)
        throw std::logic_error("a plan that was read and written back no longer reads: " + reread.error().toString());
}

// Catalog loader: the text as a catalog file, as a JSON overrides file and as a CSV price sheet, each merged
// over the built-in catalog and listed as `catalog list` does.
inline void runCatalogInput(std::string_view text)
{
    Catalog fragment;
    if (parseCatalogJson(text, "fuzz.json", fragment)) {
        (void)validateCatalog(fragment);
        (void)catalogToJson(fragment, true, true).dump();
    }
    for (int csv = 0; csv < 2; ++csv) {
        auto overrides = csv ? parseOverridesCsv(text, "fuzz.csv") : parseOverridesJson(text, "fuzz.json");
        if (!overrides)
            continue;
        (void)overridesToJson(*overrides);
        const Catalog merged = mergeOverrides(builtinCatalog(), *overrides);
        (void)catalogToJson(merged, true, true).dump();
        (void)catalogToTable(merged, true, true);
    }
}

// Hugging Face import: config.json -> architecture -> parameter counts; safetensors header or index.
inline void runHfConfigInput(std::string_view text)
{
    auto imported = importHuggingFaceConfig(text, "config.json");
    if (imported && validateArchitecture(imported->architecture, "config.json")) {
        (void)countParameters(imported->architecture);
        ModelSpec spec;
        spec.architecture = imported->architecture;
        (void)resolveModel(spec);
    }
    (void)countSafetensorsParameters(text, "model.safetensors");
    (void)countSafetensorsParameters(text, "model.safetensors.index.json", "fp32");
}

// Launch files: the same bytes under each kind of name the reader tells formats by (TOML, YAML, JSON, a shell
// command), then merged onto the default training or serving plan as `gpu-planner-cli import` does, written
// back and re-read.
inline void runLaunchInput(std::string_view text)
{
    static const std::array<const char*, 5> names { "train.toml", "recipe.yaml", "ds_config.json", "launch.sh",
        "serve.txt" };
    for (const char* name : names) {
        auto launch = readLaunchFile(text, name);
        if (!launch)
            continue;
        (void)launchImportToJson(*launch).dump();
        auto base = parsePlan(launch->serving ? servingPlanText() : defaultPlanText());
        if (!base)
            throw std::logic_error("the built-in plan does not read: " + base.error().toString());
        auto plan = applyLaunchImport(*base, *launch);
        if (!plan)
            continue;
        const std::string written = serializePlan(*plan);
        auto reread = parsePlan(written);
        if (!reread)
            throw std::logic_error(
                "an imported plan that was written back no longer reads: " + reread.error().toString());
    }
}

// Cloud listings (`gpu-planner-cli catalog import`): every format the importer recognises, with and without the
// options some of them need, merged into empty overrides and then over the built-in catalog.
inline void runCloudImportInput(std::string_view text)
{
    for (int variant = 0; variant < 2; ++variant) {
        CloudImportOptions options;
        options.fileName = "listing.json";
        options.date = "2026-12-06";
        if (variant == 1) {
            options.currency = "CNY";
            options.instance = "tencent:GT4.41XLARGE948";
            options.months = 1;
        }
        auto imported = importCloudListing(text, options, builtinCatalog(), CatalogOverrides {});
        if (!imported)
            continue;
        (void)overridesToJson(imported->overrides);
        const Catalog merged = mergeOverrides(builtinCatalog(), imported->overrides);
        (void)catalogToJson(merged, true, true).dump();
    }
}

} // namespace gp::fuzz
