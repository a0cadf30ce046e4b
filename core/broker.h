#pragma once

#include "consumer.h"
#include "events.h"
#include "message.h"
#include "metrics.h"
#include "scenario.h"

#include <deque>
#include <memory>
#include <random>
#include <vector>

namespace PriorityLab {

/// The broker in `fifo` mode (DESIGN.md §3): one queue in arrival order, batches of up to
/// batchSize taken from the head, handed round-robin to online consumers with a cursor kept
/// across cycles. A postponed or failed message is appended at the tail at once.
class Broker
{
public:
    using Consumers = std::vector<std::unique_ptr<Consumer>>;

    explicit Broker(BrokerConfig config = {});

    /// Settings; changes take effect from the next batch (batch size) or cycle (the rest).
    const BrokerConfig &config() const { return m_config; }
    BrokerConfig &config() { return m_config; }

    /// Accepts a new message from a producer: assigns the next id (from 1) and appends it.
    /// Returns the id.
    quint64 accept(Message message);

    /// Messages queued.
    qsizetype size() const { return qsizetype(m_queue.size()); }

    /// The message at position @p index from the head (0 = next to be dispatched).
    const Message &at(qsizetype index) const { return m_queue[size_t(index)]; }

    /// The whole queue, head first.
    const std::deque<Message> &queue() const { return m_queue; }

    /// Runs the dispatch of one cycle (drain, or at most batchesPerCycle batches), letting each
    /// consumer's strategy decide on each message of its batch, in order. Fills @p report
    /// (counts, FIFO bookkeeping, cap flag, warnings and, if @p recordEvents, events) and
    /// @p metrics. Draws from @p rng only for consumers with a failureRate above 0.
    void dispatch(Consumers &consumers, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                  CycleReport &report, bool recordEvents);

    /// Index of the consumer that got the last batch, or -1 before the first batch.
    int cursor() const { return m_cursor; }

    /// Keeps the round-robin order when consumer @p index is removed: the consumer after it
    /// gets the next batch.
    void consumerRemoved(int index);

    /// Discarded messages, oldest first, with their reason and cycle (the dead-letter list).
    struct DeadLetter
    {
        Message message;
        QString reason;
        QString consumer;
        qint64 cycle = 0;
    };
    const std::deque<DeadLetter> &deadLetters() const { return m_deadLetters; }
    /// Discarded messages ever (the dead-letter list keeps the last deadLetterCapacity()).
    qint64 deadLetterCount() const { return m_deadLetterCount; }
    static constexpr qsizetype deadLetterCapacity() { return 10000; }

    /// Next id to assign.
    quint64 nextId() const { return m_nextId; }

private:
    int nextOnline(const Consumers &consumers) const;

    BrokerConfig m_config;
    std::deque<Message> m_queue;
    std::vector<Message> m_batch;  ///< the batch being handled, reused across batches
    std::deque<DeadLetter> m_deadLetters;
    qint64 m_deadLetterCount = 0;
    quint64 m_nextId = 1;
    int m_cursor = -1;
};

} // namespace PriorityLab
