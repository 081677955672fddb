#include "widgets/inputs/billing_section.h"
#include "widgets/inputs_panel.h"

#include "catalog/catalog.h"
#include "core_text.h"
#include "estimate/cost/cost_model.h"
#include "number_format.h"
#include "plan/billing_modes.h"
#include "plan/limits.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace gpui
{

namespace
{

// What counting a billing mode means (the check box's tip); every row of the billing-mode table (-Wswitch).
QString billingModeTip(gp::BillingMode mode)
{
    switch (mode) {
    case gp::BillingMode::OnDemand:
        return InputsPanel::tr("Pay-as-you-go: billed per hour");
    case gp::BillingMode::Monthly:
        return InputsPanel::tr("Monthly subscription: whole months are paid");
    case gp::BillingMode::Reserved:
        return InputsPanel::tr("Reserved instances are a commitment for their term: the discounted "
                               "rate is paid for the whole term, used or not");
    case gp::BillingMode::Spot:
        return InputsPanel::tr("Spot instances are cheaper but can be reclaimed: interruptions and "
                               "restarts from the last checkpoint are added to the time");
    }
    return {};
}

} // namespace

BillingSection::BillingSection(SectionKit& kit, QVBoxLayout* outer)
    : m_kit(kit)
{
    QGroupBox* objectiveGroup
        = kit.group([] { return InputsPanel::tr("Objective and billing"); }, &m_form, QStringLiteral("objective"));
    addObjectiveRows();
    addModeRows();
    addPriceRows();
    addOptionalRows();
    outer->addWidget(objectiveGroup);
    connectInputs();
}

void BillingSection::addObjectiveRows()
{
    m_objective = new QComboBox;
    m_kit.fillCombo<gp::SearchObjective>(m_objective,
        { gp::SearchObjective::Cost, gp::SearchObjective::Time, gp::SearchObjective::CostUnderDeadline,
            gp::SearchObjective::TimeUnderBudget },
        &CoreText::objective);
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Objective"); }, m_objective, QStringLiteral("search.objective"));
    m_deadlineDays = new FieldDoubleSpinBox;
    m_deadlineDays->setRange(0.01, 3650);
    m_deadlineDays->setDecimals(2);
    m_deadlineDays->setKeyboardTracking(false);
    m_kit.onRetranslate([this] { m_deadlineDays->setSuffix(InputsPanel::tr(" days")); });
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Deadline"); }, m_deadlineDays, QStringLiteral("search.deadline_hours"));
    m_budget = new FieldDoubleSpinBox;
    m_budget->setRange(1, 1e12);
    m_budget->setDecimals(2);
    m_budget->setSingleStep(1000);
    m_budget->setGroupSeparatorShown(true);
    m_budget->setKeyboardTracking(false);
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Budget"); }, m_budget, QStringLiteral("search.budget"));
    m_currency = new QComboBox;
    m_currency->addItem(QString(), QStringLiteral("CNY"));
    m_currency->addItem(QString(), QStringLiteral("USD"));
    m_kit.onRetranslate([this] {
        m_currency->setItemText(0, InputsPanel::tr("CNY (¥)"));
        m_currency->setItemText(1, InputsPanel::tr("USD ($)"));
    });
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Currency"); }, m_currency, QStringLiteral("billing"));
    m_currency->setProperty("planField", QStringLiteral("billing.currency"));
}

void BillingSection::addModeRows()
{
    // Which billing modes count: reserved is a one- or three-year commitment and spot can be reclaimed, so a plan
    // counts them only when asked to.
    auto* modes = new QWidget;
    auto* modesLayout = new QGridLayout(modes);
    modesLayout->setContentsMargins(0, 0, 0, 0);
    modesLayout->setHorizontalSpacing(8);
    for (const gp::BillingModeSpec& mode : gp::billingModes()) { // in the table's order: m_billingModes[mode]
        auto* box = new QCheckBox;
        const QString name = QString::fromUtf8(mode.code.data(), qsizetype(mode.code.size()));
        box->setProperty("mode", name);
        box->setObjectName(QStringLiteral("billing:") + name);
        const int i = int(m_billingModes.size());
        modesLayout->addWidget(box, i / 2, i % 2);
        m_billingModes.push_back(box);
        m_kit.onRetranslate([box, name, code = mode.mode] {
            box->setText(CoreText::billingMode(name));
            box->setToolTip(billingModeTip(code));
        });
        QObject::connect(box, &QCheckBox::toggled, m_kit.panel(), [this] { m_kit.edited(FBillingModes); });
    }
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Billing modes"); }, modes, QStringLiteral("billing.modes"));
}

void BillingSection::addPriceRows()
{
    // The reservation's term (shown while reserved counts): the whole term is paid, so it sets the reserved cost.
    m_reservedTerm = new QSpinBox;
    m_reservedTerm->setObjectName(QStringLiteral("billing:reserved_term_months"));
    m_reservedTerm->setRange(0, gp::limits::kMaxReservedTermMonths);
    m_reservedTerm->setSingleStep(12);
    m_reservedTerm->setKeyboardTracking(false);
    m_kit.onRetranslate([this] {
        const int quoted = gp::quotedReservedTermMonths(gp::builtinCatalog());
        m_reservedTerm->setSpecialValueText(
            InputsPanel::tr("catalog default (%1)").arg(CoreText::reservedTerm(quoted)));
        m_reservedTerm->setSuffix(InputsPanel::tr(" months"));
        // Its tool tip says whether it counts (showState).
    });
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Reservation term"); }, m_reservedTerm,
        QStringLiteral("billing.reserved_term_months"));
    // A discount off the catalog's list prices (billing.price_discount); 0 = list prices.
    m_priceDiscount = new FieldDoubleSpinBox;
    m_priceDiscount->setObjectName(QStringLiteral("billing:price_discount"));
    m_priceDiscount->setRange(0, gp::limits::kMaxPriceDiscount * 100);
    m_priceDiscount->setDecimals(1);
    m_priceDiscount->setSingleStep(5);
    m_priceDiscount->setKeyboardTracking(false);
    m_kit.onRetranslate([this] {
        m_priceDiscount->setSpecialValueText(InputsPanel::tr("list prices"));
        m_priceDiscount->setSuffix(InputsPanel::tr(" % off"));
        m_priceDiscount->setToolTip(
            InputsPanel::tr("Your discount off the catalog's published and estimated prices (an "
                            "enterprise agreement, a negotiated rate); quoted prices are what you pay "
                            "already and are not discounted"));
    });
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Price discount"); }, m_priceDiscount,
        QStringLiteral("billing.price_discount"));
}

void BillingSection::addOptionalRows()
{
    // Optional billing settings: the lowest value of each box stands for "the catalog's default" (null in the plan).
    auto optionalBox = [](double min, double max, int decimals, double step) {
        auto* box = new FieldDoubleSpinBox;
        box->setRange(min, max);
        box->setDecimals(decimals);
        box->setSingleStep(step);
        box->setKeyboardTracking(false);
        box->setGroupSeparatorShown(true);
        return box;
    };
    m_exchangeRate = optionalBox(0, 10000, 4, 0.05); // billing.exchange_rate: 0.0001..10000
    m_spotInterruptions = optionalBox(-0.01, 1000, 2, 0.1); // 0..1000
    m_checkpointInterval = optionalBox(0, 10000, 2, 0.5); // 0.001..10000
    m_storage = optionalBox(-1, 1e9, 0, 100); // 0..1e9
    m_kit.onRetranslate([this] {
        m_exchangeRate->setSpecialValueText(InputsPanel::tr("catalog default"));
        m_exchangeRate->setSuffix(InputsPanel::tr(" CNY per USD"));
        m_exchangeRate->setToolTip(
            InputsPanel::tr("Converts prices quoted in another currency into the plan's currency"));
        m_spotInterruptions->setSpecialValueText(InputsPanel::tr("catalog default"));
        m_spotInterruptions->setSuffix(InputsPanel::tr(" per day"));
        m_checkpointInterval->setSpecialValueText(InputsPanel::tr("catalog default"));
        m_checkpointInterval->setSuffix(InputsPanel::tr(" h"));
        m_storage->setSpecialValueText(InputsPanel::tr("catalog default"));
        m_storage->setSuffix(InputsPanel::tr(" GiB"));
        m_storage->setToolTip(
            InputsPanel::tr("Cloud disk kept for the dataset and checkpoints for the length of the run"));
    });
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Exchange rate"); }, m_exchangeRate,
        QStringLiteral("billing.exchange_rate"));
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Spot interruptions"); }, m_spotInterruptions,
        QStringLiteral("billing.spot_interruptions_per_day"));
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Checkpoint interval"); }, m_checkpointInterval,
        QStringLiteral("billing.checkpoint_interval_hours"));
    m_kit.addRow(
        m_form, [] { return InputsPanel::tr("Storage"); }, m_storage, QStringLiteral("billing.storage_gib"));
}

void BillingSection::connectInputs()
{
    QWidget* panel = m_kit.panel();
    QObject::connect(m_reservedTerm, &QSpinBox::valueChanged, panel, [this] { m_kit.edited(FReservedTerm); });
    const std::pair<QDoubleSpinBox*, InputField> boxes[] = { { m_priceDiscount, FPriceDiscount },
        { m_exchangeRate, FExchangeRate }, { m_spotInterruptions, FSpotInterruptions },
        { m_checkpointInterval, FCheckpointInterval }, { m_storage, FStorage } };
    for (const auto& [box, field] : boxes)
        QObject::connect(box, &QDoubleSpinBox::valueChanged, panel, [this, f = field] { m_kit.edited(f); });
    QObject::connect(m_objective, &QComboBox::activated, panel, [this] { m_kit.edited(FObjective); });
    QObject::connect(m_deadlineDays, &QDoubleSpinBox::valueChanged, panel, [this] { m_kit.edited(FDeadline); });
    QObject::connect(m_budget, &QDoubleSpinBox::valueChanged, panel, [this] { m_kit.edited(FBudget); });
    QObject::connect(m_currency, &QComboBox::activated, panel, [this] { m_kit.edited(FCurrency); });
}

void BillingSection::setPlan(const gp::Plan& plan)
{
    selectComboData(m_objective, int(plan.search.objective));
    m_deadlineDays->setValue(plan.search.deadlineHours ? *plan.search.deadlineHours / 24 : 30);
    m_budget->setValue(plan.search.budget ? *plan.search.budget : 100000);
    showCurrency(plan);
    selectComboData(m_currency, QString::fromStdString(plan.billing.currency));
    for (const gp::BillingModeSpec& mode : gp::billingModes())
        m_billingModes[std::size_t(mode.mode)]->setChecked(plan.billing.allows(mode.mode));
    auto showOptional = [](QDoubleSpinBox* box, const std::optional<double>& value) {
        box->setValue(value ? *value : box->minimum());
    };
    showOptional(m_exchangeRate, plan.billing.exchangeRate);
    showOptional(m_spotInterruptions, plan.billing.spotInterruptionsPerDay);
    showOptional(m_checkpointInterval, plan.billing.checkpointIntervalHours);
    showOptional(m_storage, plan.billing.storageGib);
    m_reservedTerm->setValue(plan.billing.reservedTermMonths.value_or(m_reservedTerm->minimum()));
    m_priceDiscount->setValue(plan.billing.priceDiscount.value_or(0) * 100);
}

void BillingSection::showCurrency(const gp::Plan& plan)
{
    m_budget->setPrefix(currencySymbol(QString::fromStdString(plan.billing.currency)));
}

void BillingSection::applyModes(gp::Plan& plan, bool& ok)
{
    std::vector<std::string> modes;
    for (const gp::BillingModeSpec& mode : gp::billingModes())
        if (m_billingModes[std::size_t(mode.mode)]->isChecked())
            modes.emplace_back(mode.code);
    if (!modes.empty()) {
        plan.billing.modes = modes;
        return;
    }
    m_kit.showFieldError(QStringLiteral("billing.modes"), InputsPanel::tr("Choose at least one billing mode"));
    ok = false;
    for (const gp::BillingModeSpec& mode : gp::billingModes()) { // the last mode stays checked
        QCheckBox* box = m_billingModes[std::size_t(mode.mode)];
        const QSignalBlocker block(box);
        box->setChecked(m_kit.plan().billing.allows(mode.mode));
    }
}

bool BillingSection::apply(InputField field, gp::Plan& plan, bool& ok)
{
    // The optional boxes: the box's minimum is the catalog's default (null in the plan).
    auto optional = [](const QDoubleSpinBox* box) {
        return box->value() > box->minimum() ? std::optional<double>(box->value()) : std::nullopt;
    };
    gp::Billing& billing = plan.billing;
    switch (field) {
    case FObjective:
        plan.search.objective = comboValue<gp::SearchObjective>(m_objective);
        // A limit the objective needs starts at what the field shows.
        if (plan.search.objective == gp::SearchObjective::CostUnderDeadline && !plan.search.deadlineHours)
            plan.search.deadlineHours = m_deadlineDays->value() * 24;
        if (plan.search.objective == gp::SearchObjective::TimeUnderBudget && !plan.search.budget)
            plan.search.budget = m_budget->value();
        return true;
    case FDeadline:
        plan.search.deadlineHours = m_deadlineDays->value() * 24;
        return true;
    case FBudget:
        plan.search.budget = m_budget->value();
        return true;
    case FCurrency:
        billing.currency = m_currency->currentData().toString().toStdString();
        return true;
    case FBillingModes:
        applyModes(plan, ok);
        return true;
    case FReservedTerm:
        billing.reservedTermMonths = m_reservedTerm->value() > m_reservedTerm->minimum()
            ? std::optional<int>(m_reservedTerm->value())
            : std::nullopt;
        return true;
    case FPriceDiscount:
        billing.priceDiscount
            = m_priceDiscount->value() > 0 ? std::optional<double>(m_priceDiscount->value() / 100) : std::nullopt;
        return true;
    case FExchangeRate:
        billing.exchangeRate = optional(m_exchangeRate);
        return true;
    case FSpotInterruptions:
        billing.spotInterruptionsPerDay = optional(m_spotInterruptions);
        return true;
    case FCheckpointInterval:
        billing.checkpointIntervalHours = optional(m_checkpointInterval);
        return true;
    case FStorage:
        billing.storageGib = optional(m_storage);
        return true;
    default:
        return false;
    }
}

QString BillingSection::describe(InputField field) const
{
    switch (field) {
    case FObjective:
    case FDeadline:
    case FBudget:
        return InputsPanel::tr("Change objective");
    case FCurrency:
        return InputsPanel::tr("Change currency");
    case FBillingModes:
        return InputsPanel::tr("Change billing modes");
    case FReservedTerm:
        return InputsPanel::tr("Change reservation term");
    case FPriceDiscount:
        return InputsPanel::tr("Change price discount");
    case FExchangeRate:
    case FSpotInterruptions:
    case FCheckpointInterval:
    case FStorage:
        return InputsPanel::tr("Change billing");
    default:
        return {};
    }
}

bool BillingSection::modeChecked(gp::BillingMode mode) const
{
    return m_billingModes[std::size_t(mode)]->isChecked();
}

void BillingSection::readState(InputsState& state) const
{
    state.spot = modeChecked(gp::BillingMode::Spot);
    state.reserved = modeChecked(gp::BillingMode::Reserved);
    state.objective = comboValue<gp::SearchObjective>(m_objective);
}

void BillingSection::showState(const InputsState& state)
{
    // The spot and reserved rows stay where they are, off while their mode does not count, and say why: rows that
    // appeared when Spot was ticked moved the rows below under the pointer, and a value typed for one went into
    // another (issue 44, fourth try).
    auto applies = [](QWidget* input, bool on, const QString& tip, const QString& why) {
        input->setEnabled(on);
        input->setToolTip(on ? tip : why);
    };
    const QString notSpot = InputsPanel::tr("Counts only with %1 billing: tick it under Billing modes")
                                .arg(CoreText::billingMode(QStringLiteral("spot")));
    applies(m_spotInterruptions, state.spot,
        InputsPanel::tr("How often a spot instance is reclaimed; each interruption loses the work since the last "
                        "checkpoint plus a restart"),
        notSpot);
    applies(m_checkpointInterval, state.spot,
        InputsPanel::tr("Hours between checkpoints: on average half of it is lost per interruption"), notSpot);
    applies(m_reservedTerm, state.reserved,
        InputsPanel::tr("The reservation's term: the discounted rate is paid for every hour of it, so "
                        "a run shorter than the term pays for the unused hours too. The catalog's reserved "
                        "discounts are quoted for a %1.")
            .arg(CoreText::reservedTerm(gp::quotedReservedTermMonths(gp::builtinCatalog()))),
        InputsPanel::tr("Counts only with %1 billing: tick it under Billing modes")
            .arg(CoreText::billingMode(QStringLiteral("reserved"))));
    setFormRowVisible(m_deadlineDays->parentWidget(), state.objective == gp::SearchObjective::CostUnderDeadline);
    setFormRowVisible(m_budget->parentWidget(), state.objective == gp::SearchObjective::TimeUnderBudget);
}

QCheckBox* BillingSection::billingModeBox(const QString& mode) const
{
    for (QCheckBox* box : m_billingModes)
        if (box->property("mode").toString() == mode)
            return box;
    return nullptr;
}

} // namespace gpui
