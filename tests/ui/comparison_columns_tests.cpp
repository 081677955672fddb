// Issue 44, item 11: "clipped Spot, TTFT and Headroom columns". The table sizes its columns when results arrive in a
// new shape; figures that change in place (another model on the same candidates) could outgrow them and were
// elided ("357.6 …"). Now, once they settle, every shown column is at least as wide as its header and its cells
// (up to ComparisonView::MaxColumnWidth), in both languages.
#include "main_window.h"
#include "models/comparison_model.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/comparison_view.h"
#include "widgets/inputs_panel.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

using namespace gpui;

TEST(ComparisonColumnsWindow, FiguresThatOutgrowTheirColumnWidenItInBothLanguages)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        MainWindow window(test::isolatedWindowOptions(dir, &settings));
        ASSERT_TRUE(test::openSettled(window, QStringLiteral(GP_SOURCE_DIR "/resources/plans/serving.gpuplan")));
        // The same candidates serving DeepSeek-V3: times per token of hundreds of milliseconds and seconds where
        // Qwen2.5 7B had tens.
        QString error;
        ASSERT_TRUE(
            window.inputsPanel()->importConfig(QStringLiteral(GP_SOURCE_DIR "/tests/data/hf-configs/deepseek-v3.json"),
                &error, QStringLiteral("DeepSeek-V3")))
            << error.toStdString();
        ASSERT_TRUE(test::settledEvaluation(window, test::kEvaluationWaitMs));
        window.settleNow();
        QTest::qWait(400); // the columns widen once the figures settle
        ComparisonView* table = window.comparisonView();
        const QAbstractItemView* view = table;
        for (int c = 0; c < ComparisonModel::ColumnCount; ++c) {
            if (table->isColumnHidden(c)
                || table->horizontalHeader()->visualIndex(c) == ComparisonModel::ColumnCount - 1)
                continue; // the last column stretches
            const int wanted = std::min(ComparisonView::MaxColumnWidth,
                std::max(view->sizeHintForColumn(c), table->horizontalHeader()->sectionSizeHint(c)));
            EXPECT_GE(table->columnWidth(c), wanted)
                << language.toStdString() << " column "
                << table->model()->headerData(c, Qt::Horizontal).toString().toStdString();
        }
    }
    installLanguage(QStringLiteral("en"));
}

// The screens check (uiscreens): scrolled sideways to the cost, bottleneck and warning columns, the table lost the
// rank and the candidate's name, so a row read "¥1,362 ... aws:p6-b200.48xlarge 的实例规格..." with no name at its
// start. Scrolled to its right end, the table still shows both key columns whole at its left, over the first rows,
// with the same names the table has; unscrolled they are in their own places, not twice.
TEST(ComparisonColumnsWindow, TheRankAndCandidateStayInSightWhenTheTableScrollsSideways)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    ASSERT_TRUE(test::openSettled(window, QStringLiteral(GP_SOURCE_DIR "/resources/plans/default.gpuplan")));
    ComparisonView* table = window.comparisonView();
    QTableView* keys = table->keyColumns();
    ASSERT_TRUE(keys);
    QScrollBar* across = table->horizontalScrollBar();
    ASSERT_GT(across->maximum(), 0) << "the table is wider than its view at 1600x1000";
    across->setValue(0);
    QCoreApplication::processEvents();
    EXPECT_FALSE(keys->isVisible()) << "unscrolled, the key columns are the table's own";
    across->setValue(across->maximum());
    QCoreApplication::processEvents();
    const int candidateRight
        = table->columnViewportPosition(ComparisonModel::Candidate) + table->columnWidth(ComparisonModel::Candidate);
    ASSERT_LE(candidateRight, 0) << "scrolled to the end, the table's own candidate column is out of sight";
    ASSERT_TRUE(keys->isVisible());
    const QRect over = QRect(keys->mapTo(table, QPoint(0, 0)), keys->size());
    EXPECT_EQ(over.left(), table->viewport()->mapTo(table, QPoint(0, 0)).x()) << "at the table's left edge";
    EXPECT_GE(over.bottom(), table->viewport()->mapTo(table, QPoint(0, table->viewport()->height() - 1)).y());
    for (int c : { int(ComparisonModel::Rank), int(ComparisonModel::Candidate) }) {
        EXPECT_FALSE(keys->isColumnHidden(c));
        EXPECT_EQ(keys->columnWidth(c), table->columnWidth(c)) << "as wide as the table's own";
        const QRect cell = keys->visualRect(keys->model()->index(0, c));
        EXPECT_TRUE(keys->viewport()->rect().contains(cell)) << "column " << c << " whole in sight";
    }
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c) {
        if (c != ComparisonModel::Rank && c != ComparisonModel::Candidate) {
            EXPECT_TRUE(keys->isColumnHidden(c)) << c;
        }
    }
    // The same rows: scrolled down, the names follow the figures.
    table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
    QCoreApplication::processEvents();
    EXPECT_EQ(keys->verticalScrollBar()->value(), table->verticalScrollBar()->value());
    EXPECT_EQ(keys->rowAt(0), table->rowAt(0));
    EXPECT_EQ(keys->model(), table->model());
    EXPECT_EQ(keys->selectionModel(), table->selectionModel());
}

// Review of b56d7a4: the table's headers can be dragged (setSectionsMovable), but the kept copy followed the columns'
// model order. With the candidate dragged to the right, the copy still appeared over the leftmost columns and showed
// the candidate a second time; with the two swapped, it showed them in the wrong order. Now the copy follows the
// table's visual order and shows only while the kept columns are the leftmost on screen.
TEST(ComparisonColumnsWindow, TheKeptColumnsFollowHeadersDraggedToAnotherPlace)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    ASSERT_TRUE(test::openSettled(window, QStringLiteral(GP_SOURCE_DIR "/resources/plans/default.gpuplan")));
    ComparisonView* table = window.comparisonView();
    QTableView* keys = table->keyColumns();
    ASSERT_TRUE(keys);
    QHeaderView* header = table->horizontalHeader();
    QScrollBar* across = table->horizontalScrollBar();
    ASSERT_GT(across->maximum(), 0) << "the table is wider than its view at 1600x1000";
    across->setValue(across->maximum());
    QCoreApplication::processEvents();
    ASSERT_TRUE(keys->isVisible()) << "scrolled, in their own order";

    // The candidate dragged to the table's last place: the rank alone is no longer the pair at the left.
    const int candidateAt = header->visualIndex(ComparisonModel::Candidate);
    header->moveSection(candidateAt, header->count() - 1);
    QCoreApplication::processEvents();
    EXPECT_FALSE(keys->isVisible()) << "the candidate is no longer at the left: no copy over other columns";
    header->moveSection(header->count() - 1, candidateAt);
    QCoreApplication::processEvents();
    ASSERT_TRUE(keys->isVisible()) << "dragged back, the copy returns";

    // The two swapped: still the leftmost pair, shown in the table's order.
    header->moveSection(header->visualIndex(ComparisonModel::Candidate), header->visualIndex(ComparisonModel::Rank));
    QCoreApplication::processEvents();
    ASSERT_LT(header->visualIndex(ComparisonModel::Candidate), header->visualIndex(ComparisonModel::Rank));
    ASSERT_TRUE(keys->isVisible());
    EXPECT_LT(
        keys->columnViewportPosition(ComparisonModel::Candidate), keys->columnViewportPosition(ComparisonModel::Rank))
        << "the candidate first, as in the table";
    EXPECT_EQ(keys->columnViewportPosition(ComparisonModel::Candidate), 0);
    EXPECT_EQ(
        keys->width(), table->columnWidth(ComparisonModel::Rank) + table->columnWidth(ComparisonModel::Candidate));

    // Another column dragged to the very left: the kept ones are not the leftmost, and unscrolled nothing covers it.
    header->moveSection(header->visualIndex(ComparisonModel::Rank), header->visualIndex(ComparisonModel::Candidate));
    int otherAt = 2;
    while (otherAt < header->count() && header->isSectionHidden(header->logicalIndex(otherAt)))
        ++otherAt;
    ASSERT_LT(otherAt, header->count());
    const int other = header->logicalIndex(otherAt);
    ASSERT_NE(other, int(ComparisonModel::Rank));
    ASSERT_NE(other, int(ComparisonModel::Candidate));
    header->moveSection(otherAt, 0);
    QCoreApplication::processEvents();
    EXPECT_FALSE(keys->isVisible()) << "column " << other << " is at the left, before the kept columns";
    header->moveSection(0, otherAt);
    QCoreApplication::processEvents();
    EXPECT_TRUE(keys->isVisible());
}
