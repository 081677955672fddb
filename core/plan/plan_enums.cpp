#include "plan/billing_modes.h"
#include "plan/plan_enum_tables.h"

#include <algorithm>

namespace gp
{

using namespace detail;

std::string_view toString(Mode v)
{
    return nameOf(kModes, v);
}
std::string_view toString(ServingLoadKind v)
{
    return nameOf(kServingLoadKinds, v);
}
std::string_view toString(RlAlgorithm v)
{
    return nameOf(kRlAlgorithms, v);
}
std::string_view toString(RlPlacement v)
{
    return nameOf(kRlPlacements, v);
}
std::string_view toString(RlRewardKind v)
{
    return nameOf(kRlRewardKinds, v);
}
std::string_view toString(TrainingObjective v)
{
    return nameOf(kObjectives, v);
}
std::string_view toString(Technique v)
{
    return nameOf(kTechniques, v);
}
std::string_view toString(Precision v)
{
    return nameOf(kPrecisions, v);
}
std::string_view toString(WeightFormat v)
{
    return nameOf(kWeightFormats, v);
}
std::string_view toString(Optimizer v)
{
    return nameOf(kOptimizers, v);
}
std::string_view toString(Checkpointing v)
{
    return nameOf(kCheckpointing, v);
}

std::string_view toString(TrainingStack v)
{
    return nameOf(kTrainingStacks, v);
}

std::string_view toString(GradientPrecision v)
{
    return nameOf(kGradientPrecisions, v);
}

std::string_view toString(LossImplementation v)
{
    return nameOf(kLossImplementations, v);
}
std::string_view toString(AttentionKernel v)
{
    return nameOf(kAttentionKernels, v);
}
std::string_view toString(Offload v)
{
    return nameOf(kOffloads, v);
}
std::string_view toString(PipelineSchedule v)
{
    return nameOf(kPipelineSchedules, v);
}
std::string_view toString(Fp8Recipe v)
{
    return nameOf(kFp8Recipes, v);
}
std::string_view toString(LoraDropoutPosition v)
{
    return nameOf(kLoraDropoutPositions, v);
}
std::string_view toString(KvPrecision v)
{
    return nameOf(kKvPrecisions, v);
}
std::string_view toString(ServingEngineKind v)
{
    return nameOf(kServingEngines, v);
}
std::string_view toString(ServingDeploymentMode v)
{
    return nameOf(kServingDeploymentModes, v);
}

std::string_view toString(SpeculativeMethod v)
{
    return nameOf(kSpeculativeMethods, v);
}

std::string_view toString(PrefixShape v)
{
    return nameOf(kPrefixShapes, v);
}

std::string_view toString(LoraTargetSet v)
{
    return nameOf(kLoraTargetSets, v);
}

std::string_view toString(WideEpMode v)
{
    return nameOf(kWideEpModes, v);
}

std::string_view toString(LengthShape v)
{
    return nameOf(kLengthShapes, v);
}
std::string_view toString(SloPercentile v)
{
    return nameOf(kSloPercentiles, v);
}
std::string_view toString(SearchObjective v)
{
    return nameOf(kSearchObjectives, v);
}
std::string_view toString(ModelKind v)
{
    return nameOf(kModelKinds, v);
}
std::string_view toString(MlpKind v)
{
    return nameOf(kMlpKinds, v);
}

const std::vector<std::string>& billingModeNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> codes;
        for (const BillingModeSpec& mode : billingModes())
            codes.emplace_back(mode.code);
        return codes;
    }();
    return names;
}

const std::vector<std::string>& defaultBillingModes()
{
    static const std::vector<std::string> modes = [] {
        std::vector<std::string> codes;
        for (const BillingModeSpec& mode : billingModes())
            if (mode.countedByDefault)
                codes.emplace_back(mode.code);
        return codes;
    }();
    return modes;
}

bool Billing::allows(BillingMode mode) const
{
    return billingModeListed(modes, mode);
}

} // namespace gp
