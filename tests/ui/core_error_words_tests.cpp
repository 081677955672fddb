// Issue 44 (window9): the core's refusals of other shapes stayed English in the Chinese window: the layout against
// the candidate ("tensor x pipeline (16) exceeds the candidate's 8 GPUs"), the recipe against the model, the plan's
// checks across fields, the status line "Cannot evaluate: ..." and the recommendation's error (Error::toString()).
// The core now keeps each message's template and arguments (core/base/error_words.h) and the window words them in
// its language (CoreText::error). Each refusal below is reached through the window's own widgets, as a user types it.
#include "core_text.h"
#include "main_window.h"
#include "plan_document.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/inputs/field_editor.h"
#include "widgets/inputs_panel.h"
#include "widgets/recommendation_panel.h"

#include "base/error_words.h"
#include "plan/plan.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

// A run of three Latin words (numbers, units, field names and the engines' spec names aside): an English sentence.
bool hasEnglishSentence(const QString& text)
{
    static const QRegularExpression latinRun(QStringLiteral("[A-Za-z]{2,}(?:[ ,'-]+[A-Za-z]{2,}){2,}"));
    return latinRun.match(text).hasMatch();
}

bool hasChinese(const QString& text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return text.contains(han);
}

// Types `text` into a field of the inputs panel and commits it as Enter does.
void typeInto(QWidget* box, const QString& text)
{
    box->setFocus();
    if (auto* spin = qobject_cast<QAbstractSpinBox*>(box))
        spin->selectAll();
    else if (auto* line = qobject_cast<QLineEdit*>(box))
        line->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
    if (auto* line = qobject_cast<QLineEdit*>(box))
        emit line->editingFinished(); // a line without focus in the offscreen test commits on editingFinished
}

// What the window says about a refused plan: the messages under the fields, the status line, the recommendation's
// lines and the candidate table's cells that hold `words` (the core's template as the window words it).
QStringList refusalsShown(MainWindow& window, const QString& words)
{
    QStringList shown;
    for (const QLabel* label : window.inputsPanel()->findChildren<QLabel*>())
        if (label->objectName().startsWith(QLatin1String("error:")) && !label->text().isEmpty())
            shown << label->text();
    for (const QLabel* label : window.statusBar()->findChildren<QLabel*>())
        if (label->text().contains(MainWindow::tr("Cannot evaluate: %1").section(QLatin1Char('%'), 0, 0)))
            shown << label->text();
    for (const QString& line : window.recommendationPanel()->toPlainText().split(QLatin1Char('\n')))
        if (line.contains(words))
            shown << line;
    for (const QAbstractItemView* view : window.findChildren<QAbstractItemView*>()) {
        const QAbstractItemModel* model = view->model();
        for (int row = 0; model && row < model->rowCount(); ++row)
            for (int column = 0; column < model->columnCount(); ++column)
                for (const int role : { int(Qt::DisplayRole), int(Qt::ToolTipRole) })
                    if (const QString text = model->index(row, column).data(role).toString(); text.contains(words))
                        shown << text;
    }
    return shown;
}

struct Refusal {
    const char* name;
    std::string_view plan;
    nlohmann::json changes; // merged into the plan before the window opens it
    const char* field; // the field typed into
    const char* typed;
    const char* words; // the core's template the refusal is worded from
};

// Puts the window back in English when a test ends, however it ends (the next tests expect English).
struct EnglishAfterwards {
    ~EnglishAfterwards() { installLanguage(QStringLiteral("en")); }
};

} // namespace

// Every template has Chinese words that keep each of its arguments, and reads as the core wrote it in English.
TEST(CoreErrorWords, EveryTemplateHasChineseWordsWithEachArgument)
{
    const EnglishAfterwards english;
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    int templates = 0;
    for (const char* words : gp::words::kAllErrorWords) {
        const QString source = QString::fromUtf8(words);
        const QString chinese = QCoreApplication::translate("CoreError", words);
        EXPECT_NE(chinese, source) << words;
        if (source.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,}")))) { // " (%1 \"%2\")": punctuation
            EXPECT_TRUE(hasChinese(chinese)) << words;
        }
        EXPECT_FALSE(hasEnglishSentence(chinese)) << words << " -> " << chinese.toStdString();
        for (int n = 1; n <= 9; ++n) {
            const QString marker = QStringLiteral("%%1").arg(n);
            EXPECT_EQ(source.contains(marker), chinese.contains(marker)) << words << ": " << marker.toStdString();
        }
        ++templates;
    }
    EXPECT_GE(templates, 50);
    installLanguage(QStringLiteral("en"));
    for (const char* words : gp::words::kAllErrorWords)
        EXPECT_EQ(QCoreApplication::translate("CoreError", words), QString::fromUtf8(words));
}

TEST(CoreErrorWords, EveryRefusalTheWindowReachesIsInTheWindowsLanguage)
{
    const EnglishAfterwards english;
    // The layout set by hand (search off) with the nodes left to the planner: the quick scoring sizes tensor 16 on
    // two 8-GPU machines, the full estimate lays it out on one and refuses it (the reason beside the candidate).
    const nlohmann::json manual = { { "search", { { "enabled", false } } },
        { "candidates",
            nlohmann::json::array({ { { "instance", "tencent:GT4.41XLARGE948" }, { "nodes", "auto" } } }) } };
    const nlohmann::json loras
        = { { "workload", { { "serving", { { "lora", { { "adapters", 8 }, { "max_loras", 4 } } } } } } } };
    const Refusal refusals[] = {
        { "context", gp::defaultPlanText(), manual, "workload.parallelism.context", "3",
            gp::words::kContextPowerOfTwoGot },
        { "micro-batch", gp::defaultPlanText(), {}, "workload.micro_batch_size", "-100", gp::words::kBetweenGot },
        { "max model length", gp::servingPlanText(), {}, "workload.serving.engine.max_model_len", "100",
            gp::words::kHoldsPromptAndOutputGot },
        { "CPU adapters", gp::servingPlanText(), loras, "workload.serving.lora.max_cpu_loras", "2",
            gp::words::kAtLeastMaxLorasGot },
        { "response mean", gp::rlPlanText(), {}, "workload.rl.response_tokens_mean", "999999",
            gp::words::kAtMostResponseMaxGot },
    };
    for (const QString& language : { QStringLiteral("zh_CN") }) { // the English words are the core's own
        ASSERT_TRUE(installLanguage(language));
        QTemporaryDir dir;
        ASSERT_TRUE(dir.isValid());
        Settings settings(dir.filePath(QStringLiteral("settings.ini")));
        MainWindow window(test::isolatedWindowOptions(dir, &settings));
        window.setMessageSink([](const QString&, const QString&) {});
        window.show();
        for (const Refusal& r : refusals) {
            const std::string where = language.toStdString() + " " + r.name + ": " + r.field + " <- " + r.typed;
            nlohmann::json document = nlohmann::json::parse(r.plan, nullptr, true, true);
            if (r.changes.is_object())
                document.merge_patch(r.changes);
            auto plan = gp::planFromJson(document);
            ASSERT_TRUE(plan) << where << ": " << plan.error().toString();
            window.document()->reset(*plan, QString());
            ASSERT_TRUE(test::settledEvaluation(window, test::kEvaluationWaitMs)) << where;
            QWidget* box = window.inputsPanel()->fieldInput(QString::fromLatin1(r.field));
            ASSERT_TRUE(box) << where;
            ASSERT_TRUE(box->isEnabled()) << where;
            typeInto(box, QString::fromLatin1(r.typed));
            test::settledEvaluation(window, test::kEvaluationWaitMs);
            QTest::qWait(400); // the recommendation draws its answer after a short pause
            // The core's own words, in the window's language, with the value typed.
            const QString words
                = QCoreApplication::translate("CoreError", r.words).section(QLatin1Char('%'), 0, 0).trimmed();
            const QStringList shown = refusalsShown(window, words);
            ASSERT_FALSE(shown.isEmpty())
                << where << ": refused; the status line says "
                << window.statusBar()->findChildren<QLabel*>().value(0)->text().toStdString() << ", the plan's tensor "
                << window.document()->plan().workload.parallelism.tensor;
            EXPECT_TRUE(shown.join(QLatin1Char('\n')).contains(words))
                << where << ": " << words.toStdString() << " in " << shown.join(QLatin1Char('\n')).toStdString();
            for (const QString& message : shown) {
                if (language == QLatin1String("zh_CN")) {
                    EXPECT_FALSE(hasEnglishSentence(message)) << where << ": " << message.toStdString();
                    EXPECT_TRUE(hasChinese(message)) << where << ": " << message.toStdString();
                } else {
                    EXPECT_FALSE(hasChinese(message)) << where << ": " << message.toStdString();
                }
            }
        }
    }
    installLanguage(QStringLiteral("en"));
}
