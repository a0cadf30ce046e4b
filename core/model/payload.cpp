#include "core/model/payload.h"

#include <algorithm>
#include <cstring>

namespace PriorityLab {

namespace {
constexpr qsizetype CounterLength = 3;  // "{n}"

/// Characters of @p n in decimal, a '-' included.
qsizetype decimalLength(qint64 n)
{
    quint64 value = n < 0 ? 0 - quint64(n) : quint64(n);
    qsizetype length = n < 0 ? 2 : 1;
    for (; value >= 100; value /= 100)
        length += 2;
    return length + (value >= 10 ? 1 : 0);
}

/// The one digit writer of Payload: @p n in decimal (with a '-' if negative), its
/// decimalLength(@p n) characters written backwards so that the last one is at @p end - 1.
/// Two digits per division by 100, each pair copied from a table of UTF-16 pairs in one 4-byte
/// move: it runs for every generated message read (the workload hash reads its text).
void writeDecimal(qint64 n, char16_t *end)
{
    static constexpr char16_t Pairs[] = u"0001020304050607080910111213141516171819"
                                        u"2021222324252627282930313233343536373839"
                                        u"4041424344454647484950515253545556575859"
                                        u"6061626364656667686970717273747576777879"
                                        u"8081828384858687888990919293949596979899";
    char16_t *digits = end;
    quint64 value = n < 0 ? 0 - quint64(n) : quint64(n);
    for (; value >= 100; value /= 100) {
        digits -= 2;
        std::memcpy(digits, Pairs + 2 * (value % 100), 2 * sizeof(char16_t));
    }
    if (value >= 10) {
        digits -= 2;
        std::memcpy(digits, Pairs + 2 * value, 2 * sizeof(char16_t));
    } else {
        *--digits = char16_t(u'0' + value);
    }
    if (n < 0)
        *--digits = u'-';
}

/// Copies @p count code units from @p from to @p out; returns the end of the copy. An empty
/// piece (a template ending in "{n}") costs no call.
inline char16_t *copyUnits(char16_t *out, const char16_t *from, qsizetype count)
{
    if (count > 0)
        std::memcpy(out, from, size_t(count) * sizeof(char16_t));
    return out + count;
}
} // namespace

Payload::Template::Template(const QString &text) : d(new Shared)
{
    d->text = text;
    for (qsizetype at = text.indexOf(QLatin1String("{n}")); at >= 0;
         at = text.indexOf(QLatin1String("{n}"), at + CounterLength))
        d->counters.append(at);
}

Payload::Payload(const QString &text)
{
    if (text.isNull())
        return;
    d = new Shared;
    d->text = text;
}

Payload::Shared::~Shared() = default;

qsizetype Payload::size() const
{
    if (!isNumbered())
        return d ? d->text.size() : 0;
    return d->text.size() + d->counters.size() * (decimalLength(m_n) - CounterLength);
}

void Payload::writeTo(QChar *out) const
{
    if (!d)
        return;
    if (!isNumbered()) {
        std::copy_n(d->text.constData(), d->text.size(), out);
        return;
    }
    writeNumbered(reinterpret_cast<char16_t *>(out), size());
}

qsizetype Payload::writeNumbered(char16_t *out, qsizetype capacity) const
{
    const qsizetype digits = decimalLength(m_n);
    const Shared &shared = *d;  // const: reading its list must not check for a detach
    const qsizetype length = shared.text.size() + shared.counters.size() * (digits - CounterLength);
    if (length > capacity)
        return -1;
    // The template's pieces between its "{n}", and the number's digits written in place at
    // each (a template has one or two "{n}": converting again is cheaper than keeping a copy).
    const char16_t *from = reinterpret_cast<const char16_t *>(shared.text.constData());
    qsizetype done = 0;  // characters of the template written
    for (const qsizetype at : shared.counters) {
        out = copyUnits(out, from + done, at - done);
        out += digits;
        writeDecimal(m_n, out);
        done = at + CounterLength;
    }
    copyUnits(out, from + done, shared.text.size() - done);
    return length;
}

QString Payload::text() const
{
    if (!isNumbered())
        return d ? d->text : QString();
    QString text(size(), Qt::Uninitialized);
    writeTo(text.data());
    return text;
}

bool operator==(const Payload &a, const Payload &b)
{
    if (a.d == b.d && (a.m_n == b.m_n || !a.isNumbered()))
        return true;
    if (a.size() != b.size())
        return false;
    return a.withText([&b](QStringView x) { return b.withText([x](QStringView y) { return x == y; }); });
}

} // namespace PriorityLab
