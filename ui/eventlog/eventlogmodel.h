#pragma once

#include "core/model/events.h"
#include "ui/common/messagetablemodel.h"

#include <QColor>
#include <QTimer>

#include <algorithm>
#include <deque>

class QIODevice;

namespace PriorityLab {

/// The event log: the simulation's events, oldest first, in a capped ring buffer of at most
/// capacity() rows, as qBittorrent's log model keeps its messages.
///
/// Events arrive once per cycle report through addEvents() into a pending list (cheap: the
/// report's event list is shared, not copied, and nothing is signalled); flush(), called from
/// the main window's throttled refresh, applies them in two batched steps: first the oldest rows
/// that no longer fit go in ONE beginRemoveRows() from row 0, then the new ones come in ONE
/// beginInsertRows() at the end. Between two flushes at most capacity() pending events are kept
/// (the oldest are dropped first), so memory stays bounded at any speed.
///
/// Storage: the rows are the reports' own event lists (chunks), shared with the simulation's
/// reports rather than copied one event at a time; a row is found by a binary search over the
/// chunks (a few dozen at 3,000 events a cycle), sequential access hits the last chunk found.
///
/// Dropping: the event lists that leave the log (the oldest rows, or pending events beyond
/// capacity() while the log waits behind another tab) are not freed where they are dropped: at
/// the fastest speed a refresh dropped ~9,000 events at once, and freeing them (cold memory, every
/// event's shared strings) was the costliest part of a refresh (docs/design.md §9, App). They go to
/// a release queue that a zero-interval timer empties at the next event-loop pass, in between the
/// simulation's cycles (freed one list per pass, the queue outgrew the freeing and new events took
/// fresh pages: the app ran 184 cycles/s instead of 457); releasedPending() tells how many wait.
class EventLogModel : public MessageTableModel
{
    Q_OBJECT

public:
    enum Column {
        CycleColumn,
        TypeColumn,
        ConsumerColumn,
        MessageIdColumn,
        DataColumn,
        PriorityColumn,
        TtlColumn,
        ExplanationColumn,
        ColumnCount
    };
    enum Role {
        MessageIdRole = Qt::UserRole,  ///< quint64 id of the event's message
        EventTypeRole,                 ///< int(Event::Type)
        ConsumerRole,                  ///< consumer name; empty for produced events
        CycleRole,                     ///< qint64 cycle
    };

    /// Rows kept by default.
    static constexpr qsizetype defaultCapacity() { return 50000; }

    /// A log of at most @p capacity rows (at least 1).
    explicit EventLogModel(qsizetype capacity = defaultCapacity(), QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;

    /// Rows kept at most.
    qsizetype capacity() const { return m_capacity; }

    /// Queues @p events (one cycle's, in order) for the next flush().
    void addEvents(const QList<Event> &events);
    /// addEvents() of the report's events (empty unless the simulation records events).
    void addReport(const CycleReport &report) { addEvents(report.events); }
    /// Counts @p events that happened but were let go before they reached the log (older than
    /// capacity() newer ones: RefreshSnapshot::releasedEvents()); only totalCount() changes.
    void countUnkept(qint64 events) { m_total += std::max<qint64>(0, events); }

    /// Applies the pending events: one batched removal of the oldest rows, one batched insertion.
    /// Returns the number of rows inserted.
    qsizetype flush();

    /// Removes every row and every pending event.
    void clear();

    /// Events queued for the next flush().
    qsizetype pendingCount() const { return m_pendingCount; }
    /// Events ever added since the last clear(), including those no longer kept.
    qint64 totalCount() const { return m_total; }
    /// Events dropped from the log (or from the pending ones) and not yet freed: the release
    /// queue, emptied at the next event-loop pass. Not counted in rows or pending.
    qsizetype releasedPending() const { return m_releasedCount; }
    /// Frees every dropped event list now; also the release timer's slot.
    void releaseDropped();

    /// The event shown in row @p row (0 = oldest kept); row must be valid.
    const Event &event(int row) const;

    /// Writes the kept events, oldest first, as JSON Lines (docs/design.md §7, eventToJsonLine) to
    /// @p device, after a flush(). Returns the lines written, or -1 if the device failed.
    qint64 writeJsonLines(QIODevice *device);

    /// The word shown for @p type, e.g. "postponed".
    static QString typeText(Event::Type type);
    /// The colour of @p type (Okabe-Ito, as the charts), shown as a square beside its word.
    static QColor typeColor(Event::Type type);

protected:
    QVariant messageData(int row, int column, MessageColumns::Kind kind, int role) const override;

private:
    /// The columns, in Column order.
    static const QList<MessageColumns::Column> &columns();

    /// Events [begin, events.size()) of one report; @c first numbers events[begin] over the log.
    struct Chunk
    {
        QList<Event> events;
        qsizetype begin = 0;
        qint64 first = 0;
        qsizetype size() const { return events.size() - begin; }
    };

    /// Puts @p events (a dropped chunk's list) in the release queue and starts its timer.
    void dropLater(QList<Event> &&events);

    std::deque<Chunk> m_chunks;          ///< the rows, oldest first
    qsizetype m_rows = 0;
    qint64 m_next = 0;                   ///< number of the next event appended
    mutable size_t m_lastChunk = 0;      ///< chunk of the last event() lookup
    std::deque<Chunk> m_pending;         ///< whole reports' event lists (shared, not copied)
    qsizetype m_pendingCount = 0;
    qsizetype m_capacity;
    qint64 m_total = 0;
    std::deque<QList<Event>> m_released;  ///< dropped lists, freed by m_releaseTimer
    qsizetype m_releasedCount = 0;
    QTimer m_releaseTimer;
};

} // namespace PriorityLab
