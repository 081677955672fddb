// The side-by-side table: sortable, columns chosen from the header's context menu.
#pragma once

#include <QStringList>
#include <QTableView>

namespace gpui {

class ComparisonModel;
class ComparisonProxyModel;

class ComparisonView : public QTableView {
    Q_OBJECT
public:
    explicit ComparisonView(ComparisonModel* model, QWidget* parent = nullptr);
    ~ComparisonView() override;

    ComparisonProxyModel* proxy() const { return m_proxy; }
    // Column keys (ComparisonModel::columnKey) the user hid.
    QStringList hiddenColumnKeys() const;
    void setHiddenColumnKeys(const QStringList& keys);

signals:
    void hiddenColumnsChanged(const QStringList& keys);

private:
    void showHeaderMenu(const QPoint& pos);

    ComparisonModel* m_model;
    ComparisonProxyModel* m_proxy;
};

} // namespace gpui
