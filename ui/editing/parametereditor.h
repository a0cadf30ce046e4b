#pragma once

#include "core/strategies/strategy.h"

#include <QVariant>
#include <QWidget>

class QAbstractSlider;
class QLabel;

namespace PriorityLab {

/// An editor for one strategy parameter, built from its ParameterInfo by
/// ParameterEditorFactory. It shows the value, reports what the user commits with valueEdited(),
/// and shows the error the strategy gave back (setError()) under the input, in red.
/// It never changes a strategy itself: its owner applies the value and reports the outcome.
class ParameterEditor : public QWidget
{
    Q_OBJECT

public:
    /// The parameter this editor is for.
    const ParameterInfo &info() const { return m_info; }

    /// The value shown (int for Integer, QString for Expression).
    virtual QVariant value() const = 0;

    /// Shows @p value coming from the strategy, without emitting valueEdited(). An edit the user
    /// is still typing is kept when @p value is the one already applied.
    virtual void setValue(const QVariant &value) = 0;

    /// The input widget (a QSpinBox, a QLineEdit...), e.g. to give it focus or to drive it in tests.
    virtual QWidget *input() const = 0;

    /// The slider over the parameter's typical range, if the editor has one (integers with a
    /// typical range); nullptr otherwise.
    virtual QAbstractSlider *slider() const { return nullptr; }

    /// Shows @p error under the input and in its tooltip; an empty string clears it.
    void setError(const QString &error);
    QString error() const { return m_error; }

    /// Shows @p note under the input in italics, e.g. what the scenario's timeline will set
    /// ("timeline sets this to 4 at cycle 60", SetupEditor::timelineNote()); an empty string
    /// clears it.
    void setNote(const QString &note);
    /// The note shown; empty if none.
    QString note() const;

Q_SIGNALS:
    /// The user committed @p value (Enter, focus out, arrow step).
    void valueEdited(const QVariant &value);

protected:
    /// @p info describes the parameter; subclasses put their input above the error label with
    /// setInput().
    explicit ParameterEditor(ParameterInfo info, QWidget *parent = nullptr);

    /// Places @p input in the editor and gives it the tooltip that teaches the rule.
    void setInput(QWidget *input);

    /// The tooltip: the parameter's rule (ParameterInfo::help) and, for numbers, the range.
    QString baseToolTip() const;

private:
    ParameterInfo m_info;
    QLabel *m_errorLabel = nullptr;
    QLabel *m_noteLabel = nullptr;
    QString m_error;
};

} // namespace PriorityLab
