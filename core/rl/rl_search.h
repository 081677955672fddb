// The RL answer: per candidate, the placement, pool sizes and layouts that finish the plan's steps cheapest (or
// fastest, or cheapest under a deadline, or fastest under a budget), and the candidates ranked with why each loses.
#pragma once

#include "catalog/catalog.h"
#include "rl/rl_step_time.h"

#include <optional>
#include <string>
#include <vector>

namespace gp
{

struct RlChoice {
    RlStepEstimate step;
    int gpus = 0; // every GPU of the candidate's nodes (both pools)
    double stepsPerHour = 0;
    double hours = 0; // the plan's steps, with the training model's goodput
    double gpuHours = 0;
    std::optional<double> pricePerHour; // all nodes, plan currency
    std::optional<double> cost; // to finish, under `billingMode`
    std::optional<BillingMode> billingMode;
    std::optional<double> costPer1000Prompts;
};

struct RlCandidateAnswer {
    std::string candidate; // instance id or label
    std::string gpu;
    std::string gpuName;
    int gpusPerNode = 1;
    bool fits = false;
    bool meetsObjective = false;
    RlChoice best; // the chosen layout (the closest miss when none fits)
    std::optional<FitFailure> failure; // why nothing fits, naming the role
    long layoutsEvaluated = 0;
    Diagnostics reasons; // why it is not the recommendation ("rl_costs_more", "rl_slower", ...)
};

struct RlAnswer {
    std::string title;
    SearchObjective objective = SearchObjective::Cost;
    std::string currency;
    RlAlgorithm algorithm = RlAlgorithm::Grpo;
    std::string actor; // the actor's model name
    double trainedSamplesPerStep = 0;
    std::int64_t steps = 0;
    std::vector<RlCandidateAnswer> candidates; // ranked: the recommendation first
    bool recommended = false; // candidates.front() fits and meets the objective
    long layoutsEvaluated = 0;
};

// Searches one candidate: node counts (1, 2, 4, ... up to search.max_nodes for "auto"), placements (the plan's, or
// both), rollout pool sizes and engine tensor degrees; each layout's trainer is the least saving that fits.
RlCandidateAnswer searchRlCandidate(const RlWorkload& workload, const Plan& plan, const CandidateSpec& candidate,
    const Catalog& catalog, const std::string& fieldPath);

// The answer to an RL plan (workload.mode "rl"). Errors name the field.
Expected<RlAnswer> answerRlPlan(const Plan& plan, const Catalog& catalog);

} // namespace gp
