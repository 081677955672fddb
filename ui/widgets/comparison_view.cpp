#include "widgets/comparison_view.h"

#include "models/comparison_model.h"

#include <QEvent>
#include <QHeaderView>
#include <QMenu>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

namespace gpui
{

ComparisonView::ComparisonView(ComparisonModel* model, QWidget* parent)
    : QTableView(parent)
    , m_model(model)
    , m_proxy(new ComparisonProxyModel(this))
    , m_growTimer(new QTimer(this))
{
    m_proxy->setSourceModel(model);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(ComparisonModel::Rank, Qt::AscendingOrder);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    horizontalHeader()->setSectionsMovable(true);
    horizontalHeader()->setHighlightSections(false);
    connect(horizontalHeader(), &QHeaderView::customContextMenuRequested, this, &ComparisonView::showHeaderMenu);
    // Size columns to their contents when results arrive in a new shape, not on every live update.
    connect(m_model, &QAbstractItemModel::modelReset, this, &ComparisonView::fitColumnsToContents);
    // Figures updated in place can outgrow their column (the "clipped TTFT, Spot and Headroom columns" of issue 44):
    // once they settle, the columns that no longer hold them widen. Not on every live update of a drag.
    m_growTimer->setSingleShot(true);
    m_growTimer->setInterval(150);
    connect(m_growTimer, &QTimer::timeout, this, &ComparisonView::growColumnsToContents);
    connect(m_model, &QAbstractItemModel::dataChanged, m_growTimer, qOverload<>(&QTimer::start));
    QStringList defaults;
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
        if (ComparisonModel::hiddenByDefault(c))
            defaults << ComparisonModel::columnKey(c);
    setHiddenColumnKeys(defaults);

    // Scrolled sideways to the warnings, the rows lost their names: the rank and candidate columns stay at the left,
    // in a second view of the same rows (same model, selection, row heights and vertical scrolling) over the first.
    m_keyColumns = new QTableView(this);
    m_keyColumns->setObjectName(QStringLiteral("keyColumns"));
    m_keyColumns->setModel(m_proxy);
    m_keyColumns->setSelectionModel(selectionModel());
    m_keyColumns->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_keyColumns->setFocusPolicy(Qt::NoFocus); // the table itself keeps the keyboard
    m_keyColumns->setAlternatingRowColors(true);
    m_keyColumns->setWordWrap(false);
    m_keyColumns->verticalHeader()->hide();
    m_keyColumns->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    m_keyColumns->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_keyColumns->horizontalHeader()->setHighlightSections(false);
    m_keyColumns->horizontalHeader()->setSortIndicatorShown(true);
    m_keyColumns->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_keyColumns->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_keyColumns->setFrameShape(QFrame::NoFrame);
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
        m_keyColumns->setColumnHidden(c, c != ComparisonModel::Rank && c != ComparisonModel::Candidate);
    viewport()->stackUnder(m_keyColumns);
    m_keyColumns->hide();
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical == ComparisonModel::Rank || logical == ComparisonModel::Candidate) {
            m_keyColumns->setColumnWidth(logical, size);
            placeKeyColumns();
        }
    });
    connect(verticalScrollBar(), &QScrollBar::valueChanged, m_keyColumns->verticalScrollBar(), &QScrollBar::setValue);
    connect(m_keyColumns->verticalScrollBar(), &QScrollBar::valueChanged, verticalScrollBar(), &QScrollBar::setValue);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, this, &ComparisonView::placeKeyColumns);
    // Its header sorts the table as the table's own does.
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, m_keyColumns->horizontalHeader(),
        &QHeaderView::setSortIndicator);
    m_keyColumns->horizontalHeader()->setSortIndicator(
        horizontalHeader()->sortIndicatorSection(), horizontalHeader()->sortIndicatorOrder());
    connect(m_keyColumns->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        const bool again = horizontalHeader()->sortIndicatorSection() == logical;
        const Qt::SortOrder order = again && horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder
            ? Qt::DescendingOrder
            : Qt::AscendingOrder;
        sortByColumn(logical, order);
    });
    placeKeyColumns();
}

ComparisonView::~ComparisonView() = default;

void ComparisonView::placeKeyColumns()
{
    if (!m_keyColumns)
        return;
    int width = 0;
    int rightEdge = 0; // where the key columns end in the table's own, unscrolled layout
    for (int c : { int(ComparisonModel::Rank), int(ComparisonModel::Candidate) }) {
        const bool hidden = isColumnHidden(c);
        if (m_keyColumns->isColumnHidden(c) != hidden)
            m_keyColumns->setColumnHidden(c, hidden);
        if (hidden)
            continue;
        if (m_keyColumns->columnWidth(c) != columnWidth(c))
            m_keyColumns->setColumnWidth(c, columnWidth(c));
        width += columnWidth(c);
        rightEdge = std::max(rightEdge, horizontalHeader()->sectionPosition(c) + columnWidth(c));
    }
    // Only while the table is scrolled past the start of its key columns: unscrolled they are in their own places.
    const int scrolled = horizontalHeader()->offset();
    const bool shown = width > 0 && scrolled > 0 && width < viewport()->width() / 2 + 1
        && horizontalHeader()->isVisible() && rightEdge > 0;
    if (shown) {
        m_keyColumns->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
        m_keyColumns->setGeometry(
            viewport()->x(), frameWidth(), width, viewport()->height() + horizontalHeader()->height());
    }
    if (m_keyColumns->isVisible() != shown)
        m_keyColumns->setVisible(shown);
}

void ComparisonView::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    placeKeyColumns();
}

void ComparisonView::updateGeometries()
{
    QTableView::updateGeometries();
    placeKeyColumns();
}

void ComparisonView::fitColumnsToContents()
{
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c) {
        if (isColumnHidden(c))
            continue;
        resizeColumnToContents(c);
        if (columnWidth(c) > MaxColumnWidth)
            setColumnWidth(c, MaxColumnWidth);
    }
}

void ComparisonView::growColumnsToContents()
{
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c) {
        if (isColumnHidden(c))
            continue;
        const int wanted
            = std::min<int>(MaxColumnWidth, std::max(sizeHintForColumn(c), horizontalHeader()->sectionSizeHint(c)));
        if (columnWidth(c) < wanted)
            setColumnWidth(c, wanted);
    }
}

void ComparisonView::showColumn(int column, bool shown)
{
    const bool wasHidden = isColumnHidden(column);
    setColumnHidden(column, !shown);
    if (shown && wasHidden) {
        resizeColumnToContents(column);
        if (columnWidth(column) > MaxColumnWidth)
            setColumnWidth(column, MaxColumnWidth);
    }
    placeKeyColumns();
}

void ComparisonView::changeEvent(QEvent* event)
{
    QTableView::changeEvent(event);
    // Headers in another language are another width: "Spot", "竞价实例".
    if (event->type() == QEvent::LanguageChange)
        fitColumnsToContents();
}

QStringList ComparisonView::hiddenColumnKeys() const
{
    QStringList keys;
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
        if (isColumnHidden(c))
            keys << ComparisonModel::columnKey(c);
    return keys;
}

void ComparisonView::setHiddenColumnKeys(const QStringList& keys)
{
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c)
        showColumn(c, !keys.contains(ComparisonModel::columnKey(c)));
}

void ComparisonView::showHeaderMenu(const QPoint& pos)
{
    QMenu menu(this);
    menu.addSection(tr("Columns"));
    for (int c = 0; c < ComparisonModel::ColumnCount; ++c) {
        QAction* action = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!isColumnHidden(c));
        connect(action, &QAction::toggled, this, [this, c](bool on) {
            showColumn(c, on);
            emit hiddenColumnsChanged(hiddenColumnKeys());
        });
    }
    menu.addSeparator();
    QAction* fitting = menu.addAction(tr("Only Candidates That Fit"));
    fitting->setCheckable(true);
    fitting->setChecked(m_proxy->fittingOnly());
    connect(fitting, &QAction::toggled, m_proxy, &ComparisonProxyModel::setFittingOnly);
    menu.addAction(tr("Reset Sorting"), this, [this] { sortByColumn(ComparisonModel::Rank, Qt::AscendingOrder); });
    menu.exec(horizontalHeader()->mapToGlobal(pos));
}

} // namespace gpui
