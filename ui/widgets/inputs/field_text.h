// Words for the plan's field table (gp::planFields()): each field's label, tool tip, choices, unit and value, in
// the user's language. The window's rows, the report's rows and the sweep read them. A field's label and tool tip
// are its table entry's (in its section's header, plan/field_entry.h), translated here in the "FieldText" context.
#pragma once

#include "plan/plan_fields.h"

#include <QCoreApplication>
#include <QString>

#include <string_view>

namespace gpui
{

class FieldText
{
    Q_DECLARE_TR_FUNCTIONS(FieldText)
public:
    // The field's label ("Time to first token"); "" for a path the table does not have.
    static QString label(std::string_view path);
    // What the field means, for its tool tip ("" = none beyond the label).
    static QString toolTip(std::string_view path);
    // A choice's words ("Flash Attention 2" for "flash-attention-2"); the spec name when it has none.
    static QString choice(const gp::PlanField& field, std::string_view name);
    // The unit as the window shows it after a number (" s", " GiB", " %"); "" = none.
    static QString unitSuffix(gp::FieldUnit unit);
    // A value of the field as the report and the window show it ("0.700 ms", "62%", "Yes", "1.35x").
    static QString value(const gp::PlanField& field, const nlohmann::json& value);
    // The message for text a field cannot read ("Time to first token: "abc" is not a time; write e.g. 500 ms or
    // 0.5 s"), or for a number out of its range.
    static QString unreadable(const gp::PlanField& field, const QString& text);
    static QString outOfRange(const gp::PlanField& field, double value);
};

} // namespace gpui
