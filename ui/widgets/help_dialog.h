// The offline manual: what each input means, how the estimate is made, where the numbers come from.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace gpui
{

class HelpDialog : public QDialog
{
    Q_OBJECT
public:
    explicit HelpDialog(QWidget* parent = nullptr);
    ~HelpDialog() override;

    // Shows the manual in the current language, scrolled to `anchor` ("model", "parallelism", ...; "" = the top).
    void showSection(const QString& anchor);
    // The manual's resource path for a language ("en", "zh_CN"; others fall back to English).
    static QString manualPath(const QString& language);
    QTextBrowser* browser() const { return m_browser; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void load();

    QTextBrowser* m_browser;
    QString m_anchor;
};

} // namespace gpui
