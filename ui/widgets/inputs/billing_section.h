// The Objective and billing group: what the planner optimises (cost, time, under a deadline or a budget), the
// currency, the billing modes that count, the reservation's term, a price discount and the catalog's optional
// billing settings.
#pragma once

#include "widgets/inputs/section_kit.h"

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;
class QVBoxLayout;

namespace gpui
{

class BillingSection : public InputsSection
{
public:
    BillingSection(SectionKit& kit, QVBoxLayout* outer);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void readState(InputsState& state) const override;
    void showState(const InputsState& state) override;
    // The budget's currency sign, for the plan shown or just taken.
    void showCurrency(const gp::Plan& plan);
    // The group's form, where the table's billing rows go.
    QFormLayout* form() const { return m_form; }

    // The check box of a billing mode ("on_demand", "monthly", "reserved", "spot"); nullptr for another name.
    QCheckBox* billingModeBox(const QString& mode) const;
    QSpinBox* reservedTermBox() const { return m_reservedTerm; }
    QDoubleSpinBox* priceDiscountBox() const { return m_priceDiscount; }

private:
    void addObjectiveRows();
    void addModeRows();
    void addPriceRows();
    void addOptionalRows();
    void connectInputs();
    void applyModes(gp::Plan& plan, bool& ok);
    bool modeChecked(gp::BillingMode mode) const;

    SectionKit& m_kit;
    QFormLayout* m_form = nullptr;
    QComboBox* m_objective = nullptr;
    QDoubleSpinBox* m_deadlineDays = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QComboBox* m_currency = nullptr;
    std::vector<QCheckBox*> m_billingModes; // one per gp::billingModes() row, in its order; property "mode"
    QSpinBox* m_reservedTerm = nullptr; // months; minimum (0) = the catalog's term
    QDoubleSpinBox* m_priceDiscount = nullptr; // percent off list prices; 0 = list prices (null in the plan)
    QDoubleSpinBox* m_exchangeRate = nullptr; // minimum = the catalog's default
    QDoubleSpinBox* m_spotInterruptions = nullptr; // minimum = the catalog's default
    QDoubleSpinBox* m_checkpointInterval = nullptr; // minimum = the catalog's default
    QDoubleSpinBox* m_storage = nullptr; // minimum = the catalog's default
};

} // namespace gpui
