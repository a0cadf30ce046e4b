#pragma once

#include "core/model/events.h"

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

    /// One event, in the order it happened.
    void add(Event &&event);

    /// A batch of @p size messages taken for @p consumer, before its first event.
    void batch(const QString &consumer, qint64 size)
    {
        if (m_batches && *m_batches)
            (*m_batches)(consumer, size);
    }

    /// Ends the cycle: appends the kept last events to the report after the first ones.
    void finish();

private:
    CycleReport &m_report;
    const EventSink &m_sink;
    const BatchSink *m_batches = nullptr;
    bool m_keep = false;
    std::vector<Event> m_tail;  ///< ring of the last events once the head is full
    size_t m_next = 0;          ///< where the next tail event goes
};

} // namespace PriorityLab
