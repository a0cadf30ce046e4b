#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace PriorityLab {

// The configuration types of the engine: what a scenario file describes (docs/scenario-format.md)
// and what live edits change. Plain values; the reader (core/scenario) fills them, the engine
// (core/engine) runs them.

/// A topic of `topics` mode: messages whose priority lies in [minPriority, maxPriority] are
/// routed to it; scenario key "broker.topics[i]" = {"name": ..., "priorities": [min, max]}.
struct TopicConfig
{
    QString name;
    int minPriority = 0;
    int maxPriority = 0;
};

/// Broker settings (docs/design.md §3); scenario key "broker".
struct BrokerConfig
{
    /// `fifo`: one queue in arrival order (the reference). `priority`: a native priority queue,
    /// highest priority first, arrival order within a priority (as RabbitMQ's priority queues).
    /// `topics`: one queue per topic, messages routed by priority bands.
    enum class Mode { Fifo, Priority, Topics };
    Mode mode = Mode::Fifo;
    /// `priority` mode: priorities above it count as it (RabbitMQ's x-max-priority clamps the
    /// same way), so such messages tie in arrival order. Absent = no clamp.
    std::optional<int> maxPriority;
    /// `topics` mode: the topics, most urgent first; defaultTopics() if the file gives none.
    QList<TopicConfig> topics;
    int batchSize = 3;                       ///< messages per batch, >= 1
    int batchesPerCycle = 0;                 ///< 0 = "drain"; K > 0 = paced, at most K batches a cycle
    int maxIdleCycles = 3;                   ///< consecutive idle cycles before stop; 0 = never
    /// Safety cap, deliveries per cycle (drain and paced): a cycle ends when it is reached, so
    /// no cycle runs unbounded; 1..MaxDeliveriesPerCycle in a scenario file (benchmarks may
    /// lift it through the API).
    qint64 maxDeliveriesPerCycle = 1000000;
    /// Largest maxDeliveriesPerCycle a scenario file may give (a cycle of that many deliveries
    /// takes about a second without events).
    static constexpr qint64 MaxDeliveriesPerCycle = 1000000;
    int cycleIntervalMs = 500;               ///< timer interval in the app, milliseconds

    /// The scenario name of @p mode: "fifo", "priority" or "topics".
    static QString modeName(Mode mode);
    /// orders-0 (priorities 7..9), orders-1 (4..6), orders-2 (0..3): lower number = more
    /// urgent, as in the article.
    static QList<TopicConfig> defaultTopics();
};

/// A consumer's strategy: type plus parameters as the scenario gives them.
struct StrategyConfig
{
    QString type = QStringLiteral("accept-all");
    QVariantMap parameters;  ///< only the keys the file gives; the rest take defaults
};

/// Scenario key "consumers[i]".
struct ConsumerConfig
{
    QString name;
    StrategyConfig strategy;
    bool online = true;
    double failureRate = 0.0;
    int capacity = 0;     ///< batches it can take per cycle; 0 = unlimited
    QStringList topics;   ///< `topics` mode: subscribed topics; empty = all
};

/// Scenario key "producers[i].messages[j]": one scripted message.
struct ScriptedMessage
{
    QString data;
    int priority = 5;
    int ttl = 3;
    qint64 atCycle = 0;
};

/// Scenario key "producers[i].generator": uniform random messages.
struct GeneratorConfig
{
    int perCycle = 1;                     ///< messages per cycle
    int priorityMin = 0, priorityMax = 9; ///< inclusive
    int ttlMin = 3, ttlMax = 3;           ///< inclusive
    QString data = QStringLiteral("msg-{n}"); ///< {n}: the producer's message counter, from 0
    qint64 fromCycle = 0;
    qint64 untilCycle = -1;               ///< inclusive; -1 = no end
};

/// Scenario key "producers[i]".
struct ProducerConfig
{
    QString name;
    bool paused = false;  ///< a paused producer sends nothing
    QList<ScriptedMessage> messages;
    std::optional<GeneratorConfig> generator;
};

/// Scenario key "timeline[i]": {"atCycle": N, "set": {PATH: VALUE, ...}}, one entry per PATH.
/// PATH is a setting path as accepted by applySetting(), e.g. "consumers[1].strategy.low".
struct TimelineChange
{
    qint64 atCycle = 0;  ///< applied at the start of this cycle, before the producers
    QString path;
    QJsonValue value;
};

/// A whole scenario file (docs/design.md §6).
struct Scenario
{
    QString name;
    QString description;
    QString hint;        ///< "what to try": a suggestion shown by the app beside the description
    quint64 seed = 1;
    BrokerConfig broker;
    QList<ConsumerConfig> consumers;
    QList<ProducerConfig> producers;
    QList<TimelineChange> timeline;  ///< scripted changes, in file order
};

} // namespace PriorityLab
