#include "core/model/printable.h"

#include <algorithm>

namespace PriorityLab {

namespace {
bool needsEscape(char16_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e)
            || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == 0x061c;
}
} // namespace

QString printableText(const QString &text)
{
    qsizetype i = 0;
    while (i < text.size() && !needsEscape(text.at(i).unicode()) && text.at(i) != QLatin1Char('\\'))
        ++i;
    if (i == text.size())
        return text;  // the usual case: nothing to escape, no copy
    QString out = text.left(i);
    out.reserve(text.size() + 16);
    for (; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (c == u'\\')
            out += QLatin1String("\\\\");
        else if (needsEscape(c))
            out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
        else
            out += text.at(i);
    }
    return out;
}

QStringList alignedTableLines(const QList<QStringList> &rows, qsizetype leftAligned)
{
    QList<qsizetype> widths;
    for (const QStringList &cells : rows) {
        widths.resize(std::max(widths.size(), cells.size()), 0);
        for (qsizetype i = 0; i < cells.size(); ++i)
            widths[i] = std::max(widths[i], cells.at(i).size());
    }
    QStringList lines;
    for (const QStringList &cells : rows) {
        QStringList padded;
        for (qsizetype i = 0; i < cells.size(); ++i)
            padded << (i < leftAligned ? cells.at(i).leftJustified(widths[i]) : cells.at(i).rightJustified(widths[i]));
        lines << padded.join(QStringLiteral("  "));
    }
    return lines;
}

} // namespace PriorityLab
