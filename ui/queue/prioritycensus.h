#pragma once

#include "ui/common/prioritypalette.h"

#include <QObject>

#include <array>
#include <deque>

namespace PriorityLab {

class RefreshSnapshot;
class Simulation;

/// The broker's queue counted by priority step (PriorityPalette: ≤0 .. 9+), kept up to date
/// cheaply for the histogram beside the queue tiles.
///
/// counts() brings the census up to the queue after the cycles of a RefreshSnapshot and returns it:
/// - `fifo` mode: incrementally, from the snapshot's FIFO bookkeeping (takenFromHead, see
///   core/model/events.h) — the buckets of the messages that left at the head are subtracted, those of
///   the new tail added: O(messages taken and appended since the last call), not O(queue);
/// - `priority` mode: from the sub-queue sizes, whose keys are the priorities: O(sub-queues)
///   (unless maxPriority clamps below 9);
/// - `topics` mode, and after anything that is not a FIFO change (a new scenario, a live edit
///   of the setup, a report without FIFO order): one pass over the queue, O(queued messages),
///   about 0.8 ms per 100,000 messages in a release build.
class PriorityCensus : public QObject
{
    Q_OBJECT

public:
    /// Messages per priority step, index 0 = priority ≤0 .. index 9 = priority 9+.
    using Counts = std::array<qint64, PriorityPalette::steps()>;

    /// Follows @p simulation, which must outlive the census.
    explicit PriorityCensus(Simulation *simulation, QObject *parent = nullptr);

    /// The queue's counts now, after the cycles of @p snapshot (every cycle since the last call).
    const Counts &counts(const RefreshSnapshot &snapshot);

    /// Whether the last counts() was a full pass over the queue (for tests).
    bool lastWasFullPass() const { return m_lastFull; }

private:
    void invalidate() { m_valid = false; }
    void fullPass();

    Simulation *m_simulation;
    Counts m_counts {};
    std::deque<quint8> m_buckets; ///< fifo mode: the bucket of each queued message, head first
    bool m_valid = false;
    bool m_lastFull = false;
};

} // namespace PriorityLab
