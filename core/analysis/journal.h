#pragma once

#include "core/model/events.h"
#include "core/model/prefetch.h"

#include <QList>
#include <QHash>
#include <QString>

#include <array>
#include <memory>
#include <vector>

namespace PriorityLab {

/// The journeys of recent messages: for each message id, what happened to it, cycle by cycle.
/// Fed with one CycleReport per cycle (record()); needs reports that carry
/// their events (Simulation::setRecordEvents(true)).
///
/// Kept per message: the Produced event and every decision (Processed, Postponed, Discarded,
/// Failed), in order. Dispatched events are not kept: each decision carries the same cycle,
/// consumer and message (its deliveries already counted), so a delivery is one row.
///
/// Bounded in messages and memory: the journal keeps the messages that had an event most
/// recently (least recently active evicted first), at most Limits::messages of them and
/// Limits::events events in all; a message that loops keeps only its last
/// Limits::eventsPerMessage events (droppedEvents() counts the others). Internally an event is
/// plain data of 88 bytes (the message's payload and producer are stored once per message; the
/// consumer name, the reason and the explanation's text are numbers into one table of the
/// distinct texts, the explanation's words its function and values, put into words only when
/// shown: docs/design.md §9), so the defaults hold about 20 MB at most.
///
/// Recorded on a thread of its own: record() hands a report's event list over (shared, not
/// copied) and returns, and the journal's thread records it while the engine runs the next
/// cycles. Every reader (journey(), contains(), the counts) first waits until what was handed
/// over is recorded, so it reads what recording on the caller's thread would have left. At
/// most maxPendingEvents events wait to be recorded: record() waits beyond that, so memory stays
/// bounded however fast the engine runs. record(), clear() and the readers are called from one
/// thread (the main window's): the journal is not for sharing between threads.
class Journal
{
public:
    /// Bounds, in messages and events.
    struct Limits
    {
        qsizetype messages = 20000; ///< messages kept (the most recently active)
        qsizetype events = 200000; ///< events kept, all messages together
        qsizetype eventsPerMessage = 1000; ///< events kept per message (its latest)
    };

    /// A journal with the default Limits.
    Journal();
    /// A journal with @p limits (each at least 1).
    explicit Journal(Limits limits);
    /// Stops the journal's thread (events still waiting are dropped unrecorded).
    ~Journal();
    Journal(const Journal &) = delete;
    Journal &operator=(const Journal &) = delete;

    /// Events handed over by record() and not yet recorded, at most (record() waits beyond):
    /// five cycles' worth of kept events (CycleReport::MaxKeptEvents), some 27 MB of Event.
    static constexpr qsizetype maxPendingEvents = 5 * CycleReport::MaxKeptEvents;

    const Limits &limits() const { return m_limits; }

    /// Adds the events of @p report (one cycle): O(1) here (the list is shared), O(events in the
    /// report) on the journal's thread; a report without events (recording off) changes nothing.
    void record(const CycleReport &report);

    /// Forgets everything (a new scenario, a reset).
    void clear();

    /// The kept events of message @p id, oldest first; empty if the journal does not know it
    /// (never seen, or evicted). Event::message holds the message as it was when the event
    /// happened; Event::after the copy sent back (Postponed, Failed).
    QList<Event> journey(quint64 id) const;

    /// Whether the journal has events of message @p id.
    bool contains(quint64 id) const;

    /// Number of events of @p id dropped because of Limits::eventsPerMessage (the oldest ones).
    qsizetype droppedEvents(quint64 id) const;

    /// A number that changes whenever message @p id gets a new event (0 if unknown): a view
    /// rebuilds its rows only when it changed.
    quint64 revision(quint64 id) const;

    /// Messages and events kept now.
    qsizetype messageCount() const;
    qsizetype eventCount() const;
    /// Messages evicted since the last clear() (least recently active first).
    qint64 evictedCount() const;

private:
    /// The journal's thread and the event lists handed over to it (journal.cpp).
    struct Feed;
    /// What the journal's thread does: records each list handed over, until the journal goes.
    void runFeed();
    /// Waits until every list handed over is recorded; then the journal's thread is idle until
    /// the next record() (called from this same thread), so the caller may read.
    void settle() const;
    /// Adds @p events (one cycle's, in order); on the journal's thread.
    void recordEvents(const QList<Event> &events);
    /// One kept event, plain data (trivially copyable: no reference counts to touch when it is
    /// written, dropped or evicted). Texts are numbers of m_texts (0: empty).
    struct Step
    {
        qint64 cycle = 0;
        Explanation::Words words = nullptr; ///< the explanation's words (Explanation::words)
        std::array<int, 3> values = {};     ///< the explanation's values (Explanation::values)
        quint32 consumer = 0;               ///< text number of the consumer's name
        quint32 reason = 0;                 ///< text number of the reason
        quint32 detailText = 0;             ///< text number of Explanation::text
        Name topic;    ///< the topic it was delivered from (topics mode)
        MessageMeta before;  ///< the message's fields as the event shows it
        MessageMeta after;   ///< Postponed and Failed: the copy sent back (Event::after)
        Event::Type type = Event::Type::Produced;
    };
    /// A message's journey, in a slot of m_slots that is reused once the message is evicted.
    struct Entry
    {
        /// Payload, producer, production; metadata of the first event. An evicted entry keeps it
        /// until its slot is reused (see evict()).
        Message identity;
        QList<Step> steps;
        qsizetype dropped = 0;
        quint64 revision = 0;
        qsizetype older = -1; ///< slot of the next less recently active entry; -1: this is the least
        qsizetype newer = -1; ///< slot of the next more recently active entry; -1: this is the most
    };

    /// Message id -> slot of its entry: open addressing with linear probing (ids hash by a
    /// multiplication), deletion by shifting back; a lookup is a few instructions, against a
    /// QHash's node walk (Journal::record() looks up every event's message). Id 0 is a key too.
    class SlotMap
    {
    public:
        /// The slot of @p id, or -1.
        qsizetype find(quint64 id) const;
        /// Maps @p id (not present) to @p slot.
        void insert(quint64 id, qsizetype slot);
        /// Unmaps @p id (present).
        void remove(quint64 id);
        /// Asks for the cell where a lookup of @p id starts to be loaded into the processor's
        /// caches ahead of the lookup: a hint, it changes nothing. Inline: asked for most events.
        void prefetch(quint64 id) const
        {
            if (m_cells.empty())
                return;
            // And the cache line after its own: remove() reads the cells after it to see whether
            // one must move back, and after a move the next one (asking for the cell after it
            // only, that read waited for memory: most of remove()'s time, docs/design.md §9).
            const size_t i = home(id);
            const size_t mask = m_cells.size() - 1;
            PriorityLab::prefetch(&m_cells[i]);
            PriorityLab::prefetch(&m_cells[(i + cellsPerLine) & mask]);
        }
        qsizetype size() const { return m_size; }
        void clear();

    private:
        struct Cell
        {
            quint64 id = 0;
            qsizetype slot = -1; ///< -1: empty cell
        };
        /// Cells in a 64-byte cache line.
        static constexpr size_t cellsPerLine = 64 / sizeof(Cell);
        size_t home(quint64 id) const { return size_t((id * 0x9E3779B97F4A7C15ull) >> m_shift); }
        void grow();
        std::vector<Cell> m_cells; ///< a power of two of them, at most half used
        int m_shift = 64;
        qsizetype m_size = 0;
    };

    /// The number of @p text in m_texts (entered if new); 0 for the empty text. Numbers stay
    /// valid until compactTexts(). Inline for the empty text, which most of an event's three
    /// texts are (a production has none, most decisions no reason and no explanation text).
    quint32 textNumber(const QString &text) { return text.isEmpty() ? 0 : nonEmptyTextNumber(text); }
    /// textNumber() of a text that is not empty.
    quint32 nonEmptyTextNumber(const QString &text);
    /// Drops the texts no kept step uses and renumbers the rest (steps included); called between
    /// events when the table has grown to m_compactTextsAt.
    void compactTexts();
    void evict();
    /// Asks for what a later eviction will read (the evicted message's cell in the id map, its
    /// steps' memory, which the next new message reuses) to be loaded into the processor's caches
    /// ahead: a hint, it changes nothing.
    void prefetchVictim() const;
    void unlink(qsizetype slot);
    void linkNewest(qsizetype slot);

    Limits m_limits;
    SlotMap m_slotOf;                   ///< message id -> its entry's slot in m_slots
    std::vector<Entry> m_slots;         ///< entries; at most Limits::messages + 1 slots
    std::vector<qsizetype> m_freeSlots; ///< slots of evicted entries, to reuse
    qsizetype m_oldest = -1;            ///< slot of the least recently active entry; -1: none
    qsizetype m_newest = -1;            ///< slot of the most recently active entry; -1: none
    /// The distinct texts of the kept steps (consumer names, reasons, explanations' texts), by
    /// number; number 0 is the empty text. May hold texts of evicted steps until compactTexts().
    std::vector<QString> m_texts;
    QHash<QString, quint32> m_textNumbers; ///< text -> its number in m_texts
    /// m_texts' size at which compactTexts() runs: twice the texts kept at the last compaction,
    /// at least maxTexts (so a compaction's cost, O(kept steps), is spread over as many new texts).
    size_t m_compactTextsAt = 0;
    /// A text numbered lately: a copy (which keeps its characters alive and unchanged) and its
    /// number.
    struct Recent
    {
        QString seen;
        quint32 number = 0;
    };
    /// The texts interned lately, by where their characters are: a text with the same characters
    /// is not hashed again (most texts of an event are copies of a few strings).
    std::array<Recent, 64> m_recentTexts;
    qsizetype m_eventCount = 0;
    qint64 m_evicted = 0;
    quint64 m_revision = 0;
    std::unique_ptr<Feed> m_feed;  ///< started by the first record() with events
};

} // namespace PriorityLab
