// Editors built from the plan's field table (field_editor.h).
#include "widgets/inputs/field_editor.h"

#include "number_format.h"
#include "plan/field_units.h"
#include "widgets/inputs/field_text.h"
#include "widgets/inputs/section_kit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>

#include <cmath>

namespace gpui
{

UnitSpinBox::UnitSpinBox(const gp::PlanField& field, std::string shownSymbol, QWidget* parent)
    : QDoubleSpinBox(parent)
    , m_field(field)
    , m_symbol(std::move(shownSymbol))
{
    m_shownPerFieldUnit = gp::readQuantity("1" + m_symbol, field.unit).value_or(1);
    setKeyboardTracking(false); // a typed value applies on Enter or focus out
}

UnitSpinBox::~UnitSpinBox() = default;

std::optional<double> UnitSpinBox::shownValue(QString text) const
{
    text = text.trimmed();
    if (!prefix().isEmpty() && text.startsWith(prefix()))
        text.remove(0, prefix().size());
    // The whole text first ("500 ms" in a box showing " s"), then without the box's own suffix ("0.05 s ms").
    auto value = gp::readQuantity(text.toStdString(), m_field.unit, m_symbol);
    if (!value && !suffix().trimmed().isEmpty() && text.endsWith(suffix().trimmed()))
        value = gp::readQuantity(text.chopped(suffix().trimmed().size()).toStdString(), m_field.unit, m_symbol);
    if (!value)
        return std::nullopt;
    return *value / m_shownPerFieldUnit;
}

QValidator::State UnitSpinBox::validate(QString& input, int&) const
{
    if (!specialValueText().isEmpty() && input == specialValueText())
        return QValidator::Acceptable;
    const auto value = shownValue(input);
    // Text that is not (yet) a number in range stays as typed: fixup() says what is wrong with it.
    return value && *value >= minimum() && *value <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

double UnitSpinBox::valueFromText(const QString& text) const
{
    if (!specialValueText().isEmpty() && text == specialValueText())
        return minimum();
    return shownValue(text).value_or(value());
}

QString UnitSpinBox::textFromValue(double value) const
{
    // A time in the one form of number_format.h (the answer's "target 1,000.00 s" and the box's text alike).
    if (m_field.unit == gp::FieldUnit::Seconds)
        return formatSeconds(value * m_shownPerFieldUnit);
    return QDoubleSpinBox::textFromValue(value);
}

void UnitSpinBox::fixup(QString& input) const
{
    if (!refused || (!specialValueText().isEmpty() && input == specialValueText()))
        return;
    const auto value = shownValue(input);
    if (!value)
        refused(FieldText::unreadable(m_field, input.trimmed()));
    else if (*value < minimum() || *value > maximum())
        refused(FieldText::outOfRange(m_field, *value * m_shownPerFieldUnit));
}

FieldEditor::FieldEditor(const gp::PlanField& field)
    : m_field(field)
{
    const QString name = QStringLiteral("field:") + QString::fromUtf8(field.path.data(), qsizetype(field.path.size()));
    switch (field.kind) {
    case gp::FieldKind::Boolean:
        if (field.optional) { // a flag that may be absent: "default", yes, no
            m_combo = new QComboBox;
            m_input = m_combo;
            for (const char* data : { "", "true", "false" })
                m_combo->addItem(QString(), QString::fromLatin1(data));
            QObject::connect(m_combo, &QComboBox::activated, m_combo, [this] {
                const QString data = m_combo->currentData().toString();
                if (!m_showing && edited)
                    edited(data.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(data == QLatin1String("true")));
            });
            break;
        }
        m_check = new QCheckBox;
        m_input = m_check;
        QObject::connect(m_check, &QCheckBox::toggled, m_check, [this](bool on) {
            if (!m_showing && edited)
                edited(nlohmann::json(on));
        });
        break;
    case gp::FieldKind::Choice:
        m_combo = new QComboBox;
        m_input = m_combo;
        if (field.optional)
            m_combo->addItem(QString(), QString());
        for (std::string_view choice : field.choices)
            m_combo->addItem(QString(), QString::fromUtf8(choice.data(), qsizetype(choice.size())));
        QObject::connect(m_combo, &QComboBox::activated, m_combo, [this] {
            const QString data = m_combo->currentData().toString();
            if (!m_showing && edited)
                edited(data.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(data.toStdString()));
        });
        break;
    case gp::FieldKind::Text: // read as written; the plan's reader and the estimate say what is wrong with it
    case gp::FieldKind::Integer:
    case gp::FieldKind::Number:
        m_line = new QLineEdit;
        m_line->setProperty(kRefusesOnCommit, true);
        m_input = m_line;
        QObject::connect(m_line, &QLineEdit::editingFinished, m_line, [this] { lineFinished(); });
        break;
    }
    m_input->setObjectName(name);
    m_input->setProperty("planField", name.mid(6));
}

FieldEditor::~FieldEditor()
{
    // The input may outlive this editor for a moment (the panel's children go after its members).
    QObject::disconnect(m_input, nullptr, m_input, nullptr);
}

void FieldEditor::retranslate()
{
    const QString tip = FieldText::toolTip(m_field.path);
    m_input->setToolTip(tip);
    if (m_check)
        m_check->setText(FieldText::label(m_field.path));
    if (m_combo)
        for (int i = 0; i < m_combo->count(); ++i) {
            const QString data = m_combo->itemData(i).toString();
            m_combo->setItemText(i,
                data.isEmpty() ? FieldText::tr("default")
                    : m_field.kind == gp::FieldKind::Boolean
                    ? FieldText::value(m_field, nlohmann::json(data == QLatin1String("true")))
                    : FieldText::choice(m_field, data.toStdString()));
        }
    if (m_line) {
        m_line->setPlaceholderText(m_field.absentWord.empty() ? FieldText::tr("default") : FieldText::tr("auto"));
        // The plan's value in the new language's unit; text the line refused stays as typed.
        if (!m_shown.isEmpty() && m_line->text().trimmed() == m_shown) {
            const QString shown = numberText(m_shownValue);
            if (shown != m_shown) {
                m_shown = shown;
                const bool showing = m_showing;
                m_showing = true;
                showPlanText(m_line, m_shown); // its beginning in sight, as show() leaves it
                m_showing = showing;
            }
        }
    }
}

QString FieldEditor::numberText(const nlohmann::json& value) const
{
    if (value.is_null())
        return {};
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    const double v = value.get<double>();
    if (m_field.unit == gp::FieldUnit::Fraction)
        return QString::number(v * 100, 'g', 12) + QLatin1Char('%');
    const std::string_view symbol = gp::unitSymbol(m_field.unit);
    QString text = QString::number(v, 'g', 15);
    // The unit in the window's words ("0.05 秒", as the boxes beside it say "1.00 秒"); readable() reads it back.
    if (!symbol.empty())
        text += QLatin1Char(' ') + shownSymbol();
    return text;
}

QString FieldEditor::shownSymbol() const
{
    const std::string_view symbol = gp::unitSymbol(m_field.unit);
    const QString words = FieldText::unitSuffix(m_field.unit).trimmed();
    return words.isEmpty() ? QString::fromUtf8(symbol.data(), qsizetype(symbol.size())) : words;
}

QString FieldEditor::readable(const QString& text) const
{
    const std::string_view symbol = gp::unitSymbol(m_field.unit);
    const QString shown = shownSymbol();
    if (symbol.empty() || !text.endsWith(shown))
        return text;
    return text.chopped(shown.size()).trimmed() + QLatin1Char(' ')
        + QString::fromUtf8(symbol.data(), qsizetype(symbol.size()));
}

void FieldEditor::show(const gp::Plan& plan)
{
    // An RL field's row is shown for an RL plan only (the RL view's rows; the training rows beside it hide it).
    if (std::string_view(m_field.path).starts_with("workload.rl."))
        for (QWidget* w = m_input; w && w->parentWidget(); w = w->parentWidget())
            if (auto* form = qobject_cast<QFormLayout*>(w->parentWidget()->layout()); form && form->indexOf(w) >= 0) {
                form->setRowVisible(w, plan.workload.mode == gp::Mode::Rl);
                break;
            }
    m_showing = true;
    const nlohmann::json value = m_field.get(plan);
    if (m_check)
        m_check->setChecked(value.is_boolean() && value.get<bool>());
    if (m_combo) {
        const QString data = value.is_string() ? QString::fromStdString(value.get<std::string>())
            : value.is_boolean()               ? QString::fromLatin1(value.get<bool>() ? "true" : "false")
                                               : QString();
        const int i = m_combo->findData(data);
        if (i >= 0)
            m_combo->setCurrentIndex(i);
    }
    if (m_line) {
        m_shownValue = value;
        m_shown = numberText(value);
        showPlanText(m_line, m_shown);
    }
    m_showing = false;
}

std::optional<QString> FieldEditor::refusal(const QString& text, std::optional<double>* value) const
{
    if (text.isEmpty())
        return m_field.optional ? std::nullopt : std::optional<QString>(FieldText::unreadable(m_field, text));
    *value = gp::readQuantity(readable(text).toStdString(), m_field.unit);
    if (!*value || (m_field.kind == gp::FieldKind::Integer && **value != std::floor(**value)))
        return FieldText::unreadable(m_field, text);
    const bool inRange = m_field.minExclusive ? **value > m_field.min && **value <= m_field.max
                                              : **value >= m_field.min && **value <= m_field.max;
    if (!inRange)
        return FieldText::outOfRange(m_field, **value);
    return std::nullopt;
}

QString FieldEditor::textProblem() const
{
    if (!m_line)
        return {};
    const QString text = m_line->text().trimmed();
    std::optional<double> value;
    if (m_field.kind == gp::FieldKind::Text)
        return {};
    return text == m_shown ? QString() : refusal(text, &value).value_or(QString());
}

void FieldEditor::lineFinished()
{
    const QString text = m_line->text().trimmed();
    if (text == m_shown || m_showing)
        return;
    if (m_field.kind == gp::FieldKind::Text) {
        if (edited)
            edited(nlohmann::json(text.toStdString()));
        return;
    }
    std::optional<double> value;
    if (const std::optional<QString> why = refusal(text, &value)) {
        if (refused)
            refused(*why);
        return;
    }
    if (!value) { // empty: the optional field's default
        if (edited)
            edited(nlohmann::json(nullptr));
        return;
    }
    if (edited)
        edited(m_field.kind == gp::FieldKind::Integer ? nlohmann::json(std::int64_t(*value)) : nlohmann::json(*value));
}

} // namespace gpui
