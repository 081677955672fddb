#include "widgets/launch_dialog.h"
#include "base/file_words.h"

#include "core_text.h"
#include "file_access.h"
#include "job_runner.h"
#include "plan_document.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace gpui
{

namespace
{

QString launchLine(int line)
{
    return line > 0 ? QString::number(line) : QString();
}

// The Field column: the field as the file spells it, or, in parentheses, what the import stands for where no field
// of the file set it (base/reader_words.h kField*), in the window's language.
QString launchField(const std::string& field)
{
    if (field.empty() || field.front() != '(')
        return QString::fromStdString(field);
    return QCoreApplication::translate("CoreError", field.c_str());
}

} // namespace

LaunchImportDialog::LaunchImportDialog(const gp::LaunchImport& launch, QWidget* parent)
    : QDialog(parent)
    , m_fields(new QTreeWidget(this))
{
    setWindowTitle(tr("Import Launch File"));
    auto* layout = new QVBoxLayout(this);
    // The two halves joined as the window's language joins them (no space after a full-width character).
    auto* summary
        = new QLabel(CoreText::joinSentences({ tr("%1 read as %2: %n field(s) used", nullptr, int(launch.mapped.size()))
                                                   .arg(QFileInfo(QString::fromStdString(launch.fileName)).fileName(),
                                                       QString::fromStdString(launch.format)),
                         tr("and %n field(s) ignored, each with its reason. OK changes the plan (Edit > Undo "
                            "takes it back).",
                             nullptr, int(launch.ignored.size())) }),
            this);
    summary->setWordWrap(true);
    layout->addWidget(summary);
    // The file's own text of a used value beside the plan's, so the import is checked against the file as written.
    m_fields->setColumnCount(ColumnCount);
    m_fields->setHeaderLabels({ tr("Field"), tr("Line"), tr("In the file"), tr("Plan field or reason") });
    m_fields->setRootIsDecorated(true);
    auto* used = new QTreeWidgetItem(m_fields, { tr("Used (%1)").arg(launch.mapped.size()) });
    for (const auto& m : launch.mapped) {
        // A value the reader worked out (a model name Megatron arguments do not carry) says so in the Field column,
        // which is never cut off, and is not shown as if the file wrote it.
        const QString field
            = m.derived ? tr("(derived from %1: not in the file)").arg(launchField(m.field)) : launchField(m.field);
        const QString planValue
            = QString::fromStdString(m.planField) + QStringLiteral(" = ") + QString::fromStdString(m.value.dump());
        const QString fileText = QString::fromStdString(m.fileText);
        auto* row = new QTreeWidgetItem(used, { field, launchLine(m.line), fileText, planValue });
        row->setToolTip(FileTextColumn, fileText);
        row->setToolTip(PlanColumn, planValue); // a long value (an architecture) is cut off in its column
    }
    auto* ignored = new QTreeWidgetItem(m_fields, { tr("Ignored (%1)").arg(launch.ignored.size()) });
    for (const auto& i : launch.ignored) {
        // The reason in the window's language where the core worded it from a template (base/reader_words.h).
        gp::Error reason;
        reason.message = i.reason;
        reason.words = i.words;
        new QTreeWidgetItem(
            ignored, { launchField(i.field), launchLine(i.line), QString(), CoreText::errorMessage(reason) });
    }
    m_fields->expandAll();
    m_fields->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_fields->header()->setSectionResizeMode(FileTextColumn, QHeaderView::ResizeToContents);
    layout->addWidget(m_fields, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(760, 520);
}

bool LaunchImportDialog::run(QWidget* parent, PlanDocument* document, const QString& startDir, const QString& given)
{
    const QString title = tr("Import Launch File");
    const QString path = !given.isEmpty() ? given
                                          : QFileDialog::getOpenFileName(parent, title, startDir,
                                              tr("Launch files (*.toml *.yaml *.yml *.json *.sh);;All files (*)"));
    if (path.isEmpty())
        return false;
    auto bytes = readInputFile(path);
    if (!bytes) {
        QMessageBox::critical(parent, title, CoreText::error(bytes.error()));
        return false;
    }
    // The file by its name in the reader's messages: the message box names the whole path once, above them.
    const std::string name = QFileInfo(path).fileName().toStdString();
    auto launch = gp::readLaunchFile(std::string_view(bytes->constData(), std::size_t(bytes->size())), name);
    if (!launch) {
        QMessageBox::critical(parent, title,
            tr("Could not read %1:\n%2").arg(QDir::toNativeSeparators(path), CoreText::error(launch.error())));
        return false;
    }
    auto plan = gp::applyLaunchImport(document->plan(), *launch);
    if (!plan) {
        QMessageBox::critical(parent, title, CoreText::error(plan.error()));
        return false;
    }
    LaunchImportDialog dialog(*launch, parent);
    if (!given.isEmpty()) {
        // Tests pass the file: no modal loop, the import is taken as shown.
    } else if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    const QString file = QFileInfo(path).fileName();
    document->change(*plan, [file] { return tr("Import Launch File %1").arg(file); });
    return true;
}

LaunchExportDialog::LaunchExportDialog(gp::Mode mode, const QString& startDir, QWidget* parent)
    : QDialog(parent)
    , m_format(new QComboBox(this))
    , m_folder(new QLineEdit(this))
{
    setWindowTitle(tr("Export Launch Files"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    const bool serving = mode == gp::Mode::Serving;
    const std::vector<std::pair<QString, QString>> formats = serving
        ? std::vector<std::pair<QString, QString>> { { QStringLiteral("vllm"),
                                                         tr("vLLM (vllm serve and its YAML config)") },
              { QStringLiteral("sglang"), tr("SGLang (one command per node)") },
              { QStringLiteral("llama.cpp"), tr("llama.cpp (a llama-server command)") },
              { QStringLiteral("k8s"), tr("Kubernetes Deployment (TKE, ACK, EKS, GKE)") } }
        : std::vector<std::pair<QString, QString>> { { QStringLiteral("torchtitan"),
                                                         tr("torchtitan (TOML and a torchrun command per node)") },
              { QStringLiteral("megatron"), tr("Megatron-LM (a torchrun command per node)") },
              { QStringLiteral("deepspeed"), tr("DeepSpeed (JSON config and the deepspeed launcher)") },
              { QStringLiteral("hf"), tr("Hugging Face Trainer / TRL (YAML)") },
              { QStringLiteral("litgpt"), tr("LitGPT (YAML config and a litgpt finetune command per node)") },
              { QStringLiteral("k8s"), tr("Kubernetes Job (TKE, ACK, EKS, GKE)") } };
    for (const auto& [id, label] : formats)
        m_format->addItem(label, id);
    form->addRow(tr("&Format:"), m_format);
    auto* row = new QHBoxLayout;
    m_folder->setText(QDir(startDir.isEmpty() ? QDir::homePath() : startDir).filePath(QStringLiteral("launch")));
    row->addWidget(m_folder, 1);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export Launch Files To"), m_folder->text());
        if (!dir.isEmpty())
            m_folder->setText(dir);
    });
    row->addWidget(browse);
    // The label's buddy is the folder's field (a row of a layout has none): Alt+O goes there and "&" is no text.
    auto* folderLabel = new QLabel(tr("F&older:"), this);
    folderLabel->setBuddy(m_folder);
    form->addRow(folderLabel, row);
    layout->addLayout(form);
    auto* note
        = new QLabel(tr("Each file starts with a header naming the plan, the recommended candidate and the "
                        "numbers it was planned for. Files already in the folder with the same names are replaced."),
            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QString LaunchExportDialog::format() const
{
    return m_format->currentData().toString();
}

QString LaunchExportDialog::folder() const
{
    return m_folder->text();
}

void LaunchExportDialog::setFolder(const QString& folder)
{
    m_folder->setText(folder);
}

void LaunchExportDialog::setFormat(const QString& format)
{
    m_format->setCurrentIndex(std::max(0, m_format->findData(format)));
}

bool LaunchExportDialog::run(QWidget* parent, JobRunner* jobs, const gp::Plan& plan, const gp::PlanAnswer& answer,
    std::shared_ptr<const gp::Catalog> catalog, const QString& planName, const QString& startDir)
{
    LaunchExportDialog dialog(plan.workload.mode, startDir, parent);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const std::string format = dialog.format().toStdString();
    const std::string folder = dialog.folder().toStdString();
    auto work = [plan, answer, catalog, format, folder, name = planName.toStdString()](
                    JobControl& job) -> gp::Expected<std::vector<std::string>> {
        auto files = gp::exportLaunch(plan, answer, *catalog, format, name);
        if (!files)
            return files.error();
        if (job.cancelled())
            return gp::wordedError({}, { gp::words::kFileCancelled });
        return gp::writeLaunchExport(*files, folder);
    };
    QPointer<QWidget> owner(parent);
    jobs->run<std::vector<std::string>>(tr("Export Launch Files"), work, [owner](std::vector<std::string> written) {
        QStringList names;
        for (const auto& path : written)
            names << QDir::toNativeSeparators(QString::fromStdString(path));
        if (owner)
            QMessageBox::information(
                owner, tr("Export Launch Files"), tr("Wrote:\n%1").arg(names.join(QLatin1Char('\n'))));
    });
    return true;
}

} // namespace gpui
