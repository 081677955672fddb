// Training goodput: the wall-clock hours a run spends beside its training steps — checkpoint saves, evaluation and
// the restarts after failures at the cluster's size — each from its source (resources/catalog/
// defaults-performance.json, goodput.*), reported apart from the productive hours.
#pragma once

#include "estimate/common/results.h"
#include "plan/plan.h"

namespace gp
{

struct GoodputInput {
    double productiveHours = 0; // the plan's tokens at the estimated throughput
    double gpus = 1; // GPUs the job holds (any failing stops it)
    double nodes = 1;
    double checkpointBytes = 0; // one checkpoint, all ranks together
    double diskMBps = 0; // each node's write rate (its shard, in parallel with the others)
    double hostCopyGBps = 0; // device-to-host rate per GPU (asynchronous saves block only for the copy)
    double forwardShare = 1.0 / 3; // an evaluation step's time over a training step's (forward only)
    double failuresPerGpuDay = 0;
    double restartMinutes = 0; // replacing the failed node, restarting and loading the last checkpoint
    double evalIntervalSteps = 0; // 0 = no evaluation
    double evalSteps = 0;
    std::optional<double> checkpointIntervalMinutes; // absent = Young's interval
    bool asyncCheckpoint = false;
};

// Wall-clock hours and where they go. Evaluation adds evalSteps forward-only steps every evalIntervalSteps.
// Checkpoints: a save takes checkpointBytes / nodes over the node's disk (asynchronous: per GPU over the host copy),
// every interval (the plan's, or Young's sqrt(2 x save x MTBF)). Failures arrive at failuresPerGpuDay x gpus per day
// over the whole wall time, each losing the restart and half an interval: wall = work / (1 - rate x loss), with
// rate x loss at most 0.999 (failures faster than the job advances: 1,000 times the work).
GoodputFigures trainingGoodput(const GoodputInput& in);

} // namespace gp
