// Small dialogs of the candidates panel: an on-premise machine, and the user's price quote for an instance.
#pragma once

#include "catalog/catalog.h"
#include "plan/plan.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace gpui
{

// Describes owned or rented-by-quote hardware: GPU model, count per node, nodes, link, MIG slice and price per hour.
class OnPremDialog : public QDialog
{
    Q_OBJECT
public:
    OnPremDialog(std::shared_ptr<const gp::Catalog> catalog, const QString& currency, QWidget* parent = nullptr);
    ~OnPremDialog() override;

    void setCandidate(const gp::CandidateSpec& candidate);
    gp::CandidateSpec candidate() const;

    // For tests: the editors, the network note and whether OK is enabled.
    QSpinBox* nodesEditor() const { return m_nodes; }
    QDoubleSpinBox* networkEditor() const { return m_network; }
    QComboBox* gpuEditor() const { return m_gpu; }
    QSpinBox* gpusEditor() const { return m_gpus; }
    QComboBox* migEditor() const { return m_mig; }
    QString networkNote() const;
    bool acceptable() const;

private:
    // Several nodes without a network cannot be planned: say so beside the field and keep OK off until it is given.
    void updateNetworkNote();
    // The GPU's MIG profiles (candidates[].mig), offered on a machine of one GPU; the choice kept where it still
    // exists.
    void updateMigChoices();

    std::shared_ptr<const gp::Catalog> m_catalog;
    QLabel* m_networkNote = nullptr;
    QPushButton* m_ok = nullptr;
    QLineEdit* m_label;
    QComboBox* m_gpu;
    QSpinBox* m_gpus;
    QSpinBox* m_nodes;
    QComboBox* m_link;
    QComboBox* m_mig;
    QDoubleSpinBox* m_network;
    QDoubleSpinBox* m_price;
};

// The user's quote for a catalog instance: pay-as-you-go, monthly, spot (a price or a discount) and reserved
// discount, kept in the overrides file for every plan. A figure left as shown is not part of the quote (the
// catalog's stays, labelled as the catalog's); a figure shown unchanged keeps its exact value.
class PriceDialog : public QDialog
{
    Q_OBJECT
public:
    PriceDialog(const gp::InstanceSpec& instance, bool hasUserPrice, QWidget* parent = nullptr);
    ~PriceDialog() override;

    // The quote: only the figures the user gave (typed, or already in their quote).
    gp::PriceSpec price() const;
    // True when the user chose to go back to the catalog's price.
    bool resetRequested() const { return m_reset; }

    // For tests: the editors.
    QDoubleSpinBox* hourlyEditor() const { return m_hourly; }
    QDoubleSpinBox* monthlyEditor() const { return m_monthly; }
    QDoubleSpinBox* spotEditor() const { return m_spot; }
    QComboBox* spotKindEditor() const { return m_spotKind; }
    QDoubleSpinBox* reservedEditor() const { return m_reserved; }

private:
    // A figure as shown, and whether the user's quote already gives it.
    struct Shown {
        std::optional<double> value;
        bool quoted = false;
    };
    std::optional<double> figure(const QDoubleSpinBox* box, double shownValue, const Shown& shown, double scale) const;

    gp::PriceSpec m_base;
    Shown m_shownHourly, m_shownMonthly, m_shownSpot, m_shownReserved;
    double m_initialHourly = 0, m_initialMonthly = 0, m_initialSpot = 0, m_initialReserved = 0;
    QComboBox* m_currency;
    QDoubleSpinBox* m_hourly;
    QDoubleSpinBox* m_monthly;
    QComboBox* m_spotKind;
    QDoubleSpinBox* m_spot;
    QDoubleSpinBox* m_reserved;
    QLineEdit* m_source;
    bool m_reset = false;
};

} // namespace gpui
