#include "parametereditorfactory.h"

#include "parametereditor.h"

#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

namespace PriorityLab {

namespace {

/// Integer parameter: a spin box over the hard limits, committed values only.
class IntegerEditor final : public ParameterEditor
{
public:
    IntegerEditor(const ParameterInfo &info, QWidget *parent) : ParameterEditor(info, parent)
    {
        m_spin = new QSpinBox(this);
        m_spin->setRange(info.minimum, info.maximum);
        if (!info.unit.isEmpty())
            m_spin->setSuffix(QLatin1Char(' ') + info.unit);
        m_spin->setKeyboardTracking(false);
        m_spin->setAccelerated(true);
        m_spin->setAccessibleName(info.label);
        // The hard limits can be huge (±1,000,000); size the box for the typical range instead.
        m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(
                                        QStringLiteral("-000000 ") + info.unit) + 40);
        setInput(m_spin);
        connect(m_spin, &QSpinBox::valueChanged, this, [this](int v) { Q_EMIT valueEdited(v); });
    }

    QVariant value() const override { return m_spin->value(); }

    void setValue(const QVariant &value) override
    {
        const int v = value.toInt();
        if (m_spin->value() == v)
            return;
        const QSignalBlocker blocker(m_spin);
        m_spin->setValue(v);
    }

    QWidget *input() const override { return m_spin; }

private:
    QSpinBox *m_spin = nullptr;
};

/// Expression parameter: a line edit applied when editing finishes.
class ExpressionEditor final : public ParameterEditor
{
public:
    ExpressionEditor(const ParameterInfo &info, QWidget *parent) : ParameterEditor(info, parent)
    {
        m_edit = new QLineEdit(this);
        m_edit->setClearButtonEnabled(false);
        m_edit->setAccessibleName(info.label);
        m_edit->setPlaceholderText(info.defaultValue.toString());
        setInput(m_edit);
        connect(m_edit, &QLineEdit::editingFinished, this, [this] {
            if (m_edit->text() != m_applied)
                Q_EMIT valueEdited(m_edit->text());
            else
                setError({});
        });
    }

    QVariant value() const override { return m_edit->text(); }

    void setValue(const QVariant &value) override
    {
        const QString text = value.toString();
        if (text == m_applied)
            return;  // keep what the user may be typing
        m_applied = text;
        m_edit->setText(text);
        m_edit->setCursorPosition(0);
        setError({});
    }

    QWidget *input() const override { return m_edit; }

private:
    QLineEdit *m_edit = nullptr;
    QString m_applied;
};

} // namespace

ParameterEditor *ParameterEditorFactory::create(const ParameterInfo &info, const QVariant &value,
                                                QWidget *parent)
{
    ParameterEditor *editor = nullptr;
    switch (info.kind) {
    case ParameterInfo::Kind::Integer:
        editor = new IntegerEditor(info, parent);
        break;
    case ParameterInfo::Kind::Expression:
        editor = new ExpressionEditor(info, parent);
        break;
    }
    editor->setValue(value);
    return editor;
}

} // namespace PriorityLab
