// Mean-field continuous batching at the engine's steps (the closed form AIConfigurator's aggregated model and Vidur's
// simulations share, with the step of step_time.h). Every step decodes one token of each request decoding; prompt
// tokens go into the steps that carry them (vLLM V1: waiting prompts fill what the running decodes leave of the token
// budget), each such step lasting its chunk's FLOPs, the others only their decode reads. Steady state at a rate: the
// steps per second of both kinds give the time per output token; a request's latency = its front-end overhead + its
// wait for the prefill + its prefill steps + (output - 1) steps; throughput = requests in flight / latency (Little).
#include "estimate/serving/load_model.h"
#include "estimate/serving/latency_percentiles.h"

#include <algorithm>
#include <cmath>

namespace gp
{

namespace
{

constexpr double kStepTolerance = 1e-6;
constexpr double kRateTolerance = 1e-6;

// Narrows [lo, hi] around the root of a function falling through zero from f(lo) > 0 to f(hi) <= 0 (an infeasible
// point counts as an infinity): regula falsi with the Illinois weighting, bisecting where an end is infinite.
template <typename Fn> void narrowRoot(const Fn& f, double& lo, double flo, double& hi, double fhi, double tolerance)
{
    int side = 0;
    for (int i = 0; i < 100 && hi - lo > tolerance * hi; ++i) {
        const double secant
            = std::isfinite(flo) && std::isfinite(fhi) && flo - fhi > 0 ? hi - fhi * (hi - lo) / (fhi - flo) : NAN;
        const double x = secant > lo && secant < hi ? secant : (lo + hi) / 2;
        const double fx = f(x);
        if (fx > 0) {
            lo = x;
            flo = fx;
            if (side == -1 && std::isfinite(fhi))
                fhi /= 2;
            side = -1;
        } else {
            hi = x;
            fhi = fx;
            if (side == 1 && std::isfinite(flo))
                flo /= 2;
            side = 1;
            if (fx == 0) { // the root itself (a secant step lands on it where f is a line): both ends close on it
                lo = x;
                return;
            }
        }
    }
}

// The engine's steps when prompts arrive at `promptRate` per second and `decodeRate` decode steps of requests per
// second are run (Little's law: rate x decode steps per request x step time requests decoding, within [minDecoding,
// maxDecoding]; a step without speculation decodes one token per request).
struct StepMix {
    double tpot = INFINITY; // mean step: 1 / steps per second
    double decoding = 0; // requests decoding in each step
    double chunkTokens = 0; // prompt tokens of a step that carries prompts
    double prefillStep = 0; // that step's duration
    double prefillShare = 0; // share of the time in such steps
    double room = 0; // what the decodes leave of the token budget
    bool feasible = false;
};

StepMix mixAt(const ReplicaSteps& steps, double promptRate, double decodeRate, double minDecoding, double maxDecoding,
    double tpot)
{
    StepMix m;
    const double a = steps.computedPromptTokens();
    m.decoding = std::clamp(decodeRate * tpot, minDecoding, std::max(minDecoding, maxDecoding));
    m.room = steps.tokenBudget() - m.decoding * steps.budgetPerDecode(); // speculation: drafts + 1 per request
    if (m.room < 1)
        return m;
    const double decodeStep = steps.stepSeconds(m.decoding, 0.0);
    if (!(promptRate > 0)) {
        m.tpot = decodeStep;
        m.feasible = true;
        return m;
    }
    // A prompt-carrying step takes the prompt tokens that arrived during the last such step, at least one prompt's
    // chunk, at most the room.
    m.chunkTokens = steps.promptTokensFilling(m.decoding, promptRate * a, std::min(a, m.room), m.room);
    m.prefillStep = steps.stepSeconds(m.decoding, m.chunkTokens);
    const double prefillSteps = promptRate * a / m.chunkTokens; // per second
    m.prefillShare = prefillSteps * m.prefillStep;
    if (!(m.prefillShare < 1))
        return m;
    m.tpot = 1.0 / (prefillSteps + (1 - m.prefillShare) / decodeStep);
    m.feasible = true;
    return m;
}

// The smallest time per token that reproduces itself (the decodes and chunks it implies give it back); infeasible
// when the steps cannot take the prompts within the budget and the time.
StepMix steadyMix(
    const ReplicaSteps& steps, double promptRate, double decodeRate, double minDecoding, double maxDecoding)
{
    // The mix at the latest t whose excess is not above zero: narrowRoot's upper end, so the root's mix is not solved
    // again.
    StepMix atHi;
    const auto excess = [&](double t) {
        const StepMix m = mixAt(steps, promptRate, decodeRate, minDecoding, maxDecoding, t);
        const double e = m.feasible ? m.tpot - t : INFINITY;
        if (!(e > 0))
            atHi = m;
        return e;
    };
    // Bracket the smallest root (excess falls through zero), then narrow it.
    double lo = 0, hi = steps.stepSeconds(std::max(minDecoding, 0.0), 0.0);
    double flo = INFINITY, fhi = excess(hi);
    // mixAt reads t only through the requests decoding, decodeRate x t within [minDecoding, maxDecoding]: once they
    // reach the cap (or stay at the floor), every later doubling gives the same mix, so an infeasible or endless one
    // (no finite excess) stays so to the loop's end, which then finds nothing.
    const double decodingCap = std::max(minDecoding, maxDecoding);
    const auto mixFixed = [&](double t) { return !(decodeRate > 0) || decodeRate * t >= decodingCap; };
    for (int i = 0; i < 64 && !(fhi <= 0); ++i) {
        if (!std::isfinite(fhi) && mixFixed(hi))
            return StepMix {};
        lo = hi;
        flo = fhi;
        hi *= 2;
        fhi = excess(hi);
    }
    if (!(fhi <= 0))
        return StepMix {};
    narrowRoot(excess, lo, flo, hi, fhi, kStepTolerance);
    return atHi; // mixAt(..., hi)
}

// The engine as a whole at `rate`: every request's prompt and decode tokens (the physics of the steady state).
StepMix engineMix(const ReplicaSteps& steps, double rate, double maxDecoding)
{
    return steadyMix(steps, rate, rate * steps.decodeStepsPerRequest(), 0.0, maxDecoding);
}

LoadPoint unstablePoint()
{
    LoadPoint p;
    p.stable = false;
    p.ttftSeconds = p.tpotSeconds = p.latencySeconds = p.queueSeconds = INFINITY;
    return p;
}

// The point at arrival `rate`; `others` is the rate of the other requests' arrivals one request sees (Poisson: the
// rate itself; a closed loop of c: (c - 1) / c of it); `poisson` adds the wait for the step in progress.
LoadPoint pointAt(const ReplicaSteps& steps, double rate, double others, double maxDecoding, bool poisson)
{
    const double a = steps.computedPromptTokens();
    const double g = steps.decodeTokensPerRequest();
    const StepMix engine = engineMix(steps, rate, maxDecoding);
    if (!engine.feasible)
        return unstablePoint();
    // What one request sees while it decodes: itself and the others decoding, the others' prompts.
    const StepMix seen = steadyMix(steps, others, rate * steps.decodeStepsPerRequest(), 1.0, maxDecoding);
    if (!seen.feasible)
        return unstablePoint();
    LoadPoint p;
    p.stepSeconds = engine.tpot;
    p.tpotSeconds = g > 0 ? seen.tpot / steps.tokensPerDecodeStep() : 0.0;
    p.decodeStepSeconds = steps.stepSeconds(seen.decoding, 0.0);
    // The prompt in chunks of the room the decodes leave, beside the others' decodes.
    const double othersDecoding = std::max(0.0, seen.decoding - 1);
    const double chunks = std::max(1.0, std::ceil(a / seen.room - 1e-9));
    p.prefillSeconds = chunks * steps.stepSeconds(othersDecoding, a / chunks);
    // Waiting for the others: prompts that arrive meanwhile join the room its last chunk leaves, and the others'
    // prefill steps hold the engine (an M/D/1 wait at their share of the time).
    const double joining = std::max(0.0, std::min(chunks * seen.room - a, others * a * seen.prefillStep));
    const double shared = chunks * steps.stepSeconds(othersDecoding, (a + joining) / chunks) - p.prefillSeconds;
    // Kingman's G/G/1 wait, rho / (1 - rho) x (ca^2 + cs^2) / 2 x the service (J. F. C. Kingman, "The single server
    // queue in heavy traffic", Proc. Cambridge Phil. Soc. 57, 1961): ca^2 of the arrivals (1 for Poisson; vLLM's
    // burstiness k gives 1 / k), cs^2 of the prefill work (the prompt lengths' spread); fixed lengths and Poisson
    // arrivals give the M/D/1 wait rho / (2 (1 - rho)) x the prefill.
    const double rho = seen.prefillShare;
    if (!(rho < 1))
        return unstablePoint();
    const TrafficShape& traffic = steps.traffic();
    const double variability = (poisson ? traffic.arrivalScv : 1.0) + traffic.promptScv;
    p.waitMeanSeconds = rho * p.prefillSeconds * variability / (2 * (1 - rho));
    p.waitBusyShare = rho;
    p.queueSeconds = shared + p.waitMeanSeconds + (poisson ? engine.tpot / 2 : 0.0);
    p.ttftSeconds = steps.requestOverheadSeconds() + p.queueSeconds + p.prefillSeconds;
    p.ttftFixedSeconds = p.ttftSeconds - p.waitMeanSeconds - p.prefillSeconds;
    p.decodingBeside = othersDecoding;
    p.chunkRoom = seen.room;
    p.promptStepSeconds = seen.prefillStep;
    p.promptStepShare = seen.feasible && seen.prefillStep > 0 && std::isfinite(seen.tpot)
        ? std::clamp((seen.prefillShare / seen.prefillStep) * seen.tpot, 0.0, 1.0)
        : 0.0;
    p.latencySeconds = p.ttftSeconds + g * p.tpotSeconds;
    p.requestsPerSecond = rate;
    p.outputTokensPerSecond = rate * steps.outputTokens();
    p.concurrency = rate * p.latencySeconds;
    // The engine's time goes mostly to compute when its prefill steps' FLOPs (or its decodes') outlast their reads.
    p.computeBound = engine.prefillShare > 0.5 ? steps.computeBound(engine.decoding, engine.chunkTokens)
                                               : steps.computeBound(engine.decoding, 0.0);
    return p;
}

} // namespace

LoadPoint closedLoopPoint(const ReplicaSteps& steps, double concurrency)
{
    const double c = std::max(1.0, concurrency);
    const double a = steps.computedPromptTokens();
    const double g = steps.decodeTokensPerRequest();
    const double idle = steps.stepSeconds(0, 0);
    if (!(idle > 0) || !std::isfinite(idle))
        return unstablePoint();
    const auto at = [&](double rate) { return pointAt(steps, rate, rate * (c - 1) / c, c, false); };
    // rate x latency(rate) grows with the rate: the rate where it reaches c, or the largest the steps take (no rate
    // fills more than the budget in the shortest step).
    double lo = 0, hi = steps.tokenBudget() / ((a + g) * idle);
    // c - rate x latency falls with the rate; a rate the steps do not take lies beyond the root.
    // The point at the latest rate whose value is above zero: narrowRoot's lower end, not solved again below.
    LoadPoint atLo;
    double atLoRate = -1;
    const auto falling = [&](double rate) {
        const LoadPoint p = at(rate);
        const double f = p.stable ? c - rate * p.latencySeconds : -INFINITY;
        if (f >= 0) { // at f = 0 the rate is the root (narrowRoot then ends with lo on it)
            atLo = p;
            atLoRate = rate;
        }
        return f;
    };
    double fhi = falling(hi);
    if (fhi > 0)
        lo = hi; // even the largest rate keeps fewer than c requests busy
    else
        narrowRoot(falling, lo, c, hi, fhi, kRateTolerance);
    LoadPoint p = lo > 0 && lo == atLoRate ? atLo : at(lo > 0 ? lo : hi * kRateTolerance);
    if (!p.stable)
        return p;
    // Saturated: the requests beyond what the steps take wait in the engine's queue.
    const double wait = c / p.requestsPerSecond - p.latencySeconds;
    if (wait > 1e-4 * p.latencySeconds) {
        p.saturated = true;
        p.ttftFixedSeconds += wait;
        p.queueSeconds += wait;
        p.ttftSeconds += wait;
        p.latencySeconds += wait;
    }
    p.concurrency = concurrency;
    return p;
}

namespace
{

// The open-loop point, or an unstable one when the replica does not keep up (without what it would serve then).
LoadPoint openLoopOrUnstable(const ReplicaSteps& steps, double rate, double capacity)
{
    const double cap = std::max(1.0, capacity);
    const LoadPoint p = pointAt(steps, rate, rate, cap, true);
    return p.stable && p.concurrency <= cap ? p : unstablePoint();
}

} // namespace

LoadPoint openLoopPoint(const ReplicaSteps& steps, double rate, double capacity)
{
    const double cap = std::max(1.0, capacity);
    if (!(rate > 0)) {
        LoadPoint idle = pointAt(steps, 0.0, 0.0, 1.0, true);
        idle.requestsPerSecond = 0;
        idle.outputTokensPerSecond = 0;
        idle.concurrency = 0;
        return idle;
    }
    const LoadPoint p = openLoopOrUnstable(steps, rate, cap);
    if (p.stable)
        return p;
    // The replica does not keep up: it serves what it holds.
    LoadPoint full = closedLoopPoint(steps, cap);
    full.stable = false;
    return full;
}

bool meetsSlo(const ReplicaSteps& steps, const LoadPoint& p, const ServingSlo& slo)
{
    if (!p.stable || !std::isfinite(p.latencySeconds))
        return false;
    if (!slo.ttftSeconds && !slo.tpotSeconds)
        return true;
    LatencyPercentiles q;
    if (slo.percentile != SloPercentile::Mean)
        q = latencyPercentiles(steps, p, false);
    if (slo.ttftSeconds && latencyStatistic(p.ttftSeconds, q.ttft, slo.percentile) > *slo.ttftSeconds)
        return false;
    if (slo.tpotSeconds && latencyStatistic(p.tpotSeconds, q.tpot, slo.percentile) > *slo.tpotSeconds)
        return false;
    return true;
}

namespace
{

// The largest whole concurrency meeting the SLO, with `closed(c)` the closed-loop point at c.
template <typename ClosedLoop>
int concurrencyMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity, const ClosedLoop& closed)
{
    if (capacity < 1 || !meetsSlo(steps, closed(1), slo))
        return 0;
    if (meetsSlo(steps, closed(capacity), slo))
        return capacity;
    int lo = 1, hi = capacity; // lo meets, hi misses
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        (meetsSlo(steps, closed(mid), slo) ? lo : hi) = mid;
    }
    return lo;
}

template <typename ClosedLoop>
double rateMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity, const ClosedLoop& closed)
{
    if (capacity < 1)
        return 0;
    // No rate beyond the closed-loop throughput at the capacity is stable.
    const double ceiling = closed(capacity).requestsPerSecond;
    if (!(ceiling > 0))
        return 0;
    double lo = 0, hi = ceiling;
    if (meetsSlo(steps, openLoopOrUnstable(steps, hi, capacity), slo))
        return hi;
    for (int i = 0; i < 50 && hi - lo > kRateTolerance * hi; ++i) {
        const double mid = (lo + hi) / 2;
        (meetsSlo(steps, openLoopOrUnstable(steps, mid, capacity), slo) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace

int largestConcurrencyMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity)
{
    return concurrencyMeeting(steps, slo, capacity, [&](double c) { return closedLoopPoint(steps, c); });
}

double largestRateMeeting(const ReplicaSteps& steps, const ServingSlo& slo, int capacity)
{
    return rateMeeting(steps, slo, capacity, [&](double c) { return closedLoopPoint(steps, c); });
}

LoadPoint ReplicaLoads::closedLoop(double concurrency) const
{
    for (const auto& [c, p] : m_closed)
        if (c == concurrency)
            return p;
    m_closed.emplace_back(concurrency, closedLoopPoint(m_steps, concurrency));
    return m_closed.back().second;
}

LoadPoint ReplicaLoads::openLoop(double rate, double capacity) const
{
    const std::pair<double, double> key { rate, capacity };
    for (const auto& [k, p] : m_open)
        if (k == key)
            return p;
    m_open.emplace_back(key, openLoopPoint(m_steps, rate, capacity));
    return m_open.back().second;
}

int ReplicaLoads::largestConcurrencyMeeting(const ServingSlo& slo, int capacity) const
{
    for (const SloAnswer& a : m_concurrencies)
        if (a.capacity == capacity && a.slo == slo)
            return int(a.value);
    const int n = concurrencyMeeting(m_steps, slo, capacity, [&](double c) { return closedLoop(c); });
    m_concurrencies.push_back({ slo, capacity, double(n) });
    return n;
}

double ReplicaLoads::largestRateMeeting(const ServingSlo& slo, int capacity) const
{
    for (const SloAnswer& a : m_rates)
        if (a.capacity == capacity && a.slo == slo)
            return a.value;
    const double rate = rateMeeting(m_steps, slo, capacity, [&](double c) { return closedLoop(c); });
    m_rates.push_back({ slo, capacity, rate });
    return rate;
}

} // namespace gp
