// Small dialogs of the candidates panel: an on-premise machine, and the user's price quote for an instance.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace gpui {

// Describes owned or rented-by-quote hardware: GPU model, count per node, nodes, link and price per hour.
class OnPremDialog : public QDialog {
    Q_OBJECT
public:
    OnPremDialog(std::shared_ptr<const gp::Catalog> catalog, const QString& currency, QWidget* parent = nullptr);
    ~OnPremDialog() override;

    void setCandidate(const gp::CandidateSpec& candidate);
    gp::CandidateSpec candidate() const;

private:
    std::shared_ptr<const gp::Catalog> m_catalog;
    QLineEdit* m_label;
    QComboBox* m_gpu;
    QSpinBox* m_gpus;
    QSpinBox* m_nodes;
    QComboBox* m_link;
    QDoubleSpinBox* m_network;
    QDoubleSpinBox* m_price;
};

// The user's quote for a catalog instance (per instance per hour, and per month), kept in the overrides file.
class PriceDialog : public QDialog {
    Q_OBJECT
public:
    PriceDialog(const gp::InstanceSpec& instance, bool hasUserPrice, QWidget* parent = nullptr);
    ~PriceDialog() override;

    gp::PriceSpec price() const;
    // True when the user chose to go back to the catalog's price.
    bool resetRequested() const { return m_reset; }

private:
    gp::PriceSpec m_base;
    QComboBox* m_currency;
    QDoubleSpinBox* m_hourly;
    QDoubleSpinBox* m_monthly;
    QLineEdit* m_source;
    bool m_reset = false;
};

} // namespace gpui
