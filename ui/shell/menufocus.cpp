#include "ui/shell/menufocus.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QMenu>
#include <QMenuBar>
#include <QTimer>

namespace PriorityLab {

MenuFocus::MenuFocus(QMenuBar *bar) : QObject(bar), m_bar(bar)
{
    bar->installEventFilter(this);
    // Where the focus was before the bar took it: Qt's own memory of it (QMenuBar's) was lost
    // on the way in some cases (Alt+F then Esc left no focus at all).
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        if (now && now != m_bar && !qobject_cast<QMenu *>(now) && now->window() == m_bar->window())
            m_before = now;
    });
    for (QAction *action : bar->actions()) {
        if (QMenu *menu = action->menu())
            menu->installEventFilter(this);
    }
}

bool MenuFocus::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    if (watched == m_bar) {
        if ((key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab) && QApplication::focusWidget() == m_bar) {
            leaveBar();
            QWidget *focus = QApplication::focusWidget();
            if (focus && focus != m_bar) {
                QKeyEvent again(key->type(), key->key(), key->modifiers(), key->text());
                QCoreApplication::sendEvent(focus, &again);
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }
    // The menu closes on this Esc and the bar takes the keys (QMenu); then the bar lets go.
    if (key->key() == Qt::Key_Escape) {
        QTimer::singleShot(0, this, [this] {
            if (QApplication::focusWidget() == m_bar && !QApplication::activePopupWidget())
                leaveBar();
        });
    }
    return QObject::eventFilter(watched, event);
}

void MenuFocus::leaveBar()
{
    QKeyEvent escape(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
    QCoreApplication::sendEvent(m_bar, &escape);
    QWidget *focus = QApplication::focusWidget();
    if ((!focus || focus == m_bar) && m_before && m_before->isVisible() && m_before->isEnabled())
        m_before->setFocus(Qt::MenuBarFocusReason);
}

} // namespace PriorityLab
