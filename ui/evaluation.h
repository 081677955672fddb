// One evaluation of a plan (estimate as configured, or the planner's search) and its background runner.
#pragma once

#include "catalog/catalog.h"
#include "estimate/common/results.h"
#include "plan/plan.h"
#include "planner/answer.h"
#include "rl/rl_search.h"

#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

namespace gpui
{

class JobRunner;

// The core's answer to a plan (gp::answerPlan), unpacked for the window: the window renders it and never
// re-ranks or re-derives it.
struct Evaluation {
    quint64 generation = 0;
    bool ok = false;
    gp::Error error; // when !ok: names the field
    std::shared_ptr<const gp::PlanAnswer> answer; // the core's answer: standings, frontiers, summary, modes
    std::vector<gp::CandidateResult> results; // answer->search.candidates[i].best, in the answer's ranked order
    std::vector<int> planOrder; // results[i] came from plan candidate planOrder[i]
    int best = -1; // index into results of the recommendation; -1 = nothing fits
    bool searched = false; // the planner chose configurations
    long configurationsEvaluated = 0;
    double coreSeconds = 0; // time the core took
    QString currency = QStringLiteral("CNY");
    gp::SearchObjective objective = gp::SearchObjective::Cost;
    std::optional<double> deadlineHours;
    std::optional<double> budget;
    QString modelName;
    double modelParameters = 0;
    double activeParameters = 0;
    gp::Diagnostics modelWarnings;
    gp::Mode mode = gp::Mode::Training;
    gp::ServingSpec serving; // the plan's serving question (load, lengths, latency targets)
    gp::Workload workload; // the plan's workload (its recipe: partial recompute, bf16 optimizer states)
    double modelLayers = 0; // the resolved model's layers (all stacks)
    // An RL plan's answer (workload.mode "rl", gp::answerRlPlan): its own ranking, layouts and phases; `answer` and
    // `results` stay empty.
    std::shared_ptr<const gp::RlAnswer> rl;
};

using EvaluationPtr = std::shared_ptr<const Evaluation>;

// The billing modes the answer counted (empty when there is no answer).
const std::vector<std::string>& countedBillingModes(const Evaluation& e);
// The headline cost of results[i] under the billing mode the answer ranks it by, or nullopt when unpriced.
std::optional<double> headlineCost(const Evaluation& e, std::size_t i);
// That billing mode, or none when unpriced.
std::optional<gp::BillingMode> headlineMode(const Evaluation& e, std::size_t i);
// Hours results[i] needs (training: to finish; +infinity when it cannot).
double headlineHours(const Evaluation& e, std::size_t i);

// Evaluates synchronously: the core's answer for the plan (the planner's search, or each candidate as configured
// when the plan's search is off). An exception in the core becomes an error, never a crash. `cancel` stops a
// superseded evaluation early (the result then has ok == false and a "cancelled" error).
Evaluation evaluatePlan(const gp::Plan& plan, const gp::Catalog& catalog, const std::atomic<bool>* cancel = nullptr);

// Runs evaluatePlan() on the window's job runner (job_runner.h, Overlap::Queue). Only the newest request's result is
// delivered; while one runs, further requests cancel it and collapse into one pending plan, so dragging a slider
// never queues stale work. A job that fails is delivered as an evaluation with ok == false naming the job.
class Evaluator : public QObject
{
    Q_OBJECT
public:
    explicit Evaluator(QObject* parent = nullptr);
    ~Evaluator() override;

    void setCatalog(std::shared_ptr<const gp::Catalog> catalog);
    std::shared_ptr<const gp::Catalog> catalog() const { return m_catalog; }
    // Starts (or schedules) evaluating `plan`; returns the generation the result will carry.
    quint64 evaluate(const gp::Plan& plan);
    quint64 generation() const { return m_generation; }
    bool isBusy() const;
    EvaluationPtr latest() const { return m_latest; }

signals:
    void started(quint64 generation);
    // The newest evaluation; `milliseconds` is request-to-delivery time.
    void finished(gpui::EvaluationPtr evaluation, double milliseconds);

private:
    void deliver(Evaluation e);

    std::shared_ptr<const gp::Catalog> m_catalog;
    JobRunner* m_jobs;
    quint64 m_generation = 0;
    EvaluationPtr m_latest;
    QElapsedTimer m_requestTimer;
};

} // namespace gpui

Q_DECLARE_METATYPE(gpui::EvaluationPtr)
