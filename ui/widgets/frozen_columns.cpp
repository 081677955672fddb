#include "widgets/frozen_columns.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

#include <algorithm>

namespace gpui
{

FrozenColumns::FrozenColumns(QTableView* table, QVector<int> columns)
    : QObject(table)
    , m_table(table)
    , m_view(new QTableView(table))
    , m_columns(std::move(columns))
{
    m_view->setObjectName(QStringLiteral("frozenColumns"));
    m_view->setModel(table->model());
    m_view->setSelectionModel(table->selectionModel());
    m_view->setSelectionBehavior(table->selectionBehavior());
    m_view->setFocusPolicy(Qt::NoFocus); // the table itself keeps the keyboard
    m_view->setAlternatingRowColors(table->alternatingRowColors());
    m_view->setWordWrap(table->wordWrap());
    m_view->setTextElideMode(table->textElideMode());
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(table->verticalHeader()->defaultSectionSize());
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setSortIndicatorShown(table->horizontalHeader()->isSortIndicatorShown());
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setFrameShape(QFrame::NoFrame);
    table->viewport()->stackUnder(m_view);
    m_view->hide();

    QHeaderView* across = table->horizontalHeader();
    connect(across, &QHeaderView::sectionResized, this, [this](int logical, int, int) {
        if (m_columns.contains(logical))
            place();
    });
    connect(across, &QHeaderView::geometriesChanged, this, &FrozenColumns::place);
    // A header dragged to another place (the comparison table's headers move) changes which columns are leftmost.
    connect(across, &QHeaderView::sectionMoved, this, &FrozenColumns::place);
    connect(table->verticalHeader(), &QHeaderView::sectionResized, this,
        [this](int row, int, int size) { m_view->setRowHeight(row, size); });
    connect(table->horizontalScrollBar(), &QScrollBar::valueChanged, this, &FrozenColumns::place);
    connect(table->verticalScrollBar(), &QScrollBar::valueChanged, m_view->verticalScrollBar(), &QScrollBar::setValue);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, table->verticalScrollBar(), &QScrollBar::setValue);
    // Its header sorts the table as the table's own does.
    connect(across, &QHeaderView::sortIndicatorChanged, m_view->horizontalHeader(), &QHeaderView::setSortIndicator);
    m_view->horizontalHeader()->setSortIndicator(across->sortIndicatorSection(), across->sortIndicatorOrder());
    connect(m_view->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        if (!m_table->isSortingEnabled())
            return;
        QHeaderView* header = m_table->horizontalHeader();
        const bool again = header->sortIndicatorSection() == logical;
        const Qt::SortOrder order
            = again && header->sortIndicatorOrder() == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder;
        m_table->sortByColumn(logical, order);
    });
    if (QAbstractItemModel* model = table->model()) {
        connect(model, &QAbstractItemModel::modelReset, this, &FrozenColumns::place);
        connect(model, &QAbstractItemModel::columnsInserted, this, &FrozenColumns::place);
    }
    table->viewport()->installEventFilter(this);
    across->installEventFilter(this);
    place();
}

bool FrozenColumns::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
        place();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

void FrozenColumns::place()
{
    const QAbstractItemModel* model = m_table->model();
    if (!model)
        return;
    QHeaderView* across = m_table->horizontalHeader();
    QHeaderView* copy = m_view->horizontalHeader();
    // The copy's columns in the table's visual order (its own header is not movable: it follows the table's).
    for (int v = 0; v < across->count() && v < copy->count(); ++v) {
        const int from = copy->visualIndex(across->logicalIndex(v));
        if (from != v)
            copy->moveSection(from, v);
    }
    int width = 0;
    int kept = 0;
    for (int c = 0; c < model->columnCount(); ++c) {
        const bool hidden = !m_columns.contains(c) || m_table->isColumnHidden(c);
        if (m_view->isColumnHidden(c) != hidden)
            m_view->setColumnHidden(c, hidden);
        if (hidden)
            continue;
        if (m_view->columnWidth(c) != m_table->columnWidth(c))
            m_view->setColumnWidth(c, m_table->columnWidth(c));
        width += m_table->columnWidth(c);
        ++kept;
    }
    // The kept columns are the leftmost on screen: the first `kept` shown columns in visual order are all kept ones.
    // One dragged away from the left would leave the copy covering other columns, or showing it twice.
    bool leftmost = true;
    for (int v = 0, seen = 0; v < across->count() && seen < kept; ++v) {
        const int logical = across->logicalIndex(v);
        if (across->isSectionHidden(logical))
            continue;
        if (!m_columns.contains(logical)) {
            leftmost = false;
            break;
        }
        ++seen;
    }
    // Only while the table is scrolled past the start of the kept columns (unscrolled they are in their own
    // places), and only while they take at most half the table's room.
    QWidget* viewport = m_table->viewport();
    const bool shown = width > 0 && leftmost && across->offset() > 0 && width < viewport->width() / 2 + 1
        && across->isVisibleTo(m_table);
    if (shown) {
        m_view->horizontalHeader()->setFixedHeight(across->height());
        m_view->setGeometry(viewport->x(), across->y(), width, viewport->height() + across->height());
        m_view->verticalScrollBar()->setValue(m_table->verticalScrollBar()->value());
    }
    if (m_view->isVisibleTo(m_table) != shown)
        m_view->setVisible(shown);
}

} // namespace gpui
