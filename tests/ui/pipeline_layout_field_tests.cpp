// The window's pipeline layout row (workload.parallelism.pipeline_layout): a text field that takes Megatron's string
// and shows on itself what the plan's reader or the model refuses of it.
#include "translator.h"
#include "widgets/inputs_panel.h"

#include "plan/plan.h"

#include <QLineEdit>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

gp::Plan layoutPlan()
{
    auto plan = gp::parsePlan(gp::defaultPlanText()); // Llama 2 7B: 32 layers
    EXPECT_TRUE(plan.ok());
    gp::Plan p = plan.ok() ? *plan : gp::Plan {};
    p.workload.parallelism.pipeline = 2;
    return p;
}

void type(QLineEdit* line, const QString& text)
{
    line->setText(text);
    emit line->textEdited(text);
    emit line->editingFinished();
}

} // namespace

TEST(PipelineLayoutField, TakesMegatronsStringAndShowsWhatIsWrongOnTheRow)
{
    installLanguage(QStringLiteral("en"));
    InputsPanel panel;
    panel.setPlan(layoutPlan());
    // The window's document takes each edit and shows the plan again.
    QObject::connect(&panel, &InputsPanel::planEdited, &panel, [&panel](const gp::Plan& p) { panel.setPlan(p); });
    panel.show();
    const QString path = QStringLiteral("workload.parallelism.pipeline_layout");
    auto* line = qobject_cast<QLineEdit*>(panel.fieldInput(path));
    ASSERT_NE(line, nullptr) << "the row is a text field";
    type(line, QStringLiteral("Et*20|t*12L"));
    EXPECT_EQ(panel.plan().workload.parallelism.pipelineLayout, "Et*20|t*12L");
    EXPECT_TRUE(panel.fieldError(path).isEmpty()) << panel.fieldError(path).toStdString();
    // A character Megatron does not read: refused on the row, the plan keeps its layout.
    type(line, QStringLiteral("Et*20|x*12L"));
    EXPECT_EQ(panel.plan().workload.parallelism.pipelineLayout, "Et*20|t*12L");
    EXPECT_TRUE(panel.fieldError(path).contains(QStringLiteral("'x'"))) << panel.fieldError(path).toStdString();
    // Three stages at pipeline 2.
    type(line, QStringLiteral("Et*10|t*10|t*12L"));
    EXPECT_TRUE(panel.fieldError(path).contains(QStringLiteral("lists 3 stages")))
        << panel.fieldError(path).toStdString();
    // 31 layers of the model's 32: the model's count, read at once.
    type(line, QStringLiteral("Et*20|t*11L"));
    EXPECT_EQ(panel.plan().workload.parallelism.pipelineLayout, "Et*20|t*12L");
    EXPECT_TRUE(panel.fieldError(path).contains(QStringLiteral("the model has 32")))
        << panel.fieldError(path).toStdString();
    // Emptied: the split places the layers again.
    type(line, QString());
    EXPECT_TRUE(panel.plan().workload.parallelism.pipelineLayout.empty())
        << panel.plan().workload.parallelism.pipelineLayout << " | " << line->text().toStdString() << " | "
        << panel.fieldError(path).toStdString();
    EXPECT_TRUE(panel.fieldError(path).isEmpty());
}
