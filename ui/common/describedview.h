#pragma once

namespace PriorityLab {

/// Shows new data in a painted view that says in words what it draws (its accessibleSummary(),
/// e.g. Sparkline, PriorityHistogram): if @p value differs from @p shown, stores it, makes the
/// summary the view's accessible description again and schedules a repaint, so a screen reader
/// hears what is on screen. Returns false, and does nothing, when the data is unchanged (no
/// repaint). @p View is a QWidget with a `QString accessibleSummary() const`; @p T compares
/// with ==.
template<typename View, typename T>
bool showData(View *view, T &shown, const T &value)
{
    if (value == shown)
        return false;
    shown = value;
    view->setAccessibleDescription(view->accessibleSummary());
    view->update();
    return true;
}

} // namespace PriorityLab
