#include "core/amqp/lockstep.h"

#include "core/amqp/amqpclient.h"

namespace PriorityLab {

namespace {

QByteArray idOf(const Message &m)
{
    return QByteArray::number(m.id);
}

} // namespace

QString LockstepBridge::refusal(const QList<ConsumerConfig> &consumers)
{
    QStringList limits;
    for (qsizetype i = 0; i < consumers.size(); ++i)
        limits << consumers.at(i).limitsOn(i);
    if (limits.isEmpty())
        return {};
    return QStringLiteral("%1: held messages (prefetch, workPerCycle) are not mirrored on RabbitMQ in "
                          "lockstep, which acknowledges every batch within its cycle; remove them from "
                          "the scenario to run it with --amqp")
            .arg(limits.join(QStringLiteral(", ")));
}

std::unique_ptr<LockstepBridge> LockstepBridge::open(const QString &url, const BrokerConfig &broker, QString *error)
{
    std::unique_ptr<LockstepBridge> bridge(new LockstepBridge);
    bridge->m_names = RunQueues::forBroker(broker);
    // Publisher confirms: a message is in its queue before the next basic.get or depth read,
    // so the real broker sees the operations in the simulator's order.
    bridge->m_client = RunQueues::connectAndDeclare(url, bridge->m_names, QStringLiteral("lockstep"), error);
    if (!bridge->m_client)
        return nullptr;
    return bridge;
}

LockstepBridge::~LockstepBridge()
{
    cleanUp();
}

void LockstepBridge::cleanUp()
{
    if (m_finished || !m_client || m_client->isBroken())
        return;
    m_finished = true;
    m_names.remove(*m_client);
}

bool LockstepBridge::failed() const
{
    return m_client->isBroken();
}

QString LockstepBridge::error() const
{
    return m_client->error();
}

void LockstepBridge::diverged(const Event &event, const QString &what)
{
    if (m_figures.divergences++ == 0)
        m_figures.firstDivergence = QStringLiteral("cycle %1, consumer %2: %3")
                                        .arg(event.cycle).arg(event.consumer, what);
}

void LockstepBridge::onBatch(const QString &, qint64 size)
{
    // Fetched at the batch's first dispatched event, which names the queue (topics mode).
    m_pendingBatch = size;
}

void LockstepBridge::onEvent(const Event &event)
{
    if (failed())
        return;
    switch (event.type) {
    case Event::Type::Produced:
        if (m_names.publish(*m_client, event.message))
            ++m_figures.published;
        return;
    case Event::Type::Dispatched: {
        if (m_pendingBatch > 0) {
            // The whole batch leaves the real queue before any of its decisions, as in the
            // simulator (a copy sent back cannot come into the same batch).
            const QByteArray queue = m_names.queueFor(event.message.priority);
            for (qint64 i = 0; i < m_pendingBatch; ++i) {
                bool ok = false;
                const std::optional<AmqpClient::Delivery> d = m_client->get(queue, &ok);
                if (!ok)
                    return;
                if (!d)
                    break;   // the real queue ran dry: reported below as a divergence
                ++m_figures.gets;
                m_fetched.push_back(*d);
            }
            m_pendingBatch = 0;
        }
        m_current.reset();
        if (m_fetched.empty()) {
            diverged(event, QStringLiteral("the simulator handed out message %1 (\"%2\"), RabbitMQ's queue was empty")
                                .arg(event.message.id).arg(event.message.data.text()));
            return;
        }
        const AmqpClient::Delivery real = std::move(m_fetched.front());
        m_fetched.pop_front();
        m_current = real.tag;
        if (real.messageId != idOf(event.message) || real.body != event.message.data.text().toUtf8())
            diverged(event, QStringLiteral("RabbitMQ handed out message %1 (\"%2\"), the simulator message %3 (\"%4\")")
                                .arg(QString::fromLatin1(real.messageId), QString::fromUtf8(real.body))
                                .arg(event.message.id).arg(event.message.data.text()));
        return;
    }
    case Event::Type::Processed:
        if (m_current && m_client->ack(*m_current))
            ++m_figures.acked;
        m_current.reset();
        return;
    case Event::Type::Postponed:
    case Event::Type::Failed:
        // The consumer acts as a producer: the copy goes back first, then the original is
        // acknowledged, so a crash in between would duplicate rather than lose the message.
        if (m_names.publish(*m_client, event.returned()))
            ++m_figures.republished;
        if (m_current && m_client->ack(*m_current))
            ++m_figures.acked;
        m_current.reset();
        return;
    case Event::Type::Discarded:
        ++m_discarded[idOf(event.message)];
        if (m_current && m_client->reject(*m_current, false))
            ++m_figures.deadLettered;
        m_current.reset();
        return;
    case Event::Type::Rejected:
        return;  // never: open() refuses a broker with a length limit
    }
}

bool LockstepBridge::afterCycle(qint64 simulatorDepth)
{
    const qint64 depth = m_names.depth(*m_client);
    if (depth < 0)
        return false;
    m_figures.brokerDepth = depth;
    if (depth != simulatorDepth)
        ++m_figures.depthMismatches;
    return true;
}

bool LockstepBridge::finish()
{
    if (failed())
        return false;
    if (m_names.waitForDeadLetters(*m_client, m_figures.deadLettered) < 0)
        return false;
    QHash<QByteArray, int> expected = m_discarded;
    qint64 read = 0;
    bool match = true;
    for (;;) {
        bool ok = false;
        const std::optional<AmqpClient::Delivery> d = m_client->get(m_names.deadLetterQueue, &ok);
        if (!ok)
            return false;
        if (!d)
            break;
        ++read;
        m_client->ack(d->tag);
        auto it = expected.find(d->messageId);
        if (it == expected.end() || --it.value() < 0)
            match = false;
    }
    for (int left : std::as_const(expected))
        match = match && left == 0;
    m_figures.deadLetterQueue = read;
    m_figures.deadLettersMatch = match;
    cleanUp();
    return !failed();
}

QJsonObject LockstepBridge::summary() const
{
    const Figures &f = m_figures;
    QJsonObject o{{QStringLiteral("mode"), QStringLiteral("lockstep")},
                  {QStringLiteral("run"), runId()},
                  {QStringLiteral("published"), f.published},
                  {QStringLiteral("republished"), f.republished},
                  {QStringLiteral("gets"), f.gets},
                  {QStringLiteral("acked"), f.acked},
                  {QStringLiteral("deadLettered"), f.deadLettered},
                  {QStringLiteral("deadLetterQueue"), f.deadLetterQueue},
                  {QStringLiteral("deadLettersMatch"), f.deadLettersMatch},
                  {QStringLiteral("brokerDepth"), f.brokerDepth},
                  {QStringLiteral("depthMismatches"), f.depthMismatches},
                  {QStringLiteral("divergences"), f.divergences}};
    if (!f.firstDivergence.isEmpty())
        o.insert(QStringLiteral("firstDivergence"), f.firstDivergence);
    return o;
}

} // namespace PriorityLab
