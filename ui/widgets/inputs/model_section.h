// The Model group: a preset (searched by part of its name), a custom size, or an imported config.json.
#pragma once

#include "widgets/inputs/section_kit.h"

#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;

namespace gpui
{

class ModelSection : public InputsSection
{
public:
    // `importRequested` and `importCachedRequested` run when the two import buttons are clicked.
    ModelSection(SectionKit& kit, QVBoxLayout* outer, std::function<void()> importRequested,
        std::function<void()> importCachedRequested);

    void setPlan(const gp::Plan& plan) override;
    bool apply(InputField field, gp::Plan& plan, bool& ok) override;
    QString describe(InputField field) const override;
    void showState(const InputsState&) override;
    // A parameter count typed but not taken keeps its message.
    void showTextProblems();
    // The line under the picker: the resolved parameter count and notes.
    void setModelInfo(const QString& text);
    // The weight format the imported config ships (taken with the imported model).
    void setImportedFormat(gp::WeightFormat format) { m_importedFormat = format; }

    QComboBox* modelBox() const { return m_preset; }
    QLineEdit* parametersBox() const { return m_parameters; }

private:
    // A partial model name typed with Enter: the one preset it matches, or a message (none or several match).
    void pickTypedPreset();
    void applyModel(gp::Plan& plan, bool& ok);

    SectionKit& m_kit;
    QComboBox* m_preset = nullptr;
    QLineEdit* m_parameters = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_importCached = nullptr;
    QLabel* m_modelInfo = nullptr;
    std::optional<gp::Architecture> m_importedArchitecture;
    gp::WeightFormat m_importedFormat = gp::WeightFormat::Same; // the format the imported config ships
    QString m_importedName;
};

} // namespace gpui
