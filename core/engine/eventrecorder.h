#pragma once

#include "core/model/events.h"

#include <memory>
#include <utility>
#include <vector>

namespace PriorityLab {

/// Takes the events of one cycle as they happen (docs/design.md §5): hands each to the event
/// sink at once, and keeps a bounded sample of them in the cycle's report: the first
/// CycleReport::KeptEventsHead and the last CycleReport::KeptEventsTail events of the cycle,
/// counting the ones in between in CycleReport::eventsDropped. A cycle of two million events
/// (a requeue loop up to the delivery cap) thus holds at most CycleReport::MaxKeptEvents in
/// memory.
class EventRecorder
{
public:
    /// Records into @p report (if @p keep) and to @p sink (if set); both may be off. Batches go
    /// to @p batches (if not null and set, and the recorder is active); it must outlive the
    /// recorder.
    EventRecorder(CycleReport &report, const EventSink &sink, bool keep, const BatchSink *batches = nullptr);

    /// True if anybody takes events: the broker builds them only then.
    bool active() const { return m_keep || bool(m_sink); }

    /// One event, in the order it happened, made from @p fields (Event's seven members in
    /// order, as in Event{...}) where it is kept: in the report's list, or over the oldest of
    /// the kept last events, with no temporary Event moved in (two events a handling,
    /// docs/design.md §9). The sink gets it as kept.
    template<typename... Fields>
    void add(Fields &&...fields)
    {
        if (!m_keep) {
            if (m_sink)
                m_sink(Event{std::forward<Fields>(fields)...});
            return;
        }
        Event &kept = place(std::forward<Fields>(fields)...);
        if (m_sink)
            m_sink(kept);
    }

    /// A batch of @p size messages taken for @p consumer, before its first event.
    void batch(const QString &consumer, qint64 size)
    {
        if (m_batches && *m_batches)
            (*m_batches)(consumer, size);
    }

    /// Ends the cycle: appends the kept last events to the report after the first ones.
    void finish();

private:
    template<typename... Fields>
    Event &place(Fields &&...fields)
    {
        if (m_report.events.size() < CycleReport::KeptEventsHead)
            return m_report.events.emplaceBack(std::forward<Fields>(fields)...);
        if (m_tail.size() < size_t(CycleReport::KeptEventsTail)) {
            if (m_tail.empty())  // at once: growing it would touch twice the memory
                m_tail.reserve(size_t(CycleReport::KeptEventsTail));
            return m_tail.emplace_back(std::forward<Fields>(fields)...);
        }
        // The tail is full: the oldest of it drops out, the new one is made in its place
        // (nothing in an Event's construction allocates: its texts and payload are shared).
        Event &slot = m_tail[m_next];
        m_next = (m_next + 1) % m_tail.size();
        ++m_report.eventsDropped;
        std::destroy_at(&slot);
        return *std::construct_at(&slot, std::forward<Fields>(fields)...);
    }

    CycleReport &m_report;
    const EventSink &m_sink;
    const BatchSink *m_batches = nullptr;
    bool m_keep = false;
    std::vector<Event> m_tail;  ///< ring of the last events once the head is full
    size_t m_next = 0;          ///< where the next tail event goes
};

} // namespace PriorityLab
