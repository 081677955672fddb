// The window's rows from the plan's field table: every table field has a row that edits the plan and undoes, units
// are read and never dropped, every field set away from its default is in the report's rows (or hidden with its
// reason), the sweep offers the table's sweepable fields; and the inputs panel's traps of a team lead's tries (a
// weight format carried to the next model, text on screen that is not the plan's value, a sign dropped, a partial
// model name ignored).
#include "evaluation.h"
#include "plan_document.h"
#include "report/report_document.h"
#include "report/report_export.h"
#include "report/report_layout.h"
#include "translator.h"
#include "widgets/inputs/field_editor.h"
#include "widgets/inputs/field_text.h"
#include "widgets/inputs_panel.h"
#include "widgets/sweep_view.h"

#include "catalog/catalog.h"
#include "plan/plan_fields.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

using namespace gpui;
using nlohmann::json;

namespace
{

gp::Plan fieldRowsPlan(std::string_view text)
{
    auto plan = gp::parsePlan(text);
    EXPECT_TRUE(plan.ok());
    return plan.ok() ? *plan : gp::Plan {};
}

// The base plan a field is edited on: its section's mode, and what its cross-field rules need.
gp::Plan basePlanFor(const gp::PlanField& f)
{
    const std::string_view path = f.path;
    gp::Plan plan = fieldRowsPlan(path.starts_with("workload.serving.") ? gp::servingPlanText()
            : path.starts_with("workload.rl.")                          ? gp::rlPlanText()
                                                                        : gp::defaultPlanText());
    if (path == "workload.rl.rollout_gpus" || path == "workload.rl.off_policy_steps")
        plan.workload.rl.placement = gp::RlPlacement::Separate;
    if (path.starts_with("workload.inference."))
        plan.workload.mode = gp::Mode::Inference;
    if (path == "workload.activation_checkpointing_layers") {
        plan.workload.activationCheckpointing = gp::Checkpointing::Full;
        plan.search.enabled = false;
    }
    if (path == "workload.fp8_recipe" || path == "workload.fp8_all_gather")
        plan.workload.precision = gp::Precision::Fp8;
    if (path == "workload.parallelism.virtual_stages") {
        plan.workload.parallelism.pipelineSchedule = gp::PipelineSchedule::Interleaved;
        plan.workload.parallelism.virtualStages = 2;
    }
    return plan;
}

// Texts for a line editor: the table's value of a field with its unit, a few of them.
QStringList lineTexts(const gp::PlanField& f)
{
    if (f.path == "workload.training_tokens")
        return { QStringLiteral("3B") };
    if (f.path == "workload.serving.requests_per_month")
        return { QStringLiteral("3M") };
    if (f.kind == gp::FieldKind::Text) // a pipeline layout of the default plan's one stage and 32 layers
        return { QStringLiteral("Et*32L") };
    QStringList texts;
    for (double v : { f.min + 1, (f.min + f.max) / 2, f.max }) {
        if (f.kind == gp::FieldKind::Integer)
            v = std::floor(v);
        if (v < f.min || v > f.max)
            continue;
        texts << (f.unit == gp::FieldUnit::Fraction ? QString::number(v * 100, 'g', 12) + QLatin1Char('%')
                                                    : QString::number(v, 'g', 15));
    }
    return texts;
}

// Changes the widget's value one way after another until the plan's field changes; false when none does.
bool editWidget(QWidget* input, const gp::PlanField& f, InputsPanel& panel)
{
    const json before = f.get(panel.plan());
    auto changed = [&] { return f.get(panel.plan()) != before; };
    if (auto* check = qobject_cast<QCheckBox*>(input)) {
        check->setChecked(!check->isChecked());
        return changed();
    }
    if (auto* combo = qobject_cast<QComboBox*>(input)) {
        for (int i = 0; i < combo->count() && !changed(); ++i) {
            if (i == combo->currentIndex())
                continue;
            combo->setCurrentIndex(i);
            emit combo->activated(i);
        }
        return changed();
    }
    if (auto* box = qobject_cast<QSpinBox*>(input)) {
        for (int v : { box->value() + 1, box->value() * 2, box->value() - 1, box->maximum() })
            if (!changed() && v >= box->minimum() && v <= box->maximum() && v != box->value())
                box->setValue(v);
        return changed();
    }
    if (auto* box = qobject_cast<QDoubleSpinBox*>(input)) {
        for (double v : { box->value() + box->singleStep(), box->value() * 2, box->maximum() / 2 })
            if (!changed() && v >= box->minimum() && v <= box->maximum() && v != box->value())
                box->setValue(v);
        return changed();
    }
    if (auto* line = qobject_cast<QLineEdit*>(input)) {
        for (const QString& text : lineTexts(f)) {
            if (changed())
                break;
            line->setText(text);
            emit line->editingFinished();
        }
        return changed();
    }
    return false;
}

QString widgetState(QWidget* input)
{
    if (auto* check = qobject_cast<QCheckBox*>(input))
        return check->isChecked() ? QStringLiteral("on") : QStringLiteral("off");
    if (auto* combo = qobject_cast<QComboBox*>(input))
        return QString::number(combo->currentIndex());
    if (auto* box = qobject_cast<QAbstractSpinBox*>(input))
        return box->text();
    if (auto* line = qobject_cast<QLineEdit*>(input))
        return line->text();
    return {};
}

struct PanelWithHistory {
    PlanDocument document;
    InputsPanel panel;
    explicit PanelWithHistory(const gp::Plan& plan)
    {
        document.reset(plan, QString());
        panel.setPlan(plan);
        QObject::connect(&panel, &InputsPanel::planEdited, &document,
            [this](
                const gp::Plan& p, const EditText& describe, int mergeId) { document.change(p, describe, mergeId); });
        QObject::connect(&document, &PlanDocument::planChanged, &panel, [this] {
            if (!(panel.plan() == document.plan()))
                panel.setPlan(document.plan());
        });
    }
};

// Every table field's row (its input) in a window, by path; rows the window has none for are left out. Looked up
// once per window: fieldInput searches the panel's children.
std::map<QString, QPointer<QWidget>> fieldRows(const InputsPanel& panel)
{
    std::map<QString, QPointer<QWidget>> rows;
    for (const gp::PlanField& f : gp::planFields()) {
        const QString path = QString::fromUtf8(f.path.data(), qsizetype(f.path.size()));
        if (QWidget* input = panel.fieldInput(path))
            rows[path] = input;
    }
    return rows;
}

// One window per base plan, kept for the fields edited on it (building a window per field was most of these tests'
// time). A window is handed out again after document.reset + panel.setPlan of its base, and then must show what a
// new window on that base shows in every row: each reuse also checks that setPlan puts every row back.
class BaseWindows
{
public:
    PanelWithHistory& on(const gp::Plan& base)
    {
        const std::string key = gp::serializePlan(base);
        auto it = m_windows.find(key);
        if (it == m_windows.end()) {
            Kept kept { std::make_unique<PanelWithHistory>(base), {}, {} };
            kept.rows = fieldRows(kept.window->panel);
            for (const auto& [path, input] : kept.rows)
                kept.fresh[path] = widgetState(input);
            return *m_windows.emplace(key, std::move(kept)).first->second.window;
        }
        Kept& kept = it->second;
        kept.window->document.reset(base, QString());
        kept.window->panel.setPlan(base);
        EXPECT_TRUE(kept.window->panel.plan() == base);
        EXPECT_EQ(kept.window->document.undoStack()->count(), 0);
        for (const auto& [path, input] : kept.rows) {
            EXPECT_TRUE(input) << path.toStdString() << ": the row's input went";
            if (input) {
                EXPECT_EQ(widgetState(input), kept.fresh[path])
                    << path.toStdString() << " after setPlan; a new window on the same plan shows the other";
            }
        }
        return *kept.window;
    }

private:
    struct Kept {
        std::unique_ptr<PanelWithHistory> window;
        std::map<QString, QPointer<QWidget>> rows;
        std::map<QString, QString> fresh;
    };
    std::map<std::string, Kept> m_windows;
};

} // namespace

TEST(FieldRows, EveryTableFieldHasAWindowRowThatEditsThePlanAndUndoes)
{
    installLanguage(QStringLiteral("en"));
    BaseWindows windows;
    for (const gp::PlanField& f : gp::planFields()) {
        const QString path = QString::fromUtf8(f.path.data(), qsizetype(f.path.size()));
        SCOPED_TRACE(path.toStdString());
        PanelWithHistory& window = windows.on(basePlanFor(f));
        QWidget* input = window.panel.fieldInput(path);
        ASSERT_NE(input, nullptr) << "no row edits it";
        const json before = f.get(window.panel.plan());
        const QString shownBefore = widgetState(input);
        ASSERT_TRUE(editWidget(input, f, window.panel))
            << "the row does not change the plan; error: " << window.panel.fieldError(path).toStdString();
        EXPECT_NE(f.get(window.document.plan()), before) << "the edit reaches the document";
        EXPECT_GE(window.document.undoStack()->count(), 1);
        window.document.undoStack()->undo();
        EXPECT_EQ(f.get(window.document.plan()), before);
        EXPECT_EQ(f.get(window.panel.plan()), before);
        EXPECT_EQ(widgetState(input), shownBefore) << "the row shows the value again";
    }
}

TEST(FieldRows, EveryFieldAndChoiceHasWords)
{
    installLanguage(QStringLiteral("en"));
    for (const gp::PlanField& f : gp::planFields()) {
        EXPECT_FALSE(FieldText::label(f.path).isEmpty()) << f.path;
        for (std::string_view choice : f.choices)
            EXPECT_NE(FieldText::choice(f, choice).toStdString(), std::string(choice)) << f.path << " " << choice;
    }
}

// A latency field takes "500 ms" or "0.5 s"; a bare number is in the unit it shows; text it cannot read is refused
// with a message naming the field, and the plan keeps its value. "1000 ms" in Time to first token is 1 s.
TEST(FieldRows, LatencyFieldReadsUnitsAndRefusesWhatItCannotRead)
{
    installLanguage(QStringLiteral("en"));
    InputsPanel panel;
    panel.setPlan(fieldRowsPlan(gp::servingPlanText()));
    panel.show();
    QDoubleSpinBox* ttft = panel.servingTtftBox();
    auto type = [&](QAbstractSpinBox* box, const QString& text) {
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, text);
        QTest::keyClick(box, Qt::Key_Return);
    };
    const struct {
        const char* text;
        double seconds;
    } cases[] = { { "500 ms", 0.5 }, { "0.5 s", 0.5 }, { "0.5", 0.5 }, { "1000 ms", 1.0 }, { "250ms", 0.25 } };
    for (const auto& c : cases) {
        type(ttft, QString::fromLatin1(c.text));
        ASSERT_TRUE(panel.plan().workload.serving.slo.ttftSeconds.has_value()) << c.text;
        EXPECT_DOUBLE_EQ(*panel.plan().workload.serving.slo.ttftSeconds, c.seconds) << c.text;
    }
    const auto kept = panel.plan().workload.serving.slo.ttftSeconds;
    type(ttft, QStringLiteral("abc"));
    EXPECT_EQ(panel.plan().workload.serving.slo.ttftSeconds, kept);
    const QString error = panel.fieldError(QStringLiteral("workload.serving.slo.ttft_seconds"));
    EXPECT_TRUE(error.contains(QStringLiteral("Time to first token"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("abc"))) << error.toStdString();
    // Time per output token shows milliseconds: "50" is 50 ms, "0.02 s" is 20 ms.
    type(panel.servingTpotBox(), QStringLiteral("50"));
    EXPECT_DOUBLE_EQ(panel.plan().workload.serving.slo.tpotSeconds.value_or(0), 0.05);
    type(panel.servingTpotBox(), QStringLiteral("0.02 s"));
    EXPECT_DOUBLE_EQ(panel.plan().workload.serving.slo.tpotSeconds.value_or(0), 0.02);
    // Under a millisecond the box writes microseconds (formatSeconds), and reads them back: its own text is taken.
    type(panel.servingTpotBox(), QStringLiteral("0.3 ms"));
    EXPECT_NEAR(panel.plan().workload.serving.slo.tpotSeconds.value_or(0), 3e-4, 1e-12);
    EXPECT_EQ(panel.servingTpotBox()->text(), QStringLiteral("300 µs"));
}

// Every field the report shows as an assumption is listed under "Set in the plan" once set away from its default;
// a hidden one says why. A few of them reach the PDF's text.
TEST(FieldRows, EveryNonDefaultFieldIsInTheReportOrHiddenWithItsReason)
{
    installLanguage(QStringLiteral("en"));
    BaseWindows windows;
    int checked = 0;
    for (const gp::PlanField& f : gp::planFields()) {
        SCOPED_TRACE(std::string(f.path));
        if (f.report == gp::FieldReport::Hidden) {
            EXPECT_FALSE(f.hiddenReason.empty());
            continue;
        }
        if (f.report != gp::FieldReport::Assumption)
            continue;
        PanelWithHistory& window = windows.on(basePlanFor(f));
        ASSERT_TRUE(editWidget(
            window.panel.fieldInput(QString::fromUtf8(f.path.data(), qsizetype(f.path.size()))), f, window.panel));
        const gp::Plan edited = window.panel.plan();
        if (f.atDefault(edited))
            continue; // the edit set it back to the table's default (the example plan sets it away)
        bool listed = false;
        for (const auto& [label, value] : report::ReportBuilder::setInThePlanRows(edited))
            listed = listed || (label == FieldText::label(f.path) && value == FieldText::value(f, f.get(edited)));
        EXPECT_TRUE(listed);
        ++checked;
    }
    EXPECT_GE(checked, 101); // every assumption field the window sets away from its default (101 of them today)
    gp::Plan plan = fieldRowsPlan(gp::defaultPlanText());
    plan.billing.priceDiscount = 0.15;
    plan.billing.restartMinutes = 12;
    plan.workload.torchCompile = true;
    QTemporaryDir dir;
    ExportRequest request;
    request.pdfPath = dir.filePath(QStringLiteral("fields.pdf"));
    request.language = QStringLiteral("en");
    ASSERT_TRUE(exportPlanReport(plan, gp::builtinCatalog(), request).ok());
    const auto rows = report::ReportBuilder::setInThePlanRows(plan);
    for (const char* label : { "Price discount", "Restart time", "torch.compile" })
        EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [&](const auto& row) {
            return row.first == QLatin1String(label);
        })) << label;
}

// The rows of the report's question in detail (an RL plan's: "The question"), in English, as "key: value" lines; the
// planner's count of the configurations it scored, which any input moves, is left out of its row. Kept per plan:
// most fields are edited on one of a few base plans. Nullopt when the plan cannot be answered (its message is checked
// elsewhere).
std::optional<std::vector<std::string>> questionRows(const gp::Plan& plan)
{
    static std::map<std::string, std::optional<std::vector<std::string>>> seen;
    const std::string key = gp::serializePlan(plan);
    if (auto it = seen.find(key); it != seen.end())
        return it->second;
    auto catalog = std::make_shared<const gp::Catalog>(gp::builtinCatalog());
    auto evaluation = std::make_shared<Evaluation>(evaluatePlan(plan, *catalog));
    if (!evaluation->ok)
        return seen[key] = std::nullopt;
    const report::Blocks blocks = report::ReportBuilder(makeReportData(plan, catalog, evaluation), {}).build();
    bool inQuestion = false;
    for (const auto& block : blocks) {
        if (const auto* heading = dynamic_cast<const report::HeadingBlock*>(block.get()))
            inQuestion = heading->text() == QLatin1String(evaluation->rl ? "The question" : "The question in detail");
        const auto* table = dynamic_cast<const report::KeyValueBlock*>(block.get());
        if (!inQuestion || !table)
            continue;
        std::vector<std::string> rows;
        for (auto [name, value] : table->rows()) {
            if (name == QLatin1String("Configuration"))
                value.remove(QRegularExpression(QStringLiteral("[0-9,]+ ")));
            rows.push_back(QString(name + QStringLiteral(": ") + value).toStdString());
        }
        return seen[key] = rows;
    }
    ADD_FAILURE() << "no question rows";
    return std::nullopt;
}

// Every field the report shows in the question's own rows (tagged "question") changes those rows when it is set
// in the window to another value the plan's answer takes.
TEST(FieldRows, EveryQuestionFieldSetInTheWindowChangesTheReportsQuestion)
{
    installLanguage(QStringLiteral("en"));
    BaseWindows windows;
    int checked = 0;
    for (const gp::PlanField& f : gp::planFields()) {
        if (f.report != gp::FieldReport::Question)
            continue;
        SCOPED_TRACE(std::string(f.path));
        gp::Plan plan = basePlanFor(f);
        // The question's rows describe the inputs, not the candidates: one candidate is answered instead of the
        // example plan's several (the report of each edited plan was most of this test's time).
        if (plan.candidates.size() > 1)
            plan.candidates.resize(1);
        PanelWithHistory& window = windows.on(plan);
        ASSERT_TRUE(editWidget(
            window.panel.fieldInput(QString::fromUtf8(f.path.data(), qsizetype(f.path.size()))), f, window.panel));
        const gp::Plan edited = window.panel.plan();
        const auto before = questionRows(plan);
        ASSERT_TRUE(before.has_value());
        const auto after = questionRows(edited);
        if (f.get(edited) == f.get(plan) || !after)
            continue; // not changed, or a value this plan's answer refuses with its message
        EXPECT_NE(*before, *after) << f.get(plan) << " -> " << f.get(edited);
        ++checked;
    }
    EXPECT_GE(checked, 52); // was 40; 52 question fields change the rows today, the same 52 with one candidate
}

// serving.engine.version, a text beside the field table: the report's engine row names the engine and says which
// release's scheduler loop and CUDA graphs the estimate took (engine_release.h), or that the text states none and
// today's defaults apply.
TEST(FieldRows, TheReportSaysWhichEngineReleaseTheEstimateTakes)
{
    installLanguage(QStringLiteral("en"));
    const auto engineRow = [](const std::string& version) {
        gp::Plan plan = fieldRowsPlan(gp::servingPlanText());
        plan.workload.serving.engine.version = version;
        const auto rows = questionRows(plan);
        EXPECT_TRUE(rows.has_value()) << version;
        for (const std::string& row : rows.value_or(std::vector<std::string> {}))
            if (row.starts_with("Serving engine: "))
                return row;
        return std::string();
    };
    EXPECT_NE(
        engineRow("0.3.0 (pip install sglang[all]==0.3.0)").find("release 0.3.0's scheduler loop and CUDA graphs"),
        std::string::npos);
    EXPECT_NE(engineRow("not stated").find("version states no release number: today's defaults"), std::string::npos);
    const std::string unstated = engineRow("");
    EXPECT_EQ(unstated.find("release"), std::string::npos) << unstated;
    // The row names the engine first (the serving plan's engine, vLLM unless it says otherwise), then its settings.
    EXPECT_TRUE(unstated.starts_with("Serving engine: vLLM, GPU memory utilization")) << unstated;
}

TEST(FieldRows, TheSweepVariesTheTablesSweepableFields)
{
    std::vector<std::string> paths;
    for (const SweepView::Field& f : SweepView::fields())
        paths.emplace_back(f.path);
    std::vector<std::string> expected { "candidates[*].nodes", "candidates[*].gpus_per_node" };
    for (const gp::PlanField* f : gp::sweepableFields())
        expected.emplace_back(f->path);
    EXPECT_EQ(paths, expected);
}

// Issue 44, 1: a model picked after DeepSeek-V3 (FP8 blocks) takes its own 16-bit weights, and DeepSeek-V3 its
// FP8 blocks again.
TEST(InputsPanelTraps, ANewModelTakesTheWeightFormatItShips)
{
    installLanguage(QStringLiteral("en"));
    InputsPanel panel;
    panel.setPlan(fieldRowsPlan(gp::servingPlanText()));
    auto pick = [&](const char* id) {
        QComboBox* box = panel.modelBox();
        const int i = box->findData(QString::fromLatin1(id));
        ASSERT_GE(i, 0) << id;
        box->setCurrentIndex(i);
        emit box->activated(i);
    };
    pick("deepseek-v3");
    EXPECT_EQ(panel.plan().workload.weightFormat, gp::WeightFormat::Fp8Block);
    pick("qwen2.5-7b");
    EXPECT_EQ(panel.plan().workload.weightFormat, gp::WeightFormat::Same) << "not DeepSeek-V3's FP8 blocks";
    pick("deepseek-v3");
    EXPECT_EQ(panel.plan().workload.weightFormat, gp::WeightFormat::Fp8Block);
    // A config.json without quantization: its weights are 16-bit, whatever the model before it had.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 2048,
                  "num_hidden_layers": 16, "num_attention_heads": 16, "num_key_value_heads": 8,
                  "intermediate_size": 8192, "vocab_size": 32000, "torch_dtype": "bfloat16"})");
    file.close();
    QString error;
    ASSERT_TRUE(panel.importConfig(path, &error)) << error.toStdString();
    EXPECT_EQ(panel.plan().workload.weightFormat, gp::WeightFormat::Same);
}

// Issue 44, 6: text the plan did not take stays marked while another field is edited (the plan holds another value),
// and a minus typed into a count is not dropped ("-100" is refused, not read as 100).
TEST(InputsPanelTraps, RefusedTextKeepsItsMessageAndASignIsNotDropped)
{
    installLanguage(QStringLiteral("en"));
    InputsPanel panel;
    panel.setPlan(fieldRowsPlan(gp::defaultPlanText()));
    panel.show();
    const double tokens = panel.plan().workload.trainingTokens;
    panel.datasetTokensBox()->setText(QStringLiteral("-5"));
    emit panel.datasetTokensBox()->textEdited(QStringLiteral("-5"));
    emit panel.datasetTokensBox()->editingFinished();
    EXPECT_FALSE(panel.fieldError(QStringLiteral("workload.training_tokens")).isEmpty());
    panel.microBatchBox()->setValue(panel.microBatchBox()->value() + 1); // another field
    EXPECT_EQ(panel.plan().workload.trainingTokens, tokens);
    EXPECT_FALSE(panel.fieldError(QStringLiteral("workload.training_tokens")).isEmpty())
        << "the box still shows -5 while the plan holds " << tokens;

    const int micro = panel.plan().workload.microBatchSize;
    QSpinBox* box = panel.microBatchBox();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("-100"));
    QTest::keyClick(box, Qt::Key_Return);
    EXPECT_EQ(panel.plan().workload.microBatchSize, micro) << "not 100";
    EXPECT_NE(box->value(), 100);
    EXPECT_FALSE(panel.fieldError(QStringLiteral("workload.micro_batch_size")).isEmpty());
}

// Issue 44 (fifth try): the refusal of "800.毫秒000 秒" stayed under Time to first token while the user typed new
// text, until Enter. It goes as the text changes and comes back when the new text is refused on commit; the same for
// a number line of the field table and a spin box that refuses a value past its range, in both languages.
TEST(InputsPanelTraps, ARefusalGoesAsTheFieldsTextChangesAndComesBackWhenRefusedAgain)
{
    for (const QString& language : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        installLanguage(language);
        InputsPanel panel;
        panel.setPlan(fieldRowsPlan(gp::servingPlanText()));
        panel.show();
        const auto check = [&](QWidget* box, const QString& field, const QString& refused) {
            const std::string where = language.toStdString() + " " + field.toStdString();
            const auto retype = [&](const QString& text) {
                box->setFocus();
                QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClicks(box, text);
            };
            retype(refused);
            QTest::keyClick(box, Qt::Key_Return);
            ASSERT_FALSE(panel.fieldError(field).isEmpty()) << where << ": refused";
            QTest::keyClick(box, Qt::Key_Backspace);
            EXPECT_TRUE(panel.fieldError(field).isEmpty())
                << where << ": still says " << panel.fieldError(field).toStdString() << " while new text is typed";
            retype(refused + refused); // other text (a line says nothing on Enter with its text unchanged)
            EXPECT_TRUE(panel.fieldError(field).isEmpty()) << where << ": not committed yet";
            QTest::keyClick(box, Qt::Key_Return);
            EXPECT_FALSE(panel.fieldError(field).isEmpty()) << where << ": refused again on Enter";
        };
        check(panel.servingTtftBox(), QStringLiteral("workload.serving.slo.ttft_seconds"), QStringLiteral("800 abc"));
        QLineEdit* line = nullptr; // a number line of the field table, on
        for (QLineEdit* l : panel.findChildren<QLineEdit*>())
            if (!line && l->property(kRefusesOnCommit).toBool() && l->isEnabled())
                line = l;
        ASSERT_TRUE(line);
        check(line, line->property("planField").toString(), QStringLiteral("abc"));
        check(panel.microBatchBox(), QStringLiteral("workload.micro_batch_size"), QStringLiteral("-100"));
    }
    installLanguage(QStringLiteral("en"));
}

// Issue 44 (sixth try): in the Chinese window the micro-batch's refusal was English ("must be between 1 and 65536,
// got -100"), the core's words passed through. Every refusal the window shows is in the window's language: an
// out-of-range value typed into each spin box, each number line of the field table and each latency field; no
// message holds a run of three Latin words (numbers, units and names aside). Then "800 毫秒" and "1 秒" in the
// Chinese window are 0.8 s and 1 s, never 800 s.
namespace
{

QStringList shownFieldErrors(const InputsPanel& panel)
{
    QStringList shown;
    for (const QLabel* label : panel.findChildren<QLabel*>())
        if (label->objectName().startsWith(QLatin1String("error:")) && !label->text().isEmpty())
            shown << label->text();
    return shown;
}

bool hasLatinSentence(const QString& message)
{
    static const QRegularExpression latinRun(QStringLiteral("[A-Za-z]{2,}(?:[ ,'-]+[A-Za-z]{2,}){2,}"));
    return latinRun.match(message).hasMatch();
}

void typeAndCommit(QWidget* box, const QString& text)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    for (const QChar c : text) { // QTest::keyClicks takes ASCII only: a Chinese character is a key with its text
        QKeyEvent press(QEvent::KeyPress, Qt::Key_unknown, Qt::NoModifier, QString(c));
        QKeyEvent release(QEvent::KeyRelease, Qt::Key_unknown, Qt::NoModifier, QString(c));
        QApplication::sendEvent(box, &press);
        QApplication::sendEvent(box, &release);
    }
    QTest::keyClick(box, Qt::Key_Return);
    if (auto* line = qobject_cast<QLineEdit*>(box))
        emit line->editingFinished(); // a line without focus in the offscreen test commits on editingFinished
}

} // namespace

TEST(InputsPanelTraps, EveryRefusalInTheChineseWindowIsInChinese)
{
    installLanguage(QStringLiteral("zh_CN"));
    for (const std::string_view text : { gp::defaultPlanText(), gp::servingPlanText() }) {
        InputsPanel panel;
        panel.setPlan(fieldRowsPlan(text));
        panel.show();
        int refusals = 0;
        const auto check = [&](QWidget* box, const QString& typed) {
            const std::string where
                = box->property("planField").toString().toStdString() + " <- " + typed.toStdString();
            typeAndCommit(box, typed);
            const QStringList shown = shownFieldErrors(panel);
            refusals += shown.isEmpty() ? 0 : 1;
            for (const QString& message : shown) {
                EXPECT_FALSE(hasLatinSentence(message)) << where << ": " << message.toStdString();
                EXPECT_TRUE(message.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))))
                    << where << ": " << message.toStdString();
            }
        };
        QList<QWidget*> boxes;
        for (QAbstractSpinBox* box : panel.findChildren<QAbstractSpinBox*>())
            if (box->isEnabled() && box->isVisibleTo(&panel) && !box->property("planField").toString().isEmpty())
                boxes << box;
        for (QLineEdit* line : panel.findChildren<QLineEdit*>())
            if (line->property(kRefusesOnCommit).toBool() && line->isEnabled() && line->isVisibleTo(&panel))
                boxes << line;
        ASSERT_GT(boxes.size(), 5);
        for (QWidget* box : boxes) {
            check(box, QStringLiteral("-100"));
            check(box, QStringLiteral("999999999999"));
        }
        EXPECT_GT(refusals, boxes.size()) << "most fields refuse -100 or 999999999999";
        if (text == gp::defaultPlanText()) {
            check(panel.microBatchBox(), QStringLiteral("-100"));
            EXPECT_FALSE(panel.fieldError(QStringLiteral("workload.micro_batch_size")).isEmpty());
        } else {
            check(panel.servingTtftBox(), QStringLiteral("-100 毫秒"));
            EXPECT_FALSE(panel.fieldError(QStringLiteral("workload.serving.slo.ttft_seconds")).isEmpty());
            check(panel.servingTpotBox(), QStringLiteral("-5 秒"));
            EXPECT_FALSE(panel.fieldError(QStringLiteral("workload.serving.slo.tpot_seconds")).isEmpty());
        }
    }
    installLanguage(QStringLiteral("en"));
}

// Issue 44, 2: "800 毫秒" (milliseconds) typed into Time to first token is 0.8 s, "2 秒" is 2 s and "50 毫秒" into
// Time per output token is 50 ms, in both languages; never 800 s.
TEST(InputsPanelTraps, ChineseTimeUnitsAreReadInBothLanguages)
{
    for (const QString& language : { QStringLiteral("zh_CN"), QStringLiteral("en") }) {
        installLanguage(language);
        InputsPanel panel;
        panel.setPlan(fieldRowsPlan(gp::servingPlanText()));
        panel.show();
        const std::string where = language.toStdString();
        typeAndCommit(panel.servingTtftBox(), QStringLiteral("800 毫秒"));
        EXPECT_DOUBLE_EQ(panel.plan().workload.serving.slo.ttftSeconds.value_or(0), 0.8) << where;
        typeAndCommit(panel.servingTtftBox(), QStringLiteral("2秒"));
        EXPECT_DOUBLE_EQ(panel.plan().workload.serving.slo.ttftSeconds.value_or(0), 2.0) << where;
        typeAndCommit(panel.servingTtftBox(), QStringLiteral("1500毫秒"));
        EXPECT_DOUBLE_EQ(panel.plan().workload.serving.slo.ttftSeconds.value_or(0), 1.5) << where;
        typeAndCommit(panel.servingTpotBox(), QStringLiteral("50 毫秒"));
        EXPECT_DOUBLE_EQ(panel.plan().workload.serving.slo.tpotSeconds.value_or(0), 0.05) << where;
        typeAndCommit(panel.servingTpotBox(), QStringLiteral("0.02 秒"));
        EXPECT_DOUBLE_EQ(panel.plan().workload.serving.slo.tpotSeconds.value_or(0), 0.02) << where;
        // Microseconds, as the box writes a time under a millisecond (formatSeconds).
        typeAndCommit(panel.servingTpotBox(), QStringLiteral("700 微秒"));
        EXPECT_NEAR(panel.plan().workload.serving.slo.tpotSeconds.value_or(0), 7e-4, 1e-12) << where;
        typeAndCommit(panel.servingTpotBox(), QStringLiteral("500 µs"));
        EXPECT_NEAR(panel.plan().workload.serving.slo.tpotSeconds.value_or(0), 5e-4, 1e-12) << where;
        typeAndCommit(panel.servingTpotBox(), QStringLiteral("0.02 秒"));
        EXPECT_TRUE(panel.fieldError(QStringLiteral("workload.serving.slo.ttft_seconds")).isEmpty()) << where;
        EXPECT_TRUE(panel.fieldError(QStringLiteral("workload.serving.slo.tpot_seconds")).isEmpty()) << where;
    }
    installLanguage(QStringLiteral("en"));
}

// Issue 44, 11: a partial model name and Enter picks the one preset it matches, or says that none or several do.
TEST(InputsPanelTraps, PartialModelNameWithEnterPicksTheOneMatchOrSaysWhy)
{
    installLanguage(QStringLiteral("en"));
    InputsPanel panel;
    panel.setPlan(fieldRowsPlan(gp::defaultPlanText()));
    panel.show();
    QLineEdit* line = panel.modelBox()->lineEdit();
    auto enter = [&](const QString& text) {
        line->setText(text);
        emit line->returnPressed(); // what Enter does once the completer's list (if any) is closed
    };
    enter(QStringLiteral("qwen2.5 14"));
    EXPECT_EQ(panel.plan().model.preset, "qwen2.5-14b");
    enter(QStringLiteral("no such model"));
    EXPECT_EQ(panel.plan().model.preset, "qwen2.5-14b");
    EXPECT_TRUE(panel.fieldError(QStringLiteral("model")).contains(QStringLiteral("No model matches")))
        << panel.fieldError(QStringLiteral("model")).toStdString();
    enter(QStringLiteral("qwen2.5 7")); // Qwen2.5 7B and Qwen2.5 72B
    EXPECT_EQ(panel.plan().model.preset, "qwen2.5-14b");
    EXPECT_TRUE(panel.fieldError(QStringLiteral("model")).contains(QStringLiteral("2 models match")))
        << panel.fieldError(QStringLiteral("model")).toStdString();
    // ... and names them, so that the user sees what to type more of.
    for (const QString& name : { QStringLiteral("Qwen2.5 7B"), QStringLiteral("Qwen2.5 72B") })
        EXPECT_TRUE(panel.fieldError(QStringLiteral("model")).contains(name))
            << panel.fieldError(QStringLiteral("model")).toStdString();
}

// The screens check (uiscreens): the Chinese RL view's "每个回答的验证器 CPU 时间" line read "0.05 s", the core's
// symbol, beside boxes that say "1.00 秒". A table field's line now shows its unit in the window's words ("0.05 秒"),
// reads that text back as the same value (no refusal, an edit in 秒 is taken), follows a language switch, and still
// takes the core's symbols ("200 ms").
TEST(FieldRows, ALinesUnitIsInTheWindowsWordsAndReadsBack)
{
    const gp::PlanField* field = gp::findPlanField("workload.rl.reward.cpu_seconds_per_sample");
    ASSERT_TRUE(field);
    gp::Plan plan = basePlanFor(*field);
    plan.workload.rl.rewardCpuSecondsPerSample = 0.05;
    installLanguage(QStringLiteral("zh_CN"));
    FieldEditor editor(*field);
    std::vector<double> edits;
    QStringList refusals;
    editor.edited = [&](const nlohmann::json& v) { edits.push_back(v.get<double>()); };
    editor.refused = [&](const QString& why) { refusals << why; };
    editor.retranslate();
    editor.show(plan);
    auto* line = qobject_cast<QLineEdit*>(editor.input());
    ASSERT_TRUE(line);
    EXPECT_EQ(line->text(), QStringLiteral("0.05 秒"));
    EXPECT_TRUE(editor.textProblem().isEmpty()) << editor.textProblem().toStdString();
    for (const auto& [typed, seconds] : { std::pair { QStringLiteral("0.2 秒"), 0.2 },
             std::pair { QStringLiteral("300 ms"), 0.3 }, std::pair { QStringLiteral("0.4"), 0.4 } }) {
        line->setText(typed);
        EXPECT_TRUE(editor.textProblem().isEmpty())
            << typed.toStdString() << ": " << editor.textProblem().toStdString();
        emit line->editingFinished();
        ASSERT_FALSE(edits.empty()) << typed.toStdString();
        EXPECT_DOUBLE_EQ(edits.back(), seconds) << typed.toStdString();
    }
    EXPECT_TRUE(refusals.isEmpty()) << refusals.join(QLatin1Char('\n')).toStdString();
    editor.show(plan);
    installLanguage(QStringLiteral("en"));
    editor.retranslate();
    EXPECT_EQ(line->text(), QStringLiteral("0.05 s"));
    EXPECT_TRUE(editor.textProblem().isEmpty());
}
