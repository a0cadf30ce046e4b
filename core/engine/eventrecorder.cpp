#include "core/engine/eventrecorder.h"

#include <algorithm>

namespace PriorityLab {

EventRecorder::EventRecorder(CycleReport &report, const EventSink &sink, bool keep, const BatchSink *batches)
    : m_report(report), m_sink(sink), m_batches(batches), m_keep(keep)
{
}

void EventRecorder::add(Event &&event)
{
    if (m_sink)
        m_sink(event);
    if (!m_keep)
        return;
    if (m_report.events.size() < CycleReport::KeptEventsHead) {
        m_report.events.append(std::move(event));
        return;
    }
    if (m_tail.size() < size_t(CycleReport::KeptEventsTail)) {
        m_tail.push_back(std::move(event));
        return;
    }
    // The tail is full: the oldest of it drops out.
    m_tail[m_next] = std::move(event);
    m_next = (m_next + 1) % m_tail.size();
    ++m_report.eventsDropped;
}

void EventRecorder::finish()
{
    if (m_tail.empty())
        return;
    std::rotate(m_tail.begin(), m_tail.begin() + qsizetype(m_next), m_tail.end());
    m_report.events.reserve(m_report.events.size() + qsizetype(m_tail.size()));
    for (Event &e : m_tail)
        m_report.events.append(std::move(e));
    m_tail.clear();
    m_next = 0;
}

} // namespace PriorityLab
