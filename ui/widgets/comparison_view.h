// The side-by-side table: sortable, columns chosen from the header's context menu.
#pragma once

#include <QStringList>
#include <QTableView>

class QTimer;

namespace gpui
{

class ComparisonModel;
class ComparisonProxyModel;
class FrozenColumns;

class ComparisonView : public QTableView
{
    Q_OBJECT
public:
    explicit ComparisonView(ComparisonModel* model, QWidget* parent = nullptr);
    ~ComparisonView() override;

    ComparisonProxyModel* proxy() const { return m_proxy; }
    // Column keys (ComparisonModel::columnKey) the user hid.
    QStringList hiddenColumnKeys() const;
    void setHiddenColumnKeys(const QStringList& keys);
    // Shows or hides a column; one shown is sized to its header and cells (sized while hidden, it would keep the
    // default width and clip them).
    void showColumn(int column, bool shown);
    // Every shown column as wide as its header and cells, at most MaxColumnWidth (new results, a new language).
    void fitColumnsToContents();
    // Widens every shown column whose header or cells no longer fit it (to at most MaxColumnWidth); narrows none.
    // Run shortly after the figures change in place (another model, a slower GPU: "49.6 ms" becomes "357.6 ms").
    void growColumnsToContents();
    static constexpr int MaxColumnWidth = 280;
    // The rank and candidate columns, kept at the table's left while it scrolls sideways (a second view over the
    // first's left edge, shown only while the table is scrolled past them).
    QTableView* keyColumns() const;

signals:
    void hiddenColumnsChanged(const QStringList& keys);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showHeaderMenu(const QPoint& pos);

    ComparisonModel* m_model;
    ComparisonProxyModel* m_proxy;
    QTimer* m_growTimer;
    FrozenColumns* m_keyColumns = nullptr;
};

} // namespace gpui
