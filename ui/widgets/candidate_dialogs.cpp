#include "widgets/candidate_dialogs.h"

#include "models/candidate_list_model.h"
#include "number_format.h"

#include <algorithm>

#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gpui
{

OnPremDialog::OnPremDialog(std::shared_ptr<const gp::Catalog> catalog, const QString& currency, QWidget* parent)
    : QDialog(parent)
    , m_catalog(std::move(catalog))
{
    setWindowTitle(tr("On-Premise Machine"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_label = new QLineEdit;
    m_label->setPlaceholderText(tr("e.g. Lab server 1"));
    m_gpu = new QComboBox;
    for (const gp::GpuSpec& g : m_catalog->gpus)
        m_gpu->addItem(tr("%1 (%2)").arg(QString::fromStdString(g.name), formatBytes(g.memoryBytes)),
            QString::fromStdString(g.id));
    m_gpus = new QSpinBox;
    m_gpus->setRange(1, 64);
    m_gpus->setValue(8);
    m_nodes = new QSpinBox;
    m_nodes->setRange(1, 1024);
    m_link = new QComboBox;
    m_link->addItem(tr("GPU's own (NVLink if any, else PCIe)"), QString());
    for (const gp::LinkSpec& l : m_catalog->links)
        m_link->addItem(QString::fromStdString(l.name), QString::fromStdString(l.id));
    m_mig = new QComboBox;
    m_mig->setToolTip(tr("A MIG slice of the GPU: one serving replica per slice, priced at the slice's share of the "
                         "machine's price. Offered on a machine of one GPU whose GPU has MIG profiles."));
    m_network = new QDoubleSpinBox;
    m_network->setRange(0, 100000);
    m_network->setDecimals(0);
    m_network->setSuffix(tr(" Gb/s"));
    // 0 is no network at all (a machine of one node): there is no catalog figure for owned hardware.
    m_network->setSpecialValueText(tr("none (one node only)"));
    m_network->setToolTip(tr("Each node's total network bandwidth to other nodes (8 x 200 Gb/s InfiniBand = 1600)"));
    m_networkNote = new QLabel;
    m_networkNote->setWordWrap(true);
    m_networkNote->setStyleSheet(QStringLiteral("color:#b36b00"));
    m_price = new QDoubleSpinBox;
    m_price->setRange(0, 1e7);
    m_price->setDecimals(2);
    m_price->setPrefix(currencySymbol(currency));
    m_price->setSuffix(tr(" / h"));
    m_price->setSpecialValueText(tr("free (owned)"));
    m_price->setToolTip(tr("What the whole machine (all nodes) costs per hour: amortization, power, or a quote"));
    form->addRow(tr("Name"), m_label);
    form->addRow(tr("GPU"), m_gpu);
    form->addRow(tr("GPUs per node"), m_gpus);
    form->addRow(tr("Nodes"), m_nodes);
    form->addRow(tr("GPU link"), m_link);
    form->addRow(tr("MIG slice"), m_mig);
    form->addRow(tr("Network"), m_network);
    form->addRow(QString(), m_networkNote);
    form->addRow(tr("Price"), m_price);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_nodes, &QSpinBox::valueChanged, this, &OnPremDialog::updateNetworkNote);
    connect(m_network, &QDoubleSpinBox::valueChanged, this, &OnPremDialog::updateNetworkNote);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, &OnPremDialog::updateMigChoices);
    connect(m_gpus, &QSpinBox::valueChanged, this, &OnPremDialog::updateMigChoices);
    updateNetworkNote();
    updateMigChoices();
}

void OnPremDialog::updateMigChoices()
{
    const QString kept = m_mig->currentData().toString();
    m_mig->clear();
    m_mig->addItem(tr("whole GPUs"), QString());
    gp::CandidateSpec c;
    c.gpu = m_gpu->currentData().toString().toStdString();
    c.gpusPerNode = m_gpus->value();
    const gp::GpuSpec* gpu = m_catalog->findGpu(c.gpu);
    for (const gp::MigProfile& p : CandidateListModel::migChoices(c, *m_catalog))
        m_mig->addItem(gpu ? CandidateListModel::migText(p, *gpu) : QString::fromStdString(p.name),
            QString::fromStdString(p.name));
    m_mig->setCurrentIndex(std::max(0, m_mig->findData(kept)));
    m_mig->setEnabled(m_mig->count() > 1);
}

void OnPremDialog::updateNetworkNote()
{
    const bool missing = m_nodes->value() > 1 && m_network->value() <= 0;
    m_networkNote->setText(missing ? tr("%1 nodes need a network bandwidth between them: give each node's network "
                                        "(8 x 200 Gb/s InfiniBand = 1600).")
                                         .arg(m_nodes->value())
                                   : QString());
    m_networkNote->setVisible(missing);
    m_ok->setEnabled(!missing);
}

QString OnPremDialog::networkNote() const
{
    return m_networkNote->isHidden() ? QString() : m_networkNote->text();
}

bool OnPremDialog::acceptable() const
{
    return m_ok->isEnabled();
}

OnPremDialog::~OnPremDialog() = default;

void OnPremDialog::setCandidate(const gp::CandidateSpec& c)
{
    m_label->setText(QString::fromStdString(c.label));
    if (int i = m_gpu->findData(QString::fromStdString(c.gpu)); i >= 0)
        m_gpu->setCurrentIndex(i);
    m_gpus->setValue(c.gpusPerNode);
    m_nodes->setValue(c.nodes.value_or(1));
    if (int i = m_link->findData(QString::fromStdString(c.intraNode)); i >= 0)
        m_link->setCurrentIndex(i);
    updateMigChoices();
    m_mig->setCurrentIndex(std::max(0, m_mig->findData(QString::fromStdString(c.mig))));
    m_network->setValue(c.interNodeGbps.value_or(0));
    m_price->setValue(c.pricePerHour.value_or(0));
}

gp::CandidateSpec OnPremDialog::candidate() const
{
    gp::CandidateSpec c;
    c.gpu = m_gpu->currentData().toString().toStdString();
    c.gpusPerNode = m_gpus->value();
    c.nodes = m_nodes->value();
    c.intraNode = m_link->currentData().toString().toStdString();
    c.mig = m_mig->currentData().toString().toStdString();
    if (m_network->value() > 0)
        c.interNodeGbps = m_network->value();
    c.pricePerHour = m_price->value();
    c.label = m_label->text().trimmed().toStdString();
    return c;
}

PriceDialog::PriceDialog(const gp::InstanceSpec& instance, bool hasUserPrice, QWidget* parent)
    : QDialog(parent)
    , m_base(instance.price)
{
    setWindowTitle(tr("Price of %1").arg(QString::fromStdString(instance.name)));
    const gp::PriceSpec& p = instance.price;
    const bool quote = hasUserPrice && (p.status == "user" || p.status == "quoted");
    auto shown = [&](const std::optional<double>& value, const char* field) {
        return Shown { value, quote && !p.keeps(field) };
    };
    m_shownHourly = shown(p.onDemandPerHour, "on_demand_per_hour");
    m_shownMonthly = shown(p.monthly, "monthly");
    m_shownSpot = shown(p.spotDiscount, "spot_discount");
    m_shownReserved = shown(p.reservedDiscount, "reserved_discount");

    auto* layout = new QVBoxLayout(this);
    auto* scope = new QLabel(tr("<b>Applies to every plan.</b> Your quote replaces the catalog price of this "
                                "instance in every plan you open, not only this one; it is kept in your catalog "
                                "overrides file. A figure you leave as shown stays the catalog's."));
    scope->setWordWrap(true);
    layout->addWidget(scope);
    auto* form = new QFormLayout;
    m_currency = new QComboBox;
    m_currency->addItem(tr("CNY (¥)"), QStringLiteral("CNY"));
    m_currency->addItem(tr("USD ($)"), QStringLiteral("USD"));
    if (int i = m_currency->findData(QString::fromStdString(p.currency)); i >= 0)
        m_currency->setCurrentIndex(i);
    // Enough decimals for every catalog figure (289.614): OK without a change must not round a price.
    m_hourly = new QDoubleSpinBox;
    m_hourly->setRange(0, 1e7);
    m_hourly->setDecimals(4);
    m_hourly->setSpecialValueText(tr("none"));
    m_hourly->setValue(p.onDemandPerHour.value_or(0));
    m_monthly = new QDoubleSpinBox;
    m_monthly->setRange(0, 1e9);
    m_monthly->setDecimals(2);
    m_monthly->setGroupSeparatorShown(true);
    m_monthly->setSpecialValueText(tr("none"));
    m_monthly->setValue(p.monthly.value_or(0));
    m_spotKind = new QComboBox;
    m_spotKind->addItem(tr("Discount off pay-as-you-go"), QStringLiteral("discount"));
    m_spotKind->addItem(tr("Price per hour"), QStringLiteral("price"));
    m_spot = new QDoubleSpinBox;
    m_spot->setDecimals(2);
    m_spot->setSpecialValueText(tr("none"));
    m_reserved = new QDoubleSpinBox;
    m_reserved->setRange(0, 99);
    m_reserved->setDecimals(2);
    m_reserved->setSuffix(tr(" % off"));
    m_reserved->setSpecialValueText(tr("none"));
    m_reserved->setValue(p.reservedDiscount.value_or(0) * 100);
    auto spotAsDiscount = [this] {
        m_spot->setRange(0, 99);
        m_spot->setDecimals(2);
        m_spot->setSuffix(tr(" % off"));
    };
    spotAsDiscount();
    m_spot->setValue(p.spotDiscount.value_or(0) * 100);
    connect(m_spotKind, &QComboBox::currentIndexChanged, this, [this, spotAsDiscount](int) {
        const bool price = m_spotKind->currentData().toString() == QLatin1String("price");
        const double hourly = m_hourly->value();
        const double current = m_spot->value();
        if (price) {
            m_spot->setRange(0, 1e7);
            m_spot->setDecimals(4);
            m_spot->setSuffix(tr(" / h"));
            m_spot->setValue(current > 0 && hourly > 0 ? hourly * (1 - current / 100) : 0);
        } else {
            spotAsDiscount();
            m_spot->setValue(current > 0 && hourly > 0 ? std::clamp((1 - current / hourly) * 100, 0.0, 99.0) : 0);
        }
    });
    m_initialHourly = m_hourly->value();
    m_initialMonthly = m_monthly->value();
    m_initialSpot = m_spot->value();
    m_initialReserved = m_reserved->value();
    m_source = new QLineEdit;
    m_source->setPlaceholderText(tr("Where the quote came from, e.g. sales email 2026-11-20"));
    if (quote)
        m_source->setText(QString::fromStdString(p.source));
    auto* spotRow = new QHBoxLayout;
    spotRow->addWidget(m_spotKind);
    spotRow->addWidget(m_spot, 1);
    form->addRow(tr("Currency"), m_currency);
    form->addRow(tr("Pay-as-you-go per hour"), m_hourly);
    form->addRow(tr("Monthly subscription"), m_monthly);
    form->addRow(tr("Spot"), spotRow);
    form->addRow(tr("Reserved discount"), m_reserved);
    form->addRow(tr("Source"), m_source);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    if (hasUserPrice) {
        QPushButton* reset = buttons->addButton(tr("Use Catalog Price"), QDialogButtonBox::ResetRole);
        connect(reset, &QPushButton::clicked, this, [this] {
            m_reset = true;
            accept();
        });
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

PriceDialog::~PriceDialog() = default;

std::optional<double> PriceDialog::figure(
    const QDoubleSpinBox* box, double shownValue, const Shown& shown, double scale) const
{
    const bool currencyChanged = m_currency->currentData().toString().toStdString() != m_base.currency;
    if (box->value() == shownValue && !currencyChanged) {
        // Unchanged: the exact figure if the quote gave it (289.614 stays 289.614), else not part of the quote.
        return shown.quoted ? shown.value : std::nullopt;
    }
    if (box->value() <= 0)
        return std::nullopt;
    return box->value() / scale;
}

gp::PriceSpec PriceDialog::price() const
{
    gp::PriceSpec p;
    p.currency = m_currency->currentData().toString().toStdString();
    p.onDemandPerHour = figure(m_hourly, m_initialHourly, m_shownHourly, 1);
    p.monthly = figure(m_monthly, m_initialMonthly, m_shownMonthly, 1);
    p.reservedDiscount = figure(m_reserved, m_initialReserved, m_shownReserved, 100);
    if (m_spotKind->currentData().toString() == QLatin1String("price")) {
        // A spot price per hour, stored as the discount off this quote's (or the catalog's) pay-as-you-go price.
        const double hourly = m_hourly->value();
        if (m_spot->value() > 0 && hourly > 0)
            p.spotDiscount = std::clamp(1 - m_spot->value() / hourly, 0.0, 0.99);
    } else {
        p.spotDiscount = figure(m_spot, m_initialSpot, m_shownSpot, 100);
    }
    p.status = "user";
    p.source
        = m_source->text().trimmed().isEmpty() ? std::string("user quote") : m_source->text().trimmed().toStdString();
    p.asOf = QDate::currentDate().toString(Qt::ISODate).toStdString();
    return p;
}

} // namespace gpui
