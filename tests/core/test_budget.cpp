// The team budget (core/budget): the file, the fleet's commitments, stock, caps, buy or rent, energy. Each number
// checked here is worked out by hand in the comment beside it from the catalog's published figures:
// tencent:GT4.41XLARGE948 (8 x A100 40GB SXM4): 237.51 CNY/h pay-as-you-go, 114,016 CNY a month (标准刊例价),
// 预留实例券 40% off (the Tencent Cloud guide 'AI训练选什么GPU型号性价比高？深度学习项目如何选配服务器硬件': up to 40%)
// for a 12-month term of 730 hours a month; a billing month of 30 days (720 hours).
#include "base/file_extensions.h"
#include "budget/budget.h"
#include "budget/budget_answer.h"
#include "budget/budget_cap_fixes.h"
#include "budget/budget_energy.h"
#include "budget/budget_fleet.h"
#include "budget/budget_output.h"
#include "budget/budget_what_if.h"
#include "budget/buy_or_rent.h"
#include "cli/cli.h"
#include "plan/plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace gp
{
namespace
{

constexpr double kGt4Hourly = 237.51;
constexpr double kGt4Monthly = 114016;
constexpr double kGt4ReservedHourly = 237.51 * 0.6; // 142.506
constexpr double kGt4ReservedYear = 142.506 * 730 * 12; // 1,248,352.56

MachineRates gt4Rates()
{
    MachineRates r;
    r.onDemandPerHour = kGt4Hourly;
    r.perMonth = kGt4Monthly;
    r.reservedPerHour = kGt4ReservedHourly;
    r.reservedTermMonths = 12;
    r.reservedHoursPerMonth = 730;
    return r;
}

const char* kTrainingPlan = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
  "workload": {"mode": "training", "technique": "full", "precision": "bf16", "activation_checkpointing": "full",
    "sequence_length": 4096, "global_batch_size": 64, "training_tokens": 1.0e9,
    "parallelism": {"data": "auto", "tensor": 1, "pipeline": 1, "zero_stage": 3}},
  "candidates": [{"instance": "tencent:GT4.41XLARGE948", "nodes": 1}, {"instance": "tencent:GNV7e-8GPU", "nodes": 1}],
  "search": {"enabled": true, "objective": "cost", "max_nodes": 1}})";

const char* kServingPlan = R"({"format": "gpu-planner-plan", "version": 1, "model": {"preset": "llama-2-7b"},
  "workload": {"mode": "serving", "precision": "bf16", "serving": {"prompt_tokens": 1000, "output_tokens": 200,
    "load": {"requests_per_second": 1}, "slo": {"ttft_seconds": 2.0}, "replicas": "auto"}},
  "candidates": [{"instance": "tencent:GT4.41XLARGE948", "nodes": "auto"}],
  "search": {"enabled": true, "objective": "cost", "max_nodes": 4}})";

// A budget of a training item in month 1 and a serving item from month 2 on the same 8-GPU instance type.
std::string sharedBudget(const std::string& extra = "", const std::string& trainingSchedule = R"({"start_month": 1})")
{
    return std::string(R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 12, )") + extra
        + R"("items": [{"name": "fine-tune", "schedule": )" + trainingSchedule + R"(, "plan": )" + kTrainingPlan
        + R"(}, {"name": "serving", "schedule": {"start_month": 2}, "traffic": {"requests_per_second": 1},
                "plan": )"
        + kServingPlan + "}]}";
}

BudgetAnswer answerText(const std::string& text)
{
    auto budget = parseBudget(text);
    EXPECT_TRUE(budget) << (budget ? "" : budget.error().toString());
    return answerBudget(*budget, builtinCatalog());
}

// --- the file ---

TEST(BudgetFile, ExampleReadsWritesAndReadsBackTheSame)
{
    auto budget = parseBudget(exampleBudgetText());
    ASSERT_TRUE(budget) << budget.error().toString();
    EXPECT_EQ(budget->items.size(), 3u);
    for (const BudgetItem& item : budget->items)
        EXPECT_FALSE(item.problem) << item.problem->toString();
    EXPECT_EQ(budget->items[1].schedule.everyWeeks.value_or(0), 2.0);
    const std::string written = serializeBudget(*budget);
    auto again = parseBudget(written);
    ASSERT_TRUE(again) << again.error().toString();
    EXPECT_EQ(serializeBudget(*again), written);
}

TEST(BudgetFile, ACapOfZeroNamesTheField)
{
    auto budget = parseBudget(sharedBudget(R"("caps": {"per_month": 0}, )"));
    ASSERT_FALSE(budget);
    EXPECT_EQ(budget.error().field, "caps.per_month");
}

TEST(BudgetFile, ScheduleAfterTheHorizonFailsThatItemAndTheRestIsAnswered)
{
    const BudgetAnswer a = answerText(sharedBudget("", R"({"start_month": 13})"));
    ASSERT_EQ(a.items.size(), 2u);
    ASSERT_TRUE(a.items[0].error);
    EXPECT_EQ(a.items[0].error->field, "items[0].schedule.start_month");
    EXPECT_FALSE(a.items[1].error);
    EXPECT_EQ(a.failedItems(), 1);
    EXPECT_GT(a.total, 0); // the serving item is still billed
}

TEST(BudgetFile, NegativeTrafficMonthNamesTheMonth)
{
    std::string text = sharedBudget();
    const std::string from = R"("traffic": {"requests_per_second": 1})";
    text.replace(text.find(from), from.size(), R"("traffic": {"requests_per_second_by_month": [1, 2, -3]})");
    auto budget = parseBudget(text);
    ASSERT_TRUE(budget);
    ASSERT_TRUE(budget->items[1].problem);
    EXPECT_EQ(budget->items[1].problem->field, "items[1].traffic.requests_per_second_by_month[2]");
    EXPECT_FALSE(budget->items[0].problem);
}

TEST(BudgetFile, PlanThatCannotBeOpenedNamesTheItem)
{
    auto budget = parseBudget(R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 3,
        "items": [{"name": "a", "plan": "missing.gpuplan", "schedule": {"start_month": 1}}]})");
    ASSERT_TRUE(budget);
    loadBudgetPlans(*budget, "/nowhere", [](const std::string& path) -> Expected<std::string> {
        return Error { "", "no such file: " + path };
    });
    ASSERT_TRUE(budget->items[0].problem);
    EXPECT_EQ(budget->items[0].problem->field, "items[0].plan");
    EXPECT_NE(budget->items[0].problem->message.find("missing.gpuplan"), std::string::npos);
    const BudgetAnswer a = answerBudget(*budget, builtinCatalog());
    EXPECT_EQ(a.failedItems(), 1);
}

// The documents' extensions have one home (base/file_extensions.h); the messages and embedded files built from it
// say and find what they did when the extensions were written into them.
TEST(BudgetFile, MessagesAndEmbeddedFilesReadTheExtensionsFromTheirHome)
{
    EXPECT_EQ(dottedExtension(kPlanExtension), ".gpuplan");
    EXPECT_EQ(dottedExtension(kBudgetExtension), ".gpubudget");
    auto budget = parseBudget(R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 3,
        "items": [{"name": "a", "schedule": {"start_month": 1}}]})");
    ASSERT_TRUE(budget);
    ASSERT_TRUE(budget->items[0].problem);
    EXPECT_EQ(budget->items[0].problem->field, "items[0].plan");
    EXPECT_EQ(budget->items[0].problem->message, "is required: a plan object or the path of a .gpuplan file");
    std::istringstream in;
    std::ostringstream out, err;
    EXPECT_NE(runCli({ "budget" }, in, out, err), 0);
    EXPECT_NE(err.str().find("budget needs a FILE (a .gpubudget path, or - for standard input)"), std::string::npos)
        << err.str();
    EXPECT_FALSE(exampleBudgetText().empty());
    EXPECT_FALSE(defaultPlanText().empty());
    EXPECT_FALSE(servingPlanText().empty());
    EXPECT_FALSE(rlPlanText().empty());
}

// --- commitments ---

TEST(BudgetFleet, TwelveMonthReservationSharedByTrainingAndServingIsCheapest)
{
    // Training uses one machine all of month 1, serving one machine in months 2-12 (720 h a month).
    std::vector<double> training(12, 0.0), serving(12, 720.0), both(12, 720.0);
    training[0] = 720;
    serving[0] = 0;
    // Training alone: one month, monthly 114,016 < pay-as-you-go 720 x 237.51 = 171,007.2 < a year's reservation.
    EXPECT_NEAR(cheapestCommitments(training, gt4Rates(), 720).total, 114016, 1e-6);
    // Serving alone: 11 monthly months 1,254,176 > a 12-month reservation from month 2, 1,248,352.56, one month of
    // which (104,029.38) falls past the horizon and is owed all the same.
    const LevelBill servingBill = cheapestCommitments(serving, gt4Rates(), 720);
    EXPECT_NEAR(servingBill.total, kGt4ReservedYear, 1e-6);
    EXPECT_NEAR(servingBill.committedAfterHorizon, 142.506 * 730, 1e-6);
    // Shared: one reservation for months 1-12 covers both, 1,248,352.56 < 114,016 + 1,248,352.56 = 1,362,368.56.
    const LevelBill shared = cheapestCommitments(both, gt4Rates(), 720);
    EXPECT_NEAR(shared.total, 1248352.56, 1e-6);
    EXPECT_EQ(shared.reservationStarts, std::vector<int> { 0 });
    EXPECT_EQ(shared.committedAfterHorizon, 0);
}

TEST(BudgetFleet, LevelsShareAMachineOnlyWhenTimesDoNotOverlap)
{
    // Two items of 10 hours each: one after the other need one machine; at the same time two.
    std::vector<int> apart(1440, 0), together(1440, 0);
    for (int h = 0; h < 10; ++h) {
        apart[std::size_t(h)] += 1;
        apart[std::size_t(h + 10)] += 1;
        together[std::size_t(h)] += 2;
    }
    EXPECT_EQ(levelHours(apart, 2, 720).size(), 1u);
    EXPECT_EQ(levelHours(apart, 2, 720)[0][0], 20);
    ASSERT_EQ(levelHours(together, 2, 720).size(), 2u);
    EXPECT_EQ(levelHours(together, 2, 720)[1][0], 10);
}

TEST(BudgetAnswerTest, TrainingAndServingShareOneReservation)
{
    const BudgetAnswer a = answerText(sharedBudget());
    ASSERT_EQ(a.failedItems(), 0);
    ASSERT_TRUE(a.items[0].placement && a.items[1].placement);
    EXPECT_EQ(a.items[0].placement->instance, "tencent:GT4.41XLARGE948");
    EXPECT_EQ(a.items[1].placement->instance, "tencent:GT4.41XLARGE948");
    EXPECT_EQ(a.items[1].machinesByMonth[0], 0);
    EXPECT_EQ(a.items[1].machinesByMonth[1], 1); // 1 request/s: one replica of one GPU, one machine
    ASSERT_LT(a.items[0].hoursPerRun, 720); // the fine-tune finishes inside month 1
    // The fleet: one machine reserved for months 1-12, 142.506 x 730 x 12 = 1,248,352.56.
    EXPECT_NEAR(a.total, kGt4ReservedYear, 1e-3);
    ASSERT_FALSE(a.fleet.empty());
    EXPECT_EQ(a.fleet[0].machines, 1);
    EXPECT_EQ(fleetModesText(a.fleet[0].modeByMonth), "reserved 1-12");
    EXPECT_EQ(a.fleet[0].items.size(), 2u);
    // Alone, training pays min(its hours, counted in whole hours as the timeline holds them, x 237.51, 114,016) and
    // serving a reservation from month 2 (1,248,352.56): sharing saves exactly the training's own bill.
    const double trainingAlone = std::min(std::ceil(a.items[0].hoursPerRun) * kGt4Hourly, kGt4Monthly);
    EXPECT_NEAR(a.items[0].aloneCost, trainingAlone, 1e-3);
    EXPECT_NEAR(a.items[1].aloneCost, kGt4ReservedYear, 1e-3);
    EXPECT_NEAR(a.sharingSaves, trainingAlone, 1e-3);
    EXPECT_LT(a.total, a.items[0].aloneCost + a.items[1].aloneCost);
    // Issue 41: no item pays more than alone. By hours the fine-tune would pay all of month 1's reserved month,
    // 142.506 x 730 = 104,029.38, against its own bill of trainingAlone (about 12,000); it pays trainingAlone, and the
    // serving the rest of the year's reservation, 1,248,352.56 - trainingAlone (its own bill is 1,248,352.56).
    EXPECT_NEAR(a.items[0].spend, trainingAlone, 1e-3);
    EXPECT_NEAR(a.items[1].spend, kGt4ReservedYear - trainingAlone, 1e-3);
    EXPECT_NEAR(a.items[0].spendByMonth[0], trainingAlone, 1e-3);
    EXPECT_NEAR(a.items[1].spendByMonth[0], 142.506 * 730 - trainingAlone, 1e-3);
    // Each month's bill is shared among the items: month 1 is the reserved month.
    EXPECT_NEAR(
        a.items[0].spendByMonth[0] + a.items[1].spendByMonth[0] +
            [&] {
                for (const SpendLine& l : a.byItem)
                    if (l.key == "(unused commitment)")
                        return l.byMonth[0];
                return 0.0;
            }(),
        142.506 * 730, 1e-6);
}

// Issue 41: the shipped example demonstrates sharing (it showed 0 saved: its fine-tune ran in Guangzhou and its
// serving, moved to Nanjing by the stock, could not share; and 9 months of serving pay no reservation).
TEST(BudgetAnswerTest, ExampleBudgetSharesAMachineBetweenTheFineTuneAndTheServing)
{
    const BudgetAnswer a = answerText(std::string(exampleBudgetText()));
    ASSERT_EQ(a.failedItems(), 0);
    ASSERT_EQ(a.unplacedItems(), 0);
    ASSERT_EQ(a.items.size(), 3u);
    const ItemBudget& fineTune = a.items[0];
    const ItemBudget& serving = a.items[2];
    ASSERT_TRUE(fineTune.placement && serving.placement);
    // Guangzhou has none to be had, so both move to the same region and instance (one pool).
    EXPECT_TRUE(fineTune.placement->moved);
    EXPECT_EQ(fineTune.placement->region, serving.placement->region);
    EXPECT_EQ(fineTune.placement->instance, serving.placement->instance);
    // Some machine's row names both items: they take turns on it.
    const bool shared = std::any_of(a.fleet.begin(), a.fleet.end(), [&](const FleetRow& row) {
        return std::count(row.items.begin(), row.items.end(), a.items[0].name)
            && std::count(row.items.begin(), row.items.end(), a.items[2].name);
    });
    EXPECT_TRUE(shared);
    // The fine-tune runs inside the month before serving starts, on the machine serving reserves anyway: sharing
    // saves exactly what the fine-tune costs alone.
    EXPECT_GT(fineTune.aloneCost, 0);
    EXPECT_NEAR(a.sharingSaves, fineTune.aloneCost, 1e-3);
    EXPECT_NEAR(a.aloneTotal - a.total, a.sharingSaves, 1e-3);
    // Issue 41: the fine-tune was charged 104,029 (all of January's reserved month) while it costs 12,113 alone. No
    // item pays more than alone, and the items' spend adds up to the total.
    double spend = 0;
    for (const ItemBudget& item : a.items) {
        EXPECT_LE(item.spend, item.aloneCost + 1e-6) << item.name;
        spend += item.spend;
    }
    EXPECT_NEAR(fineTune.spend, fineTune.aloneCost, 1e-3);
    EXPECT_NEAR(spend, a.total, 1e-6 * a.total);
}

// Issue 41: billing.price_discount is the plan's contract discount off list prices; the fleet pays it too.
TEST(BudgetFleet, PriceDiscountOfThePlansIsPaidByTheFleet)
{
    const auto withDiscount = [](std::string plan) {
        const std::size_t at = plan.find("\"search\"");
        return plan.insert(at, R"("billing": {"price_discount": 0.2}, )");
    };
    const auto budgetOf = [](const std::string& training, const std::string& serving) {
        return std::string(R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 12, "items": [)")
            + R"({"name": "fine-tune", "schedule": {"start_month": 1}, "plan": )" + training + "}, "
            + R"({"name": "serving", "schedule": {"start_month": 2}, "traffic": {"requests_per_second": 1}, "plan": )"
            + serving + "}]}";
    };
    // Both plans 20% off: every mode is 0.8 x its list price, so the same shared reservation is cheapest, at
    // 237.51 x 0.8 = 190.008 an hour, reserved 40% off that, 114.0048 x 730 x 12 = 998,682.048.
    const BudgetAnswer both = answerText(budgetOf(withDiscount(kTrainingPlan), withDiscount(kServingPlan)));
    ASSERT_EQ(both.failedItems(), 0);
    ASSERT_EQ(both.fleet.size(), 1u);
    EXPECT_EQ(fleetModesText(both.fleet[0].modeByMonth), "reserved 1-12");
    EXPECT_NEAR(both.total, 190.008 * 0.6 * 730 * 12, 1e-3);
    EXPECT_NEAR(both.total, 998682.048, 1e-3);

    // Only the serving plan has the discount: two accounts, so no machine is shared. Training alone pays its whole
    // hours at the list price (or the month, 114,016, if less); serving reserves from month 2, 114.0048 x 730 an
    // hour-month, 11 months inside the horizon (the 12th, month 13, is owed after it and not in the total).
    // Undiscounted that serving bill would be 142.506 x 730 x 11 = 1,144,323.18.
    const BudgetAnswer one = answerText(budgetOf(kTrainingPlan, withDiscount(kServingPlan)));
    ASSERT_EQ(one.failedItems(), 0);
    ASSERT_TRUE(one.items[0].placement && one.items[1].placement);
    ASSERT_EQ(one.items[0].placement->instance, "tencent:GT4.41XLARGE948");
    ASSERT_EQ(one.fleet.size(), 2u);
    const double trainingAlone = std::min(std::ceil(one.items[0].hoursPerRun) * kGt4Hourly, kGt4Monthly);
    EXPECT_NEAR(one.total, trainingAlone + 190.008 * 0.6 * 730 * 11, 1e-3);
    EXPECT_NEAR(one.total, trainingAlone + 915458.544, 1e-3);
}

// --- stock ---

TEST(BudgetStock, StockMovesTheRegionThenTheGpu)
{
    const std::string limits = R"("stock": [{"instance": "tencent:GT4.41XLARGE948", "region": "ap-guangzhou",
        "max_instances": 0}], )";
    // Guangzhou has no GT4 left; Nanjing is allowed: the fine-tune moves region, not GPU.
    const BudgetAnswer nanjing
        = answerText(sharedBudget(limits + R"("allowed": {"regions": {"tencent": ["ap-guangzhou", "ap-nanjing"]}}, )"));
    ASSERT_TRUE(nanjing.items[0].placement);
    EXPECT_EQ(nanjing.items[0].placement->instance, "tencent:GT4.41XLARGE948");
    EXPECT_EQ(nanjing.items[0].placement->region, "ap-nanjing");
    EXPECT_TRUE(nanjing.items[0].placement->moved);
    EXPECT_EQ(nanjing.items[0].placement->movedFrom, "tencent:GT4.41XLARGE948@ap-guangzhou");
    EXPECT_EQ(nanjing.items[0].placement->movedBecause, "stock_limit");
    // Only Guangzhou allowed: the fine-tune moves to the next GPU the planner ranks (GNV7e, A100 80GB).
    const BudgetAnswer gpu
        = answerText(sharedBudget(limits + R"("allowed": {"regions": {"tencent": ["ap-guangzhou"]}}, )"));
    ASSERT_TRUE(gpu.items[0].placement);
    EXPECT_EQ(gpu.items[0].placement->instance, "tencent:GNV7e-8GPU");
    EXPECT_EQ(gpu.items[0].placement->region, "ap-guangzhou");
    // The serving item has no other candidate: it is not placed, and the answer names a region that would take it.
    EXPECT_TRUE(gpu.items[1].unplaced);
    EXPECT_EQ(gpu.items[1].suggestion.rfind("tencent:GT4.41XLARGE948@", 0), 0u) << gpu.items[1].suggestion;
    EXPECT_EQ(gpu.unplacedItems(), 1);
}

TEST(BudgetStock, AGpuQuotaCountsEveryInstanceOfThatGpu)
{
    // At most 8 A100 40GB in the reference region: the serving machine (8 GPUs) and the fine-tune (8 GPUs) cannot
    // both run in month 1... they do not overlap (training month 1, serving from month 2), so both fit.
    const BudgetAnswer fits = answerText(
        sharedBudget(R"("stock": [{"gpu": "a100-40gb-sxm", "region": "china-mainland", "max_gpus": 8}], )"));
    EXPECT_EQ(fits.unplacedItems(), 0);
    EXPECT_FALSE(fits.items[1].placement->moved);
    // With serving from month 1 they overlap: the serving item (placed second) finds the quota full.
    std::string overlap
        = sharedBudget(R"("stock": [{"gpu": "a100-40gb-sxm", "region": "china-mainland", "max_gpus": 8}], )");
    overlap.replace(overlap.find(R"("start_month": 2)"), 16, R"("start_month": 1)");
    const BudgetAnswer full = answerText(overlap);
    EXPECT_TRUE(full.items[1].unplaced);
}

TEST(BudgetStock, ImportedStockSoldOutInEveryZoneClosesTheRegion)
{
    // The catalog's imported stock (catalog import of DescribeZoneInstanceConfigInfos) lists GT4.41XLARGE948 sold
    // out in both Guangzhou zones and in stock in Nanjing: the items move to Nanjing, because "sold_out".
    Catalog catalog = builtinCatalog();
    for (InstanceSpec& instance : catalog.instances)
        if (instance.id == "tencent:GT4.41XLARGE948")
            instance.availability = { { "ap-guangzhou-3", "sold_out" }, { "ap-guangzhou-6", "sold_out" },
                { "ap-nanjing-1", "in_stock" } };
    auto budget = parseBudget(sharedBudget(R"("allowed": {"regions": {"tencent": ["ap-guangzhou", "ap-nanjing"]}}, )"));
    ASSERT_TRUE(budget);
    const BudgetAnswer a = answerBudget(*budget, catalog);
    ASSERT_TRUE(a.items[0].placement);
    EXPECT_EQ(a.items[0].placement->region, "ap-nanjing");
    EXPECT_EQ(a.items[0].placement->movedBecause, "sold_out");
    // Told to ignore the imported stock, Guangzhou takes it.
    budget->catalogStock = false;
    EXPECT_EQ(answerBudget(*budget, catalog).items[0].placement->region, "ap-guangzhou");
}

TEST(BudgetWhatIfTest, LaterPastTheHorizonNamesTheItemsStartMonth)
{
    auto budget = parseBudget(sharedBudget());
    ASSERT_TRUE(budget);
    BudgetWhatIf later;
    later.delayMonths = 11;
    const Budget edited = applyWhatIf(*budget, later);
    EXPECT_EQ(edited.items[0].schedule.startMonth, 12);
    ASSERT_TRUE(edited.items[1].problem); // serving started in month 2: month 13 is past the horizon
    EXPECT_EQ(edited.items[1].problem->field, "items[1].schedule.start_month");
    BudgetWhatIf doubled;
    doubled.trafficFactor = 2;
    EXPECT_EQ(*applyWhatIf(*budget, doubled).items[1].traffic.requestsPerSecond, 2.0);
}

// --- caps ---

// Issue 41's frame budget: the window answers edits with one cache of the items' planner answers and demands. An
// answer from a cache warmed by other edits is the fresh answer, byte for byte.
TEST(BudgetWhatIfTest, AnAnswerFromTheEditsCacheIsTheFreshAnswerByteForByte)
{
    auto budget = parseBudget(std::string(exampleBudgetText()));
    ASSERT_TRUE(budget);
    BudgetPlanCache cache;
    for (int item : { -1, 0, 2 })
        for (double factor : { 2.0, 1.0, 3.0 })
            for (int delay : { 0, 1 }) {
                BudgetWhatIf whatIf;
                whatIf.item = item;
                whatIf.trafficFactor = factor;
                whatIf.delayMonths = delay;
                const Budget edited = applyWhatIf(*budget, whatIf);
                const std::string fresh = budgetAnswerToJson(answerBudget(edited, builtinCatalog())).dump();
                const std::string cached
                    = budgetAnswerToJson(answerBudget(edited, builtinCatalog(), {}, &cache)).dump();
                EXPECT_EQ(cached, fresh) << "item " << item << " x" << factor << " later " << delay;
            }
    EXPECT_FALSE(cache.demands.empty());
}

// The budget with one cap break's fix applied: the cap raised to its amount, the item dropped, started later or
// served at a share of its traffic.
Budget withCapFix(Budget budget, const CapBreak& capBreak, const Diagnostic& fix)
{
    const std::string name = fix.arg("item");
    BudgetWhatIf whatIf;
    for (std::size_t i = 0; i < budget.items.size(); ++i)
        if (budget.items[i].name == name)
            whatIf.item = int(i);
    if (fix.code == "raise_cap") {
        const double amount = std::stod(fix.arg("amount"));
        (capBreak.cap == "total" ? budget.caps.total : budget.caps.perMonth) = amount;
    } else if (fix.code == "delay_item") {
        EXPECT_GE(whatIf.item, 0) << fix.message;
        whatIf.delayMonths = std::stoi(fix.arg("months"));
        EXPECT_GE(whatIf.delayMonths, 1) << fix.message;
        return applyWhatIf(budget, whatIf);
    } else if (fix.code == "scale_traffic") {
        EXPECT_GE(whatIf.item, 0) << fix.message;
        whatIf.trafficFactor = std::stoi(fix.arg("percent")) / 100.0;
        EXPECT_GT(whatIf.trafficFactor, 0) << fix.message;
        EXPECT_LT(whatIf.trafficFactor, 1) << fix.message;
        return applyWhatIf(budget, whatIf);
    } else {
        EXPECT_EQ(fix.code, "drop_item");
        std::erase_if(budget.items, [&](const BudgetItem& item) { return item.name == name; });
    }
    return budget;
}

// Every fix of every break, applied alone and the budget answered again: that cap holds in every month.
void expectEachFixBringsTheBudgetUnderItsCaps(const Budget& budget, const BudgetAnswer& a)
{
    for (const CapBreak& b : a.capBreaks) {
        ASSERT_GE(b.fixes.size(), 2u) << b.cap << ": a raise and an item to drop";
        for (const Diagnostic& fix : b.fixes) {
            const BudgetAnswer fixed = answerBudget(withCapFix(budget, b, fix), builtinCatalog());
            for (const CapBreak& still : fixed.capBreaks)
                EXPECT_NE(still.cap, b.cap) << fix.message << " leaves months " << budgetMonthsText(still.months)
                                            << " over the " << b.cap << " cap";
        }
    }
}

TEST(BudgetCaps, NamesTheMonthTheCapBreaksAndAnItemWhoseDropFixesIt)
{
    // Pay-as-you-go only. One fine-tune run in month 1; the second item runs it 4 times in month 5 (a week apart).
    // Month 1 costs h x 237.51 and month 5 4h x 237.51: a cap of twice month 1 breaks in month 5, by 2h x 237.51.
    const std::string text = std::string(R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 6,
        "allowed": {"billing_modes": ["on_demand"]}, "caps": {"per_month": CAP},
        "items": [{"name": "once", "schedule": {"start_month": 1}, "plan": )")
        + kTrainingPlan + R"(}, {"name": "weekly", "schedule": {"start_month": 5, "runs": 4,
        "repeat": {"every_weeks": 1}}, "plan": )"
        + kTrainingPlan + "}]}";
    const BudgetAnswer probe = answerText(std::string(text).replace(text.find("CAP"), 3, "1e12"));
    const double h = probe.items[0].hoursPerRun;
    ASSERT_GT(h, 0);
    ASSERT_LT(h, 168); // a run fits in a week
    const double cap = 2 * std::ceil(h) * kGt4Hourly; // billed hours are whole hours
    auto budget = parseBudget(std::string(text).replace(text.find("CAP"), 3, std::to_string(cap)));
    ASSERT_TRUE(budget) << budget.error().toString();
    const BudgetAnswer a = answerBudget(*budget, builtinCatalog());
    ASSERT_EQ(a.capBreaks.size(), 1u);
    EXPECT_EQ(a.capBreaks[0].cap, "per_month");
    EXPECT_EQ(a.capBreaks[0].month, 5);
    EXPECT_EQ(a.capBreaks[0].months, std::vector<int> { 5 });
    EXPECT_NEAR(a.capBreaks[0].over, 2 * std::ceil(h) * kGt4Hourly, 1e-3);
    ASSERT_GE(a.capBreaks[0].fixes.size(), 2u);
    EXPECT_EQ(a.capBreaks[0].fixes[1].code, "drop_item");
    EXPECT_EQ(a.capBreaks[0].fixes[1].arg("item"), "weekly");
    expectEachFixBringsTheBudgetUnderItsCaps(*budget, a);
}

// Issue 44: the example's monthly spend passed its cap in months 6-12 (4-12 since the one replica rule for rates); the
// answer named month 6 and suggested moving the serving out of month 6, which left months 7-12 over.
TEST(BudgetCaps, EveryMonthOverTheCapIsNamedAndEachFixBringsThemAllUnder)
{
    auto budget = parseBudget(exampleBudgetText());
    ASSERT_TRUE(budget) << budget.error().toString();
    BudgetPlanCache cache;
    BudgetAnswer a = answerBudget(*budget, builtinCatalog(), {}, &cache);
    addGentlerCapFixes(a, *budget, builtinCatalog(), cache); // what the CLI's budget command offers
    ASSERT_TRUE(budget->caps.perMonth);
    std::vector<int> over;
    double dearest = 0;
    for (std::size_t m = 0; m < a.monthly.size(); ++m)
        if (a.monthly[m] > *budget->caps.perMonth) {
            over.push_back(int(m) + 1);
            dearest = std::max(dearest, a.monthly[m]);
        }
    ASSERT_GE(over.size(), 2u) << "the example breaks its monthly cap in more than one month";
    const auto monthly
        = std::find_if(a.capBreaks.begin(), a.capBreaks.end(), [](const CapBreak& b) { return b.cap == "per_month"; });
    ASSERT_NE(monthly, a.capBreaks.end());
    EXPECT_EQ(monthly->months, over);
    EXPECT_EQ(monthly->month, over.front());
    EXPECT_DOUBLE_EQ(monthly->spend, dearest);
    EXPECT_DOUBLE_EQ(monthly->over, dearest - *budget->caps.perMonth);
    // The CSV has one cap_over row per month over the cap, the JSON every month.
    const std::string csv = budgetAnswerToCsv(a);
    for (int m : over)
        EXPECT_NE(csv.find("cap_over,per_month," + std::to_string(m) + ","), std::string::npos) << m;
    EXPECT_EQ(budgetAnswerToJson(a)["cap_breaks"][std::size_t(monthly - a.capBreaks.begin())]["months"],
        nlohmann::json(over));
    // Issue 44 (window9): a gentler fix than dropping a whole item, start one later or serve one at a share of its
    // traffic (each applied and answered again below).
    EXPECT_TRUE(std::any_of(monthly->fixes.begin(), monthly->fixes.end(), [](const Diagnostic& f) {
        return f.code == "delay_item" || f.code == "scale_traffic";
    })) << "only a raise of the cap or dropping a whole item";
    expectEachFixBringsTheBudgetUnderItsCaps(*budget, a);
}

TEST(BudgetCaps, MonthsAreWrittenAsOneMonthARunOrAList)
{
    EXPECT_EQ(budgetMonthsText({ 6 }), "month 6");
    EXPECT_EQ(budgetMonthsText({ 6, 7, 8 }), "months 6-8");
    EXPECT_EQ(budgetMonthsText({ 3, 5, 9 }), "months 3, 5, 9");
}

// --- buy or rent ---

TEST(BuyOrRent, CrossoverMonthByHand)
{
    OwnedOption o;
    o.instance = "tencent:GT4.41XLARGE948";
    o.purchasePrice = 1200000;
    o.lifeMonths = 48;
    o.residualValue = 150000;
    o.hostWatts = 1500;
    o.electricityPerKwh = 0.8;
    o.hostingPerMonth = 6000;
    o.maintenancePerMonth = 3000;
    // Busy all month: GPUs 8 x 400 W x 720 h = 2,304 kWh, host 1.5 kW x 720 h = 1,080 kWh; x PUE 1.58 = 5,346.72 kWh,
    // 4,277.376 CNY; opex 6,000 + 3,000 + 4,277.376 = 13,277.376 a month.
    const std::vector<double> kwh(12, 2304.0), busy(12, 720.0);
    // Against pay-as-you-go (720 x 237.51 = 171,007.2 a month): 171,007.2 m >= 1,200,000 + 13,277.376 m from
    // m = 1,200,000 / 157,729.824 = 7.61, month 8.
    const BuyOrRentAnswer onDemand = buyOrRent(o, 1, std::vector<double>(12, 720 * kGt4Hourly), kwh, busy, 1.58);
    EXPECT_NEAR(onDemand.energyKwhByMonth[0], 5346.72, 1e-9);
    EXPECT_NEAR(onDemand.ownedCashByMonth[1], 13277.376, 1e-9);
    EXPECT_NEAR(onDemand.ownedCostByMonth[1], 13277.376 + 21875, 1e-9); // depreciation (1.2M - 150k) / 48
    ASSERT_TRUE(onDemand.crossoverMonth);
    EXPECT_EQ(*onDemand.crossoverMonth, 8);
    EXPECT_FALSE(onDemand.crossoverEstimated);
    // Against the reservation (104,029.38 a month) it has not paid off in 12 months: the gap left, 1,359,328.512 -
    // 1,248,352.56 = 110,975.952, closes at 90,752.004 a month: 2 more months, month 14.
    const BuyOrRentAnswer reserved = buyOrRent(o, 1, std::vector<double>(12, 142.506 * 730), kwh, busy, 1.58);
    ASSERT_TRUE(reserved.crossoverMonth);
    EXPECT_EQ(*reserved.crossoverMonth, 14);
    EXPECT_TRUE(reserved.crossoverEstimated);
    EXPECT_NEAR(reserved.residualAtHorizon, 1200000 - 12 * 21875.0, 1e-6);
}

// --- energy ---

TEST(BudgetEnergy, KilowattHoursAndCarbonFromTheCatalog)
{
    const EnergyFactors guangzhou = energyFactors(builtinCatalog(), "ap-guangzhou", std::nullopt);
    EXPECT_EQ(guangzhou.pue, 1.58); // Uptime Institute 2023
    EXPECT_EQ(guangzhou.kgCo2PerKwh.value_or(0), 0.3869); // 南方 grid, 2022
    EXPECT_FALSE(energyFactors(builtinCatalog(), "mars-1", 1.2).kgCo2PerKwh);
    EXPECT_EQ(energyFactors(builtinCatalog(), "mars-1", 1.2).pue, 1.2);
    // 100 machine-hours of 8 x 400 W at full draw: 320 kWh of GPU energy.
    EXPECT_NEAR(gpuKwh(100, 8, 400, 1.0), 320, 1e-12);
    // In a budget: the fine-tune's kWh = its machine-hours x 8 x 400 W x 1.0 x PUE 1.58 / 1000.
    const BudgetAnswer a = answerText(sharedBudget());
    const double hours = a.items[0].machineHoursByMonth[0];
    EXPECT_NEAR(a.items[0].kwhByMonth[0], hours * 8 * 400 * 1.58 / 1000, 1e-9);
    EXPECT_NEAR(a.items[0].kgCo2ByMonth[0], a.items[0].kwhByMonth[0] * 0.5366, 1e-9); // china-mainland, national
    // Serving draws TDP x its utilisation, below the full draw.
    EXPECT_LT(a.items[1].kwhByMonth[5], a.items[1].machineHoursByMonth[5] * 8 * 400 * 1.58 / 1000);
}

// --- one answer: json = csv = table ---

TEST(BudgetOutput, JsonCsvAndTableCarryTheSameTotals)
{
    for (const std::string& text : { sharedBudget(), std::string(exampleBudgetText()) }) {
        const BudgetAnswer a = answerText(text);
        const nlohmann::json j = budgetAnswerToJson(a);
        EXPECT_NEAR(j["total"].get<double>(), a.total, 1e-6);
        const std::string csv = budgetAnswerToCsv(a);
        std::istringstream lines(csv);
        std::string line;
        double csvTotal = -1;
        while (std::getline(lines, line))
            if (line.rfind("total,", 0) == 0 && line.find(",all,") != std::string::npos)
                csvTotal = std::stod(line.substr(line.rfind(',') + 1));
        EXPECT_NEAR(csvTotal, a.total, 1e-6 * a.total);
        double items = 0;
        for (const auto& item : j["spend"]["by_item"])
            items += item["total"].get<double>();
        EXPECT_NEAR(items, a.total, 1e-6 * a.total); // every cost goes to an item
        EXPECT_NE(budgetAnswerToTable(a).find(std::to_string(int(std::llround(a.total)))), std::string::npos);
    }
}

// Issue 41: each fleet row says how its pool put the items on machines: "exact" (at most kExactPlacementUnits
// machine units, every placement tried) or "greedy" (more), in the JSON and the table; a spot row says none.
TEST(BudgetOutput, FleetRowsSayWhichPlacementTheirPoolUsed)
{
    // Two items of one machine each in one pool: 2 units, placed exactly.
    const BudgetAnswer two = answerText(sharedBudget());
    ASSERT_FALSE(two.fleet.empty());
    for (const FleetRow& row : two.fleet) {
        EXPECT_EQ(row.placement, "exact");
        EXPECT_EQ(row.placementUnits, 2);
    }
    const nlohmann::json j = budgetAnswerToJson(two);
    EXPECT_EQ(j["fleet"][0]["placement"], "exact");
    EXPECT_EQ(j["fleet"][0]["placement_units"], 2);
    EXPECT_NE(budgetAnswerToTable(two).find("exact (2 units)"), std::string::npos);
    // kExactPlacementUnits + 1 one-machine fine-tunes (one plan, so one planner search) in one pool: greedy.
    std::string items;
    for (int i = 0; i <= kExactPlacementUnits; ++i)
        items += std::string(i ? ", " : "") + R"({"name": "run )" + std::to_string(i)
            + R"(", "schedule": {"start_month": )" + std::to_string(1 + i % 6) + R"(}, "plan": )" + kTrainingPlan + "}";
    const BudgetAnswer many = answerText(R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 6, )"
                                         R"("allowed": {"billing_modes": ["on_demand", "monthly"]}, "items": [)"
        + items + "]}");
    ASSERT_EQ(many.failedItems(), 0);
    ASSERT_FALSE(many.fleet.empty());
    for (const FleetRow& row : many.fleet) {
        EXPECT_EQ(row.placement, "greedy");
        EXPECT_EQ(row.placementUnits, kExactPlacementUnits + 1);
    }
    EXPECT_EQ(budgetAnswerToJson(many)["fleet"][0]["placement"], "greedy");
    EXPECT_NE(budgetAnswerToTable(many).find("greedy (9 units)"), std::string::npos);
    // The example's LoRA refreshes run on spot: their row is placed by no pool.
    const BudgetAnswer example = answerText(std::string(exampleBudgetText()));
    const auto spot = std::find_if(example.fleet.begin(), example.fleet.end(), [](const FleetRow& row) {
        return std::any_of(row.modeByMonth.begin(), row.modeByMonth.end(),
            [](const std::optional<BillingMode>& m) { return m == BillingMode::Spot; });
    });
    ASSERT_NE(spot, example.fleet.end());
    EXPECT_EQ(spot->placement, "");
    EXPECT_TRUE(budgetAnswerToJson(example)["fleet"][std::size_t(spot - example.fleet.begin())]["placement"].is_null());
}

TEST(BudgetOutput, CliPrintsTheExampleAndAnswersIt)
{
    std::istringstream in;
    std::ostringstream out, err;
    ASSERT_EQ(runCli({ "example", "--budget" }, in, out, err), 0);
    EXPECT_EQ(out.str(), exampleBudgetText());
    std::istringstream budgetIn(out.str());
    std::ostringstream json, err2;
    ASSERT_EQ(runCli({ "budget", "-", "--format", "json" }, budgetIn, json, err2), 0) << err2.str();
    const nlohmann::json j = nlohmann::json::parse(json.str());
    EXPECT_EQ(j["items"].size(), 3u);
    EXPECT_EQ(j["failed_items"], 0);
    std::istringstream bad(R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 0, "items": []})");
    std::ostringstream out3, err3;
    EXPECT_EQ(runCli({ "budget", "-" }, bad, out3, err3), 1);
    EXPECT_NE(err3.str().find("horizon_months"), std::string::npos);
}

} // namespace
} // namespace gp
