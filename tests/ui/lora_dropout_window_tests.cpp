// The LoRA group's dropout rows (workload.lora.dropout, dropout_position): beside the rank, reachable by keyboard,
// each edit one undo step that undo restores, the box's lowest value the catalog's default, a probability of 1
// refused at the field, the estimate keeping the dropout's mask and copy, both languages.
#include "main_window.h"
#include "settings.h"
#include "translator.h"
#include "ui_test_support.h"
#include "widgets/inputs_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <memory>

using namespace gpui;
using nlohmann::json;

namespace
{

class LoraDropoutWindowTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        installLanguage(QStringLiteral("en"));
        ASSERT_TRUE(m_dir.isValid());
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
        m_window = std::make_unique<MainWindow>(test::isolatedWindowOptions(m_dir, m_settings.get()));
        m_window->setMessageSink([](const QString&, const QString&) {});
        ASSERT_TRUE(settled());
        m_inputs = m_window->inputsPanel();
    }
    void TearDown() override { installLanguage(QStringLiteral("en")); }

    bool settled() { return test::settledEvaluation(*m_window, test::kEvaluationWaitMs) != nullptr; }
    const gp::Plan& plan() const { return m_window->document()->plan(); }
    QUndoStack* undo() const { return m_window->document()->undoStack(); }

    // The default plan as a LoRA fine-tune on every linear layer, planner off.
    void openLora(const json& lora = json::object())
    {
        json document = json::parse(gp::defaultPlanText());
        document["search"]["enabled"] = false;
        json patch = { { "workload",
            { { "technique", "lora" },
                { "lora",
                    { { "rank", 16 },
                        { "target_modules",
                            { "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj" } } } } } } };
        patch["workload"]["lora"].update(lora);
        document.merge_patch(patch);
        const QString path
            = test::writeFile(m_dir, QStringLiteral("lora.gpuplan"), QByteArray::fromStdString(document.dump(2)));
        ASSERT_TRUE(m_window->openPlan(path));
        ASSERT_TRUE(settled());
    }
    QDoubleSpinBox* dropoutBox() const { return m_inputs->findChild<QDoubleSpinBox*>(QStringLiteral("lora:dropout")); }
    QComboBox* positionBox() const { return m_inputs->findChild<QComboBox*>(QStringLiteral("lora:dropout_position")); }

    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
    InputsPanel* m_inputs = nullptr;
};

} // namespace

TEST_F(LoraDropoutWindowTest, DropoutEditsThePlanUndoRestoresItAndTheEstimateKeepsItsMask)
{
    openLora();
    QDoubleSpinBox* dropout = dropoutBox();
    QComboBox* position = positionBox();
    ASSERT_NE(dropout, nullptr);
    ASSERT_NE(position, nullptr);
    ASSERT_TRUE(dropout->isVisibleTo(m_window.get()));
    // Left out of the plan: the box's lowest value, worded as the catalog's default (0).
    EXPECT_EQ(dropout->value(), dropout->minimum());
    EXPECT_TRUE(dropout->text().contains(QStringLiteral("catalog default"))) << dropout->text().toStdString();
    EXPECT_FALSE(plan().workload.lora.dropout.has_value());
    const EvaluationPtr before = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(before && before->ok && !before->results.empty());

    const int steps = undo()->count();
    dropout->setValue(0.1);
    ASSERT_TRUE(plan().workload.lora.dropout.has_value());
    EXPECT_DOUBLE_EQ(*plan().workload.lora.dropout, 0.1);
    EXPECT_EQ(undo()->count(), steps + 1);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change LoRA dropout"));
    const EvaluationPtr pre = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(pre && pre->ok && !pre->results.empty());
    // peft's dropout before lora_A: the mask and the dropped input of every adapted module's input are kept.
    EXPECT_GT(pre->results.front().memory.activations, before->results.front().memory.activations);

    const int i = position->findData(int(gp::LoraDropoutPosition::Post));
    ASSERT_GE(i, 0);
    position->setCurrentIndex(i);
    emit position->activated(i);
    EXPECT_EQ(plan().workload.lora.dropoutPosition, gp::LoraDropoutPosition::Post);
    EXPECT_EQ(undo()->undoText(), QStringLiteral("Change LoRA dropout position"));
    const EvaluationPtr post = test::settledEvaluation(*m_window, test::kEvaluationWaitMs);
    ASSERT_TRUE(post && post->ok && !post->results.empty());
    // After lora_B only the output's one-byte mask: less than the dropped input and its mask.
    EXPECT_LT(post->results.front().memory.activations, pre->results.front().memory.activations);
    EXPECT_GT(post->results.front().memory.activations, before->results.front().memory.activations);

    undo()->undo();
    EXPECT_EQ(plan().workload.lora.dropoutPosition, gp::LoraDropoutPosition::Pre);
    EXPECT_EQ(position->currentData().toInt(), int(gp::LoraDropoutPosition::Pre));
    undo()->undo();
    EXPECT_FALSE(plan().workload.lora.dropout.has_value());
    EXPECT_EQ(dropout->value(), dropout->minimum());

    // A plan that states it shows it.
    openLora({ { "dropout", 0.05 }, { "dropout_position", "post" } });
    EXPECT_DOUBLE_EQ(dropout->value(), 0.05);
    EXPECT_EQ(position->currentData().toInt(), int(gp::LoraDropoutPosition::Post));
}

TEST_F(LoraDropoutWindowTest, AProbabilityOfOneIsRefusedAtTheField)
{
    openLora({ { "dropout", 0.1 } });
    QDoubleSpinBox* dropout = dropoutBox();
    ASSERT_NE(dropout, nullptr);
    QLineEdit* line = dropout->findChild<QLineEdit*>();
    ASSERT_NE(line, nullptr);
    dropout->setFocus();
    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("1"));
    QTest::keyClick(line, Qt::Key_Return);
    EXPECT_DOUBLE_EQ(*plan().workload.lora.dropout, 0.1) << "the plan keeps its value";
    const QString error = m_inputs->fieldError(QStringLiteral("workload.lora.dropout"));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("Dropout"))) << error.toStdString();
}

TEST_F(LoraDropoutWindowTest, DropoutRowsFollowTheRankByKeyboardAndAreTranslated)
{
    openLora();
    QDoubleSpinBox* dropout = dropoutBox();
    QComboBox* position = positionBox();
    ASSERT_NE(dropout, nullptr);
    ASSERT_NE(position, nullptr);
    QSpinBox* rank = qobject_cast<QSpinBox*>(m_inputs->fieldInput(QStringLiteral("workload.lora.rank")));
    ASSERT_NE(rank, nullptr);
    // Tab moves from the rank to the dropout, then to its position.
    QList<QWidget*> order;
    QWidget* next = rank;
    for (int i = 0; i < 40 && next; ++i) {
        next = next->nextInFocusChain();
        if (next->focusPolicy() & Qt::TabFocus)
            order << next;
    }
    const qsizetype atDropout = order.indexOf(dropout);
    const qsizetype atPosition = order.indexOf(position);
    ASSERT_GE(atDropout, 0);
    EXPECT_GT(atPosition, atDropout);

    m_window->setLanguage(QStringLiteral("zh_CN"));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QStringList labels;
    for (QLabel* label : m_inputs->findChildren<QLabel*>())
        labels << label->text();
    EXPECT_TRUE(labels.contains(QStringLiteral("Dropout 概率"))) << labels.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(labels.contains(QStringLiteral("Dropout 位置")));
    EXPECT_TRUE(dropout->text().contains(QStringLiteral("目录默认值"))) << dropout->text().toStdString();
    EXPECT_TRUE(position->itemText(0).contains(QStringLiteral("作用于输入"))) << position->itemText(0).toStdString();
    EXPECT_TRUE(dropout->toolTip().contains(QStringLiteral("dropout 概率"))) << dropout->toolTip().toStdString();
}
