#include "core/scenario/linescan.h"

#include <QByteArrayView>
#include <QList>

namespace PriorityLab {

/// The line (1-based) where each JSON path's key or value starts, e.g.
/// "consumers[1].strategy.threshold" -> 12. @p json must be valid JSON. A scan of the text, only
/// to put line numbers on messages: QJsonDocument keeps no positions.
QHash<QString, int> jsonPathLines(const QByteArray &json)
{
    struct Frame
    {
        bool array = false;
        qsizetype index = 0;
        QString path;
        bool expectKey = false;
        QString key;
        int keyLine = 0;
    };
    QHash<QString, int> lines;
    QList<Frame> stack;
    int line = 1;
    const auto valueStarts = [&]() -> QString {
        if (stack.isEmpty())
            return QString();
        const Frame &f = stack.last();
        if (f.array) {
            const QString p = f.path + QLatin1Char('[') + QString::number(f.index) + QLatin1Char(']');
            lines.insert(p, line);
            return p;
        }
        const QString p = f.path.isEmpty() ? f.key : f.path + QLatin1Char('.') + f.key;
        lines.insert(p, f.keyLine);
        return p;
    };
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
            const QString text = QString::fromUtf8(json.mid(start, i - start));
            if (!stack.isEmpty() && stack.last().expectKey) {
                stack.last().key = text;
                stack.last().keyLine = line;
                stack.last().expectKey = false;
            } else {
                valueStarts();
            }
        } else if (c == '{' || c == '[') {
            const QString p = valueStarts();
            stack.append({c == '[', 0, p, c == '{', QString(), 0});
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
            valueStarts();  // a number or literal: skip to its end
            while (i + 1 < json.size() && !QByteArrayView(",}] \t\r\n").contains(json.at(i + 1)))
                ++i;
        }
    }
    return lines;
}

} // namespace PriorityLab
