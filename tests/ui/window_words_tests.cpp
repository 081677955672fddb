// Issue 44 (window6): how the window's words read. Tool tips at a readable width (a long one ran as one line about
// 1,100 px wide); English tips and warnings in English (the Tencent console's Chinese terms stood inside them); the
// Budget view's fleet names regions as the plan view does ("ap-nanjing" stood as written); Chinese text has no space
// around a Chinese region name ("在 中国大陆 没有标价"). With GP_SCREENS_DIR set the tips are saved there as drawn.
#include "core_text.h"
#include "main_window.h"
#include "no_price_text.h"
#include "region_text.h"
#include "settings.h"
#include "tool_tip_width.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/budget/budget_fleet_model.h"
#include "widgets/budget/budget_view.h"

#include "budget/budget.h"
#include "estimate/time/sizing_rules.h"

#include <QApplication>
#include <QHelpEvent>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

// The tip window Qt shows now (its QTipLabel), or nullptr.
QLabel* shownTip()
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w->inherits("QTipLabel") && w->isVisible())
            return qobject_cast<QLabel*>(w);
    return nullptr;
}

// Hovering `widget` long enough for its tip: the tool-tip event Qt sends.
void hover(QWidget& widget)
{
    const QPoint at = widget.rect().center();
    QHelpEvent event(QEvent::ToolTip, at, widget.mapToGlobal(at));
    QApplication::sendEvent(&widget, &event);
}

const QRegularExpression& chineseCharacters()
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han;
}

// The sizing-rule warnings as the core gives them (each names its guide by the guide's published Chinese title).
std::vector<gp::Diagnostic> guideWarnings()
{
    const std::string training(gp::kGuideTrainingHardware);
    const std::string selection(gp::kGuideServerSelection);
    return {
        { "cpu_cores_per_gpu_low", "",
            { { "vcpus", "16" }, { "gpus", "8" }, { "min_per_gpu", "4" }, { "source", training } } },
        { "ram_per_vcpu_low", "", { { "gb_per_vcpu", "4" }, { "advised_gb_per_vcpu", "8" }, { "source", training } } },
        { "disk_iops_low", "", { { "iops", "3000" }, { "min_iops", "8000" }, { "source", training } } },
        { "network_below_25gbps", "", { { "gbps", "10" }, { "min_gbps", "25" }, { "source", selection } } },
        { "no_rdma_multi_node", "", { { "nodes", "2" }, { "source", selection } } },
        { "no_nvlink_multi_gpu", "", { { "gpus", "8" }, { "source", selection } } },
    };
}

} // namespace

TEST(ToolTipWidth, EveryLongTipOfTheWindowIsLaidOutAtAReadableWidthInBothLanguages)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        MainWindow window(test::isolatedWindowOptions(dir, &settings));
        window.setMessageSink([](const QString&, const QString&) {});
        window.resize(1600, 1000);
        window.show();
        ASSERT_TRUE(test::settledEvaluation(window, test::kEvaluationWaitMs));
        // Every widget whose tip, on one line, is wider than a readable measure.
        const QFontMetrics metrics(QToolTip::font());
        const int measure = metrics.averageCharWidth() * 70;
        int checked = 0;
        for (QWidget* widget : window.findChildren<QWidget*>()) {
            const QString tip = widget->toolTip();
            if (tip.isEmpty() || Qt::mightBeRichText(tip) || metrics.horizontalAdvance(tip) <= measure)
                continue;
            hover(*widget);
            QLabel* shown = shownTip();
            ASSERT_TRUE(shown) << widget->objectName().toStdString();
            EXPECT_EQ(shown->text(), tip);
            EXPECT_LE(shown->width(), ToolTipWidth::readableWidth(*shown))
                << language.toStdString() << ": " << shown->width() << " px for " << tip.toStdString();
            EXPECT_GT(shown->height(), 2 * metrics.height()) << "wrapped onto lines: " << tip.toStdString();
            // With GP_SCREENS_DIR set: the tip as drawn, tip-<widget>-<language>.png.
            if (const QString screens = qEnvironmentVariable("GP_SCREENS_DIR");
                !screens.isEmpty() && !widget->objectName().isEmpty())
                shown->grab().save(QStringLiteral("%1/tip-%2-%3.png").arg(screens, widget->objectName(), language));
            QToolTip::hideText();
            ++checked;
        }
        EXPECT_GE(checked, 10) << language.toStdString();
        // A tip the charts show themselves (QToolTip::showText), plain text longer than a line.
        const QString chartTip
            = CoreText::diagnostic(guideWarnings()[1]) + QLatin1Char(' ') + CoreText::diagnostic(guideWarnings()[3]);
        QToolTip::showText(window.mapToGlobal(QPoint(800, 500)), chartTip, &window);
        QLabel* shown = shownTip();
        ASSERT_TRUE(shown);
        EXPECT_LE(shown->width(), ToolTipWidth::readableWidth(*shown)) << language.toStdString();
        QToolTip::hideText();
    }
    installLanguage(QStringLiteral("en"));
}

// The billing modes' and the reservation's tips carried the console's Chinese terms ("Spot instances (竞价实例)"), the
// sizing advice the guides' Chinese titles. In English, English words; in Chinese, the guides' own titles.
TEST(EnglishWords, NoTipOrSizingAdviceOfTheEnglishWindowCarriesChineseCharacters)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Settings settings(dir.filePath(QStringLiteral("settings.ini")));
    installLanguage(QStringLiteral("en"));
    MainWindow window(test::isolatedWindowOptions(dir, &settings));
    window.setMessageSink([](const QString&, const QString&) {});
    ASSERT_TRUE(test::settledEvaluation(window, test::kEvaluationWaitMs));
    int tips = 0;
    for (QWidget* widget : window.findChildren<QWidget*>()) {
        const QString tip = widget->toolTip();
        tips += tip.isEmpty() ? 0 : 1;
        EXPECT_FALSE(tip.contains(chineseCharacters()))
            << widget->objectName().toStdString() << ": " << tip.toStdString();
    }
    EXPECT_GE(tips, 50);
    for (const gp::Diagnostic& d : guideWarnings()) {
        const QString english = CoreText::diagnostic(d);
        EXPECT_FALSE(english.contains(chineseCharacters())) << english.toStdString();
        EXPECT_TRUE(english.contains(QStringLiteral("Tencent Cloud guide"))) << english.toStdString();
    }
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    for (const gp::Diagnostic& d : guideWarnings())
        EXPECT_TRUE(CoreText::diagnostic(d).contains(QString::fromStdString(d.arg("source"))))
            << "the guide by its own title: " << CoreText::diagnostic(d).toStdString();
    installLanguage(QStringLiteral("en"));
}

// The Budget view's fleet table showed "ap-nanjing" where the plan view says "Nanjing (ap-nanjing)" / "南京（…）".
TEST(BudgetRegionWords, TheFleetTableNamesEachRegionAsThePlanViewDoesInBothLanguages)
{
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        BudgetView view;
        QSignalSpy ready(&view, &BudgetView::answerReady);
        auto budget = gp::parseBudget(gp::exampleBudgetText());
        ASSERT_TRUE(budget);
        view.setBudget(std::move(*budget));
        ASSERT_TRUE(ready.wait(test::kEvaluationWaitMs));
        const auto answer = view.answer();
        ASSERT_TRUE(answer);
        ASSERT_GT(view.fleetModel()->rowCount(), 0);
        for (int r = 0; r < view.fleetModel()->rowCount(); ++r) {
            const QString id = QString::fromStdString(answer->fleet[std::size_t(r)].region);
            const QString shown = view.fleetModel()->index(r, BudgetFleetModel::RegionColumn).data().toString();
            EXPECT_EQ(shown, RegionText::name(id));
            EXPECT_NE(shown, id) << language.toStdString() << ": the region as written";
        }
    }
    installLanguage(QStringLiteral("en"));
}

// zh_CN: "在 中国大陆 没有标价" put spaces around a Chinese region name; no space stands between two Chinese
// characters.
TEST(ChineseSpacing, ANoPriceReasonHasNoSpaceBetweenChineseWords)
{
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    const QRegularExpression spaced(QStringLiteral("\\p{Han} +\\p{Han}"));
    for (const char* region : { "china-mainland", "ap-guangzhou", "ap-nanjing" })
        for (const char* status : { "published", "missing" }) {
            const gp::Diagnostic d { "no_price", "", { { "region", region }, { "price_status", status } } };
            const QString why = NoPriceText::why(d);
            EXPECT_TRUE(why.contains(RegionText::name(QString::fromLatin1(region)))) << why.toStdString();
            EXPECT_FALSE(why.contains(spaced)) << why.toStdString();
        }
    installLanguage(QStringLiteral("en"));
}
