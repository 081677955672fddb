// The background-job runner: QtConcurrent::run on the global pool, one QFutureWatcher per job, progress polled.
#include "job_runner.h"

#include "core_text.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QThread>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <new>

namespace gpui
{

namespace
{

thread_local JobControl* tCurrentJob = nullptr;

constexpr int kJobPollMs = 100; // how often the progress shown is refreshed
constexpr auto kUiWaitSlice = std::chrono::milliseconds(50); // how often a waiting job looks for Cancel

} // namespace

void JobControl::setProgress(double fraction)
{
    m_progress.store(std::clamp(fraction, 0.0, 1.0));
}

JobControl* JobControl::current()
{
    return tCurrentJob;
}

JobScope::JobScope(JobControl* control)
    : m_previous(tCurrentJob)
{
    tCurrentJob = control;
}

JobScope::~JobScope()
{
    tCurrentJob = m_previous;
}

bool runOnUiThread(const std::function<void()>& request)
{
    QCoreApplication* app = QCoreApplication::instance();
    if (!app)
        return false;
    if (QThread::currentThread() == app->thread()) {
        request();
        return true;
    }
    // The request and the job's wait share this state; whichever of the two ends last frees it.
    struct Exchange {
        std::mutex mutex;
        std::condition_variable done;
        bool abandoned = false;
        bool ran = false;
        std::function<void()> request;
    };
    auto exchange = std::make_shared<Exchange>();
    exchange->request = request;
    QMetaObject::invokeMethod(
        app,
        [exchange]() {
            std::unique_lock lock(exchange->mutex);
            if (exchange->abandoned)
                return;
            exchange->request(); // the job waits meanwhile, holding nothing the UI thread needs
            exchange->ran = true;
            exchange->done.notify_all();
        },
        Qt::QueuedConnection);
    JobControl* job = JobControl::current();
    std::unique_lock lock(exchange->mutex);
    while (!exchange->ran) {
        if ((job && job->cancelled()) || !QCoreApplication::instance()) {
            exchange->abandoned = true;
            return false;
        }
        exchange->done.wait_for(lock, kUiWaitSlice);
    }
    return true;
}

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
    , m_poll(new QTimer(this))
{
    m_poll->setInterval(kJobPollMs);
    connect(m_poll, &QTimer::timeout, this, [this] { emit progressChanged(progress()); });
}

JobRunner::~JobRunner()
{
    if (m_control)
        m_control->cancel();
}

double JobRunner::progress() const
{
    return m_control ? m_control->progress() : 0.0;
}

void JobRunner::cancel()
{
    m_pending.reset(); // a queued job never starts; the running one ends cancelled
    if (m_control)
        m_control->cancel();
}

void JobRunner::abandon()
{
    const bool busy = isRunning();
    if (m_control)
        m_control->cancel();
    m_control.reset();
    m_pending.reset();
    ++m_generation; // whatever still runs ends unheard
    m_poll->stop();
    if (busy)
        emit idle();
}

void JobRunner::start(const QString& name, std::function<Outcome(JobControl&)> work)
{
    if (m_control)
        m_control->cancel(); // the newest job wins; the old one's result is dropped when it ends
    if (m_overlap == Overlap::Queue && m_threads > 0) {
        m_pending = PendingJob { name, std::move(work) };
        m_name = name;
        return; // the running job's end starts it
    }
    launch(name, std::move(work));
}

void JobRunner::launch(const QString& name, std::function<Outcome(JobControl&)> work)
{
    auto control = std::make_shared<JobControl>();
    m_control = control;
    m_name = name;
    const quint64 generation = ++m_generation;
    ++m_threads;
    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, control] {
        watcher->deleteLater();
        jobEnded(generation, control, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([work = std::move(work), control, name]() -> Outcome {
        JobScope scope(control.get());
        Outcome outcome;
        try {
            outcome = work(*control);
        } catch (const std::bad_alloc&) {
            outcome.error = QStringLiteral("out of memory");
        } catch (const std::exception& ex) {
            outcome.error = QStringLiteral("internal error: ") + QString::fromUtf8(ex.what());
        }
        return outcome;
    }));
    m_poll->start();
    emit started(name);
    emit progressChanged(0.0);
}

void JobRunner::jobEnded(quint64 generation, const std::shared_ptr<JobControl>& control, Outcome outcome)
{
    --m_threads;
    if (m_pending && m_threads == 0) {
        PendingJob next = std::move(*m_pending); // the newest request runs now; this job's result is stale
        m_pending.reset();
        launch(next.name, std::move(next.work));
        return;
    }
    if (generation != m_generation)
        return; // superseded: the newer job reports for itself
    const QString name = m_name;
    m_control.reset();
    m_poll->stop();
    // A job that finished before it saw Cancel did its work (its file is written): that is reported, not hidden.
    if (outcome.deliver) {
        outcome.deliver();
        emit succeeded(name);
    } else if (control->cancelled())
        emit cancelled(name);
    else
        emit failed(name, outcome.error.isEmpty() ? QStringLiteral("no result") : outcome.error);
    emit idle();
}

QString JobRunner::errorText(const gp::Error& error)
{
    return CoreText::error(error);
}

} // namespace gpui
