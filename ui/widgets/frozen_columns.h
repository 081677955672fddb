// Columns that stay at a table's left while it scrolls sideways: a second view over the table's left edge (same
// model, selection, row heights, vertical scrolling and sorting) that shows only the chosen columns, and only while
// the table is scrolled past them, and only while they are the table's leftmost columns on screen (its headers may be
// dragged to another order: the copy shows them in the table's visual order). The comparison table keeps its rank and
// candidate, the scenario and sweep tables their scenario's name.
#pragma once

#include <QObject>
#include <QVector>

class QTableView;

namespace gpui
{

class FrozenColumns : public QObject
{
    Q_OBJECT
public:
    // `table` owns the helper and its view; `columns` are the model's (logical) column numbers kept in sight.
    FrozenColumns(QTableView* table, QVector<int> columns);

    // The view of the kept columns (hidden while the table shows them in their own places).
    QTableView* view() const { return m_view; }
    // Places the view again (the table's columns were shown, hidden or resized); the helper follows the table's
    // scrolling, resizing and column widths by itself.
    void place();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QTableView* m_table;
    QTableView* m_view;
    QVector<int> m_columns;
};

} // namespace gpui
