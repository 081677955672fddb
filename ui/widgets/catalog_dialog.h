// Picks catalog instances as candidates: filter by provider, GPU text, memory per GPU and price; check rows.
#pragma once

#include "catalog/catalog.h"

#include <QDialog>
#include <QSet>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace gpui {

class CatalogFilterModel;
class CatalogModel;

class CatalogDialog : public QDialog {
    Q_OBJECT
public:
    CatalogDialog(std::shared_ptr<const gp::Catalog> catalog, const QSet<QString>& checked, QWidget* parent = nullptr);
    ~CatalogDialog() override;

    QSet<QString> checkedIds() const;
    CatalogModel* model() const { return m_model; }
    CatalogFilterModel* filter() const { return m_filter; }

private:
    void updateCount();

    CatalogModel* m_model;
    CatalogFilterModel* m_filter;
    QComboBox* m_provider;
    QLineEdit* m_text;
    QDoubleSpinBox* m_minMemory;
    QDoubleSpinBox* m_maxPrice;
    QCheckBox* m_checkedOnly;
    QTableView* m_view;
    QLabel* m_count;
};

} // namespace gpui
