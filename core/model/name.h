#pragma once

#include <QString>
#include <QtGlobal>

namespace PriorityLab {

/// A producer or topic name as a message carries it: a 32-bit index into one process-wide table
/// of names, each stored once (docs/design.md §2: a queued message carries two names in 8 bytes
/// instead of two strings in 48). Equal texts give equal names. The table only grows (there are
/// few distinct names: producers, topics, "manual", and the consumers' names their events carry,
/// rawText()); it is safe to use from several threads.
class Name
{
public:
    /// The empty name.
    Name() = default;
    /// The name of @p text, entered in the table the first time (takes a lock: do it once per
    /// producer or topic, not per message).
    explicit Name(const QString &text);

    /// The text, stored in the table for the life of the process. O(1), no lock.
    const QString &text() const;
    /// The same text as a QString over the table's characters (QString::fromRawData()): a copy
    /// of it takes no reference count, so the events that carry a consumer's name (two a
    /// handling, events on) cost no atomic operation for it (docs/design.md §9). Valid for the
    /// life of the process, as the table. O(1), no lock.
    QString rawText() const;
    bool isEmpty() const { return m_index == 0; }

    friend bool operator==(Name a, Name b) { return a.m_index == b.m_index; }
    friend bool operator!=(Name a, Name b) { return a.m_index != b.m_index; }

private:
    quint32 m_index = 0;  ///< 0 = the empty name
};

} // namespace PriorityLab

Q_DECLARE_TYPEINFO(PriorityLab::Name, Q_PRIMITIVE_TYPE);
