#include "core/model/payload.h"

#include "core/model/wordhash.h"

#include <QHash>
#include <QMutex>

#include <algorithm>
#include <bit>
#include <cstring>

namespace PriorityLab {

namespace {
constexpr qsizetype CounterLength = 3;  // "{n}"

/// "00" to "99" in UTF-16, two code units each: the digit writers copy a pair in one 4-byte move.
constexpr char16_t Pairs[] = u"0001020304050607080910111213141516171819"
                             u"2021222324252627282930313233343536373839"
                             u"4041424344454647484950515253545556575859"
                             u"6061626364656667686970717273747576777879"
                             u"8081828384858687888990919293949596979899";

/// Characters of @p n in decimal, a '-' included. Without a division: the number's bits give
/// its digits within one, a power of ten settles it.
qsizetype decimalLength(qint64 n)
{
    static constexpr quint64 Powers[] = {1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
                                         10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
                                         100000000000ULL, 1000000000000ULL, 10000000000000ULL,
                                         100000000000000ULL, 1000000000000000ULL,
                                         10000000000000000ULL, 100000000000000000ULL,
                                         1000000000000000000ULL, 10000000000000000000ULL};
    const quint64 value = n < 0 ? 0 - quint64(n) : quint64(n);
    // t = floor(bits * log10(2)) (1233 / 4096 = 0.30102...) is the digits of value or one less
    // (0 is taken as 1: one digit).
    const quint64 nonZero = value | 1;
    const int t = ((64 - std::countl_zero(nonZero)) * 1233) >> 12;
    return qsizetype(t + 1 - (nonZero < Powers[t] ? 1 : 0) + (n < 0 ? 1 : 0));
}

/// The digit writer of Payload's texts: @p n in decimal (with a '-' if negative), its
/// decimalLength(@p n) characters written backwards so that the last one is at @p end - 1.
/// Two digits per division by 100, each pair copied from a table of UTF-16 pairs in one 4-byte
/// move: it runs for every generated message's text read (events, views, export).
void writeDecimal(qint64 n, char16_t *end)
{
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

/// Writes @p n in decimal (with a '-' if negative), its @p digits = decimalLength(@p n)
/// characters ending at @p end - 1, four digits at a time: the digits without the sign padded
/// with '0' in front to whole groups of four, so up to three code units before the number's first
/// character (the sign or the first digit) are overwritten, too. Fewer divisions and stores than
/// writeDecimal(), for a buffer that has room before the number (Payload::hashInto()).
void writeDigitGroups(qint64 n, qsizetype digits, char16_t *end)
{
    quint64 value = n < 0 ? 0 - quint64(n) : quint64(n);
    char16_t *at = end;
    do {
        const auto group = quint32(value % 10000);
        value /= 10000;
        at -= 4;
        std::memcpy(at, Pairs + 2 * (group / 100), 2 * sizeof(char16_t));
        std::memcpy(at + 2, Pairs + 2 * (group % 100), 2 * sizeof(char16_t));
    } while (value != 0);
    if (n < 0)
        end[-digits] = u'-';
}

/// Copies @p count code units from @p from to @p out; returns the end of the copy. An empty
/// piece (a template ending in "{n}") or one of up to three units costs no call.
inline char16_t *copyUnits(char16_t *out, const char16_t *from, qsizetype count)
{
    if (count > 3) {
        std::memcpy(out, from, size_t(count) * sizeof(char16_t));
    } else if (count > 0) {
        out[0] = from[0];
        if (count > 1)
            out[1] = from[1];
        if (count > 2)
            out[2] = from[2];
    }
    return out + count;
}
} // namespace

Payload::Template::Template(const QString &text) : d(kept(text)) { }

Payload::Shared *Payload::Template::kept(const QString &text)
{
    // Never destroyed, as Name's table: a payload may be read until the very end of the process.
    static QMutex *const mutex = new QMutex;
    static QHash<QString, Shared *> *const byText = new QHash<QString, Shared *>;
    static Shared *nullText = nullptr;  // apart: a null text and "" are one key of the hash
    const QMutexLocker lock(mutex);
    Shared *&shared = text.isNull() ? nullText : (*byText)[text];
    if (shared)
        return shared;
    shared = new Shared;
    shared->kept = true;
    shared->text = text;
    for (qsizetype at = text.indexOf(QLatin1String("{n}")); at >= 0;
         at = text.indexOf(QLatin1String("{n}"), at + CounterLength))
        shared->counters.append(at);
    if (!shared->counters.isEmpty()) {
        const char16_t *units = reinterpret_cast<const char16_t *>(text.constData());
        for (qsizetype at = 0; at + 4 <= shared->counters.constFirst(); at += 4)
            shared->headWords.append(WordHash::word(units + at));
    }
    return shared;
}

Payload::Payload(const QString &text)
{
    if (text.isNull())
        return;
    auto *shared = new Shared;
    shared->text = text;
    d = Ref(shared);
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
    const char16_t *units = reinterpret_cast<const char16_t *>(shared.text.constData());
    qsizetype done = 0;  // characters of the template written
    for (const qsizetype at : shared.counters) {
        out = copyUnits(out, units + done, at - done);
        out += digits;
        writeDecimal(m_n, out);
        done = at + CounterLength;
    }
    copyUnits(out, units + done, shared.text.size() - done);
    return length;
}

quint64 Payload::hashInto(quint64 state) const
{
    if (!isNumbered())
        return WordHash::text(state, d ? QStringView(d->text) : QStringView());
    const Shared &shared = *d;
    const qsizetype digits = decimalLength(m_n);
    const qsizetype length = shared.text.size() + shared.counters.size() * (digits - CounterLength);
    // The whole words before the first "{n}" are the text's first words whatever the number.
    const qsizetype skipped = 4 * shared.headWords.size();
    if (length - skipped > StackText)
        return withText([state](QStringView text) { return WordHash::text(state, text); });
    for (const quint64 word : shared.headWords)
        state = WordHash::mix(state, word);
    // The rest (the 0..3 code units after those words, the digits, what follows) written from
    // its end backwards, so that the zeros a group of digits writes before its first digit fall
    // where the piece before it is written next (or into the margin).
    char16_t buffer[GroupMargin + StackText];
    char16_t *const rest = buffer + GroupMargin;
    const char16_t *units = reinterpret_cast<const char16_t *>(shared.text.constData());
    char16_t *out = rest + (length - skipped);
    qsizetype done = shared.text.size();  // the template is written back to this position
    for (qsizetype i = shared.counters.size() - 1; i >= 0; --i) {
        const qsizetype at = shared.counters.at(i);
        const qsizetype after = at + CounterLength;
        out -= done - after;
        copyUnits(out, units + after, done - after);
        writeDigitGroups(m_n, digits, out);
        out -= digits;
        done = at;
    }
    copyUnits(rest, units + skipped, done - skipped);
    return WordHash::foldEnd(state, rest, length - skipped, length);
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
