// Issue 44 (window11): the file readers' refusals stayed English in the Chinese window: a launch file with a flag
// Megatron-LM does not have, a value that is not a number or a quote left open; a config.json with a size written
// as text; a cloud price export with a bad field; a budget with a bad field; an unreadable overrides file. Their
// messages are now worded from core/base/reader_words.h (and error_words.h) like the plan's own refusals, and each
// is reached here through the widget or dialog that reads the file, in the Chinese window.
#include "catalog_store.h"
#include "core_text.h"
#include "file_access.h"
#include "job_runner.h"
#include "plan_document.h"
#include "translator.h"
#include "widgets/budget/budget_view.h"
#include "widgets/cloud_import_dialog.h"
#include "widgets/inputs_panel.h"
#include "widgets/launch_dialog.h"

#include "base/error_words.h"
#include "base/file_words.h"
#include "base/reader_words.h"
#include "catalog/catalog.h"
#include "launch/launch.h"
#include "plan/plan.h"
#include "planner/answer.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>

#include <algorithm>
#include <functional>
#include <set>
#include <string_view>

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

// The template has Chinese words (not its English), no English sentence besides the names it quotes, and keeps each
// of its arguments %1 .. %9.
void expectChineseTemplate(const char* words)
{
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
        expectChineseTemplate(words);
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
            const QString reason = ignored->child(k)->text(LaunchImportDialog::PlanColumn);
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

namespace
{

// The template is one of the readers' or the plan's (base/reader_words.h, base/error_words.h): the ones the test
// above checks for their Chinese words.
bool isKnownTemplate(const char* text)
{
    if (!text)
        return false;
    for (const char* words : gp::words::kAllReaderWords)
        if (std::string_view(words) == text)
            return true;
    for (const char* words : gp::words::kAllErrorWords)
        if (std::string_view(words) == text)
            return true;
    return false;
}

// Launch files written to reach the reasons the published samples do not: each reader's branches that leave a field
// out (DeepSpeed's "auto", NVMe and loss-scaling fields; the trainers' stages, packing and quantized loading without
// an adapter; LitGPT's unset fields and optimizer arguments; llama-server's GGUF names, slots and split modes;
// torchtitan's sections, schedules, recipes and compile keys of either era).
const std::pair<const char*, const char*> kLaunchReasonFiles[] = {
    { "ds.json", R"({"train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": "auto",
        "zero_optimization": {"stage": 3, "overlap_comm": true, "offload_optimizer": {"device": "nvme",
        "nvme_path": "/local", "pin_memory": true}}, "fp16": {"enabled": "auto", "loss_scale": 0},
        "bf16": {"enabled": false}, "optimizer": {"type": "Adagrad"}, "activation_checkpointing": {},
        "_gpu_planner": {"plan": "x"}, "wall_clock_breakdown": false})" },
    { "sft.yaml",
        "model_name_or_path: my-org/private-model\nstage: sft\ndo_train: true\nfinetuning_type: full\n"
        "load_in_4bit: true\nlora_dropout: high\nnum_train_epochs: 3\ndataset: alpaca\n"
        "learning_rate: 1.0e-5\nlogging_steps: 10\npacking: true\ncutoff_len: long\nbf16: false\n"
        "optim: adagrad\nfsdp: offload\nfsdp_config:\n  fsdp_transformer_layer_cls_to_wrap: Block\n"
        "deepspeed: ds_z3.json\nsome_option: 1\n" },
    { "lora.yaml",
        "base_model: my-org/private-model\nadapter: lora\nload_in_4bit: true\nload_in_8bit: true\n"
        "micro_batch_size: 1\nstage: dpo\ndeepspeed:\n  train_micro_batch_size_per_gpu: auto\n"
        "  zero_optimization:\n    stage: 2\n" },
    { "litgpt.yaml",
        "model_name: my-model\nprecision: bf16-true\nquantize: bnb.nf4\ndevices: auto\nnum_nodes: 2\n"
        "model_config: null\ndata: {}\neval: {}\nout_dir: out\nseed: 1\ntokenizer_dir: t\n"
        "custom: 1\ntrain:\n  global_batch_size: 16\n  micro_batch_size: 1\n  max_seq_length: null\n"
        "  max_steps: 100\n  log_interval: 1\n  tie_embeddings: false\n  lr_warmup_steps: 10\n"
        "optimizer:\n  class_path: torch.optim.RMSprop\n  init_args:\n    lr: 0.001\n  other: 1\n" },
    { "litgpt-lora.yaml",
        "checkpoint_dir: checkpoints/my-org/private-model\nquantize: bnb.awq\nlora_r: 8\n"
        "lora_alpha: 16\nmodel_config: {}\ntrain:\n  global_batch_size: 16\n  max_steps: null\n" },
    { "llama.sh",
        "llama-server -m models/Llama-3-8B-Q4_K_M.gguf -ngl 20 -fa auto -ub 512 -cb -t 8 --host 0.0.0.0 "
        "-np 4 --jinja -ctk q5_1 -sm none -ts 1,1 --some-flag\n" },
    { "llama-q8.sh", "llama-server -m model-Q8_0.gguf -ngl 99 -kvu\n" },
    { "llama-q4ks.sh", "llama-server -m model-Q4_K_S.gguf --gpu-layers all\n" },
    { "llama-odd.sh", "llama-server -m weights.gguf\n" },
    { "lora.sh", "vllm serve my-org/private-model --enable-lora --max-loras 2\n" },
    { "titan.toml",
        "stray = 1\n[job]\ndump_folder = \"x\"\n[profiling]\nenable_profiling = false\n"
        "[metrics]\nlog_freq = 10\n[checkpoint]\nenable = false\n[lr_scheduler]\nwarmup_steps = 2\n"
        "[validation]\nenabled = false\n[comm]\ninit_timeout_seconds = 300\n"
        "[experimental]\ncustom_import = \"\"\n[fault_tolerance]\nenable = false\n"
        "[memory_estimation]\nenabled = false\n[other_section]\nx = 1\n"
        "[model]\nname = \"llama3\"\nflavor = \"13B-unknown\"\ntokenizer_path = \"x\"\n"
        "[parallelism]\npipeline_parallel_degree = 2\npipeline_parallel_schedule = \"LoopedBFS\"\n"
        "enable_async_tensor_parallel = true\ndisable_loss_parallel = true\n"
        "[training]\nlocal_batch_size = 2\nsteps = 10\nmixed_precision_reduce = \"float16\"\n"
        "dataset = \"c4\"\nmax_norm = 1.0\ncompile = true\n[compile]\nenable = true\nbackend = \"eager\"\nfoo = 1\n"
        "[activation_checkpoint]\nmode = \"selective\"\nselective_ac_option = \"2\"\n"
        "[float8]\nrecipe_name = \"blockwise\"\nenable_float8_linear = true\nsomething = 1\n"
        "[optimizer]\nname = \"Lion\"\nlr = 1e-4\n" },
    { "titan-old.toml",
        "[training]\ncompile = true\n[float8]\nenable_float8_linear = true\n"
        "[activation_checkpoint]\nmode = \"full\"\nselective_ac_option = \"op\"\n" },
};

// Launch files each reader refuses: a value of the wrong kind or outside the reader's choices.
const std::pair<const char*, const char*> kLaunchRefusalFiles[] = {
    { "precision.yaml", "model_name: m\nprecision: bf16-half\ntrain:\n  micro_batch_size: 1\n" },
    { "switch.yaml", "model_name: m\nlora_r: 8\nlora_query: maybe\ntrain:\n  micro_batch_size: 1\n" },
    { "dropout.yaml", "model_name: m\nlora_r: 8\nlora_dropout: high\ntrain:\n  micro_batch_size: 1\n" },
    { "train.yaml", "model_name: m\ntrain: 8\n" },
    { "batch.yaml", "model_name_or_path: m\nper_device_train_batch_size: 0\n" },
    { "compile.toml", "[compile]\nenable = \"yes\"\n" },
    { "layers.sh", "llama-server -m m.gguf -ngl lots\n" },
    { "ds.json", R"({"train_micro_batch_size_per_gpu": 0, "zero_optimization": {"stage": 2}})" },
    { "not-a-launch.yaml", "name: x\n" },
};

} // namespace

// Issue 44 (window13, the training readers and llama-server): the review of an imported torchtitan, DeepSpeed,
// Hugging Face trainer, LitGPT or llama-server file listed its reasons in English in the Chinese window, and their
// refusals were English too. Every published sample launch file (tests/data/launch) and the files above, which reach
// each reader's other reasons, are imported: every field left out carries its reason as one of the readers'
// templates (what the CLI prints is that template filled in), and the review shows it in Chinese, other than the
// English; every refusal is worded from a template and reads in Chinese.
TEST(ReaderErrorWords, EveryLaunchReadersReasonAndRefusalHasChineseWords)
{
    const ReaderWordsEnglishAfterwards english;
    std::vector<std::pair<std::string, std::string>> launches;
    const QDir samples(QStringLiteral(GP_TEST_DATA_DIR "/launch"));
    for (const QString& name : samples.entryList(QDir::Files, QDir::Name)) {
        QFile file(samples.filePath(name));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
        launches.emplace_back(name.toStdString(), file.readAll().toStdString());
    }
    ASSERT_GE(launches.size(), 20u) << "the sample launch files";
    for (const auto& [name, text] : kLaunchReasonFiles)
        launches.emplace_back(name, text);
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    std::set<std::string> reasonsSeen;
    int imported = 0;
    for (const auto& [name, text] : launches) {
        auto launch = gp::readLaunchFile(text, name);
        if (!launch) {
            // A sample that is not a launch file (SOURCES.json, the schema): refused in worded, Chinese words.
            EXPECT_FALSE(launch.error().words.empty()) << name << ": " << launch.error().toString();
            expectChineseRefusal(name, CoreText::error(launch.error()), launch.error().words.front().text);
            continue;
        }
        ++imported;
        LaunchImportDialog dialog(*launch);
        // What stands in the Field column where no field of the file set the plan field ("(file format)", a
        // framework's default) reads in Chinese too; a field the file spells stays as written.
        for (QTreeWidgetItem* group : { dialog.fields()->topLevelItem(0), dialog.fields()->topLevelItem(1) })
            for (int k = 0; k < group->childCount(); ++k) {
                const QString field = group->child(k)->text(0);
                if (field.startsWith(QLatin1Char('(')) || field.startsWith(QChar(0xFF08))) {
                    EXPECT_TRUE(hasHan(field)) << name << ": " << field.toStdString();
                    EXPECT_FALSE(hasEnglishSentenceBesidesNames(field)) << name << ": " << field.toStdString();
                }
            }
        QTreeWidgetItem* ignored = dialog.fields()->topLevelItem(1);
        ASSERT_EQ(ignored->childCount(), int(launch->ignored.size())) << name;
        for (std::size_t k = 0; k < launch->ignored.size(); ++k) {
            const gp::LaunchIgnoredField& i = launch->ignored[k];
            const std::string field = name + ": " + i.field;
            ASSERT_EQ(i.words.size(), 1u) << field << ": " << i.reason;
            EXPECT_TRUE(isKnownTemplate(i.words.front().text)) << field << ": " << i.reason;
            EXPECT_EQ(gp::fillWords(i.words.front()), i.reason) << field;
            reasonsSeen.insert(i.words.front().text);
            const QString chinese = ignored->child(int(k))->text(LaunchImportDialog::PlanColumn);
            EXPECT_NE(chinese, QString::fromStdString(i.reason)) << field << ": " << i.reason;
            EXPECT_TRUE(hasHan(chinese)) << field << ": " << chinese.toStdString();
            EXPECT_FALSE(hasEnglishSentenceBesidesNames(chinese)) << field << ": " << chinese.toStdString();
        }
    }
    EXPECT_GE(imported, 30) << "launch files imported";
    // The files reach every reason the training readers and llama-server word (a new reason without a file that
    // reaches it fails here, not only in the window).
    for (const char* reason : { gp::words::kIgnoredOptimizerNotModelled, gp::words::kIgnoredNvmeAsCpu,
             gp::words::kIgnoredAutoPrecisionFromTrainer, gp::words::kIgnoredLossScaling,
             gp::words::kIgnoredPlannerHeader, gp::words::kIgnoredDeepSpeedOption, gp::words::kIgnoredPacking,
             gp::words::kIgnoredQuantizedNeedsLora, gp::words::kIgnoredNoShardingStrategy,
             gp::words::kIgnoredDeepSpeedFile, gp::words::kIgnoredTrainingStage, gp::words::kIgnoredSupervisedStage,
             gp::words::kIgnoredOptimizerSteps, gp::words::kIgnoredAutoDevices, gp::words::kIgnoredQuantization,
             gp::words::kIgnoredOwnArchitecture, gp::words::kIgnoredGgufQ4KM, gp::words::kIgnoredGgufQ80,
             gp::words::kIgnoredGgufQ4KS, gp::words::kIgnoredNoGgufType, gp::words::kIgnoredLlamaCacheType,
             gp::words::kIgnoredSlotsSplitCache, gp::words::kIgnoredSplitMode, gp::words::kIgnoredLayersOnCpu,
             gp::words::kIgnoredEveryLayerOnGpu, gp::words::kIgnoredFaultTolerance, gp::words::kIgnoredUnknownFlavor,
             gp::words::kIgnoredScheduleNotModelled, gp::words::kIgnoredSelectiveEveryNth,
             gp::words::kIgnoredRecipeNotModelled, gp::words::kIgnoredCompileSectionAlso,
             gp::words::kIgnoredLossCompiledBefore, gp::words::kIgnoredReadOnlySelective,
             gp::words::kIgnoredStepsNeedDataDegree, gp::words::kIgnoredTopLevelField })
        EXPECT_TRUE(reasonsSeen.count(reason)) << "no file reaches: " << reason;

    // A name the file spells with a "%2" in it is shown as written, not filled in by the next argument.
    auto percent = gp::readLaunchFile("[model]\nname = \"llama%2\"\nflavor = \"8B\"\n", "percent.toml");
    ASSERT_TRUE(percent) << percent.error().toString();
    const auto flavor = std::find_if(percent->ignored.begin(), percent->ignored.end(),
        [](const gp::LaunchIgnoredField& i) { return i.field == "model.flavor"; });
    ASSERT_NE(flavor, percent->ignored.end());
    EXPECT_EQ(flavor->reason.rfind("llama%2 8B is not", 0), 0u) << flavor->reason;
    const QString shown = CoreText::errorMessage(gp::Error { "", flavor->reason, {}, flavor->words });
    EXPECT_TRUE(shown.startsWith(QStringLiteral("llama%2 8B "))) << shown.toStdString();
    EXPECT_TRUE(hasHan(shown)) << shown.toStdString();

    for (const auto& [name, text] : kLaunchRefusalFiles) {
        auto launch = gp::readLaunchFile(text, name);
        ASSERT_FALSE(launch) << name;
        const gp::Error& error = launch.error();
        ASSERT_FALSE(error.words.empty()) << name << ": " << error.toString();
        for (const gp::Words& words : error.words)
            EXPECT_TRUE(isKnownTemplate(words.text)) << name << ": " << error.toString();
        const QString chinese = CoreText::errorMessage(error);
        EXPECT_NE(chinese, QString::fromStdString(error.message)) << name;
        expectChineseRefusal(name, CoreText::error(error), error.words.front().text);
    }
}

// File > Export Launch Files… refused in the Chinese window: a format the plan's mode does not export, a plan with
// no recommendation (through the dialog and its job, as the window runs them), a folder that cannot be made. Each
// message is worded from its template (reader_words.h) and shown in Chinese; the CLI's English is the template's.
TEST(ReaderErrorWords, LaunchExportRefusalsReadInTheChineseWindow)
{
    const ReaderWordsEnglishAfterwards english;
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    auto parsed = gp::parsePlan(gp::defaultPlanText());
    ASSERT_TRUE(parsed) << parsed.error().toString();
    const gp::Plan training = *parsed;
    gp::Plan serving = training;
    serving.workload.mode = gp::Mode::Serving;
    const gp::PlanAnswer noAnswer {}; // no recommendation
    const auto catalog = std::make_shared<const gp::Catalog>(gp::builtinCatalog());

    struct Refusal {
        const gp::Plan* plan;
        const char* format;
        const char* words;
    };
    for (const Refusal& r : { Refusal { &training, "vllm", gp::words::kServingEngineForTraining },
             Refusal { &serving, "torchtitan", gp::words::kTrainingFormatForServing },
             Refusal { &training, "onnx", gp::words::kLaunchFormatGot },
             Refusal { &training, "torchtitan", gp::words::kNoRecommendationToWrite } }) {
        auto files = gp::exportLaunch(*r.plan, noAnswer, *catalog, r.format, "plan");
        ASSERT_FALSE(files) << r.format;
        ASSERT_FALSE(files.error().words.empty()) << files.error().toString();
        EXPECT_STREQ(files.error().words.front().text, r.words) << files.error().toString();
        expectChineseRefusal(r.format, CoreText::error(files.error()), r.words);
    }

    // The folder is under a file: the system's reason stays as it gives it, the sentence around it is Chinese.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString blocker = writeReaderTestFile(dir, QStringLiteral("a-file"), "x");
    gp::LaunchExport one;
    one.files.push_back({ "train.toml", "x" });
    auto written = gp::writeLaunchExport(one, QString(blocker + QStringLiteral("/out")).toStdString());
    ASSERT_FALSE(written);
    ASSERT_FALSE(written.error().words.empty()) << written.error().toString();
    const QString folderMessage = CoreText::error(written.error());
    EXPECT_TRUE(folderMessage.contains(wordsOf(gp::words::kCannotCreateFolder))) << folderMessage.toStdString();
    EXPECT_TRUE(hasHan(folderMessage)) << folderMessage.toStdString();

    // The dialog's job: its refusal is what the window's failure message shows.
    JobRunner jobs;
    QSignalSpy failed(&jobs, &JobRunner::failed);
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* dialog = qobject_cast<LaunchExportDialog*>(QApplication::activeModalWidget())) {
            dialog->setFolder(dir.filePath(QStringLiteral("out")));
            // The folder's label has its field as buddy: its "&" marks the shortcut, it is not shown.
            for (auto* label : dialog->findChildren<QLabel*>())
                if (label->text().contains(QLatin1Char('&'))) {
                    EXPECT_NE(label->buddy(), nullptr) << label->text().toStdString();
                }
            dialog->setFormat(QStringLiteral("torchtitan"));
            dialog->accept();
        }
    });
    poll.start();
    EXPECT_TRUE(
        LaunchExportDialog::run(nullptr, &jobs, training, noAnswer, catalog, QStringLiteral("plan"), dir.path()));
    poll.stop();
    ASSERT_TRUE(failed.wait(120000));
    expectChineseRefusal("the export job", failed.first()[1].toString(), gp::words::kNoRecommendationToWrite);
}

// The file reader's and writer's refusals (base/input_file.cpp, base/atomic_file.cpp) read in English in the
// Chinese window: "cannot write: No space left on device" under a Chinese menu. They are worded from
// base/file_words.h now, the system's common reasons included; what the CLI prints stays the C library's English.
TEST(ReaderErrorWords, FileReadAndWriteRefusalsReadInTheChineseWindow)
{
    const ReaderWordsEnglishAfterwards english;
    ASSERT_TRUE(installLanguage(QStringLiteral("zh_CN")));
    for (const char* words : gp::words::kAllFileWords)
        expectChineseTemplate(words);

    // A plan saved into a folder that does not exist: what could not be done, and why, in Chinese.
    const QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    PlanDocument document;
    const auto saved = document.save(dir.filePath(QStringLiteral("missing/plan.gpuplan")));
    ASSERT_FALSE(saved);
    const QString savedMessage = CoreText::error(saved.error());
    expectChineseRefusal("save", savedMessage, gp::words::kFileCannotCreateTemporary);
    EXPECT_TRUE(savedMessage.contains(wordsOf(gp::words::kReasonNoSuchFile))) << savedMessage.toStdString();

    // A full disk (/dev/full answers every write with ENOSPC).
    const auto full = writeFileAtomically(QStringLiteral("/dev/full"), QByteArray("{}"));
    ASSERT_FALSE(full);
    const QString fullMessage = CoreText::error(full.error());
    expectChineseRefusal("a full disk", fullMessage, gp::words::kFileCannotWrite);
    EXPECT_TRUE(fullMessage.contains(wordsOf(gp::words::kReasonNoSpace))) << fullMessage.toStdString();

    // A folder opened as a plan.
    const auto read = readInputFile(dir.path());
    ASSERT_FALSE(read);
    expectChineseRefusal("a folder", CoreText::error(read.error()), gp::words::kFileIsDirectory);

    // The English the CLI prints is the C library's, as before.
    EXPECT_EQ(full.error().message, "cannot write: No space left on device");
    EXPECT_EQ(read.error().message, "is a directory");
}
