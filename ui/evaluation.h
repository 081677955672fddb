// One evaluation of a plan (estimate as configured, or the planner's search) and its background runner.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"
#include "estimate/common/results.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace gpui {

struct Evaluation {
    quint64 generation = 0;
    bool ok = false;
    gp::Error error;                          // when !ok: names the field
    std::vector<gp::CandidateResult> results; // ranked: fitting first, best objective first
    std::vector<int> planOrder;               // results[i] came from plan candidate planOrder[i] (-1: unknown)
    int best = -1;                            // index into results of the recommendation; -1 = nothing fits
    bool searched = false;                    // the planner chose configurations
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
};

using EvaluationPtr = std::shared_ptr<const Evaluation>;

// The cost a candidate is compared by: the cheapest billing mode with a total, or nullopt.
std::optional<double> comparableCost(const gp::CandidateResult& result);
// The billing mode comparableCost() picked ("on_demand", ...), or "".
std::string comparableCostMode(const gp::CandidateResult& result);
// Hours a candidate needs for the plan (training hours; inference: none).
double comparableHours(const gp::CandidateResult& result);

// Evaluates synchronously (the plan's search when enabled, else the estimate) and ranks the results.
Evaluation evaluatePlan(const gp::Plan& plan, const gp::Catalog& catalog);

// Runs evaluatePlan() on the thread pool. Only the newest request's result is delivered; while one runs, further
// requests collapse into one pending plan, so dragging a slider never queues stale work.
class Evaluator : public QObject {
    Q_OBJECT
public:
    explicit Evaluator(QObject* parent = nullptr);
    ~Evaluator() override;

    void setCatalog(std::shared_ptr<const gp::Catalog> catalog);
    std::shared_ptr<const gp::Catalog> catalog() const { return m_catalog; }
    // Starts (or schedules) evaluating `plan`; returns the generation the result will carry.
    quint64 evaluate(const gp::Plan& plan);
    quint64 generation() const { return m_generation; }
    bool isBusy() const { return m_running; }
    EvaluationPtr latest() const { return m_latest; }

signals:
    void started(quint64 generation);
    // The newest evaluation; `milliseconds` is request-to-delivery time.
    void finished(gpui::EvaluationPtr evaluation, double milliseconds);

private:
    void startJob(const gp::Plan& plan, quint64 generation);
    void jobFinished();

    std::shared_ptr<const gp::Catalog> m_catalog;
    QFutureWatcher<Evaluation>* m_watcher;
    quint64 m_generation = 0;
    bool m_running = false;
    std::optional<gp::Plan> m_pending;
    EvaluationPtr m_latest;
    QElapsedTimer m_requestTimer;
};

} // namespace gpui

Q_DECLARE_METATYPE(gpui::EvaluationPtr)
