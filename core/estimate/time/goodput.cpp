// Training goodput (goodput.h): checkpoints, evaluation and failures beside the training steps.
#include "estimate/time/goodput.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gp
{

namespace
{

double goodputPositive(double v)
{
    return std::isfinite(v) && v > 0 ? v : 0.0;
}

} // namespace

GoodputFigures trainingGoodput(const GoodputInput& in)
{
    GoodputFigures g;
    g.productiveHours = goodputPositive(in.productiveHours);
    const double interval = goodputPositive(in.evalIntervalSteps);
    if (interval > 0)
        g.evaluationHours = g.productiveHours * goodputPositive(in.evalSteps) / interval * in.forwardShare;
    const double work = g.productiveHours + g.evaluationHours;

    // One save as training sees it: each node writes its share at once; an asynchronous save blocks for the
    // device-to-host copy of each GPU's share only.
    const double bytes = goodputPositive(in.checkpointBytes);
    const double syncSeconds = in.diskMBps > 0 ? bytes / std::max(1.0, in.nodes) / (in.diskMBps * 1e6) : 0.0;
    const double asyncSeconds
        = in.hostCopyGBps > 0 ? bytes / std::max(1.0, in.gpus) / (in.hostCopyGBps * 1e9) : syncSeconds;
    g.checkpointSeconds = in.asyncCheckpoint ? asyncSeconds : syncSeconds;

    const double ratePerHour = goodputPositive(in.failuresPerGpuDay) * std::max(1.0, in.gpus) / 24.0;
    if (in.checkpointIntervalMinutes && *in.checkpointIntervalMinutes > 0)
        g.checkpointIntervalHours = *in.checkpointIntervalMinutes / 60.0;
    else if (ratePerHour > 0 && g.checkpointSeconds > 0)
        g.checkpointIntervalHours = std::sqrt(2.0 * g.checkpointSeconds / 3600.0 / ratePerHour); // Young 1974
    if (g.checkpointIntervalHours > 0)
        g.checkpointHours = work / g.checkpointIntervalHours * g.checkpointSeconds / 3600.0;

    // Failures over the wall time: each costs the restart and, on average, half an interval of progress (all of
    // it when nothing is checkpointed).
    const double lostSinceSave = g.checkpointIntervalHours > 0 ? g.checkpointIntervalHours / 2 : work / 2;
    const double loss = goodputPositive(in.restartMinutes) / 60.0 + lostSinceSave;
    // Failures that come (nearly) faster than the job advances leave it failing 99.9% of the time: the hours stay
    // finite (1,000 times the work) and say the run does not finish in any useful time.
    const double busy = std::isfinite(ratePerHour * loss) ? std::min(ratePerHour * loss, 0.999) : 0.999;
    const double beforeFailures = work + g.checkpointHours;
    const double wall = beforeFailures / (1 - busy);
    g.failureHours = wall - beforeFailures;
    g.expectedFailures = ratePerHour * wall;
    return g;
}

} // namespace gp
