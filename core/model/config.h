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

/// A band of original priorities read together: the charts' latency classes and the default
/// topics of `topics` mode. Bounds are inclusive; the outer classes are open ended.
struct PriorityClass
{
    QString name;     ///< "high", "mid", "low"
    int minPriority = 0;
    int maxPriority = 0;

    /// "7+", "4–6", "≤3".
    QString rangeText() const;
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
    /// `topics` mode: index in topics of the topic a message of @p priority is routed to: the
    /// first band that holds the priority; outside every band, the nearest band (the first of
    /// equally near ones). 0 when topics is empty.
    qsizetype topicFor(int priority) const;
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

    /// What a queue at its length limit does with a new message (RabbitMQ's `overflow`).
    enum class Overflow {
        DropHead,       ///< "drop-head": queue it, then dead-letter the head (reason `maxlen`)
        RejectPublish,  ///< "reject-publish": refuse it (counted as rejected, not queued)
    };
    /// Length limit in messages (RabbitMQ's `x-max-length`), per queue: the whole queue in fifo
    /// and priority modes, each topic in topics mode. Absent = no limit (docs/design.md §3).
    std::optional<int> maxLength;
    Overflow overflow = Overflow::DropHead;  ///< applies only with maxLength

    /// Delivery limit (RabbitMQ quorum queues' `x-delivery-limit`): a message coming back
    /// (postponed or failed) after more than this many deliveries is dead-lettered with reason
    /// `delivery_limit` instead of being queued again. Absent = no limit.
    std::optional<int> deliveryLimit;

    /// Where expired messages are found (RabbitMQ classic queues expire at the head only).
    enum class Expiry {
        Head,      ///< "head": only a message at the head of its queue expires
        Anywhere,  ///< "anywhere": every expired message goes, wherever it waits
    };
    /// The queue's message time-to-live in cycles (RabbitMQ's `x-message-ttl`): a message
    /// expires this many cycles after it was queued, unless its own expiration is sooner.
    /// Absent = none. Not the TTL counter the TTL strategy reads.
    std::optional<int> messageTtl;
    Expiry expiry = Expiry::Head;

    /// Keeps dead letters (every reason) in a real queue, `dead-letters`, that consumers with
    /// ConsumerConfig::deadLetters drain, instead of only on the dead-letter list; a dead letter
    /// of that queue's own consumers is final (docs/design.md §3). Off = today's list alone.
    bool deadLetterQueue = false;

    /// The scenario name of @p expiry: "head" or "anywhere".
    static QString expiryName(Expiry expiry);

    /// The scenario name of @p overflow: "drop-head" or "reject-publish".
    static QString overflowName(Overflow overflow);

    /// The paths of the broker limits that are on (e.g. "broker.maxLength"); empty when the
    /// broker behaves as the reference system.
    QStringList limitsOn() const;

    /// The scenario name of @p mode: "fifo", "priority" or "topics".
    static QString modeName(Mode mode);
    /// A few words on how @p mode orders the queue, e.g. "one queue, arrival order".
    static QString modeSummary(Mode mode);
    /// The rule of @p mode in words: the order it serves and what it means for the messages; the
    /// one wording of docs/design.md §3, which the app shows.
    static QString modeRule(Mode mode);
    /// orders-0 (priorities 7..9), orders-1 (4..6), orders-2 (0..3): lower number = more
    /// urgent, as in the seed design; one topic per priorityClasses() entry, within 0..9.
    static QList<TopicConfig> defaultTopics();
    /// high (7 and above), mid (4..6), low (3 and below), most urgent first.
    static const QList<PriorityClass> &priorityClasses();
    /// The index in priorityClasses() of the class holding @p priority.
    static int priorityClassOf(int priority);
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
    /// The most unacknowledged messages it may hold (RabbitMQ's consumer prefetch, basic.qos),
    /// >= 1; absent = unlimited (docs/design.md §4).
    std::optional<int> prefetch;
    /// Held messages it decides on per cycle, oldest first, >= 1; absent = all it holds.
    std::optional<int> workPerCycle;
    /// Takes only from the broker's dead-letter queue (needs BrokerConfig::deadLetterQueue).
    bool deadLetters = false;
    /// True if prefetch or workPerCycle is set: it holds messages between cycles.
    bool holdsMessages() const { return prefetch || workPerCycle; }
    /// The paths of its prefetch limits that are set, e.g. "consumers[2].prefetch" for @p index 2.
    QStringList limitsOn(qsizetype index) const;
};

/// Scenario key "producers[i].messages[j]": one scripted message.
struct ScriptedMessage
{
    QString data;
    int priority = 5;
    int ttl = 3;
    int expiration = -1;  ///< message expiry in cycles after it is queued; -1 = none (docs/design.md §3)
    qint64 atCycle = 0;
};

/// Scenario key "producers[i].generator": uniform random messages.
struct GeneratorConfig
{
    int perCycle = 1;                     ///< messages per cycle
    int priorityMin = 0, priorityMax = 9; ///< inclusive
    int ttlMin = 3, ttlMax = 3;           ///< inclusive
    /// Message expiry in cycles, inclusive range (drawn only when min < max); -1 = none.
    int expirationMin = -1, expirationMax = -1;
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

/// When a lesson step is done: a run figure passes a bound (scenario key "steps[i].until").
/// The figures are the run's totals (messages) and the queue: see lessonFigures().
struct StepCondition
{
    QString figure;           ///< one of lessonFigures(), e.g. "discarded"
    qint64 bound = 0;
    bool above = true;        ///< true: figure > bound ("above"); false: figure < bound ("below")
};

/// One step of a guided lesson (scenario key "steps[i]", docs/scenario-format.md "Guided
/// lessons"): what the teacher says, how far the run goes, what to point at, what to change.
/// The app's lesson panel runs to the step's end and pauses; the runner only validates steps.
struct LessonStep
{
    QString title;
    QString text;                       ///< a few sentences; may name numbers in the view
    std::optional<qint64> untilCycle;   ///< run until this many cycles have run
    std::optional<StepCondition> until; ///< or until this condition holds (both: whichever first)
    /// Names of the views to outline (lessonViews(), consumers[i], consumers[i].strategy.PARAM),
    /// at most 16, in file order; empty = none. The file's "highlight" is one name or an array.
    QStringList highlights;
    QList<TimelineChange> set;          ///< settings applied when the step starts (atCycle unused)
};

/// The figures a step condition may name: "cycle", "produced", "dispatched", "processed",
/// "postponed", "discarded", "failed", "queued", "held".
QStringList lessonFigures();

/// The view names a step may highlight: "queue", "histogram", "consumers", "producers", "broker",
/// "charts", "alarms", "eventLog", "deadLetters", "journey", "status", plus "consumers[i]" (a card)
/// and "consumers[i].strategy.PARAM" (a parameter editor on a card).
QStringList lessonViews();

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
    QList<LessonStep> steps;         ///< guided lesson; empty for a plain scenario
};

} // namespace PriorityLab
