#include "core/engine/eventrecorder.h"

#include <algorithm>

namespace PriorityLab {

EventRecorder::EventRecorder(CycleReport &report, const EventSink &sink, bool keep, const BatchSink *batches)
    : m_report(report), m_sink(sink), m_batches(batches), m_keep(keep)
{
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
