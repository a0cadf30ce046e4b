#pragma once

#include "core/amqp/amqpclient.h"
#include "core/amqp/runqueues.h"
#include "core/model/config.h"
#include "core/model/events.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <deque>
#include <memory>
#include <optional>

namespace PriorityLab {

/// Lockstep mode of the RabbitMQ bridge (docs/design.md §11): the simulator drives the run
/// cycle by cycle, and every queue operation also happens on a real RabbitMQ queue, in the same
/// order, so the real broker is checked against the simulator message by message.
///
/// - `fifo` is a classic queue; `priority` a classic queue declared with x-max-priority
///   (broker.maxPriority, else 255; a message's priority is sent clamped to 0..that maximum);
///   `topics` one classic queue per topic, a message published to its topic's queue.
/// - produced: published. A batch: basic.get of as many messages as the simulator's batch,
///   from the queue the simulator takes it from, before any decision of the batch. Each message
///   handed out must be the one the simulator hands out (same id and payload), else it is a
///   divergence (counted; the first is described).
/// - processed: basic.ack. postponed / failed: the modified copy is published (priority
///   property; headers x-pl-ttl, x-pl-predicate-runs, x-pl-deliveries), then the original is
///   acknowledged: the consumer acting as a producer. discarded: basic.reject without requeue,
///   so RabbitMQ dead-letters it into the run's dead-letter exchange and queue.
/// Queues and exchange carry a run id ("prioritylab.<run>.…") and are deleted by finish() or
/// the destructor. A lost connection makes failed() true with the reason; the run must stop.
class LockstepBridge
{
public:
    /// Figures of the real side of the run (messages).
    struct Figures
    {
        qint64 published = 0;     ///< messages published by producers
        qint64 republished = 0;   ///< copies published back by consumers (postponed, failed)
        qint64 gets = 0;          ///< messages taken by basic.get
        qint64 acked = 0;         ///< basic.ack: processed, or the original of a republished copy
        qint64 deadLettered = 0;  ///< basic.reject without requeue (discarded)
        qint64 divergences = 0;   ///< deliveries that differ from the simulator's
        qint64 depthMismatches = 0; ///< cycles after which the real queue depth differed
        qint64 brokerDepth = -1;  ///< messages ready in the real queues after the last cycle
        qint64 deadLetterQueue = -1; ///< messages read back from the dead-letter queue by finish()
        bool deadLettersMatch = false; ///< finish(): they are exactly the discarded messages
        QString firstDivergence;  ///< words, e.g. "cycle 4, consumer B: RabbitMQ handed out …"
    };

    /// Connects to @p url and declares the run's queues for @p broker (its normalized config:
    /// Broker::config()). Returns nullptr with @p error (the URL with its password hidden, and
    /// the fix) when the broker cannot be reached or refuses the login or the declarations.
    static std::unique_ptr<LockstepBridge> open(const QString &url, const BrokerConfig &broker, QString *error);
    /// Why @p consumers cannot be mirrored in lockstep (a prefetch or workPerCycle: lockstep
    /// reads every batch with basic.get and acknowledges it within its cycle), naming the keys
    /// and the fix; "" if they can.
    static QString refusal(const QList<ConsumerConfig> &consumers);
    ~LockstepBridge();

    /// Give these to Simulation::setBatchSink() and setEventSink() (chained with any other sink).
    void onBatch(const QString &consumer, qint64 size);
    void onEvent(const Event &event);
    /// After each cycle: reads the real queues' depth and compares it with @p simulatorDepth.
    /// Returns false when the connection failed.
    bool afterCycle(qint64 simulatorDepth);
    /// Ends the run: reads the dead-letter queue back (basic.get until empty) and compares it
    /// with the messages the simulator discarded, then deletes the run's queues and exchange.
    bool finish();

    bool failed() const;
    QString error() const;
    const Figures &figures() const { return m_figures; }
    QString runId() const { return QString::fromLatin1(m_names.run); }
    /// The figures as the "rabbitmq" object of --summary.
    QJsonObject summary() const;

private:
    LockstepBridge() = default;
    void diverged(const Event &event, const QString &what);
    void cleanUp();

    std::unique_ptr<AmqpClient> m_client;
    RunQueues m_names;            ///< the run's queues and dead-letter exchange
    qint64 m_pendingBatch = 0;    ///< size of the batch announced and not fetched yet
    std::deque<AmqpClient::Delivery> m_fetched; ///< the batch taken from RabbitMQ, not handed out yet
    std::optional<quint64> m_current;  ///< delivery tag the next decision applies to
    QHash<QByteArray, int> m_discarded; ///< ids the simulator discarded, with multiplicity
    bool m_finished = false;
    Figures m_figures;
};

} // namespace PriorityLab
