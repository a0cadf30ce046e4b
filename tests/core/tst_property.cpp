// Property tests: random VALID scenarios drawn from a seeded
// std::mt19937_64 (every broker mode with maxPriority and custom topic bands, every strategy with
// random parameters and predicates from a small grammar, batch sizes, drain and paced dispatch,
// capacities, failure rates, offline consumers, scripted and generated producers, timelines, the
// broker's limits: length limit, overflow, delivery limit, message TTL, expiry), each
// run for 300 cycles with random live changes between cycles (applySetting on valid paths,
// setConsumerOnline, addConsumer/removeConsumer, setConsumerStrategyType, sendMessage,
// setBrokerConfig mode switches). After every cycle: Simulation::checkInvariants(), the report
// agrees with its events and the queue, the queue keeps its mode's order rules (also after each
// live change), no message is held by two consumers at once. Each case is
// run twice: the same seed gives the identical event stream (a hash of eventToJsonLine bytes).
//
// PRIORITYLAB_PROPERTY_CASES=N runs N cases instead of 500 (e.g. fewer under the asan preset);
// PRIORITYLAB_PROPERTY_SEED=S replays the single case S that a failure names.
#include "core/analysis/eventjson.h"
#include "tests/fuzz/fuzztargets.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <climits>
#include <optional>
#include <cstdio>
#include <random>

using namespace PriorityLab;
using PriorityLab::TestSupport::CycleReplay;
using PriorityLab::TestSupport::heldMessages;

namespace {

constexpr int DefaultCases = 500;
constexpr int Cycles = 300;
constexpr quint64 BaseSeed = 0x5eed'2024'0005ULL;

/// A small helper over the case's generator: uniform integers, choices, coin flips.
class Dice
{
public:
    explicit Dice(quint64 seed) : m_rng(seed) { }

    /// A uniform integer in [lo, hi] (the modulo bias does not matter for tests).
    qint64 range(qint64 lo, qint64 hi) { return lo + qint64(m_rng() % quint64(hi - lo + 1)); }
    /// True with probability @p percent / 100.
    bool chance(int percent) { return range(0, 99) < percent; }
    template<typename T>
    const T &pick(const QList<T> &list) { return list.at(range(0, list.size() - 1)); }
    /// A priority or TTL: mostly small, sometimes at or next to the int limits.
    int extremeInt(int lo, int hi)
    {
        if (chance(6))
            return int(pick(QList<qint64>{INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1}));
        return int(range(lo, hi));
    }

private:
    std::mt19937_64 m_rng;
};

const QStringList IntNames = {QStringLiteral("priority"), QStringLiteral("ttl"),
                              QStringLiteral("predicateRuns"), QStringLiteral("deliveries"),
                              QStringLiteral("age"), QStringLiteral("queueLength"),
                              QStringLiteral("onlineConsumers"), QStringLiteral("cycle")};

/// An integer term: a name, a number, or a name with + - * % and a number.
QString intTerm(Dice &d)
{
    switch (d.range(0, 4)) {
    case 0: return QString::number(d.range(-3, 12));
    case 1: return d.pick(IntNames) + QStringLiteral(" ") + d.pick(QStringList{"+", "-", "*", "%"})
                + QStringLiteral(" ") + QString::number(d.range(1, 5));
    case 2: return QStringLiteral("-") + d.pick(IntNames);
    default: return d.pick(IntNames);
    }
}

/// A predicate from the grammar
///   expr := cmp | expr && expr | expr || expr | !(expr) | (expr)
///   cmp  := term OP term | data ==/!=/< "string" | true | false
/// of at most @p depth levels: always valid, so the loader must accept it.
QString predicate(Dice &d, int depth = 3)
{
    const int kind = depth <= 0 ? 0 : int(d.range(0, 5));
    switch (kind) {
    case 1: return predicate(d, depth - 1) + QStringLiteral(" && ") + predicate(d, depth - 1);
    case 2: return predicate(d, depth - 1) + QStringLiteral(" || ") + predicate(d, depth - 1);
    case 3: return QStringLiteral("!(") + predicate(d, depth - 1) + QStringLiteral(")");
    case 4: return QStringLiteral("(") + predicate(d, depth - 1) + QStringLiteral(")");
    default: break;
    }
    switch (d.range(0, 5)) {
    case 0: return QStringLiteral("data %1 \"%2\"")
                .arg(d.pick(QStringList{"==", "!=", "<", ">="}), d.pick(QStringList{"data_0", "m1", "g-3", ""}));
    case 1: return d.pick(QStringList{"true", "false"});
    default: return intTerm(d) + QStringLiteral(" ") + d.pick(QStringList{"==", "!=", "<", "<=", ">", ">="})
                + QStringLiteral(" ") + intTerm(d);
    }
}

/// The strategy object of a scenario file, random type and parameters.
QJsonObject strategy(Dice &d)
{
    switch (d.range(0, 3)) {
    case 0: return {{"type", "accept-all"}};
    case 1: {
        QJsonObject o{{"type", "priority"}, {"threshold", int(d.range(-3, 12))}};
        if (d.chance(70))
            o.insert("agingStep", int(d.chance(10) ? 1000000 : d.range(0, 3)));
        return o;
    }
    case 2: {
        const int low = int(d.range(-3, 6));
        return {{"type", "ttl"}, {"low", low}, {"high", int(d.range(low - 1, low + 9))}};
    }
    default:
        return {{"type", "predicate"}, {"predicate", predicate(d)}, {"maxPredicateRuns", int(d.range(0, 5))}};
    }
}

/// Topic bands: the defaults (no key) or 1..4 bands, in any order, possibly overlapping, up
/// to the int limits.
QJsonArray topics(Dice &d)
{
    QJsonArray list;
    const int n = int(d.range(1, 4));
    for (int i = 0; i < n; ++i) {
        int lo = int(d.range(-2, 10));
        int hi = int(d.range(lo, 12));
        if (d.chance(15))
            lo = INT_MIN;
        if (d.chance(15))
            hi = INT_MAX;
        list.append(QJsonObject{{"name", QStringLiteral("t%1").arg(i)}, {"priorities", QJsonArray{lo, hi}}});
    }
    return list;
}

QStringList topicNames(const QJsonArray &bands)
{
    QStringList names;
    for (const QJsonValue &t : bands)
        names << t.toObject().value("name").toString();
    return names;
}

QStringList defaultTopicNames()
{
    QStringList names;
    for (const TopicConfig &t : BrokerConfig::defaultTopics())
        names << t.name;
    return names;
}

/// A random subscription list over @p names (empty = all).
QJsonArray subscription(Dice &d, const QStringList &names)
{
    QJsonArray list;
    if (d.chance(50))
        return list;
    for (const QString &n : names) {
        if (d.chance(50))
            list.append(n);
    }
    return list;
}

/// A random valid dispatch value: "drain" or {"batchesPerCycle": K}.
QJsonValue dispatch(Dice &d)
{
    if (d.chance(40))
        return QStringLiteral("drain");
    return QJsonObject{{"batchesPerCycle", int(d.range(1, 6))}};
}

/// A random valid scenario in the file format (the loader must accept it).
QJsonObject randomScenario(Dice &d)
{
    QJsonObject broker;
    const QString mode = d.pick(QStringList{"fifo", "priority", "topics"});
    broker.insert("mode", mode);
    if (d.chance(30))
        broker.insert("maxPriority", int(d.chance(20) ? INT_MAX : d.range(0, 9)));
    QStringList names = defaultTopicNames();
    if (d.chance(50)) {
        const QJsonArray bands = topics(d);
        broker.insert("topics", bands);
        names = topicNames(bands);
    }
    broker.insert("batchSize", int(d.chance(10) ? d.range(20, 1000) : d.range(1, 6)));
    broker.insert("dispatch", dispatch(d));
    broker.insert("maxIdleCycles", int(d.chance(35) ? 0 : d.range(1, 5)));
    // Keeps a drain cycle short when a strategy loops (e.g. aging step 0): the cap is the point.
    broker.insert("maxDeliveriesPerCycle", int(d.range(1, 300)));
    broker.insert("cycleIntervalMs", int(d.range(0, 1000)));
    // The broker's limits (docs/design.md §3), small enough to act.
    if (d.chance(25)) {
        broker.insert("maxLength", int(d.range(0, 12)));
        if (d.chance(50))
            broker.insert("overflow", d.pick(QStringList{"drop-head", "reject-publish"}));
    }
    if (d.chance(25))
        broker.insert("deliveryLimit", int(d.range(0, 6)));
    if (d.chance(25))
        broker.insert("messageTtl", int(d.range(0, 15)));
    if (d.chance(20))
        broker.insert("expiry", d.pick(QStringList{"head", "anywhere"}));
    // The dead-letter queue, sometimes with consumers that drain it (docs/design.md §3).
    const bool deadLetterQueue = d.chance(20);
    if (deadLetterQueue)
        broker.insert("deadLetterQueue", true);

    QJsonArray consumers;
    const int nConsumers = int(d.range(0, 5));
    for (int i = 0; i < nConsumers; ++i) {
        QJsonObject s = strategy(d);
        if (d.chance(20))  // delayed retry (docs/design.md §4)
            s.insert("retryDelay", int(d.range(0, 3)));
        QJsonObject c{{"name", QStringLiteral("c%1").arg(i)}, {"strategy", s}};
        if (d.chance(20))
            c.insert("online", false);
        if (d.chance(30))
            c.insert("failureRate", d.chance(10) ? 1.0 : double(d.range(0, 50)) / 100.0);
        if (d.chance(30))
            c.insert("capacity", int(d.range(0, 3)));
        // Held messages (docs/design.md §4), small enough to matter.
        if (d.chance(25))
            c.insert("prefetch", int(d.range(1, 6)));
        if (d.chance(25))
            c.insert("workPerCycle", int(d.range(1, 3)));
        const QJsonArray sub = subscription(d, names);
        if (deadLetterQueue && d.chance(35))
            c.insert("deadLetters", true);  // takes from no topic
        else if (!sub.isEmpty())
            c.insert("topics", sub);
        consumers.append(c);
    }

    QJsonArray producers;
    const int nProducers = int(d.range(1, 3));
    for (int i = 0; i < nProducers; ++i) {
        QJsonObject p{{"name", QStringLiteral("p%1").arg(i)}};
        if (d.chance(10))
            p.insert("paused", true);
        QJsonArray messages;
        const int nMessages = int(d.range(0, 10));
        for (int j = 0; j < nMessages; ++j) {
            QJsonObject m{{"data", QStringLiteral("data_%1").arg(j)},
                          {"priority", d.extremeInt(-3, 12)},
                          {"ttl", d.extremeInt(-3, 10)},
                          {"atCycle", int(d.range(0, 60))}};
            if (d.chance(15))
                m.insert("expiration", int(d.range(0, 12)));
            messages.append(m);
        }
        if (!messages.isEmpty())
            p.insert("messages", messages);
        if (d.chance(70)) {
            const int pLo = int(d.range(-3, 9));
            const int tLo = int(d.range(-3, 6));
            QJsonObject g{{"perCycle", int(d.range(0, 3))},
                          {"priority", QJsonArray{pLo, d.chance(5) ? INT_MAX : int(d.range(pLo, 12))}},
                          {"ttl", QJsonArray{tLo, int(d.range(tLo, 10))}},
                          {"data", d.chance(70) ? QStringLiteral("g%1-{n}").arg(i) : QStringLiteral("plain")},
                          {"fromCycle", int(d.range(0, 20))}};
            if (d.chance(50))
                g.insert("untilCycle", int(d.range(20, 400)));
            if (d.chance(15)) {
                const int lo = int(d.range(0, 10));
                g.insert("expiration", d.chance(50) ? QJsonValue(lo) : QJsonValue(QJsonArray{lo, int(d.range(lo, 20))}));
            }
            p.insert("generator", g);
        }
        producers.append(p);
    }

    QJsonArray timeline;
    if (nConsumers > 0) {
        const int nChanges = int(d.range(0, 3));
        for (int j = 0; j < nChanges; ++j) {
            const QString c = QStringLiteral("consumers[%1]").arg(d.range(0, nConsumers - 1));
            QJsonObject set;
            switch (d.range(0, 3)) {
            case 0: set.insert(QString(c + ".online"), d.chance(50)); break;
            case 1: set.insert(QString(c + ".failureRate"), double(d.range(0, 30)) / 100.0); break;
            case 2: set.insert("broker.batchSize", int(d.range(1, 6))); break;
            default: set.insert("broker.dispatch", dispatch(d)); break;
            }
            timeline.append(QJsonObject{{"atCycle", int(d.range(0, 200))}, {"set", set}});
        }
    }

    QJsonObject root{{"name", "property"}, {"seed", qint64(d.range(0, 1000000))}, {"broker", broker},
                     {"consumers", consumers}, {"producers", producers}};
    if (!timeline.isEmpty())
        root.insert("timeline", timeline);
    return root;
}

/// The topic names in force (for subscriptions of consumers added live).
QStringList currentTopicNames(const Simulation &sim)
{
    QStringList names;
    for (const TopicConfig &t : sim.broker().config().topics)
        names << t.name;
    return names.isEmpty() ? defaultTopicNames() : names;
}

/// A random valid value for strategy parameter @p info: inside its typical range, sometimes at
/// its hard limits; a grammar predicate for expressions.
QJsonValue parameterValue(Dice &d, const ParameterInfo &info)
{
    if (info.kind == ParameterInfo::Kind::Expression)
        return predicate(d);
    if (d.chance(8))
        return d.chance(50) ? info.minimum : info.maximum;
    return int(std::clamp<qint64>(d.range(info.typicalMinimum - 2, info.typicalMaximum + 2), info.minimum, info.maximum));
}

/// One random live change; returns "" or what went wrong with a change that must succeed.
QString liveChange(Dice &d, Simulation &sim, int &added)
{
    const int n = int(sim.consumers().size());
    const int producers = int(sim.producers().size());
    switch (d.range(0, 11)) {
    case 0:  // a strategy parameter, by path
    case 1: {
        if (n == 0)
            return {};
        const int i = int(d.range(0, n - 1));
        const QList<ParameterInfo> infos = sim.consumers().at(size_t(i))->strategy->parameters();
        if (infos.isEmpty())
            return {};
        const ParameterInfo &info = d.pick(infos);
        const QString path = QStringLiteral("consumers[%1].strategy.%2").arg(i).arg(info.name);
        const QJsonValue value = parameterValue(d, info);
        if (QString e = sim.applySetting(path, value); !e.isEmpty())
            return QStringLiteral("applySetting(%1, %2): %3")
                    .arg(path, QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)), e);
        return {};
    }
    case 2: {  // a consumer setting, by path
        if (n == 0)
            return {};
        const QString c = QStringLiteral("consumers[%1]").arg(d.range(0, n - 1));
        QString path;
        QJsonValue value;
        switch (d.range(0, 8)) {
        case 8: {  // valid only with the dead-letter queue on and no topics
            const Scenario now = sim.currentScenario();
            const ConsumerConfig &consumer = now.consumers.at(SettingPath::parse(c).rootIndex());
            path = c + ".deadLetters";
            value = now.broker.deadLetterQueue && consumer.topics.isEmpty() && d.chance(60);
            break;
        }
        case 7: path = c + ".strategy.retryDelay"; value = int(d.range(0, 3)); break;
        case 5: path = c + ".prefetch"; value = d.chance(30) ? QJsonValue() : QJsonValue(int(d.range(1, 6))); break;
        case 6: path = c + ".workPerCycle"; value = d.chance(30) ? QJsonValue() : QJsonValue(int(d.range(1, 3))); break;
        case 0: path = c + ".online"; value = d.chance(50); break;
        case 1: path = c + ".failureRate"; value = double(d.range(0, 100)) / 100.0; break;
        case 2: path = c + ".capacity"; value = int(d.range(0, 3)); break;
        case 3: path = c + ".strategy.type"; value = d.pick(QStringList{"accept-all", "priority", "ttl", "predicate"}); break;
        default:  // a dead-letter consumer takes from no topic
            path = c + ".topics";
            value = subscription(d, currentTopicNames(sim));
            if (sim.consumers().at(size_t(SettingPath::parse(c).rootIndex()))->deadLetters)
                value = QJsonArray();
            break;
        }
        if (QString e = sim.applySetting(path, value); !e.isEmpty())
            return QStringLiteral("applySetting(%1): %2").arg(path, e);
        return {};
    }
    case 3: {  // a broker setting, by path
        QString path;
        QJsonValue value;
        switch (d.range(0, 11)) {
        case 11: {  // it can go only while no consumer reads it
            const QList<ConsumerConfig> now = sim.currentScenario().consumers;
            path = "broker.deadLetterQueue";
            value = d.chance(50) || std::any_of(now.cbegin(), now.cend(), [](const ConsumerConfig &x) { return x.deadLetters; });
            break;
        }
        case 9: path = "broker.messageTtl"; value = d.chance(20) ? QJsonValue() : QJsonValue(int(d.range(0, 15))); break;
        case 10: path = "broker.expiry"; value = d.pick(QStringList{"head", "anywhere"}); break;
        case 8: path = "broker.deliveryLimit"; value = d.chance(20) ? QJsonValue() : QJsonValue(int(d.range(0, 6))); break;
        case 6: path = "broker.maxLength"; value = d.chance(20) ? QJsonValue() : QJsonValue(int(d.range(0, 12))); break;
        case 7: path = "broker.overflow"; value = d.pick(QStringList{"drop-head", "reject-publish"}); break;
        case 0: path = "broker.batchSize"; value = int(d.chance(10) ? d.range(50, 1000000) : d.range(1, 8)); break;
        case 1: path = "broker.dispatch"; value = dispatch(d); break;
        case 2: path = "broker.maxIdleCycles"; value = int(d.range(0, 5)); break;
        case 3: path = "broker.mode"; value = d.pick(QStringList{"fifo", "priority", "topics"}); break;
        case 4: path = "broker.maxPriority"; value = int(d.chance(20) ? INT_MAX : d.range(0, 9)); break;
        default: path = "broker.maxDeliveriesPerCycle"; value = int(d.range(1, 300)); break;
        }
        if (QString e = sim.applySetting(path, value); !e.isEmpty())
            return QStringLiteral("applySetting(%1): %2").arg(path, e);
        return {};
    }
    case 4: {  // a producer setting, by path
        if (producers == 0)
            return {};
        const int j = int(d.range(0, producers - 1));
        QString path = QStringLiteral("producers[%1].paused").arg(j);
        QJsonValue value = d.chance(30);
        if (sim.producers().at(size_t(j)).config().generator && d.chance(60)) {
            path = QStringLiteral("producers[%1].generator.perCycle").arg(j);
            value = int(d.range(0, 4));
        }
        if (QString e = sim.applySetting(path, value); !e.isEmpty())
            return QStringLiteral("applySetting(%1): %2").arg(path, e);
        return {};
    }
    case 5:
        if (n > 0)
            sim.setConsumerOnline(int(d.range(0, n - 1)), d.chance(60));
        return {};
    case 6: {
        ConsumerConfig c;
        c.name = QStringLiteral("added%1").arg(added++);
        c.strategy.type = d.pick(QStringList{"accept-all", "priority", "ttl", "predicate"});
        if (c.strategy.type == QLatin1String("predicate"))
            c.strategy.parameters.insert("predicate", predicate(d));
        c.online = d.chance(80);
        c.failureRate = d.chance(30) ? double(d.range(0, 50)) / 100.0 : 0.0;
        c.capacity = int(d.range(0, 2));
        if (d.chance(30))
            c.topics = QStringList{d.pick(currentTopicNames(sim))};
        if (QString e = sim.addConsumer(c); !e.isEmpty())
            return QStringLiteral("addConsumer(%1): %2").arg(c.name, e);
        return {};
    }
    case 7:
        if (n > 0)
            sim.removeConsumer(int(d.range(0, n - 1)));
        return {};
    case 8:
        if (n > 0) {
            const QString type = d.pick(QStringList{"accept-all", "priority", "ttl", "predicate"});
            if (QString e = sim.setConsumerStrategyType(int(d.range(0, n - 1)), type); !e.isEmpty())
                return QStringLiteral("setConsumerStrategyType(%1): %2").arg(type, e);
        }
        return {};
    case 9:
    case 10: {
        ScriptedMessage m;
        m.data = QStringLiteral("manual");
        m.priority = d.extremeInt(-3, 12);
        m.ttl = d.extremeInt(-3, 10);
        m.atCycle = d.range(0, 1000);  // ignored
        sim.sendMessage(m);
        return {};
    }
    default: {  // a mode switch through setBrokerConfig, with messages queued
        BrokerConfig config = sim.broker().config();
        config.mode = d.pick(QList<BrokerConfig::Mode>{BrokerConfig::Mode::Fifo, BrokerConfig::Mode::Priority,
                                                       BrokerConfig::Mode::Topics});
        if (d.chance(30))
            config.maxPriority = d.chance(30) ? std::optional<int>() : std::optional<int>(int(d.range(0, 9)));
        config.batchSize = int(d.range(1, 6));
        sim.setBrokerConfig(config);
        return {};
    }
    }
}

/// FNV-1a over bytes.
void mix(quint64 &hash, const QByteArray &bytes)
{
    for (const char c : bytes)
        hash = (hash ^ quint8(c)) * 1099511628211ULL;
}

/// The case running now and the message handler it replaced: a debug build's step() ends the
/// process with qFatal() when an invariant breaks, so the handler names the seed to replay first.
quint64 g_currentSeed = 0;
QtMessageHandler g_previousHandler = nullptr;

void nameSeedOnFatal(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtFatalMsg)
        fprintf(stderr, "tst_property: fatal error in case seed %llu; replay it with "
                        "PRIORITYLAB_PROPERTY_SEED=%llu tst_property\n",
                g_currentSeed, g_currentSeed);
    g_previousHandler(type, context, message);
}

/// Checks one report against its events and the simulation; "" if all agree. @p heldBefore:
/// heldMessages() just before the cycle.
QString checkReport(const CycleReport &r, const Simulation &sim, const QHash<quint64, QString> &heldBefore)
{
#ifdef NDEBUG
    // Debug builds already check every invariant inside step() (qFatal on a break).
    if (const QStringList broken = sim.checkInvariants(); !broken.isEmpty())
        return QStringLiteral("invariants: ") + broken.join(QStringLiteral("; "));
#endif
    if (r.queueDepth != sim.broker().size())
        return QStringLiteral("report.queueDepth %1 != queued %2").arg(r.queueDepth).arg(sim.broker().size());
    if (QString order = Fuzz::queueOrderProblem(sim.broker()); !order.isEmpty())
        return QStringLiteral("queue order: ") + order;
    const CycleReplay replay = TestSupport::replayCycle(r, sim, heldBefore);
    if (!replay.problem.isEmpty())
        return replay.problem;
    const Counts &fromEvents = replay.counts;
    // What is delivered and not decided on is exactly what the consumers hold now.
    const QHash<quint64, QString> heldAfter = heldMessages(sim);
    if (replay.holder != heldAfter)
        return QStringLiteral("%1 message(s) still held by a consumer after the cycle, %2 held by the consumers")
                .arg(replay.holder.size()).arg(heldAfter.size());
    if (r.held != sim.held() || sim.held() != heldAfter.size())
        return QStringLiteral("report.held %1 != held %2").arg(r.held).arg(sim.held());
    const Counts &c = r.counts;
    if (fromEvents.produced != c.produced || fromEvents.dispatched != c.dispatched
        || fromEvents.processed != c.processed || fromEvents.postponed != c.postponed
        || fromEvents.discarded != c.discarded || fromEvents.failed != c.failed
        || fromEvents.rejected != c.rejected || fromEvents.maxlen != c.maxlen
        || fromEvents.expired != c.expired || fromEvents.deliveryLimit != c.deliveryLimit)
        return QStringLiteral("the report's counts disagree with its events");
    const qint64 heldGrowth = qint64(heldAfter.size()) - qint64(replay.heldAtStart);
    if (c.dispatched != c.processed + c.postponed + c.discarded - c.brokerDiscarded() + c.failed + heldGrowth)
        return QStringLiteral("dispatched != processed + postponed + (discarded by consumers) + failed + held growth");
    const bool workDue = replay.heldAtStart > 0;  // a consumer holding messages decides on some
    if (r.idle != (c.batches == 0 && !workDue))
        return QStringLiteral("idle flag disagrees with the batch count and the held messages");
    return {};
}

struct RunResult
{
    QString error;      ///< "" if every check passed
    quint64 hash = 0;   ///< FNV-1a of the event stream (eventToJsonLine bytes)
    qint64 events = 0;
    qint64 cycles = 0;
};

/// Runs case @p seed once: loads the random scenario, then up to Cycles cycles with random live
/// changes between them, checking after every cycle.
/// @p parsed caches the parsed scenario between the two runs of a case (parsing compiles every
/// predicate); the scenario is drawn again either way, so that the dice reach the same state.
RunResult runCase(quint64 seed, QByteArray *scenarioJson, std::optional<Scenario> &parsed)
{
    RunResult result;
    result.hash = 14695981039346656037ULL;
    Dice d(seed);
    const QJsonObject json = randomScenario(d);
    if (!parsed) {
        const QByteArray bytes = QJsonDocument(json).toJson(QJsonDocument::Compact);
        if (scenarioJson)
            *scenarioJson = bytes;
        const ScenarioLoadResult loaded = parseScenario(bytes, QStringLiteral("property.json"));
        if (!loaded.ok()) {
            result.error = QStringLiteral("the generator wrote an invalid scenario: ")
                    + loaded.errors.join(QStringLiteral("; "));
            return result;
        }
        parsed = loaded.scenario;
    }
    Simulation sim;
    if (const QStringList errors = sim.load(*parsed); !errors.isEmpty()) {
        result.error = QStringLiteral("load: ") + errors.join(QStringLiteral("; "));
        return result;
    }
    int added = 0;
    // How busy this case is with live changes: from one in a hundred cycles to one in five. (A
    // change by path re-validates the whole setup, compiling every predicate with a QJSEngine of
    // its own, about a millisecond each: the main cost of this suite.)
    const int changePercent = int(d.range(1, 12));
    for (int cycle = 0; cycle < Cycles && !sim.isFinished(); ++cycle) {
        while (d.chance(changePercent)) {
            QHash<quint64, quint64> before = Fuzz::arrivals(sim.broker());
            QHash<quint64, quint64> heldArrivals;  // a consumer going offline gives them back
            for (const auto &c : sim.consumers()) {
                for (const Message &m : c->held) {
                    if (!m.deadLetter)  // a dead letter goes back to the dead-letter queue
                        heldArrivals.insert(m.id, m.arrival);
                }
            }
            if (QString e = liveChange(d, sim, added); !e.isEmpty()) {
                result.error = QStringLiteral("before cycle %1: %2").arg(cycle).arg(e);
                return result;
            }
            if (const QStringList broken = sim.checkInvariants(); !broken.isEmpty()) {
                result.error = QStringLiteral("after a live change before cycle %1: %2")
                        .arg(cycle).arg(broken.join(QStringLiteral("; ")));
                return result;
            }
            if (QString order = Fuzz::queueOrderProblem(sim.broker()); !order.isEmpty()) {
                result.error = QStringLiteral("after a live change before cycle %1: queue order: %2").arg(cycle).arg(order);
                return result;
            }
            // No live change reorders what is queued (mode and topic changes re-route it); held
            // messages given back take their place by arrival.
            const QHash<quint64, QString> heldNow = heldMessages(sim);
            for (auto it = heldArrivals.cbegin(); it != heldArrivals.cend(); ++it) {
                if (!heldNow.contains(it.key()))
                    before.insert(it.key(), it.value());
            }
            if (QString kept = Fuzz::arrivalOrderKept(sim.broker(), before); !kept.isEmpty()) {
                result.error = QStringLiteral("after a live change before cycle %1: %2").arg(cycle).arg(kept);
                return result;
            }
        }
        const QHash<quint64, QString> heldBefore = heldMessages(sim);
        const CycleReport r = sim.step();
        if (r.cycle != cycle) {
            result.error = QStringLiteral("report of cycle %1 while running cycle %2").arg(r.cycle).arg(cycle);
            return result;
        }
        if (QString e = checkReport(r, sim, heldBefore); !e.isEmpty()) {
            result.error = QStringLiteral("after cycle %1: %2").arg(cycle).arg(e);
            return result;
        }
        for (const Event &e : r.events)
            mix(result.hash, eventToJsonLine(e));
        result.events += r.events.size();
        ++result.cycles;
    }
    return result;
}

int environmentInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok ? v : fallback;
}

} // namespace

class TestProperty : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void generatorIsDeterministic();
    void randomScenariosKeepEveryInvariant();
};

void TestProperty::generatorIsDeterministic()
{
    // The replay promise rests on this: a seed always gives the same scenario, and different
    // seeds give different ones.
    Dice a(42), b(42), c(43);
    QCOMPARE(randomScenario(a), randomScenario(b));
    QVERIFY(randomScenario(a) != randomScenario(c));
}

void TestProperty::randomScenariosKeepEveryInvariant()
{
    bool replay = false;
    const quint64 only = qEnvironmentVariable("PRIORITYLAB_PROPERTY_SEED").toULongLong(&replay);
    const int cases = replay ? 1 : environmentInt("PRIORITYLAB_PROPERTY_CASES", DefaultCases);
    QElapsedTimer clock;
    clock.start();
    qint64 cycles = 0, events = 0, finished = 0;
    g_previousHandler = qInstallMessageHandler(nameSeedOnFatal);
    for (int i = 0; i < cases; ++i) {
        const quint64 seed = replay ? only : BaseSeed + quint64(i);
        g_currentSeed = seed;
        QByteArray json;
        std::optional<Scenario> parsed;
        const RunResult first = runCase(seed, &json, parsed);
        const QString replayHint = QStringLiteral("\n  replay: PRIORITYLAB_PROPERTY_SEED=%1 tst_property"
                                                  "\n  scenario: %2").arg(seed).arg(QString::fromUtf8(json));
        if (!first.error.isEmpty())
            QFAIL(qPrintable(QStringLiteral("case seed %1: %2").arg(seed).arg(first.error) + replayHint));
        const RunResult second = runCase(seed, nullptr, parsed);
        if (!second.error.isEmpty())
            QFAIL(qPrintable(QStringLiteral("case seed %1, second run: %2").arg(seed).arg(second.error) + replayHint));
        if (first.hash != second.hash || first.events != second.events || first.cycles != second.cycles)
            QFAIL(qPrintable(QStringLiteral("case seed %1: the same seed gave different event streams "
                                            "(%2 vs %3 events, hash %4 vs %5)")
                                     .arg(seed).arg(first.events).arg(second.events)
                                     .arg(first.hash, 0, 16).arg(second.hash, 0, 16) + replayHint));
        cycles += first.cycles;
        events += first.events;
        finished += first.cycles < Cycles;
    }
    qInstallMessageHandler(g_previousHandler);
    qInfo("%d cases x 2 runs: %lld cycles, %lld events, %lld stopped idle before %d cycles; %lld ms",
          cases, cycles, events, finished, Cycles, clock.elapsed());
    // The suite must exercise something: most cases run long and produce events.
    QVERIFY(events > cases);
}

QTEST_GUILESS_MAIN(TestProperty)
#include "tst_property.moc"
