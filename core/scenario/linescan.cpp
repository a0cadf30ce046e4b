#include "core/scenario/linescan.h"

#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QList>

namespace PriorityLab {

namespace {
/// One open object or array of the scan.
struct Frame
{
    bool array = false;
    qsizetype index = 0;      ///< array: index of the current element
    bool expectKey = false;   ///< object: the next string is a key
    QByteArray key;           ///< object: the current key
    int keyLine = 0;
    bool wanted = false;      ///< its path leads to a wanted path: path below is built
    QString path;             ///< only when wanted
    QSet<QByteArray> keys;    ///< object: keys seen so far
};

/// The path of the current value of @p stack, built from every frame (for the rare duplicate).
QString fullPath(const QList<Frame> &stack, qsizetype depth)
{
    QString path;
    for (qsizetype i = 0; i < depth; ++i) {
        const Frame &f = stack.at(i);
        if (f.array)
            path += QLatin1Char('[') + QString::number(f.index) + QLatin1Char(']');
        else
            path += QString(path.isEmpty() ? QString() : QStringLiteral(".")) + QString::fromUtf8(f.key);
    }
    return path;
}
} // namespace

JsonScan scanJson(const QByteArray &json, const QSet<QString> &wanted, qsizetype maxDuplicates)
{
    // Every prefix of a wanted path (cut before "." or "["): the scan builds the path of a value
    // only while it is one of these, so a deep or wide document costs no path strings.
    QSet<QString> prefixes{QString()};
    for (const QString &path : wanted) {
        for (qsizetype i = 0; i < path.size(); ++i) {
            if (path.at(i) == QLatin1Char('.') || path.at(i) == QLatin1Char('['))
                prefixes.insert(path.left(i));
        }
        prefixes.insert(path);
    }
    JsonScan scan;
    QList<Frame> stack;
    int line = 1;
    // A value starts in the innermost frame: returns whether its path is a wanted prefix, and
    // the path then.
    const auto valueStarts = [&](QString *path) -> bool {
        if (stack.isEmpty()) {
            path->clear();
            return true;
        }
        const Frame &f = stack.last();
        if (!f.wanted)
            return false;
        const QString p = f.array
                ? QString(f.path + QLatin1Char('[') + QString::number(f.index) + QLatin1Char(']'))
                : QString((f.path.isEmpty() ? QString() : QString(f.path + QLatin1Char('.'))) + QString::fromUtf8(f.key));
        if (!prefixes.contains(p))
            return false;
        if (wanted.contains(p) && !scan.lines.contains(p))
            scan.lines.insert(p, f.array ? line : f.keyLine);
        *path = p;
        return true;
    };
    QString path;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (c == '\n') {
            ++line;
        } else if (c == '"') {
            const qsizetype start = i + 1;
            for (++i; i < json.size() && json.at(i) != '"'; ++i) {
                if (json.at(i) == '\\')
                    ++i;
            }
            if (!stack.isEmpty() && stack.last().expectKey) {
                Frame &f = stack.last();
                f.key = json.mid(start, i - start);
                if (f.key.contains('\\')) {
                    // "a\u0041" and "aA" are one key: compare them unescaped.
                    const QJsonDocument doc = QJsonDocument::fromJson('[' + json.mid(start - 1, i - start + 2) + ']');
                    f.key = doc.array().at(0).toString().toUtf8();
                }
                f.keyLine = line;
                f.expectKey = false;
                if (f.keys.contains(f.key)) {
                    if (scan.duplicateKeys.size() < maxDuplicates) {
                        scan.duplicateKeys << fullPath(stack, stack.size());
                        scan.duplicateLines << line;
                    }
                    ++scan.duplicateCount;
                }
                f.keys.insert(f.key);
            } else {
                valueStarts(&path);
            }
        } else if (c == '{' || c == '[') {
            const bool isWanted = valueStarts(&path);
            Frame f;
            f.array = c == '[';
            f.expectKey = c == '{';
            f.wanted = isWanted;
            if (isWanted)
                f.path = path;
            stack.append(std::move(f));
        } else if (c == '}' || c == ']') {
            if (!stack.isEmpty())
                stack.removeLast();
        } else if (c == ',') {
            if (!stack.isEmpty()) {
                if (stack.last().array)
                    ++stack.last().index;
                else
                    stack.last().expectKey = true;
            }
        } else if (c != ':' && c != ' ' && c != '\t' && c != '\r') {
            valueStarts(&path);  // a number or literal: skip to its end
            while (i + 1 < json.size() && !QByteArrayView(",}] \t\r\n").contains(json.at(i + 1)))
                ++i;
        }
    }
    return scan;
}

} // namespace PriorityLab
