// Rollout time of one RL step on one engine: the serving engine's step model (estimate/serving/step_time.h) at the
// rollout batch, with the responses' lengths spread between the mean and the maximum so that the batch thins out
// and its last responses run alone (the long tail).
#pragma once

#include "estimate/serving/step_time.h"
#include "rl/rl_phases.h"

namespace gp
{

// Response lengths (tokens) follow a Beta(1, k) law scaled to [0, max] with k = max / mean - 1: the mean is the
// plan's, no response passes the maximum, and the survival P(L > t) = (1 - t / max)^k thins a batch as RL runs'
// lengths do (most responses short, a tail to the maximum; mean = max / 2 is uniform, mean = max all at the maximum).
double rlResponseSurvival(double tokens, double mean, double max);

// The expected longest of `n` responses drawn from that law: E[max] = max x integral over u in [0, 1] of
// 1 - (1 - (1 - u)^k)^n du.
double rlLongestResponse(double n, double mean, double max);

// The same when a share `truncated` of the responses runs to the maximum (the engine stops them at max_tokens;
// catalog rl.rollout.truncated_share): one of `n` does with probability p = 1 - (1 - truncated)^n, so
// E[longest] = p x max + (1 - p) x rlLongestResponse(n, mean, max).
double rlLongestResponseTruncated(double n, double mean, double max, double truncated);

// One engine generating `sequences` responses to `prompts` distinct prompts (their prefix shared by the samples of a
// group, vLLM's prefix cache), at most `capacity` at a time. Decode integrates the step time at the sequences still
// running, sum over steps of decodeStepSeconds(running): while more are queued than the engine holds it runs full
// (continuous batching refills it), then the last `capacity` drain through the tail, which ends at the longest
// response. `tailFilled` (two or more steps off-policy): the engine refills the tail with the next step's prompts,
// so the step costs its tokens at the full batch's rate.
// `kvSecondsPerToken`: what one more token of context adds to a sequence's decode step (its KV bytes on one GPU over
// the achieved HBM bandwidth). ReplicaSteps reads the KV cache at the mean context (prompt + mean / 2); the sequences
// still running at token t hold prompt + t, so the step there reads (t - mean / 2) more tokens of KV per sequence:
// the long tail's few sequences are also the longest ones.
// `stepSequences`: every response of the step, on every engine. A synchronous step waits for its slowest engine, the
// one that drew the step's longest response, so the tail runs until the expected longest of them all
// (rlLongestResponseTruncated with `truncated`; at least one sequence decoding, the engine's low-batch step: its
// weights read for one token).
RlRollout rlRolloutTime(const ReplicaSteps& steps, double sequences, double prompts, double capacity, double mean,
    double max, bool tailFilled, double kvSecondsPerToken, double stepSequences, double truncated);

} // namespace gp
