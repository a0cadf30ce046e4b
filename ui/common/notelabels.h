#pragma once

#include <QString>

class QLabel;
class QWidget;

namespace PriorityLab {

/// A hidden, word-wrapped label in red under a form or an editor, for an error or a warning
/// about the current setting; @p style is extra CSS (e.g. "font-weight: bold;" for a warning
/// that must stand out). The caller sets its text and shows it.
QLabel *newErrorLabel(QWidget *parent, const QString &style = {});

/// A hidden, word-wrapped label in italics under a form or an editor, for a note such as the
/// timeline's next change to a setting. The caller sets its text and shows it.
QLabel *newNoteLabel(QWidget *parent);

} // namespace PriorityLab
