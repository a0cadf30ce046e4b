#pragma once

#include "core/model/config.h"
#include "core/strategies/strategy.h"

#include "core/model/message.h"

#include <QList>
#include <QString>

#include <algorithm>
#include <deque>
#include <memory>
#include <vector>

namespace PriorityLab {

/// Per-consumer counts (messages), since the start of the run.
struct ConsumerStats
{
    qint64 batches = 0;
    qint64 received = 0;
    qint64 processed = 0;
    qint64 postponed = 0;
    qint64 discarded = 0;
    qint64 failed = 0;

    /// Adds @p other's counts to these, count by count: the sum over several consumers.
    ConsumerStats &operator+=(const ConsumerStats &other)
    {
        batches += other.batches;
        received += other.received;
        processed += other.processed;
        postponed += other.postponed;
        discarded += other.discarded;
        failed += other.failed;
        return *this;
    }
};

/// A consumer: a name, an online flag, a failure rate and its own strategy (docs/design.md §4).
/// Offline consumers are skipped by the round-robin dispatch.
class Consumer
{
public:
    /// State as the app shows it.
    enum class State { Idle, Handling, Offline };

    Consumer(QString name, std::unique_ptr<Strategy> strategy);

    QString name;
    bool online = true;
    double failureRate = 0.0;  ///< 0..1, probability that a processing fails
    int capacity = 0;          ///< batches it can take per cycle; 0 = unlimited
    QStringList topics;        ///< `topics` mode: subscribed topic names; empty = all
    int batchesThisCycle = 0;  ///< batches taken in the current cycle (for capacity)
    /// The most unacknowledged messages it may hold; absent = unlimited (docs/design.md §4).
    std::optional<int> prefetch;
    /// Held messages it decides on per cycle, oldest first; absent = all it holds.
    std::optional<int> workPerCycle;
    /// Messages delivered to it and not yet decided on, oldest first (only with prefetch or
    /// workPerCycle set, or just after they were cleared): no longer queued, not finished.
    std::deque<Message> held;
    /// Takes only from the broker's dead-letter queue, never from the queue (docs/design.md §3).
    bool deadLetters = false;

    /// True if prefetch or workPerCycle is set: delivered messages are held, then decided on
    /// workPerCycle a cycle.
    bool holdsMessages() const { return prefetch || workPerCycle; }
    /// Messages it may still receive before reaching its prefetch (unlimited: a large number).
    qsizetype room() const
    {
        return prefetch ? std::max<qsizetype>(0, *prefetch - qsizetype(held.size())) : qsizetype(1) << 40;
    }
    /// True if it takes from the queue (not a dead-letter consumer) and hasRoom().
    bool canTake() const { return !deadLetters && hasRoom(); }
    /// True if it is online, has capacity left in this cycle and room under its prefetch.
    bool hasRoom() const
    {
        return online && (capacity <= 0 || batchesThisCycle < capacity) && (!prefetch || room() > 0);
    }
    /// True if it takes messages of @p topic (always, outside topics mode).
    bool subscribes(const QString &topic) const { return topics.isEmpty() || topics.contains(topic); }
    std::unique_ptr<Strategy> strategy;
    ConsumerStats stats;
    std::vector<quint64> lastBatch;  ///< ids of the last batch it received (capacity kept)
    qint64 lastBatchCycle = -1;

    /// Offline if not online; Handling if it got a batch in @p cycle (>= 0) or holds messages;
    /// Idle otherwise, also for @p cycle -1 (before the first cycle, when lastBatchCycle is -1 too).
    State state(qint64 cycle) const;

    /// Its configuration as the scenario format has it: name, online, failure rate, capacity,
    /// topics, prefetch, work per cycle, dead letters, and the strategy's type with its current parameters (not its counters).
    ConsumerConfig config() const;
};

} // namespace PriorityLab
