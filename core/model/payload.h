#pragma once

#include <QList>
#include <QSharedData>
#include <QString>
#include <QStringView>
#include <QtGlobal>

#include <utility>

namespace PriorityLab {

/// A message's data (docs/design.md §2): a text, opaque to the broker, stored once however many
/// messages carry it. A plain text (a scripted or hand-sent message, a generator's data without
/// "{n}") is shared by every copy. A generated message's text is its generator's data template
/// with every "{n}" replaced by the message's number; the message keeps only the shared template
/// and its number, and the text is built where it is read (text(): events, the queue view, the
/// journey, export), not when the message is produced or dropped. 16 bytes, no allocation per
/// message. A generator's template is kept for the life of the process (Template): copying a
/// generated message's payload counts no reference.
class Payload
{
    struct Shared;

    /// A reference to a Shared: counted, as QExplicitlySharedDataPointer counts, except for a
    /// template's, which lives as long as the process (Template), so that copying a generated
    /// message's payload (into two events a handling with events on, docs/design.md §9) costs
    /// no atomic operation.
    class Ref
    {
    public:
        Ref() = default;
        explicit Ref(Shared *shared) : m_shared(shared) { acquire(); }
        Ref(const Ref &other) : m_shared(other.m_shared) { acquire(); }
        Ref(Ref &&other) noexcept : m_shared(std::exchange(other.m_shared, nullptr)) { }
        Ref &operator=(Ref other) noexcept
        {
            std::swap(m_shared, other.m_shared);
            return *this;
        }
        ~Ref() { release(); }

        const Shared *get() const { return m_shared; }
        const Shared *operator->() const { return m_shared; }
        const Shared &operator*() const { return *m_shared; }
        explicit operator bool() const { return m_shared != nullptr; }
        friend bool operator==(const Ref &a, const Ref &b) { return a.m_shared == b.m_shared; }

    private:
        void acquire() const
        {
            if (m_shared && !m_shared->kept)
                m_shared->ref.ref();
        }
        void release()
        {
            if (m_shared && !m_shared->kept && !m_shared->ref.deref())
                delete m_shared;
        }
        Shared *m_shared = nullptr;
    };

public:
    /// A generator's data template, split once at its "{n}" counters; the payloads it numbers
    /// share it. A template without "{n}" numbers every message with the same plain text.
    /// Equal texts give the same template, kept for the life of the process, as Name keeps its
    /// texts (there are few: the generators' data, and each edit of one; docs/design.md §2).
    class Template
    {
    public:
        /// The template @p text ("msg-{n}"); the empty text by default. Takes a lock the first
        /// time a text is seen (do it once per generator, not per message).
        explicit Template(const QString &text = QString());
        /// The payload of message number @p n (the producer's counter): text() is the template
        /// with every "{n}" replaced by @p n in decimal. O(1), no allocation.
        Payload numbered(qint64 n) const { return Payload(d, n); }

    private:
        /// The kept Shared of @p text, split at its "{n}" the first time (under a lock).
        static Shared *kept(const QString &text);
        Ref d;
    };

    /// The empty (null) text.
    Payload() = default;
    /// The plain text @p text, shown as it is (a "{n}" in it stays). Implicit: a payload is a
    /// text. Allocates one small shared block (a null @p text: none).
    Payload(const QString &text);

    /// The text, as a reader sees it: a plain text without copying its characters; a numbered
    /// one built in one allocation.
    QString text() const;
    /// Length of text() in UTF-16 code units, without building it. O(1) (O(digits) numbered).
    qsizetype size() const;
    /// True if text() is empty (null or ""), without building it.
    bool isEmpty() const { return size() == 0; }
    /// Writes the size() code units of text() to @p out, without allocating.
    void writeTo(QChar *out) const;
    /// Calls @p read with a QStringView of text(), valid during the call only, and returns its
    /// result: a plain text's own characters, a numbered one's written into a buffer on the stack
    /// (up to 256 characters, no allocation). For readers that do not keep the text (hashing,
    /// writing JSON).
    template<typename Read>
    decltype(auto) withText(Read &&read) const
    {
        if (!isNumbered())
            return read(d ? QStringView(d->text) : QStringView());
        // Left uninitialized: writeNumbered() writes every character read. Called for every
        // generated message (the workload hash), so it costs one number conversion and a copy
        // of a few characters, no allocation and no clearing of the buffer.
        char16_t chars[StackText];
        if (const qsizetype length = writeNumbered(chars, StackText); length >= 0)
            return read(QStringView(chars, length));
        const QString built = text();
        return read(QStringView(built));
    }
    /// @p state folded with text() by the workload hash (WordHash::text(), docs/design.md §5),
    /// without building a numbered text: the template's whole words before its first "{n}" were
    /// taken once, when it was split, so only the rest (the digits four at a time, and what
    /// follows them) is written out, on the stack. Equal to WordHash::text(@p state, text()).
    quint64 hashInto(quint64 state) const;
    /// True if it was numbered by a Template with a "{n}" (its text is built when read).
    bool isNumbered() const { return d && !d->counters.isEmpty(); }

    /// Equal texts, as QString's == compares them (a null text equals ""). Never builds a text:
    /// O(1) for copies of one payload, else O(length).
    friend bool operator==(const Payload &a, const Payload &b);
    friend bool operator!=(const Payload &a, const Payload &b) { return !(a == b); }

private:
    /// The shared text of a payload: a plain text, or a template and where its "{n}" are.
    struct Shared : QSharedData
    {
        ~Shared();  // out of line: a Payload's destructor stays small enough to inline
        bool kept = false;         ///< a template's: never freed, its references not counted
        QString text;              ///< the plain text, or the template
        QList<qsizetype> counters; ///< positions of "{n}" in a template; empty for a plain text
        /// A template's whole words (WordHash::word()) before its first "{n}", for hashInto().
        QList<quint64> headWords;
    };

    Payload(Ref shared, qint64 n) : d(std::move(shared)), m_n(n) { }

    /// Characters withText() builds a numbered text in on the stack; longer ones are allocated.
    static constexpr qsizetype StackText = 256;
    /// Code units hashInto() keeps before its buffer: a group of four digits may write three
    /// zeros before the number, at the start of the text.
    static constexpr qsizetype GroupMargin = 4;
    /// Writes a numbered payload's text into @p out (room for @p capacity code units) and
    /// returns its length; -1, writing nothing, if it does not fit. Converts the number once.
    qsizetype writeNumbered(char16_t *out, qsizetype capacity) const;

    Ref d;                                   ///< null: the null text
    qint64 m_n = 0;                          ///< the number of a template's "{n}"; unused otherwise
};

} // namespace PriorityLab

// A pointer and a number: it may be moved in memory with memcpy (QList and RingQueue growth).
Q_DECLARE_TYPEINFO(PriorityLab::Payload, Q_RELOCATABLE_TYPE);
