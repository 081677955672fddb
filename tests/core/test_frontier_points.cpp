// The cost-time frontier the window, report and CSV draw: every frontier point is a fitting configuration, no
// scored configuration beats a frontier point on both cost and time, and the chosen configuration is marked.
#include "catalog/catalog.h"
#include "estimate/estimator.h"
#include "planner/answer.h"
#include "cli/cli.h"
#include "planner/frontier.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace {

gp::Plan twoCandidatePlan()
{
    nlohmann::json document = nlohmann::json::parse(gp::defaultPlanText());
    document["candidates"] = nlohmann::json::array({{{"instance", "tencent:GT4.41XLARGE948"}, {"nodes", "auto"}},
                                                    {{"instance", "tencent:GN7.20XLARGE320"}, {"nodes", "auto"}}});
    auto plan = gp::planFromJson(document);
    EXPECT_TRUE(plan.ok());
    return plan.ok() ? *plan : gp::Plan{};
}

} // namespace

TEST(FrontierPoints, FrontierPointsFitAndNoScoredConfigurationDominatesThem)
{
    const gp::Plan plan = twoCandidatePlan();
    const gp::Catalog& catalog = gp::builtinCatalog();
    auto answer = gp::answerPlan(plan, catalog);
    ASSERT_TRUE(answer.ok()) << answer.error().toString();
    int checkedFrontier = 0;
    for (std::size_t c = 0; c < answer->search.candidates.size(); ++c) {
        const gp::CandidatePlan& candidate = answer->search.candidates[c];
        if (!candidate.fits)
            continue;
        const auto points = gp::frontierPoints(plan, catalog, *answer, c);
        ASSERT_GT(points.size(), 1u) << candidate.best.candidate;
        int chosen = 0;
        for (const gp::FrontierPoint& f : points) {
            chosen += f.chosen ? 1 : 0;
            if (!f.onFrontier)
                continue;
            ++checkedFrontier;
            // A frontier point is a fitting configuration: evaluated in full, it fits.
            auto full = gp::evaluatePoint(plan, catalog, *answer, c, f.point);
            ASSERT_TRUE(full.ok()) << full.error().toString();
            EXPECT_TRUE(full->fits) << candidate.best.candidate;
            // No scored configuration is both cheaper and faster.
            for (const gp::FrontierPoint& g : points)
                EXPECT_FALSE(g.point.cost < f.point.cost && g.point.hours < f.point.hours)
                    << candidate.best.candidate << ": a scored point beats a frontier point";
        }
        EXPECT_EQ(chosen, 1) << candidate.best.candidate;
        // Sorted by hours.
        for (std::size_t i = 1; i < points.size(); ++i)
            EXPECT_LE(points[i - 1].point.hours, points[i].point.hours);
        // Every point not on the frontier is beaten on both figures (or matched on one and beaten on the other) by
        // some frontier point.
        for (const gp::FrontierPoint& g : points) {
            if (g.onFrontier)
                continue;
            const bool dominated = std::any_of(points.begin(), points.end(), [&](const gp::FrontierPoint& f) {
                return f.onFrontier && f.point.cost <= g.point.cost && f.point.hours <= g.point.hours;
            });
            EXPECT_TRUE(dominated) << candidate.best.candidate;
        }
    }
    EXPECT_GT(checkedFrontier, 2);
}

TEST(FrontierPoints, ChosenPointEvaluatesToTheCandidatesResult)
{
    const gp::Plan plan = twoCandidatePlan();
    const gp::Catalog& catalog = gp::builtinCatalog();
    auto answer = gp::answerPlan(plan, catalog);
    ASSERT_TRUE(answer.ok());
    ASSERT_GE(answer->recommended, 0);
    const std::size_t index = std::size_t(answer->recommended);
    const gp::CandidatePlan& best = answer->search.candidates[index];
    const auto points = gp::frontierPoints(plan, catalog, *answer, index);
    const auto chosen = std::find_if(points.begin(), points.end(), [](const gp::FrontierPoint& f) { return f.chosen; });
    ASSERT_NE(chosen, points.end());
    auto full = gp::evaluatePoint(plan, catalog, *answer, index, chosen->point);
    ASSERT_TRUE(full.ok());
    EXPECT_DOUBLE_EQ(full->trainingHours, best.best.trainingHours);
    EXPECT_DOUBLE_EQ(full->memory.total, best.best.memory.total);
    EXPECT_NEAR(chosen->point.hours, best.best.trainingHours, 1e-9 * best.best.trainingHours);
    EXPECT_NEAR(chosen->point.cost, answer->standings[index].figures.cost, 1e-6 * answer->standings[index].figures.cost);
    EXPECT_FALSE(gp::evaluatePoint(plan, catalog, *answer, 99, chosen->point).ok());
}

TEST(FrontierPoints, PlanFrontierCsvListsTheScoredPoints)
{
    const gp::Plan plan = twoCandidatePlan();
    auto answer = gp::answerPlan(plan, gp::builtinCatalog());
    ASSERT_TRUE(answer.ok());
    std::size_t expected = 0;
    for (std::size_t c = 0; c < answer->search.candidates.size(); ++c)
        expected += gp::frontierPoints(plan, gp::builtinCatalog(), *answer, c).size();
    std::istringstream in(gp::serializePlan(plan));
    std::ostringstream out, err;
    ASSERT_EQ(gp::runCli({"plan", "-", "--frontier", "--format", "csv"}, in, out, err), gp::ExitOk) << err.str();
    const std::string csv = out.str();
    EXPECT_EQ(csv.rfind("candidate,rank,nodes,", 0), 0u);
    EXPECT_EQ(std::size_t(std::count(csv.begin(), csv.end(), '\n')), expected + 1);
    std::istringstream in2(gp::serializePlan(plan));
    std::ostringstream json2, err2;
    ASSERT_EQ(gp::runCli({"plan", "-", "--frontier"}, in2, json2, err2), gp::ExitOk);
    const auto document = nlohmann::json::parse(json2.str());
    ASSERT_EQ(document["candidates"].size(), answer->search.candidates.size());
    int chosen = 0;
    for (const auto& p : document["candidates"][0]["points"])
        chosen += p["chosen"].get<bool>() ? 1 : 0;
    EXPECT_EQ(chosen, 1);
}
