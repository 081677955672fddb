#include "plan_document.h"

#include "base/json_keys.h"
#include "plan/plan_lint.h"

#include "file_access.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QUndoCommand>

namespace gpui
{

namespace
{

// The reader's or writer's error about the file, named by its file name only (the window shows where it is).
gp::Error inFile(gp::Error error, const std::string& fileName)
{
    error.file = fileName;
    return error;
}

class PlanChangeCommand : public QUndoCommand
{
public:
    PlanChangeCommand(PlanDocument* document, gp::Plan before, gp::Plan after, EditText describe, int mergeId)
        : QUndoCommand(describe())
        , m_document(document)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_describe(std::move(describe))
        , m_mergeId(mergeId)
    {
    }

    void retranslate() { setText(m_describe()); }

    void undo() override { m_document->setPlanSilently(m_before); }
    void redo() override { m_document->setPlanSilently(m_after); }
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const PlanChangeCommand*>(other);
        if (next->m_mergeId != m_mergeId || m_mergeId < 0)
            return false;
        m_after = next->m_after;
        if (m_after == m_before)
            setObsolete(true);
        return true;
    }

private:
    PlanDocument* m_document;
    gp::Plan m_before;
    gp::Plan m_after;
    EditText m_describe;
    int m_mergeId;
};

} // namespace

gp::Plan defaultPlan()
{
    auto parsed = gp::parsePlan(gp::defaultPlanText());
    return parsed ? parsed.value() : gp::Plan {};
}

PlanDocument::PlanDocument(QObject* parent)
    : QObject(parent)
    , m_plan(defaultPlan())
    , m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

PlanDocument::~PlanDocument() = default;

QString PlanDocument::displayName() const
{
    return m_filePath.isEmpty() ? QCoreApplication::translate("PlanDocument", "Untitled")
                                : QFileInfo(m_filePath).fileName();
}

void PlanDocument::change(const gp::Plan& plan, const QString& description, int mergeId)
{
    change(plan, EditText([description] { return description; }), mergeId);
}

void PlanDocument::change(const gp::Plan& plan, EditText describe, int mergeId)
{
    if (plan == m_plan)
        return;
    m_undoStack->push(new PlanChangeCommand(this, m_plan, plan, std::move(describe), mergeId));
}

void PlanDocument::retranslateHistory()
{
    // Every command of this stack is a PlanChangeCommand (change() is the only push).
    for (int i = 0; i < m_undoStack->count(); ++i)
        static_cast<PlanChangeCommand*>(const_cast<QUndoCommand*>(m_undoStack->command(i)))->retranslate();
}

void PlanDocument::setPlanSilently(const gp::Plan& plan)
{
    m_plan = plan;
    emit planChanged();
}

void PlanDocument::reset(const gp::Plan& plan, const QString& filePath)
{
    m_undoStack->clear();
    m_undoStack->setClean();
    m_plan = plan;
    if (m_filePath != filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    emit planChanged();
    emit modifiedChanged(false);
}

gp::Expected<gp::Plan> PlanDocument::read(const QString& path) const
{
    const std::string fileName = QFileInfo(path).fileName().toStdString();
    // The command-line tool's limits: at most 64 MiB, a regular file (never /dev/zero, never a FIFO that hangs).
    const auto read = readInputFile(path);
    if (!read)
        return inFile(read.error(), fileName);
    const QByteArray& bytes = *read;
    const std::string_view text(bytes.constData(), size_t(bytes.size()));
    gp::JsonKeyAudit audit;
    auto parsed = gp::parsePlan(text);
    if (parsed)
        gp::declarePlanFields(audit);
    m_readWarnings = parsed ? audit.fileWarnings(text) : std::vector<std::string> {};
    if (!parsed) {
        gp::Error error = parsed.error();
        error.file = fileName;
        return error;
    }
    return parsed;
}

gp::Expected<bool> PlanDocument::open(const QString& path)
{
    auto parsed = read(path);
    if (!parsed)
        return parsed.error();
    reset(parsed.value(), QFileInfo(path).absoluteFilePath());
    return true;
}

gp::Expected<bool> PlanDocument::save(const QString& path, std::vector<gp::OverrideUse> answeredWith)
{
    const std::string fileName = QFileInfo(path).fileName().toStdString();
    // The core's writer checks every write, the flush to disk and the close before it renames: on a full disk the
    // old file stays and the document stays modified (QSaveFile in Qt 6.4 commits an empty file there).
    m_plan.answeredWith = std::move(answeredWith);
    const std::string text = gp::serializePlan(m_plan);
    if (auto written = writeFileAtomically(path, text); !written)
        return inFile(written.error(), fileName);
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute != m_filePath) {
        m_filePath = absolute;
        emit filePathChanged(m_filePath);
    }
    m_undoStack->setClean();
    return true;
}

} // namespace gpui
