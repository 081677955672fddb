// The running job in a status bar or a view: what it does, how far it is, and a Cancel button; hidden when idle.
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace gpui
{

class JobRunner;

class JobProgress : public QWidget
{
    Q_OBJECT
public:
    explicit JobProgress(JobRunner* jobs, QWidget* parent = nullptr);
    ~JobProgress() override;

    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* bar() const { return m_bar; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    JobRunner* m_jobs;
    QLabel* m_label;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
};

} // namespace gpui
