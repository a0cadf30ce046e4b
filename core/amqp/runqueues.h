#pragma once

#include "core/amqp/amqpclient.h"
#include "core/model/config.h"
#include "core/model/message.h"

#include <QByteArray>
#include <QList>

#include <memory>

namespace PriorityLab {

/// The RabbitMQ queues and exchange of one bridged run, in lockstep or free-running mode
/// (docs/design.md §11): `fifo` is one classic queue, `priority` one classic queue with
/// x-max-priority (broker.maxPriority, else 255), `topics` one classic queue per topic; rejected
/// messages go through a fanout dead-letter exchange into a dead-letter queue. Every name starts
/// with "prioritylab.<run id>." so that runs on one broker never collide.
struct RunQueues
{
    BrokerConfig broker;          ///< the run's (normalized) broker settings
    QByteArray run;               ///< the run id: time and 32 random bits, base 36
    QList<QByteArray> queues;     ///< the work queues: one, or one per topic in topic order
    QByteArray deadLetterExchange;
    QByteArray deadLetterQueue;
    int maxPriority = 0;          ///< x-max-priority of a priority queue, 0 otherwise

    /// Names for @p broker under a new run id (nothing is declared yet).
    static RunQueues forBroker(const BrokerConfig &broker);
    /// Connects to @p url, turns publisher confirms on (a depth read or basic.get after a
    /// publish then sees the message) and declares the queues of @p queues. Returns nullptr with
    /// @p error (the URL with its password hidden, and the fix) on failure, or when @p queues'
    /// broker uses a limit (maxLength, deliveryLimit, messageTtl) that @p mode ("lockstep",
    /// "free-running") does not mirror.
    static std::unique_ptr<AmqpClient> connectAndDeclare(const QString &url, const RunQueues &queues,
                                                         const QString &mode, QString *error);
    /// Declares the dead-letter queue and exchange, then the work queues. False on failure
    /// (client.error() says why).
    bool declare(AmqpClient &client) const;
    /// Deletes everything declare() made (errors are left in the client).
    void remove(AmqpClient &client) const;

    /// The work queue a message of @p priority goes to.
    QByteArray queueFor(int priority) const;
    /// The priority property for @p priority: clamped to 0..maxPriority in a priority queue, -1
    /// (none) otherwise. The exact value travels in the header x-pl-priority.
    int priorityFor(int priority) const;
    /// Publishes @p message to its queue: body = data (UTF-8), message-id = its id, the priority
    /// property, and the headers x-pl-priority, x-pl-ttl, x-pl-predicate-runs, x-pl-deliveries,
    /// x-pl-produced (cycle) and x-pl-original-priority.
    bool publish(AmqpClient &client, const Message &message) const;
    /// The message a consumer got: @p delivery's body, id and headers read back into a Message
    /// (what publish() wrote; deliveries as sent, not counting this one).
    static Message messageOf(const AmqpClient::Delivery &delivery);
    /// Messages ready in all work queues (not those handed out and unacknowledged), -1 on failure.
    qint64 depth(AmqpClient &client) const;
    /// Dead-lettering is asynchronous inside RabbitMQ: waits (at most 2 s) until the dead-letter
    /// queue holds @p expected messages. Returns what it holds then, -1 on failure.
    qint64 waitForDeadLetters(AmqpClient &client, qint64 expected) const;
};

} // namespace PriorityLab
