#pragma once

#include <QString>

class QLabel;
class QWidget;

namespace PriorityLab {

/// A hidden, word-wrapped label in red (TextColors::Tone::Error, readable on the background it is
/// shown on) under a form or an editor, for an error or a warning about the current setting;
/// @p bold for a warning that must stand out. The caller sets its text and shows it.
QLabel *newErrorLabel(QWidget *parent, bool bold = false);

/// A hidden, word-wrapped label in italics under a form or an editor, for a note such as the
/// timeline's next change to a setting. The caller sets its text and shows it.
QLabel *newNoteLabel(QWidget *parent);

} // namespace PriorityLab
