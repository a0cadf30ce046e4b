#pragma once

#include "core/engine/consumer.h"
#include "core/model/events.h"
#include "core/engine/eventrecorder.h"
#include "core/model/message.h"
#include "core/engine/metrics.h"
#include "core/engine/ringqueue.h"
#include "core/model/config.h"

#include <QMap>
#include <QString>

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <vector>

namespace PriorityLab {

/// The broker (docs/design.md §3). It holds one or more sub-queues and hands batches of up to
/// batchSize messages, taken from a sub-queue's head, to online consumers in round-robin order;
/// a postponed or failed message goes back at once, as a new arrival (or, if its consumer's
/// strategy has a retryDelay, is delayed that many cycles first).
/// - `fifo`: one queue in arrival order; one cursor over the consumers, kept across cycles.
/// - `priority`: one sub-queue per (clamped) priority, served highest first, arrival order
///   within a priority; one cursor as in fifo.
/// - `topics`: one sub-queue per topic, messages routed by priority bands; the topics take
///   turns (one batch each, most urgent first); each topic has its own cursor over its
///   subscribers.
/// A consumer with a capacity takes at most that many batches a cycle.
/// A consumer with a prefetch or workPerCycle holds what it receives (at most prefetch messages,
/// a batch cut to its room) and decides on workPerCycle held messages per cycle, oldest first,
/// after the cycle's batches; the broker refills it from the next cycle (docs/design.md §4).
class Broker
{
public:
    using Consumers = std::vector<std::unique_ptr<Consumer>>;

    /// One sub-queue: the whole queue in fifo mode, one priority or one topic otherwise.
    struct SubQueue
    {
        QString name;              ///< topic name, or the priority as text, or "queue"
        int key = 0;               ///< priority mode: the effective priority
        RingQueue<Message> messages;
        int cursor = -1;           ///< topics mode: index of the consumer that got its last batch
        Name topic;                ///< topics mode: the name, as messages routed here carry it
    };

    /// The sub-queues in serving order, as a read-only list (size(), operator[], front(), range
    /// for). In priority mode they live in an ordered map, so a new or emptied priority costs
    /// O(log priorities) however many distinct priorities are queued.
    class SubQueueList
    {
    public:
        using const_iterator = IndexIterator<const SubQueueList, const SubQueue>;
        size_t size() const { return m_queues.size(); }
        bool empty() const { return m_queues.empty(); }
        const SubQueue &operator[](size_t index) const { return *m_queues[index]; }
        const SubQueue &front() const { return *m_queues.front(); }
        const_iterator begin() const { return {this, 0}; }
        const_iterator end() const { return {this, std::ptrdiff_t(m_queues.size())}; }

    private:
        friend class Broker;
        std::vector<const SubQueue *> m_queues;
    };

    /// Moving keeps subQueues() valid: the containers move their storage, not their elements.
    explicit Broker(BrokerConfig config = {});

    /// Settings; changes take effect from the next batch (batch size) or cycle (the rest).
    /// Changing the mode or the topics re-routes the queued messages, keeping arrival order.
    const BrokerConfig &config() const { return m_config; }
    void setConfig(const BrokerConfig &config);

    /// Accepts a new message from a producer: assigns the next id (from 1) and routes it, with
    /// no length limit applied. Returns the id.
    quint64 accept(Message message);

    /// Where the broker's own decisions of one cycle go: the counts (CycleReport::counts,
    /// takenFromHead, appended), the metrics of ended messages and the events (may be null).
    struct CycleSinks
    {
        qint64 cycle = 0;
        Metrics &metrics;
        CycleReport &report;
        EventRecorder *events = nullptr;
    };

    /// A new message from a producer (docs/design.md §3): assigns the next id (from 1, a refused
    /// message gets one too) and queues it under the length limit. At the limit, overflow
    /// "drop-head" queues it and dead-letters the head of its queue (reason "maxlen"),
    /// "reject-publish" refuses it (CycleReport counts rejected, a Rejected event). Returns
    /// false if it was refused.
    bool admit(Message &&message, const CycleSinks &sinks);

    /// Makes room in the FIFO queue for @p count more messages, so that a cycle of many arrivals
    /// does not regrow it (and copy it) step by step; no effect in the other modes.
    void reserveArrivals(qsizetype count);

    /// Messages queued, all sub-queues together (not the delayed ones).
    qsizetype size() const { return m_size; }

    /// Messages sent back by a strategy with a retry delay and not yet visible: queued for the
    /// conservation law, but in no sub-queue until their cycle comes (docs/design.md §3).
    qsizetype delayedCount() const { return qsizetype(m_delayed.size()); }
    /// The delayed messages by the cycle they become visible in, soonest first (the same cycle:
    /// in the order they were sent back).
    const std::multimap<qint64, Message> &delayed() const { return m_delayed; }

    /// The dead-letter queue (broker.deadLetterQueue, docs/design.md §3), head first: dead
    /// letters that its consumers (ConsumerConfig::deadLetters) may still take; empty when off.
    const std::deque<Message> &deadLetterQueue() const { return m_deadLetterQueue; }

    /// The message at position @p index in dispatch order across sub-queues (fifo: 0 = head).
    /// O(number of sub-queues).
    const Message &at(qsizetype index) const;

    /// The sub-queues in serving order (priority mode: highest first; topics: configured order).
    /// O(1), or O(sub-queues) the first time after a priority appeared or emptied.
    const SubQueueList &subQueues() const;

    /// Runs the dispatch of one cycle (drain, or at most batchesPerCycle batches), letting each
    /// consumer's strategy decide on each message of its batch, in order. Fills @p report
    /// (counts, FIFO bookkeeping, cap flag, warnings), passes each event to @p events (if not
    /// null, as it happens) and fills
    /// @p metrics. Draws from @p rng only for consumers with a failureRate above 0. A cycle in
    /// which no batch can be handed out (queue empty, nobody online or subscribed) is idle.
    void dispatch(Consumers &consumers, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                  CycleReport &report, EventRecorder *events);

    /// Puts the messages @p consumer holds back into their queues at their place by arrival
    /// order: the head, in their order, unless the mode changed while they were held (RabbitMQ
    /// requeues a closed channel's unacknowledged messages at their original position): when it
    /// goes offline or is removed. Nothing is counted, no event. O(queued + held).
    void returnHeld(Consumer &consumer);

    /// Index of the consumer that got the last batch (fifo and priority modes), or -1.
    int cursor() const { return m_cursor; }

    /// Keeps the round-robin order when consumer @p index is removed: the consumer after it
    /// gets the next batch.
    void consumerRemoved(int index);
    /// Keeps the round-robin order when a consumer is inserted at @p index: the consumers after
    /// it keep their turn.
    void consumerInserted(int index);

    /// Discarded messages, oldest first, with their reason and cycle (the dead-letter list).
    struct DeadLetter
    {
        Message message;
        QString reason;
        QString consumer;
        qint64 cycle = 0;
    };
    const std::deque<DeadLetter> &deadLetters() const { return m_deadLetters; }
    /// The broker's own dead-letter reasons in words ("maxlen": dropped from the head of a
    /// queue at its length limit, ...); any other reason as it is.
    static QString reasonText(const QString &reason);

    /// Whether a processing by a consumer with failure rate @p failureRate (0..1) fails: true with
    /// that probability, from 53 bits of one draw of @p rng (none when the rate is 0), the same on
    /// every platform. The simulator's rule, and free-running RabbitMQ mode's (docs/design.md §11).
    static bool processingFails(std::mt19937_64 &rng, double failureRate)
    {
        return failureRate > 0.0 && double(rng() >> 11) * 0x1.0p-53 < failureRate;
    }
    /// Discarded messages ever (the dead-letter list keeps the last deadLetterCapacity(), and
    /// at most deadLetterByteCapacity() bytes of their data and reasons).
    qint64 deadLetterCount() const { return m_deadLetterCount; }
    /// Discarded messages ever, per reason (Strategy::decide()'s code, e.g. "ttl-expired"; an
    /// empty reason counts under ""); the counts sum to deadLetterCount().
    const QMap<QString, qint64> &discardedByReason() const { return m_discardedByReason; }
    static constexpr qsizetype deadLetterCapacity() { return 10000; }
    /// Bytes of data, reason and consumer name the dead-letter list keeps at most (16 MiB): the
    /// oldest entries go first, the newest is always kept.
    static constexpr qint64 deadLetterByteCapacity() { return qint64(16) << 20; }

    /// Next id to assign.
    quint64 nextId() const { return m_nextId; }

private:
    /// Calls @p adjust(int &cursor) on every round-robin cursor: the broker's, the dead-letter
    /// queue's and each queue's (a consumer was removed or inserted before it).
    template<typename Adjust>
    void adjustCursors(Adjust adjust);
    /// Queues @p message at the tail of its sub-queue as a new arrival (arrive(), then the push).
    void route(Message &&message);
    /// What route() does before the push: counts @p message as queued, gives it the next arrival
    /// number and returns the sub-queue it goes to (queueFor(); fifo's one queue directly).
    SubQueue &arrive(Message &message);
    /// The sub-queue @p message belongs to (created in priority mode; topics mode sets its
    /// topic), as route() places it.
    SubQueue &queueFor(Message &message);
    /// A message of a batch handed to @p consumer: counted as delivered, a Dispatched event.
    void deliver(Consumer &consumer, Message &message, qint64 cycle, CycleReport &report,
                 EventRecorder *events);
    /// @p consumer's strategy decides on @p message (delivered before): processed, postponed,
    /// failed or discarded.
    void decide(Consumer &consumer, Message &&message, qint64 cycle, std::mt19937_64 &rng,
                Metrics &metrics, CycleReport &report, EventRecorder *events, StrategyContext &context);
    /// decide() with events: keeps a copy of @p message as it was delivered, for the events.
    Q_NEVER_INLINE void decideRecorded(Consumer &consumer, Message &&message, qint64 cycle, std::mt19937_64 &rng,
                                       Metrics &metrics, CycleReport &report, EventRecorder &events,
                                       StrategyContext &context);
    /// decide() on @p message, which was @p before when delivered (read only for @p events;
    /// without events it may be @p message itself).
    void decideOn(Consumer &consumer, Message &&message, const Message &before, qint64 cycle, std::mt19937_64 &rng,
                Metrics &metrics, CycleReport &report, EventRecorder *events, StrategyContext &context);
    /// @p consumer's strategy's decision on @p message (which it may change): a built-in rule
    /// called directly, any other strategy through decideCustom().
    Decision ruleOf(Consumer &consumer, Message &message, CycleReport &report, StrategyContext &context);
    /// A processed @p message: the counts, the metrics and the cycle's processed sample.
    void recordProcessed(Consumer &consumer, const Message &message, qint64 cycle, Metrics &metrics,
                         CycleReport &report);
    /// A strategy that is not built in (Strategy::BuiltIn::Custom) decides on @p message through
    /// Strategy::decide(), its reason for a discard into m_customReason. Out of line: the
    /// reason string and the context stay out of decideOn()'s frame.
    Q_NEVER_INLINE Decision decideCustom(Consumer &consumer, Message &message, CycleReport &report,
                                         StrategyContext &context);
    /// A postponed or (@p failed) failed @p message goes back: counted, its event, then at
    /// once to the tail of its queue, or through requeue() when a delivery limit, a retry delay
    /// or the dead-letter queue has a say.
    void sendBack(Consumer &consumer, Message &&message, const Message &before, Decision decision, bool failed,
                  qint64 cycle, Metrics &metrics, CycleReport &report, EventRecorder *events);
    /// A postponed or (@p failed) failed @p message coming back from @p consumer: marked
    /// requeued and counted (the cycle's and the consumer's counts).
    void countReturn(Consumer &consumer, Message &message, bool failed, CycleReport &report);
    /// True if @p message coming back from @p consumer goes straight to the tail of its queue:
    /// no delivery limit, no retry delay and not a dead letter (otherwise requeue() decides).
    bool returnsToTail(const Consumer &consumer, const Message &message) const;
    /// handle() and decideOn() without events, for a consumer that holds nothing, on the
    /// @p count messages at the head of @p ring, each decided on where it lies and leaving the
    /// ring then (docs/design.md §9): popped, or its bytes copied to the tail of its queue.
    void handleAtHead(Consumer &consumer, RingQueue<Message> &ring, qint64 count, qint64 cycle,
                      std::mt19937_64 &rng, Metrics &metrics, CycleReport &report, StrategyContext &context);
    /// A message @p consumer's strategy discarded: counted, dead-lettered with the strategy's
    /// reason (a built-in one's, or m_customReason). Out of line: rare, and its explanation's
    /// temporaries stay out of decide()'s frame.
    Q_NEVER_INLINE void discard(Consumer &consumer, Message &&message, const Message &before, qint64 cycle,
                                Metrics &metrics, CycleReport &report, EventRecorder *events);
    /// Moves the warning @p consumer's strategy met while deciding into @p report (rare).
    Q_NEVER_INLINE static void takeRuntimeWarning(Consumer &consumer, CycleReport &report);
    /// The consumers holding messages decide on workPerCycle of them each (all if unset);
    /// returns the messages decided on.
    qint64 work(Consumers &consumers, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                CycleReport &report, EventRecorder *events, StrategyContext &context);
    /// Messages queued in the queue that a length limit counts for a message routed to
    /// sub-queue @p topic (topics mode), or for the whole queue.
    qsizetype limitedLength(qsizetype topic) const;
    /// Takes the head of the queue a length limit counts (see limitedLength()).
    Message takeHead(qsizetype topic);
    /// Dead-letters @p message as expired (reason "expired").
    void expire(Message &&message, const CycleSinks &sinks);
    /// Expiry "head": dead-letters the expired messages at the head of each queue (of the whole
    /// priority queue in priority mode), until a live head.
    void expireHeads(const CycleSinks &sinks);
    /// Expiry "anywhere": dead-letters every expired message, in serving order.
    void expireAnywhere(const CycleSinks &sinks);
    /// A postponed or failed (@p failed) message coming back from @p consumer: queued at the
    /// tail as a new arrival (after @p delay cycles if above 0: delayed until then), or
    /// dead-lettered (reason "delivery_limit") when it has had more deliveries than the delivery
    /// limit allows.
    void requeue(Message &&message, const QString &consumer, bool failed, int delay, const CycleSinks &sinks);
    /// Queues @p message sent back at the tail: of the dead-letter queue for a dead letter,
    /// otherwise as a new arrival (counted in CycleReport::appended).
    void queueBack(Message &&message, const CycleSinks &sinks);
    /// Hands batches from the dead-letter queue to the dead-letter consumers, round-robin
    /// (drain, or at most batchesPerCycle batches), under the cycle's safety cap.
    void dispatchDeadLetters(Consumers &consumers, const CycleSinks &sinks, std::mt19937_64 &rng,
                             StrategyContext &context);
    /// Queues at the tail, as new arrivals, the delayed messages whose cycle has come.
    void releaseDelayed(const CycleSinks &sinks);
    /// Puts @p message on the dead-letter list: counted as discarded, ended in the metrics,
    /// a Discarded event with @p reason and @p why, showing @p shown (or the message); @p consumer
    /// names who decided or handed it back, if anybody. With the dead-letter queue on it is
    /// kept there instead of ended (counted in deadLetterQueued), unless it came from there.
    void deadLetter(Message &&message, const QString &reason, const QString &consumer,
                    const CycleSinks &sinks, const Explanation &why, const Message *shown = nullptr);
    int effectivePriority(int priority) const;
    int nextConsumer(const Consumers &consumers, int after, const QString *topic) const;
    /// Hands @p count messages to @p consumer, one after the other: each is delivered, then
    /// held or decided on. @p next() gives the next message of the batch (as Message&&), which
    /// is out of the queue when it is decided on.
    /// handle() on the messages of m_batch.
    void handleBatch(Consumer &consumer, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                     CycleReport &report, EventRecorder *events, StrategyContext &context);
    template<typename Next>
    void handle(Consumer &consumer, qint64 count, Next &&next, qint64 cycle, std::mt19937_64 &rng,
                Metrics &metrics, CycleReport &report, EventRecorder *events, StrategyContext &context);

    BrokerConfig m_config;
    std::vector<SubQueue> m_queues;  ///< fifo: the queue; topics: one per topic
    std::map<int, SubQueue, std::greater<int>> m_byPriority;  ///< priority mode: highest first
    mutable SubQueueList m_view;
    mutable bool m_viewDirty = true;
    /// The batch being handled when it is not the head of one ring (dead letters, held messages,
    /// a priority batch running on into the next priority, expiry at the heads); reused.
    std::vector<Message> m_batch;
    /// The reason a custom strategy gave its last discard (decideCustom()), reused.
    QString m_customReason;
    std::deque<DeadLetter> m_deadLetters;
    std::multimap<qint64, Message> m_delayed;  ///< by the cycle they become visible in
    std::deque<Message> m_deadLetterQueue;     ///< broker.deadLetterQueue: head first
    int m_deadCursor = -1;         ///< index of the dead-letter consumer that got its last batch
    qsizetype m_size = 0;
    qint64 m_deadLetterCount = 0;
    QMap<QString, qint64> m_discardedByReason;
    qint64 m_deadLetterBytes = 0;  ///< of the entries in m_deadLetters, as deadLetterBytes()
    quint64 m_nextId = 1;
    quint64 m_arrivals = 0;        ///< arrival number of the last message routed (Message::arrival)
    int m_cursor = -1;
    int m_topicTurn = -1;          ///< topics mode: the topic that gave the last batch
    bool m_mayExpire = false;      ///< a message with an expiry was ever queued (skips the checks otherwise)
};

} // namespace PriorityLab
