#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace PriorityLab {

/// The line (1-based) where each JSON path's key or value starts, e.g.
/// "consumers[1].strategy.threshold" -> 12, for putting line numbers on the reader's messages
/// (QJsonDocument keeps no positions). @p json must be valid JSON; one pass over the text.
QHash<QString, int> jsonPathLines(const QByteArray &json);

} // namespace PriorityLab
