#include "widgets/cloud_import_dialog.h"

#include "catalog_store.h"
#include "core_text.h"

#include "base/reader_words.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gpui
{

CloudImportDialog::CloudImportDialog(const gp::Catalog& catalog, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Import Cloud Prices"));
    auto* layout = new QVBoxLayout(this);
    auto* help = new QLabel(
        tr("Save what one of these commands prints (JSON) on any machine with your cloud account, then import it here. "
           "Sizes, prices and stock per zone go into your catalog overrides, for every plan; this program never "
           "connects to the network.<br><tt>tccli cvm DescribeZoneInstanceConfigInfos</tt>, "
           "<tt>tccli cvm InquiryPriceRunInstances</tt>, <tt>aws ec2 describe-instance-types</tt>, "
           "<tt>aws pricing get-products --service-code AmazonEC2</tt>, <tt>aliyun ecs DescribeInstanceTypes</tt>, "
           "<tt>aliyun ecs DescribeAvailableResource</tt>, <tt>aliyun ecs DescribePrice</tt>"));
    help->setWordWrap(true);
    help->setTextFormat(Qt::RichText);
    layout->addWidget(help);
    auto* form = new QFormLayout;
    m_path = new QLineEdit;
    auto* browse = new QPushButton(tr("Browse…"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Cloud Listing"), m_path->text(), tr("JSON files (*.json);;All files (*)"));
        if (!file.isEmpty())
            m_path->setText(file);
    });
    m_currency = new QComboBox;
    m_currency->addItem(tr("As the file says"), QString());
    m_currency->addItem(tr("CNY (China site)"), QStringLiteral("CNY"));
    m_currency->addItem(tr("USD (international site)"), QStringLiteral("USD"));
    m_currency->setToolTip(tr("Tencent's listings do not say their currency: CNY on the China site, USD on the "
                              "international site"));
    m_instance = new QComboBox;
    m_instance->setEditable(true);
    m_instance->addItem(QString());
    for (const gp::InstanceSpec& i : catalog.instances)
        if (i.provider != "onprem")
            m_instance->addItem(QString::fromStdString(i.id));
    m_instance->setToolTip(tr("For a quote that does not name its instance (InquiryPriceRunInstances, DescribePrice)"));
    m_region = new QLineEdit;
    m_region->setPlaceholderText(tr("every region in the file, e.g. ap-guangzhou"));
    m_months = new QSpinBox;
    m_months->setRange(0, 60);
    m_months->setSpecialValueText(tr("hourly quote"));
    m_months->setSuffix(tr(" months"));
    m_months->setToolTip(tr("For a prepaid quote: the period it is the total for"));
    form->addRow(tr("File"), pathRow);
    form->addRow(tr("Currency"), m_currency);
    form->addRow(tr("Instance"), m_instance);
    form->addRow(tr("Region"), m_region);
    form->addRow(tr("Prepaid period"), m_months);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

CloudImportDialog::~CloudImportDialog() = default;

void CloudImportDialog::setPath(const QString& path)
{
    m_path->setText(path);
}

QString CloudImportDialog::path() const
{
    return m_path->text().trimmed();
}

gp::CloudImportOptions CloudImportDialog::options() const
{
    gp::CloudImportOptions o;
    o.currency = m_currency->currentData().toString().toStdString();
    o.instance = m_instance->currentText().trimmed().toStdString();
    o.region = m_region->text().trimmed().toStdString();
    if (m_months->value() > 0)
        o.months = m_months->value();
    return o;
}

QString CloudImportDialog::describe(const gp::CloudImportResult& result)
{
    QString text = tr("%1: %n price(s), ", nullptr, result.prices).arg(QString::fromStdString(result.format))
        + tr("%n stock listing(s), ", nullptr, result.stock) + tr("%n new instance(s).", nullptr, result.added);
    QStringList lines;
    for (const gp::Diagnostic& n : result.notices) {
        const QString instance = QString::fromStdString(n.arg("instance"));
        if (n.code == "import_unknown_gpu")
            lines << tr("%1: unknown GPU \"%2\"; left out.").arg(instance, QString::fromStdString(n.arg("gpu")));
        else if (n.code == "import_unknown_family")
            lines << tr("%1: unknown instance family \"%2\"; left out.")
                         .arg(instance, QString::fromStdString(n.arg("family")));
        else if (n.code == "import_unknown_instance")
            lines << tr("%1 is not in the catalog; import the listing of its size first.").arg(instance);
        else if (n.code == "import_fractional_gpu")
            lines << tr("%1: %2 of a GPU (vGPU) is not a whole GPU; left out.")
                         .arg(instance, QString::fromStdString(n.arg("gpus")));
        else if (n.code == "import_user_quote_replaced")
            lines << tr("%1: your own quote was replaced by the imported price.").arg(instance);
        else if (n.code == "import_prices_differ_by_zone")
            lines << tr("%1: prices differ by zone; the lowest (%2) is used.")
                         .arg(instance, QString::fromStdString(n.arg("zone")));
        else
            lines << QString::fromStdString(n.message);
    }
    if (!lines.isEmpty())
        text += QStringLiteral("\n\n") + lines.join(QLatin1Char('\n'));
    return text;
}

QString CloudImportDialog::refusal(const gp::Error& error)
{
    if (error.words.size() != 1)
        return CoreText::error(error);
    const gp::Words& w = error.words.front();
    const std::string_view text = w.text ? w.text : "";
    auto arg = [&](std::size_t i) { return i < w.args.size() ? QString::fromStdString(w.args[i]) : QString(); };
    if (text == gp::words::kCurrencyUnsaid)
        return tr("%1 output does not say its currency: choose CNY (China site) or USD (international site) under "
                  "%2.")
            .arg(arg(0), tr("Currency"));
    if (text == gp::words::kQuoteNamesNoInstance)
        return tr("This %1 quote does not name its instance: choose it under %2.").arg(arg(0), tr("Instance"));
    if (text == gp::words::kSeveralRegions)
        return tr("The file prices %1 in several regions (%2): name one under %3.").arg(arg(0), arg(1), tr("Region"));
    if (text == gp::words::kPrepaidNeedsMonths || text == gp::words::kTooLargeForHourly)
        return tr("This is a prepaid quote (a total for the period asked): give its months under %1.")
            .arg(tr("Prepaid period"));
    return CoreText::error(error);
}

bool CloudImportDialog::run(QWidget* parent, CatalogStore* store, const QString& given)
{
    CloudImportDialog dialog(*store->catalog(), parent);
    const QString file = !given.isEmpty() ? given
                                          : QFileDialog::getOpenFileName(parent, tr("Import Cloud Prices"), QString(),
                                              tr("JSON files (*.json);;All files (*)"));
    if (file.isEmpty())
        return false;
    dialog.setPath(file);
    if (given.isEmpty() && (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()))
        return false;
    auto result = store->importCloudListing(dialog.path(), dialog.options());
    if (!result) {
        QMessageBox::warning(parent, tr("Import Cloud Prices"),
            tr("Nothing was imported; your overrides are unchanged.\n\n%1").arg(refusal(result.error())));
        return false;
    }
    if (result->prices == 0 && result->stock == 0 && result->added == 0) {
        QMessageBox::warning(parent, tr("Import Cloud Prices"),
            tr("Nothing to import; your overrides are unchanged.\n\n%1").arg(describe(*result)));
        return false;
    }
    QMessageBox::information(parent, tr("Import Cloud Prices"), describe(*result));
    return true;
}

} // namespace gpui
