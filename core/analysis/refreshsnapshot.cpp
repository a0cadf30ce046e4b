#include "core/analysis/refreshsnapshot.h"

#include "core/engine/simulation.h"

#include <algorithm>

namespace PriorityLab {

RefreshSnapshot::RefreshSnapshot(const Simulation &simulation, QList<CycleReport> reports, bool setupChanged,
                                 qint64 releasedEvents)
    : m_simulation(&simulation), m_reports(std::move(reports)), m_setupChanged(setupChanged),
      m_releasedEvents(releasedEvents)
{
    m_fifoOrder = !setupChanged;
    for (const CycleReport &r : std::as_const(m_reports)) {
        m_counts += r.counts;
        m_takenFromHead += r.takenFromHead;
        // Timeline changes may re-route the queue (a new mode or new topics).
        m_fifoOrder = m_fifoOrder && r.fifoOrder && r.timelineChanges.isEmpty();
    }
}

void CycleAccumulator::add(const CycleReport &report)
{
    if (report.cycle < 0)
        return;
    m_reports.append(report);
    m_events += report.events.size();
    // The rule of EventLogModel::addEvents(): a list goes once the newer ones hold the limit.
    while (m_firstEvents < m_reports.size()
           && m_events - m_reports.at(m_firstEvents).events.size() >= m_eventLimit) {
        QList<Event> &events = m_reports[m_firstEvents++].events;
        m_events -= events.size();
        m_releasedEvents += events.size();
        events = QList<Event>();  // the journal, the log or nobody holds it still
    }
}

void CycleAccumulator::setEventLimit(qsizetype limit)
{
    m_eventLimit = std::max<qsizetype>(1, limit);
}

void CycleAccumulator::clear()
{
    m_reports.clear();
    m_setupChanged = false;
    m_events = 0;
    m_firstEvents = 0;
    m_releasedEvents = 0;
}

RefreshSnapshot CycleAccumulator::take(const Simulation &simulation)
{
    RefreshSnapshot snapshot(simulation, std::exchange(m_reports, {}), m_setupChanged,
                             m_releasedEvents);
    clear();  // the next collection starts empty
    return snapshot;
}

} // namespace PriorityLab
