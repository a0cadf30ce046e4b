#include "core/engine/simulation.h"

#include "core/model/wordhash.h"

#include <QElapsedTimer>

#include <cstring>
#include <QJsonArray>
#include <QJsonDocument>

namespace PriorityLab {

namespace {

/// Gives @p consumer the settings of @p c other than its strategy (kept, with its counters).
void configure(Consumer &consumer, const ConsumerConfig &c)
{
    // Over the name table's characters: every event copies the name (Name::rawText()).
    consumer.name = Name(c.name).rawText();
    consumer.online = c.online;
    consumer.failureRate = std::clamp(c.failureRate, 0.0, 1.0);
    consumer.capacity = std::max(0, c.capacity);
    consumer.topics = c.topics;
    consumer.prefetch = c.prefetch;
    consumer.workPerCycle = c.workPerCycle;
    consumer.deadLetters = c.deadLetters;
}

std::unique_ptr<Consumer> makeConsumer(const ConsumerConfig &c, std::unique_ptr<Strategy> strategy)
{
    auto consumer = std::make_unique<Consumer>(c.name, std::move(strategy));
    configure(*consumer, c);
    return consumer;
}
} // namespace

Simulation::Simulation(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<PriorityLab::CycleReport>();
    qRegisterMetaType<PriorityLab::SettingChange>();
    qRegisterMetaType<PriorityLab::SettingPath>();
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
        QStringList problems;
        std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(c.strategy, &problems);
        for (const QString &problem : std::as_const(problems))
            errors << QStringLiteral("consumers[%1].strategy.").arg(i) + problem;
        if (problems.isEmpty())
            consumers.push_back(makeConsumer(c, std::move(strategy)));
    }
    if (!errors.isEmpty())
        return errors;

    m_scenario = scenario;
    m_consumers = std::move(consumers);
    // Independent random streams: one per producer (so the produced workload is the same whatever
    // the consumers do: compare runs rely on it) and one for processing failures.
    m_producers.clear();
    for (qsizetype i = 0; i < scenario.producers.size(); ++i)
        m_producers.emplace_back(scenario.producers.at(i), producerSeed(scenario.seed, i));
    m_broker = Broker(scenario.broker);
    m_metrics.clear();
    m_rng.seed(splitMix64(scenario.seed));
    m_timeline = scenario.timeline;
    std::stable_sort(m_timeline.begin(), m_timeline.end(),
                     [](const TimelineChange &a, const TimelineChange &b) { return a.atCycle < b.atCycle; });
    m_nextChange = 0;
    m_manual.clear();
    m_manualRejected = 0;
    m_removedStats = {};
    m_workloadHash = WordHash::Basis;
    m_cycle = 0;
    m_idleCycles = 0;
    m_stuckCycles = 0;
    m_finished = false;
    m_stopReason.clear();
    ++m_setupRevision;
    m_intervalMs = std::max(0, scenario.broker.cycleIntervalMs);
    m_timer.setInterval(m_intervalMs);
    return {};
}

QStringList Simulation::load(const Scenario &scenario)
{
    // build() changes nothing when it finds a problem, so a refused scenario leaves the run as
    // it was, running or not.
    const QStringList errors = build(scenario);
    if (!errors.isEmpty())
        return errors;
    pause();
    Q_EMIT scenarioLoaded();
    return errors;
}

void Simulation::reset()
{
    pause();
    // The speed is how fast the run is watched, not part of the run: the one chosen stays.
    const int interval = m_intervalMs;
    const Scenario copy = m_scenario;
    build(copy);
    m_intervalMs = interval;
    m_timer.setInterval(m_intervalMs);
    Q_EMIT scenarioLoaded();
}

Scenario Simulation::currentScenario() const
{
    Scenario s = m_scenario;
    s.broker = m_broker.config();
    s.broker.cycleIntervalMs = m_intervalMs;
    s.consumers.clear();
    for (const auto &c : m_consumers)
        s.consumers << c->config();
    s.producers.clear();
    for (const Producer &p : m_producers)
        s.producers << p.config();
    return s;
}

void Simulation::recycleEvents(QList<Event> &&events)
{
    QList<Event> list = std::move(events);
    // Another holder (the journal's thread, a view) frees it when done with it.
    if (!list.isDetached() || list.capacity() <= m_spareEvents.capacity())
        return;
    list.clear();  // a list held by nobody else keeps its memory
    m_spareEvents = std::move(list);
}

CycleReport Simulation::step()
{
    CycleReport report;
    if (m_finished)
        return report;
    report.cycle = m_cycle;

    // 0. Timeline changes due in this cycle (validated at load time).
    while (m_nextChange < m_timeline.size() && m_timeline.at(m_nextChange).atCycle <= m_cycle) {
        const TimelineChange &c = m_timeline.at(m_nextChange++);
        if (c.atCycle < m_cycle)
            continue;  // its cycle has passed (a live edit cannot move time back)
        m_applyingTimeline = true;
        const QString e = applySetting(c.path, c.value);
        m_applyingTimeline = false;
        if (!e.isEmpty())
            report.warnings << QStringLiteral("timeline change at cycle %1 not applied: %2").arg(c.atCycle).arg(e);
        else
            report.timelineChanges << c.path + QStringLiteral(" = ")
                            + settingValueText(c.value);
    }

    // 1. Messages sent by hand, then the producers' messages due in this cycle, in file order,
    // straight into the broker.
    // A cycle records about as many events as the one before: one allocation, not a growth
    // series (the app records every cycle's events).
    if (m_recordEvents) {
        const qsizetype expected = std::min(m_eventsLastCycle + m_eventsLastCycle / 8 + 16, CycleReport::KeptEventsHead);
        if (m_spareEvents.capacity() >= expected)
            report.events = std::exchange(m_spareEvents, {});
        else
            report.events.reserve(expected);
    }
    EventRecorder recorder(report, m_sink, m_recordEvents, &m_batchSink);
    EventRecorder *events = recorder.active() ? &recorder : nullptr;
    qint64 produced = 0;
    const Broker::CycleSinks sinks{m_cycle, m_metrics, report, events};
    qint64 *rejectedBy = &m_manualRejected;  // the sender's count of refused messages
    const auto accept = [&](Message &&m) {
        if (m_hashWorkload)
            hashMessage(m);
        if (events) {
            Message shown = m;
            shown.id = m_broker.nextId();
            events->add(m_cycle, Event::Type::Produced, QString(), std::move(shown), MessageMeta(), QString(),
                        Explanation());
        }
        if (!m_broker.admit(std::move(m), sinks))
            ++*rejectedBy;
        ++produced;
    };
    for (const ScriptedMessage &s : std::as_const(m_manual)) {
        Message m;
        m.data = s.data;
        static const Name manual(QStringLiteral("manual"));
        m.producer = manual;
        m.producedCycle = m_cycle;
        m.priority = m.originalPriority = s.priority;
        m.ttl = s.ttl;
        m.expiresAt = s.expiration >= 0 ? m_cycle + s.expiration : -1;
        accept(std::move(m));
    }
    m_manual.clear();
    qsizetype generated = 0;
    for (const Producer &p : m_producers)
        generated += p.generatedIn(m_cycle);
    m_broker.reserveArrivals(generated);
    for (Producer &p : m_producers) {
        rejectedBy = &p.rejected;
        p.produce(m_cycle, accept);
    }
    report.counts.produced = produced;

    // 2. The broker dispatches; each consumer's counts of the cycle are the difference.
    report.consumers.reserve(qsizetype(m_consumers.size()));
    for (const auto &c : m_consumers)
        report.consumers.append({c->name, c->stats.processed, c->stats.discarded});
    m_broker.dispatch(m_consumers, m_cycle, m_rng, m_metrics, report, events);
    recorder.finish();
    for (size_t i = 0; i < m_consumers.size(); ++i) {
        ConsumerCycle &c = report.consumers[qsizetype(i)];
        c.processed = m_consumers[i]->stats.processed - c.processed;
        c.discarded = m_consumers[i]->stats.discarded - c.discarded;
    }
    report.queueDepth = m_broker.size();
    report.held = held();
    report.delayed = m_broker.delayedCount();
    report.deadLetterQueue = qint64(m_broker.deadLetterQueue().size());

    // Setting warnings (e.g. a TTL range with nothing inside) are raised by the app from the
    // strategies' settingWarning(); runtime warnings come in the report.

    // 3. Idle stop: after maxIdleCycles consecutive idle cycles, unless more is to come (a
    // producer still has messages to send later, a message sent by hand, or a timeline change
    // still due). No-progress stop: after max(3, maxIdleCycles) consecutive cycles in which
    // messages were delivered but every one went back to the queue (nothing produced, processed
    // or discarded), with nothing more to come, the run can never change again: a requeue loop.
    // maxIdleCycles 0 disables both (the run goes on until stopped from outside).
    // A cycle that only waits for delayed messages neither counts towards a stop nor resets it.
    const bool waiting = report.idle && m_broker.delayedCount() > 0;
    const bool stuck = !report.idle && report.counts.produced == 0 && report.counts.processed == 0
            && report.counts.discarded == 0;
    if (!waiting) {
        m_idleCycles = report.idle ? m_idleCycles + 1 : 0;
        m_stuckCycles = stuck ? m_stuckCycles + 1 : 0;
    }
    const int maxIdle = m_broker.config().maxIdleCycles;
    const bool idleStop = maxIdle > 0 && m_idleCycles >= maxIdle;
    const bool stuckStop = maxIdle > 0 && m_stuckCycles >= std::max(3, maxIdle);
    if ((idleStop || stuckStop) && !hasMoreAfter(m_cycle)) {
        m_finished = true;
        if (idleStop) {
            m_stopReason = m_broker.size() == 0
                    ? QStringLiteral("idle: queue empty for %1 cycles").arg(maxIdle)
                    : QStringLiteral("idle: no consumer online for %1 cycles").arg(maxIdle);
        } else {
            // The consumers that got a batch in this cycle sent every message of it back.
            QStringList names;
            for (const auto &c : m_consumers) {
                if (c->lastBatchCycle == m_cycle)
                    names << c->name;
            }
            m_stopReason = QStringLiteral("no progress: every delivery went back to the queue "
                                          "(requeue loop) for %1 cycles; consumer(s) postponing "
                                          "or failing everything: %2")
                                   .arg(m_stuckCycles)
                                   .arg(names.join(QStringLiteral(", ")));
        }
        report.finished = true;
        report.stopReason = m_stopReason;
    }

    m_metrics.recordCycle(report);
    m_eventsLastCycle = report.events.size();
    ++m_cycle;
#ifndef NDEBUG
    // Debug builds check every invariant after every cycle; release builds leave it
    // to the tests and the app's indicator.
    if (const QStringList broken = checkInvariants(); !broken.isEmpty())
        qFatal("PriorityLab invariant broken after cycle %lld: %s", report.cycle,
               qPrintable(broken.join(QStringLiteral("; "))));
#endif
    Q_EMIT cycleCompleted(report);
    if (m_finished) {
        pause();
        Q_EMIT finished(m_stopReason);
    }
    return report;
}

std::optional<TimelineChange> Simulation::nextTimelineChange(const SettingPath &path) const
{
    for (qsizetype i = m_nextChange; i < m_timeline.size(); ++i) {
        const TimelineChange &c = m_timeline.at(i);
        if (c.atCycle < m_cycle)
            continue;  // passed over by step() (its cycle has gone)
        const SettingPath changed = SettingPath::parse(c.path).replacedPath();
        if (!changed.isValid() || changed.depth() > path.depth())
            continue;
        if (changed.steps() == path.steps().mid(0, changed.depth()))
            return c;
    }
    return std::nullopt;
}

bool Simulation::hasMoreAfter(qint64 cycle) const
{
    if (!m_manual.isEmpty())
        return true;
    for (qsizetype i = m_nextChange; i < m_timeline.size(); ++i) {
        if (m_timeline.at(i).atCycle > cycle)
            return true;
    }
    for (const Producer &p : m_producers) {
        if (p.hasMoreAfter(cycle))
            return true;
    }
    return false;
}

QString Simulation::endlessReason(const Scenario &scenario)
{
    const auto check = [](const Scenario &s) -> QString {
        if (s.broker.maxIdleCycles == 0)
            return QStringLiteral("broker.maxIdleCycles is 0 (never stop by itself)");
        for (qsizetype i = 0; i < s.producers.size(); ++i) {
            const ProducerConfig &p = s.producers.at(i);
            const std::optional<GeneratorConfig> &g = p.generator;
            if (g && g->perCycle > 0 && g->untilCycle < 0)
                return QStringLiteral("producers[%1].generator has no untilCycle (sends for ever)").arg(i);
            // Something due that late keeps the run waiting (idle cycles) for practically ever.
            qint64 last = g && g->perCycle > 0 ? g->untilCycle : 0;
            for (const ScriptedMessage &m : p.messages)
                last = std::max(last, m.atCycle);
            if (last > MaxCyclesWithoutLimit)
                return QStringLiteral("producers[%1] sends until cycle %2, beyond the %3 cycles a run "
                                      "may take without --cycles").arg(i).arg(last).arg(MaxCyclesWithoutLimit);
        }
        return {};
    };
    if (QString reason = check(scenario); !reason.isEmpty())
        return reason;
    for (qsizetype i = 0; i < scenario.timeline.size(); ++i) {
        if (scenario.timeline.at(i).atCycle > MaxCyclesWithoutLimit)
            return QStringLiteral("a timeline change is due at cycle %1, beyond the %2 cycles a run "
                                  "may take without --cycles")
                    .arg(scenario.timeline.at(i).atCycle).arg(MaxCyclesWithoutLimit);
    }
    // The timeline may make it endless later: check the setup after each change, in cycle order.
    if (scenario.timeline.isEmpty())
        return {};
    QList<TimelineChange> timeline = scenario.timeline;
    std::stable_sort(timeline.begin(), timeline.end(),
                     [](const TimelineChange &a, const TimelineChange &b) { return a.atCycle < b.atCycle; });
    Scenario s = scenario;
    for (const TimelineChange &c : std::as_const(timeline)) {
        if (!applyScopedSetting(s, c.path, c.value).isEmpty())
            continue;
        if (QString reason = check(s); !reason.isEmpty())
            return QStringLiteral("from cycle %1, %2").arg(c.atCycle).arg(reason);
    }
    return {};
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

void Simulation::runUnlessLesson()
{
    if (m_scenario.steps.isEmpty())
        run();
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
    ms = std::max(0, ms);
    if (ms == m_intervalMs)
        return;
    m_intervalMs = ms;
    m_timer.setInterval(m_intervalMs);
    announce(SettingChange::of(SettingChange::Kind::Interval));
}

void Simulation::tick()
{
    // A cycle's slots may pause the run (a lesson step that reached its end): the loop stops at
    // once, on the exact cycle.
    const auto stepAndCheck = [this] {
        step();
        if (m_pauseWhen && m_timer.isActive() && m_pauseWhen(*this))
            pause();
    };
    if (m_intervalMs > 0) {
        stepAndCheck();
        return;
    }
    QElapsedTimer clock;
    clock.start();
    do {
        stepAndCheck();
    } while (!m_finished && m_timer.isActive() && clock.elapsed() < 5);
}

void Simulation::setPauseCondition(std::function<bool(const Simulation &)> condition)
{
    m_pauseWhen = std::move(condition);
}

qint64 Simulation::queued() const
{
    return qint64(m_broker.size() + m_broker.delayedCount());
}

qint64 Simulation::held() const
{
    qint64 n = 0;
    for (const auto &c : m_consumers)
        n += qint64(c->held.size());
    return n;
}

bool Simulation::conservationHolds() const
{
    const Counts &t = m_metrics.totals();
    // Totals are recorded at the end of each cycle, so this holds between cycles.
    return t.produced == t.processed + t.finalDiscarded() + queued() + held()
            + qint64(m_broker.deadLetterQueue().size()) + t.rejected;
}

QStringList Simulation::checkInvariants() const
{
    QStringList broken;
    const Counts &t = m_metrics.totals();
    if (!conservationHolds())
        broken << QStringLiteral("conservation: produced %1 != processed %2 + discarded %3 + queued %4 + held %5 + rejected %6"
                                 " + in the dead-letter queue %7 (of the discarded, %8 went there)")
                          .arg(t.produced).arg(t.processed).arg(t.discarded).arg(queued()).arg(held()).arg(t.rejected)
                          .arg(m_broker.deadLetterQueue().size()).arg(t.deadLetterQueued);
    std::vector<quint64> ids;
    ids.reserve(size_t(queued()));
    for (const Broker::SubQueue &q : m_broker.subQueues()) {
        for (const Message &m : q.messages)
            ids.push_back(m.id);
    }
    for (const auto &[cycle, m] : m_broker.delayed())
        ids.push_back(m.id);
    for (const Message &m : m_broker.deadLetterQueue())
        ids.push_back(m.id);
    for (const auto &c : m_consumers) {
        for (const Message &m : c->held)
            ids.push_back(m.id);
    }
    std::sort(ids.begin(), ids.end());
    if (std::adjacent_find(ids.begin(), ids.end()) != ids.end())
        broken << QStringLiteral("a message id is queued (or held) twice");
    if (!ids.empty() && (ids.front() == 0 || ids.back() >= m_broker.nextId()))
        broken << QStringLiteral("a queued message has an id never assigned");
    ConsumerStats sum = m_removedStats;
    for (const auto &c : m_consumers)
        sum += c->stats;
    // The broker's own dead letters (length limit, delivery limit, expiry) are no consumer's.
    if (sum.processed != t.processed || sum.postponed != t.postponed
        || sum.discarded + t.brokerDiscarded() != t.discarded
        || sum.failed != t.failed || sum.received != t.dispatched || sum.batches != t.batches)
        broken << QStringLiteral("per-consumer counts do not sum to the totals");
    return broken;
}

void Simulation::setConsumerOnline(int index, bool online)
{
    Consumer &consumer = *m_consumers.at(size_t(index));
    consumer.online = online;
    if (!online)
        m_broker.returnHeld(consumer);
    announce(SettingChange::setting(SettingPath::parse(QStringLiteral("consumers[%1].online").arg(index))));
}

void Simulation::setConsumerFailureRate(int index, double rate)
{
    m_consumers.at(size_t(index))->failureRate = std::clamp(rate, 0.0, 1.0);
    announce(SettingChange::setting(SettingPath::parse(QStringLiteral("consumers[%1].failureRate").arg(index))));
}

QString Simulation::setConsumerStrategyType(int index, const QString &type)
{
    std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(type);
    if (!strategy)
        return QStringLiteral("unknown strategy \"%1\"; use one of %2")
                .arg(type, StrategyRegistry::instance().types().join(QStringLiteral(", ")));
    m_consumers.at(size_t(index))->strategy = std::move(strategy);
    announce(SettingChange::setting(SettingPath::parse(QStringLiteral("consumers[%1].strategy").arg(index))));
    return {};
}

QString Simulation::setConsumerParameter(int index, const QString &name, const QVariant &value)
{
    QString error = m_consumers.at(size_t(index))->strategy->setParameter(name, value);
    if (error.isEmpty())
        announce(SettingChange::setting(
                SettingPath::parse(QStringLiteral("consumers[%1].strategy.").arg(index) + name)));
    return error;
}

QString Simulation::addConsumer(const ConsumerConfig &config)
{
    return insertConsumer(int(m_consumers.size()), config);
}

QString Simulation::checkConsumer(int index, const ConsumerConfig &config) const
{
    if (index < 0 || index > int(m_consumers.size()))
        return QStringLiteral("no position %1 for a consumer: use 0 to %2").arg(index).arg(m_consumers.size());
    if (config.name.trimmed().isEmpty())
        return QStringLiteral("consumer name is empty: give it a name");
    for (const auto &c : m_consumers) {
        if (c->name == config.name)
            return QStringLiteral("consumer name \"%1\" is taken: choose another").arg(config.name);
    }
    if (config.deadLetters && !m_broker.config().deadLetterQueue)
        return QStringLiteral("deadLetters: the broker keeps no dead-letter queue; set "
                              "broker.deadLetterQueue to true, or remove deadLetters");
    QStringList problems;
    StrategyRegistry::instance().create(config.strategy, &problems);
    return problems.value(0);
}

QString Simulation::insertConsumer(int index, const ConsumerConfig &config)
{
    if (QString error = checkConsumer(index, config); !error.isEmpty())
        return error;
    QStringList problems;
    std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(config.strategy, &problems);
    m_consumers.insert(m_consumers.begin() + index, makeConsumer(config, std::move(strategy)));
    m_broker.consumerInserted(index);
    announce(SettingChange::of(SettingChange::Kind::ConsumerAdded, index, config.name));
    return {};
}

void Simulation::removeConsumer(int index)
{
    if (index < 0 || index >= int(m_consumers.size()))
        return;
    const QString name = m_consumers.at(size_t(index))->name;
    m_removedStats += m_consumers.at(size_t(index))->stats;
    m_broker.returnHeld(*m_consumers.at(size_t(index)));
    m_consumers.erase(m_consumers.begin() + index);
    m_broker.consumerRemoved(index);
    announce(SettingChange::of(SettingChange::Kind::ConsumerRemoved, index, name));
}

void Simulation::setBrokerConfig(const BrokerConfig &config)
{
    m_broker.setConfig(config);
    m_intervalMs = std::max(0, config.cycleIntervalMs);
    m_timer.setInterval(m_intervalMs);
    announce(SettingChange::of(SettingChange::Kind::Broker));
}

void Simulation::setProducerPaused(int index, bool paused)
{
    Producer &producer = m_producers.at(size_t(index));
    ProducerConfig config = producer.config();
    config.paused = paused;
    producer.setConfig(config);
    announce(SettingChange::setting(SettingPath::parse(QStringLiteral("producers[%1].paused").arg(index))));
}

void Simulation::hashMessage(const Message &m)
{
    quint64 state = WordHash::text(m_workloadHash, m.producer.text());
    state = m.data.hashInto(state);  // without building a numbered payload's text
    state = WordHash::mix(state, quint64(quint32(m.priority)) << 32 | quint32(m.ttl));
    m_workloadHash = WordHash::mix(state, quint64(m.producedCycle));
}

void Simulation::sendMessage(const ScriptedMessage &message)
{
    m_manual << message;
}

void Simulation::announce(const SettingChange &change)
{
    ++m_setupRevision;
    SettingChange announced = change;
    announced.scripted = m_applyingTimeline;
    Q_EMIT setupChanged(announced);
}

CheckedSetting Simulation::checkSetting(const SettingPath &path, const QJsonValue &value) const
{
    // checkScopedSetting() refuses what cannot change while it runs (a whole list of consumers
    // or producers, the timeline).
    CheckedSetting check = checkScopedSetting(currentScenario(), path, value);
    check.basis = m_setupRevision;
    return check;
}

QString Simulation::applySetting(const CheckedSetting &check)
{
    if (!check.ok())
        return check.error;
    if (check.basis != m_setupRevision)
        return applySetting(check.path, check.value);
    commit(check);
    return {};
}

QString Simulation::applySetting(const SettingPath &path, const QJsonValue &value)
{
    const CheckedSetting check = checkSetting(path, value);
    if (!check.ok())
        return check.error;
    commit(check);
    return {};
}

QString Simulation::applySetting(const QString &path, const QJsonValue &value)
{
    return applySetting(SettingPath::parse(path), value);
}

QJsonValue Simulation::settingValue(const SettingPath &path) const
{
    return PriorityLab::settingValue(currentScenario(), path);
}

QJsonValue Simulation::settingValue(const QString &path) const
{
    return settingValue(SettingPath::parse(path));
}

void Simulation::commit(const CheckedSetting &check)
{
    // Push the part that changed into the live objects, keeping their counters and state.
    const Scenario &s = check.scenario;
    const SettingPath &path = check.target;
    const int index = int(path.rootIndex());
    if (path.isBroker()) {
        m_broker.setConfig(s.broker);
        m_intervalMs = std::max(0, s.broker.cycleIntervalMs);
        m_timer.setInterval(m_intervalMs);
    } else if (path.isProducer()) {
        m_producers.at(size_t(index)).setConfig(s.producers.at(index));
    } else if (path.isConsumer()) {
        const ConsumerConfig &c = s.consumers.at(index);
        Consumer &consumer = *m_consumers.at(size_t(index));
        if (consumer.deadLetters != c.deadLetters)
            m_broker.returnHeld(consumer);  // what it holds belongs to the queue it took it from
        configure(consumer, c);
        if (!consumer.online)
            m_broker.returnHeld(consumer);  // as RabbitMQ requeues a closed channel's unacked messages
        if (consumer.strategy->type() != c.strategy.type)
            consumer.strategy = StrategyRegistry::instance().create(c.strategy.type);
        for (auto it = c.strategy.parameters.cbegin(); it != c.strategy.parameters.cend(); ++it) {
            if (consumer.strategy->parameter(it.key()) != it.value())
                consumer.strategy->setParameter(it.key(), it.value());
        }
        if (!c.strategy.parameters.contains(Strategy::retryDelayKey()))
            consumer.strategy->setParameter(Strategy::retryDelayKey(), 0);  // not kept when 0
    } else {
        m_scenario.name = s.name;
        m_scenario.description = s.description;
        m_scenario.hint = s.hint;
        m_scenario.seed = s.seed;
    }
    announce(SettingChange::setting(path));
}

} // namespace PriorityLab
