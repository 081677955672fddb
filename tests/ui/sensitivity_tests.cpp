// The Sensitivity view in the window: it opens from the View menu's action, computes off the UI thread, draws one
// tornado bar per uncertain input, and its range holds the recommendation's cost the window shows.
#include "charts/tornado_chart.h"
#include "core_text.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "number_format.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/sensitivity_view.h"

#include "planner/sensitivity.h"

#include <QCoreApplication>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextLayout>

#include <cmath>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;
using nlohmann::json;

namespace
{

class SensitivityWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        const MainWindowOptions options = test::isolatedWindowOptions(m_dir, m_settings.get());
        m_window = std::make_unique<MainWindow>(options);
        m_window->setMessageSink([](const QString&, const QString&) {});
    }

    EvaluationPtr settled() { return test::settledEvaluation(*m_window, test::kEvaluationWaitMs); }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace

TEST_F(SensitivityWindow, ViewOpensWithOneBarPerInputAndARangeHoldingTheCost)
{
    json document = json::parse(gp::defaultPlanText());
    document["candidates"] = json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } },
        { { "instance", "tencent:GNV7-8GPU" }, { "nodes", "auto" } },
        { { "instance", "tencent:GNV7e-8GPU" }, { "nodes", "auto" } } });
    document["billing"]["modes"] = json::array({ "on_demand", "monthly", "spot" });
    const QString path
        = test::writeFile(m_dir, QStringLiteral("sensitivity.gpuplan"), QByteArray::fromStdString(document.dump()));
    ASSERT_TRUE(m_window->openPlan(path));
    EvaluationPtr shown = settled();
    ASSERT_TRUE(shown && shown->ok && shown->answer && shown->best >= 0);

    m_window->showSensitivityView();
    SensitivityView* view = m_window->sensitivityView();
    ASSERT_TRUE(view->isVisible());
    if (!view->sensitivity()) {
        QSignalSpy ready(view, &SensitivityView::sensitivityReady);
        ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
    }
    const auto s = view->sensitivity();
    ASSERT_TRUE(s && s->available);
    // Prices (two candidates are estimated), compute, bandwidth, spot, the CUDA context and the allocator: one bar
    // each.
    ASSERT_EQ(s->inputs.size(), 6u);
    const auto& bars = view->tornado()->bars();
    ASSERT_EQ(bars.size(), s->inputs.size());
    for (std::size_t i = 0; i < bars.size(); ++i) {
        EXPECT_DOUBLE_EQ(bars[i].low, s->inputs[i].low.cost);
        EXPECT_DOUBLE_EQ(bars[i].high, s->inputs[i].high.cost);
    }
    // The range holds the cost the window shows for its recommendation.
    const auto cost = headlineCost(*shown, std::size_t(shown->best));
    ASSERT_TRUE(cost.has_value());
    EXPECT_DOUBLE_EQ(s->point.cost, *cost);
    EXPECT_LE(s->costLow, *cost);
    EXPECT_GE(s->costHigh, *cost);
    EXPECT_LT(s->costLow, s->costHigh);
    EXPECT_DOUBLE_EQ(view->tornado()->point(), *cost);
    EXPECT_TRUE(view->headlineText().startsWith(formatMoney(*cost, shown->currency)))
        << view->headlineText().toStdString();
    EXPECT_TRUE(view->headlineText().contains(formatMoney(s->costHigh, shown->currency)));
    EXPECT_FALSE(view->summaryText().isEmpty());
    // The memory line names the recommendation's memory per GPU, its range and its usable memory, as the core has them.
    EXPECT_EQ(view->memoryText(), SensitivityView::memoryLine(*s));
    EXPECT_TRUE(view->memoryText().contains(formatBytes(s->memoryBytes))) << view->memoryText().toStdString();
    EXPECT_TRUE(view->memoryText().contains(formatBytes(s->memoryHigh))) << view->memoryText().toStdString();
    EXPECT_TRUE(view->memoryText().contains(formatBytes(s->usableMemoryBytes))) << view->memoryText().toStdString();
    EXPECT_EQ(view->memoryText().contains(QStringLiteral("above the usable memory")), !s->memoryFitsAcrossRange);
    // In Chinese the headline groups thousands with U+002C as well (CLDR's zh_CN), the character the window draws.
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    {
        const QString headline = view->headlineText();
        QString codes;
        for (QChar c : headline)
            codes += QStringLiteral("U+%1 ").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        EXPECT_TRUE(headline.startsWith(formatMoney(*cost, shown->currency))) << codes.toStdString();
        if (*cost >= 1000) {
            EXPECT_TRUE(headline.contains(QLatin1Char(','))) << codes.toStdString();
            EXPECT_FALSE(headline.left(formatMoney(*cost, shown->currency).size()).contains(QLatin1Char('.')))
                << codes.toStdString();
        }
    }
    {
        // The label is as tall as the line it draws (the CJK fallback font's ascent included), so the separator's
        // tail below the baseline is not cut off.
        auto* label = view->findChild<QLabel*>(QStringLiteral("sensitivityHeadline"));
        ASSERT_NE(label, nullptr);
        QTextLayout layout(label->text(), label->font());
        layout.beginLayout();
        const QTextLine line = layout.createLine();
        layout.endLayout();
        ASSERT_TRUE(line.isValid());
        // Checked as the language switch leaves it, before anything else lays the view out again.
        EXPECT_GE(label->height(), int(std::floor(line.height()))) << label->height() << " < " << line.height();
    }
    ASSERT_TRUE(installLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    // The same value the CLI prints: the core's planSensitivity of the shown answer.
    auto direct = gp::planSensitivity(m_window->shownPlan(), gp::builtinCatalog(), *shown->answer);
    ASSERT_TRUE(direct.ok());
    EXPECT_DOUBLE_EQ(direct->costLow, s->costLow);
    EXPECT_DOUBLE_EQ(direct->costHigh, s->costHigh);
    EXPECT_EQ(direct->stable, s->stable);

    // Nothing is cut at a smaller size, in either language: the content is as tall as its text needs at its width
    // and the area below the top line scrolls. Screenshots for review when asked for (GP_SCREENS_DIR).
    const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
    view->resize(1000, 600);
    auto* scroll = view->findChild<QScrollArea*>(QStringLiteral("sensitivityScroll"));
    ASSERT_NE(scroll, nullptr);
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        ASSERT_TRUE(installLanguage(language));
        QCoreApplication::processEvents();
        QCoreApplication::processEvents(); // the scroll area takes the relaid-out content's height
        QWidget* content = scroll->widget();
        EXPECT_GE(content->height(), content->heightForWidth(content->width())) << language.toStdString();
        EXPECT_GT(content->height(), scroll->viewport()->height()) << "the review size is meant to scroll";
        EXPECT_GT(scroll->verticalScrollBar()->maximum(), 0) << language.toStdString();
        if (!screens.isEmpty()) {
            EXPECT_TRUE(
                view->grab().save(screens + QStringLiteral("/sensitivity_") + language + QStringLiteral(".png")));
        }
    }
    ASSERT_TRUE(installLanguage(QStringLiteral("en")));
}

TEST_F(SensitivityWindow, ViewSaysWhenNothingMeetsTheObjective)
{
    SensitivityView view;
    gp::PlanSensitivity none;
    none.available = false;
    none.reason = gp::Diagnostic { "sensitivity_no_recommendation", "No candidate meets the objective." };
    view.setSensitivity(std::make_shared<const gp::PlanSensitivity>(none));
    EXPECT_TRUE(view.tornado()->bars().empty());
    // Worded by the window, not the core's English message.
    EXPECT_EQ(view.summaryText(), CoreText::diagnostic(*none.reason));
    EXPECT_NE(view.summaryText(), QStringLiteral("No candidate meets the objective."));
}
