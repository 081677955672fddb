// One background-job runner for the window: a core function runs on a worker thread while the window keeps
// answering; progress is polled from the job, Cancel asks the job to stop, a failure becomes a message naming the
// job, and the result is handed back on the UI thread. The newest job wins: starting one cancels the one running,
// whose result is then dropped. (The shape of hotspot's src/jobtracker.h and KeePassXC's src/core/AsyncTask.h.)
#pragma once

#include "base/expected.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QTimer;

namespace gpui
{

// What a job and its runner share: the cancel flag and the progress. Safe to use from any thread.
class JobControl
{
public:
    bool cancelled() const { return m_cancelled.load(); }
    void cancel() { m_cancelled.store(true); }
    // Fraction done, 0..1 (values outside are clamped).
    void setProgress(double fraction);
    double progress() const { return m_progress.load(); }
    // The flag for core functions that take one (evaluatePlan, the planner's search).
    const std::atomic<bool>* cancelFlag() const { return &m_cancelled; }

    // The job running on the calling thread, or null (code deep in a job, such as the report's page painter,
    // reports progress and checks for cancellation through it without every caller passing it along).
    static JobControl* current();

private:
    std::atomic<bool> m_cancelled { false };
    std::atomic<double> m_progress { 0.0 };
};

// Makes `control` the calling thread's current job for its lifetime.
class JobScope
{
public:
    explicit JobScope(JobControl* control);
    ~JobScope();
    JobScope(const JobScope&) = delete;
    JobScope& operator=(const JobScope&) = delete;

private:
    JobControl* m_previous;
};

// Runs `request` on the UI thread (the thread of the application object) and waits for it, from a job's worker
// thread: for the few things only the UI thread may build (a chart is a QGraphicsWidget). Gives up and returns
// false when the calling thread's job is cancelled (or the application is gone) before the UI thread ran it, so a
// job never holds up the window's closing. Called on the UI thread, runs `request` at once.
bool runOnUiThread(const std::function<void()>& request);

class JobRunner : public QObject
{
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    // Cancels the job running and never waits for it: the job owns copies of what it reads.
    ~JobRunner() override;

    // Runs `work` on a worker thread; on success `deliver` gets its value on the UI thread. `name` is what the job
    // does, in the words a message shows ("Export PDF Report").
    template <class R>
    void run(const QString& name, std::function<gp::Expected<R>(JobControl&)> work, std::function<void(R)> deliver)
    {
        start(name, [work = std::move(work), deliver = std::move(deliver)](JobControl& control) -> Outcome {
            gp::Expected<R> result = work(control);
            Outcome outcome;
            if (!result) {
                outcome.error = errorText(result.error());
                return outcome;
            }
            auto value = std::make_shared<R>(std::move(*result));
            outcome.deliver = [deliver, value]() { deliver(std::move(*value)); };
            return outcome;
        });
    }

    // How a new job treats the one running. Replace (the default): the running job is cancelled and the new one starts
    // at once. Queue: the running job is cancelled and the new one starts when it has ended; requests meanwhile
    // collapse into the newest, so a slider dragging never runs two evaluations side by side.
    enum class Overlap { Replace, Queue };
    void setOverlap(Overlap overlap) { m_overlap = overlap; }

    bool isRunning() const { return bool(m_control) || bool(m_pending); }
    QString jobName() const { return m_name; }
    double progress() const;

public slots:
    // Asks the running job to stop; it ends with cancelled(), and what it would have written is not written.
    void cancel();
    // Cancels the running (or waiting) job and forgets it: nothing it computes is delivered, no signal names it.
    void abandon();

private:
    // A job's refusal in the window's language (CoreText::error: the core's worded templates translated).
    static QString errorText(const gp::Error& error);

signals:
    void started(const QString& name);
    void progressChanged(double fraction);
    void succeeded(const QString& name);
    void failed(const QString& name, const QString& message);
    void cancelled(const QString& name);
    // After any of the three above: nothing runs now.
    void idle();

private:
    struct Outcome {
        std::function<void()> deliver; // set on success
        QString error; // set on failure
    };
    struct PendingJob {
        QString name;
        std::function<Outcome(JobControl&)> work;
    };
    void start(const QString& name, std::function<Outcome(JobControl&)> work);
    void launch(const QString& name, std::function<Outcome(JobControl&)> work);
    void jobEnded(quint64 generation, const std::shared_ptr<JobControl>& control, Outcome outcome);

    std::shared_ptr<JobControl> m_control; // the running job's, null when idle
    QString m_name;
    quint64 m_generation = 0;
    Overlap m_overlap = Overlap::Replace;
    int m_threads = 0; // jobs started on the pool that have not ended (cancelled ones included)
    std::optional<PendingJob> m_pending; // Queue: the newest request, waiting for the running job to end
    QTimer* m_poll;
};

} // namespace gpui
