#pragma once

#include "message.h"
#include "scenario.h"

#include <random>
#include <vector>

namespace PriorityLab {

/// A producer: sends its scripted messages at their cycle, then its generator's messages
/// (DESIGN.md §6). It can be paused in the app; a paused producer sends nothing.
class Producer
{
public:
    /// @p seed seeds the producer's own random generator, so that its messages do not depend on
    /// anything else that draws random numbers (processing failures, other producers).
    Producer(ProducerConfig config, quint64 seed);

    /// Appends the messages due in @p cycle to @p out (scripted ones in file order, then
    /// generated ones). Ids are left 0: the broker assigns them. A paused producer sends nothing.
    void produce(qint64 cycle, std::vector<Message> &out);

    /// True if it may still send something after @p cycle (scripted messages later, or an
    /// unbounded or unfinished generator).
    bool hasMoreAfter(qint64 cycle) const;

    const ProducerConfig &config() const { return m_config; }
    /// Replaces the settings (live edit); the counter and the random generator continue.
    void setConfig(ProducerConfig config) { m_config = std::move(config); }

    qint64 sent = 0;  ///< the producer's message counter ({n} in data)

private:
    ProducerConfig m_config;
    std::mt19937_64 m_rng;
};

} // namespace PriorityLab
