// A selectable, word-wrapped label of the Budget view that lays its text out only at the widths it is given. QLabel
// lays a selectable text out on a QTextDocument, and again for each size a layout asks of it: its size hints try an
// 80-character width, the golden ratio, one line and the widest word (about a hundred text layouts for one edit of
// the Budget view across the summary, the details and the cap banner: most of the edit's time on the UI thread;
// issue 41). These labels sit in vertical layouts that give them the view's width, whose height for that width is
// all the layout needs: the preferred width is 80 average characters until shown and then the width given, the least
// 20 (the view's controls row is far wider), and the height at a width is QLabel's own, kept per text and width.
#pragma once

#include <QLabel>

#include <array>
#include <optional>
#include <utility>

namespace gpui
{

class BudgetNoteLabel : public QLabel
{
public:
    explicit BudgetNoteLabel(QWidget* parent = nullptr);
    ~BudgetNoteLabel() override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    // What QLabel's sizes depend on besides the width: a change forgets the sizes kept.
    struct Measure {
        QString text;
        QString font;
        int margin = 0;
        int indent = 0;
        QMargins contents;
        int alignment = 0;
        bool wrap = false;
        bool operator==(const Measure&) const = default;
    };
    Measure measure() const;
    void keepFresh() const;

    mutable Measure m_measured;
    mutable std::optional<QSize> m_sizeHint;
    mutable std::optional<QSize> m_minimumSizeHint;
    mutable std::array<std::pair<int, int>, 4> m_heights {}; // (width, height), the newest first; width 0: none
};

} // namespace gpui
