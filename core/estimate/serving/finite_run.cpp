// The engine loop of vLLM V1's scheduler (vllm/v1/core/sched/scheduler.py: running requests first, one decode token
// each, then waiting prompts fill what is left of max_num_batched_tokens, in chunks; at most max_num_seqs running)
// over the plan's requests. Each step lasts ReplicaSteps::stepSecondsAt with the decoding requests' actual contexts.
// Runs of decode-only steps with no arrival or admission between them are taken at once: the batch is constant until
// its shortest remaining output ends, and the step is linear in the context, so their time is the step at the
// middle context times their count. SGLang's loop (EngineScheduling::prefillOnlySteps) is runPrefillFirst below.
#include "estimate/serving/finite_run.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

namespace gp
{

namespace
{

// The request order comes from a fixed random-number start, as vLLM's benchmarks fix theirs (at 0).
constexpr std::uint64_t kFiniteRunRandomStart = 0;

struct RunRequest {
    double prompt = 1, output = 1;
    double sent = 0; // the client sends it
    double arrival = 0; // it reaches the engine: sent + the front end's overhead
    double promptLeft = 0, outputLeft = 0, context = 0;
    double firstToken = -1;
    double stall = 0; // SGLang: prefill-only steps run since its last token (added to its next inter-token gap)
};

// Fisher-Yates with a fixed generator (std::shuffle's order is the library's).
void shuffleFixed(std::vector<double>& xs, std::mt19937_64& rng)
{
    for (std::size_t i = xs.size(); i > 1; --i) {
        const std::size_t j = std::size_t(rng() % i);
        std::swap(xs[i - 1], xs[j]);
    }
}

// numpy.percentile's default (linear between the closest ranks).
double percentileOfSorted(const std::vector<double>& sorted, double q)
{
    if (sorted.empty())
        return 0;
    const double rank = q * double(sorted.size() - 1);
    const std::size_t lo = std::size_t(std::floor(rank));
    const std::size_t hi = std::min(sorted.size() - 1, lo + 1);
    return sorted[lo] + (rank - double(lo)) * (sorted[hi] - sorted[lo]);
}

ServingPercentiles percentilesOf(std::vector<double> xs)
{
    std::sort(xs.begin(), xs.end());
    return { percentileOfSorted(xs, 0.5), percentileOfSorted(xs, 0.9), percentileOfSorted(xs, 0.99) };
}

// Percentiles of gaps given as (duration, count).
ServingPercentiles weightedPercentiles(std::vector<std::pair<double, double>> gaps)
{
    std::sort(gaps.begin(), gaps.end());
    double total = 0;
    for (const auto& g : gaps)
        total += g.second;
    ServingPercentiles out;
    double* slots[] = { &out.p50, &out.p90, &out.p99 };
    const double qs[] = { 0.5, 0.9, 0.99 };
    for (int i = 0; i < 3; ++i) {
        double seen = 0;
        for (const auto& [duration, count] : gaps) {
            seen += count;
            if (seen >= qs[i] * total) {
                *slots[i] = duration;
                break;
            }
        }
    }
    return out;
}

std::vector<RunRequest> runRequests(const ReplicaSteps& steps, ServingLoadKind kind, double value, std::int64_t n)
{
    const TrafficShape& t = steps.traffic();
    const int count = int(std::max<std::int64_t>(1, n));
    std::vector<double> prompts = lengthPoints(t.plan.promptShape, t.meanPrompt, t.plan.promptSpread, count);
    std::vector<double> outputs = lengthPoints(t.plan.outputShape, t.meanOutput, t.plan.outputSpread, count);
    prompts.resize(std::size_t(count), prompts.front());
    outputs.resize(std::size_t(count), outputs.front());
    std::mt19937_64 rng(kFiniteRunRandomStart);
    shuffleFixed(prompts, rng);
    shuffleFixed(outputs, rng);
    std::vector<double> arrivals(std::size_t(count), 0.0);
    if (kind == ServingLoadKind::RequestsPerSecond && value > 0) {
        const double k = t.plan.burstiness > 0 ? t.plan.burstiness : 1.0;
        std::gamma_distribution<double> gap(k, 1.0 / (value * k));
        double at = 0;
        for (double& a : arrivals)
            a = at += gap(rng);
        const double scale = arrivals.back() > 0 ? count / value / arrivals.back() : 1.0;
        for (double& a : arrivals)
            a = (a - arrivals.front()) * scale;
    }
    std::vector<RunRequest> out(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < out.size(); ++i) {
        RunRequest& r = out[i];
        r.prompt = std::round(prompts[i]);
        r.output = std::round(outputs[i]);
        r.sent = arrivals[i];
        r.arrival = r.sent + steps.requestOverheadSeconds();
        r.promptLeft = std::max(1.0, std::round(r.prompt * steps.computedPromptTokens() / steps.promptTokens()));
        r.outputLeft = r.output;
        r.context = r.prompt - r.promptLeft; // the prefix cache's share is there already
    }
    return out;
}

struct RunRecords {
    std::vector<double> ttft, tpot, latency;
    std::vector<std::pair<double, double>> gaps; // (duration, count)
    double inFlightTime = 0; // sum of latencies
    double outputTokens = 0;
};

void finish(const RunRequest& r, double now, RunRecords& rec)
{
    rec.ttft.push_back(r.firstToken - r.sent);
    rec.latency.push_back(now - r.sent);
    if (r.output > 1)
        rec.tpot.push_back((now - r.firstToken) / (r.output - 1));
    rec.inFlightTime += now - r.sent;
    rec.outputTokens += r.output;
}

// The run's statistics from its records; `now` is the last token's time (the first request is sent at 0).
FiniteRun summarizeRun(const RunRecords& rec, double requests, double now)
{
    FiniteRun run;
    run.requests = requests;
    run.makespanSeconds = now;
    run.outputTokens = rec.outputTokens;
    const auto mean = [](const std::vector<double>& xs) {
        return xs.empty() ? 0.0 : std::accumulate(xs.begin(), xs.end(), 0.0) / double(xs.size());
    };
    run.meanTtftSeconds = mean(rec.ttft);
    run.meanTpotSeconds = mean(rec.tpot);
    run.meanLatencySeconds = mean(rec.latency);
    run.meanInFlight = run.makespanSeconds > 0 ? rec.inFlightTime / run.makespanSeconds : 0.0;
    run.ttft = percentilesOf(rec.ttft);
    run.tpot = percentilesOf(rec.tpot);
    run.latency = percentilesOf(rec.latency);
    run.itl = weightedPercentiles(rec.gaps);
    run.completed = true;
    return run;
}

// SGLang's ignore_eos admission (python/sglang/srt/managers/policy_scheduler.py PrefillAdder.add_one_req_ignore_eos,
// taken when the benchmark's requests ignore EOS and the radix cache is off): every request will decode exactly its
// output, so with the requests sorted by tokens left, the pool must hold, as each batch of them runs on to the next
// one's end, what is free now plus what the ones already ended free. `states` holds (tokens left, tokens held) of the
// running requests, those of this prefill batch and the candidate, in order of tokens left; `free` is the pool's free
// tokens.
bool fitsToTheEnd(const std::vector<std::pair<double, double>>& states, double free)
{
    double freed = 0;
    for (std::size_t i = 0; i < states.size(); ++i) {
        const double steps = i + 1 < states.size() ? states[i + 1].first : states[i].first;
        const double batch = double(states.size() - i);
        if (free + freed - steps * batch <= 0)
            return false;
        freed += states[i].second;
    }
    return true;
}

// `running` stays in order of (tokens left, tokens held): a decode step takes one from the first and adds one to the
// second of every request alike, so the order holds and the admission's states need no sort.
bool byTokensLeft(const RunRequest& a, const RunRequest& b)
{
    const double ha = a.prompt + a.output - a.outputLeft, hb = b.prompt + b.output - b.outputLeft;
    return a.outputLeft != b.outputLeft ? a.outputLeft < b.outputLeft : ha < hb;
}

// ScheduleBatch.retract_decode: with fewer free tokens than running requests, the requests with the fewest output
// tokens so far go back to the end of the queue (their prompt and output so far to be computed again) until
// retract_decode_steps steps of the rest fit; the new-token ratio becomes (their decoded tokens + retract_decode_steps
// x their count) / their outputs. Returns the free tokens after.
double retractForDecode(std::vector<RunRequest>& running, std::deque<RunRequest>& waiting, double free, double& ratio,
    const EngineScheduling& policy, const KvCharge& charge)
{
    double room = free;
    std::stable_sort(running.begin(), running.end(), [](const RunRequest& a, const RunRequest& b) {
        const double da = a.output - a.outputLeft, db = b.output - b.outputLeft;
        return da != db ? da > db : a.prompt < b.prompt;
    });
    do {
        RunRequest r = running.back();
        running.pop_back();
        room += charge.tokens(r.context);
        r.promptLeft = r.context; // prompt and output so far, computed again
        r.context = 0;
        waiting.push_back(r);
    } while (running.size() > 1 && room < double(running.size()) * policy.retractDecodeSteps);
    double decoded = 0, outputs = 0;
    for (const RunRequest& r : running) {
        decoded += r.output - r.outputLeft;
        outputs += r.output;
    }
    ratio = outputs > 0 ? std::min(1.0, (decoded + policy.retractDecodeSteps * double(running.size())) / outputs) : 1.0;
    std::sort(running.begin(), running.end(), byTokensLeft);
    return room;
}

// k decode steps of `step` seconds for every running request, with their inter-token gaps: the first step's gap of a
// request that waited through prefill steps holds them (the same few waits for all the requests that were decoding
// through the same steps: counted together).
void decodeRunning(std::vector<RunRequest>& running, double k, double step, RunRecords& rec)
{
    std::vector<std::pair<double, double>> stalled; // (wait, requests)
    double plain = double(running.size()) * (k - 1);
    for (RunRequest& r : running) {
        if (r.stall > 0) {
            auto same = std::find_if(stalled.begin(), stalled.end(), [&](const auto& w) { return w.first == r.stall; });
            if (same == stalled.end())
                stalled.emplace_back(r.stall, 1.0);
            else
                same->second += 1;
        } else {
            plain += 1;
        }
        r.stall = 0;
        r.outputLeft -= k;
        r.context += k;
    }
    for (const auto& [wait, requests] : stalled)
        rec.gaps.emplace_back(step + wait, requests);
    if (plain > 0)
        rec.gaps.emplace_back(step, plain);
}

// SGLang's scheduler loop (python/sglang/srt/managers/tp_worker.py ModelTpServer.forward_step of the v0.3 series; the
// same order in later scheduler.py get_next_batch_to_run): whenever a prefill batch can be formed from the waiting
// prompts (first come first served with the radix cache off, each whole or the last one chunked, at most the token
// budget), that batch runs alone and the decodes wait; otherwise one decode step of every running request. A prompt
// joins while its tokens and its whole output fit the pool's free tokens less new-token ratio x the running requests'
// outputs left, else while fitsToTheEnd holds; the ratio starts at init, falls by the decay each decode step to the
// minimum, and a decode step without a free token for each request first retracts (ScheduleBatch.retract_decode) the
// requests with the fewest output tokens until retract_decode_steps steps of the rest fit: each goes back to the end of
// the queue to compute its prompt and output so far again, and the ratio becomes (their decoded tokens +
// retract_decode_steps x their count) / their outputs.
FiniteRun runPrefillFirst(const ReplicaSteps& steps, std::vector<RunRequest> queue, bool closed, std::size_t sent,
    std::size_t seqCap, double kvTokens, const KvCharge& charge, const EngineScheduling& policy)
{
    const double budget = steps.tokenBudget();
    std::deque<RunRequest> waiting; // first come first served; only its first may hold a chunked prompt's tokens
    std::vector<RunRequest> running;
    RunRecords rec;
    double now = 0, ratio = policy.initNewTokenRatio;
    std::size_t next = 0;
    const auto held = [&](const RunRequest& r) { return charge.tokens(r.context); };
    const auto finishAt = [&](RunRequest& r) {
        finish(r, now, rec);
        if (closed && sent < queue.size()) {
            queue[sent].sent = now;
            queue[sent++].arrival = now + steps.requestOverheadSeconds();
        }
    };
    while (next < queue.size() || !running.empty() || !waiting.empty()) {
        while (next < sent && queue[next].arrival <= now)
            waiting.push_back(queue[next++]);
        if (running.empty() && waiting.empty()) {
            now = std::max(now, queue[next].arrival);
            ratio = policy.initNewTokenRatio; // forward_step with nothing to run resets it
            continue;
        }
        double used = 0, reserved = 0;
        for (const RunRequest& r : running) {
            used += held(r);
            reserved += r.outputLeft;
        }
        if (!waiting.empty())
            used += held(waiting.front()); // a chunked prompt's tokens so far
        const double free = kvTokens - used;
        // The prefill batch (PrefillAdder): the chunked prompt first, then the queue in order.
        std::vector<std::pair<std::size_t, double>> batch; // (index in waiting, prompt tokens this step)
        double rem = free - ratio * reserved, chunkRoom = budget;
        std::vector<std::pair<double, double>> states; // in order of tokens left, as `running` is kept
        bool statesBuilt = false;
        const auto addState = [&](const RunRequest& q) {
            const std::pair<double, double> state { q.outputLeft, q.prompt + q.output - q.outputLeft };
            states.insert(std::upper_bound(states.begin(), states.end(), state), state);
        };
        for (std::size_t i = 0; i < waiting.size() && running.size() + batch.size() < seqCap; ++i) {
            if (rem <= 0 || chunkRoom <= 0)
                break;
            const RunRequest& r = waiting[i];
            const double take = std::min(r.promptLeft, chunkRoom);
            const bool whole = take >= r.promptLeft;
            const bool continuing = i == 0 && r.context > 0; // a prompt chunked in the last prefill step
            if (!continuing && !(r.promptLeft + r.outputLeft <= rem)) {
                if (!statesBuilt) {
                    for (const RunRequest& q : running)
                        states.emplace_back(q.outputLeft, q.prompt + q.output - q.outputLeft);
                    for (const auto& [j, t] : batch)
                        addState(waiting[j]);
                    statesBuilt = true;
                }
                addState(r);
                if (!fitsToTheEnd(states, free))
                    break;
            } else if (statesBuilt) {
                addState(r);
            }
            batch.emplace_back(i, take);
            rem -= take + (whole ? r.outputLeft : 0.0);
            chunkRoom -= take;
            if (!whole)
                break;
        }
        if (!batch.empty()) {
            double tokens = 0;
            for (const auto& [i, take] : batch)
                tokens += take;
            const double step = steps.prefillOnlyStepSeconds(tokens);
            if (!(step > 0) || !std::isfinite(step))
                return FiniteRun {};
            now += step;
            for (RunRequest& r : running)
                r.stall += step;
            // The batch is the queue's first requests; a chunked last one stays first.
            for (const auto& [i, take] : batch) {
                RunRequest& r = waiting.front();
                r.promptLeft -= take;
                r.context += take;
                if (r.promptLeft > 0)
                    break;
                if (r.firstToken < 0)
                    r.firstToken = now;
                r.outputLeft -= 1;
                r.context += 1;
                if (r.outputLeft <= 0)
                    finishAt(r);
                else
                    running.insert(std::upper_bound(running.begin(), running.end(), r, byTokensLeft), r);
                waiting.pop_front();
            }
            continue;
        }
        if (running.empty())
            return FiniteRun {}; // the first waiting prompt does not fit the pool even alone
        // A decode step: one free token per running request, else retract.
        const double room = free >= double(running.size()) || running.size() <= 1
            ? free
            : retractForDecode(running, waiting, free, ratio, policy, charge);
        const double decoders = double(running.size());
        double contexts = 0, shortest = INFINITY;
        for (const RunRequest& r : running) {
            contexts += r.context;
            shortest = std::min(shortest, r.outputLeft);
        }
        // Steps until the first request ends or the next one arrives (nothing is admitted between: a decode step in
        // which no request ended is followed by another, forward_step's do_not_get_new_batch), and the pool holds.
        double k = std::max(1.0, std::min(shortest, std::floor(room / decoders)));
        if (next < sent && queue[next].arrival > now) {
            const double one = steps.stepSecondsAt(decoders, 0, contexts);
            k = std::clamp(std::floor((queue[next].arrival - now) / one), 1.0, k);
        }
        const double step = steps.stepSecondsAt(decoders, 0, contexts + decoders * (k - 1) / 2);
        if (!(step > 0) || !std::isfinite(step))
            return FiniteRun {};
        now += k * step;
        ratio = std::max(policy.minNewTokenRatio, ratio - k * policy.newTokenRatioDecay);
        decodeRunning(running, k, step, rec);
        // The ended requests are the first ones (in order of tokens left).
        std::size_t ended = 0;
        while (ended < running.size() && running[ended].outputLeft <= 0)
            finishAt(running[ended++]);
        running.erase(running.begin(), running.begin() + std::ptrdiff_t(ended));
    }
    return summarizeRun(rec, double(queue.size()), now);
}

} // namespace

FiniteRun runFinite(const ReplicaSteps& steps, ServingLoadKind kind, double value, std::int64_t requests, int maxSeqs,
    std::int64_t kvTokens, const KvCharge& charge, const EngineScheduling& scheduling)
{
    std::vector<RunRequest> queue = runRequests(steps, kind, value, requests);
    const double budget = steps.tokenBudget();
    const std::size_t seqCap = std::size_t(std::max(1, maxSeqs));
    // A closed loop of c sends c requests at once and the next one whenever one finishes.
    const bool closed = kind == ServingLoadKind::Concurrency;
    std::size_t sent = closed ? std::min(queue.size(), std::size_t(std::max(1.0, std::floor(value)))) : queue.size();
    if (scheduling.prefillOnlySteps)
        return runPrefillFirst(steps, std::move(queue), closed, sent, seqCap, double(kvTokens), charge, scheduling);
    std::vector<RunRequest> running;
    RunRecords rec;
    double now = 0, kvUsed = 0;
    std::size_t next = 0;
    FiniteRun run;
    while (next < queue.size() || !running.empty()) {
        while (next < sent && queue[next].arrival <= now && running.size() < seqCap
            && (running.empty()
                || kvUsed + charge.tokens(queue[next].prompt + queue[next].output) <= double(kvTokens))) {
            kvUsed += charge.tokens(queue[next].prompt + queue[next].output);
            running.push_back(queue[next++]);
        }
        if (running.empty()) {
            now = std::max(now, queue[next].arrival);
            continue;
        }
        double decoders = 0, contexts = 0, prefill = 0, shortest = INFINITY;
        for (const RunRequest& r : running)
            if (r.promptLeft <= 0) {
                ++decoders;
                contexts += r.context;
                shortest = std::min(shortest, r.outputLeft);
            }
        double room = budget - decoders;
        for (const RunRequest& r : running)
            if (r.promptLeft > 0 && room > 0) {
                const double take = std::min(r.promptLeft, room);
                prefill += take;
                room -= take;
            }
        double k = 1;
        if (prefill <= 0) {
            k = std::max(1.0, shortest);
            const bool admits = next < sent && running.size() < seqCap;
            if (admits && queue[next].arrival > now) {
                const double one = steps.stepSecondsAt(decoders, 0, contexts);
                k = std::clamp(std::floor((queue[next].arrival - now) / one), 1.0, k);
            }
        }
        const double step = steps.stepSecondsAt(decoders, prefill, contexts + decoders * (k - 1) / 2);
        if (!(step > 0) || !std::isfinite(step))
            return run;
        now += k * step;
        if (decoders > 0)
            rec.gaps.emplace_back(step, decoders * k);
        room = budget - decoders;
        for (RunRequest& r : running) {
            if (r.promptLeft <= 0) {
                r.outputLeft -= k;
                r.context += k;
            } else if (room > 0) {
                const double take = std::min(r.promptLeft, room);
                room -= take;
                r.promptLeft -= take;
                r.context += take;
                if (r.promptLeft <= 0) {
                    r.firstToken = now;
                    r.outputLeft -= 1;
                    r.context += 1;
                }
            }
        }
        for (std::size_t i = running.size(); i-- > 0;)
            if (running[i].promptLeft <= 0 && running[i].outputLeft <= 0) {
                finish(running[i], now, rec);
                if (closed && sent < queue.size()) {
                    queue[sent].sent = now;
                    queue[sent++].arrival = now + steps.requestOverheadSeconds();
                }
                kvUsed -= charge.tokens(running[i].prompt + running[i].output);
                running.erase(running.begin() + std::ptrdiff_t(i));
            }
    }
    return summarizeRun(rec, double(queue.size()), now);
}

} // namespace gp
