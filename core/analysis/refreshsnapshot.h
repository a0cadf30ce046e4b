#pragma once

#include "core/model/events.h"

#include <QList>

#include <limits>

namespace PriorityLab {

class Simulation;

/// What the views get at one refresh tick (docs/architecture.md, "The per-cycle road"): the
/// cycle reports published since the previous tick, aggregated once, and read-only access to the
/// simulation for the current state. Built by CycleAccumulator::take(); views read it, never keep
/// it past their refresh().
class RefreshSnapshot
{
public:
    /// A snapshot of @p simulation (which must outlive it) after the cycles of @p reports,
    /// oldest first; @p setupChanged: a live edit happened since the previous tick.
    /// @p releasedEvents: events of these cycles no longer in their reports (CycleAccumulator's
    /// event limit let them go).
    RefreshSnapshot(const Simulation &simulation, QList<CycleReport> reports, bool setupChanged = false,
                    qint64 releasedEvents = 0);

    /// The simulation, for the state now (queue, consumers, metrics).
    const Simulation &simulation() const { return *m_simulation; }
    /// The reports of the cycles run since the previous tick, oldest first (may be empty).
    const QList<CycleReport> &reports() const { return m_reports; }
    /// Number of cycles run since the previous tick.
    qsizetype cycles() const { return m_reports.size(); }

    /// The counts of those cycles, summed (messages).
    const Counts &counts() const { return m_counts; }
    /// Messages taken from the queue's head over those cycles.
    qint64 takenFromHead() const { return m_takenFromHead; }
    /// True if the FIFO bookkeeping (takenFromHead, CycleReport) describes every change of the
    /// queue since the previous tick: every cycle ran in fifo mode, no timeline change and no
    /// live edit touched the setup (which may re-route the queue).
    bool fifoOrder() const { return m_fifoOrder; }
    /// A live edit changed the setup since the previous tick.
    bool setupChanged() const { return m_setupChanged; }
    /// Events of these cycles whose lists the accumulator released before the tick (its event
    /// limit): the oldest reports' CycleReport::events are empty then. A log counts them as
    /// events that happened and were not kept.
    qint64 releasedEvents() const { return m_releasedEvents; }

private:
    const Simulation *m_simulation;
    QList<CycleReport> m_reports;
    Counts m_counts;
    qint64 m_takenFromHead = 0;
    bool m_fifoOrder = true;
    bool m_setupChanged = false;
    qint64 m_releasedEvents = 0;
};

/// Collects the reports of Simulation::cycleCompleted between two refresh ticks, and hands them
/// over as one RefreshSnapshot. The main window owns one; tests use one to drive views.
class CycleAccumulator
{
public:
    /// Keeps @p report for the next take(). O(1): the report's lists are shared, not copied.
    /// Beyond the event limit the oldest kept reports' events are released here (see
    /// setEventLimit()).
    void add(const CycleReport &report);
    /// Keeps the events of the newest reports only: a kept report's event list is released (its
    /// report kept, CycleReport::events emptied, the count in RefreshSnapshot::releasedEvents())
    /// once the reports kept after it hold at least @p limit events. The main window sets the
    /// event log's capacity, whose model drops such a list itself (EventLogModel::addEvents()):
    /// the log shows the same rows, but at the fastest speed, with tens of cycles between two
    /// ticks, the events no longer pile up until the tick (the benchmark's cycle records about
    /// 19,000 events: some hundreds of MB of fresh memory a tick, computed in docs/design.md §9,
    /// App); the journal, which keeps them longer, gives their memory back to the engine
    /// (Journal::setRecycler()).
    /// Default: no limit. At least 1.
    void setEventLimit(qsizetype limit);
    /// Notes a live edit of the setup (Simulation::setupChanged).
    void noteSetupChanged() { m_setupChanged = true; }
    /// Forgets the reports kept (a scenario was loaded or reset).
    void clear();
    /// Reports kept since the last take().
    qsizetype pending() const { return m_reports.size(); }

    /// The snapshot of the reports kept and @p simulation; starts a new collection.
    RefreshSnapshot take(const Simulation &simulation);

private:
    QList<CycleReport> m_reports;
    bool m_setupChanged = false;
    qsizetype m_eventLimit = std::numeric_limits<qsizetype>::max();
    qsizetype m_events = 0;        ///< events in the kept reports' lists
    qsizetype m_firstEvents = 0;   ///< the oldest kept report whose events are not released
    qint64 m_releasedEvents = 0;   ///< events released since the last take()
};

} // namespace PriorityLab
