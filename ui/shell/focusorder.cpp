#include "ui/shell/focusorder.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>
#include <QWidget>

#include <algorithm>

namespace PriorityLab::FocusOrder {

namespace {

/// @p children in reading order by their geometry (the same parent's coordinates): sorted by
/// top edge, grouped in bands (a widget joins a band when its vertical middle lies within the
/// band's first widget or the other way round), each band left to right.
QList<QWidget *> readingOrder(QList<QWidget *> children)
{
    std::stable_sort(children.begin(), children.end(),
                     [](const QWidget *a, const QWidget *b) { return a->geometry().top() < b->geometry().top(); });
    QList<QWidget *> ordered;
    ordered.reserve(children.size());
    qsizetype start = 0;
    while (start < children.size()) {
        const QRect band = children.at(start)->geometry();
        qsizetype end = start + 1;
        // Same band: the middle of one lies within the other.
        while (end < children.size()) {
            const QRect next = children.at(end)->geometry();
            if (next.center().y() > band.bottom() && band.center().y() < next.top())
                break;
            ++end;
        }
        QList<QWidget *> row = children.mid(start, end - start);
        std::stable_sort(row.begin(), row.end(),
                         [](const QWidget *a, const QWidget *b) { return a->geometry().left() < b->geometry().left(); });
        ordered += row;
        start = end;
    }
    return ordered;
}

bool takesTab(const QWidget *widget)
{
    return (widget->focusPolicy() & Qt::TabFocus) == Qt::TabFocus && widget->isEnabled() && !widget->focusProxy();
}

/// A dock widget that is floating or covered by another tab of its group.
bool isHiddenDock(const QDockWidget *dock)
{
    return dock->isFloating() || dock->visibleRegion().isEmpty();
}

/// Whether some of @p widget lies within @p window once every scroll area around it scrolls it
/// into view: a widget the window's layout left with no room (a dock group's tab bar parked
/// outside the window, a widget of size 0) is out of sight.
bool hasRoom(const QWidget *widget, const QWidget *window)
{
    QRect rect(widget->mapTo(window, QPoint(0, 0)), widget->size());
    for (const QWidget *w = widget->parentWidget(); w && w != window; w = w->parentWidget()) {
        const auto *area = qobject_cast<const QAbstractScrollArea *>(w->parentWidget());
        if (area && area->viewport() == w)
            return true;  // scrolled into view when it takes the focus
        rect &= QRect(w->mapTo(window, QPoint(0, 0)), w->size());
    }
    return !(rect & window->rect()).isEmpty();
}

void collect(QWidget *parent, QList<QWidget *> &out)
{
    QList<QWidget *> children;
    for (QObject *object : parent->children()) {
        auto *child = qobject_cast<QWidget *>(object);
        if (!child || child->isWindow() || !child->isVisible())
            continue;
        if (auto *dock = qobject_cast<QDockWidget *>(child); dock && isHiddenDock(dock))
            continue;
        children << child;
    }
    for (QWidget *child : readingOrder(children)) {
        if (takesTab(child) && hasRoom(child, parent->window()))
            out << child;
        collect(child, out);
    }
}

/// The dock in front of the tab group of the dock around @p widget, when that dock is behind
/// another tab of @p window's dock groups; nullptr otherwise.
QDockWidget *frontOfGroup(QWidget *window, const QWidget *widget)
{
    auto *mainWindow = qobject_cast<QMainWindow *>(window);
    if (!mainWindow)
        return nullptr;
    for (const QWidget *w = widget; w && w != window; w = w->parentWidget()) {
        auto *dock = qobject_cast<QDockWidget *>(const_cast<QWidget *>(w));
        if (!dock || dock->parentWidget() != window)
            continue;
        if (!dock->isVisible() || dock->isFloating() || !dock->visibleRegion().isEmpty())
            return nullptr;
        for (QDockWidget *other : mainWindow->tabifiedDockWidgets(dock)) {
            if (other->isVisible() && !isHiddenDock(other))
                return other;
        }
        return nullptr;
    }
    return nullptr;
}

} // namespace

bool isOnScreen(const QWidget *widget, const QWidget *window)
{
    if (!widget || !widget->isVisible() || widget->window() != window)
        return false;
    for (const QWidget *w = widget; w && w != window; w = w->parentWidget()) {
        if (const auto *dock = qobject_cast<const QDockWidget *>(w); dock && isHiddenDock(dock))
            return false;
    }
    return hasRoom(widget, window);
}

QList<QWidget *> stops(QWidget *window)
{
    QList<QWidget *> out;
    if (window)
        collect(window, out);
    return out;
}

QWidget *next(QWidget *window, QWidget *current, bool forward)
{
    const QList<QWidget *> all = stops(window);
    if (all.isEmpty())
        return nullptr;
    const qsizetype n = all.size();
    const qsizetype at = all.indexOf(current);
    if (at < 0) {
        // A widget whose dock went behind another tab of its group (the message journey brought
        // to the front from the event log) stands where that group is: Tab goes on after the
        // dock in front (to the group's tab bar), Shift+Tab back into it; not to either end.
        if (QDockWidget *front = current ? frontOfGroup(window, current) : nullptr) {
            qsizetype last = -1;
            for (qsizetype i = 0; i < n; ++i) {
                if (front->isAncestorOf(all.at(i)))
                    last = i;
            }
            if (last >= 0)
                return forward ? all.at((last + 1) % n) : all.at(last);
        }
        return forward ? all.constFirst() : all.constLast();
    }
    return all.at((at + (forward ? 1 : n - 1)) % n);
}

bool move(QWidget *window, bool forward)
{
    QWidget *target = next(window, QApplication::focusWidget(), forward);
    if (!target)
        return false;
    target->setFocus(forward ? Qt::TabFocusReason : Qt::BacktabFocusReason);
    scrollIntoView(target, window);
    return true;
}

QWidget *firstStopIn(QWidget *window, const QWidget *pane)
{
    if (!pane)
        return nullptr;
    for (QWidget *stop : stops(window)) {
        if (stop == pane || pane->isAncestorOf(stop))
            return stop;
    }
    return nullptr;
}

qsizetype nextPane(QWidget *window, const QList<QWidget *> &panes, const QWidget *current, bool forward)
{
    const qsizetype n = panes.size();
    qsizetype at = -1;
    for (qsizetype i = 0; current && i < n; ++i) {
        if (panes.at(i) && (panes.at(i) == current || panes.at(i)->isAncestorOf(current))) {
            at = i;
            break;
        }
    }
    if (at < 0)
        at = forward ? n - 1 : 0;  // the first (last) pane comes next
    for (qsizetype k = 1; k <= n; ++k) {
        const qsizetype i = (at + (forward ? k : n - k)) % n;
        if (firstStopIn(window, panes.at(i)))
            return i;
    }
    return -1;
}

void scrollIntoView(QWidget *target, const QWidget *window)
{
    for (QWidget *w = target ? target->parentWidget() : nullptr; w && w != window; w = w->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(w))
            area->ensureWidgetVisible(target, 8, 8);
    }
}

} // namespace PriorityLab::FocusOrder
