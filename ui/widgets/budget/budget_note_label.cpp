// The Budget view's labels that keep their sizes.
#include "widgets/budget/budget_note_label.h"

#include <QEvent>

#include <algorithm>

namespace gpui
{

namespace
{
constexpr int kNoteLabelPreferredChars = 80; // QLabel's own first try for a word-wrapped text
constexpr int kNoteLabelLeastChars = 20;
} // namespace

BudgetNoteLabel::BudgetNoteLabel(QWidget* parent)
    : QLabel(parent)
{
}

BudgetNoteLabel::~BudgetNoteLabel() = default;

BudgetNoteLabel::Measure BudgetNoteLabel::measure() const
{
    return { text(), font().key(), margin(), indent(), contentsMargins(), int(alignment()), wordWrap() };
}

void BudgetNoteLabel::keepFresh() const
{
    Measure now = measure();
    if (now == m_measured)
        return;
    m_measured = std::move(now);
    m_sizeHint.reset();
    m_minimumSizeHint.reset();
    m_heights = {};
}

QSize BudgetNoteLabel::sizeHint() const
{
    keepFresh();
    if (!m_sizeHint) {
        const int preferred = fontMetrics().averageCharWidth() * kNoteLabelPreferredChars + contentsMargins().left()
            + contentsMargins().right() + 2 * margin();
        // Once shown, the width the layout gives it: the layouts then ask its height at that width, which is kept.
        const int given = width() > 0 && isVisible() ? width() : preferred;
        m_sizeHint = QSize(given, heightForWidth(given));
    }
    return *m_sizeHint;
}

QSize BudgetNoteLabel::minimumSizeHint() const
{
    keepFresh();
    if (!m_minimumSizeHint) {
        const QMargins m = contentsMargins();
        m_minimumSizeHint
            = QSize(fontMetrics().averageCharWidth() * kNoteLabelLeastChars + m.left() + m.right() + 2 * margin(),
                fontMetrics().height() + m.top() + m.bottom() + 2 * margin());
    }
    return *m_minimumSizeHint;
}

int BudgetNoteLabel::heightForWidth(int width) const
{
    keepFresh();
    const auto kept = std::find_if(
        m_heights.begin(), m_heights.end(), [width](const std::pair<int, int>& h) { return h.first == width; });
    if (width > 0 && kept != m_heights.end())
        return kept->second;
    const int height = QLabel::heightForWidth(width);
    if (width > 0) {
        std::rotate(m_heights.begin(), m_heights.end() - 1, m_heights.end());
        m_heights.front() = { width, height };
    }
    return height;
}

void BudgetNoteLabel::changeEvent(QEvent* event)
{
    // A new style or palette can draw the text in other metrics than the font's key says.
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::FontChange)
        m_measured = {};
    QLabel::changeEvent(event);
}

} // namespace gpui
