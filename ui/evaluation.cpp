#include "evaluation.h"

#include "planner/answer.h"
#include "transformer/layers.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <new>
#include <stdexcept>

namespace gpui
{

namespace
{

const gp::Standing* standingOf(const Evaluation& e, std::size_t i)
{
    return e.answer && i < e.answer->standings.size() ? &e.answer->standings[i] : nullptr;
}

} // namespace

const std::vector<std::string>& countedBillingModes(const Evaluation& e)
{
    static const std::vector<std::string> none;
    return e.answer ? e.answer->billingModes : none;
}

std::optional<double> headlineCost(const Evaluation& e, std::size_t i)
{
    const gp::Standing* s = standingOf(e, i);
    if (!s || !s->figures.priced || !std::isfinite(s->figures.cost))
        return std::nullopt;
    return s->figures.cost;
}

std::optional<gp::BillingMode> headlineMode(const Evaluation& e, std::size_t i)
{
    const gp::Standing* s = standingOf(e, i);
    return s && s->figures.priced ? s->figures.mode : std::nullopt;
}

double headlineHours(const Evaluation& e, std::size_t i)
{
    if (i >= e.results.size())
        return std::numeric_limits<double>::infinity();
    const double h = e.results[i].trainingHours;
    return std::isfinite(h) ? h : std::numeric_limits<double>::infinity();
}

Evaluation evaluatePlan(const gp::Plan& plan, const gp::Catalog& catalog, const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    Evaluation e;
    e.currency = QString::fromStdString(plan.billing.currency);
    e.objective = plan.search.objective;
    e.deadlineHours = plan.search.deadlineHours;
    e.budget = plan.search.budget;
    e.mode = plan.workload.mode;
    e.serving = plan.workload.serving;
    e.workload = plan.workload;
    e.searched = plan.search.enabled;
    try {
        if (plan.workload.mode == gp::Mode::Rl) { // the RL answer, one per plan (rl/rl_search.h)
            auto rl = gp::answerRlPlan(plan, catalog);
            if (!rl) {
                e.error = rl.error();
                return e;
            }
            e.modelName = QString::fromStdString(rl->actor);
            e.best = rl->recommended ? 0 : -1;
            e.configurationsEvaluated = rl->layoutsEvaluated;
            e.rl = std::make_shared<const gp::RlAnswer>(std::move(*rl));
            e.ok = true;
            e.coreSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return e;
        }
        gp::SearchControl control;
        control.cancel = cancel;
        auto answer = gp::answerPlan(plan, catalog, control);
        if (!answer) {
            e.error = answer.error();
            return e;
        }
        const gp::ResolvedModel& model = answer->search.model;
        e.modelName = QString::fromStdString(model.name);
        e.modelParameters = model.parameters.total;
        e.activeParameters = model.parameters.activeAsPublished;
        e.modelWarnings = model.warnings;
        e.modelLayers = gp::totalLayers(model.architecture);
        e.configurationsEvaluated = answer->search.configurationsEvaluated;
        e.best = answer->recommended;
        const std::size_t n = answer->search.candidates.size();
        e.results.reserve(n);
        e.planOrder.reserve(n);
        for (const gp::CandidatePlan& c : answer->search.candidates) {
            e.results.push_back(c.best);
            e.planOrder.push_back(c.planIndex);
        }
        e.answer = std::make_shared<const gp::PlanAnswer>(std::move(*answer));
    } catch (const std::bad_alloc&) {
        e = Evaluation {};
        e.error = gp::Error { "", "out of memory while evaluating the plan" };
        return e;
    } catch (const std::exception& ex) {
        e = Evaluation {};
        e.error = gp::Error { "", std::string("the evaluation failed: ") + ex.what() };
        return e;
    }
    e.ok = true;
    e.coreSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return e;
}

Evaluator::Evaluator(QObject* parent)
    : QObject(parent)
    , m_catalog(std::make_shared<gp::Catalog>(gp::builtinCatalog()))
    , m_watcher(new QFutureWatcher<Evaluation>(this))
{
    qRegisterMetaType<gpui::EvaluationPtr>();
    connect(m_watcher, &QFutureWatcher<Evaluation>::finished, this, &Evaluator::jobFinished);
}

Evaluator::~Evaluator()
{
    // The job copies everything it reads; waiting keeps the thread pool from outliving the watcher's receiver.
    m_watcher->waitForFinished();
}

void Evaluator::setCatalog(std::shared_ptr<const gp::Catalog> catalog)
{
    if (catalog)
        m_catalog = std::move(catalog);
}

quint64 Evaluator::evaluate(const gp::Plan& plan)
{
    ++m_generation;
    m_requestTimer.start();
    emit started(m_generation);
    if (m_running) {
        m_pending = plan;
        if (m_cancel)
            m_cancel->store(true); // the running job's answer is stale: let it stop early
    } else
        startJob(plan, m_generation);
    return m_generation;
}

void Evaluator::startJob(const gp::Plan& plan, quint64 generation)
{
    m_running = true;
    std::shared_ptr<const gp::Catalog> catalog = m_catalog;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    m_watcher->setFuture(QtConcurrent::run([plan, catalog, generation, cancel]() {
        Evaluation e = evaluatePlan(plan, *catalog, cancel.get());
        e.generation = generation;
        return e;
    }));
}

void Evaluator::jobFinished()
{
    m_running = false;
    Evaluation e = m_watcher->result();
    if (m_pending) {
        // A newer request arrived while this one ran: its result is stale, run the newest plan instead.
        gp::Plan next = std::move(*m_pending);
        m_pending.reset();
        startJob(next, m_generation);
        return;
    }
    if (e.generation != m_generation)
        return;
    m_latest = std::make_shared<const Evaluation>(std::move(e));
    emit finished(m_latest, double(m_requestTimer.nsecsElapsed()) / 1e6);
}

} // namespace gpui
