#pragma once

#include <QString>

class QSpinBox;

namespace PriorityLab {

/// Gives @p box a suffix that agrees with its value: @p one while it shows 1 ("1 message",
/// "1 batch/cycle"), @p many otherwise ("5 messages", "0 cycles"), from now on as the value
/// changes (typed, stepped or set). A special value text (e.g. "unlimited") shows without a
/// suffix, as QSpinBox draws it. "Prefetch: 1 messages" on a consumer card read as a slip in
/// front of a class.
void setCountSuffix(QSpinBox *box, const QString &one, const QString &many);

} // namespace PriorityLab
