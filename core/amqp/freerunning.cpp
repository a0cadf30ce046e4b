#include "core/amqp/freerunning.h"

#include "core/analysis/alarms.h"
#include "core/analysis/eventjson.h"
#include "core/engine/broker.h"
#include "core/engine/metrics.h"
#include "core/engine/simulation.h"

#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>

namespace PriorityLab {

namespace {
// The first channel of a consumer on the receiving connection (channel 1 stays unused there).
constexpr int FirstConsumerChannel = 2;
} // namespace

std::unique_ptr<FreeRunningBridge> FreeRunningBridge::open(const QString &url, const Scenario &scenario,
                                                           const BrokerConfig &broker, QString *error, int tickMs)
{
    std::unique_ptr<FreeRunningBridge> bridge(new FreeRunningBridge);
    bridge->m_tickMs = std::max(1, tickMs);
    bridge->m_names = RunQueues::forBroker(broker);
    bridge->m_publisher = RunQueues::connectAndDeclare(url, bridge->m_names, QStringLiteral("free-running"), error);
    if (!bridge->m_publisher)
        return nullptr;
    AmqpClient &pub = *bridge->m_publisher;
    bridge->m_receiver = AmqpClient::connect(url, error);
    if (!bridge->m_receiver) {
        bridge->m_names.remove(pub);
        return nullptr;
    }
    AmqpClient &rec = *bridge->m_receiver;
    for (qsizetype i = 0; i < scenario.producers.size(); ++i)
        bridge->m_producers.emplace_back(scenario.producers.at(i), producerSeed(scenario.seed, i));
    bridge->m_rng.seed(splitMix64(scenario.seed));
    for (const ConsumerConfig &c : scenario.consumers) {
        if (!c.online)
            continue;
        Subscriber s;
        s.channel = FirstConsumerChannel + int(bridge->m_subscribers.size());
        QStringList problems;
        s.strategy = StrategyRegistry::instance().create(c.strategy, &problems);
        if (!s.strategy) {
            *error = QStringLiteral("consumer %1: strategy %2").arg(c.name, problems.join(QStringLiteral("; ")));
            bridge->m_names.remove(pub);
            return nullptr;
        }
        s.failureRate = std::clamp(c.failureRate, 0.0, 1.0);
        s.perTick = c.capacity > 0 ? qint64(c.capacity) * broker.batchSize : -1;
        if (c.workPerCycle)   // the consumer's own pace (docs/scenario-format.md "prefetch")
            s.perTick = s.perTick < 0 ? *c.workPerCycle : std::min(s.perTick, qint64(*c.workPerCycle));
        ConsumerFigures f;
        f.name = c.name;
        f.prefetch = std::clamp(c.prefetch.value_or(broker.batchSize), 1, 65535);
        bool ok = rec.openChannel(s.channel) && rec.setPrefetch(s.channel, f.prefetch);
        for (qsizetype t = 0; ok && t < bridge->m_names.queues.size(); ++t) {
            if (broker.mode == BrokerConfig::Mode::Topics && !c.topics.isEmpty()
                && !c.topics.contains(broker.topics.at(t).name))
                continue;
            const QByteArray tag = rec.consume(s.channel, bridge->m_names.queues.at(t));
            ok = !tag.isEmpty();
            s.tags << tag;
        }
        if (!ok) {
            *error = QStringLiteral("%1: consumer %2: %3").arg(AmqpClient::redactedUrl(url), c.name, rec.error());
            bridge->m_names.remove(pub);
            return nullptr;
        }
        bridge->m_figures.consumers << f;
        bridge->m_subscribers.push_back(std::move(s));
    }
    return bridge;
}

FreeRunningBridge::~FreeRunningBridge()
{
    if (!m_finished && m_publisher && !m_publisher->isBroken()) {
        m_receiver.reset();
        m_names.remove(*m_publisher);
    }
}

bool FreeRunningBridge::failed() const
{
    return m_publisher->isBroken() || (m_receiver && m_receiver->isBroken());
}

QString FreeRunningBridge::error() const
{
    return m_publisher->isBroken() ? m_publisher->error() : (m_receiver ? m_receiver->error() : QString());
}

bool FreeRunningBridge::tick()
{
    if (failed())
        return false;
    const qint64 cycle = m_cycle;
    for (Producer &p : m_producers) {
        p.produce(cycle, [&](Message &&m) {
            m.id = ++m_nextId;
            if (m_names.publish(*m_publisher, m))
                ++m_figures.published;
        });
    }
    // The simulator's service capacity per cycle holds per tick: a paced broker hands out at most
    // batchesPerCycle batches a cycle (all consumers together), a consumer with a capacity takes
    // at most that many batches. So backlog and latency compare. What RabbitMQ pushed beyond
    // that waits, unacknowledged (in flight), for the next tick, oldest first.
    const BrokerConfig &b = m_names.broker;
    const qint64 budget = b.batchesPerCycle > 0 ? qint64(b.batchesPerCycle) * b.batchSize : -1;
    qint64 handled = 0;
    for (size_t i = 0; i < m_subscribers.size(); ++i) {
        Subscriber &s = m_subscribers[i];
        s.handledThisTick = 0;
        while (!s.waiting.empty() && s.hasRoom() && handled != budget) {
            const AmqpClient::Delivery d = std::move(s.waiting.front());
            s.waiting.pop_front();
            if (!handle(i, d))
                return false;
            ++handled;
        }
    }
    const auto anyoneHasRoom = [this] {
        return std::any_of(m_subscribers.cbegin(), m_subscribers.cend(), [](const Subscriber &s) { return s.hasRoom(); });
    };
    QElapsedTimer clock;
    clock.start();
    for (qint64 left = m_tickMs; left > 0 && handled != budget && anyoneHasRoom() && !failed();
         left = m_tickMs - clock.elapsed()) {
        bool ok = false;
        std::optional<AmqpClient::Delivery> d = m_receiver->nextDelivery(int(left), &ok);
        if (!ok)
            return false;
        if (!d)
            break;
        const qsizetype index = d->channel - FirstConsumerChannel;
        if (index < 0 || index >= qsizetype(m_subscribers.size()))
            continue;   // not one of ours: cannot happen on this connection
        Subscriber &s = m_subscribers[size_t(index)];
        if (!s.hasRoom()) {
            s.waiting.push_back(std::move(*d));
            continue;
        }
        if (!handle(size_t(index), *d))
            return false;
        ++handled;
    }
    const qint64 depth = m_names.depth(*m_publisher);
    if (depth < 0)
        return false;
    m_figures.depth << depth;
    m_figures.ticks = ++m_cycle;
    return true;
}

bool FreeRunningBridge::handle(size_t index, const AmqpClient::Delivery &delivery)
{
    Subscriber &s = m_subscribers[index];
    ++s.handledThisTick;
    ConsumerFigures &f = m_figures.consumers[qsizetype(index)];
    ++f.deliveries;
    f.redelivered += delivery.redelivered ? 1 : 0;
    Message m = RunQueues::messageOf(delivery);
    ++m.deliveries;
    const StrategyContext context{m_cycle, m_figures.depth.isEmpty() ? 0 : m_figures.depth.constLast(),
                                  int(m_subscribers.size())};
    QString reason;
    switch (s.strategy->decide(m, context, &reason)) {
    case Decision::Process:
        if (Broker::processingFails(m_rng, s.failureRate)) {
            s.strategy->onFailure(m);
            ++f.failed;
            break;   // sent back below, as a postponed copy is
        }
        if (!m_receiver->ack(delivery.tag, delivery.channel))
            return false;
        ++f.processed;
        ++m_figures.processed;
        ++m_latency[m_cycle - m.producedCycle];
        return true;
    case Decision::Postpone:
        ++f.postponed;
        break;
    case Decision::Discard:
        if (!m_receiver->reject(delivery.tag, false, delivery.channel))
            return false;
        ++f.discarded;
        ++m_figures.deadLettered;
        return true;
    }
    // The consumer acts as a producer: the copy goes back first, then the original is
    // acknowledged, so a crash in between would duplicate rather than lose the message.
    m.requeued = true;
    if (!m_names.publish(*m_publisher, m) || !m_receiver->ack(delivery.tag, delivery.channel))
        return false;
    ++m_figures.republished;
    return true;
}

bool FreeRunningBridge::isDone() const
{
    for (const Producer &p : m_producers) {
        if (p.hasMoreAfter(m_cycle - 1))
            return false;
    }
    return m_figures.published == m_figures.processed + m_figures.deadLettered;
}

bool FreeRunningBridge::finish()
{
    if (failed())
        return false;
    m_finished = true;
    // Stop the pushes; what RabbitMQ sent before each cancel-ok still comes out of
    // nextDelivery() and is counted as in flight, not decided on.
    for (const Subscriber &s : m_subscribers) {
        for (const QByteArray &tag : s.tags) {
            if (!m_receiver->cancel(s.channel, tag))
                return false;
        }
    }
    qint64 inFlight = 0;
    for (const Subscriber &s : m_subscribers)
        inFlight += qint64(s.waiting.size());
    for (;;) {
        bool ok = false;
        const std::optional<AmqpClient::Delivery> d = m_receiver->nextDelivery(50, &ok);
        if (!ok)
            return false;
        if (!d)
            break;
        ++inFlight;
    }
    m_figures.inFlight = inFlight;
    m_figures.leftInQueue = m_names.depth(*m_publisher);
    m_figures.deadLetterQueue = m_names.waitForDeadLetters(*m_publisher, m_figures.deadLettered);
    if (m_figures.leftInQueue < 0 || m_figures.deadLetterQueue < 0)
        return false;
    m_figures.conserved = m_figures.published
        == m_figures.processed + m_figures.deadLettered + m_figures.leftInQueue + m_figures.inFlight;
    // Every processed message has its latency in the histogram.
    m_figures.latencyP50 = percentile(m_latency, m_figures.processed, 50);
    m_figures.latencyP95 = percentile(m_latency, m_figures.processed, 95);
    m_figures.latencyMax = m_latency.empty() ? -1 : m_latency.rbegin()->first;
    m_receiver.reset();   // closing the connection returns unacknowledged messages to their queue
    m_names.remove(*m_publisher);
    return !m_publisher->isBroken();
}

QJsonObject FreeRunningBridge::summary() const
{
    const Figures &f = m_figures;
    QJsonArray consumers;
    for (const ConsumerFigures &c : f.consumers)
        consumers.append(QJsonObject{{QStringLiteral("name"), c.name},
                                     {QStringLiteral("prefetch"), c.prefetch},
                                     {QStringLiteral("deliveries"), c.deliveries},
                                     {QStringLiteral("redelivered"), c.redelivered},
                                     {QStringLiteral("processed"), c.processed},
                                     {QStringLiteral("postponed"), c.postponed},
                                     {QStringLiteral("failed"), c.failed},
                                     {QStringLiteral("discarded"), c.discarded}});
    QJsonArray depth;
    for (qint64 d : f.depth)
        depth.append(d);
    return QJsonObject{{QStringLiteral("mode"), QStringLiteral("free-running")},
                       {QStringLiteral("run"), runId()},
                       {QStringLiteral("tickMs"), m_tickMs},
                       {QStringLiteral("ticks"), f.ticks},
                       {QStringLiteral("published"), f.published},
                       {QStringLiteral("republished"), f.republished},
                       {QStringLiteral("processed"), f.processed},
                       {QStringLiteral("deadLettered"), f.deadLettered},
                       {QStringLiteral("leftInQueue"), f.leftInQueue},
                       {QStringLiteral("inFlight"), f.inFlight},
                       {QStringLiteral("deadLetterQueue"), f.deadLetterQueue},
                       {QStringLiteral("conserved"), f.conserved},
                       {QStringLiteral("latency"), QJsonObject{{QStringLiteral("p50"), f.latencyP50},
                                                               {QStringLiteral("p95"), f.latencyP95},
                                                               {QStringLiteral("max"), f.latencyMax}}},
                       {QStringLiteral("consumers"), consumers},
                       {QStringLiteral("depth"), depth}};
}

FreeRunningComparison compareFreeRunning(const QString &url, const Scenario &scenario, qint64 cycles, int tickMs,
                                         const std::atomic_bool *cancel)
{
    FreeRunningComparison r;
    Simulation sim;
    if (const QStringList problems = sim.load(scenario); !problems.isEmpty()) {
        r.error = problems.join(QLatin1Char('\n'));
        r.couldNotStart = true;
        return r;
    }
    AlarmWatch alarms(sim);  // the simulated run's alarms, as prioritylab-sim's summary has them
    // The prediction first: how long the simulator takes bounds the real run.
    QElapsedTimer clock;
    clock.start();
    while (!sim.isFinished() && (cycles < 0 || r.predictedCycles < cycles)) {
        sim.step();
        ++r.predictedCycles;
    }
    r.simulatedMs = clock.elapsed();
    r.bound = cycles >= 0 ? cycles : std::max(r.predictedCycles * 10, r.predictedCycles + 1000);

    std::unique_ptr<FreeRunningBridge> real = FreeRunningBridge::open(url, scenario, sim.broker().config(), &r.error, tickMs);
    if (!real) {
        r.couldNotStart = true;
        return r;
    }
    clock.restart();
    while (real->figures().ticks < r.bound && (cycles >= 0 || !real->isDone())) {
        if (cancel && cancel->load()) {
            r.cancelled = true;
            break;
        }
        if (!real->tick()) {
            r.error = QStringLiteral("stopped after tick %1: %2").arg(real->figures().ticks).arg(real->error());
            r.real = real->figures();
            return r;
        }
    }
    r.ended = !r.cancelled && (cycles >= 0 || real->isDone());
    if (!real->finish()) {
        r.error = QStringLiteral("at the end of the run: %1").arg(real->error());
        r.real = real->figures();
        return r;
    }
    r.realMs = clock.elapsed();
    // The simulator over as many cycles as the real run had ticks (it may have ended sooner).
    for (qint64 c = sim.cycle(); c < real->figures().ticks && !sim.isFinished(); ++c)
        sim.step();

    const FreeRunningBridge::Figures &f = real->figures();
    const Counts &t = sim.metrics().totals();
    const LatencyStats simulated = sim.metrics().latency(INT_MIN, INT_MAX);
    const auto pair = [](qint64 a, qint64 b) { return QJsonArray{a, b}; };
    r.real = f;
    r.realSummary = real->summary();
    r.simulated = summaryToJson(sim, r.simulatedMs, &alarms);
    r.comparison = QJsonObject{
            {QStringLiteral("columns"), QJsonArray{QStringLiteral("simulated"), QStringLiteral("rabbitmq")}},
            {QStringLiteral("cycles"), pair(sim.cycle(), f.ticks)},
            {QStringLiteral("produced"), pair(t.produced, f.published)},
            {QStringLiteral("processed"), pair(t.processed, f.processed)},
            {QStringLiteral("discarded"), pair(t.discarded, f.deadLettered)},
            {QStringLiteral("queued"), pair(qint64(sim.broker().size()), f.leftInQueue + f.inFlight)},
            {QStringLiteral("latencyP50"), pair(simulated.p50, f.latencyP50)},
            {QStringLiteral("latencyP95"), pair(simulated.p95, f.latencyP95)},
            {QStringLiteral("latencyMax"), pair(simulated.max, f.latencyMax)},
            {QStringLiteral("wallMs"), pair(r.simulatedMs, r.realMs)}};
    return r;
}

} // namespace PriorityLab
