#include "core/model/payload.h"

#include <algorithm>
#include <charconv>

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
    const QChar *from = d->text.constData();
    if (d->counters.isEmpty()) {
        std::copy_n(from, d->text.size(), out);
        return;
    }
    char digits[20];
    const qsizetype n = decimal(m_n, digits);
    qsizetype done = 0;  // characters of the template written
    for (const qsizetype at : d->counters) {
        out = std::copy_n(from + done, at - done, out);
        out = std::transform(digits, digits + n, out, [](char c) { return QLatin1Char(c); });
        done = at + CounterLength;
    }
    std::copy_n(from + done, d->text.size() - done, out);
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
