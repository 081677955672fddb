// File > Import Launch File: the plan takes the file's fields as one undoable step, the review lists every field
// used and ignored; the export dialog offers the formats of the plan's kind.
#include "launch/launch.h"
#include "plan_document.h"
#include "widgets/launch_dialog.h"

#include <QComboBox>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace gpui;

TEST(LaunchImport, ARealTorchtitanFileChangesThePlanAndUndoTakesItBack)
{
    PlanDocument document;
    auto base = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(base);
    document.reset(*base, QString());
    const QString path = QStringLiteral(GP_TEST_DATA_DIR "/launch/torchtitan-llama3_70b.toml");
    ASSERT_TRUE(LaunchImportDialog::run(nullptr, &document, QString(), path));
    // llama3_70b.toml: 8-way tensor parallelism, batch 8 of 8192 tokens, full checkpointing, FSDP over the rest.
    EXPECT_EQ(document.plan().model.preset, "llama-3.1-70b");
    EXPECT_EQ(document.plan().workload.parallelism.tensor, 8);
    EXPECT_EQ(document.plan().workload.parallelism.zeroStage, 3);
    EXPECT_EQ(document.plan().workload.microBatchSize, 8);
    EXPECT_EQ(document.plan().workload.sequenceLength, 8192);
    EXPECT_EQ(document.plan().workload.activationCheckpointing, gp::Checkpointing::Full);
    EXPECT_TRUE(document.undoStack()->canUndo());
    document.undoStack()->undo();
    EXPECT_EQ(document.plan().model.preset, base->model.preset);
    EXPECT_EQ(document.plan().workload.parallelism.tensor, base->workload.parallelism.tensor);
    EXPECT_EQ(document.plan().workload.sequenceLength, base->workload.sequenceLength);
}

TEST(LaunchImport, ReviewListsUsedAndIgnoredFields)
{
    auto launch = gp::readLaunchFile("vllm serve gpt2 --tensor-parallel-size 2 --api-key secret\n", "serve.sh");
    ASSERT_TRUE(launch);
    LaunchImportDialog dialog(*launch);
    QTreeWidget* fields = dialog.fields();
    ASSERT_EQ(fields->topLevelItemCount(), 2);
    EXPECT_EQ(fields->topLevelItem(0)->childCount(), int(launch->mapped.size()));
    ASSERT_EQ(fields->topLevelItem(1)->childCount(), 1);
    EXPECT_EQ(fields->topLevelItem(1)->child(0)->text(0), QStringLiteral("--api-key"));
}

TEST(LaunchExport, TheDialogOffersTheFormatsOfThePlansKind)
{
    LaunchExportDialog training(gp::Mode::Training, QString());
    LaunchExportDialog serving(gp::Mode::Serving, QString());
    auto formats = [](const LaunchExportDialog& d) {
        QStringList ids;
        auto* combo = d.findChild<QComboBox*>();
        for (int i = 0; i < combo->count(); ++i)
            ids << combo->itemData(i).toString();
        return ids;
    };
    EXPECT_EQ(formats(training), (QStringList { "torchtitan", "megatron", "deepspeed", "hf", "litgpt", "k8s" }));
    EXPECT_EQ(formats(serving), (QStringList { "vllm", "sglang", "llama.cpp", "k8s" }));
    // Together the two lists offer every format the core writes, and nothing else.
    std::set<std::string> offered;
    for (const QString& id : formats(training) + formats(serving))
        offered.insert(id.toStdString());
    const auto& written = gp::launchExportFormats();
    EXPECT_EQ(offered, std::set<std::string>(written.begin(), written.end()));
}
