// Tool tips at a readable width, everywhere: Qt wraps only rich-text tips (and plain ones wider than the screen), so
// a long plain tip ran as one line about 1,100 px wide. One filter on the application fits every tip window Qt shows
// (widgets' tips, table cells' and headers' tips, the charts' QToolTip::showText) to at most a readable measure.
#pragma once

#include <QObject>

class QLabel;

namespace gpui
{

class ToolTipWidth : public QObject
{
    Q_OBJECT
public:
    // Installs the filter on the application once (later calls do nothing).
    static void install();
    // The widest a tip is laid out: about 70 average characters of its font (a readable line), at most a third of
    // its screen.
    static int readableWidth(const QLabel& tip);

    ~ToolTipWidth() override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit ToolTipWidth(QObject* parent);
    void fit(QLabel& tip);

    bool m_fitting = false;
};

} // namespace gpui
