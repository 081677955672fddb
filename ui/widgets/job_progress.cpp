// The running job's progress and its Cancel button.
#include "widgets/job_progress.h"

#include "job_runner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <cmath>

namespace gpui
{

namespace
{
constexpr int kJobProgressSteps = 1000;
} // namespace

JobProgress::JobProgress(JobRunner* jobs, QWidget* parent)
    : QWidget(parent)
    , m_jobs(jobs)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QPushButton(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_bar->setRange(0, kJobProgressSteps);
    m_bar->setMaximumWidth(160);
    m_bar->setTextVisible(false);
    connect(m_cancel, &QPushButton::clicked, m_jobs, &JobRunner::cancel);
    connect(m_jobs, &JobRunner::started, this, [this](const QString& name) {
        m_label->setText(name);
        m_bar->setValue(0);
        m_cancel->setEnabled(true);
        show();
    });
    connect(m_jobs, &JobRunner::progressChanged, this,
        [this](double fraction) { m_bar->setValue(int(std::lround(fraction * kJobProgressSteps))); });
    connect(m_cancel, &QPushButton::clicked, this, [this] { m_cancel->setEnabled(false); });
    connect(m_jobs, &JobRunner::idle, this, &QWidget::hide);
    retranslate();
    setVisible(m_jobs->isRunning());
}

JobProgress::~JobProgress() = default;

void JobProgress::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void JobProgress::retranslate()
{
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop this job; nothing it would have written is written"));
}

} // namespace gpui
