#include "core/amqp/lockstepworker.h"

#include "core/engine/simulation.h"

#include <QMetaObject>

namespace PriorityLab {

namespace {

// What the real queues are declared from: a change of it makes the mirror's queues wrong.
QString queueShape(const BrokerConfig &config)
{
    QString shape = BrokerConfig::modeName(config.mode) + u'/' + QString::number(config.maxPriority.value_or(-1));
    for (const TopicConfig &t : config.topics)
        shape += u'/' + t.name + u':' + QString::number(t.minPriority) + u'-' + QString::number(t.maxPriority);
    return shape;
}

} // namespace

/// The bridge and everything it touches, used only on the worker's thread.
class LockstepWorker::Mirror : public QObject
{
public:
    std::unique_ptr<LockstepBridge> bridge;
};

LockstepWorker::LockstepWorker(Simulation *simulation, QObject *parent)
    : QObject(parent), m_simulation(simulation)
{
    m_thread.setObjectName(QStringLiteral("RabbitMQ mirror"));
    m_mirror = new Mirror;
    m_mirror->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_mirror, &QObject::deleteLater);
    m_thread.start();
}

LockstepWorker::~LockstepWorker()
{
    blockSignals(true);  // nobody listens any more
    disconnectFromBroker();
    m_thread.quit();
    m_thread.wait();
}

void LockstepWorker::connectTo(const QString &url)
{
    disconnectFromBroker();
    const quint64 generation = ++m_generation;
    m_status = Status();
    m_status.state = State::Connecting;
    m_status.url = AmqpClient::redactedUrl(url);
    m_handedOver = 0;
    const BrokerConfig config = m_simulation->broker().config();
    m_shape = queueShape(config);
    if (const QString refused = LockstepBridge::refusal(m_simulation->currentScenario().consumers); !refused.isEmpty()) {
        fail(refused);
        return;
    }
    QMetaObject::invokeMethod(m_mirror, [this, mirror = m_mirror, url, config, generation] {
        QString error;
        mirror->bridge = LockstepBridge::open(url, config, &error);
        const bool ok = mirror->bridge != nullptr;
        QMetaObject::invokeMethod(this, [this, ok, error, generation] {
            if (generation != m_generation || m_status.state != State::Connecting)
                return;
            if (!ok) {
                fail(error);
                return;
            }
            m_status.state = State::Mirroring;
            attach();
            Q_EMIT statusChanged();
        });
    });
    Q_EMIT statusChanged();
}

void LockstepWorker::disconnectFromBroker()
{
    detach();
    // Waits for the queued cycles and the clean-up: the bridge deletes the run's queues.
    endMirroredRun(Qt::BlockingQueuedConnection);
    if (m_status.state != State::Off && m_status.state != State::Failed) {
        m_status.state = State::Off;
        Q_EMIT statusChanged();
    }
    ++m_generation;
}

void LockstepWorker::endMirroredRun(Qt::ConnectionType type)
{
    // On the mirror's thread, after the cycles queued before: a working bridge reads the
    // dead-letter queue back and deletes the run's queues; a failed one is only dropped.
    QMetaObject::invokeMethod(
            m_mirror,
            [mirror = m_mirror] {
                if (mirror->bridge && !mirror->bridge->failed())
                    mirror->bridge->finish();
                mirror->bridge.reset();
            },
            type);
}

void LockstepWorker::attach()
{
    m_simulation->setBatchSink([this](const QString &consumer, qint64 size) {
        m_cycle.push_back(Operation{consumer, size, Event()});
    });
    m_simulation->setEventSink([this](const Event &event) { m_cycle.push_back(Operation{QString(), 0, event}); });
    connect(m_simulation, &Simulation::cycleCompleted, this, &LockstepWorker::onCycleEnded, Qt::UniqueConnection);
    connect(m_simulation, &Simulation::scenarioLoaded, this,
            [this] { setupEnded(tr("a scenario was loaded or reset")); });
    connect(m_simulation, &Simulation::setupChanged, this, [this] {
        if (queueShape(m_simulation->broker().config()) != m_shape)
            setupEnded(tr("the broker's mode or topics changed"));
    });
}

void LockstepWorker::detach()
{
    m_cycle.clear();
    if (!m_simulation)
        return;
    m_simulation->setBatchSink({});
    m_simulation->setEventSink({});
    disconnect(m_simulation, nullptr, this, nullptr);
}

void LockstepWorker::onCycleEnded()
{
    if (m_status.state != State::Mirroring)
        return;
    if (m_handedOver - m_status.cyclesMirrored >= maxBacklog()) {
        fail(tr("RabbitMQ fell %1 cycles behind the simulation (%2 cycles mirrored so far): slow the "
                "simulation down (Simulation > Slower) and connect again")
                     .arg(maxBacklog())
                     .arg(m_status.cyclesMirrored));
        return;
    }
    auto cycle = std::make_shared<Cycle>(std::move(m_cycle));
    m_cycle = Cycle();
    ++m_handedOver;
    m_status.cyclesBehind = m_handedOver - m_status.cyclesMirrored;
    const qint64 depth = qint64(m_simulation->broker().size());
    const quint64 generation = m_generation;
    QMetaObject::invokeMethod(m_mirror, [this, mirror = m_mirror, cycle, depth, generation] {
        LockstepBridge *bridge = mirror->bridge.get();
        if (!bridge || bridge->failed())
            return;
        for (const Operation &op : *cycle) {
            if (op.consumer.isEmpty())
                bridge->onEvent(op.event);
            else
                bridge->onBatch(op.consumer, op.size);
        }
        const bool ok = !bridge->failed() && bridge->afterCycle(depth);
        const LockstepBridge::Figures figures = bridge->figures();
        const QString error = bridge->error();
        QMetaObject::invokeMethod(this, [this, ok, figures, error, generation] {
            if (generation != m_generation || m_status.state != State::Mirroring)
                return;
            m_status.figures = figures;
            ++m_status.cyclesMirrored;
            m_status.cyclesBehind = m_handedOver - m_status.cyclesMirrored;
            if (!ok) {
                fail(error);
                return;
            }
            Q_EMIT statusChanged();
        });
    });
}

void LockstepWorker::fail(const QString &error)
{
    detach();
    ++m_generation;
    m_status.state = State::Failed;
    m_status.error = error;
    // Drops the broken bridge (nothing to clean up on a lost connection; a stale mirror deletes
    // its queues), without waiting.
    endMirroredRun(Qt::QueuedConnection);
    Q_EMIT statusChanged();
}

void LockstepWorker::setupEnded(const QString &why)
{
    fail(tr("The mirrored run ended because %1: connect again to mirror the new setup.").arg(why));
}

} // namespace PriorityLab
