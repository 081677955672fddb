// The side-by-side table: sortable, columns chosen from the header's context menu.
#pragma once

#include <QStringList>
#include <QTableView>

namespace gpui
{

class ComparisonModel;
class ComparisonProxyModel;

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
    static constexpr int MaxColumnWidth = 280;

signals:
    void hiddenColumnsChanged(const QStringList& keys);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showHeaderMenu(const QPoint& pos);

    ComparisonModel* m_model;
    ComparisonProxyModel* m_proxy;
};

} // namespace gpui
