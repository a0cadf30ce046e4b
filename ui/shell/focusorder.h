#pragma once

#include <QList>

class QWidget;

namespace PriorityLab {

/// The order of Tab and Shift+Tab in a main window: the screen's reading order, not the order
/// the widgets were made in. The window's parts (toolbars, the central widget, each docked
/// widget, the dock tab bars, the status bar) are read top to bottom and, within a band, left to
/// right; inside each part its children are read the same way, recursively. Only what can be
/// seen takes the focus: hidden widgets, a dock behind another dock's tab, floating docks and
/// other windows are skipped, and so is a widget the layout left no room inside the window (a
/// widget scrolled out of its scroll area counts: it is scrolled in).
namespace FocusOrder {

/// Every widget of @p window that Tab stops at, in reading order: visible, enabled, with a focus
/// policy that includes Qt::TabFocus and no focus proxy, on screen (see above).
QList<QWidget *> stops(QWidget *window);

/// The stop after (@p forward) or before @p current in stops(@p window), wrapping around;
/// nullptr when there is no stop. A @p current inside a dock behind another tab of its group
/// stands at the end of the dock in front: the stop after that dock's last (forward) or that
/// last stop itself. Any other @p current that is not a stop: the first (or last) stop.
QWidget *next(QWidget *window, QWidget *current, bool forward);

/// Moves the focus of @p window as Tab (@p forward) or Shift+Tab does: to next(), scrolled into
/// view inside every scroll area around it. Returns false when there is no stop.
bool move(QWidget *window, bool forward);

/// Scrolls @p target into view inside every scroll area around it, up to @p window, with a
/// margin of 8 pixels (the focus frame's room).
void scrollIntoView(QWidget *target, const QWidget *window);

/// The first stop of stops(@p window) inside @p pane (a widget of @p window, e.g. a dock);
/// nullptr when it has none (hidden, behind another tab, nothing that takes the focus).
QWidget *firstStopIn(QWidget *window, const QWidget *pane);

/// The "next pane" keys, F6 (@p forward) and Shift+F6: the index in @p panes (widgets of
/// @p window in their F6 order, e.g. the toolbar, the lesson, the queue, the consumers, the
/// charts, the bottom docks) of the pane after (before) the one holding @p current, skipping
/// panes without a stop (firstStopIn()), wrapping around. A @p current in no pane goes to the
/// first (last) pane with a stop. -1 when no pane has a stop.
qsizetype nextPane(QWidget *window, const QList<QWidget *> &panes, const QWidget *current, bool forward);

/// Whether @p widget can be seen inside @p window: shown, not inside a dock widget that is
/// floating or sits behind another tab of its dock group, and with room inside the window (or
/// inside a scroll area's content, to be scrolled to).
bool isOnScreen(const QWidget *widget, const QWidget *window);

} // namespace FocusOrder

} // namespace PriorityLab
