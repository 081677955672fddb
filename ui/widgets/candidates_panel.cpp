#include "widgets/candidates_panel.h"

#include "catalog_store.h"
#include "core_text.h"
#include "models/candidate_list_model.h"
#include "settings.h"
#include "widgets/candidate_dialogs.h"
#include "widgets/catalog_dialog.h"

#include <functional>

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace gpui
{

namespace
{

// Nodes ("auto" at 0) and GPUs per node are edited in a spin box in the cell.
class CountDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override
    {
        auto* box = new QSpinBox(parent);
        box->setFrame(false);
        if (index.column() == CandidateListModel::Nodes) {
            box->setRange(0, 4096); // the plan format's limit for candidates[].nodes
            box->setSpecialValueText(CandidatesPanel::tr("auto"));
        } else {
            box->setRange(1, 64); // candidates[].gpus_per_node
        }
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        static_cast<QSpinBox*>(editor)->setValue(index.data(Qt::EditRole).toInt());
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        auto* box = static_cast<QSpinBox*>(editor);
        box->interpretText();
        model->setData(index, box->value(), Qt::EditRole);
    }
};

// The MIG slice is chosen from the GPU's profiles in a combo box in the cell (mouse, or F2 / typing then the arrow
// keys and Return).
class MigDelegate : public QStyledItemDelegate
{
public:
    MigDelegate(
        const CandidateListModel* model, std::function<std::shared_ptr<const gp::Catalog>()> catalog, QObject* parent)
        : QStyledItemDelegate(parent)
        , m_model(model)
        , m_catalog(std::move(catalog))
    {
    }

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override
    {
        auto* box = new QComboBox(parent);
        box->setFrame(false);
        box->addItem(CandidatesPanel::tr("whole GPU"), QString());
        const std::shared_ptr<const gp::Catalog> catalog = m_catalog();
        const gp::CandidateSpec* c = m_model->candidate(index.row());
        if (!c || !catalog)
            return box;
        const gp::InstanceSpec* spec = c->instance.empty() ? nullptr : catalog->findInstance(c->instance);
        const gp::GpuSpec* gpu = catalog->findGpu(spec ? spec->gpu : c->gpu);
        for (const gp::MigProfile& p : CandidateListModel::migChoices(*c, *catalog))
            box->addItem(gpu ? CandidateListModel::migText(p, *gpu) : QString::fromStdString(p.name),
                QString::fromStdString(p.name));
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        auto* box = static_cast<QComboBox*>(editor);
        box->setCurrentIndex(std::max(0, box->findData(index.data(Qt::EditRole).toString())));
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        model->setData(index, static_cast<QComboBox*>(editor)->currentData().toString(), Qt::EditRole);
    }

private:
    const CandidateListModel* m_model;
    std::function<std::shared_ptr<const gp::Catalog>()> m_catalog;
};

} // namespace

CandidatesPanel::CandidatesPanel(CatalogStore* store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new CandidateListModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    m_view = new QTableView;
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    // Names are elided in the middle ("GT4.4…948" keeps both ends), shown whole in the tooltip, and the column can be
    // widened by hand (the table then scrolls sideways).
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(CandidateListModel::Candidate, QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    auto* counts = new CountDelegate(m_view);
    m_view->setItemDelegateForColumn(CandidateListModel::Nodes, counts);
    m_view->setItemDelegateForColumn(CandidateListModel::GpusPerNode, counts);
    m_view->setItemDelegateForColumn(CandidateListModel::Mig,
        new MigDelegate(
            m_model, [store] { return store->catalog(); }, m_view));
    connect(m_model, &CandidateListModel::candidateEdited, this, &CandidatesPanel::editCandidate);
    layout->addWidget(m_view, 1);
    auto* buttons = new QGridLayout;
    m_choose = new QPushButton;
    m_onPrem = new QPushButton;
    m_price = new QPushButton;
    m_remove = new QPushButton;
    buttons->addWidget(m_choose, 0, 0);
    buttons->addWidget(m_onPrem, 0, 1);
    buttons->addWidget(m_price, 1, 0);
    buttons->addWidget(m_remove, 1, 1);
    layout->addLayout(buttons);
    connect(m_choose, &QPushButton::clicked, this, &CandidatesPanel::chooseFromCatalog);
    connect(m_onPrem, &QPushButton::clicked, this, &CandidatesPanel::addOnPremise);
    connect(m_price, &QPushButton::clicked, this, &CandidatesPanel::editPrice);
    connect(m_remove, &QPushButton::clicked, this, &CandidatesPanel::removeSelected);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (!(m_model->flags(index) & Qt::ItemIsEditable)) // editable cells edit in place
            editPrice();
    });
    connect(m_store, &CatalogStore::catalogChanged, this, &CandidatesPanel::refresh);
    retranslate();
}

CandidatesPanel::~CandidatesPanel() = default;

void CandidatesPanel::retranslate()
{
    m_hint->setText(tr("Instances and machines the planner compares. An empty list compares every catalog "
                       "instance."));
    m_choose->setText(tr("Choose from Catalog…"));
    m_onPrem->setText(tr("Add On-Premise Machine…"));
    m_price->setText(tr("Edit Price…"));
    m_price->setToolTip(tr("Enter your own quote; it is saved to your catalog overrides"));
    m_remove->setText(tr("Remove"));
}

void CandidatesPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void CandidatesPanel::setPlan(const gp::Plan& plan)
{
    m_plan = plan;
    refresh();
}

void CandidatesPanel::refresh()
{
    const int row = currentRow();
    m_model->setCandidates(m_plan.candidates, m_store->catalog(), QString::fromStdString(m_plan.billing.currency));
    if (row >= 0 && row < m_model->rowCount())
        m_view->selectRow(row);
    // The names' column starts wide enough for the longest name, within reason; the user may widen it further.
    m_view->resizeColumnToContents(CandidateListModel::Candidate);
    const int most = std::max(120, m_view->viewport()->width() / 2);
    if (m_view->columnWidth(CandidateListModel::Candidate) > most)
        m_view->setColumnWidth(CandidateListModel::Candidate, most);
}

void CandidatesPanel::editCandidate(int row, const gp::CandidateSpec& candidate)
{
    if (row < 0 || row >= int(m_plan.candidates.size()))
        return;
    gp::Plan plan = m_plan;
    const bool nodes = plan.candidates[size_t(row)].nodes != candidate.nodes;
    const bool mig = plan.candidates[size_t(row)].mig != candidate.mig
        && plan.candidates[size_t(row)].gpusPerNode == candidate.gpusPerNode;
    plan.candidates[size_t(row)] = candidate;
    m_plan = plan;
    // The model is inside setData() here: the plan (and with it the model) changes once the edit has closed.
    QMetaObject::invokeMethod(
        this,
        [this, plan, nodes, mig] {
            if (mig)
                emit planEdited(plan, EditText([] { return tr("Choose MIG slice"); }), -1);
            else if (nodes)
                emit planEdited(plan, EditText([] { return tr("Change nodes"); }), -1);
            else
                emit planEdited(plan, EditText([] { return tr("Change GPUs per node"); }), -1);
        },
        Qt::QueuedConnection);
}

int CandidatesPanel::currentRow() const
{
    const QModelIndexList rows
        = m_view->selectionModel() ? m_view->selectionModel()->selectedRows() : QModelIndexList();
    return rows.isEmpty() ? -1 : rows.front().row();
}

void CandidatesPanel::chooseFromCatalog()
{
    QSet<QString> checked;
    for (const gp::CandidateSpec& c : m_plan.candidates)
        if (!c.instance.empty())
            checked.insert(QString::fromStdString(c.instance));
    CatalogDialog dialog(m_store->catalog(), checked, m_plan.billing.regions, this);
    if (m_settings)
        dialog.restoreGeometry(m_settings->value(Settings::Key::CatalogDialogGeometry).toByteArray());
    const int result = dialog.exec();
    if (m_settings)
        m_settings->setValue(Settings::Key::CatalogDialogGeometry, dialog.saveGeometry());
    if (result != QDialog::Accepted)
        return;
    QStringList ids(dialog.checkedIds().begin(), dialog.checkedIds().end());
    ids.sort();
    applyCatalogChoice(ids, dialog.regions());
}

void CandidatesPanel::applyCatalogChoice(
    const QStringList& instanceIds, const std::optional<std::map<std::string, std::string>>& regions)
{
    gp::Plan plan = m_plan;
    if (regions)
        plan.billing.regions = *regions;
    std::vector<gp::CandidateSpec> next;
    // Keep the order of instances already chosen, then append new ones.
    for (const gp::CandidateSpec& c : m_plan.candidates)
        if (c.instance.empty() || instanceIds.contains(QString::fromStdString(c.instance)))
            next.push_back(c);
    for (const QString& id : instanceIds) {
        const std::string sid = id.toStdString();
        const bool present = std::any_of(next.begin(), next.end(), [&](const auto& c) { return c.instance == sid; });
        if (!present) {
            gp::CandidateSpec c;
            c.instance = sid;
            c.nodes = std::nullopt; // "auto": the planner scales out up to Max nodes
            next.push_back(c);
        }
    }
    plan.candidates = std::move(next);
    if (plan == m_plan)
        return;
    m_plan = plan;
    refresh();
    emit planEdited(plan, EditText([] { return tr("Choose candidates"); }), -1);
}

void CandidatesPanel::addMachine(const gp::CandidateSpec& machine)
{
    gp::Plan plan = m_plan;
    plan.candidates.push_back(machine);
    m_plan = plan;
    refresh();
    emit planEdited(plan, EditText([] { return tr("Add on-premise machine"); }), -1);
}

void CandidatesPanel::addOnPremise()
{
    OnPremDialog dialog(m_store->catalog(), QString::fromStdString(m_plan.billing.currency), this);
    if (dialog.exec() == QDialog::Accepted)
        addMachine(dialog.candidate());
}

void CandidatesPanel::editPrice()
{
    const int row = currentRow();
    const gp::CandidateSpec* c = m_model->candidate(row);
    if (!c)
        return;
    if (c->instance.empty()) {
        // An on-premise machine: its price lives in the plan.
        OnPremDialog dialog(m_store->catalog(), QString::fromStdString(m_plan.billing.currency), this);
        dialog.setCandidate(*c);
        if (dialog.exec() != QDialog::Accepted)
            return;
        gp::Plan plan = m_plan;
        plan.candidates[size_t(row)] = dialog.candidate();
        m_plan = plan;
        refresh();
        emit planEdited(plan, EditText([] { return tr("Edit on-premise machine"); }), -1);
        return;
    }
    const gp::InstanceSpec* spec = m_store->catalog()->findInstance(c->instance);
    if (!spec) {
        emit errorOccurred(tr("%1 is not in the catalog.").arg(QString::fromStdString(c->instance)));
        return;
    }
    const std::string id = spec->id;
    PriceDialog dialog(*spec, m_store->hasUserPrice(id), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    auto saved = dialog.resetRequested() ? m_store->clearPrice(id) : m_store->setPrice(id, dialog.price());
    if (!saved)
        emit errorOccurred(tr("Could not save the price: %1").arg(CoreText::error(saved.error())));
}

void CandidatesPanel::removeSelected()
{
    const int row = currentRow();
    if (row < 0 || row >= int(m_plan.candidates.size()))
        return;
    gp::Plan plan = m_plan;
    plan.candidates.erase(plan.candidates.begin() + row);
    m_plan = plan;
    refresh();
    emit planEdited(plan, EditText([] { return tr("Remove candidate"); }), -1);
}

} // namespace gpui
