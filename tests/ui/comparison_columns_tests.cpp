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
