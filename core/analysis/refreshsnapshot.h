#pragma once

#include "core/model/events.h"

#include <QList>

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
    RefreshSnapshot(const Simulation &simulation, QList<CycleReport> reports, bool setupChanged = false);

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

private:
    const Simulation *m_simulation;
    QList<CycleReport> m_reports;
    Counts m_counts;
    qint64 m_takenFromHead = 0;
    bool m_fifoOrder = true;
    bool m_setupChanged = false;
};

/// Collects the reports of Simulation::cycleCompleted between two refresh ticks, and hands them
/// over as one RefreshSnapshot. The main window owns one; tests use one to drive views.
class CycleAccumulator
{
public:
    /// Keeps @p report for the next take(). O(1): the report's lists are shared, not copied.
    void add(const CycleReport &report);
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
};

} // namespace PriorityLab
