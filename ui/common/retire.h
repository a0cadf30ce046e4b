#pragma once

class QWidget;

namespace PriorityLab {

/// Takes @p widget out of the window for good: hides it and deletes it later (it may be the
/// sender of the signal being handled). First every field in it stops sending signals (blocked):
/// hiding moves the focus out of a field that holds a typed value not applied yet, and that
/// focus-out would apply it to whatever replaced the widget (another scenario's consumer of the
/// same index: a teacher's value typed into the old lesson changed the new one).
void retireWidget(QWidget *widget);

} // namespace PriorityLab
