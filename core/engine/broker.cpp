#include "core/engine/broker.h"

#include "core/strategies/prioritystrategy.h"
#include "core/strategies/ttlstrategy.h"

#include <algorithm>
#include <optional>

namespace PriorityLab {

namespace {
/// The memory a dead letter holds beyond its fixed size, bytes (its strings).
qint64 deadLetterBytes(const Broker::DeadLetter &d)
{
    return 2 * (qint64(d.message.data.size()) + d.reason.size() + d.consumer.size()
                + d.message.producer.text().size() + d.message.topic.text().size());
}

/// The event of a strategy's decision (or of a failed processing) on @p before, @p after the
/// copy sent back (or null). Out of line on purpose: an Event and its explanation are some 500
/// bytes of temporaries, and inlined into Broker::decide() they made its frame (set up for every
/// decision, events on or off) four times larger.
Q_NEVER_INLINE void recordDecision(EventRecorder &events, qint64 cycle, Event::Type type, const QString &consumer,
                                    const Strategy &strategy, Decision decision, const Message &before,
                                    const Message *after)
{
    events.add(cycle, type, consumer, before, after ? MessageMeta::of(*after) : MessageMeta(), QString(),
               type == Event::Type::Failed ? strategy.explainFailure(before) : strategy.explain(before, decision));
}

/// "the queue" or "topic orders-0": the queue a length limit counts.
QString queueWords(const Explanation &e)
{
    return e.text.isEmpty() ? QStringLiteral("the queue") : QStringLiteral("topic ") + e.text;
}

/// values: maxLength, priority of the dropped head, 1 in priority mode; text: the topic.
QString maxlenWords(const Explanation &e)
{
    return QStringLiteral("%1 was at its length limit (maxLength %2, overflow drop-head): its head%3 "
                          "was dead-lettered to make room for a new message")
            .arg(queueWords(e))
            .arg(e.values[0])
            .arg(e.values[2] ? QStringLiteral(", the most urgent message (priority %1),").arg(e.values[1])
                             : QString());
}

/// values: maxLength; text: the topic.
QString rejectedWords(const Explanation &e)
{
    return QStringLiteral("%1 was at its length limit (maxLength %2, overflow reject-publish): the "
                          "new message was refused, not queued")
            .arg(queueWords(e))
            .arg(e.values[0]);
}

/// "1 cycle", "3 cycles": @p n with @p unit, plural unless 1.
QString count(int n, const QString &unit)
{
    return QStringLiteral("%1 %2%3").arg(n).arg(unit, n == 1 ? QString() : QStringLiteral("s"));
}

/// values: deliveries, deliveryLimit, 1 if it failed (0: postponed).
QString deliveryLimitWords(const Explanation &e)
{
    return QStringLiteral("%1 after %2, more than deliveryLimit %3: the broker "
                          "dead-lettered it instead of queuing it again")
            .arg(e.values[2] ? QStringLiteral("its processing failed") : QStringLiteral("it came back"))
            .arg(count(e.values[0], QStringLiteral("delivery")).replace(QLatin1String("ys"), QLatin1String("ies")))
            .arg(e.values[1]);
}

/// values: cycles waited, its lifetime (expiration or message TTL), 1 if expiry "anywhere".
QString expiredWords(const Explanation &e)
{
    return QStringLiteral("expired%1: it waited %2, its time to live was %3 "
                          "(message expiry, not the TTL counter); the broker dead-lettered it")
            .arg(e.values[2] ? QString() : QStringLiteral(" at the head of the queue"))
            .arg(count(e.values[0], QStringLiteral("cycle")), count(e.values[1], QStringLiteral("cycle")));
}

/// True if @p m has expired by @p cycle (message expiry, docs/design.md §3).
bool expiredBy(const Message &m, qint64 cycle)
{
    return m.expiresAt >= 0 && cycle >= m.expiresAt;
}
/// The Dispatched event of @p m handed to @p consumer. Out of line, as recordDecision(): the
/// event's temporaries stay out of the frame of deliver(), which runs for every delivery.
Q_NEVER_INLINE void recordDelivery(EventRecorder &events, qint64 cycle, const QString &consumer, const Message &m)
{
    events.add(cycle, Event::Type::Dispatched, consumer, m, MessageMeta(), QString(), Explanation());
}
} // namespace

QString Broker::reasonText(const QString &reason)
{
    if (reason == QLatin1String("expired"))
        return QStringLiteral("its expiration (message time-to-live, broker.messageTtl or the "
                              "message's expiration; not the TTL counter) passed while it waited");
    if (reason == QLatin1String("delivery_limit"))
        return QStringLiteral("it came back (postponed or failed) after more deliveries than "
                              "broker.deliveryLimit allows: a poison message");
    if (reason == QLatin1String("maxlen"))
        return QStringLiteral("the queue was at its length limit (broker.maxLength, overflow "
                              "drop-head): the broker dropped its head to make room");
    return reason;
}

Broker::Broker(BrokerConfig config)
{
    setConfig(config);
}

void Broker::setConfig(const BrokerConfig &config)
{
    const bool reroute = (m_queues.empty() && m_byPriority.empty()) || config.mode != m_config.mode
            || config.maxPriority != m_config.maxPriority || config.topics.size() != m_config.topics.size()
            || !std::equal(config.topics.begin(), config.topics.end(), m_config.topics.begin(),
                           [](const TopicConfig &a, const TopicConfig &b) {
                               return a.name == b.name && a.minPriority == b.minPriority
                                       && a.maxPriority == b.maxPriority;
                           });
    m_config = config;
    if (m_config.mode == BrokerConfig::Mode::Topics && m_config.topics.isEmpty())
        m_config.topics = BrokerConfig::defaultTopics();
    if (!reroute)
        return;

    // Gather every queued message back into arrival order and route again. Ids are not arrival
    // order (a requeued copy keeps its id but arrives again), the arrival numbers are.
    std::vector<Message> all;
    all.reserve(size_t(m_size));
    for (SubQueue &q : m_queues) {
        for (Message &m : q.messages)
            all.push_back(std::move(m));
    }
    for (auto &[key, q] : m_byPriority) {
        for (Message &m : q.messages)
            all.push_back(std::move(m));
    }
    m_byPriority.clear();
    m_viewDirty = true;
    std::sort(all.begin(), all.end(), [](const Message &a, const Message &b) { return a.arrival < b.arrival; });
    m_queues.clear();
    m_size = 0;
    if (m_config.mode == BrokerConfig::Mode::Fifo) {
        m_queues.push_back({QStringLiteral("queue"), 0, {}, -1, {}});
    } else if (m_config.mode == BrokerConfig::Mode::Topics) {
        for (const TopicConfig &t : std::as_const(m_config.topics))
            m_queues.push_back({t.name, 0, {}, -1, Name(t.name)});
    }
    m_topicTurn = -1;
    for (Message &m : all)
        route(std::move(m));
}

quint64 Broker::accept(Message message)
{
    message.id = m_nextId++;
    m_mayExpire = m_mayExpire || message.expiresAt >= 0;
    route(std::move(message));
    return m_nextId - 1;
}

qsizetype Broker::limitedLength(qsizetype topic) const
{
    return m_config.mode == BrokerConfig::Mode::Topics ? qsizetype(m_queues[size_t(topic)].messages.size()) : m_size;
}

Message Broker::takeHead(qsizetype topic)
{
    // Priority mode keeps no empty sub-queue: the first one holds the head.
    const bool priority = m_config.mode == BrokerConfig::Mode::Priority;
    RingQueue<Message> &queue = priority ? m_byPriority.begin()->second.messages
                                         : m_queues[size_t(m_config.mode == BrokerConfig::Mode::Topics ? topic : 0)].messages;
    Message head = std::move(queue.front());
    queue.pop_front();
    --m_size;
    if (priority && queue.empty()) {
        m_byPriority.erase(m_byPriority.begin());
        m_viewDirty = true;
    }
    return head;
}

bool Broker::admit(Message &&message, const CycleSinks &sinks)
{
    message.id = m_nextId++;
    // The queue's message TTL, unless the message's own expiration is sooner (as RabbitMQ).
    if (m_config.messageTtl) {
        const qint64 queueTtl = sinks.cycle + *m_config.messageTtl;
        if (message.expiresAt < 0 || queueTtl < message.expiresAt)
            message.expiresAt = queueTtl;
    }
    m_mayExpire = m_mayExpire || message.expiresAt >= 0;
    if (!m_config.maxLength) {
        route(std::move(message));
        ++sinks.report.appended;
        return true;
    }
    const int limit = *m_config.maxLength;
    const bool topics = m_config.mode == BrokerConfig::Mode::Topics;
    const qsizetype topic = topics ? m_config.topicFor(message.priority) : 0;
    const QString topicName = topics ? m_queues[size_t(topic)].name : QString();
    if (m_config.overflow == BrokerConfig::Overflow::RejectPublish) {
        if (limitedLength(topic) >= limit) {
            ++sinks.report.counts.rejected;
            if (sinks.events)
                sinks.events->add(sinks.cycle, Event::Type::Rejected, QString(), std::move(message), MessageMeta(),
                                  QString(), Explanation(rejectedWords, {limit, 0, 0}, topicName));
            return false;
        }
        route(std::move(message));
        ++sinks.report.appended;
        return true;
    }
    // drop-head, as RabbitMQ: the new message is queued, then heads go while the queue is over
    // its limit (in priority mode the head is the most urgent message; with maxLength 0 the new
    // message itself may go).
    route(std::move(message));
    ++sinks.report.appended;
    while (limitedLength(topic) > limit) {
        Message head = takeHead(topic);
        ++sinks.report.takenFromHead;
        ++sinks.report.counts.maxlen;
        const Explanation why(maxlenWords, {limit, head.priority, m_config.mode == BrokerConfig::Mode::Priority},
                              topicName);
        deadLetter(std::move(head), QStringLiteral("maxlen"), {}, sinks, why);
    }
    return true;
}

void Broker::expire(Message &&m, const CycleSinks &sinks)
{
    ++sinks.report.counts.expired;
    const auto clamp = [](qint64 v) { return int(std::min<qint64>(v, INT_MAX)); };
    const Explanation why(expiredWords, {clamp(sinks.cycle - m.producedCycle), clamp(m.expiresAt - m.producedCycle),
                                         m_config.expiry == BrokerConfig::Expiry::Anywhere});
    deadLetter(std::move(m), QStringLiteral("expired"), {}, sinks, why);
}

void Broker::expireHeads(const CycleSinks &sinks)
{
    if (m_config.mode == BrokerConfig::Mode::Priority) {
        while (!m_byPriority.empty() && expiredBy(m_byPriority.begin()->second.messages.front(), sinks.cycle)) {
            ++sinks.report.takenFromHead;
            expire(takeHead(0), sinks);
        }
        return;
    }
    for (size_t t = 0; t < m_queues.size(); ++t) {
        while (!m_queues[t].messages.empty() && expiredBy(m_queues[t].messages.front(), sinks.cycle)) {
            ++sinks.report.takenFromHead;
            expire(takeHead(qsizetype(t)), sinks);
        }
    }
}

void Broker::expireAnywhere(const CycleSinks &sinks)
{
    const auto sweep = [&](RingQueue<Message> &queue) {
        qsizetype kept = 0;
        const qsizetype n = queue.size();
        for (qsizetype i = 0; i < n; ++i) {
            Message m = std::move(queue.front());
            queue.pop_front();
            if (expiredBy(m, sinks.cycle)) {
                --m_size;
                expire(std::move(m), sinks);
            } else {
                queue.push_back(std::move(m));
                ++kept;
            }
        }
        return n - kept;
    };
    qsizetype removed = 0;
    for (SubQueue &q : m_queues)
        removed += sweep(q.messages);
    for (auto it = m_byPriority.begin(); it != m_byPriority.end();) {
        removed += sweep(it->second.messages);
        if (it->second.messages.empty()) {
            it = m_byPriority.erase(it);
            m_viewDirty = true;
        } else {
            ++it;
        }
    }
    if (removed > 0)
        sinks.report.fifoOrder = false;  // taken from the middle: views rebuild
}

void Broker::requeue(Message &&m, const QString &consumer, bool failed, int delay, const CycleSinks &sinks)
{
    if (m_config.deliveryLimit && m.deliveries > *m_config.deliveryLimit) {
        ++sinks.report.counts.deliveryLimit;
        const Explanation why(deliveryLimitWords, {m.deliveries, *m_config.deliveryLimit, failed});
        deadLetter(std::move(m), QStringLiteral("delivery_limit"), consumer, sinks, why);
        return;
    }
    if (delay > 0) {
        m_delayed.emplace(sinks.cycle + delay, std::move(m));  // after its equals: in order
        return;
    }
    queueBack(std::move(m), sinks);
}

void Broker::queueBack(Message &&m, const CycleSinks &sinks)
{
    if (m.deadLetter) {
        m_deadLetterQueue.push_back(std::move(m));
        sinks.report.fifoOrder = false;  // a return that reaches no tail of the queue: views rebuild
        return;
    }
    sinks.report.requeuedDeliveries = std::max(sinks.report.requeuedDeliveries, m.deliveries);
    route(std::move(m));
    ++sinks.report.appended;
}

void Broker::releaseDelayed(const CycleSinks &sinks)
{
    while (!m_delayed.empty() && m_delayed.begin()->first <= sinks.cycle) {
        queueBack(std::move(m_delayed.begin()->second), sinks);
        m_delayed.erase(m_delayed.begin());
    }
}

// Inlined into handle(): it runs for every delivery.
Q_ALWAYS_INLINE void Broker::deliver(Consumer &consumer, Message &m, qint64 cycle, CycleReport &report, EventRecorder *events)
{
    // Saturates: a message looping for ever (aging step 0, drain) may be delivered more than
    // INT_MAX times over a long run.
    m.deliveries = saturatingAdd(m.deliveries, 1);
    ++report.counts.dispatched;
    ++consumer.stats.received;
    consumer.lastBatch.push_back(m.id);
    if (events) [[unlikely]]
        recordDelivery(*events, cycle, consumer.name, m);
}

// Inlined into handle() and work(): it runs for every decision.
Q_ALWAYS_INLINE void Broker::decide(Consumer &consumer, Message &&m, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                    CycleReport &report, EventRecorder *events, StrategyContext &context)
{
    if (events) [[unlikely]] {
        decideRecorded(consumer, std::move(m), cycle, rng, metrics, report, *events, context);
        return;
    }
    // Without events nobody reads the message as it was before the decision: `before` is the
    // message itself, and no copy is made.
    decideOn(consumer, std::move(m), m, cycle, rng, metrics, report, nullptr, context);
}

template<typename Next>
void Broker::handle(Consumer &consumer, qint64 count, Next &&next, qint64 cycle, std::mt19937_64 &rng,
                    Metrics &metrics, CycleReport &report, EventRecorder *events, StrategyContext &context)
{
    const bool hold = consumer.holdsMessages();
    for (qint64 i = 0; i < count; ++i) {
        Message m = next();
        deliver(consumer, m, cycle, report, events);
        if (hold)
            consumer.held.push_back(std::move(m));  // decided on by work(), after the batches
        else
            decide(consumer, std::move(m), cycle, rng, metrics, report, events, context);
    }
}

void Broker::dispatchDeadLetters(Consumers &consumers, const CycleSinks &sinks, std::mt19937_64 &rng,
                                 StrategyContext &context)
{
    CycleReport &report = sinks.report;
    const qint64 cap = m_config.maxDeliveriesPerCycle;
    const int n = int(consumers.size());
    for (int batches = 0; !m_deadLetterQueue.empty(); ++batches) {
        if (m_config.batchesPerCycle > 0 && batches >= m_config.batchesPerCycle)
            break;
        if (report.counts.dispatched >= cap) {
            if (!report.capReached)
                report.warnings << QStringLiteral(
                        "Safety cap reached in cycle %1: %2 deliveries without emptying the dead-letter "
                        "queue. A dead-letter consumer keeps postponing or failing messages; check its "
                        "strategy, or set broker.deliveryLimit.").arg(sinks.cycle).arg(cap);
            report.capReached = true;
            break;
        }
        int index = -1;
        for (int step = 1; step <= n && index < 0; ++step) {
            const int i = ((m_deadCursor < 0 ? -1 : m_deadCursor) + step) % n;
            if (consumers[size_t(i)]->deadLetters && consumers[size_t(i)]->hasRoom())
                index = i;
        }
        if (index < 0)
            break;
        m_deadCursor = index;
        report.fifoOrder = false;  // deliveries not from the queue's head: views rebuild
        Consumer &consumer = *consumers[size_t(index)];
        ++report.counts.batches;
        ++consumer.stats.batches;
        ++consumer.batchesThisCycle;
        consumer.lastBatchCycle = sinks.cycle;
        consumer.lastBatch.clear();
        const size_t batchSize = size_t(std::min<qint64>({std::max(1, m_config.batchSize),
                                                          cap - report.counts.dispatched, consumer.room()}));
        m_batch.clear();
        while (!m_deadLetterQueue.empty() && m_batch.size() < batchSize) {
            m_batch.push_back(std::move(m_deadLetterQueue.front()));
            m_deadLetterQueue.pop_front();
        }
        if (sinks.events)
            sinks.events->batch(consumer.name, qint64(m_batch.size()));
        handleBatch(consumer, sinks.cycle, rng, sinks.metrics, report, sinks.events, context);
    }
}

void Broker::deadLetter(Message &&m, const QString &reason, const QString &consumer,
                        const CycleSinks &sinks, const Explanation &why, const Message *shown)
{
    ++sinks.report.counts.discarded;
    // Into the dead-letter queue, not ended yet; a dead letter from there is final.
    const bool keep = m_config.deadLetterQueue && !m.deadLetter;
    if (keep)
        ++sinks.report.counts.deadLetterQueued;
    else
        sinks.metrics.recordDiscarded(m, sinks.cycle);
    if (sinks.events)
        sinks.events->add(sinks.cycle, Event::Type::Discarded, consumer, shown ? *shown : m, MessageMeta(), reason, why);
    ++m_deadLetterCount;
    ++m_discardedByReason[reason];
    if (keep) {
        m_deadLetters.push_back({m, reason, consumer, sinks.cycle});
        m.deadLetter = true;
        m_deadLetterQueue.push_back(std::move(m));
    } else {
        m_deadLetters.push_back({std::move(m), reason, consumer, sinks.cycle});
    }
    m_deadLetterBytes += deadLetterBytes(m_deadLetters.back());
    while (m_deadLetters.size() > 1
           && (qsizetype(m_deadLetters.size()) > deadLetterCapacity()
               || m_deadLetterBytes > deadLetterByteCapacity())) {
        m_deadLetterBytes -= deadLetterBytes(m_deadLetters.front());
        m_deadLetters.pop_front();
    }
}

void Broker::reserveArrivals(qsizetype count)
{
    if (m_config.mode == BrokerConfig::Mode::Fifo && count > 0) {
        RingQueue<Message> &queue = m_queues.front().messages;
        queue.reserve(queue.size() + count);
    }
}

int Broker::effectivePriority(int priority) const
{
    return m_config.maxPriority ? std::min(priority, *m_config.maxPriority) : priority;
}

Q_ALWAYS_INLINE Broker::SubQueue &Broker::arrive(Message &message)
{
    ++m_size;
    message.arrival = ++m_arrivals;
    // Every produced and every requeued message comes here: fifo mode's one queue without the
    // call to queueFor().
    return m_config.mode == BrokerConfig::Mode::Fifo ? m_queues.front() : queueFor(message);
}

void Broker::route(Message &&message)
{
    arrive(message).messages.push_back(std::move(message));
}


Broker::SubQueue &Broker::queueFor(Message &message)
{
    switch (m_config.mode) {
    case BrokerConfig::Mode::Fifo:
        break;
    case BrokerConfig::Mode::Priority: {
        const int key = effectivePriority(message.priority);
        auto [it, added] = m_byPriority.try_emplace(key);
        if (added) {
            it->second.name = QString::number(key);
            it->second.key = key;
            m_viewDirty = true;
        }
        return it->second;
    }
    case BrokerConfig::Mode::Topics: {
        const qsizetype best = m_config.topicFor(message.priority);
        message.topic = m_queues[size_t(best)].topic;
        return m_queues[size_t(best)];
    }
    }
    return m_queues.front();
}

void Broker::returnHeld(Consumer &consumer)
{
    if (consumer.held.empty())
        return;
    // A dead-letter consumer's messages go back to the head of the dead-letter queue, in order.
    for (auto it = consumer.held.rbegin(); it != consumer.held.rend(); ++it) {
        if (it->deadLetter)
            m_deadLetterQueue.push_front(std::move(*it));
    }
    std::erase_if(consumer.held, [](const Message &m) { return m.deadLetter; });
    if (consumer.held.empty())
        return;
    // Each held message goes back to its place in its queue by arrival order: before everything
    // queued after it was delivered, so at the head, the held ones in their order (a mode change
    // while it was held may put it behind messages that arrived before it).
    std::map<SubQueue *, std::vector<Message>> back;
    for (Message &m : consumer.held)
        back[&queueFor(m)].push_back(std::move(m));
    m_size += qsizetype(consumer.held.size());
    consumer.held.clear();
    const auto byArrival = [](const Message &a, const Message &b) { return a.arrival < b.arrival; };
    for (auto &[queue, messages] : back) {
        std::stable_sort(messages.begin(), messages.end(), byArrival);
        RingQueue<Message> merged;
        merged.reserve(qsizetype(messages.size()) + queue->messages.size());
        auto next = messages.begin();
        while (!queue->messages.empty()) {
            for (; next != messages.end() && next->arrival < queue->messages.front().arrival; ++next)
                merged.push_back(std::move(*next));
            merged.push_back(std::move(queue->messages.front()));
            queue->messages.pop_front();
        }
        for (; next != messages.end(); ++next)
            merged.push_back(std::move(*next));
        queue->messages = std::move(merged);
    }
}

const Broker::SubQueueList &Broker::subQueues() const
{
    if (m_viewDirty) {
        m_view.m_queues.clear();
        for (const SubQueue &q : m_queues)
            m_view.m_queues.push_back(&q);
        for (const auto &[key, q] : m_byPriority)
            m_view.m_queues.push_back(&q);
        m_viewDirty = false;
    }
    return m_view;
}

const Message &Broker::at(qsizetype index) const
{
    for (const SubQueue &q : subQueues()) {
        if (index < qsizetype(q.messages.size()))
            return q.messages[index];
        index -= qsizetype(q.messages.size());
    }
    Q_ASSERT_X(false, "Broker::at", "index out of range");
    return subQueues().front().messages[0];
}

// Inlined into dispatch(): it runs for every batch.
Q_ALWAYS_INLINE int Broker::nextConsumer(const Consumers &consumers, int after, const QString *topic) const
{
    const int n = int(consumers.size());
    for (int step = 1; step <= n; ++step) {
        const int i = ((after < 0 ? -1 : after) + step) % n;
        const Consumer &c = *consumers[size_t(i)];
        if (c.canTake() && (!topic || c.subscribes(*topic)))
            return i;
    }
    return -1;
}

template<typename Adjust>
void Broker::adjustCursors(Adjust adjust)
{
    adjust(m_cursor);
    adjust(m_deadCursor);
    for (SubQueue &q : m_queues)
        adjust(q.cursor);
    for (auto &[key, q] : m_byPriority)
        adjust(q.cursor);
}

void Broker::consumerRemoved(int index)
{
    adjustCursors([index](int &cursor) {
        if (index <= cursor)
            --cursor;
    });
}

void Broker::consumerInserted(int index)
{
    adjustCursors([index](int &cursor) {
        if (index <= cursor)
            ++cursor;
    });
}

void Broker::dispatch(Consumers &consumers, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                      CycleReport &report, EventRecorder *events)
{
    int online = 0;
    for (const auto &c : consumers) {
        online += c->online ? 1 : 0;
        c->batchesThisCycle = 0;
    }
    report.fifoOrder = m_config.mode == BrokerConfig::Mode::Fifo;
    const bool drain = m_config.batchesPerCycle <= 0;
    const qint64 cap = m_config.maxDeliveriesPerCycle;
    StrategyContext context{cycle, 0, online};
    const bool topics = m_config.mode == BrokerConfig::Mode::Topics;
    const bool priority = m_config.mode == BrokerConfig::Mode::Priority;
    const CycleSinks sinks{cycle, metrics, report, events};
    releaseDelayed(sinks);
    // The cycle's processed samples in one allocation (at most one per message taken; a drain
    // takes the whole queue): grown step by step over a million messages, each large realloc
    // also consolidated malloc's free lists, which cost more than the samples themselves.
    const qint64 takes = drain ? m_size
                               : std::min<qint64>(m_size, qint64(m_config.batchesPerCycle)
                                                          * std::max(1, m_config.batchSize));
    report.processed.reserve(report.processed.size() + qsizetype(std::min(takes, cap)));
    // A drain of a large queue writes its samples (16 bytes a message) into fresh pages: advised
    // as huge pages they cost a few hundred page faults, not one per 4 KiB (docs/design.md §9:
    // 39,000 faults at 10 million messages, most of the kernel's share of the run).
    if (const size_t bytes = size_t(report.processed.capacity()) * sizeof(ProcessedSample);
        bytes >= RingStorage::HugeBlockBytes)
        RingStorage::adviseHugePages(report.processed.data(), bytes);
    // Message expiry: every expired message first ("anywhere"), or the expired heads before each
    // batch ("head", as RabbitMQ's classic queues: a message behind a live head waits).
    const bool expireAtHeads = m_mayExpire && m_config.expiry == BrokerConfig::Expiry::Head;
    if (m_mayExpire && !expireAtHeads && m_size > 0)
        expireAnywhere(sinks);

    while (m_size > 0) {
        if (expireAtHeads) {
            expireHeads(sinks);
            if (m_size == 0)
                break;
        }
        if (!drain && report.counts.batches >= m_config.batchesPerCycle)
            break;
        if (report.counts.dispatched >= cap) {
            report.capReached = true;
            report.warnings << QStringLiteral(
                    "Safety cap reached in cycle %1: %2 deliveries without emptying the queue. "
                    "A strategy keeps postponing or failing messages; check the thresholds, the "
                    "failure rates, or raise broker.maxDeliveriesPerCycle.")
                    .arg(cycle).arg(cap);
            break;
        }
        // Choose the sub-queue and the consumer.
        SubQueue *queue = nullptr;
        int index = -1;
        if (topics) {
            const int n = int(m_queues.size());
            for (int step = 1; step <= n && index < 0; ++step) {
                const int t = (m_topicTurn + step + n) % n;
                SubQueue &q = m_queues[size_t(t)];
                if (q.messages.empty())
                    continue;
                index = nextConsumer(consumers, q.cursor, &q.name);
                if (index >= 0) {
                    queue = &q;
                    q.cursor = index;
                    m_topicTurn = t;
                }
            }
        } else {
            index = nextConsumer(consumers, m_cursor, nullptr);
            if (index >= 0) {
                m_cursor = index;
                // Priority mode keeps no empty sub-queue: the first one is the most urgent.
                if (priority)
                    queue = &m_byPriority.begin()->second;
                else if (!m_queues.front().messages.empty())
                    queue = &m_queues.front();
            }
        }
        if (!queue)
            break;

        Consumer &consumer = *consumers[size_t(index)];
        ++report.counts.batches;
        ++consumer.stats.batches;
        ++consumer.batchesThisCycle;
        consumer.lastBatchCycle = cycle;
        consumer.lastBatch.clear();

        // The cap is a maximum: the last batch is cut to fit it.
        const size_t batchSize = size_t(std::min<qint64>({std::max(1, m_config.batchSize),
                                                          cap - report.counts.dispatched, consumer.room()}));
        // The batch is fixed before it is handled: messages postponed by this batch go back as
        // new arrivals (to the tail) and cannot come back into the same batch.
        // Commonly it is the first messages of one ring (fifo, a topic, or a priority holding
        // more than a batch, no expiry at the heads): handled where they are, each taken from the
        // head just before it is delivered, with no copy into a batch vector. Their count leaves
        // the queued count at once, as if they were taken all together.
        if (!expireAtHeads && (!priority || size_t(queue->messages.size()) > batchSize)) {
            RingQueue<Message> &ring = queue->messages;
            const qint64 taken = std::min<qint64>(qint64(batchSize), ring.size());
            m_size -= taken;
            report.takenFromHead += taken;
            if (events)
                events->batch(consumer.name, taken);
            if (events || consumer.holdsMessages()) {
                const auto head = [&ring]() {
                    Message m = std::move(ring.front());
                    ring.pop_front();
                    return m;
                };
                handle(consumer, taken, head, cycle, rng, metrics, report, events, context);
            } else {
                handleAtHead(consumer, ring, taken, cycle, rng, metrics, report, context);
            }
            continue;
        }
        // Otherwise the batch is taken first into m_batch. A topic's batch comes from that topic
        // alone; in priority mode a batch runs on into the next lower priority.
        m_batch.clear();
        const auto take = [&](SubQueue &q) {
            while (!q.messages.empty() && m_batch.size() < batchSize) {
                if (expireAtHeads && expiredBy(q.messages.front(), cycle)) {
                    // It reached the head: it goes instead of being delivered.
                    Message m = std::move(q.messages.front());
                    q.messages.pop_front();
                    --m_size;
                    ++report.takenFromHead;
                    expire(std::move(m), sinks);
                    continue;
                }
                m_batch.push_back(std::move(q.messages.front()));
                q.messages.pop_front();
            }
        };
        if (priority) {
            for (auto q = m_byPriority.begin(); q != m_byPriority.end() && m_batch.size() < batchSize;) {
                take(q->second);
                if (q->second.messages.empty()) {
                    q = m_byPriority.erase(q);
                    m_viewDirty = true;
                } else {
                    ++q;
                }
            }
        } else {
            take(*queue);
        }
        const qint64 taken = qint64(m_batch.size());
        m_size -= taken;
        report.takenFromHead += taken;
        if (events)
            events->batch(consumer.name, taken);
        handleBatch(consumer, cycle, rng, metrics, report, events, context);
        Q_ASSERT(taken > 0);
    }
    if (!m_deadLetterQueue.empty())
        dispatchDeadLetters(consumers, sinks, rng, context);
    const qint64 worked = work(consumers, cycle, rng, metrics, report, events, context);
    report.idle = report.counts.batches == 0 && worked == 0;
}

qint64 Broker::work(Consumers &consumers, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                    CycleReport &report, EventRecorder *events, StrategyContext &context)
{
    qint64 worked = 0;
    for (const auto &c : consumers) {
        Consumer &consumer = *c;
        if (consumer.held.empty() || !consumer.online)
            continue;
        const size_t n = consumer.workPerCycle ? std::min(size_t(*consumer.workPerCycle), consumer.held.size())
                                               : consumer.held.size();
        m_batch.clear();
        for (size_t i = 0; i < n; ++i) {
            m_batch.push_back(std::move(consumer.held.front()));
            consumer.held.pop_front();
        }
        worked += qint64(n);
        for (Message &m : m_batch)
            decide(consumer, std::move(m), cycle, rng, metrics, report, events, context);
    }
    return worked;
}

void Broker::handleBatch(Consumer &consumer, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                         CycleReport &report, EventRecorder *events, StrategyContext &context)
{
    auto next = m_batch.begin();
    handle(consumer, qint64(m_batch.size()), [&next]() -> Message && { return std::move(*next++); }, cycle, rng,
           metrics, report, events, context);
}

void Broker::decideRecorded(Consumer &consumer, Message &&m, qint64 cycle, std::mt19937_64 &rng,
                            Metrics &metrics, CycleReport &report, EventRecorder &events, StrategyContext &context)
{
    // The events show the message as the consumer got it; the strategy changes m. The copy is
    // made here, out of the common path: an optional Message in decide()'s frame was cleared
    // for every decision, events on or off.
    const Message before = m;
    decideOn(consumer, std::move(m), before, cycle, rng, metrics, report, &events, context);
}

// Inlined into decideOn() and handleAtHead(): it runs for every decision.
Q_ALWAYS_INLINE Decision Broker::ruleOf(Consumer &consumer, Message &m, CycleReport &report, StrategyContext &context)
{
    // The built-in rules are called directly (final classes, inline rules): no virtual call and
    // no reason string per decision. Any other strategy goes through Strategy::decide().
    const Strategy &strategy = *consumer.strategy;
    switch (strategy.builtIn()) {
    case Strategy::BuiltIn::Priority:
        return static_cast<const PriorityStrategy &>(strategy).rule(m);
    case Strategy::BuiltIn::Ttl:
        return static_cast<const TtlStrategy &>(strategy).rule(m);
    case Strategy::BuiltIn::AcceptAll:
        return Decision::Process;
    case Strategy::BuiltIn::Custom:
        break;
    }
    return decideCustom(consumer, m, report, context);
}

// Inlined into decideOn() and handleAtHead(): it runs for every processed message.
Q_ALWAYS_INLINE void Broker::recordProcessed(Consumer &consumer, const Message &m, qint64 cycle, Metrics &metrics,
                                             CycleReport &report)
{
    ++report.counts.processed;
    ++consumer.stats.processed;
    metrics.recordProcessed(m, cycle);
    report.processed.append({m.originalPriority, cycle - m.producedCycle});
}

void Broker::decideOn(Consumer &consumer, Message &&m, const Message &before, qint64 cycle, std::mt19937_64 &rng,
                      Metrics &metrics, CycleReport &report, EventRecorder *events, StrategyContext &context)
{
    Strategy &strategy = *consumer.strategy;
    const Decision decision = ruleOf(consumer, m, report, context);
    switch (decision) {
    case Decision::Process:
        if (processingFails(rng, consumer.failureRate)) [[unlikely]] {
            strategy.onFailure(m);
            sendBack(consumer, std::move(m), before, decision, true, cycle, metrics, report, events);
        } else {
            recordProcessed(consumer, m, cycle, metrics, report);
            if (events) [[unlikely]]
                recordDecision(*events, cycle, Event::Type::Processed, consumer.name, strategy, decision, before, nullptr);
        }
        break;
    case Decision::Postpone:
        sendBack(consumer, std::move(m), before, decision, false, cycle, metrics, report, events);
        break;
    case Decision::Discard:
        discard(consumer, std::move(m), before, cycle, metrics, report, events);
        break;
    }
}

Decision Broker::decideCustom(Consumer &consumer, Message &m, CycleReport &report, StrategyContext &context)
{
    Strategy &strategy = *consumer.strategy;
    context.queueLength = m_size;
    m_customReason.clear();
    const Decision decision = strategy.decide(m, context, &m_customReason);
    if (strategy.hasRuntimeWarning()) [[unlikely]]
        takeRuntimeWarning(consumer, report);
    return decision;
}

Q_ALWAYS_INLINE void Broker::countReturn(Consumer &consumer, Message &m, bool failed, CycleReport &report)
{
    m.requeued = true;
    ++(failed ? report.counts.failed : report.counts.postponed);
    ++(failed ? consumer.stats.failed : consumer.stats.postponed);
}

Q_ALWAYS_INLINE bool Broker::returnsToTail(const Consumer &consumer, const Message &m) const
{
    // The common return, as requeue() and queueBack() would do it: no delivery limit, no retry
    // delay and not a dead letter, so straight to the tail of its queue as a new arrival.
    return !m_config.deliveryLimit && consumer.strategy->retryDelay() <= 0 && !m.deadLetter;
}

void Broker::sendBack(Consumer &consumer, Message &&m, const Message &before, Decision decision, bool failed,
                      qint64 cycle, Metrics &metrics, CycleReport &report, EventRecorder *events)
{
    // A failed processing or a postponement sends the message back: counted, recorded, requeued.
    countReturn(consumer, m, failed, report);
    const Strategy &strategy = *consumer.strategy;
    if (events) [[unlikely]]
        recordDecision(*events, cycle, failed ? Event::Type::Failed : Event::Type::Postponed, consumer.name, strategy,
                       decision, before, &m);
    if (returnsToTail(consumer, m)) [[likely]] {
        report.requeuedDeliveries = std::max(report.requeuedDeliveries, m.deliveries);
        route(std::move(m));
        ++report.appended;
        return;
    }
    requeue(std::move(m), consumer.name, failed, strategy.retryDelay(), {cycle, metrics, report, events});
}

void Broker::handleAtHead(Consumer &consumer, RingQueue<Message> &ring, qint64 count, qint64 cycle,
                          std::mt19937_64 &rng, Metrics &metrics, CycleReport &report, StrategyContext &context)
{
    // What handle() and decideOn() do, without events, on the message where it lies: the head
    // of the ring (docs/design.md §9, dispatch). Each message leaves the ring once, when it is
    // decided on: popped when processed; a return to the tail of a queue is one copy of its
    // bytes into that tail (RingQueue::relocateFrontTo()), not a move out of the ring into a
    // temporary and a move back in. The rare outcomes (a discard, a return that a delivery
    // limit, a retry delay or the dead-letter queue has a say in) take the message out of the
    // ring and go the common way.
    const auto takeOut = [&ring]() {
        Message m = std::move(ring.front());
        ring.pop_front();
        return m;
    };
    // What is the same for the whole batch is read once: the failure rate, whether a return may
    // go straight to a tail (returnsToTail() but the message's own flag), and the counts of the
    // deliveries (deliver(): nothing reads them while the batch is handled).
    const double failureRate = consumer.failureRate;
    const bool plainReturns = !m_config.deliveryLimit && consumer.strategy->retryDelay() <= 0;
    report.counts.dispatched += count;
    consumer.stats.received += count;
    for (qint64 i = 0; i < count; ++i) {
        Message &m = ring.front();
        // deliver(), its counts taken above.
        m.deliveries = saturatingAdd(m.deliveries, 1);
        consumer.lastBatch.push_back(m.id);
        const Decision decision = ruleOf(consumer, m, report, context);
        bool failed = false;
        if (decision == Decision::Process) {
            if (!processingFails(rng, failureRate)) [[likely]] {
                recordProcessed(consumer, m, cycle, metrics, report);
                ring.pop_front();
                continue;
            }
            consumer.strategy->onFailure(m);
            failed = true;
        } else if (decision == Decision::Discard) [[unlikely]] {
            Message out = takeOut();
            discard(consumer, std::move(out), out, cycle, metrics, report, nullptr);
            continue;
        }
        // Postponed, or its processing failed: back at once, as sendBack() does it.
        if (plainReturns && !m.deadLetter) [[likely]] {
            countReturn(consumer, m, failed, report);
            report.requeuedDeliveries = std::max(report.requeuedDeliveries, m.deliveries);
            ring.relocateFrontTo(arrive(m).messages);
            ++report.appended;
        } else {
            Message out = takeOut();
            sendBack(consumer, std::move(out), out, decision, failed, cycle, metrics, report, nullptr);
        }
    }
}

void Broker::discard(Consumer &consumer, Message &&m, const Message &before, qint64 cycle, Metrics &metrics,
                     CycleReport &report, EventRecorder *events)
{
    ++consumer.stats.discarded;
    // A built-in rule gave no reason string: `ttl` is the built-in one that discards.
    const Strategy &strategy = *consumer.strategy;
    const QString reason = strategy.builtIn() == Strategy::BuiltIn::Ttl ? TtlStrategy::expiredReason()
                                                                          : m_customReason;
    deadLetter(std::move(m), reason, consumer.name, {cycle, metrics, report, events},
               events ? strategy.explain(before, Decision::Discard) : Explanation(), &before);
}

void Broker::takeRuntimeWarning(Consumer &consumer, CycleReport &report)
{
    report.warnings << consumer.name + QStringLiteral(": ") + consumer.strategy->takeRuntimeWarning();
}

} // namespace PriorityLab
