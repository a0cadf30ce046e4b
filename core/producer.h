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
    explicit Producer(ProducerConfig config);

    /// Appends the messages due in @p cycle to @p out (scripted ones in file order, then
    /// generated ones). Ids are left 0: the broker assigns them. Draws from @p rng only for
    /// generated messages.
    void produce(qint64 cycle, std::mt19937_64 &rng, std::vector<Message> &out);

    /// True if it may still send something after @p cycle (scripted messages later, or an
    /// unbounded or unfinished generator).
    bool hasMoreAfter(qint64 cycle) const;

    const ProducerConfig &config() const { return m_config; }
    ProducerConfig &config() { return m_config; }

    bool paused = false;
    qint64 sent = 0;  ///< the producer's message counter ({n} in data)

private:
    ProducerConfig m_config;
};

} // namespace PriorityLab
