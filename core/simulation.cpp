#include "simulation.h"

#include <QElapsedTimer>

namespace PriorityLab {

Simulation::Simulation(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<PriorityLab::CycleReport>();
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &Simulation::tick);
}

Simulation::~Simulation() = default;

QStringList Simulation::build(const Scenario &scenario)
{
    QStringList errors;
    std::vector<std::unique_ptr<Consumer>> consumers;
    for (qsizetype i = 0; i < scenario.consumers.size(); ++i) {
        const ConsumerConfig &c = scenario.consumers.at(i);
        std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(c.strategy.type);
        if (!strategy) {
            errors << QStringLiteral("consumers[%1].strategy.type: unknown strategy \"%2\"; use one of %3")
                              .arg(i).arg(c.strategy.type,
                                          StrategyRegistry::instance().types().join(QStringLiteral(", ")));
            continue;
        }
        for (auto it = c.strategy.parameters.cbegin(); it != c.strategy.parameters.cend(); ++it) {
            if (QString e = strategy->setParameter(it.key(), it.value()); !e.isEmpty())
                errors << QStringLiteral("consumers[%1].strategy.%2: %3").arg(i).arg(it.key(), e);
        }
        auto consumer = std::make_unique<Consumer>(c.name, std::move(strategy));
        consumer->online = c.online;
        consumer->failureRate = std::clamp(c.failureRate, 0.0, 1.0);
        consumers.push_back(std::move(consumer));
    }
    if (!errors.isEmpty())
        return errors;

    m_scenario = scenario;
    m_consumers = std::move(consumers);
    m_producers.clear();
    for (const ProducerConfig &p : scenario.producers)
        m_producers.emplace_back(p);
    m_broker = Broker(scenario.broker);
    m_metrics.clear();
    m_rng.seed(scenario.seed);
    m_cycle = 0;
    m_idleCycles = 0;
    m_finished = false;
    m_stopReason.clear();
    m_intervalMs = scenario.broker.cycleIntervalMs;
    m_timer.setInterval(m_intervalMs);
    return {};
}

QStringList Simulation::load(const Scenario &scenario)
{
    pause();
    const QStringList errors = build(scenario);
    if (errors.isEmpty())
        Q_EMIT scenarioLoaded();
    return errors;
}

void Simulation::reset()
{
    pause();
    const Scenario copy = m_scenario;
    build(copy);
    Q_EMIT scenarioLoaded();
}

Scenario Simulation::currentScenario() const
{
    Scenario s = m_scenario;
    s.broker = m_broker.config();
    s.broker.cycleIntervalMs = m_intervalMs;
    s.consumers.clear();
    for (const auto &c : m_consumers) {
        ConsumerConfig config;
        config.name = c->name;
        config.online = c->online;
        config.failureRate = c->failureRate;
        config.strategy.type = c->strategy->type();
        config.strategy.parameters = c->strategy->parameterValues();
        s.consumers << config;
    }
    s.producers.clear();
    for (const Producer &p : m_producers)
        s.producers << p.config();
    return s;
}

CycleReport Simulation::step()
{
    CycleReport report;
    if (m_finished)
        return report;
    report.cycle = m_cycle;

    // 1. Producers emit what is due in this cycle, in file order.
    m_produced.clear();
    for (Producer &p : m_producers)
        p.produce(m_cycle, m_rng, m_produced);
    for (Message &m : m_produced) {
        const quint64 id = m_broker.accept(std::move(m));
        if (m_recordEvents) {
            Event e;
            e.cycle = m_cycle;
            e.type = Event::Type::Produced;
            e.message = m_broker.at(m_broker.size() - 1);
            Q_ASSERT(e.message.id == id);
            report.events.append(std::move(e));
        }
    }
    report.counts.produced = qint64(m_produced.size());
    report.appended = report.counts.produced;

    // 2. The broker dispatches.
    m_broker.dispatch(m_consumers, m_cycle, m_rng, m_metrics, report, m_recordEvents);
    report.queueDepth = m_broker.size();

    // Setting warnings (e.g. a TTL range with nothing inside) are raised by the app from the
    // strategies' settingWarning(); runtime warnings come in the report.

    // 3. Idle stop: after maxIdleCycles consecutive idle cycles, unless a producer still has
    // messages to send later.
    m_idleCycles = report.idle ? m_idleCycles + 1 : 0;
    const int maxIdle = m_broker.config().maxIdleCycles;
    if (maxIdle > 0 && m_idleCycles >= maxIdle) {
        bool more = false;
        for (const Producer &p : m_producers)
            more = more || p.hasMoreAfter(m_cycle);
        if (!more) {
            m_finished = true;
            m_stopReason = m_broker.size() == 0
                    ? QStringLiteral("idle: queue empty for %1 cycles").arg(maxIdle)
                    : QStringLiteral("idle: no consumer online for %1 cycles").arg(maxIdle);
            report.finished = true;
            report.stopReason = m_stopReason;
        }
    }

    m_metrics.recordCycle(report);
    ++m_cycle;
    Q_ASSERT(conservationHolds());
    Q_EMIT cycleCompleted(report);
    if (m_finished) {
        pause();
        Q_EMIT finished(m_stopReason);
    }
    return report;
}

qint64 Simulation::runCycles(qint64 maxCycles)
{
    qint64 n = 0;
    while (!m_finished && (maxCycles < 0 || n < maxCycles)) {
        step();
        ++n;
    }
    return n;
}

void Simulation::run()
{
    if (m_finished || m_timer.isActive())
        return;
    m_timer.start(m_intervalMs);
    Q_EMIT runningChanged(true);
}

void Simulation::pause()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    Q_EMIT runningChanged(false);
}

void Simulation::setIntervalMs(int ms)
{
    m_intervalMs = std::max(0, ms);
    m_timer.setInterval(m_intervalMs);
}

void Simulation::tick()
{
    if (m_intervalMs > 0) {
        step();
        return;
    }
    QElapsedTimer clock;
    clock.start();
    do {
        step();
    } while (!m_finished && clock.elapsed() < 10);
}

bool Simulation::conservationHolds() const
{
    const Counts &t = m_metrics.totals();
    // Totals are recorded at the end of each cycle, so this holds between cycles.
    return t.produced == t.processed + t.discarded + m_broker.size() + held();
}

void Simulation::setConsumerOnline(int index, bool online)
{
    m_consumers.at(size_t(index))->online = online;
    Q_EMIT setupChanged();
}

void Simulation::setConsumerFailureRate(int index, double rate)
{
    m_consumers.at(size_t(index))->failureRate = std::clamp(rate, 0.0, 1.0);
    Q_EMIT setupChanged();
}

QString Simulation::setConsumerStrategyType(int index, const QString &type)
{
    std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(type);
    if (!strategy)
        return QStringLiteral("unknown strategy \"%1\"; use one of %2")
                .arg(type, StrategyRegistry::instance().types().join(QStringLiteral(", ")));
    m_consumers.at(size_t(index))->strategy = std::move(strategy);
    Q_EMIT setupChanged();
    return {};
}

QString Simulation::setConsumerParameter(int index, const QString &name, const QVariant &value)
{
    QString error = m_consumers.at(size_t(index))->strategy->setParameter(name, value);
    if (error.isEmpty())
        Q_EMIT setupChanged();
    return error;
}

QString Simulation::addConsumer(const ConsumerConfig &config)
{
    if (config.name.trimmed().isEmpty())
        return QStringLiteral("consumer name is empty: give it a name");
    for (const auto &c : m_consumers) {
        if (c->name == config.name)
            return QStringLiteral("consumer name \"%1\" is taken: choose another").arg(config.name);
    }
    std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(config.strategy.type);
    if (!strategy)
        return QStringLiteral("unknown strategy \"%1\"").arg(config.strategy.type);
    for (auto it = config.strategy.parameters.cbegin(); it != config.strategy.parameters.cend(); ++it) {
        if (QString e = strategy->setParameter(it.key(), it.value()); !e.isEmpty())
            return it.key() + QStringLiteral(": ") + e;
    }
    auto consumer = std::make_unique<Consumer>(config.name, std::move(strategy));
    consumer->online = config.online;
    consumer->failureRate = std::clamp(config.failureRate, 0.0, 1.0);
    m_consumers.push_back(std::move(consumer));
    Q_EMIT setupChanged();
    return {};
}

void Simulation::removeConsumer(int index)
{
    if (index < 0 || index >= int(m_consumers.size()))
        return;
    m_consumers.erase(m_consumers.begin() + index);
    m_broker.consumerRemoved(index);
    Q_EMIT setupChanged();
}

void Simulation::setBrokerConfig(const BrokerConfig &config)
{
    m_broker.config() = config;
    setIntervalMs(config.cycleIntervalMs);
    Q_EMIT setupChanged();
}

void Simulation::setProducerPaused(int index, bool paused)
{
    m_producers.at(size_t(index)).paused = paused;
    Q_EMIT setupChanged();
}

} // namespace PriorityLab
