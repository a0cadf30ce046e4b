#include "core/engine/producer.h"

namespace PriorityLab {

Producer::Producer(ProducerConfig config, quint64 seed) : m_rng(seed)
{
    setConfig(std::move(config));
}

void Producer::setConfig(ProducerConfig config)
{
    m_config = std::move(config);
    m_name = Name(m_config.name);
    m_schedule.clear();
    m_schedule.reserve(size_t(m_config.messages.size()));
    for (qsizetype i = 0; i < m_config.messages.size(); ++i)
        m_schedule.emplace_back(m_config.messages.at(i).atCycle, i);
    std::sort(m_schedule.begin(), m_schedule.end());
    m_scripted.clear();
    m_scripted.reserve(size_t(m_config.messages.size()));
    for (const ScriptedMessage &m : std::as_const(m_config.messages))
        m_scripted.emplace_back(m.data);
    m_template = Payload::Template(m_config.generator ? m_config.generator->data : QString());
}

bool Producer::hasMoreAfter(qint64 cycle) const
{
    if (m_config.paused)
        return false;
    if (!m_schedule.empty() && m_schedule.back().first > cycle)
        return true;
    return m_config.generator && m_config.generator->perCycle > 0
            && (m_config.generator->untilCycle < 0 || m_config.generator->untilCycle > cycle);
}

} // namespace PriorityLab
