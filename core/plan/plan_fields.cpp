// The plan's field table (plan_fields.h): the entries, and the reader and writer every entry goes through.
#include "plan/plan_fields.h"

#include "plan/plan_lint.h"

#include "base/error_words.h"
#include "base/json_reader.h"
#include "base/number_text.h"
#include "plan/limits.h"
#include "plan/plan_enum_tables.h"

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <type_traits>

namespace gp
{

using nlohmann::json;

namespace
{

template <class T> struct PlanFieldOptional : std::false_type {
    using Value = T;
};
template <class T> struct PlanFieldOptional<std::optional<T>> : std::true_type {
    using Value = T;
};

template <class E> struct PlanFieldEnumTable;
#define GP_PLAN_FIELD_ENUM(E, table)                                                                                   \
    template <> struct PlanFieldEnumTable<E> {                                                                         \
        static constexpr const auto& names = detail::table;                                                            \
    }
GP_PLAN_FIELD_ENUM(Mode, kModes);
GP_PLAN_FIELD_ENUM(TrainingObjective, kObjectives);
GP_PLAN_FIELD_ENUM(Technique, kTechniques);
GP_PLAN_FIELD_ENUM(Precision, kPrecisions);
GP_PLAN_FIELD_ENUM(WeightFormat, kWeightFormats);
GP_PLAN_FIELD_ENUM(Optimizer, kOptimizers);
GP_PLAN_FIELD_ENUM(Checkpointing, kCheckpointing);
GP_PLAN_FIELD_ENUM(AttentionKernel, kAttentionKernels);
GP_PLAN_FIELD_ENUM(LossImplementation, kLossImplementations);
GP_PLAN_FIELD_ENUM(TrainingStack, kTrainingStacks);
GP_PLAN_FIELD_ENUM(GradientPrecision, kGradientPrecisions);
GP_PLAN_FIELD_ENUM(MasterWeightsPrecision, kMasterWeightsPrecisions);
GP_PLAN_FIELD_ENUM(CudaGraphScope, kCudaGraphScopes);
GP_PLAN_FIELD_ENUM(MoeDispatcher, kMoeDispatchers);
GP_PLAN_FIELD_ENUM(MoeFlexBackend, kMoeFlexBackends);
GP_PLAN_FIELD_ENUM(Offload, kOffloads);
GP_PLAN_FIELD_ENUM(PipelineSchedule, kPipelineSchedules);
GP_PLAN_FIELD_ENUM(PipelineSplit, kPipelineSplits);
GP_PLAN_FIELD_ENUM(Fp8Recipe, kFp8Recipes);
GP_PLAN_FIELD_ENUM(LoraDropoutPosition, kLoraDropoutPositions);
GP_PLAN_FIELD_ENUM(KvPrecision, kKvPrecisions);
GP_PLAN_FIELD_ENUM(ServingEngineKind, kServingEngines);
GP_PLAN_FIELD_ENUM(ServingDeploymentMode, kServingDeploymentModes);
GP_PLAN_FIELD_ENUM(SpeculativeMethod, kSpeculativeMethods);
GP_PLAN_FIELD_ENUM(PrefixShape, kPrefixShapes);
GP_PLAN_FIELD_ENUM(LoraTargetSet, kLoraTargetSets);
GP_PLAN_FIELD_ENUM(WideEpMode, kWideEpModes);
GP_PLAN_FIELD_ENUM(LengthShape, kLengthShapes);
GP_PLAN_FIELD_ENUM(SloPercentile, kSloPercentiles);
GP_PLAN_FIELD_ENUM(SearchObjective, kSearchObjectives);
GP_PLAN_FIELD_ENUM(RlAlgorithm, kRlAlgorithms);
GP_PLAN_FIELD_ENUM(RlPlacement, kRlPlacements);
GP_PLAN_FIELD_ENUM(RlRewardKind, kRlRewardKinds);
#undef GP_PLAN_FIELD_ENUM

template <class T> json planFieldJson(const T& value)
{
    if constexpr (PlanFieldOptional<T>::value)
        return value ? planFieldJson(*value) : json(nullptr);
    else if constexpr (std::is_enum_v<T>)
        return std::string(detail::nameOf(PlanFieldEnumTable<T>::names, value));
    else
        return json(value);
}

template <class T> void planFieldSet(T& out, const json& value)
{
    if constexpr (PlanFieldOptional<T>::value) {
        if (value.is_null())
            out.reset();
        else
            planFieldSet(out.emplace(), value);
    } else if constexpr (std::is_enum_v<T>) {
        for (const auto& [name, v] : PlanFieldEnumTable<T>::names)
            if (name == value.get_ref<const std::string&>())
                out = v;
    } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
        out = value.get<T>();
    } else if constexpr (std::is_integral_v<T>) {
        out = static_cast<T>(value.get<std::int64_t>());
    } else {
        out = value.get<double>();
    }
}

// The entries of the section headers (field_entry.h) as PlanFields: each entry's member gives the field its kind,
// whether it may be absent, its choices and its get and set.
class PlanFieldTable
{
public:
    template <class Member>
    PlanField& add(std::string_view path, Member member, FieldUnit unit, double min, double max, FieldWrite write,
        FieldReport report);
    // A choice or a flag: no bounds.
    template <class Member> PlanField& add(std::string_view path, Member member, FieldWrite write, FieldReport report)
    {
        return add(path, member, FieldUnit::None, 0, 0, write, report);
    }

    std::vector<PlanField> fields;
};

template <class Member>
PlanField& PlanFieldTable::add(
    std::string_view path, Member, FieldUnit unit, double min, double max, FieldWrite write, FieldReport report)
{
    using T = std::remove_cvref_t<decltype(Member {}(std::declval<Plan&>()))>;
    using V = typename PlanFieldOptional<T>::Value;
    PlanField& f = fields.emplace_back();
    f.path = path;
    f.unit = unit;
    f.min = min;
    f.max = max;
    f.write = write;
    f.report = report;
    f.optional = PlanFieldOptional<T>::value;
    f.get = [](const Plan& plan) { return planFieldJson(Member {}(plan)); };
    f.set = [](Plan& plan, const json& value) { planFieldSet(Member {}(plan), value); };
    if constexpr (std::is_same_v<V, bool>) {
        f.kind = FieldKind::Boolean;
    } else if constexpr (std::is_enum_v<V>) {
        f.kind = FieldKind::Choice;
        for (const auto& entry : PlanFieldEnumTable<V>::names)
            f.choices.push_back(entry.first);
    } else if constexpr (std::is_same_v<V, std::string>) {
        f.kind = FieldKind::Choice;
        for (std::string_view name : detail::kCurrencies)
            f.choices.push_back(name);
    } else if constexpr (std::is_integral_v<V>) {
        f.kind = FieldKind::Integer;
    } else {
        f.kind = FieldKind::Number;
    }
    return f;
}

// Every section's entries, in the order the parser reads them.
std::vector<PlanField> makePlanFields()
{
    PlanFieldTable table;
    workloadFieldEntries(table);
    servingFieldEntries(table);
    rlFieldEntries(table);
    assumptionFieldEntries(table);
    billingFieldEntries(table);
    searchFieldEntries(table);
    return std::move(table.fields);
}

// The JSON value at `path` ("a.b.c") of `document`, or nullptr.
json* planFieldSlot(json& document, std::string_view path, bool create)
{
    json* node = &document;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = path.find('.', start);
        const std::string key(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (!node->is_object()) {
            if (!create)
                return nullptr;
            *node = json::object();
        }
        auto it = node->find(key);
        if (it == node->end()) {
            if (!create)
                return nullptr;
            it = node->emplace(key, json(nullptr)).first;
        }
        node = &*it;
        if (dot == std::string_view::npos)
            return node;
        start = dot + 1;
    }
}

void erasePlanFieldSlot(json& document, std::string_view path)
{
    const std::size_t dot = path.rfind('.');
    json* parent = dot == std::string_view::npos ? &document : planFieldSlot(document, path.substr(0, dot), false);
    if (parent && parent->is_object())
        parent->erase(std::string(path.substr(dot + 1)));
}

// One number as the table reads it; false (error set) when it is not one or out of bounds.
bool readPlanFieldNumber(detail::JsonReader& r, const PlanField& f, const json& value, json& out)
{
    const std::string key(f.key());
    if (!f.rangeWords.empty()) { // one message for every wrong value
        const double v = value.is_number() ? value.get<double>() : 0;
        if (!value.is_number() || !std::isfinite(v) || v != std::floor(v) || v < f.min || v > f.max) {
            r.fail(key,
                "must be " + std::string(f.rangeWords) + ", got "
                    + (value.is_number() ? value.dump() : detail::describeJsonType(value)));
            return false;
        }
        out = std::int64_t(v);
        return true;
    }
    if (f.kind == FieldKind::Integer) {
        std::int64_t v = 0;
        if (!r.integer(key, v, true, std::int64_t(f.min), std::int64_t(f.max)))
            return false;
        out = v;
        return true;
    }
    double v = 0;
    if (!r.number(key, v, true, f.minExclusive ? -1e300 : f.min, f.minExclusive ? 1e300 : f.max))
        return false;
    if (f.minExclusive && !(v > f.min && v <= f.max)) {
        r.fail(key, Words { words::kAboveAndAtMostGot, { formatExact(f.min), formatExact(f.max), formatExact(v) } });
        return false;
    }
    out = v;
    return true;
}

} // namespace

std::string_view PlanField::key() const
{
    const std::size_t dot = path.rfind('.');
    return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

std::string_view PlanField::parent() const
{
    const std::size_t dot = path.rfind('.');
    return dot == std::string_view::npos ? std::string_view() : path.substr(0, dot);
}

json PlanField::defaultValue() const
{
    static const Plan defaults;
    return get(defaults);
}

const std::vector<PlanField>& planFields()
{
    static const std::vector<PlanField> fields = makePlanFields();
    return fields;
}

const PlanField* findPlanField(std::string_view path)
{
    static const std::map<std::string_view, const PlanField*> byPath = [] {
        std::map<std::string_view, const PlanField*> index;
        for (const PlanField& f : planFields())
            index.emplace(f.path, &f);
        return index;
    }();
    const auto it = byPath.find(path);
    return it == byPath.end() ? nullptr : it->second;
}

std::vector<const PlanField*> sweepableFields()
{
    std::vector<const PlanField*> list;
    for (const PlanField& f : planFields())
        if (f.sweepable())
            list.push_back(&f);
    return list;
}

void readPlanFields(detail::JsonReader& r, Plan& plan)
{
    for (const PlanField& f : planFields()) {
        if (!r.ok())
            return;
        if (f.parent() != r.path())
            continue;
        const std::string key(f.key());
        if (!r.has(key) || r.isNull(key))
            continue; // absent: the plan's default
        const json& value = r.object()[key];
        json out;
        if (!f.absentWord.empty() && value.is_string()) {
            if (value.get_ref<const std::string&>() != f.absentWord) {
                r.fail(key,
                    Words { words::kPositiveIntegerOrWordGot,
                        { std::string(f.absentWord), detail::describeJsonType(value) } });
                return;
            }
            f.set(plan, json(nullptr));
            continue;
        }
        switch (f.kind) {
        case FieldKind::Boolean: {
            bool b = false;
            if (!r.boolean(key, b, true))
                return;
            out = b;
            break;
        }
        case FieldKind::Choice: {
            std::string text;
            if (!r.string(key, text, true))
                return;
            bool known = false;
            std::string allowed;
            for (std::string_view name : f.choices) {
                known = known || name == text;
                allowed += (allowed.empty() ? "" : ", ") + std::string(name);
            }
            if (!known) {
                r.fail(key, "unknown value \"" + text + "\"; expected one of: " + allowed);
                return;
            }
            out = text;
            break;
        }
        case FieldKind::Text: {
            std::string text;
            if (!r.string(key, text, true))
                return;
            out = text;
            break;
        }
        case FieldKind::Integer:
        case FieldKind::Number:
            if (!readPlanFieldNumber(r, f, value, out))
                return;
            break;
        }
        f.set(plan, out);
    }
}

void writePlanFields(const Plan& plan, json& known, json& document, bool servingWritten, bool rlWritten)
{
    for (const PlanField& f : planFields()) {
        json value = f.get(plan);
        const bool atDefault = value == f.defaultValue();
        const bool written = f.write == FieldWrite::Always || !atDefault
            || (f.write == FieldWrite::WithServing && servingWritten) || (f.write == FieldWrite::WithRl && rlWritten);
        if (!written) {
            erasePlanFieldSlot(document, f.path);
            continue;
        }
        if (value.is_null() && !f.absentWord.empty())
            value = std::string(f.absentWord);
        *planFieldSlot(known, f.path, true) = std::move(value);
    }
}

const std::vector<std::string_view>& planPathsBesideTheTable()
{
    static const std::vector<std::string_view> paths { "format", "version", "title", "notes", "model", "candidates",
        "workload.lora.target_modules", "workload.serving.load", "workload.serving.engine.version",
        "workload.serving.engine.cuda_graph_batch_sizes", "workload.rl.reward.preset", "workload.rl.reward.parameters",
        "workload.rl.critic", "billing.modes", "billing.regions", "answered_with" };
    return paths;
}

json unmodelledFields(const json& document)
{
    if (!document.is_object())
        return json::object();
    json rest = document;
    for (const PlanField& f : planFields())
        erasePlanFieldSlot(rest, f.path);
    for (std::string_view path : planPathsBesideTheTable())
        erasePlanFieldSlot(rest, path);
    // Sections left empty say nothing.
    for (const char* section : { "workload", "assumptions", "billing", "search" }) {
        if (json* s = planFieldSlot(rest, section, false); s && s->is_object()) {
            for (const char* inner : { "lora", "parallelism", "inference", "serving", "rl" })
                if (json* i = planFieldSlot(*s, inner, false); i && i->is_object()) {
                    for (const char* deeper : { "slo", "engine", "deployment", "speculative", "prefix_cache", "lora",
                             "wide_ep", "reward", "traffic" })
                        if (json* d = planFieldSlot(*i, deeper, false); d && (d->is_null() || d->empty()))
                            i->erase(deeper);
                    if (i->empty())
                        s->erase(inner);
                }
            if (s->empty())
                rest.erase(section);
        }
    }
    return rest;
}

} // namespace gp
