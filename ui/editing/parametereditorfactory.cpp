#include "ui/editing/parametereditorfactory.h"

#include "ui/editing/parametereditor.h"
#include "ui/editing/setupeditor.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <algorithm>

namespace PriorityLab {

namespace {

/// Integer parameter: a spin box over the hard limits, committed values only; beside it a slider
/// over the typical range when the parameter has one. Dragging the slider edits at each step
/// (one gesture: SetupEditor merges its steps into one undo step, as those of an arrow or key
/// held down); values outside the typical range are typed into the spin box, and the slider then
/// rests at its end.
class IntegerEditor final : public ParameterEditor
{
public:
    IntegerEditor(const ParameterInfo &info, QWidget *parent) : ParameterEditor(info, parent)
    {
        auto *row = new QWidget(this);
        auto *layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(6);
        m_spin = new QSpinBox(row);
        m_spin->setRange(info.minimum, info.maximum);
        if (!info.unit.isEmpty())
            m_spin->setSuffix(QLatin1Char(' ') + info.unit);
        m_spin->setKeyboardTracking(false);
        m_spin->setAccelerated(true);
        m_spin->setAccessibleName(info.label);
        // The hard limits can be huge (±1,000,000); size the box for the typical range instead.
        const int digits = int(std::max({QString::number(info.typicalMinimum).size(),
                                         QString::number(info.typicalMaximum).size(), qsizetype(2)}));
        m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(
                                        QString(digits + 2, QLatin1Char('0')) + QLatin1Char(' ') + info.unit)
                                + 30);
        if (info.typicalMinimum < info.typicalMaximum) {
            m_slider = new QSlider(Qt::Horizontal, row);
            m_slider->setRange(info.typicalMinimum, info.typicalMaximum);
            m_slider->setPageStep(std::max(1, (info.typicalMaximum - info.typicalMinimum) / 5));
            m_slider->setAccessibleName(info.label);
            // Keyboard focus only by Tab: a click on the slider leaves Space and the arrow keys to
            // the run controls.
            m_slider->setFocusPolicy(Qt::TabFocus);
            m_slider->setMinimumWidth(60);
            SetupEditor::trackGestures(m_slider);
            layout->addWidget(m_slider, 1);
            connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
                {
                    const QSignalBlocker blocker(m_spin);
                    m_spin->setValue(v);
                }
                Q_EMIT valueEdited(v);
            });
        }
        SetupEditor::trackGestures(m_spin);
        layout->addWidget(m_spin, m_slider ? 0 : 1);
        setInput(row);
        m_spin->setToolTip(baseToolTip());
        if (m_slider)
            m_slider->setToolTip(baseToolTip());
        connect(m_spin, &QSpinBox::valueChanged, this, [this](int v) {
            syncSlider(v);
            Q_EMIT valueEdited(v);
        });
    }

    QVariant value() const override { return m_spin->value(); }

    void setValue(const QVariant &value) override
    {
        const int v = value.toInt();
        syncSlider(v);
        if (m_spin->value() == v)
            return;
        const QSignalBlocker blocker(m_spin);
        m_spin->setValue(v);
    }

    QWidget *input() const override { return m_spin; }
    QAbstractSlider *slider() const override { return m_slider; }

private:
    void syncSlider(int v)
    {
        if (!m_slider || m_slider->value() == v)
            return;
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(v);  // clamped to the typical range
    }

    QSpinBox *m_spin = nullptr;
    QSlider *m_slider = nullptr;
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
