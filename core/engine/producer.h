#pragma once

#include "core/model/message.h"
#include "core/model/config.h"

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace PriorityLab {

/// SplitMix64 (Steele, Lea and Flood, 2014): turns the scenario seed into independent seeds for
/// each random stream (docs/design.md §6).
constexpr quint64 splitMix64(quint64 x) noexcept
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/// The seed of producer @p index (0-based) of a scenario seeded with @p scenarioSeed: the same
/// producer sends the same messages in every run of the scenario, simulated or on RabbitMQ.
constexpr quint64 producerSeed(quint64 scenarioSeed, qsizetype index) noexcept
{
    return splitMix64(scenarioSeed + quint64(index) + 1);
}

/// A producer: sends its scripted messages at their cycle, then its generator's messages
/// (docs/design.md §6). It can be paused in the app; a paused producer sends nothing.
class Producer
{
public:
    /// @p seed seeds the producer's own random generator, so that its messages do not depend on
    /// anything else that draws random numbers (processing failures, other producers).
    Producer(ProducerConfig config, quint64 seed);

    /// Hands the messages due in @p cycle to @p sink, a callable taking Message&& (scripted ones
    /// in file order, then generated ones). Ids are left 0: the broker assigns them. A paused
    /// producer sends nothing.
    template<typename Sink>
    void produce(qint64 cycle, Sink &&sink);

    /// True if it may still send something after @p cycle (scripted messages later, or an
    /// unbounded or unfinished generator).
    bool hasMoreAfter(qint64 cycle) const;

    /// Messages its generator sends in @p cycle: perCycle from fromCycle to untilCycle, 0 while
    /// paused or without a generator.
    qsizetype generatedIn(qint64 cycle) const
    {
        const std::optional<GeneratorConfig> &g = m_config.generator;
        if (m_config.paused || !g || cycle < g->fromCycle || (g->untilCycle >= 0 && cycle > g->untilCycle))
            return 0;
        return g->perCycle;
    }

    const ProducerConfig &config() const { return m_config; }
    /// Replaces the settings (live edit); the counter and the random generator continue.
    void setConfig(ProducerConfig config);

    qint64 sent = 0;  ///< the producer's message counter ({n} in data)
    /// Its messages refused by a queue at its length limit (overflow "reject-publish").
    qint64 rejected = 0;

    /// A uniform integer in [lo, hi] from 64 random bits: the same on every platform (unlike
    /// std::uniform_int_distribution, whose algorithm each standard library chooses).
    static int drawInt(std::mt19937_64 &rng, int lo, int hi)
    {
        const quint64 span = quint64(qint64(hi) - qint64(lo)) + 1;
        return int(qint64(lo) + qint64(rng() % span));
    }

private:
    Message make(Payload data, int priority, int ttl, qint64 cycle, int expiration = -1)
    {
        Message m;
        m.data = std::move(data);
        m.producer = m_name;
        m.producedCycle = cycle;
        m.expiresAt = expiration >= 0 ? cycle + expiration : -1;
        m.priority = priority;
        m.originalPriority = priority;
        m.ttl = ttl;
        ++sent;
        return m;
    }

    ProducerConfig m_config;
    Name m_name;  ///< m_config.name in the name table
    std::mt19937_64 m_rng;
    /// The generator's data template, split once at its "{n}" counters.
    Payload::Template m_template;
    /// The data of each scripted message (by file index), shared by the messages sent.
    std::vector<Payload> m_scripted;
    /// (atCycle, index) of every scripted message, sorted: file order within a cycle.
    std::vector<std::pair<qint64, qsizetype>> m_schedule;
};

template<typename Sink>
void Producer::produce(qint64 cycle, Sink &&sink)
{
    if (m_config.paused)
        return;
    // The scripted messages due now, in file order: a binary search in the (cycle, file order)
    // index, so a cycle costs O(log n + due) however many messages the file scripts.
    auto due = std::lower_bound(m_schedule.cbegin(), m_schedule.cend(), cycle,
                                [](const std::pair<qint64, qsizetype> &e, qint64 c) { return e.first < c; });
    for (; due != m_schedule.cend() && due->first == cycle; ++due) {
        const ScriptedMessage &s = m_config.messages.at(due->second);
        sink(make(m_scripted[size_t(due->second)], s.priority, s.ttl, cycle, s.expiration));
    }
    if (!m_config.generator)
        return;
    const GeneratorConfig &g = *m_config.generator;
    if (cycle < g.fromCycle || (g.untilCycle >= 0 && cycle > g.untilCycle))
        return;
    for (int i = 0; i < g.perCycle; ++i) {
        const int p = drawInt(m_rng, g.priorityMin, g.priorityMax);
        const int t = drawInt(m_rng, g.ttlMin, g.ttlMax);
        // Drawn only from a range, so a fixed expiration leaves the stream as it was.
        const int e = g.expirationMin < g.expirationMax ? drawInt(m_rng, g.expirationMin, g.expirationMax)
                                                        : g.expirationMin;
        sink(make(m_template.numbered(sent), p, t, cycle, e));
    }
}

} // namespace PriorityLab
