#include "producer.h"

namespace PriorityLab {

Producer::Producer(ProducerConfig config) : m_config(std::move(config)) { }

void Producer::produce(qint64 cycle, std::mt19937_64 &rng, std::vector<Message> &out)
{
    if (paused)
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
        std::uniform_int_distribution<int> priority(g.priorityMin, g.priorityMax);
        std::uniform_int_distribution<int> ttl(g.ttlMin, g.ttlMax);
        const int p = priority(rng);
        const int t = ttl(rng);
        QString data = g.data;
        if (counted)
            data.replace(QLatin1String("{n}"), QString::number(sent));
        make(std::move(data), p, t);
    }
}

bool Producer::hasMoreAfter(qint64 cycle) const
{
    if (paused)
        return false;
    for (const ScriptedMessage &s : m_config.messages) {
        if (s.atCycle > cycle)
            return true;
    }
    return m_config.generator && m_config.generator->perCycle > 0
            && (m_config.generator->untilCycle < 0 || m_config.generator->untilCycle > cycle);
}

} // namespace PriorityLab
