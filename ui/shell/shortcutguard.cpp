#include "ui/shell/shortcutguard.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>

namespace PriorityLab {

bool ShortcutGuard::controlUsesKey(const QObject *focus, int key)
{
    if (!focus)
        return false;
    if (key == Qt::Key_Space)
        return qobject_cast<const QAbstractButton *>(focus) || qobject_cast<const QComboBox *>(focus);
    switch (key) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Home:
    case Qt::Key_End:
    case Qt::Key_PageUp:
    case Qt::Key_PageDown:
        return qobject_cast<const QAbstractSlider *>(focus) != nullptr;
    default:
        return false;
    }
}

bool ShortcutGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if ((key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier
            && controlUsesKey(QApplication::focusWidget(), key->key())) {
            key->accept();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace PriorityLab
