#pragma once

class QToolButton;
class QWidget;

namespace PriorityLab {

/// A flat (auto-raised) tool button for a small action beside a title, such as a card's
/// remove and fold buttons or the scenario header's Edit and More: it takes the keyboard focus
/// by Tab only, so a click leaves Space to Run/Pause (the rule ShortcutGuard applies to every
/// button of the window). The caller sets its text or object name, tooltip and connections.
QToolButton *newFlatButton(QWidget *parent);

} // namespace PriorityLab
