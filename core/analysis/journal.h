#pragma once

#include "core/model/events.h"

#include <QList>

#include <deque>
#include <functional>
#include <optional>

namespace PriorityLab {

/// The journeys of recent messages: for one message id, what happened to it, cycle by cycle.
/// Fed with one CycleReport per cycle (record()); needs reports that carry their events
/// (Simulation::setRecordEvents(true)).
///
/// A journey is the message's Produced event and every decision (Processed, Postponed,
/// Discarded, Failed, Rejected), in order, exactly as the engine reported them. Dispatched
/// events are left out: each decision carries the same cycle, consumer and message (its
/// deliveries already counted), so a delivery is one row.
///
/// Kept: the event lists of the latest cycles, shared with the reports (not copied), until the
/// newer lists hold Limits::events events (so at most that plus one cycle's
/// CycleReport::MaxKeptEvents); a journey is the events of its message in those lists, at most
/// its latest Limits::eventsPerMessage (droppedEvents() counts the others). Recording is O(1)
/// a cycle, whatever the workload: the lists are indexed when a journey is asked for. One
/// message is followed at a time (the journey panel shows one): asking for a journey scans
/// the kept lists once, O(kept events), and from then on each new list is scanned for that
/// message only as it is recorded, while it is still in the processor's caches
/// (docs/design.md §9, App). The message followed keeps its events while it is followed, even
/// once their cycles leave the kept lists: the journey shown stays readable at any speed.
/// record(), clear() and the readers are called from one thread.
class Journal
{
public:
    /// Bounds, in events.
    struct Limits
    {
        qsizetype events = 200000; ///< events of the latest cycles kept (every type, Dispatched too)
        qsizetype eventsPerMessage = 1000; ///< events a journey shows at most (its latest)
    };

    /// A journal with the default Limits.
    Journal();
    /// A journal with @p limits (each at least 1).
    explicit Journal(Limits limits);
    Journal(const Journal &) = delete;
    Journal &operator=(const Journal &) = delete;

    const Limits &limits() const { return m_limits; }

    /// Keeps the events of @p report (one cycle), sharing its list: O(1), plus a scan of the
    /// list for the message followed, if any. Lists beyond Limits::events go, oldest first, to
    /// the recycler if one is set. A report without events (recording off) changes nothing.
    void record(const CycleReport &report);

    /// Gives each event list the journal lets go to @p recycle (Simulation::recycleEvents() in
    /// the main window, whose next cycles write into its memory); an empty function: freed here.
    void setRecycler(std::function<void(QList<Event> &&)> recycle) { m_recycle = std::move(recycle); }

    /// Forgets everything (a new scenario, a reset).
    void clear();

    /// The journey of message @p id, oldest first, at most Limits::eventsPerMessage events (the
    /// latest): its events in the lists kept when it was first followed, and in every list
    /// recorded since; empty if there are none (never seen, or too old). Each event as the engine
    /// reported it: Event::message holds the message as it was when the event happened,
    /// Event::after the copy sent back (Postponed, Failed). Follows @p id: O(kept events) when
    /// @p id is not the message followed, else O(1).
    QList<Event> journey(quint64 id) const;

    /// Whether the journey of message @p id has events (follows it, as journey()).
    bool contains(quint64 id) const;

    /// Events of @p id found since it was followed that journey() leaves out
    /// (Limits::eventsPerMessage: the oldest ones). Follows it, as journey().
    qsizetype droppedEvents(quint64 id) const;

    /// The oldest cycle the journey of @p id can show: the oldest kept cycle when @p id was
    /// first followed (its events before it were no longer kept); -1 if no cycle was kept then.
    /// Follows it, as journey().
    qint64 keptFrom(quint64 id) const;

    /// A number that changes whenever the journey of @p id gets a new event; 0 if it is empty.
    /// A view rebuilds its rows only when it changed. Follows @p id, as journey().
    quint64 revision(quint64 id) const;

    /// The first kept cycle from @p cycle on whose report kept only part of its events
    /// (CycleReport::eventsDropped: the first and the last of a cycle of more than
    /// CycleReport::MaxKeptEvents), or -1: a journey may lack events of that cycle.
    qint64 partialCycleFrom(qint64 cycle) const;

    /// Events in the kept lists (every type), and the cycles they are from.
    qsizetype eventCount() const { return m_eventCount; }
    qsizetype cycleCount() const { return qsizetype(m_lists.size()); }
    /// The oldest cycle whose events are kept; -1 if none is.
    qint64 firstCycle() const { return m_lists.empty() ? -1 : m_lists.front().cycle; }

private:
    /// One cycle's events, shared with its report.
    struct Kept
    {
        qint64 cycle = 0;
        qint64 eventsDropped = 0; ///< the report's CycleReport::eventsDropped
        QList<Event> events;
    };
    /// The message followed: its journey, kept up to date as lists come and go.
    struct Followed
    {
        quint64 id = 0;
        std::deque<Event> events;  ///< its latest events (at most Limits::eventsPerMessage), oldest first
        qsizetype total = 0;       ///< its events found since it was followed
        qint64 keptFrom = -1;      ///< the oldest kept cycle when it was followed
        quint64 revision = 0;      ///< 0 while total is 0
    };

    /// Follows @p id (scans every kept list if it is not the message followed) and returns it.
    const Followed &follow(quint64 id) const;
    /// Adds the events of @p list that belong to the message followed.
    void scan(const Kept &list, Followed &followed) const;
    /// Lets the oldest list go.
    void dropOldest();

    Limits m_limits;
    std::deque<Kept> m_lists;  ///< the kept lists, oldest first
    qsizetype m_eventCount = 0;
    std::function<void(QList<Event> &&)> m_recycle;
    mutable std::optional<Followed> m_followed;
    mutable quint64 m_revision = 0;  ///< the last revision handed out
};

} // namespace PriorityLab
