#include "evaluation.h"

#include "job_runner.h"

#include "planner/answer.h"
#include "transformer/layers.h"

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
    , m_jobs(new JobRunner(this))
{
    qRegisterMetaType<gpui::EvaluationPtr>();
    m_jobs->setOverlap(JobRunner::Overlap::Queue);
    // evaluatePlan() turns the core's errors into an evaluation that says them; what still fails (no result) is
    // shown the same way, naming the job.
    connect(m_jobs, &JobRunner::failed, this, [this](const QString& name, const QString& message) {
        Evaluation e;
        e.generation = m_generation;
        e.error = gp::Error { "", tr("%1 failed: %2").arg(name, message).toStdString() };
        deliver(std::move(e));
    });
}

// The runner cancels a running evaluation and never waits for it: the job owns copies of what it reads.
Evaluator::~Evaluator() = default;

void Evaluator::setCatalog(std::shared_ptr<const gp::Catalog> catalog)
{
    if (catalog)
        m_catalog = std::move(catalog);
}

bool Evaluator::isBusy() const
{
    return m_jobs->isRunning();
}

quint64 Evaluator::evaluate(const gp::Plan& plan)
{
    const quint64 generation = ++m_generation;
    m_requestTimer.start();
    emit started(generation);
    std::shared_ptr<const gp::Catalog> catalog = m_catalog;
    m_jobs->run<Evaluation>(
        tr("Evaluation"),
        [plan, catalog, generation](JobControl& control) -> gp::Expected<Evaluation> {
            Evaluation e = evaluatePlan(plan, *catalog, control.cancelFlag());
            e.generation = generation;
            return e;
        },
        [this](Evaluation e) { deliver(std::move(e)); });
    return generation;
}

void Evaluator::deliver(Evaluation e)
{
    if (e.generation != m_generation)
        return;
    m_latest = std::make_shared<const Evaluation>(std::move(e));
    emit finished(m_latest, double(m_requestTimer.nsecsElapsed()) / 1e6);
}

} // namespace gpui
