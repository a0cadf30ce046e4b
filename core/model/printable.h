#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace PriorityLab {

/// @p text made safe to print on one line of a terminal or a plain-text table: every control
/// character (C0 including NUL, tab and line breaks, DEL, C1) and every bidirectional override
/// or isolate is written as \uXXXX, and a backslash as \\, so a name like "A\u0000B" or one
/// holding terminal escape sequences prints as visible text instead of cutting or recolouring
/// the line. Other text is unchanged. JSON output needs no such step (QJsonDocument escapes).
QString printableText(const QString &text);

/// The lines of a plain-text table with @p rows (a list of cells each, the header first): every
/// column padded to its widest cell and two spaces apart; the first @p leftAligned columns
/// (labels) are aligned left, the others (numbers) right. The lines carry no line break.
QStringList alignedTableLines(const QList<QStringList> &rows, qsizetype leftAligned);

} // namespace PriorityLab
