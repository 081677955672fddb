// The table models: QAbstractItemModelTester, sorting and filtering on the default plan's results.
#include "models/candidate_list_model.h"
#include "models/catalog_model.h"
#include "models/comparison_model.h"
#include "number_format.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>

#include <gtest/gtest.h>

#include <set>

using namespace gpui;

TEST(ComparisonModel, PassesModelTesterWithResults)
{
    ComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok) << e->error.toString();
    model.setEvaluation(e);
    EXPECT_EQ(model.rowCount(), int(e->results.size()));
    EXPECT_EQ(model.columnCount(), int(ComparisonModel::ColumnCount));
    // Same shape again (live update in place), then empty, then results: resets and in-place updates both pass.
    model.setEvaluation(test::evaluateDefaultPlan());
    model.setEvaluation(nullptr);
    EXPECT_EQ(model.rowCount(), 0);
    model.setEvaluation(e);
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty()) << c;
}

TEST(ComparisonModel, ProxySortsByNumbersNotText)
{
    ComparisonModel model;
    ComparisonProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setEvaluation(test::evaluateDefaultPlan());
    ASSERT_GT(proxy.rowCount(), 1);
    proxy.sort(ComparisonModel::MemoryPerGpu, Qt::AscendingOrder);
    double previous = -1;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const double bytes = proxy.index(row, ComparisonModel::MemoryPerGpu).data(ComparisonModel::SortRole).toDouble();
        EXPECT_GE(bytes, previous) << "row " << row;
        previous = bytes;
    }
}

TEST(ComparisonModel, FittingOnlyFilterKeepsOnlyFittingRows)
{
    ComparisonModel model;
    ComparisonProxyModel proxy;
    proxy.setSourceModel(&model);
    EvaluationPtr e = test::evaluateDefaultPlan();
    model.setEvaluation(e);
    proxy.setFittingOnly(true);
    int fitting = 0;
    for (const gp::CandidateResult& r : e->results)
        fitting += r.fits ? 1 : 0;
    EXPECT_EQ(proxy.rowCount(), fitting);
    for (int row = 0; row < proxy.rowCount(); ++row)
        EXPECT_TRUE(proxy.index(row, 0).data(ComparisonModel::FitsRole).toBool());
}

TEST(ComparisonModel, ColumnKeysRoundTrip)
{
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
        EXPECT_EQ(ComparisonModel::columnForKey(ComparisonModel::columnKey(c)), c);
    EXPECT_EQ(ComparisonModel::columnForKey(QStringLiteral("no_such_column")), -1);
}

TEST(CatalogModel, PassesModelTesterAndFilters)
{
    auto catalog = std::make_shared<gp::Catalog>(gp::builtinCatalog());
    ASSERT_FALSE(catalog->instances.empty());
    CatalogModel model;
    CatalogFilterModel filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setCatalog(catalog);
    EXPECT_EQ(model.rowCount(), int(catalog->instances.size()));

    filter.setProvider(QStringLiteral("tencent"));
    EXPECT_GT(filter.rowCount(), 0);
    for (int row = 0; row < filter.rowCount(); ++row)
        EXPECT_EQ(filter.index(row, 0).data(CatalogModel::ProviderRole).toString(), QStringLiteral("tencent"));

    filter.setMinGpuMemoryGib(70);
    for (int row = 0; row < filter.rowCount(); ++row)
        EXPECT_GE(filter.index(row, 0).data(CatalogModel::GpuMemoryRole).toDouble() + 0.5, 70.0);

    // Checking a row through the model is what the dialog returns.
    filter.setMinGpuMemoryGib(0);
    const QModelIndex first = filter.index(0, CatalogModel::Instance);
    ASSERT_TRUE(filter.setData(first, Qt::Checked, Qt::CheckStateRole));
    EXPECT_TRUE(model.checkedIds().contains(first.data(CatalogModel::IdRole).toString()));
    filter.setCheckedOnly(true);
    EXPECT_EQ(filter.rowCount(), 1);
}

TEST(CandidateListModel, PassesModelTesterWithDefaultCandidates)
{
    auto catalog = std::make_shared<gp::Catalog>(gp::builtinCatalog());
    CandidateListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const gp::Plan plan = defaultPlan();
    model.setCandidates(plan.candidates, catalog, QStringLiteral("CNY"));
    EXPECT_EQ(model.rowCount(), int(plan.candidates.size()));
    for (int row = 0; row < model.rowCount(); ++row)
        EXPECT_FALSE(model.index(row, CandidateListModel::Candidate).data().toString().isEmpty());
}

TEST(ComparisonModel, LiveUpdateAnnouncesOnlyTheCellsThatChange)
{
    // Half again the training tokens: days, GPU-hours and costs change; the GPU, its count and the memory do not.
    ComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setEvaluation(test::evaluateDefaultPlan());
    gp::Plan longer = defaultPlan();
    longer.workload.trainingTokens *= 1.5;
    const EvaluationPtr e = std::make_shared<const Evaluation>(evaluatePlan(longer, gp::builtinCatalog()));
    ASSERT_TRUE(e->ok);
    ASSERT_EQ(int(e->results.size()), model.rowCount());
    std::set<int> announced;
    QObject::connect(&model, &QAbstractItemModel::dataChanged, [&](const QModelIndex& from, const QModelIndex& to) {
        ASSERT_EQ(from.row(), to.row());
        for (int c = from.column(); c <= to.column(); ++c)
            announced.insert(c);
    });
    model.setEvaluation(e);
    EXPECT_TRUE(announced.count(ComparisonModel::Days));
    EXPECT_TRUE(announced.count(ComparisonModel::GpuHours));
    EXPECT_FALSE(announced.count(ComparisonModel::Gpu));
    EXPECT_FALSE(announced.count(ComparisonModel::GpuCount));
    EXPECT_FALSE(announced.count(ComparisonModel::MemoryPerGpu));
    EXPECT_FALSE(announced.count(ComparisonModel::Rank));
    // What is announced is what the model now says.
    for (int row = 0; row < model.rowCount(); ++row)
        EXPECT_EQ(model.data(model.index(row, ComparisonModel::Candidate)).toString(),
            QString::fromStdString(e->results[size_t(row)].candidate));
}

// The screens check (uiscreens): the table's "Days" column read "0.1" for a run the recommendation, the report's
// candidates table and `gpu-planner-cli plan --format table` give as 1.7 hours. The column now says the time as they
// do (formatHours: "1.7 h", "3.2 days"), and still sorts by the hours.
TEST(ComparisonModel, TheTimeColumnSaysTheTrainingTimeAsTheReportDoes)
{
    ComparisonModel model;
    EvaluationPtr e = test::evaluateDefaultPlan();
    ASSERT_TRUE(e->ok) << e->error.toString();
    model.setEvaluation(e);
    ASSERT_GT(model.rowCount(), 0);
    EXPECT_EQ(model.headerData(ComparisonModel::Days, Qt::Horizontal).toString(), QStringLiteral("Time"));
    for (int row = 0; row < model.rowCount(); ++row) {
        const gp::CandidateResult& r = e->results[std::size_t(row)];
        const QModelIndex cell = model.index(row, ComparisonModel::Days);
        EXPECT_EQ(cell.data().toString(), formatHours(r.trainingHours)) << r.candidate;
        EXPECT_EQ(cell.data(ComparisonModel::SortRole).toDouble(), r.trainingHours) << r.candidate;
    }
}
