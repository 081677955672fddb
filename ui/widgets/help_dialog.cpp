#include "widgets/help_dialog.h"

#include "translator.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFile>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace gpui
{

HelpDialog::HelpDialog(QWidget* parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser)
{
    setObjectName(QStringLiteral("helpDialog"));
    resize(760, 720);
    auto* layout = new QVBoxLayout(this);
    m_browser->setOpenLinks(true);
    m_browser->setOpenExternalLinks(false); // the manual is offline; its links are its own sections
    layout->addWidget(m_browser, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    load();
}

HelpDialog::~HelpDialog() = default;

QString HelpDialog::manualPath(const QString& language)
{
    const QString path = QStringLiteral(":/help/manual_") + language + QStringLiteral(".html");
    return QFile::exists(path) ? path : QStringLiteral(":/help/manual_en.html");
}

void HelpDialog::load()
{
    setWindowTitle(tr("GPU Planner Manual"));
    m_browser->setSource(QUrl(QStringLiteral("qrc") + manualPath(currentLanguage())));
    showSection(m_anchor);
}

void HelpDialog::showSection(const QString& anchor)
{
    m_anchor = anchor;
    if (anchor.isEmpty())
        m_browser->verticalScrollBar()->setValue(0);
    else
        m_browser->scrollToAnchor(anchor);
}

void HelpDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        load();
    QDialog::changeEvent(event);
}

} // namespace gpui
