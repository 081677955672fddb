// File > Import Cloud Prices: a listing printed by a cloud's CLI (tccli, aws, aliyun) merged into the user's
// overrides, offline; the result and every entry left out are shown by name.
#pragma once

#include "catalog/catalog_import.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace gpui
{

class CatalogStore;

class CloudImportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CloudImportDialog(const gp::Catalog& catalog, QWidget* parent = nullptr);
    ~CloudImportDialog() override;

    void setPath(const QString& path);
    QString path() const;
    // Currency, instance, region and period as chosen (file name and date are filled in by the store).
    gp::CloudImportOptions options() const;

    // Asks for the file and options, imports into `store` and reports what came in; false when cancelled or failed.
    // `path` given: no file dialog and the options as they start (tests); the messages are shown as for a file chosen.
    static bool run(QWidget* parent, CatalogStore* store, const QString& path = {});
    // The result in words: counts, then each entry left out or worth knowing.
    static QString describe(const gp::CloudImportResult& result);
    // A refused import in the window's words: where the core names a command-line option (--currency, --instance,
    // --region, --months), the dialog's field that stands for it.
    static QString refusal(const gp::Error& error);

private:
    QLineEdit* m_path;
    QComboBox* m_currency;
    QComboBox* m_instance;
    QLineEdit* m_region;
    QSpinBox* m_months;
};

} // namespace gpui
