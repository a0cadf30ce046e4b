#include "core/analysis/jsonwriter.h"

#include <charconv>
#include <algorithm>

namespace PriorityLab {

void JsonWriter::grow(qsizetype bytes)
{
    if (m_pos)
        m_used = m_pos - m_out.constData();
    // resize() grows the capacity geometrically; the spare bytes are cut again by finish().
    m_out.resize(m_used + std::max<qsizetype>(bytes, 4096));
    m_pos = m_out.data() + m_used;
    m_end = m_out.data() + m_out.size();
}

void JsonWriter::finish()
{
    if (m_pos) {
        m_used = m_pos - m_out.constData();
        m_out.truncate(m_used);  // keeps the capacity
        m_pos = m_end = nullptr;
    }
}

void JsonWriter::writeKey(const char *name, qsizetype length)
{
    room(length + 4);
    if (!m_first)
        *m_pos++ = ',';
    m_first = false;
    *m_pos++ = '"';
    m_pos = std::copy_n(name, length, m_pos);
    *m_pos++ = '"';
    *m_pos++ = ':';
}

void JsonWriter::number(qint64 value)
{
    room(24);
    m_pos = std::to_chars(m_pos, m_end, value).ptr;
}

void JsonWriter::string(QStringView text)
{
    static constexpr char Hex[] = "0123456789abcdef";
    // At most 6 bytes per UTF-16 unit (\uXXXX), plus the quotes: room once, then raw writes.
    room(2 + 6 * text.size());
    char *out = m_pos;
    *out++ = '"';
    const char16_t *s = text.utf16();
    const char16_t *const end = s + text.size();
    const auto escapeUnit = [&out](char16_t u) {
        *out++ = '\\';
        *out++ = 'u';
        *out++ = Hex[(u >> 12) & 0xf];
        *out++ = Hex[(u >> 8) & 0xf];
        *out++ = Hex[(u >> 4) & 0xf];
        *out++ = Hex[u & 0xf];
    };
    while (s != end) {
        const char16_t u = *s++;
        if (u >= 0x20 && u < 0x80) {
            if (u == '"' || u == '\\')
                *out++ = '\\';
            *out++ = char(u);
        } else if (u < 0x20) {
            *out++ = '\\';
            switch (u) {
            case '\b': *out++ = 'b'; break;
            case '\f': *out++ = 'f'; break;
            case '\n': *out++ = 'n'; break;
            case '\r': *out++ = 'r'; break;
            case '\t': *out++ = 't'; break;
            default:
                --out;
                escapeUnit(u);
            }
        } else if (u < 0x800) {
            *out++ = char(0xc0 | (u >> 6));
            *out++ = char(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && s != end && QChar::isLowSurrogate(*s)) {
            const char32_t c = QChar::surrogateToUcs4(u, *s++);
            *out++ = char(0xf0 | (c >> 18));
            *out++ = char(0x80 | ((c >> 12) & 0x3f));
            *out++ = char(0x80 | ((c >> 6) & 0x3f));
            *out++ = char(0x80 | (c & 0x3f));
        } else if (QChar::isSurrogate(u)) {
            escapeUnit(u);  // a lone surrogate has no UTF-8 form
        } else {
            *out++ = char(0xe0 | (u >> 12));
            *out++ = char(0x80 | ((u >> 6) & 0x3f));
            *out++ = char(0x80 | (u & 0x3f));
        }
    }
    *out++ = '"';
    m_pos = out;
}

QByteArray jsonString(QStringView text)
{
    QByteArray out;
    JsonWriter(out).string(text);
    return out;
}

} // namespace PriorityLab
