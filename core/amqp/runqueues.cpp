#include "core/amqp/runqueues.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QThread>

#include <algorithm>

namespace PriorityLab {

RunQueues RunQueues::forBroker(const BrokerConfig &broker)
{
    RunQueues q;
    q.broker = broker;
    q.run = QByteArray::number(QDateTime::currentMSecsSinceEpoch(), 36) + '-'
        + QByteArray::number(QRandomGenerator::global()->generate(), 36);
    const QByteArray prefix = "prioritylab." + q.run + '.';
    q.deadLetterExchange = prefix + "dlx";
    q.deadLetterQueue = prefix + "dead-letters";
    switch (broker.mode) {
    case BrokerConfig::Mode::Fifo:
        q.queues << prefix + "queue";
        break;
    case BrokerConfig::Mode::Priority:
        q.queues << prefix + "queue";
        q.maxPriority = std::clamp(broker.maxPriority.value_or(255), 1, 255);
        break;
    case BrokerConfig::Mode::Topics:
        for (const TopicConfig &t : broker.topics)
            q.queues << prefix + "topic." + t.name.toUtf8();
        break;
    }
    return q;
}

std::unique_ptr<AmqpClient> RunQueues::connectAndDeclare(const QString &url, const RunQueues &queues,
                                                         const QString &mode, QString *error)
{
    if (const QStringList limits = queues.broker.limitsOn(); !limits.isEmpty()) {
        *error = QStringLiteral("%1: the broker's limits are not mirrored on RabbitMQ in %2 mode; "
                                "remove them from the scenario to run it with --amqp")
                         .arg(limits.join(QStringLiteral(", ")), mode);
        return nullptr;
    }
    std::unique_ptr<AmqpClient> client = AmqpClient::connect(url, error);
    if (!client)
        return nullptr;
    if (!client->enableConfirms() || !queues.declare(*client)) {
        *error = QStringLiteral("%1: %2").arg(AmqpClient::redactedUrl(url), client->error());
        return nullptr;
    }
    return client;
}

bool RunQueues::declare(AmqpClient &client) const
{
    bool ok = client.declareQueue(deadLetterQueue) && client.declareFanoutTo(deadLetterExchange, deadLetterQueue);
    for (const QByteArray &q : queues)
        ok = ok && client.declareQueue(q, maxPriority, deadLetterExchange);
    return ok;
}

void RunQueues::remove(AmqpClient &client) const
{
    for (const QByteArray &q : queues)
        client.deleteQueue(q);
    client.deleteQueue(deadLetterQueue);
    client.deleteExchange(deadLetterExchange);
}

QByteArray RunQueues::queueFor(int priority) const
{
    if (broker.mode == BrokerConfig::Mode::Topics)
        return queues.value(broker.topicFor(priority));
    return queues.first();
}

int RunQueues::priorityFor(int priority) const
{
    return maxPriority > 0 ? std::clamp(priority, 0, maxPriority) : -1;
}

bool RunQueues::publish(AmqpClient &client, const Message &m) const
{
    return client.publish(queueFor(m.priority), m.data.text().toUtf8(), priorityFor(m.priority), QByteArray::number(m.id),
                          {{"x-pl-priority", m.priority},
                           {"x-pl-ttl", m.ttl},
                           {"x-pl-predicate-runs", m.predicateRuns},
                           {"x-pl-deliveries", m.deliveries},
                           {"x-pl-produced", m.producedCycle},
                           {"x-pl-original-priority", m.originalPriority}});
}

Message RunQueues::messageOf(const AmqpClient::Delivery &d)
{
    const auto narrow = [](qint64 v) { return int(std::clamp<qint64>(v, INT_MIN, INT_MAX)); };
    Message m;
    m.id = d.messageId.toULongLong();
    m.data = QString::fromUtf8(d.body);
    m.priority = narrow(d.header("x-pl-priority", d.priority < 0 ? m.priority : d.priority));
    m.ttl = narrow(d.header("x-pl-ttl", m.ttl));
    m.predicateRuns = narrow(d.header("x-pl-predicate-runs", 0));
    m.deliveries = narrow(d.header("x-pl-deliveries", 0));
    m.producedCycle = d.header("x-pl-produced", 0);
    m.originalPriority = narrow(d.header("x-pl-original-priority", m.priority));
    m.requeued = m.deliveries > 0;
    return m;
}

qint64 RunQueues::depth(AmqpClient &client) const
{
    qint64 total = 0;
    for (const QByteArray &q : queues) {
        const qint64 d = client.depth(q);
        if (d < 0)
            return -1;
        total += d;
    }
    return total;
}

qint64 RunQueues::waitForDeadLetters(AmqpClient &client, qint64 expected) const
{
    qint64 arrived = 0;
    for (int attempt = 0; attempt < 200; ++attempt) {
        arrived = client.depth(deadLetterQueue);
        if (arrived < 0 || arrived >= expected)
            break;
        QThread::msleep(10);
    }
    return arrived;
}

} // namespace PriorityLab
