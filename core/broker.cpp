#include "broker.h"

namespace PriorityLab {

namespace {
/// True with probability @p rate, from 53 random bits: the same on every platform.
bool draw(std::mt19937_64 &rng, double rate)
{
    return double(rng() >> 11) * 0x1.0p-53 < rate;
}
} // namespace

Broker::Broker(BrokerConfig config) : m_config(config) { }

quint64 Broker::accept(Message message)
{
    message.id = m_nextId++;
    m_queue.push_back(std::move(message));
    return m_nextId - 1;
}

int Broker::nextOnline(const Consumers &consumers) const
{
    const int n = int(consumers.size());
    for (int step = 1; step <= n; ++step) {
        const int i = ((m_cursor < 0 ? -1 : m_cursor) + step) % n;
        if (consumers[size_t(i)]->online)
            return i;
    }
    return -1;
}

void Broker::consumerRemoved(int index)
{
    if (index <= m_cursor)
        --m_cursor;
}

void Broker::dispatch(Consumers &consumers, qint64 cycle, std::mt19937_64 &rng, Metrics &metrics,
                      CycleReport &report, bool recordEvents)
{
    int online = 0;
    for (const auto &c : consumers)
        online += c->online ? 1 : 0;
    report.idle = m_queue.empty() || online == 0;
    if (report.idle)
        return;

    const qint64 batchSize = std::max(1, m_config.batchSize);
    const bool drain = m_config.batchesPerCycle <= 0;
    const qint64 cap = m_config.maxDeliveriesPerCycle;
    Counts &counts = report.counts;
    StrategyContext context{cycle, 0, online};

    for (qint64 batch = 0; !m_queue.empty(); ++batch) {
        if (!drain && batch >= m_config.batchesPerCycle)
            break;
        if (drain && counts.dispatched >= cap) {
            report.capReached = true;
            report.warnings << QStringLiteral(
                    "Safety cap reached in cycle %1: %2 deliveries without emptying the queue. "
                    "A strategy keeps postponing or failing messages; check the thresholds, the "
                    "failure rates, or raise broker.maxDeliveriesPerCycle.")
                    .arg(cycle).arg(cap);
            break;
        }
        const int index = nextOnline(consumers);
        m_cursor = index;
        Consumer &consumer = *consumers[size_t(index)];
        Strategy &strategy = *consumer.strategy;
        const qint64 take = std::min<qint64>(batchSize, qint64(m_queue.size()));
        ++counts.batches;
        ++consumer.stats.batches;
        consumer.lastBatchCycle = cycle;
        consumer.lastBatch.clear();

        // Take the whole batch before handling it: messages postponed by this batch go to the
        // tail and cannot come back into the same batch.
        m_batch.clear();
        for (qint64 i = 0; i < take; ++i) {
            m_batch.push_back(std::move(m_queue.front()));
            m_queue.pop_front();
        }
        report.takenFromHead += take;

        for (Message &m : m_batch) {
            ++m.deliveries;
            ++counts.dispatched;
            ++consumer.stats.received;
            consumer.lastBatch.append(m.id);
            if (recordEvents)
                report.events.append({cycle, Event::Type::Dispatched, consumer.name, m, {}, {}, {}});

            context.queueLength = qint64(m_queue.size());
            Message before;
            if (recordEvents)
                before = m;
            QString reason;
            const Decision decision = strategy.decide(m, context, &reason);
            if (QString w = strategy.takeRuntimeWarning(); !w.isEmpty())
                report.warnings << consumer.name + QStringLiteral(": ") + w;

            switch (decision) {
            case Decision::Process:
                if (consumer.failureRate > 0.0 && draw(rng, consumer.failureRate)) {
                    strategy.onFailure(m);
                    m.requeued = true;
                    ++counts.failed;
                    ++consumer.stats.failed;
                    if (recordEvents)
                        report.events.append({cycle, Event::Type::Failed, consumer.name, before, m,
                                              {}, strategy.explainFailure(before)});
                    m_queue.push_back(std::move(m));
                    ++report.appended;
                } else {
                    ++counts.processed;
                    ++consumer.stats.processed;
                    metrics.recordProcessed(m, cycle);
                    if (recordEvents)
                        report.events.append({cycle, Event::Type::Processed, consumer.name, before,
                                              {}, {}, strategy.explain(before, decision)});
                }
                break;
            case Decision::Postpone:
                m.requeued = true;
                ++counts.postponed;
                ++consumer.stats.postponed;
                if (recordEvents)
                    report.events.append({cycle, Event::Type::Postponed, consumer.name, before, m,
                                          {}, strategy.explain(before, decision)});
                m_queue.push_back(std::move(m));
                ++report.appended;
                break;
            case Decision::Discard:
                ++counts.discarded;
                ++consumer.stats.discarded;
                metrics.recordDiscarded(m);
                if (recordEvents)
                    report.events.append({cycle, Event::Type::Discarded, consumer.name, before, {},
                                          reason, strategy.explain(before, decision)});
                ++m_deadLetterCount;
                if (qsizetype(m_deadLetters.size()) >= deadLetterCapacity())
                    m_deadLetters.pop_front();
                m_deadLetters.push_back({std::move(m), reason, consumer.name, cycle});
                break;
            }
        }
    }
}

} // namespace PriorityLab
