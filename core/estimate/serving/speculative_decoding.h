// Speculative decoding in a serving engine (workload.serving.speculative): a draft (EAGLE or EAGLE-3 head, or the
// model's own multi-token-prediction module) proposes draft_tokens tokens for each decoding request, one draft forward
// after another; the target verifies them in one forward over draft_tokens + 1 tokens per request and keeps the
// accepted prefix plus one token of its own. The figures come from the catalog per method
// (serving.speculative.<method>.*), the plan's draft_tokens and acceptance_rate override them.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

namespace gp
{

class ReplicaSteps;

// One method's catalog figures: acceptance, draft length, and the draft's shape in units of the target's layers.
struct SpeculativeMethodDefaults {
    double acceptanceRate = 0;
    int draftTokens = 0;
    double draftLayers = 0; // decoder layers of the target's kind in the draft
    double projectionInputs = 0; // the draft's input projection: projectionInputs x hidden -> hidden
};

// What one replica runs with.
struct SpeculativeSettings {
    SpeculativeMethod method = SpeculativeMethod::None;
    int draftTokens = 0;
    double acceptanceRate = 0;
    double draftLayers = 0;
    double projectionInputs = 0;
    bool on() const { return method != SpeculativeMethod::None && draftTokens > 0; }
    // Tokens each decoding request runs through the target in one step: its drafts and the token before them.
    double verifiedTokens() const { return on() ? 1.0 + draftTokens : 1.0; }
};

// The catalog's figures for `method` (a catalog without a key gets the built-in catalog's).
SpeculativeMethodDefaults speculativeMethodDefaults(const Catalog& catalog, SpeculativeMethod method);

// The plan's speculation with the method's defaults filled in.
SpeculativeSettings speculativeSettings(const ServingSpeculative& plan, const SpeculativeMethodDefaults& defaults);

// Expected tokens a request gains per verification step with k drafted tokens each accepted with probability alpha
// given the previous one was (Leviathan, Kalman and Matias 2023, eq. 1): (1 - alpha^(k+1)) / (1 - alpha); k + 1 at
// alpha = 1, 1 at k = 0. Never more than k + 1.
double expectedTokensPerStep(double acceptanceRate, int draftTokens);

// Whether speculation pays on one replica: time per output token of decode-only steps with and without it.
struct SpeculativePayoff {
    double tokensPerStep = 1; // expectedTokensPerStep
    double speedupAtOne = 1; // one request decoding alone
    double speedupAt = 1; // at `batch` requests decoding
    // The largest batch (requests decoding together, 1 .. capacity) at which speculation is still faster; 0 when it is
    // slower even for one request, `capacity` when it pays at every batch the replica holds.
    int paysUpTo = 0;
};
SpeculativePayoff speculativePayoff(const ReplicaSteps& steps, int capacity, double batch);

// Catalog keys the speculation model reads (every method's).
const std::vector<std::string>& speculativeDefaultKeys();

} // namespace gp
