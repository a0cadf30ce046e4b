#pragma once

#include "core/model/events.h"
#include "core/model/message.h"

#include <QList>

#include <deque>
#include <map>
#include <vector>

namespace PriorityLab {

/// Latency percentiles of one priority class, in cycles from production to processing.
struct LatencyStats
{
    qint64 count = 0;
    qint64 p50 = 0;
    qint64 p95 = 0;
    qint64 max = 0;
};

/// Nearest-rank percentile @p percent (0..100) of the histogram @p values (value -> samples)
/// holding @p count samples: the smallest value with at least ceil(percent * count / 100)
/// samples at or below it; -1 if @p count is 0. The one percentile of PriorityLab (metrics,
/// charts).
qint64 percentile(const std::map<qint64, qint64> &values, qint64 count, int percent);

/// One row of the per-cycle history.
struct CycleSample
{
    qint64 cycle = 0;
    qint64 queueDepth = 0;
    Counts counts;
    qint64 held = 0;  ///< messages consumers held after the cycle (prefetch, docs/design.md §4)
};

/// Run metrics of docs/design.md §5. Memory is bounded: latencies and deliveries are kept as
/// histograms (one counter per distinct value), the per-cycle history as a ring of at most
/// historyCapacity() samples.
class Metrics
{
public:
    /// Forgets everything.
    void clear();

    /// Records a processed message; @p cycle is the processing cycle. O(1) for priorities in
    /// 0..255 and latencies below 1024 cycles (the common case), O(log n) otherwise.
    void recordProcessed(const Message &message, qint64 cycle)
    {
        histogram(message.originalPriority).add(cycle - message.producedCycle);
        m_deliveries.add(message.deliveries);
        m_endedSojourn += cycle - message.producedCycle;
        if (message.id < m_maxProcessedId)
            ++m_overtaken;
        else
            m_maxProcessedId = message.id;
    }

    /// Records a discarded message (its deliveries count toward the histogram); @p cycle is the
    /// cycle it was discarded in.
    void recordDiscarded(const Message &message, qint64 cycle)
    {
        m_deliveries.add(message.deliveries);
        m_endedSojourn += cycle - message.producedCycle;
    }

    /// Records the end of a cycle.
    void recordCycle(const CycleReport &report);

    /// Totals since the start of the run.
    const Counts &totals() const { return m_totals; }

    /// Latency statistics of messages produced with @p priority; count 0 if none processed.
    LatencyStats latency(int priority) const;
    /// Latency statistics of the messages produced with a priority in @p minPriority ..
    /// @p maxPriority (inclusive), e.g. a priority class; count 0 if none processed.
    LatencyStats latency(int minPriority, int maxPriority) const;

    /// Priorities that have at least one processed message, ascending.
    QList<int> latencyPriorities() const;

    /// Histogram: number of deliveries -> messages that ended (processed or discarded) with it.
    std::map<int, qint64> deliveriesHistogram() const;

    /// Processed messages that were processed after a message that arrived later.
    qint64 overtaken() const { return m_overtaken; }
    /// The highest id processed so far (0 if none): a queued message with a lower id has been
    /// overtaken while it waits.
    quint64 maxProcessedId() const { return m_maxProcessedId; }

    /// Sum over every cycle recorded of the queue depth plus the held messages (plus the
    /// dead-letter queue's messages) at its end
    /// (messages × cycles): divided
    /// by cyclesRecorded() it is the mean number of messages in the system (Little's law's L).
    qint64 queueDepthSum() const { return m_queueDepthSum; }
    /// Cycles recorded since the start of the run (not bounded by historyCapacity()).
    qint64 cyclesRecorded() const { return m_cyclesRecorded; }
    /// Sum over the messages that ended (processed or discarded) of their time in the system,
    /// cycles from production to the cycle they ended in.
    qint64 endedSojournSum() const { return m_endedSojourn; }

    /// The most recent cycles, oldest first; at most historyCapacity().
    const std::deque<CycleSample> &history() const { return m_history; }
    static constexpr qsizetype historyCapacity() { return 100000; }

private:
    /// Counts per value: dense below DenseLimit, a map above.
    struct Histogram
    {
        static constexpr qint64 DenseLimit = 1024;
        std::vector<qint64> dense;
        std::map<qint64, qint64> sparse;
        qint64 total = 0;

        void add(qint64 value)
        {
            // Called twice for every processed message: the common case (a value seen before)
            // is one increment, inlined; growing the table or a sparse value is out of line.
            if (value >= 0 && value < qint64(dense.size())) [[likely]] {
                ++total;
                ++dense[size_t(value)];
            } else {
                addNew(value);
            }
        }
        /// add() of a value beyond the dense table so far.
        void addNew(qint64 value);
        /// Every (value, count) with count > 0, ascending.
        std::map<qint64, qint64> entries() const;
    };

    Histogram &histogram(int priority)
    {
        if (priority >= 0 && priority < qsizetype(m_latencyDense.size())) [[likely]]
            return m_latencyDense[size_t(priority)];
        return newHistogram(priority);
    }
    /// histogram() of a priority beyond the dense table so far (out of line, rare).
    Histogram &newHistogram(int priority);

    Counts m_totals;
    std::vector<Histogram> m_latencyDense;      ///< by original priority 0..255
    std::map<int, Histogram> m_latencySparse;   ///< other priorities
    Histogram m_deliveries;
    std::deque<CycleSample> m_history;
    quint64 m_maxProcessedId = 0;
    qint64 m_overtaken = 0;
    qint64 m_queueDepthSum = 0;
    qint64 m_cyclesRecorded = 0;
    qint64 m_endedSojourn = 0;
};

} // namespace PriorityLab
