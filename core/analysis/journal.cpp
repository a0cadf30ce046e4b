#include "core/analysis/journal.h"

#include <algorithm>

namespace PriorityLab {

Journal::Journal() : Journal(Limits()) { }

Journal::Journal(Limits limits) : m_limits(limits)
{
    m_limits.events = std::max<qsizetype>(1, m_limits.events);
    m_limits.eventsPerMessage = std::max<qsizetype>(1, m_limits.eventsPerMessage);
}

void Journal::record(const CycleReport &report)
{
    if (report.events.isEmpty())
        return;
    m_lists.push_back({report.cycle, report.eventsDropped, report.events});
    m_eventCount += report.events.size();
    if (m_followed)
        scan(m_lists.back(), *m_followed);
    // The rule of CycleAccumulator::add(): a list goes once the newer ones hold the limit.
    while (m_eventCount - m_lists.front().events.size() >= m_limits.events)
        dropOldest();
}

void Journal::dropOldest()
{
    Kept &oldest = m_lists.front();
    m_eventCount -= oldest.events.size();
    // The message followed keeps its events (copies): nothing of it changes here.
    QList<Event> events = std::move(oldest.events);
    m_lists.pop_front();
    if (m_recycle)
        m_recycle(std::move(events));  // its memory serves a next cycle, if nobody else holds it
}

void Journal::scan(const Kept &list, Followed &followed) const
{
    qsizetype found = 0;
    for (const Event &event : list.events) {
        if (event.message.id != followed.id || event.type == Event::Type::Dispatched)
            continue;
        followed.events.push_back(event);
        if (qsizetype(followed.events.size()) > m_limits.eventsPerMessage)
            followed.events.pop_front();
        ++found;
    }
    if (found == 0)
        return;
    followed.total += found;
    followed.revision = ++m_revision;
}

const Journal::Followed &Journal::follow(quint64 id) const
{
    if (!m_followed || m_followed->id != id) {
        m_followed.emplace();
        m_followed->id = id;
        m_followed->keptFrom = firstCycle();
        for (const Kept &list : m_lists)
            scan(list, *m_followed);
    }
    return *m_followed;
}

void Journal::clear()
{
    m_lists.clear();
    m_eventCount = 0;
    m_followed.reset();
}

QList<Event> Journal::journey(quint64 id) const
{
    const Followed &f = follow(id);
    return QList<Event>(f.events.begin(), f.events.end());
}

bool Journal::contains(quint64 id) const
{
    return follow(id).total > 0;
}

qsizetype Journal::droppedEvents(quint64 id) const
{
    const Followed &f = follow(id);
    return f.total - qsizetype(f.events.size());
}

qint64 Journal::keptFrom(quint64 id) const
{
    return follow(id).keptFrom;
}

quint64 Journal::revision(quint64 id) const
{
    return follow(id).revision;
}

qint64 Journal::partialCycleFrom(qint64 cycle) const
{
    for (const Kept &list : m_lists) {
        if (list.cycle >= cycle && list.eventsDropped > 0)
            return list.cycle;
    }
    return -1;
}

} // namespace PriorityLab
