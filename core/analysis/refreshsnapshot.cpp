#include "core/analysis/refreshsnapshot.h"

#include "core/engine/simulation.h"

namespace PriorityLab {

RefreshSnapshot::RefreshSnapshot(const Simulation &simulation, QList<CycleReport> reports, bool setupChanged)
    : m_simulation(&simulation), m_reports(std::move(reports)), m_setupChanged(setupChanged)
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
    if (report.cycle >= 0)
        m_reports.append(report);
}

void CycleAccumulator::clear()
{
    m_reports.clear();
    m_setupChanged = false;
}

RefreshSnapshot CycleAccumulator::take(const Simulation &simulation)
{
    RefreshSnapshot snapshot(simulation, std::exchange(m_reports, {}), m_setupChanged);
    m_setupChanged = false;
    return snapshot;
}

} // namespace PriorityLab
