// The engine loop of vLLM V1's scheduler (vllm/v1/core/sched/scheduler.py: running requests first, one decode token
// each, then waiting prompts fill what is left of max_num_batched_tokens, in chunks; at most max_num_seqs running)
// over the plan's requests. Each step lasts ReplicaSteps::stepSecondsAt with the decoding requests' actual contexts.
// Runs of decode-only steps with no arrival or admission between them are taken at once: the batch is constant until
// its shortest remaining output ends, and the step is linear in the context, so their time is the step at the
// middle context times their count.
#include "estimate/serving/finite_run.h"

#include <algorithm>
#include <cmath>
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

} // namespace

FiniteRun runFinite(const ReplicaSteps& steps, ServingLoadKind kind, double value, std::int64_t requests, int maxSeqs,
    std::int64_t kvTokens, const KvCharge& charge)
{
    std::vector<RunRequest> queue = runRequests(steps, kind, value, requests);
    const double budget = steps.tokenBudget();
    const std::size_t seqCap = std::size_t(std::max(1, maxSeqs));
    // A closed loop of c sends c requests at once and the next one whenever one finishes.
    const bool closed = kind == ServingLoadKind::Concurrency;
    std::size_t sent = closed ? std::min(queue.size(), std::size_t(std::max(1.0, std::floor(value)))) : queue.size();
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
    run.requests = double(queue.size());
    run.makespanSeconds = now; // the first request is sent at 0
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

} // namespace gp
