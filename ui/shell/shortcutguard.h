#pragma once

#include <QObject>

namespace PriorityLab {

/// Keeps the run shortcuts (Space = Run/Pause, Right or N = Step) from stealing keys from the
/// control that has the keyboard focus. Text fields keep their keys by themselves: QLineEdit and
/// the spin boxes claim printable keys and cursor movement (Space types a space, Right moves the
/// cursor). Other controls do not, so this filter, installed on the main window (which receives
/// the ShortcutOverride events its children leave unclaimed), claims for them:
///  - Space for a focused button, check box or combo box (toggle, press, open);
///  - the arrow keys, Home, End, Page Up/Down for a focused slider.
/// The app's check boxes, buttons and sliders take the focus by Tab only (Qt::TabFocus), so after
/// a mouse click Space and Right still run and step; a keyboard user who tabs to a control gets
/// the control's keys.
class ShortcutGuard : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    /// True if @p key pressed in @p focus belongs to that control rather than to a shortcut.
    static bool controlUsesKey(const QObject *focus, int key);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace PriorityLab
