#pragma once

#include "events.h"
#include "message.h"

#include <QList>

#include <deque>
#include <map>

namespace PriorityLab {

/// Latency percentiles of one priority class, in cycles from production to processing.
struct LatencyStats
{
    qint64 count = 0;
    qint64 p50 = 0;
    qint64 p95 = 0;
    qint64 max = 0;
};

/// One row of the per-cycle history.
struct CycleSample
{
    qint64 cycle = 0;
    qint64 queueDepth = 0;
    Counts counts;
};

/// Run metrics of DESIGN.md §5. Memory is bounded: latencies and deliveries are kept as
/// histograms (one counter per distinct value), the per-cycle history as a ring of at most
/// historyCapacity() samples.
class Metrics
{
public:
    /// Forgets everything.
    void clear();

    /// Records a processed message; @p cycle is the processing cycle.
    void recordProcessed(const Message &message, qint64 cycle)
    {
        const qint64 latency = cycle - message.producedCycle;
        ++m_latency[message.originalPriority][latency];
        ++m_deliveries[message.deliveries];
        if (message.id < m_maxProcessedId)
            ++m_overtaken;
        else
            m_maxProcessedId = message.id;
    }

    /// Records a discarded message (its deliveries count toward the histogram).
    void recordDiscarded(const Message &message) { ++m_deliveries[message.deliveries]; }

    /// Records the end of a cycle.
    void recordCycle(const CycleReport &report);

    /// Totals since the start of the run.
    const Counts &totals() const { return m_totals; }

    /// Latency statistics of messages produced with @p priority; count 0 if none processed.
    LatencyStats latency(int priority) const;

    /// Priorities that have at least one processed message, ascending.
    QList<int> latencyPriorities() const;

    /// Histogram: number of deliveries -> messages that ended (processed or discarded) with it.
    const std::map<int, qint64> &deliveriesHistogram() const { return m_deliveries; }

    /// Processed messages that were processed after a message that arrived later.
    qint64 overtaken() const { return m_overtaken; }

    /// The most recent cycles, oldest first; at most historyCapacity().
    const std::deque<CycleSample> &history() const { return m_history; }
    static constexpr qsizetype historyCapacity() { return 100000; }

private:
    Counts m_totals;
    std::map<int, std::map<qint64, qint64>> m_latency;
    std::map<int, qint64> m_deliveries;
    std::deque<CycleSample> m_history;
    quint64 m_maxProcessedId = 0;
    qint64 m_overtaken = 0;
};

} // namespace PriorityLab
