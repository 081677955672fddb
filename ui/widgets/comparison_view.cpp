#include "widgets/comparison_view.h"

#include "models/comparison_model.h"
#include "widgets/frozen_columns.h"

#include <QEvent>
#include <QHeaderView>
#include <QMenu>
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

    // Scrolled sideways to the warnings, the rows lost their names: the rank and candidate columns stay at the left.
    m_keyColumns = new FrozenColumns(this, { ComparisonModel::Rank, ComparisonModel::Candidate });
    m_keyColumns->view()->setObjectName(QStringLiteral("keyColumns"));
}

ComparisonView::~ComparisonView() = default;

QTableView* ComparisonView::keyColumns() const
{
    return m_keyColumns->view();
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
    if (m_keyColumns) // not yet while the constructor hides the default columns
        m_keyColumns->place();
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
