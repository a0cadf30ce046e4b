#include "core/model/payload.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace PriorityLab {

namespace {
/// @p n in decimal into @p digits (at least 20 characters); returns the count.
qsizetype decimal(qint64 n, char *digits)
{
    return std::to_chars(digits, digits + 20, n).ptr - digits;
}

constexpr qsizetype CounterLength = 3;  // "{n}"
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
    char digits[20];
    return d->text.size() + d->counters.size() * (decimal(m_n, digits) - CounterLength);
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
    // The number's digits, right-aligned in a buffer, two per division by 100 (this runs for
    // every generated message: the workload hash reads its text).
    static constexpr char Pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                    "8081828384858687888990919293949596979899";
    char16_t buffer[20];
    char16_t *const end = buffer + 20;
    char16_t *digits = end;
    quint64 value = m_n < 0 ? 0 - quint64(m_n) : quint64(m_n);
    for (; value >= 10; value /= 100) {
        const char *pair = Pairs + 2 * (value % 100);
        *--digits = char16_t(pair[1]);
        *--digits = char16_t(pair[0]);
    }
    if (value > 0 || digits == end)
        *--digits = char16_t(u'0' + value);
    if (m_n < 0)
        *--digits = u'-';
    const qsizetype n = end - digits;

    const Shared &shared = *d;  // const: reading its list must not check for a detach
    const qsizetype length = shared.text.size() + shared.counters.size() * (n - CounterLength);
    if (length > capacity)
        return -1;
    const auto copy = [&out](const void *from, qsizetype count) {
        std::memcpy(out, from, size_t(count) * sizeof(char16_t));
        out += count;
    };
    const QChar *from = shared.text.constData();
    qsizetype done = 0;  // characters of the template written
    for (const qsizetype at : shared.counters) {
        copy(from + done, at - done);
        copy(digits, n);
        done = at + CounterLength;
    }
    copy(from + done, shared.text.size() - done);
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
