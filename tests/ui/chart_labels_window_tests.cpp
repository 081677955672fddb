// Issue 44, item 11: "the Chinese memory chart drops its first and last labels (the first is the recommendation)".
// Qt Charts hides a bar chart's first and last category label when its bar is narrower than the label
// (category_labels.h); the window now turns the labels and widens the chart so that every one is drawn. Checked on
// the real window at 1600x1000 in both languages, with 1, 5 and 50 candidates, training and serving: each category
// label is a visible text item of the chart's scene.
#include "charts/category_labels.h"
#include "charts/chart_view.h"
#include "main_window.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QTemporaryDir>
#include <QTextDocument>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

// The example plan (training or serving) with the catalog's instances 0, 3, 6, ... as candidates, `count` of them.
QByteArray planWithCandidates(bool serving, int count)
{
    nlohmann::json plan
        = nlohmann::json::parse(serving ? gp::servingPlanText() : gp::defaultPlanText(), nullptr, true, true);
    plan["candidates"] = nlohmann::json::array();
    const auto& instances = gp::builtinCatalog().instances;
    for (std::size_t i = 0; i < instances.size() && int(plan["candidates"].size()) < count; i += 3)
        plan["candidates"].push_back({ { "instance", instances[i].id }, { "nodes", "auto" } });
    return QByteArray::fromStdString(plan.dump());
}

// The category labels of `chart`'s bottom axis that no visible text item of its scene shows.
QStringList labelsNotDrawn(const QChart& chart)
{
    QBarCategoryAxis* axis = nullptr;
    for (QAbstractAxis* a : chart.axes(Qt::Horizontal))
        if (auto* c = qobject_cast<QBarCategoryAxis*>(a))
            axis = c;
    if (!axis)
        return { QStringLiteral("(no category axis)") };
    QStringList drawn;
    for (QGraphicsItem* item : chart.scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item); text && text->isVisible())
            drawn << text->toPlainText();
    QStringList missing;
    for (const QString& label : axis->categories()) {
        QTextDocument document;
        document.setHtml(label);
        if (!drawn.contains(document.toPlainText()))
            missing << document.toPlainText();
    }
    return missing;
}

} // namespace

TEST(ChartLabelsWindow, EveryMemoryChartLabelIsDrawnInBothLanguagesWithOneFiveAndFiftyCandidates)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        for (bool serving : { false, true }) {
            for (int count : { 1, 5, 50 }) {
                const QString path
                    = test::writeFile(dir, QStringLiteral("labels.gpuplan"), planWithCandidates(serving, count));
                MainWindow window(test::isolatedWindowOptions(dir, &settings));
                window.setMessageSink([](const QString&, const QString&) {});
                ASSERT_TRUE(window.openPlan(path));
                window.resize(1600, 1000);
                window.show();
                ASSERT_TRUE(test::settledEvaluation(window, test::kEvaluationWaitMs));
                for (int round = 0; round < 3; ++round)
                    QCoreApplication::processEvents();
                const QChart* chart = window.memoryChartView()->chart();
                ASSERT_TRUE(chart);
                const QStringList missing = labelsNotDrawn(*chart);
                EXPECT_TRUE(missing.isEmpty())
                    << language.toStdString() << (serving ? " serving " : " training ") << count
                    << " candidates: not drawn: " << missing.join(QStringLiteral(" | ")).toStdString();
            }
        }
    }
    installLanguage(QStringLiteral("en"));
}
