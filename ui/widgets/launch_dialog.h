// File > Import Launch File…: a team's launch file (torchtitan, Megatron, DeepSpeed, HF/TRL/LLaMA-Factory/axolotl,
// vLLM, SGLang, Kubernetes; core/launch) read onto the open plan as one undoable edit, after a review of every field
// used and every field ignored with its reason. File > Export Launch Files…: the recommendation written in a chosen
// format into a folder.
#pragma once

#include "catalog/catalog.h"
#include "launch/launch.h"
#include "planner/answer.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QLineEdit;
class QTreeWidget;

namespace gpui
{

class JobRunner;
class PlanDocument;

// The review of an import: the fields used (with the plan field each set) and those ignored (with the reason).
class LaunchImportDialog : public QDialog
{
    Q_OBJECT
public:
    LaunchImportDialog(const gp::LaunchImport& launch, QWidget* parent = nullptr);
    QTreeWidget* fields() const { return m_fields; }
    // The columns of fields(): the field as the file spells it, its line, the value as the file writes it (a used
    // field), and the plan field = value it set or the reason it was ignored.
    enum Column { FieldColumn, LineColumn, FileTextColumn, PlanColumn, ColumnCount };

    // Asks for a file, reads it, shows the review; on OK the plan gives way to the import as one undoable step.
    // `path` given: no file dialog (tests). False when cancelled or refused (the error is shown).
    static bool run(QWidget* parent, PlanDocument* document, const QString& startDir, const QString& path = {});

private:
    QTreeWidget* m_fields;
};

class LaunchExportDialog : public QDialog
{
    Q_OBJECT
public:
    LaunchExportDialog(gp::Mode mode, const QString& startDir, QWidget* parent = nullptr);
    QString format() const;
    QString folder() const;
    void setFolder(const QString& folder);
    void setFormat(const QString& format);

    // Asks for the format and folder, then renders and writes the files all or nothing as a job of `jobs` (off the
    // UI thread, with its progress and Cancel); false when the dialog was cancelled. A failure ends the job with the
    // error; success says which files were written.
    static bool run(QWidget* parent, JobRunner* jobs, const gp::Plan& plan, const gp::PlanAnswer& answer,
        std::shared_ptr<const gp::Catalog> catalog, const QString& planName, const QString& startDir);

private:
    QComboBox* m_format;
    QLineEdit* m_folder;
};

} // namespace gpui
