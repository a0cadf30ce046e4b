#include "producer.h"

namespace PriorityLab {

namespace {
/// A uniform integer in [lo, hi] from 64 random bits: the same on every platform (unlike
/// std::uniform_int_distribution, whose algorithm each standard library chooses).
int drawInt(std::mt19937_64 &rng, int lo, int hi)
{
    const quint64 span = quint64(qint64(hi) - qint64(lo)) + 1;
    return int(qint64(lo) + qint64(rng() % span));
}
} // namespace

Producer::Producer(ProducerConfig config, quint64 seed) : m_config(std::move(config)), m_rng(seed) { }

void Producer::produce(qint64 cycle, std::vector<Message> &out)
{
    if (m_config.paused)
        return;
    const auto make = [&](QString data, int priority, int ttl) {
        Message m;
        m.data = std::move(data);
        m.producer = m_config.name;
        m.producedCycle = cycle;
        m.priority = priority;
        m.originalPriority = priority;
        m.ttl = ttl;
        out.push_back(std::move(m));
        ++sent;
    };
    for (const ScriptedMessage &s : m_config.messages) {
        if (s.atCycle == cycle)
            make(s.data, s.priority, s.ttl);
    }
    if (!m_config.generator)
        return;
    const GeneratorConfig &g = *m_config.generator;
    if (cycle < g.fromCycle || (g.untilCycle >= 0 && cycle > g.untilCycle))
        return;
    const bool counted = g.data.contains(QLatin1String("{n}"));
    for (int i = 0; i < g.perCycle; ++i) {
        const int p = drawInt(m_rng, g.priorityMin, g.priorityMax);
        const int t = drawInt(m_rng, g.ttlMin, g.ttlMax);
        QString data = g.data;
        if (counted)
            data.replace(QLatin1String("{n}"), QString::number(sent));
        make(std::move(data), p, t);
    }
}

bool Producer::hasMoreAfter(qint64 cycle) const
{
    if (m_config.paused)
        return false;
    for (const ScriptedMessage &s : m_config.messages) {
        if (s.atCycle > cycle)
            return true;
    }
    return m_config.generator && m_config.generator->perCycle > 0
            && (m_config.generator->untilCycle < 0 || m_config.generator->untilCycle > cycle);
}

} // namespace PriorityLab
