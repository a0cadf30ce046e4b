#pragma once

#include "core/strategies/strategy.h"

class QWidget;

namespace PriorityLab {

class ParameterEditor;

/// Builds the editor of a strategy parameter from its description alone (docs/design.md §4): a
/// strategy added later, even a test-only one, gets its editors with no new UI code.
///  - ParameterInfo::Kind::Integer: a QSpinBox limited to the hard range minimum..maximum, the
///    unit as suffix, applied on each committed value (Enter, focus out, arrows; not on every
///    keystroke); with a QSlider beside it over typicalMinimum..typicalMaximum when that range is
///    not empty, applied at each step of a drag.
///  - ParameterInfo::Kind::Expression: a QLineEdit applied on editingFinished; the strategy's
///    error (e.g. a syntax error with its column) is shown in red and the old expression stays.
/// Every editor's tooltip is the parameter's rule in words (ParameterInfo::help) and its range.
class ParameterEditorFactory
{
public:
    /// A new editor for @p info showing @p value, owned by @p parent.
    static ParameterEditor *create(const ParameterInfo &info, const QVariant &value,
                                   QWidget *parent = nullptr);
};

} // namespace PriorityLab
