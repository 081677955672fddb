// File > Import Launch File: the plan takes the file's fields as one undoable step, the review lists every field
// used and ignored; the export dialog offers the formats of the plan's kind.
#include "launch/launch.h"
#include "plan_document.h"
#include "translator.h"
#include "widgets/launch_dialog.h"

#include <QComboBox>
#include <QLabel>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>

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

// A Used row shows the value as the file writes it beside the plan's, so the import can be checked against the file:
// "0.90" where the plan reads 0.9, the script's "$TP" where the plan has its value, nothing for a switch.
TEST(LaunchImport, ReviewShowsEachValueAsTheFileWritesIt)
{
    auto launch = gp::readLaunchFile("TP=2\nvllm serve gpt2 --tensor-parallel-size $TP --gpu-memory-utilization 0.90 "
                                     "--enforce-eager\n",
        "serve.sh");
    ASSERT_TRUE(launch);
    LaunchImportDialog dialog(*launch);
    EXPECT_EQ(dialog.fields()->headerItem()->text(LaunchImportDialog::FileTextColumn), QStringLiteral("In the file"));
    std::map<QString, std::pair<QString, QString>> rows; // Field -> (in the file, plan field = value)
    QTreeWidgetItem* used = dialog.fields()->topLevelItem(0);
    for (int k = 0; k < used->childCount(); ++k)
        rows[used->child(k)->text(LaunchImportDialog::FieldColumn)]
            = { used->child(k)->text(LaunchImportDialog::FileTextColumn),
                  used->child(k)->text(LaunchImportDialog::PlanColumn) };
    EXPECT_EQ(rows[QStringLiteral("--gpu-memory-utilization")],
        std::pair(QStringLiteral("0.90"), QStringLiteral("workload.serving.engine.gpu_memory_utilization = 0.9")));
    EXPECT_EQ(rows[QStringLiteral("--tensor-parallel-size")],
        std::pair(QStringLiteral("$TP"), QStringLiteral("workload.parallelism.tensor = 2")));
    EXPECT_EQ(rows[QStringLiteral("--enforce-eager")].first, QString());
}

// The Used rows show what the file says: a vLLM config's list as the plan took it, nothing as a placeholder; the
// model name Megatron arguments do not carry is said to be derived (in both languages), never shown as if read.
TEST(LaunchImport, ReviewShowsTheFilesTextAndMarksDerivedValues)
{
    auto megatron = gp::readLaunchFile("torchrun pretrain_gpt.py --num-layers 8 --hidden-size 256 "
                                       "--num-attention-heads 8 --tensor-model-parallel-size 2\n",
        "train.sh");
    ASSERT_TRUE(megatron);
    auto vllm = gp::readLaunchFile(
        "model: gpt2\nserved_model_name: [chat, assistant]\ncuda_graph_sizes: [64, 8, 1]\n", "vllm-config.yaml");
    ASSERT_TRUE(vllm);
    // The Used row setting `planField`: its Field column and its plan field = value.
    auto usedRow = [](const LaunchImportDialog& dialog, const QString& planField) {
        QTreeWidgetItem* used = dialog.fields()->topLevelItem(0);
        for (int k = 0; k < used->childCount(); ++k)
            if (used->child(k)->text(LaunchImportDialog::PlanColumn).startsWith(planField + QStringLiteral(" = ")))
                return std::pair { used->child(k)->text(0), used->child(k)->text(LaunchImportDialog::PlanColumn) };
        return std::pair { QString(), QString() };
    };
    const QString derivedEnglish = [&] {
        LaunchImportDialog dialog(*megatron);
        const auto [field, value] = usedRow(dialog, QStringLiteral("model.name"));
        EXPECT_EQ(value, QStringLiteral("model.name = \"Megatron model (8 layers, hidden 256)\""));
        EXPECT_EQ(field, QStringLiteral("(derived from --num-layers: not in the file)"));
        // What the file wrote is shown as read, under the file's own spelling.
        EXPECT_EQ(usedRow(dialog, QStringLiteral("workload.parallelism.tensor")),
            std::pair(
                QStringLiteral("--tensor-model-parallel-size"), QStringLiteral("workload.parallelism.tensor = 2")));
        EXPECT_EQ(usedRow(dialog, QStringLiteral("model.architecture")).first, QStringLiteral("--num-layers"));
        return field;
    }();
    {
        LaunchImportDialog dialog(*vllm);
        EXPECT_EQ(usedRow(dialog, QStringLiteral("workload.serving.engine.cuda_graph_batch_sizes")).second,
            QStringLiteral("workload.serving.engine.cuda_graph_batch_sizes = [1,8,64]"));
        QTreeWidgetItem* ignored = dialog.fields()->topLevelItem(1);
        ASSERT_EQ(ignored->childCount(), 1);
        EXPECT_EQ(ignored->child(0)->text(0), QStringLiteral("--served-model-name"));
        for (QTreeWidgetItem* group : { dialog.fields()->topLevelItem(0), ignored })
            for (int k = 0; k < group->childCount(); ++k)
                for (int column = 0; column < LaunchImportDialog::ColumnCount; ++column)
                    EXPECT_FALSE(group->child(k)->text(column).contains(QStringLiteral("(list)")));
    }
    struct EnglishAfterwards {
        ~EnglishAfterwards() { installLanguage(QStringLiteral("en")); }
    } english;
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    LaunchImportDialog chinese(*megatron);
    const QString field = usedRow(chinese, QStringLiteral("model.name")).first;
    EXPECT_NE(field, derivedEnglish);
    EXPECT_TRUE(field.contains(QStringLiteral("--num-layers"))) << field.toStdString();
    EXPECT_TRUE(field.contains(QRegularExpression(QStringLiteral("\\p{Han}")))) << field.toStdString();
    // The summary's two halves join as Chinese does: no space between them.
    const QLabel* summary = chinese.findChild<QLabel*>();
    ASSERT_NE(summary, nullptr);
    EXPECT_FALSE(summary->text().contains(QRegularExpression(QStringLiteral("\\p{Han} \\p{Han}"))))
        << summary->text().toStdString();
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
