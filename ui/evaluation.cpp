#include "evaluation.h"

#include "estimate/estimator.h"
#include "planner/planner.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

namespace gpui {

std::optional<double> comparableCost(const gp::CandidateResult& result)
{
    std::optional<double> best;
    for (const gp::BillingCost& mode : result.cost.modes) {
        if (mode.total && std::isfinite(*mode.total) && (!best || *mode.total < *best))
            best = mode.total;
    }
    if (!best)
        best = result.cost.onDemand;
    return best;
}

std::string comparableCostMode(const gp::CandidateResult& result)
{
    std::optional<double> best;
    std::string mode;
    for (const gp::BillingCost& m : result.cost.modes) {
        if (m.total && std::isfinite(*m.total) && (!best || *m.total < *best)) {
            best = m.total;
            mode = m.mode;
        }
    }
    return mode.empty() && result.cost.onDemand ? std::string("on_demand") : mode;
}

double comparableHours(const gp::CandidateResult& result)
{
    return std::isfinite(result.trainingHours) ? result.trainingHours : std::numeric_limits<double>::infinity();
}

namespace {

constexpr double Infinite = std::numeric_limits<double>::infinity();

bool meetsConstraints(const gp::CandidateResult& r, const Evaluation& e)
{
    if (!r.fits)
        return false;
    if (e.objective == gp::SearchObjective::CostUnderDeadline && e.deadlineHours)
        return comparableHours(r) <= *e.deadlineHours;
    if (e.objective == gp::SearchObjective::TimeUnderBudget && e.budget)
        return comparableCost(r).value_or(Infinite) <= *e.budget;
    return true;
}

// Orders results: fitting and within constraints, then fitting, then the rest; inside, by the objective.
void rank(Evaluation& e)
{
    std::vector<int> order(e.results.size());
    std::iota(order.begin(), order.end(), 0);
    auto tier = [&](const gp::CandidateResult& r) { return meetsConstraints(r, e) ? 0 : r.fits ? 1 : 2; };
    auto byTime = e.objective == gp::SearchObjective::Time || e.objective == gp::SearchObjective::TimeUnderBudget;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const gp::CandidateResult& ra = e.results[size_t(a)];
        const gp::CandidateResult& rb = e.results[size_t(b)];
        const int ta = tier(ra), tb = tier(rb);
        if (ta != tb)
            return ta < tb;
        if (ta == 2) // neither fits: the closest miss first
            return ra.memory.total / std::max(ra.usableMemory, 1.0) < rb.memory.total / std::max(rb.usableMemory, 1.0);
        const double ca = comparableCost(ra).value_or(Infinite), cb = comparableCost(rb).value_or(Infinite);
        const double ha = comparableHours(ra), hb = comparableHours(rb);
        if (byTime)
            return ha != hb ? ha < hb : ca < cb;
        return ca != cb ? ca < cb : ha < hb;
    });
    std::vector<gp::CandidateResult> ranked;
    std::vector<int> planOrder;
    ranked.reserve(order.size());
    for (int i : order) {
        ranked.push_back(std::move(e.results[size_t(i)]));
        planOrder.push_back(i < int(e.planOrder.size()) ? e.planOrder[size_t(i)] : -1);
    }
    e.results = std::move(ranked);
    e.planOrder = std::move(planOrder);
    e.best = !e.results.empty() && meetsConstraints(e.results.front(), e) ? 0 : -1;
}

void takeModel(Evaluation& e, const gp::ResolvedModel& model)
{
    e.modelName = QString::fromStdString(model.name);
    e.modelParameters = model.parameters.total;
    e.activeParameters = model.parameters.active;
    e.modelWarnings = model.warnings;
}

} // namespace

Evaluation evaluatePlan(const gp::Plan& plan, const gp::Catalog& catalog)
{
    const auto start = std::chrono::steady_clock::now();
    Evaluation e;
    e.currency = QString::fromStdString(plan.billing.currency);
    e.objective = plan.search.objective;
    e.deadlineHours = plan.search.deadlineHours;
    e.budget = plan.search.budget;
    e.mode = plan.workload.mode;
    e.searched = plan.search.enabled;
    if (plan.search.enabled) {
        auto searched = gp::searchPlan(plan, catalog);
        if (!searched) {
            e.error = searched.error();
            return e;
        }
        takeModel(e, searched->model);
        e.configurationsEvaluated = searched->configurationsEvaluated;
        // The planner ranks; keep a map back to the plan's candidates by id for the candidates panel.
        for (gp::CandidatePlan& c : searched->candidates)
            e.results.push_back(std::move(c.best));
    } else {
        auto estimated = gp::estimatePlan(plan, catalog);
        if (!estimated) {
            e.error = estimated.error();
            return e;
        }
        takeModel(e, estimated->model);
        e.results = std::move(estimated->results);
        e.configurationsEvaluated = long(e.results.size());
    }
    if (!e.searched) {
        e.planOrder.resize(e.results.size());
        std::iota(e.planOrder.begin(), e.planOrder.end(), 0);
    } else {
        e.planOrder.assign(e.results.size(), -1);
    }
    rank(e);
    e.ok = true;
    e.coreSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return e;
}

Evaluator::Evaluator(QObject* parent)
    : QObject(parent), m_catalog(std::make_shared<gp::Catalog>(gp::builtinCatalog())),
      m_watcher(new QFutureWatcher<Evaluation>(this))
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
    if (m_running)
        m_pending = plan;
    else
        startJob(plan, m_generation);
    return m_generation;
}

void Evaluator::startJob(const gp::Plan& plan, quint64 generation)
{
    m_running = true;
    std::shared_ptr<const gp::Catalog> catalog = m_catalog;
    m_watcher->setFuture(QtConcurrent::run([plan, catalog, generation]() {
        Evaluation e = evaluatePlan(plan, *catalog);
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
