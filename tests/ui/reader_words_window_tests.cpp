// Issue 44 (window11): the file readers' refusals stayed English in the Chinese window: a launch file with a flag
// Megatron-LM does not have, a value that is not a number or a quote left open; a config.json with a size written
// as text; a cloud price export with a bad field; a budget with a bad field; an unreadable overrides file. Their
// messages are now worded from core/base/reader_words.h (and error_words.h) like the plan's own refusals, and each
// is reached here through the widget or dialog that reads the file, in the Chinese window.
#include "catalog_store.h"
#include "core_text.h"
#include "plan_document.h"
#include "translator.h"
#include "widgets/budget/budget_view.h"
#include "widgets/cloud_import_dialog.h"
#include "widgets/inputs_panel.h"
#include "widgets/launch_dialog.h"

#include "base/error_words.h"
#include "base/reader_words.h"
#include "plan/plan.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFile>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>

#include <functional>

#include <gtest/gtest.h>

using namespace gpui;

namespace
{

// The text without the names a message quotes as the file spells them (field names, flags, commands, file names,
// API names): words with a digit, a dot, a dash, an underscore, a slash, a colon, a bracket, a quote or a capital
// inside.
QString withoutQuotedNames(QString text)
{
    static const QRegularExpression name(QStringLiteral(
        "[A-Za-z0-9_./:=*\\[\\]\"'$(){}-]*(?:[0-9_./:=*\\[\\]\"$(){}-]|[a-z][A-Z])[A-Za-z0-9_./:=*\\[\\]\"'$(){}-]*"));
    return text.replace(name, QStringLiteral(" "));
}

// A run of three Latin words: an English sentence.
bool hasEnglishSentenceBesidesNames(const QString& text)
{
    static const QRegularExpression latinRun(QStringLiteral("[A-Za-z]{2,}(?:[ ,'-]+[A-Za-z]{2,}){2,}"));
    return latinRun.match(withoutQuotedNames(text)).hasMatch();
}

bool hasHan(const QString& text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return text.contains(han);
}

// The template's words in the window's language up to its first argument: what a message worded from it shows.
QString wordsOf(const char* words)
{
    return QCoreApplication::translate("CoreError", words).section(QLatin1Char('%'), 0, 0).trimmed();
}

// Runs `show`, which opens a message box, and returns the box's text (the box is closed at once).
QString messageBoxTextOf(const std::function<void()>& show)
{
    QString text;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            text = box->text();
            box->done(QMessageBox::Ok);
        }
    });
    poll.start();
    show();
    poll.stop();
    return text;
}

QString writeReaderTestFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write(bytes);
    return path;
}

struct BrokenFile {
    const char* name;
    const char* text;
    const char* words; // the template the refusal is worded from
};

struct ReaderWordsEnglishAfterwards {
    ~ReaderWordsEnglishAfterwards() { installLanguage(QStringLiteral("en")); }
};

// The message in Chinese, with the template's words in it and no English sentence beside the names it quotes.
void expectChineseRefusal(const std::string& where, const QString& message, const char* words)
{
    ASSERT_FALSE(message.isEmpty()) << where << ": no message";
    EXPECT_TRUE(message.contains(wordsOf(words)))
        << where << ": " << wordsOf(words).toStdString() << " in " << message.toStdString();
    EXPECT_TRUE(hasHan(message)) << where << ": " << message.toStdString();
    EXPECT_FALSE(hasEnglishSentenceBesidesNames(message)) << where << ": " << message.toStdString();
}

} // namespace

// Every reader's template has Chinese words that keep each of its arguments, and reads as the core wrote it in
// English.
TEST(ReaderErrorWords, EveryTemplateHasChineseWordsWithEachArgument)
{
    const ReaderWordsEnglishAfterwards english;
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    int templates = 0;
    for (const char* words : gp::words::kAllReaderWords) {
        const QString source = QString::fromUtf8(words);
        const QString chinese = QCoreApplication::translate("CoreError", words);
        EXPECT_NE(chinese, source) << words;
        if (source.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,}")))) {
            EXPECT_TRUE(hasHan(chinese)) << words;
        }
        EXPECT_FALSE(hasEnglishSentenceBesidesNames(chinese)) << words << " -> " << chinese.toStdString();
        for (int n = 1; n <= 9; ++n) {
            const QString marker = QStringLiteral("%%1").arg(n);
            EXPECT_EQ(source.contains(marker), chinese.contains(marker)) << words << ": " << marker.toStdString();
        }
        ++templates;
    }
    EXPECT_GE(templates, 100);
    installLanguage(QStringLiteral("en"));
    for (const char* words : gp::words::kAllReaderWords)
        EXPECT_EQ(QCoreApplication::translate("CoreError", words), QString::fromUtf8(words));
}

// A broken launch file (File > Import Launch File…), config.json (Import config.json…), cloud price export (Catalog >
// Import Cloud Prices…), budget (the Budget view's Open…) and overrides file (read when the window starts): each
// refusal the Chinese window shows is in Chinese, naming the file's field as the file spells it.
TEST(ReaderErrorWords, BrokenFilesAreRefusedInTheChineseWindowsWords)
{
    const ReaderWordsEnglishAfterwards english;
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());

    // Launch files: an unknown flag, a bad value, a file cut off inside a quote, a value the plan refuses, a bad
    // DeepSpeed batch.
    const BrokenFile launches[] = {
        { "megatron.sh",
            "torchrun --nproc_per_node 8 pretrain_gpt.py --tensor-model-parallel-size 2 --no-such-flag 3\n",
            gp::words::kNotMegatronFlag },
        { "serve.sh", "vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size two\n", gp::words::kNeedsNumberGot },
        { "cut.sh", "vllm serve \"Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2\n",
            gp::words::kUnterminatedDoubleQuote },
        { "train.toml", "[parallelism]\ntensor_parallel_degree = -3\n", gp::words::kPlanFieldSuffix },
        { "ds.json", "{\"train_micro_batch_size_per_gpu\": 0, \"zero_optimization\": {\"stage\": 2}}",
            gp::words::kWholeNumberAtLeastOne },
    };
    PlanDocument document;
    auto base = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(base);
    document.reset(*base, QString());
    for (const BrokenFile& f : launches) {
        const QString path = writeReaderTestFile(dir, QString::fromLatin1(f.name), f.text);
        bool imported = true;
        const QString message
            = messageBoxTextOf([&] { imported = LaunchImportDialog::run(nullptr, &document, dir.path(), path); });
        EXPECT_FALSE(imported) << f.name;
        expectChineseRefusal(std::string("launch file ") + f.name, message, f.words);
        // The path once, where the box says which file it could not read ("cut.sh:1" beside the message).
        EXPECT_LE(message.count(dir.path()), 1) << f.name << ": " << message.toStdString();
    }

    // config.json: a size written as text, a hybrid block kind not modelled, a list, a quantization field of the
    // wrong type.
    const BrokenFile configs[] = {
        { "text-size.json",
            R"({"model_type": "llama", "hidden_size": "4096", "num_hidden_layers": 16, "num_attention_heads": 16,
                "intermediate_size": 8192, "vocab_size": 32000})",
            gp::words::kNumberWrittenAsText },
        { "nemotron.json",
            R"({"model_type": "nemotron_h", "hidden_size": 1024, "num_hidden_layers": 3, "num_attention_heads": 8,
                "intermediate_size": 4096, "vocab_size": 1000, "hybrid_override_pattern": "M*E"})",
            gp::words::kNemotronMoeBlocks },
        { "list.json", "[1, 2]", gp::words::kConfigIsObject },
        { "bits.json",
            R"({"model_type": "llama", "hidden_size": 2048, "num_hidden_layers": 16, "num_attention_heads": 16,
                "intermediate_size": 8192, "vocab_size": 32000, "quantization_config": {"quant_method": "gptq",
                "bits": "4"}})",
            gp::words::kNumberWrittenAsText },
    };
    InputsPanel panel;
    panel.setPlan(*base);
    for (const BrokenFile& f : configs) {
        const QString path = writeReaderTestFile(dir, QString::fromLatin1(f.name), f.text);
        QString error;
        EXPECT_FALSE(panel.importConfig(path, &error)) << f.name;
        expectChineseRefusal(std::string("config ") + f.name, error, f.words);
    }

    // Cloud price exports: not a listing, a GPU count that is not a number, Tencent's listing without its currency.
    const BrokenFile exports[] = {
        { "other.json", R"({"Something": []})", gp::words::kNotCloudListing },
        { "gpus.json", R"({"InstanceTypeQuotaSet": [{"InstanceType": "GN7.2XLARGE32", "Zone": "ap-guangzhou-3",
                           "GpuCount": "eight"}]})",
            gp::words::kNumberGot },
    };
    CatalogStore store(dir.filePath(QStringLiteral("import-overrides.json")));
    for (const BrokenFile& f : exports) {
        const QString path = writeReaderTestFile(dir, QString::fromLatin1(f.name), f.text);
        bool imported = true;
        const QString message = messageBoxTextOf([&] { imported = CloudImportDialog::run(nullptr, &store, path); });
        EXPECT_FALSE(imported) << f.name;
        expectChineseRefusal(std::string("price export ") + f.name, message, f.words);
    }
    // Tencent's listing without its currency: the dialog's Currency box stands for the CLI's --currency.
    const QString tencent = writeReaderTestFile(dir, QStringLiteral("currency.json"),
        R"({"InstanceTypeQuotaSet": [{"InstanceType": "GN7.2XLARGE32", "Zone": "ap-guangzhou-3", "GpuCount": 1}]})");
    const QString currency = messageBoxTextOf([&] { CloudImportDialog::run(nullptr, &store, tencent); });
    EXPECT_TRUE(currency.contains(CloudImportDialog::tr("Currency"))) << currency.toStdString();
    EXPECT_FALSE(currency.contains(QLatin1String("--currency"))) << currency.toStdString();
    EXPECT_TRUE(hasHan(currency) && !hasEnglishSentenceBesidesNames(currency)) << currency.toStdString();

    // Budgets: a currency, a cap of 0, no items.
    const BrokenFile budgets[] = {
        { "euro.gpubudget",
            R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 12, "currency": "EUR", "items": []})",
            gp::words::kCurrencyGot },
        { "cap.gpubudget",
            R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 12, "currency": "CNY",
                "caps": {"per_month": 0}, "items": []})",
            gp::words::kZeroCap },
        { "empty.gpubudget",
            R"({"format": "gpu-planner-budget", "version": 1, "horizon_months": 12, "currency": "CNY", "items": []})",
            gp::words::kAtLeastOneItem },
    };
    BudgetView budgetView;
    for (const BrokenFile& f : budgets) {
        const QString path = writeReaderTestFile(dir, QString::fromLatin1(f.name), f.text);
        QString error;
        EXPECT_FALSE(budgetView.openBudget(path, &error)) << f.name;
        expectChineseRefusal(std::string("budget ") + f.name, error, f.words);
    }

    // The user's overrides file: a price without a figure.
    const QString overrides = writeReaderTestFile(dir, QStringLiteral("overrides.json"),
        R"({"format": "gpu-planner-overrides", "version": 1, "prices": {"tencent:GN7.2XLARGE32": {"currency": "CNY"}}})");
    const CatalogStore unreadable(overrides);
    expectChineseRefusal("overrides", unreadable.loadError(), gp::words::kGivesNoPrice);
}

// Issue 44 (window13): the launch import's review listed why each field was left out in English in the Chinese
// window ("launcher option: the planner chooses the nodes and GPUs", "server setting: no effect on memory or speed").
// A Megatron-LM script as NVIDIA publishes it (tests/data/launch, SOURCES.json: launcher options, hyper-parameters,
// logging, data and checkpoint flags, a command substitution) and a vLLM command with server, logging and API flags,
// reviewed in the Chinese window: every reason is Chinese, with the names the file spells kept; the CLI's English
// is the same templates filled in.
TEST(ReaderErrorWords, TheLaunchReviewSaysWhyEachFieldIsIgnoredInTheChineseWindow)
{
    const ReaderWordsEnglishAfterwards english;
    QFile file(QStringLiteral(GP_TEST_DATA_DIR "/launch/megatron-train_gpt3_175b_distributed.sh"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const std::pair<std::string, std::string> launches[] = {
        { "train_gpt3_175b_distributed.sh", file.readAll().toStdString() + "\nexport STAMP=$(date +%s)\n" },
        { "serve.sh",
            "vllm serve my-org/private-model --tensor-parallel-size 2 --host 0.0.0.0 --port 8000 --api-key secret "
            "--disable-log-requests --served-model-name chat --quantization gguf --no-such-vllm-flag\n" },
    };
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    for (const auto& [name, text] : launches) {
        auto launch = gp::readLaunchFile(text, name);
        ASSERT_TRUE(launch) << launch.error().toString();
        ASSERT_GE(launch->ignored.size(), 5u) << name << ": fields left out";
        LaunchImportDialog dialog(*launch);
        QTreeWidgetItem* ignored = dialog.fields()->topLevelItem(1);
        ASSERT_EQ(ignored->childCount(), int(launch->ignored.size()));
        for (int k = 0; k < ignored->childCount(); ++k) {
            const QString reason = ignored->child(k)->text(2);
            const std::string field = name + ": " + ignored->child(k)->text(0).toStdString();
            EXPECT_TRUE(hasHan(reason)) << field << ": " << reason.toStdString();
            EXPECT_FALSE(hasEnglishSentenceBesidesNames(reason)) << field << ": " << reason.toStdString();
        }
        // The CLI's English is the core's: worded from the same templates.
        for (const gp::LaunchIgnoredField& i : launch->ignored) {
            ASSERT_EQ(i.words.size(), 1u) << name << ": " << i.field << ": " << i.reason;
            EXPECT_EQ(gp::fillWords(i.words.front()), i.reason);
        }
    }
}
