#pragma once

#include <QString>

class QWidget;

namespace PriorityLab {

/// Sets @p window's title to @p title and makes it at least as wide as the title bar needs to
/// show it whole: the title with " — PriorityLab" (the application's display name, which window
/// managers add), in the window's bold font, plus room for the title bar's icon and buttons
/// (WindowTitleRoom pixels). A small dialog, the "Add a consumer" form, read "Add a … rityLab"
/// under openbox. Its height and any larger width are left to its layout.
void setWholeWindowTitle(QWidget *window, const QString &title);

/// The pixels a title bar takes besides its text (icon, minimize, maximize and close buttons,
/// padding), as window managers draw them at 100 %.
inline constexpr int WindowTitleRoom = 150;

} // namespace PriorityLab
