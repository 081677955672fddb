#include "widgets/inputs/section_kit.h"
#include "widgets/inputs/field_editor.h"
#include "widgets/inputs_panel.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QResizeEvent>
#include <QToolButton>
#include <QVBoxLayout>

namespace gpui
{

InputsSection::~InputsSection() = default;

namespace
{

// The number a spin box's text holds, without its prefix, suffix and group separators.
QString spinBoxBareNumber(QString text, const QString& prefix, const QString& suffix, const QLocale& locale)
{
    if (!prefix.isEmpty() && text.startsWith(prefix))
        text.remove(0, prefix.size());
    if (!suffix.isEmpty() && text.endsWith(suffix))
        text.chop(suffix.size());
    return text.trimmed().remove(locale.groupSeparator());
}

// A number out of range, or a sign typed first, is still being typed: dropping the sign would turn "-100" into 100
// without a word, and an out-of-range number is refused with the field's message when editing ends (fixup).
QValidator::State spinBoxStillTyping(const QString& input, bool isNumber, QValidator::State state)
{
    const QString bare = input.trimmed();
    return isNumber || bare == QLatin1String("-") || bare == QLatin1String("+") ? QValidator::Intermediate : state;
}

} // namespace

QValidator::State FieldSpinBox::validate(QString& input, int& pos) const
{
    const QValidator::State state = QSpinBox::validate(input, pos);
    if (state != QValidator::Invalid)
        return state;
    bool ok = false;
    number(input, &ok);
    return spinBoxStillTyping(input, ok, state);
}

void FieldSpinBox::fixup(QString& input) const
{
    bool ok = false;
    const qint64 value = number(input, &ok);
    if (ok && (value > maximum() || value < minimum()) && outOfRange)
        outOfRange(value);
    QSpinBox::fixup(input);
}

qint64 FieldSpinBox::number(QString text, bool* ok) const
{
    return locale().toLongLong(spinBoxBareNumber(text, prefix(), suffix(), locale()), ok);
}

QValidator::State FieldDoubleSpinBox::validate(QString& input, int& pos) const
{
    const QValidator::State state = QDoubleSpinBox::validate(input, pos);
    if (state != QValidator::Invalid)
        return state;
    bool ok = false;
    number(input, &ok);
    return spinBoxStillTyping(input, ok, state);
}

void FieldDoubleSpinBox::fixup(QString& input) const
{
    bool ok = false;
    const double value = number(input, &ok);
    if (ok && (value > maximum() || value < minimum()) && outOfRange)
        outOfRange(input.trimmed());
    QDoubleSpinBox::fixup(input);
}

double FieldDoubleSpinBox::number(QString text, bool* ok) const
{
    return locale().toDouble(spinBoxBareNumber(text, prefix(), suffix(), locale()), ok);
}

FieldSpinBox* fieldSpin(int min, int max, int step)
{
    auto* box = new FieldSpinBox;
    box->setRange(min, max);
    box->setSingleStep(step);
    box->setGroupSeparatorShown(true);
    box->setAccelerated(true);
    box->setKeyboardTracking(false); // typed numbers apply on Enter / focus out, arrows and wheel at once
    return box;
}

void selectComboData(QComboBox* combo, const QVariant& value)
{
    const int i = combo->findData(value);
    if (i >= 0)
        combo->setCurrentIndex(i);
}

void showPlanText(QLineEdit* line, const QString& text)
{
    if (line->text() == text)
        return;
    line->setText(text);
    line->setCursorPosition(0);
}

void setFormRowVisible(QWidget* field, bool visible)
{
    if (auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout()))
        form->setRowVisible(field, visible);
}

namespace
{

// Keeps a group's "?" button in the top right corner, on the title's line, so it costs no height.
class CornerButtonPlacer : public QObject
{
public:
    CornerButtonPlacer(QWidget* box, QWidget* button)
        : QObject(box)
        , m_button(button)
    {
        box->installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show) {
            auto* box = static_cast<QWidget*>(watched);
            m_button->move(box->width() - m_button->width() - 2, 0);
            m_button->raise();
        }
        return false;
    }

private:
    QWidget* m_button;
};

// A word-wrapped label inside the scroll area gets the height of its size hint, which is not the height its text needs
// at the width it gets: set that height whenever its width changes, so that nothing is cut.
void fitLabelHeight(QLabel* label)
{
    if (label->isHidden() || label->text().isEmpty())
        return;
    // A label spanning its form's row is as wide as its group's contents; a field's label as wide as its field.
    int width = label->width();
    if (QWidget* parent = label->parentWidget(); parent && qobject_cast<QGroupBox*>(parent))
        width = parent->contentsRect().width() - 24;
    if (width < 40)
        width = 280;
    const int height = label->heightForWidth(width);
    // A label whose text follows every result (the planner's choice) keeps the tallest height it needed at this
    // width: a line fewer would move every field below it, and the whole panel would repaint on each update.
    if (label->property("growOnly").toBool() && height < label->minimumHeight())
        return;
    if (height > 0 && label->minimumHeight() != height)
        label->setMinimumHeight(height);
}

class WrappedLabelFitter : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize) {
            auto* label = static_cast<QLabel*>(watched);
            const auto* resize = static_cast<QResizeEvent*>(event);
            if (resize->oldSize().width() != resize->size().width() && label->property("growOnly").toBool())
                label->setMinimumHeight(0); // a new width: the height it needs starts over
            fitLabelHeight(label);
        }
        return false;
    }
};

} // namespace

SectionKit::SectionKit(QWidget* panel)
    : m_panel(panel)
{
    m_generalError = new QLabel;
    m_generalError->setWordWrap(true);
    m_generalError->setStyleSheet(QStringLiteral("color: #d03b3b; font-weight: bold;"));
    m_generalError->setVisible(false);
}

SectionKit::~SectionKit() = default;

QWidget* SectionKit::withError(QWidget* input, const QString& fieldKey)
{
    // The editor (not a row of several) names the plan field it edits, as the table's rows do (fieldInput()).
    if (qobject_cast<QAbstractSpinBox*>(input) || qobject_cast<QComboBox*>(input) || qobject_cast<QCheckBox*>(input)
        || qobject_cast<QLineEdit*>(input))
        input->setProperty("planField", fieldKey);
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(1);
    layout->addWidget(input);
    auto* error = new QLabel;
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #d03b3b;"));
    error->setVisible(false);
    error->setObjectName(QStringLiteral("error:") + fieldKey);
    layout->addWidget(error);
    m_errorLabels.insert(fieldKey, error);
    auto* warning = new QLabel;
    warning->setWordWrap(true);
    warning->setStyleSheet(QStringLiteral("color: #b86e00;"));
    warning->setVisible(false);
    warning->setObjectName(QStringLiteral("warning:") + fieldKey);
    layout->addWidget(warning);
    m_warningLabels.insert(fieldKey, warning);
    return box;
}

void SectionKit::addRow(QFormLayout* form, std::function<QString()> label, QWidget* input, const QString& fieldKey)
{
    if (auto* box = dynamic_cast<FieldSpinBox*>(input); box && !fieldKey.isEmpty())
        box->outOfRange = [this, fieldKey](qint64 value) { refuseValue(fieldKey, value); };
    if (auto* box = dynamic_cast<FieldDoubleSpinBox*>(input); box && !fieldKey.isEmpty())
        box->outOfRange = [this, fieldKey, label](const QString& typed) {
            clearFieldErrors();
            showFieldError(fieldKey, InputsPanel::tr("%1: %2 is out of range").arg(label(), typed));
        };
    if (auto* box = dynamic_cast<UnitSpinBox*>(input); box && !fieldKey.isEmpty())
        box->refused = [this, fieldKey](const QString& message) {
            clearFieldErrors();
            showFieldError(fieldKey, message);
        };
    auto* l = new QLabel;
    m_retranslate.push_back([l, label] { l->setText(label()); });
    form->addRow(l, fieldKey.isEmpty() ? input : withError(input, fieldKey));
    if (!fieldKey.isEmpty())
        dropRefusalWhileTyping(input, fieldKey);
}

// Issue 44: a refusal of text the field held goes as soon as its text is edited (it stayed until Enter while new
// text was typed); committing text that is refused again shows it again. Only fields that refuse on commit: a line
// checked as it is typed (the model's parameters, the tokens) words its own message live.
void SectionKit::dropRefusalWhileTyping(QWidget* input, const QString& fieldKey)
{
    QLineEdit* line = nullptr;
    if (dynamic_cast<FieldSpinBox*>(input) || dynamic_cast<FieldDoubleSpinBox*>(input)
        || dynamic_cast<UnitSpinBox*>(input))
        line = input->findChild<QLineEdit*>();
    else if (input->property(kRefusesOnCommit).toBool())
        line = qobject_cast<QLineEdit*>(input);
    QLabel* error = m_errorLabels.value(fieldKey);
    if (!line || !error)
        return;
    QObject::connect(line, &QLineEdit::textEdited, error, [error] {
        error->clear();
        error->setVisible(false);
    });
}

QGroupBox* SectionKit::group(std::function<QString()> title, QFormLayout** form, const QString& helpAnchor)
{
    auto* box = new QGroupBox;
    m_retranslate.push_back([box, title] { box->setTitle(title()); });
    auto* help = new QToolButton(box);
    help->setObjectName(QStringLiteral("help:") + helpAnchor);
    help->setText(QStringLiteral("?"));
    help->setAutoRaise(true);
    help->setFixedSize(18, 18);
    help->setFocusPolicy(Qt::TabFocus);
    m_retranslate.push_back([help, title] { help->setToolTip(InputsPanel::tr("Help on %1").arg(title())); });
    QObject::connect(help, &QToolButton::clicked, m_panel, [this, helpAnchor] { helpRequested(helpAnchor); });
    new CornerButtonPlacer(box, help);
    *form = new QFormLayout(box);
    (*form)->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    (*form)->setRowWrapPolicy(QFormLayout::DontWrapRows);
    (*form)->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return box;
}

void SectionKit::retranslate()
{
    const bool before = updating;
    updating = true;
    for (const auto& f : m_retranslate)
        f();
    updating = before;
}

QString SectionKit::showFieldError(const QString& field, const QString& message)
{
    QString best;
    for (auto it = m_errorLabels.cbegin(); it != m_errorLabels.cend(); ++it) {
        const QString& key = it.key();
        const bool prefix = field == key
            || (field.startsWith(key)
                && (field.at(key.size()) == QLatin1Char('.') || field.at(key.size()) == QLatin1Char('[')));
        if (prefix && key.size() > best.size())
            best = key;
    }
    QLabel* label = best.isEmpty() ? m_generalError : m_errorLabels.value(best);
    label->setText(best.isEmpty() && !field.isEmpty() ? InputsPanel::tr("%1: %2").arg(field, message) : message);
    label->setVisible(true);
    for (const auto& f : m_errorShown)
        f(label);
    fitWrappedLabels();
    return best;
}

void SectionKit::clearFieldErrors()
{
    for (QLabel* label : std::as_const(m_errorLabels)) {
        label->clear();
        label->setVisible(false);
    }
    m_generalError->clear();
    m_generalError->setVisible(false);
}

QString SectionKit::fieldError(const QString& fieldKey) const
{
    const QLabel* label = fieldKey.isEmpty() ? m_generalError : m_errorLabels.value(fieldKey);
    return label ? label->text() : QString();
}

void SectionKit::fitWrappedLabels()
{
    if (!m_labelFitter) {
        m_labelFitter = new WrappedLabelFitter(m_panel);
        for (QLabel* label : std::as_const(m_errorLabels))
            label->installEventFilter(m_labelFitter);
        for (QLabel* label : std::as_const(m_warningLabels))
            label->installEventFilter(m_labelFitter);
        for (QLabel* label : m_wrapped)
            label->installEventFilter(m_labelFitter);
    }
    for (QLabel* label : std::as_const(m_errorLabels))
        fitLabelHeight(label);
    for (QLabel* label : std::as_const(m_warningLabels))
        fitLabelHeight(label);
    for (QLabel* label : m_wrapped)
        fitLabelHeight(label);
}

} // namespace gpui
