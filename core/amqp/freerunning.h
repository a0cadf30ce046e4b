#pragma once

#include "core/amqp/amqpclient.h"
#include "core/amqp/runqueues.h"
#include "core/engine/producer.h"
#include "core/model/config.h"
#include "core/strategies/strategy.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <deque>
#include <atomic>
#include <map>
#include <memory>
#include <random>
#include <vector>

namespace PriorityLab {

/// Free-running mode of the RabbitMQ bridge (docs/design.md §11): RabbitMQ, not the simulator,
/// decides who gets which message and when. Each consumer has a channel of its own with
/// basic.qos prefetch (its `prefetch`, else the batch size) and basic.consume on its queues; the
/// strategies decide on what arrives, exactly as in the simulator (processed: basic.ack;
/// postponed or failed: the changed copy is published back, then the original acknowledged;
/// discarded: basic.reject into the run's dead-letter queue). Cycles become sampling ticks of
/// tickMs() milliseconds of real time: each tick the producers publish what is due for it, the
/// consumers handle what RabbitMQ pushes until the tick's time is up or the simulator's service
/// capacity per cycle is used (a paced broker's batchesPerCycle × batchSize messages, a consumer's
/// capacity × batchSize or its workPerCycle), and the queue depth is read.
/// Producers publish on one connection (with publisher confirms); consumers receive on another.
/// The scenario's timeline is not applied. Not thread-safe: use it from one thread.
class FreeRunningBridge
{
public:
    /// What one consumer saw (messages).
    struct ConsumerFigures
    {
        QString name;
        int prefetch = 0;        ///< its basic.qos prefetch count
        qint64 deliveries = 0;   ///< messages RabbitMQ pushed to it
        qint64 redelivered = 0;  ///< of those, flagged redelivered (handed out before, not acked)
        qint64 processed = 0;
        qint64 postponed = 0;
        qint64 failed = 0;
        qint64 discarded = 0;
    };
    /// Figures of the run (messages; latency in ticks from production to processing).
    struct Figures
    {
        qint64 ticks = 0;
        qint64 published = 0;      ///< messages the producers published
        qint64 republished = 0;    ///< copies published back by consumers (postponed, failed)
        qint64 processed = 0;
        qint64 deadLettered = 0;   ///< rejected without requeue (discarded)
        qint64 leftInQueue = -1;   ///< finish(): ready in the work queues
        qint64 inFlight = -1;      ///< finish(): pushed to a consumer and not decided on
        qint64 deadLetterQueue = -1; ///< finish(): messages in the dead-letter queue
        bool conserved = false;    ///< finish(): published = processed + dead-lettered + left + in flight
        qint64 latencyP50 = -1, latencyP95 = -1, latencyMax = -1;
        QList<qint64> depth;       ///< messages ready in the work queues after each tick
        QList<ConsumerFigures> consumers; ///< online consumers, in scenario order
    };

    /// Connects twice to @p url (producers, consumers), declares the run's queues for @p broker
    /// (Broker::config() of @p scenario) and subscribes every online consumer of @p scenario.
    /// Returns nullptr with @p error (the URL with its password hidden, and the fix) when the
    /// broker cannot be reached, refuses the login or a declaration, or the scenario uses a broker
    /// limit (maxLength, deliveryLimit, messageTtl), which free-running mode does not mirror.
    static std::unique_ptr<FreeRunningBridge> open(const QString &url, const Scenario &scenario,
                                                   const BrokerConfig &broker, QString *error, int tickMs = 20);
    ~FreeRunningBridge();

    /// One sampling tick (at most tickMs() milliseconds): publish what is due, handle deliveries,
    /// read the depth. False when the connection failed (error() says why).
    bool tick();
    /// True once nothing more will be produced and every published message was processed or
    /// dead-lettered.
    bool isDone() const;
    /// Ends the run: cancels the consumers, counts what they were pushed and had not decided on
    /// (in flight), reads the queues' depth and the dead-letter queue, checks conservation, then
    /// closes the consumers' connection (in-flight messages go back to the queue) and deletes the
    /// run's queues. False on a failed connection.
    bool finish();

    bool failed() const;
    QString error() const;
    int tickMs() const { return m_tickMs; }
    const Figures &figures() const { return m_figures; }
    QString runId() const { return QString::fromLatin1(m_names.run); }
    /// The figures as the "rabbitmq" object of --summary (mode "free-running").
    QJsonObject summary() const;

private:
    FreeRunningBridge() = default;
    struct Subscriber
    {
        int channel = 0;
        QList<QByteArray> tags;     ///< basic.consume tags, one per queue
        std::unique_ptr<Strategy> strategy;
        double failureRate = 0.0;
        qint64 perTick = -1;        ///< capacity × batch size; -1 = no limit
        qint64 handledThisTick = 0;
        std::deque<AmqpClient::Delivery> waiting; ///< pushed beyond perTick: decided next tick
        bool hasRoom() const { return perTick < 0 || handledThisTick < perTick; }
    };
    /// Subscriber @p index (also its index in Figures::consumers) decides on @p delivery (ack,
    /// copy back, or reject).
    bool handle(size_t index, const AmqpClient::Delivery &delivery);

    std::unique_ptr<AmqpClient> m_publisher;
    std::unique_ptr<AmqpClient> m_receiver;
    RunQueues m_names;
    std::vector<Producer> m_producers;
    std::vector<Subscriber> m_subscribers;
    std::mt19937_64 m_rng;          ///< processing failures, seeded as the simulator's
    std::map<qint64, qint64> m_latency; ///< ticks -> processed messages
    qint64 m_cycle = 0;
    quint64 m_nextId = 0;
    int m_tickMs = 20;
    bool m_finished = false;
    Figures m_figures;
};

/// The simulator's prediction and the real free-running run of one scenario, side by side
/// (docs/design.md §11): what `prioritylab-sim --amqp URL --free-running` prints and the app's
/// File > Compare Simulated vs RabbitMQ shows.
struct FreeRunningComparison
{
    QString error;             ///< why the real run failed or did not start; "" when it ran
    bool couldNotStart = false; ///< error came from connecting or declaring (bad input, exit 2)
    bool ended = false;        ///< every message processed or dead-lettered, or all cycles ran
    bool cancelled = false;    ///< stopped by the cancel flag
    qint64 bound = 0;          ///< ticks the real run could take at most
    qint64 predictedCycles = 0; ///< cycles the simulator took (or was given)
    qint64 simulatedMs = 0, realMs = 0;
    QJsonObject simulated;     ///< the simulator's run (summaryToJson), over as many cycles as ticks
    FreeRunningBridge::Figures real;
    QJsonObject realSummary;   ///< FreeRunningBridge::summary()
    /// [simulated, rabbitmq] pairs: cycles, produced, processed, discarded, queued, latencyP50,
    /// latencyP95, latencyMax, wallMs.
    QJsonObject comparison;
};

/// Runs @p scenario in the simulator (for @p cycles cycles, or to its end when @p cycles < 0),
/// then free-running on RabbitMQ at @p url (ticks of @p tickMs ms; as many as @p cycles, or until
/// every message is processed or dead-lettered, at most 10 times the simulator's cycles and at
/// least 1,000 more), then the simulator again over as many cycles as there were ticks. Blocks;
/// @p cancel (may be null) stops the real run between ticks. Call it from one thread (it builds
/// its own Simulation there).
FreeRunningComparison compareFreeRunning(const QString &url, const Scenario &scenario, qint64 cycles, int tickMs,
                                         const std::atomic_bool *cancel = nullptr);

} // namespace PriorityLab
