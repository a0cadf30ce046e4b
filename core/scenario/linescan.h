#pragma once

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace PriorityLab {

/// What one scan of a JSON text found (see scanJson()).
struct JsonScan
{
    /// The line (1-based) where each wanted path's key or value starts, e.g.
    /// "consumers[1].strategy.threshold" -> 12; a wanted path the text lacks is absent.
    QHash<QString, int> lines;
    /// Paths of keys given twice in one object, e.g. "broker.mode" (at most the first few), and
    /// the line of each second occurrence.
    QStringList duplicateKeys;
    QList<int> duplicateLines;
    /// Duplicate keys found in all (duplicateKeys may hold fewer).
    qsizetype duplicateCount = 0;
};

/// One pass over @p json (valid JSON) that puts line numbers on the paths in @p wanted and
/// finds keys given twice in one object (QJsonDocument keeps the last silently and no
/// positions). Paths are written as the reader writes them: "consumers[1].strategy.threshold".
/// Time O(size of the text); memory O(nesting depth + keys of one object + wanted paths):
/// no path string is built for a value no wanted path leads to. At most @p maxDuplicates
/// duplicate paths are listed.
JsonScan scanJson(const QByteArray &json, const QSet<QString> &wanted, qsizetype maxDuplicates = 20);

} // namespace PriorityLab
