#include "ui/queue/prioritycensus.h"

#include "core/analysis/refreshsnapshot.h"
#include "core/engine/simulation.h"

#include <algorithm>

namespace PriorityLab {

PriorityCensus::PriorityCensus(Simulation *simulation, QObject *parent)
    : QObject(parent), m_simulation(simulation)
{
    connect(m_simulation, &Simulation::scenarioLoaded, this, &PriorityCensus::invalidate);
    // A live edit may change the mode or the topics, and the broker re-routes its messages.
    connect(m_simulation, &Simulation::setupChanged, this, &PriorityCensus::invalidate);
}

void PriorityCensus::fullPass()
{
    m_counts.fill(0);
    m_buckets.clear();
    const Broker &broker = m_simulation->broker();
    const BrokerConfig &config = broker.config();
    const bool fifo = config.mode == BrokerConfig::Mode::Fifo;
    for (const Broker::SubQueue &q : broker.subQueues()) {
        for (const Message &m : q.messages) {
            const int step = PriorityPalette::clamp(m.priority);
            ++m_counts[size_t(step)];
            if (fifo)
                m_buckets.push_back(quint8(step));
        }
    }
    m_valid = fifo;
    m_lastFull = true;
}

const PriorityCensus::Counts &PriorityCensus::counts(const RefreshSnapshot &snapshot)
{
    const Broker &broker = m_simulation->broker();
    const BrokerConfig &config = broker.config();
    // Timeline changes and live edits may re-route the queue (a new mode or new topics).
    if (!snapshot.fifoOrder())
        m_valid = false;
    const qint64 taken = snapshot.takenFromHead();
    m_lastFull = false;

    if (config.mode == BrokerConfig::Mode::Priority
        && (!config.maxPriority || *config.maxPriority >= PriorityPalette::maxPriority())) {
        m_counts.fill(0);
        for (const Broker::SubQueue &q : broker.subQueues())
            m_counts[size_t(PriorityPalette::clamp(q.key))] += qint64(q.messages.size());
        m_buckets.clear();
        m_valid = false;
        return m_counts;
    }
    if (config.mode != BrokerConfig::Mode::Fifo || !m_valid || broker.subQueues().size() != 1) {
        fullPass();
        return m_counts;
    }

    const auto &queue = broker.subQueues().front().messages;
    const qsizetype size = qsizetype(queue.size());
    const qsizetype gone = qsizetype(std::min<qint64>(taken, qint64(m_buckets.size())));
    const qsizetype kept = qsizetype(m_buckets.size()) - gone;
    if (kept > size || gone + (size - kept) > size) {
        // Not a FIFO change, or more work than one pass: count afresh.
        fullPass();
        return m_counts;
    }
    for (qsizetype i = 0; i < gone; ++i) {
        --m_counts[m_buckets.front()];
        m_buckets.pop_front();
    }
    for (qsizetype i = kept; i < size; ++i) {
        const int step = PriorityPalette::clamp(queue[size_t(i)].priority);
        ++m_counts[size_t(step)];
        m_buckets.push_back(quint8(step));
    }
    return m_counts;
}

} // namespace PriorityLab
