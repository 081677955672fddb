#include "widgets/catalog_dialog.h"

#include "core_text.h"
#include "models/catalog_model.h"
#include "region_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace gpui
{

CatalogDialog::CatalogDialog(std::shared_ptr<const gp::Catalog> catalog, const QSet<QString>& checked, QWidget* parent)
    : CatalogDialog(std::move(catalog), checked, {}, parent)
{
}

CatalogDialog::CatalogDialog(std::shared_ptr<const gp::Catalog> catalog, const QSet<QString>& checked,
    const std::map<std::string, std::string>& regions, QWidget* parent)
    : QDialog(parent)
    , m_catalog(catalog)
    , m_model(new CatalogModel(this))
    , m_filter(new CatalogFilterModel(this))
{
    setWindowTitle(tr("Choose Candidate Instances"));
    resize(1100, 620);
    std::set<std::string> providers;
    for (const gp::InstanceSpec& i : catalog->instances)
        providers.insert(i.provider);
    m_model->setCatalog(std::move(catalog));
    m_model->setCheckedIds(checked);
    m_model->setRegions(regions);
    m_filter->setSourceModel(m_model);
    m_filter->setPricedInRegionOnly(true);

    auto* layout = new QVBoxLayout(this);
    auto* filters = new QHBoxLayout;
    m_provider = new QComboBox;
    m_provider->addItem(tr("All providers"), QString());
    for (const std::string& p : providers)
        m_provider->addItem(CoreText::provider(QString::fromStdString(p)), QString::fromStdString(p));
    m_region = new QComboBox;
    m_region->setToolTip(tr("Show prices for this region of the chosen provider; instances without a price there "
                            "are hidden unless chosen"));
    m_text = new QLineEdit;
    m_text->setPlaceholderText(tr("Filter by instance or GPU, e.g. A100"));
    m_text->setClearButtonEnabled(true);
    m_minMemory = new QDoubleSpinBox;
    m_minMemory->setRange(0, 1024);
    m_minMemory->setDecimals(0);
    m_minMemory->setPrefix(tr("≥ "));
    m_minMemory->setSuffix(tr(" GiB/GPU"));
    m_minMemory->setSpecialValueText(tr("Any memory"));
    m_maxPrice = new QDoubleSpinBox;
    m_maxPrice->setRange(0, 1e6);
    m_maxPrice->setDecimals(0);
    m_maxPrice->setSingleStep(10);
    m_maxPrice->setPrefix(tr("≤ "));
    m_maxPrice->setSuffix(tr(" / h"));
    m_maxPrice->setSpecialValueText(tr("Any price"));
    m_checkedOnly = new QCheckBox(tr("Chosen only"));
    m_hideSoldOut = new QCheckBox(tr("Hide sold-out sizes"));
    filters->addWidget(m_provider);
    filters->addWidget(m_region);
    filters->addWidget(m_text, 1);
    filters->addWidget(m_minMemory);
    filters->addWidget(m_maxPrice);
    filters->addWidget(m_checkedOnly);
    filters->addWidget(m_hideSoldOut);
    layout->addLayout(filters);

    m_view = new QTableView;
    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(CatalogModel::Provider, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_view, 1);

    auto* bottom = new QHBoxLayout;
    m_count = new QLabel;
    bottom->addWidget(m_count, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    auto* none = buttons->addButton(tr("Clear Choice"), QDialogButtonBox::ResetRole);
    auto* shown = buttons->addButton(tr("Choose All Shown"), QDialogButtonBox::ActionRole);
    shown->setObjectName(QStringLiteral("chooseAllShown"));
    shown->setToolTip(tr("Add every instance the filters show to the choice"));
    connect(shown, &QPushButton::clicked, this, [this] {
        QSet<QString> ids = m_model->checkedIds();
        for (int row = 0; row < m_filter->rowCount(); ++row)
            ids.insert(m_filter->index(row, 0).data(CatalogModel::IdRole).toString());
        m_model->setCheckedIds(ids);
    });
    bottom->addWidget(buttons);
    layout->addLayout(bottom);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(none, &QPushButton::clicked, this, [this] { m_model->setCheckedIds({}); });
    connect(m_provider, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setProvider(m_provider->currentData().toString());
        fillRegions();
    });
    connect(m_region, &QComboBox::currentIndexChanged, this, &CatalogDialog::regionChosen);
    fillRegions();
    connect(m_text, &QLineEdit::textChanged, m_filter, &CatalogFilterModel::setText);
    connect(m_minMemory, &QDoubleSpinBox::valueChanged, m_filter, &CatalogFilterModel::setMinGpuMemoryGib);
    connect(m_maxPrice, &QDoubleSpinBox::valueChanged, m_filter, &CatalogFilterModel::setMaxPricePerHour);
    connect(m_checkedOnly, &QCheckBox::toggled, m_filter, &CatalogFilterModel::setCheckedOnly);
    connect(m_hideSoldOut, &QCheckBox::toggled, m_filter, &CatalogFilterModel::setHideSoldOut);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &CatalogDialog::updateCount);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &CatalogDialog::updateCount);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &CatalogDialog::updateCount);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &CatalogDialog::updateCount);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &CatalogDialog::updateCount);
    updateCount();
}

CatalogDialog::~CatalogDialog() = default;

QSet<QString> CatalogDialog::checkedIds() const
{
    return m_model->checkedIds();
}

std::map<std::string, std::string> CatalogDialog::regions() const
{
    return m_model->regions();
}

void CatalogDialog::fillRegions()
{
    const std::string provider = m_provider->currentData().toString().toStdString();
    const QSignalBlocker block(m_region);
    m_region->clear();
    if (provider.empty()) {
        m_region->addItem(tr("Choose a provider for its regions"), QString());
        m_region->setEnabled(false);
        return;
    }
    const gp::ProviderSpec* spec = m_catalog->findProvider(provider);
    const QString reference = spec ? QString::fromStdString(spec->referenceRegion) : QString();
    m_region->addItem(
        reference.isEmpty() ? tr("Reference region") : tr("Reference region (%1)").arg(RegionText::name(reference)),
        QString());
    for (const std::string& region : gp::providerRegions(*m_catalog, provider))
        if (QString::fromStdString(region) != reference)
            m_region->addItem(RegionText::name(QString::fromStdString(region)), QString::fromStdString(region));
    const auto chosen = m_model->regions().find(provider);
    if (chosen != m_model->regions().end()) {
        const QString name = QString::fromStdString(chosen->second);
        int at = m_region->findData(name);
        if (at < 0) { // a region the catalog has no price in: keep it, the rows say so
            m_region->addItem(name, name);
            at = m_region->count() - 1;
        }
        m_region->setCurrentIndex(at);
    }
    m_region->setEnabled(true);
}

void CatalogDialog::regionChosen()
{
    const std::string provider = m_provider->currentData().toString().toStdString();
    if (provider.empty())
        return;
    std::map<std::string, std::string> regions = m_model->regions();
    const std::string region = m_region->currentData().toString().toStdString();
    if (region.empty())
        regions.erase(provider);
    else
        regions[provider] = region;
    m_model->setRegions(regions);
    m_filter->invalidate();
    updateCount();
}

void CatalogDialog::updateCount()
{
    m_count->setText(tr("%1 chosen · %2 of %3 shown")
                         .arg(m_model->checkedIds().size())
                         .arg(m_filter->rowCount())
                         .arg(m_model->rowCount()));
}

} // namespace gpui
