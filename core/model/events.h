#pragma once

#include "core/model/explanation.h"
#include "core/model/message.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <array>
#include <functional>

namespace PriorityLab {

/// One thing that happened to a message (docs/design.md §5 and §7).
struct Event
{
    /// Rejected: a new message the broker refused (a queue at its length limit with overflow
    /// "reject-publish"); it follows the message's Produced event.
    enum class Type : quint8 { Produced, Dispatched, Processed, Postponed, Discarded, Failed, Rejected };

    qint64 cycle = 0;
    Type type = Type::Produced;
    QString consumer;   ///< consumer name; empty for Produced, Rejected and the broker's own discards
    Message message;    ///< the message as the broker or consumer had it when this happened
    /// Postponed and Failed: the fields of the copy sent back to the broker, which is otherwise
    /// message (returned() gives it whole).
    MessageMeta after;
    QString reason;     ///< Discarded: machine code, e.g. "ttl-expired", "maxlen" (docs/design.md §3)
    Explanation detail; ///< decisions: the strategy's explanation (words made by explanationText())

    /// The strategy's explanation in words; empty if there is none.
    QString explanationText() const { return detail.toText(); }

    /// Postponed and Failed: the copy sent back to the broker, whole (message with after's fields).
    Message returned() const
    {
        Message m = message;
        after.applyTo(m);
        return m;
    }

    /// The JSON Lines name of @p type, e.g. "postponed".
    static QString typeName(Type type);
};

} // namespace PriorityLab

// Its texts, Message and Explanation are relocatable: a list of events grows by moving its bytes
// (QList's realloc), not by moving each event (a cycle keeps up to 20,000).
Q_DECLARE_TYPEINFO(PriorityLab::Event, Q_RELOCATABLE_TYPE);

namespace PriorityLab {

/// Takes each event as it happens, in the order of docs/design.md §5 (e.g. prioritylab-sim
/// writes it as a JSON line); see Simulation::setEventSink().
using EventSink = std::function<void(const Event &)>;

/// Told of each batch as the broker takes it from the queue, before the batch's first
/// `dispatched` event: the consumer's name and the batch's size (messages). The RabbitMQ
/// lockstep bridge takes the same batch from the real queue with it; see
/// Simulation::setBatchSink().
using BatchSink = std::function<void(const QString &consumer, qint64 size)>;

/// Counts of one cycle, or totals (messages).
struct Counts
{
    qint64 produced = 0;
    qint64 dispatched = 0;  ///< deliveries: messages handed to consumers
    qint64 processed = 0;
    qint64 postponed = 0;
    qint64 discarded = 0;
    qint64 failed = 0;      ///< processing failures (the message was requeued)
    qint64 batches = 0;
    /// The broker's own dead letters, by reason (each also counted in discarded): "maxlen"
    /// (a queue at its length limit dropped its head), "delivery_limit", "expired".
    qint64 maxlen = 0;
    qint64 deliveryLimit = 0;
    qint64 expired = 0;
    /// New messages refused by a queue at its length limit ("reject-publish"): produced, never
    /// queued, not dead letters. produced = processed + discarded + queued + rejected.
    qint64 rejected = 0;
    /// Dead letters kept in the dead-letter queue (broker.deadLetterQueue), each also counted in
    /// discarded: they have not ended yet (its consumers may still process them).
    qint64 deadLetterQueued = 0;

    /// Dead letters that ended there: discarded minus the ones kept in the dead-letter queue.
    qint64 finalDiscarded() const { return discarded - deadLetterQueued; }

    /// Dead letters the broker made itself (no consumer's decision): maxlen + deliveryLimit + expired.
    qint64 brokerDiscarded() const { return maxlen + deliveryLimit + expired; }

    /// One count: its name (the member's) and the member.
    struct Field
    {
        const char *name;
        qint64 Counts::*member;
    };
    /// Every count, in declaration order: for code that treats them all alike (adding up,
    /// comparing).
    static constexpr std::array<Field, 12> fields()
    {
        return {{{"produced", &Counts::produced},
                 {"dispatched", &Counts::dispatched},
                 {"processed", &Counts::processed},
                 {"postponed", &Counts::postponed},
                 {"discarded", &Counts::discarded},
                 {"failed", &Counts::failed},
                 {"batches", &Counts::batches},
                 {"maxlen", &Counts::maxlen},
                 {"deliveryLimit", &Counts::deliveryLimit},
                 {"expired", &Counts::expired},
                 {"rejected", &Counts::rejected},
                 {"deadLetterQueued", &Counts::deadLetterQueued}}};
    }

    Counts &operator+=(const Counts &o)
    {
        for (const Field &field : fields())
            this->*field.member += o.*field.member;
        return *this;
    }
};

/// What one consumer did in one cycle (messages); the engine computes it once for every view.
struct ConsumerCycle
{
    QString name;
    qint64 processed = 0;
    qint64 discarded = 0;
};

/// One message processed in a cycle: its priority at production and its latency (cycles from
/// production to processing).
struct ProcessedSample
{
    int originalPriority = 0;
    qint64 latency = 0;
};

/// What one cycle did: published once per cycle by Simulation::cycleCompleted, never one signal
/// per message (docs/design.md §5). It carries everything a view needs about the cycle (counts,
/// queue changes, per-consumer counts, latencies); views read the current state from the
/// simulation.
struct CycleReport
{
    qint64 cycle = -1;
    Counts counts;
    qint64 queueDepth = 0;   ///< messages queued after the cycle (visible ones: not the delayed)
    qint64 held = 0;         ///< messages consumers hold after the cycle (prefetch, docs/design.md §4)
    qint64 delayed = 0;      ///< messages sent back with a retry delay, not yet visible, after the cycle
    qint64 deadLetterQueue = 0;  ///< messages in the dead-letter queue after the cycle (broker.deadLetterQueue)
    /// FIFO bookkeeping for views: messages taken from the head and appended at the tail during
    /// the cycle. In fifo mode the new queue is the old one minus min(takenFromHead, old depth)
    /// head rows plus the remaining tail rows.
    qint64 takenFromHead = 0;
    qint64 appended = 0;
    /// The most deliveries (Message::deliveries) of a message that went back to a queue in the
    /// cycle, postponed or failed (or released after its retry delay); 0: none went back. The
    /// Message loop alarm dates itself by it (AlarmMonitor, docs/design.md §5).
    int requeuedDeliveries = 0;
    bool fifoOrder = true;    ///< false in priority and topics modes: the bookkeeping above does not apply
    bool idle = false;        ///< queue empty or no consumer online at dispatch time
    bool capReached = false;  ///< maxDeliveriesPerCycle ended the cycle early
    bool finished = false;    ///< the broker stopped after this cycle
    QString stopReason;       ///< why it finished, if finished
    QStringList warnings;     ///< runtime warnings raised during the cycle
    QStringList timelineChanges; ///< scenario timeline changes applied at the start of the cycle, "PATH = VALUE"
    QList<ConsumerCycle> consumers;    ///< every consumer present after the cycle, in order
    QList<ProcessedSample> processed;  ///< the processed messages, in processing order (always filled)
    /// Only when event recording is on, and bounded: the first KeptEventsHead and the last
    /// KeptEventsTail events of the cycle, in order; eventsDropped counts the ones between them
    /// (a requeue loop can make millions in one cycle). Every event goes to the event sink.
    QList<Event> events;
    qint64 eventsDropped = 0;  ///< events of the cycle not kept in events

    static constexpr qsizetype KeptEventsHead = 10000;
    static constexpr qsizetype KeptEventsTail = 10000;
    static constexpr qsizetype MaxKeptEvents = KeptEventsHead + KeptEventsTail;
};

} // namespace PriorityLab

Q_DECLARE_METATYPE(PriorityLab::CycleReport)
