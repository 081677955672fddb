// The open plan: its value, file, undo history and modified state.
#pragma once

#include "plan/plan.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <functional>

namespace gpui
{

// Words an edit for the undo history, in the language of the moment (the history is re-worded on a language switch).
using EditText = std::function<QString()>;

class PlanDocument : public QObject
{
    Q_OBJECT
public:
    explicit PlanDocument(QObject* parent = nullptr);
    ~PlanDocument() override;

    const gp::Plan& plan() const { return m_plan; }
    QUndoStack* undoStack() const { return m_undoStack; }
    QString filePath() const { return m_filePath; }
    // File name for titles: the path's name, or "Untitled".
    QString displayName() const;
    bool isModified() const { return !m_undoStack->isClean(); }

    // Records an edit as one undoable step. Edits with the same `mergeId` (>= 0) in a row merge into one step,
    // so dragging a slider is undone at once.
    void change(const gp::Plan& plan, const QString& description, int mergeId = -1);
    void change(const gp::Plan& plan, EditText describe, int mergeId = -1);
    // Re-words every step of the history (after a language switch).
    void retranslateHistory();
    // Replaces the plan without history (New, Open): clears the undo stack and marks it unmodified.
    void reset(const gp::Plan& plan, const QString& filePath);

    // Reads and parses a plan file (a regular file of at most 64 MiB); on failure the current plan stays and the
    // error names the field.
    gp::Expected<gp::Plan> read(const QString& path) const;
    // Opens a file: read() then reset(). Returns the error, if any, with the file name set.
    gp::Expected<bool> open(const QString& path);
    // What the last read() accepted but a person should hear (keys given twice, keys that are no field, with the
    // nearest field), each "line N: ...".
    const std::vector<std::string>& readWarnings() const { return m_readWarnings; }
    // Writes the plan atomically and marks it unmodified; on failure (a full disk included) the file on disk and
    // the modified state stay as they were.
    // Writes the plan with `answeredWith`: the quotes from the user's overrides its answer used (the plan's
    // answered_with, kept in the document too).
    gp::Expected<bool> save(const QString& path, std::vector<gp::OverrideUse> answeredWith = {});

    // Sets the plan without recording (used by the undo commands).
    void setPlanSilently(const gp::Plan& plan);

signals:
    void planChanged();
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    gp::Plan m_plan;
    QString m_filePath;
    mutable std::vector<std::string> m_readWarnings;
    QUndoStack* m_undoStack;
};

// The embedded default plan, parsed (an empty plan if the core cannot parse it).
gp::Plan defaultPlan();

} // namespace gpui
