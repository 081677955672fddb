// Picks catalog instances as candidates: filter by provider, region, GPU text, memory per GPU and price; check rows.
// The region chosen for a provider becomes the plan's billing.regions entry (prices are shown for it).
#pragma once

#include "catalog/catalog.h"

#include <QDialog>
#include <QSet>

#include <map>
#include <memory>
#include <string>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace gpui
{

class CatalogFilterModel;
class CatalogModel;

class CatalogDialog : public QDialog
{
    Q_OBJECT
public:
    CatalogDialog(std::shared_ptr<const gp::Catalog> catalog, const QSet<QString>& checked, QWidget* parent = nullptr);
    // `regions`: the plan's billing.regions (provider -> region) to start from.
    CatalogDialog(std::shared_ptr<const gp::Catalog> catalog, const QSet<QString>& checked,
        const std::map<std::string, std::string>& regions, QWidget* parent = nullptr);
    ~CatalogDialog() override;

    QSet<QString> checkedIds() const;
    // The regions chosen per provider (to write back to billing.regions).
    std::map<std::string, std::string> regions() const;
    QComboBox* providerBox() const { return m_provider; }
    QComboBox* regionBox() const { return m_region; }
    CatalogModel* model() const { return m_model; }
    CatalogFilterModel* filter() const { return m_filter; }

private:
    void updateCount();
    void fillRegions();
    void regionChosen();

    std::shared_ptr<const gp::Catalog> m_catalog;
    CatalogModel* m_model;
    CatalogFilterModel* m_filter;
    QComboBox* m_provider;
    QComboBox* m_region;
    QLineEdit* m_text;
    QDoubleSpinBox* m_minMemory;
    QDoubleSpinBox* m_maxPrice;
    QCheckBox* m_checkedOnly;
    QCheckBox* m_hideSoldOut;
    QTableView* m_view;
    QLabel* m_count;
};

} // namespace gpui
