// Edge cases with defined behaviour. Every run checks
// Simulation::checkInvariants() after every cycle. The behaviour each test pins down:
// - empty scenario `{}`: loads, three idle cycles, stops ("queue empty");
// - no consumers / all consumers offline: messages stay queued (nothing lost), idle stop after
//   maxIdleCycles ("no consumer online"); maxIdleCycles 0 never stops; a consumer coming online
//   drains the backlog;
// - batch size larger than the queue: one batch with what there is (per topic in topics mode);
// - priorities and TTLs at INT_MAX/INT_MIN: routing, clamping, aging and decrements saturate,
//   deliveries saturate, no overflow (the asan preset's UBSan halts on any);
// - negative TTL: an ordinary value (discarded at or below the low bound, else processed);
// - run-time expression errors: a whitelisted predicate cannot fail at run time (no calls,
//   members or unknown names; bad arithmetic gives NaN, which compares false), so the warning
//   path is tested with a test-only strategy that raises a runtime warning;
// - cycle interval 0: accepted (files and setIntervalMs, negatives clamp to 0); a tick runs
//   cycles until finished or about 10 ms, then returns to the event loop;
// - removing the consumer that holds the round-robin cursor: the next batch goes to the
//   consumer after it;
// - loading a scenario while running: pauses, replaces everything (cycle 0, empty queue, no
//   metrics, no dead letters, no message sent by hand); the new timeline starts from cycle 0;
// - switching the broker mode live with messages queued: none lost, the new mode's order
//   (fifo: arrival order, requeued copies count as new arrivals; priority: highest first,
//   arrival order within a priority; topics: arrival order within each topic).
#include "core/engine/broker.h"
#include "core/analysis/eventjson.h"
#include "core/model/wordhash.h"
#include "core/strategies/expression.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>

#include <climits>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// Steps one cycle and fails the calling test if an invariant broke.
#define STEP_CHECKED(sim, report)                                                                  \
    const CycleReport report = (sim).step();                                                       \
    QVERIFY2((sim).checkInvariants().isEmpty(),                                                    \
             qPrintable(QStringLiteral("cycle %1: ").arg(report.cycle)                             \
                        + (sim).checkInvariants().join(QStringLiteral("; "))))

/// Runs up to @p cycles cycles checking the invariants after each; returns the reports.
QList<CycleReport> runChecked(Simulation &sim, int cycles)
{
    QList<CycleReport> reports;
    for (int i = 0; i < cycles && !sim.isFinished(); ++i) {
        reports << sim.step();
        const QStringList broken = sim.checkInvariants();
        if (!broken.isEmpty()) {
            qWarning("cycle %lld: %s", reports.last().cycle, qPrintable(broken.join(QStringLiteral("; "))));
            reports.last().cycle = -2;  // marks the break for the caller's check
            break;
        }
    }
    return reports;
}

bool allHeld(const QList<CycleReport> &reports)
{
    return std::none_of(reports.begin(), reports.end(), [](const CycleReport &r) { return r.cycle == -2; });
}

QList<quint64> ids(const QList<Message> &messages)
{
    QList<quint64> list;
    for (const Message &m : messages)
        list << m.id;
    return list;
}

QList<quint64> idsOf(const CycleReport &r, Event::Type type)
{
    QList<quint64> list;
    for (const Event &e : r.events) {
        if (e.type == type)
            list << e.message.id;
    }
    return list;
}

const Event *firstEvent(const CycleReport &r, Event::Type type)
{
    for (const Event &e : r.events) {
        if (e.type == type)
            return &e;
    }
    return nullptr;
}

QByteArray streamOf(const QList<CycleReport> &reports)
{
    QByteArray bytes;
    for (const CycleReport &r : reports) {
        for (const Event &e : r.events)
            bytes += eventToJsonLine(e);
    }
    return bytes;
}

Scenario loaded(const QByteArray &json)
{
    const ScenarioLoadResult r = parseScenario(json, QStringLiteral("edge.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.errors.join(QLatin1Char('\n'))));
    return *r.scenario;
}

/// The queue after the first cycle of the scenario @p json with @p mode ("priority" or
/// "topics") plus @p brokerExtra in its broker object, consumer A offline and producer P
/// sending @p messages (a JSON array): @p label of each queued message in dispatch order, then
/// "invariant broken" if one is; just "load failed" if the scenario does not load.
QStringList queuedAfterFirstCycle(const char *mode, const QByteArray &brokerExtra, const QByteArray &messages,
                                  QString (*label)(const Message &))
{
    const QByteArray json = QByteArray(R"({"broker": {"mode": "MODE")").replace("MODE", mode) + brokerExtra + R"(, "maxIdleCycles": 0},
        "consumers": [{"name": "A", "online": false}],
        "producers": [{"name": "P", "messages": )" + messages + "}]}";
    Simulation sim;
    if (!sim.load(loaded(json)).isEmpty())
        return {QStringLiteral("load failed")};
    sim.step();
    QStringList list;
    for (const Message &m : queuedMessages(sim.broker()))
        list << label(m);
    if (!sim.checkInvariants().isEmpty())
        list << QStringLiteral("invariant broken");
    return list;
}

} // namespace

class TestEdgeCases : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deadLettersBoundedByBytes();
    void emptyScenario();
    void noConsumers();
    void allConsumersOffline_data();
    void allConsumersOffline();
    void batchLargerThanQueue_data();
    void batchLargerThanQueue();
    void intLimitsInPriorityMode();
    void intLimitsInTopicsMode();
    void intLimitsInStrategies();
    void deliveriesSaturate();
    void negativeTtl();
    void whitelistedExpressionsCannotFailAtRunTime();
    void runtimeWarningReachesTheReport();
    void overlongAndDeepExpressionsAreRefused();
    void doubleMinusIsNotADecrement();
    void cycleIntervalZero();
    void zeroIntervalTickRunsCyclesAndReturns();
    void removingTheCursorHolder_data();
    void removingTheCursorHolder();
    void removingTheCursorHolderInTopicsMode();
    void loadingWhileRunning();
    void failedLoadChangesNothing();
    void timelineOfAScenarioLoadedMidRun();
    void modeSwitchWithMessagesQueued();
    void settingWholeObjectsByPath();
};

void TestEdgeCases::emptyScenario()
{
    const ScenarioLoadResult r = parseScenario("{}", QStringLiteral("empty.json"));
    QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QCOMPARE(r.scenario->name, QStringLiteral("empty"));
    QVERIFY(r.scenario->consumers.isEmpty());
    QVERIFY(r.scenario->producers.isEmpty());

    Simulation sim;
    QCOMPARE(sim.load(*r.scenario), QStringList());
    const QList<CycleReport> reports = runChecked(sim, 100);
    QVERIFY(allHeld(reports));
    QCOMPARE(reports.size(), 3);  // the default maxIdleCycles
    for (const CycleReport &report : reports) {
        QVERIFY(report.idle);
        QCOMPARE(report.events.size(), 0);
    }
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.stopReason(), QStringLiteral("idle: queue empty for 3 cycles"));
    QCOMPARE(sim.step().cycle, -1);  // nothing more once finished
    // The empty setup saves and loads again.
    QVERIFY(parseScenario(QJsonDocument(scenarioToJson(sim.currentScenario())).toJson(), QStringLiteral("x")).ok());
}

void TestEdgeCases::noConsumers()
{
    // Scripted messages only: they wait (nothing lost), the broker stops after 3 idle cycles.
    Simulation sim;
    QCOMPARE(sim.load(scenario({}, numbered(5))), QStringList());
    QList<CycleReport> reports = runChecked(sim, 100);
    QVERIFY(allHeld(reports));
    QCOMPARE(reports.size(), 3);
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.stopReason(), QStringLiteral("idle: no consumer online for 3 cycles"));
    QCOMPARE(sim.broker().size(), 5);
    QCOMPARE(sim.metrics().totals().produced, 5);
    QCOMPARE(sim.metrics().totals().dispatched, 0);

    // A generator without end keeps the run going: the backlog grows by perCycle each cycle.
    Scenario s = scenario({}, {});
    GeneratorConfig g;
    g.perCycle = 2;
    s.producers[0].generator = g;
    QCOMPARE(sim.load(s), QStringList());
    reports = runChecked(sim, 50);
    QVERIFY(allHeld(reports));
    QCOMPARE(reports.size(), 50);
    QVERIFY(!sim.isFinished());
    QCOMPARE(sim.broker().size(), 100);
    QVERIFY(reports.last().idle);
}

void TestEdgeCases::allConsumersOffline_data()
{
    QTest::addColumn<int>("maxIdleCycles");
    QTest::addColumn<int>("expectedCycles");  // cycles run before the stop, or all 100
    QTest::addRow("idle stop after 3") << 3 << 3;
    QTest::addRow("idle stop after 1") << 1 << 1;
    QTest::addRow("maxIdleCycles 0 never stops") << 0 << 100;
}

void TestEdgeCases::allConsumersOffline()
{
    QFETCH(int, maxIdleCycles);
    QFETCH(int, expectedCycles);
    Scenario s = scenario({consumer(QStringLiteral("A"), QStringLiteral("accept-all"), {}, false),
                           consumer(QStringLiteral("B"), QStringLiteral("priority"), {}, false)},
                          numbered(7));
    s.broker.maxIdleCycles = maxIdleCycles;
    Simulation sim;
    QCOMPARE(sim.load(s), QStringList());
    const QList<CycleReport> reports = runChecked(sim, 100);
    QVERIFY(allHeld(reports));
    QCOMPARE(reports.size(), expectedCycles);
    QCOMPARE(sim.isFinished(), maxIdleCycles > 0);
    if (maxIdleCycles > 0)
        QCOMPARE(sim.stopReason(), QStringLiteral("idle: no consumer online for %1 cycles").arg(maxIdleCycles));
    for (const CycleReport &r : reports) {
        QVERIFY(r.idle);
        QCOMPARE(r.counts.dispatched, 0);
    }
    QCOMPARE(sim.broker().size(), 7);  // nothing lost, nothing handed out

    if (maxIdleCycles == 0) {
        // A consumer coming back drains the backlog in the next (drain) cycle.
        sim.setConsumerOnline(0, true);
        STEP_CHECKED(sim, r);
        QVERIFY(!r.idle);
        QCOMPARE(r.counts.processed, 7);
        QCOMPARE(sim.broker().size(), 0);
    }
}

void TestEdgeCases::batchLargerThanQueue_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("batchesPerCycle");
    QTest::addColumn<int>("expectedBatches");
    QTest::addColumn<int>("expectedProcessed");
    QTest::addRow("fifo drain") << "fifo" << 0 << 1 << 5;
    QTest::addRow("fifo paced") << "fifo" << 5 << 1 << 5;
    QTest::addRow("priority drain") << "priority" << 0 << 1 << 5;  // a batch runs across priorities
    QTest::addRow("topics drain") << "topics" << 0 << 3 << 5;      // a batch comes from one topic
    QTest::addRow("topics paced") << "topics" << 2 << 2 << 3;      // orders-0 (2), then orders-1 (1)
}

void TestEdgeCases::batchLargerThanQueue()
{
    QFETCH(QString, mode);
    QFETCH(int, batchesPerCycle);
    QFETCH(int, expectedBatches);
    QFETCH(int, expectedProcessed);
    // Five messages over the three default topics (priorities 1, 8, 5, 9, 0).
    const QByteArray json = R"({"broker": {"mode": ")" + mode.toUtf8() + R"(", "batchSize": 1000000,
        "dispatch": )" + (batchesPerCycle > 0 ? QByteArray(R"({"batchesPerCycle": )") + QByteArray::number(batchesPerCycle) + "}"
                                              : QByteArray(R"("drain")")) + R"(},
        "consumers": [{"name": "A"}],
        "producers": [{"name": "P", "messages": [{"priority": 1}, {"priority": 8}, {"priority": 5},
                                                 {"priority": 9}, {"priority": 0}]}]})";
    Simulation sim;
    QCOMPARE(sim.load(loaded(json)), QStringList());
    STEP_CHECKED(sim, r);
    QCOMPARE(r.counts.batches, expectedBatches);
    QCOMPARE(r.counts.processed, expectedProcessed);
    QCOMPARE(sim.broker().size(), 5 - r.counts.processed);
    if (mode == QLatin1String("priority"))
        QCOMPARE(idsOf(r, Event::Type::Processed), (QList<quint64>{4, 2, 3, 1, 5}));
    if (mode == QLatin1String("fifo"))
        QCOMPARE(idsOf(r, Event::Type::Processed), (QList<quint64>{1, 2, 3, 4, 5}));
}

void TestEdgeCases::intLimitsInPriorityMode()
{
    // Highest first; INT_MIN last; no clamp, then a clamp at INT_MAX (no effect), then at 5
    // (INT_MAX ties with 5 and 7, in arrival order).
    const QByteArray messages = R"([{"data": "min", "priority": -2147483648}, {"data": "five", "priority": 5},
        {"data": "max", "priority": 2147483647}, {"data": "seven", "priority": 7},
        {"data": "max-1", "priority": 2147483646}])";
    const auto order = [&](const QByteArray &clamp) {
        return queuedAfterFirstCycle("priority", clamp, messages, [](const Message &m) { return m.data.text(); });
    };
    const QStringList highestFirst{"max", "max-1", "seven", "five", "min"};
    QCOMPARE(order(""), highestFirst);
    QCOMPARE(order(R"(, "maxPriority": 2147483647)"), highestFirst);
    QCOMPARE(order(R"(, "maxPriority": 5)"), (QStringList{"five", "max", "seven", "max-1", "min"}));
    QCOMPARE(order(R"(, "maxPriority": 0)"), (QStringList{"five", "max", "seven", "max-1", "min"}));
}

void TestEdgeCases::intLimitsInTopicsMode()
{
    // Outside every band: the nearest band, the distance computed without overflow, both with the
    // default bands (0..9) and with bands reaching the int limits.
    const QByteArray messages = R"([{"data": "min", "priority": -2147483648}, {"data": "max", "priority": 2147483647},
        {"data": "zero", "priority": 0}, {"data": "minus", "priority": -1}])";
    const auto topicsOf = [&](const QByteArray &bands) {
        return queuedAfterFirstCycle("topics", bands, messages,
                                     [](const Message &m) -> QString { return m.data.text() + QLatin1Char('@') + m.topic.text(); });
    };
    QCOMPARE(topicsOf(""), (QStringList{"max@orders-0", "min@orders-2", "zero@orders-2", "minus@orders-2"}));
    QCOMPARE(topicsOf(R"(, "topics": [{"name": "low", "priorities": [-2147483648, -1]},
                                      {"name": "high", "priorities": [0, 2147483647]}])"),
             (QStringList{"min@low", "minus@low", "max@high", "zero@high"}));
    // A single narrow band far from both limits takes everything.
    QCOMPARE(topicsOf(R"(, "topics": [{"name": "only", "priorities": [3, 3]}])"),
             (QStringList{"min@only", "max@only", "zero@only", "minus@only"}));
}

void TestEdgeCases::intLimitsInStrategies()
{
    // Through whole runs (drain): TTL INT_MAX is postponed with INT_MAX - 1, TTL INT_MIN is
    // discarded; priority INT_MIN ages by the largest step without overflow; a failure at
    // priority INT_MAX requeues it with INT_MAX - 1; a generator over the full int range works.
    const QByteArray json = R"({"seed": 3, "broker": {"batchSize": 1, "dispatch": {"batchesPerCycle": 1}, "maxIdleCycles": 0},
        "consumers": [{"name": "ttl", "strategy": {"type": "ttl", "low": 0, "high": 4}}],
        "producers": [{"name": "P", "messages": [{"data": "tmax", "ttl": 2147483647}, {"data": "tmin", "ttl": -2147483648}]}]})";
    Simulation sim;
    QCOMPARE(sim.load(loaded(json)), QStringList());
    {
        STEP_CHECKED(sim, r);
        const Event *postponed = firstEvent(r, Event::Type::Postponed);
        QVERIFY(postponed);
        QCOMPARE(postponed->after.ttl, INT_MAX - 1);
    }
    {
        STEP_CHECKED(sim, r);
        const Event *discarded = firstEvent(r, Event::Type::Discarded);
        QVERIFY(discarded);
        QCOMPARE(discarded->message.ttl, INT_MIN);
        QCOMPARE(discarded->reason, QStringLiteral("ttl-expired"));
    }

    const QByteArray aging = R"({"broker": {"batchSize": 1, "dispatch": {"batchesPerCycle": 1}, "maxIdleCycles": 0},
        "consumers": [{"name": "prio", "strategy": {"type": "priority", "threshold": 1000000, "agingStep": 1000000}},
                      {"name": "fails", "online": false, "failureRate": 1}],
        "producers": [{"name": "P", "messages": [{"data": "pmin", "priority": -2147483648}]},
                      {"name": "Q", "messages": [{"data": "pmax", "priority": 2147483647, "atCycle": 5}]}]})";
    QCOMPARE(sim.load(loaded(aging)), QStringList());
    {
        STEP_CHECKED(sim, r);
        const Event *postponed = firstEvent(r, Event::Type::Postponed);
        QVERIFY(postponed);
        QCOMPARE(postponed->after.priority, INT_MIN + 1000000);
    }
    // The INT_MIN message climbs a million per cycle; let it settle, then only the failing
    // consumer takes the INT_MAX one.
    for (int i = 0; i < 4; ++i) {
        STEP_CHECKED(sim, r);
        Q_UNUSED(r);
    }
    sim.setConsumerOnline(0, false);
    sim.setConsumerOnline(1, true);
    QCOMPARE(sim.applySetting(QStringLiteral("broker.mode"), QStringLiteral("priority")), QString());
    {
        STEP_CHECKED(sim, r);  // cycle 5: pmax arrives and is served first (highest priority)
        const Event *failed = firstEvent(r, Event::Type::Failed);
        QVERIFY(failed);
        QCOMPARE(failed->message.data.text(), QStringLiteral("pmax"));
        QCOMPARE(failed->after.priority, INT_MAX);  // accept-all requeues unchanged
    }
    QCOMPARE(sim.setConsumerStrategyType(1, QStringLiteral("priority")), QString());
    QCOMPARE(sim.setConsumerParameter(1, QStringLiteral("threshold"), -1000000), QString());
    {
        STEP_CHECKED(sim, r);
        const Event *failed = firstEvent(r, Event::Type::Failed);
        QVERIFY(failed);
        QCOMPARE(failed->after.priority, INT_MAX - 1);  // priority strategy: failure = priority - 1
    }

    const QByteArray fullRange = R"({"broker": {"mode": "topics", "maxIdleCycles": 0, "maxDeliveriesPerCycle": 500},
        "consumers": [{"name": "A", "strategy": {"type": "ttl", "low": -1000000, "high": 1000000}, "failureRate": 0.3},
                      {"name": "B", "strategy": {"type": "priority", "threshold": 0, "agingStep": 1000000}}],
        "producers": [{"name": "P", "generator": {"perCycle": 5, "priority": [-2147483648, 2147483647],
                                                  "ttl": [-2147483648, 2147483647]}}]})";
    QCOMPARE(sim.load(loaded(fullRange)), QStringList());
    const QList<CycleReport> reports = runChecked(sim, 60);
    QVERIFY(allHeld(reports));
    QCOMPARE(sim.metrics().totals().produced, 300);
    QVERIFY(sim.metrics().totals().discarded > 0);
    QVERIFY(sim.metrics().totals().processed > 0);
}

void TestEdgeCases::deliveriesSaturate()
{
    // A message that loops for ever (aging step 0) counts its deliveries; at INT_MAX the count
    // stays there instead of overflowing (a drain cycle can deliver up to 2^53 times).
    BrokerConfig config;
    config.batchSize = 1;
    config.maxDeliveriesPerCycle = 4;
    Broker broker(config);
    Message m;
    m.priority = 0;
    m.deliveries = INT_MAX - 2;
    broker.accept(m);
    Broker::Consumers consumers;
    std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(QStringLiteral("priority"));
    QCOMPARE(strategy->setParameter(QStringLiteral("agingStep"), 0), QString());
    consumers.push_back(std::make_unique<Consumer>(QStringLiteral("A"), std::move(strategy)));
    std::mt19937_64 rng(1);
    Metrics metrics;
    CycleReport report;
    const EventSink noSink;
    EventRecorder events(report, noSink, true);
    broker.dispatch(consumers, 0, rng, metrics, report, &events);
    events.finish();
    QVERIFY(report.capReached);
    QCOMPARE(report.counts.dispatched, 4);
    QCOMPARE(broker.size(), 1);
    QCOMPARE(broker.at(0).deliveries, INT_MAX);
    QCOMPARE(report.events.last().after.deliveries, INT_MAX);
}

void TestEdgeCases::negativeTtl()
{
    const QByteArray json = R"({"broker": {"batchSize": 1, "maxIdleCycles": 0},
        "consumers": [{"name": "ttl", "strategy": {"type": "ttl", "low": 0, "high": 4}},
                      {"name": "neg", "strategy": {"type": "ttl", "low": -10, "high": -2}},
                      {"name": "all"}],
        "producers": [{"name": "P", "messages": [{"data": "a", "ttl": -5}, {"data": "b", "ttl": -5},
                                                 {"data": "c", "ttl": -5}]}]})";
    Simulation sim;
    QCOMPARE(sim.load(loaded(json)), QStringList());
    STEP_CHECKED(sim, r);
    // Round-robin: a to ttl (discarded: -5 <= 0), b to neg (processed: -10 < -5 < -2), c to all.
    QCOMPARE(r.counts.discarded, 1);
    QCOMPARE(r.counts.processed, 2);
    QCOMPARE(sim.broker().deadLetters().front().message.data.text(), QStringLiteral("a"));
    QCOMPARE(sim.broker().deadLetters().front().reason, QStringLiteral("ttl-expired"));

    // Generated negative TTLs are valid too; the TTL strategy discards them all.
    const QByteArray gen = R"({"consumers": [{"name": "ttl", "strategy": {"type": "ttl"}}],
        "producers": [{"name": "P", "generator": {"perCycle": 3, "ttl": [-5, -1], "untilCycle": 9}}]})";
    QCOMPARE(sim.load(loaded(gen)), QStringList());
    const QList<CycleReport> reports = runChecked(sim, 100);
    QVERIFY(allHeld(reports));
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.metrics().totals().discarded, 30);
    QCOMPARE(sim.metrics().totals().processed, 0);
}

void TestEdgeCases::whitelistedExpressionsCannotFailAtRunTime()
{
    // Whatever passes the whitelist reads only the given names and literals with operators:
    // no call, member access or unknown name can throw. Nonsense arithmetic gives NaN or a
    // string, which compares false, never an error (the fuzz target checks the same on random
    // expressions).
    const QStringList tricky = {
        QStringLiteral("priority % 0 == 0"),
        QStringLiteral("data * 2 > 1"),
        QStringLiteral("-data == 0"),
        QStringLiteral("data - priority < 0 || !data"),
        QStringLiteral("(ttl + data) == \"5x\""),
        QStringLiteral("999999999999999 * 999999999999999 * cycle > 0"),
        QStringLiteral("!!!!!!!!!!true"),
        QStringLiteral("priority - -ttl > -(-(-1))"),
    };
    Expression::Variables extremes;
    extremes.data = QStringLiteral("x");
    extremes.priority = INT_MAX;
    extremes.ttl = INT_MIN;
    extremes.cycle = qint64(1) << 53;
    for (const QString &text : tricky) {
        Expression e;
        QCOMPARE(e.setText(text), QString());
        for (const Expression::Variables &v : {Expression::Variables{}, extremes}) {
            QString error;
            QVERIFY2(e.evaluate(v, &error).has_value(), qPrintable(text + QStringLiteral(": ") + error));
        }
    }
    QString error;
    QVERIFY(!Expression().evaluate({}, &error).has_value());  // the one failure: none set
    QVERIFY(!error.isEmpty());
}

void TestEdgeCases::runtimeWarningReachesTheReport()
{
    // A decision that raises a runtime warning (as a predicate failing at run time would):
    // the message is still decided (processed), and the report carries one warning per message,
    // prefixed with the consumer's name.
    StrategyRegistry::instance().add(QStringLiteral("test-warns"), [] { return std::make_unique<WarningStrategy>(); });
    const auto cleanup = qScopeGuard([] { StrategyRegistry::instance().remove(QStringLiteral("test-warns")); });
    Simulation sim;
    QCOMPARE(sim.load(scenario({consumer(QStringLiteral("W"), QStringLiteral("test-warns"))}, numbered(2))), QStringList());
    STEP_CHECKED(sim, r);
    QCOMPARE(r.counts.processed, 2);
    QCOMPARE(r.warnings, (QStringList{QStringLiteral("W: could not evaluate message 1: processed it now"),
                                      QStringLiteral("W: could not evaluate message 2: processed it now")}));
    // The warning is taken once: the next cycle has none.
    STEP_CHECKED(sim, next);
    PL_VERIFY_OK(next.warnings);
}

void TestEdgeCases::overlongAndDeepExpressionsAreRefused()
{
    // A predicate is a line for a person to read: at most 10,000 characters, which bounds the
    // cost of compiling and of evaluating it for every message. Longer ones are refused with the
    // column where the limit is passed, before QJSEngine sees them.
    const QString longest = QStringLiteral("data == \"") + QString(10000 - 10, QLatin1Char('x')) + QStringLiteral("\"");
    QCOMPARE(longest.size(), 10000);
    QCOMPARE(Expression::check(longest), QString());
    const QString tooLong = longest + QStringLiteral(" ");
    QCOMPARE(Expression::check(tooLong).left(13), QStringLiteral("column 10001:"));
    Expression e;
    QVERIFY(e.setText(tooLong).startsWith(QStringLiteral("column 10001:")));
    QVERIFY(e.text().isEmpty());
    // Nesting within the length is QJSEngine's to bound: deep is fine, too deep is a syntax
    // error (its own "maximum depth" message), never a crash.
    const auto nested = [](int depth) -> QString { return QString(depth, QLatin1Char('(')) + QStringLiteral("true") + QString(depth, QLatin1Char(')')); };
    QCOMPARE(Expression::check(nested(1000)), QString());
    QVERIFY(Expression::check(nested(4990)).startsWith(QStringLiteral("syntax error")));
    QVERIFY(Expression::check(QString(9990, QLatin1Char('!')) + QStringLiteral("true")).startsWith(QStringLiteral("syntax error")));
}

void TestEdgeCases::doubleMinusIsNotADecrement()
{
    // "--" is JavaScript's decrement: "--priority >= 5" would test priority - 1 and
    // "ttl - --priority" would subtract priority - 1, where the grammar's two unary minus signs
    // mean priority. Refused with its column; "- -priority" (with a space) means what it says.
    QCOMPARE(Expression::check(QStringLiteral("--priority >= 5")).left(9), QStringLiteral("column 1:"));
    QCOMPARE(Expression::check(QStringLiteral("ttl - --priority == 0")).left(9), QStringLiteral("column 7:"));
    QCOMPARE(Expression::check(QStringLiteral("!--priority")).left(9), QStringLiteral("column 2:"));
    QCOMPARE(Expression::check(QStringLiteral("priority-- -1 == 4")).left(9), QStringLiteral("column 9:"));
    Expression e;
    QCOMPARE(e.setText(QStringLiteral("ttl - - -priority == 0")), QString());
    Expression::Variables v;
    v.priority = 5;
    v.ttl = 5;
    QString error;
    QCOMPARE(e.evaluate(v, &error), std::optional<bool>(true));
    QCOMPARE(e.setText(QStringLiteral("- -priority >= 5")), QString());
    QCOMPARE(e.evaluate(v, &error), std::optional<bool>(true));
}

void TestEdgeCases::cycleIntervalZero()
{
    const Scenario s = loaded(R"({"broker": {"cycleIntervalMs": 0},
        "consumers": [{"name": "A", "strategy": {"type": "priority"}}],
        "producers": [{"name": "P", "generator": {"perCycle": 2, "untilCycle": 20}}]})");
    QCOMPARE(s.broker.cycleIntervalMs, 0);
    Simulation sim;
    QCOMPARE(sim.load(s), QStringList());
    QCOMPARE(sim.intervalMs(), 0);
    sim.setIntervalMs(-5);
    QCOMPARE(sim.intervalMs(), 0);  // negatives clamp to "as fast as possible"
    QCOMPARE(sim.currentScenario().broker.cycleIntervalMs, 0);

    // The interval does not change what happens: the same stream at 0 and at 500 ms.
    const QList<CycleReport> fast = runChecked(sim, 1000);
    QVERIFY(allHeld(fast));
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.load(s), QStringList());
    sim.setIntervalMs(500);
    const QList<CycleReport> slow = runChecked(sim, 1000);
    QVERIFY(allHeld(slow));
    QCOMPARE(streamOf(fast), streamOf(slow));
    QVERIFY(!streamOf(fast).isEmpty());
}

void TestEdgeCases::zeroIntervalTickRunsCyclesAndReturns()
{
    // A zero-interval timer tick runs cycles until the run finishes or about 10 ms pass, then
    // returns to the event loop. No waiting: each processEvents() call runs the due tick at once.
    const Scenario finite = loaded(R"({"broker": {"cycleIntervalMs": 0},
        "consumers": [{"name": "A", "strategy": {"type": "priority"}}],
        "producers": [{"name": "P", "generator": {"perCycle": 2, "untilCycle": 20}}]})");
    Simulation stepped;
    QCOMPARE(stepped.load(finite), QStringList());
    const QByteArray expected = streamOf(runChecked(stepped, 1000));

    Simulation sim;
    QCOMPARE(sim.load(finite), QStringList());
    QList<CycleReport> reports;
    QStringList broken;
    connect(&sim, &Simulation::cycleCompleted, &sim, [&](const CycleReport &r) {
        reports << r;
        broken << sim.checkInvariants();
    });
    QSignalSpy finished(&sim, &Simulation::finished);
    sim.run();
    QVERIFY(sim.isRunning());
    for (int i = 0; i < 10000 && sim.isRunning(); ++i)
        QCoreApplication::processEvents();
    QVERIFY(!sim.isRunning());
    QVERIFY(sim.isFinished());
    QCOMPARE(finished.count(), 1);
    QVERIFY2(broken.isEmpty(), qPrintable(broken.join(QStringLiteral("; "))));
    QCOMPARE(streamOf(reports), expected);

    // A run without end: one tick runs at least one cycle and comes back (bounded by time, not
    // by the end of the run).
    Scenario endless = finite;
    endless.producers[0].generator->untilCycle = -1;
    endless.broker.maxIdleCycles = 0;
    QCOMPARE(sim.load(endless), QStringList());
    reports.clear();
    sim.run();
    for (int i = 0; i < 10000 && sim.cycle() == 0; ++i)
        QCoreApplication::processEvents();
    QVERIFY(sim.cycle() > 0);
    QVERIFY(sim.isRunning());
    QVERIFY(!sim.isFinished());
    sim.pause();
    QVERIFY(!sim.isRunning());
    QVERIFY2(broken.isEmpty(), qPrintable(broken.join(QStringLiteral("; "))));
}

void TestEdgeCases::removingTheCursorHolder_data()
{
    QTest::addColumn<int>("batchesBefore");  // batches handed out before the removal
    QTest::addColumn<int>("removed");        // index removed (the cursor holder)
    QTest::addColumn<QStringList>("next");   // who gets the next three batches
    // A gets batch 1 (cursor on A); removing A: the next batch goes to B, the one after A.
    QTest::addRow("first") << 1 << 0 << QStringList{"B", "C", "B"};
    // B holds the cursor; removing B: C is next.
    QTest::addRow("middle") << 2 << 1 << QStringList{"C", "A", "C"};
    // C, the last one, holds the cursor; removing C: the order wraps round to A.
    QTest::addRow("last") << 3 << 2 << QStringList{"A", "B", "A"};
}

void TestEdgeCases::removingTheCursorHolder()
{
    QFETCH(int, batchesBefore);
    QFETCH(int, removed);
    QFETCH(QStringList, next);
    Scenario s = scenario({consumer(QStringLiteral("A")), consumer(QStringLiteral("B")), consumer(QStringLiteral("C"))},
                          numbered(20));
    s.broker.batchSize = 1;
    s.broker.batchesPerCycle = 1;
    Simulation sim;
    QCOMPARE(sim.load(s), QStringList());
    for (int i = 0; i < batchesBefore; ++i) {
        STEP_CHECKED(sim, r);
        Q_UNUSED(r);
    }
    QCOMPARE(sim.broker().cursor(), removed);
    sim.removeConsumer(removed);
    PL_VERIFY_OK(sim.checkInvariants());  // the removed consumer's counts are kept
    QStringList got;
    for (int i = 0; i < 3; ++i) {
        STEP_CHECKED(sim, r);
        const Event *dispatched = firstEvent(r, Event::Type::Dispatched);
        QVERIFY(dispatched);
        got << dispatched->consumer;
    }
    QCOMPARE(got, next);
}

void TestEdgeCases::removingTheCursorHolderInTopicsMode()
{
    // Each topic keeps its own cursor; removing the consumer holding a topic's cursor passes that
    // topic's next batch to the subscriber after it.
    const QByteArray json = R"({"broker": {"mode": "topics", "batchSize": 1, "dispatch": {"batchesPerCycle": 1},
                                           "topics": [{"name": "t", "priorities": [0, 9]}]},
        "consumers": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}],
        "producers": [{"name": "P", "generator": {"perCycle": 1}}]})";
    Simulation sim;
    QCOMPARE(sim.load(loaded(json)), QStringList());
    for (int i = 0; i < 2; ++i) {
        STEP_CHECKED(sim, r);  // A, then B
        Q_UNUSED(r);
    }
    QCOMPARE(sim.broker().subQueues().front().cursor, 1);
    sim.removeConsumer(1);  // B
    QStringList got;
    for (int i = 0; i < 4; ++i) {
        STEP_CHECKED(sim, r);
        got << firstEvent(r, Event::Type::Dispatched)->consumer;
    }
    QCOMPARE(got, (QStringList{"C", "D", "A", "C"}));
}

void TestEdgeCases::loadingWhileRunning()
{
    PL_LOAD_PRESET(first, QStringLiteral("default.json"));
    PL_LOAD_PRESET(second, QStringLiteral("reference-priority.json"));
    Simulation sim;
    sim.setHashWorkload(true);  // kept across load(): the new run's hash starts afresh
    QCOMPARE(sim.load(first), QStringList());
    // Leave traces everywhere: cycles, a backlog, dead letters, a removed consumer, a message
    // sent by hand and not produced yet, a finished-looking state.
    QCOMPARE(sim.applySetting(QStringLiteral("consumers[2].strategy.low"), 5), QString());
    const QList<CycleReport> before = runChecked(sim, 30);
    QVERIFY(allHeld(before));
    sim.removeConsumer(0);
    sim.sendMessage(scripted(QStringLiteral("stale"), 9, 9));
    QVERIFY(sim.broker().size() > 0);
    QVERIFY(sim.broker().deadLetterCount() > 0);
    sim.run();
    QVERIFY(sim.isRunning());

    QSignalSpy running(&sim, &Simulation::runningChanged);
    QSignalSpy loadedSpy(&sim, &Simulation::scenarioLoaded);
    QCOMPARE(sim.load(second), QStringList());
    QVERIFY(!sim.isRunning());
    QCOMPARE(running.count(), 1);
    QCOMPARE(running.at(0).at(0).toBool(), false);
    QCOMPARE(loadedSpy.count(), 1);
    QCOMPARE(sim.cycle(), 0);
    QVERIFY(!sim.isFinished());
    QVERIFY(sim.stopReason().isEmpty());
    QCOMPARE(sim.broker().size(), 0);
    QCOMPARE(sim.broker().nextId(), quint64(1));
    QCOMPARE(sim.broker().cursor(), -1);
    QVERIFY(sim.broker().deadLetters().empty());
    QCOMPARE(sim.broker().deadLetterCount(), 0);
    QCOMPARE(sim.metrics().totals().produced, 0);
    QCOMPARE(sim.metrics().totals().batches, 0);
    QVERIFY(sim.metrics().history().empty());
    QVERIFY(sim.metrics().latencyPriorities().isEmpty());
    QCOMPARE(sim.metrics().overtaken(), 0);
    QCOMPARE(sim.removedConsumerStats().received, 0);
    QCOMPARE(sim.consumers().size(), size_t(3));
    for (const auto &c : sim.consumers())
        QCOMPARE(c->stats.received, 0);
    QCOMPARE(sim.intervalMs(), second.broker.cycleIntervalMs);
    PL_VERIFY_OK(sim.checkInvariants());

    // The new run is exactly the new scenario's: no stale message, same as a fresh simulation.
    Simulation fresh;
    fresh.setHashWorkload(true);
    QCOMPARE(fresh.load(second), QStringList());
    const QList<CycleReport> after = runChecked(sim, 1000);
    QVERIFY(allHeld(after));
    QCOMPARE(streamOf(after), streamOf(runChecked(fresh, 1000)));
    QVERIFY(!streamOf(after).contains("stale"));
    QCOMPARE(sim.workloadHash(), fresh.workloadHash());
    QVERIFY(sim.workloadHash() != WordHash::Basis);
}

void TestEdgeCases::failedLoadChangesNothing()
{
    Simulation sim;
    QCOMPARE(sim.load(scenario({consumer(QStringLiteral("A"), QStringLiteral("priority"))}, numbered(6))), QStringList());
    STEP_CHECKED(sim, r);
    Q_UNUSED(r);
    const qint64 cycle = sim.cycle();
    const qsizetype queued = sim.broker().size();
    QSignalSpy loadedSpy(&sim, &Simulation::scenarioLoaded);
    Scenario bad = scenario({consumer(QStringLiteral("X"), QStringLiteral("fastest"))}, {});
    QVERIFY(!sim.load(bad).isEmpty());
    QCOMPARE(loadedSpy.count(), 0);
    QCOMPARE(sim.cycle(), cycle);
    QCOMPARE(sim.broker().size(), queued);
    QCOMPARE(sim.consumers().front()->name, QStringLiteral("A"));
    PL_VERIFY_OK(sim.checkInvariants());
}

void TestEdgeCases::timelineOfAScenarioLoadedMidRun()
{
    // A scenario loaded at cycle 100 of another run starts at cycle 0: its timeline changes at
    // cycles 0 and 50 (long "passed" on the old clock) apply at cycles 0 and 50 of the new run,
    // once each, before that cycle's producers.
    PL_LOAD_PRESET(other, QStringLiteral("default.json"));
    Simulation sim;
    QCOMPARE(sim.load(other), QStringList());
    QVERIFY(allHeld(runChecked(sim, 100)));
    QCOMPARE(sim.cycle(), 100);

    const Scenario s = loaded(R"({"broker": {"maxIdleCycles": 0, "dispatch": {"batchesPerCycle": 1}},
        "consumers": [{"name": "A", "strategy": {"type": "priority", "threshold": 9, "agingStep": 0}}],
        "producers": [{"name": "P", "generator": {"perCycle": 1, "priority": [5, 5]}}],
        "timeline": [{"atCycle": 50, "set": {"consumers[0].strategy.threshold": 0}},
                     {"atCycle": 0, "set": {"broker.batchSize": 1}}]})");
    QCOMPARE(sim.load(s), QStringList());
    const QList<CycleReport> reports = runChecked(sim, 80);
    QVERIFY(allHeld(reports));
    for (const CycleReport &r : reports) {
        if (r.cycle == 0)
            QCOMPARE(r.timelineChanges, QStringList{QStringLiteral("broker.batchSize = 1")});
        else if (r.cycle == 50)
            QCOMPARE(r.timelineChanges, QStringList{QStringLiteral("consumers[0].strategy.threshold = 0")});
        else
            QVERIFY2(r.timelineChanges.isEmpty(), qPrintable(QString::number(r.cycle)));
        PL_VERIFY_OK(r.warnings);
        // Threshold 9 postpones every priority-5 message until the change at cycle 50.
        if (r.cycle < 50)
            QCOMPARE(r.counts.processed, 0);
        else
            QVERIFY(r.counts.processed > 0);
    }
    QCOMPARE(sim.currentScenario().broker.batchSize, 1);
}

void TestEdgeCases::modeSwitchWithMessagesQueued()
{
    // Six messages (priorities 3, 4, 9, 6, 1, 8; ids 1..6); message 1 is postponed once (aging
    // to priority 4), so it arrives again after 6. Arrival order: 2, 3, 4, 5, 6, 1.
    const Scenario s = loaded(R"({"broker": {"batchSize": 1, "dispatch": {"batchesPerCycle": 1}, "maxIdleCycles": 0},
        "consumers": [{"name": "gate", "strategy": {"type": "priority", "threshold": 10}}],
        "producers": [{"name": "P", "messages": [{"priority": 3}, {"priority": 4}, {"priority": 9},
                                                 {"priority": 6}, {"priority": 1}, {"priority": 8}]}]})");
    Simulation sim;
    QCOMPARE(sim.load(s), QStringList());
    {
        STEP_CHECKED(sim, r);
        QCOMPARE(r.counts.postponed, 1);
    }
    sim.setConsumerOnline(0, false);
    const QList<quint64> arrival{2, 3, 4, 5, 6, 1};
    QCOMPARE(ids(queuedMessages(sim.broker())), arrival);

    const auto switchTo = [&](const QString &mode) {
        const QString e = sim.applySetting(QStringLiteral("broker.mode"), mode);
        return e.isEmpty() && sim.checkInvariants().isEmpty() && sim.broker().size() == 6;
    };
    // priority: highest first, arrival order within a priority (2 before 1 at priority 4).
    QVERIFY(switchTo(QStringLiteral("priority")));
    QCOMPARE(ids(queuedMessages(sim.broker())), (QList<quint64>{3, 6, 4, 2, 1, 5}));
    // topics (orders-0 7..9, orders-1 4..6, orders-2 0..3): arrival order within each topic
    // (orders-1: 2, 4, 1), not the order priority mode served them in (4, 2, 1).
    QVERIFY(switchTo(QStringLiteral("topics")));
    QCOMPARE(ids(queuedMessages(sim.broker())), (QList<quint64>{3, 6, 2, 4, 1, 5}));
    // fifo: back to arrival order.
    QVERIFY(switchTo(QStringLiteral("fifo")));
    QCOMPARE(ids(queuedMessages(sim.broker())), arrival);
    // A clamp in priority mode ties 9, 8 and 6 at 6: arrival order among them.
    QVERIFY(switchTo(QStringLiteral("priority")));
    QCOMPARE(sim.applySetting(QStringLiteral("broker.maxPriority"), 6), QString());
    QCOMPARE(ids(queuedMessages(sim.broker())), (QList<quint64>{3, 4, 6, 2, 1, 5}));
    QCOMPARE(sim.broker().size(), 6);

    // Dispatch follows the new mode's order; every message ends processed, none lost.
    sim.setConsumerOnline(0, true);
    QCOMPARE(sim.setConsumerStrategyType(0, QStringLiteral("accept-all")), QString());
    QList<quint64> processed;
    for (int i = 0; i < 6; ++i) {
        STEP_CHECKED(sim, r);
        processed << idsOf(r, Event::Type::Processed);
    }
    QCOMPARE(processed, (QList<quint64>{3, 4, 6, 2, 1, 5}));
    QCOMPARE(sim.broker().size(), 0);
    QCOMPARE(sim.metrics().totals().processed, 6);
}

void TestEdgeCases::settingWholeObjectsByPath()
{
    // A path may name a whole object ("broker", "consumers[0]"): it is applied to the live
    // system like its leaves. A whole array ("consumers", "producers") cannot be applied to a
    // running system (counts, cursors): refused with the fix, never accepted and ignored. A
    // timeline change doing it warns when its cycle comes.
    Simulation sim;
    QCOMPARE(sim.load(scenario({consumer(QStringLiteral("A")), consumer(QStringLiteral("B"))}, numbered(4))), QStringList());
    QCOMPARE(sim.applySetting(QStringLiteral("broker"), QJsonObject{{"mode", "priority"}, {"batchSize", 1}}), QString());
    QCOMPARE(sim.broker().config().mode, BrokerConfig::Mode::Priority);
    QCOMPARE(sim.broker().config().batchSize, 1);
    QCOMPARE(sim.currentScenario().broker.batchSize, 1);
    QCOMPARE(sim.applySetting(QStringLiteral("consumers[1]"), QJsonObject{{"name", "B"}, {"online", false}}), QString());
    QVERIFY(!sim.consumers().at(1)->online);

    const QString error = sim.applySetting(QStringLiteral("consumers"), QJsonArray{QJsonObject{{"name", "C"}}});
    QVERIFY2(error.startsWith(QStringLiteral("consumers: ")), qPrintable(error));
    QCOMPARE(sim.consumers().size(), size_t(2));
    QVERIFY(sim.applySetting(QStringLiteral("producers"), QJsonArray{}).startsWith(QStringLiteral("producers: ")));
    QCOMPARE(sim.producers().size(), size_t(1));
    PL_VERIFY_OK(sim.checkInvariants());

    Scenario s = scenario({consumer(QStringLiteral("A"))}, numbered(2));
    s.timeline << TimelineChange{1, QStringLiteral("consumers"), QJsonArray{QJsonObject{{"name", "Z"}}}};
    QCOMPARE(sim.load(s), QStringList());
    STEP_CHECKED(sim, first);
    PL_VERIFY_OK(first.warnings);
    STEP_CHECKED(sim, second);
    QCOMPARE(second.warnings.size(), 1);
    QVERIFY2(second.warnings.at(0).contains(QStringLiteral("consumers: ")), qPrintable(second.warnings.at(0)));
    QCOMPARE(sim.consumers().front()->name, QStringLiteral("A"));
}

void TestEdgeCases::deadLettersBoundedByBytes()
{
    // The dead-letter list kept the full data of its last 10,000 messages (200 MB of 10,000-
    // character payloads); it is bounded by bytes too, keeping the newest.
    Scenario s;
    ConsumerConfig c;
    c.name = QStringLiteral("Lossy");
    c.strategy.type = QStringLiteral("ttl");
    c.strategy.parameters = {{QStringLiteral("low"), 3}, {QStringLiteral("high"), 4}};
    s.consumers << c;
    ProducerConfig p;
    p.name = QStringLiteral("P");
    GeneratorConfig g;
    g.perCycle = 100;
    g.untilCycle = 19;
    g.data = QString(9990, QLatin1Char('x')) + QStringLiteral("{n}");
    p.generator = g;
    s.producers << p;
    Simulation sim;
    QVERIFY(sim.load(s).isEmpty());
    sim.setRecordEvents(false);
    sim.runCycles(-1);
    QCOMPARE(sim.broker().deadLetterCount(), 2000);
    qint64 bytes = 0;
    for (const Broker::DeadLetter &d : sim.broker().deadLetters())
        bytes += 2 * d.message.data.size();
    QVERIFY2(bytes <= Broker::deadLetterByteCapacity(), qPrintable(QString::number(bytes)));
    QVERIFY(sim.broker().deadLetters().size() > 100);
    QCOMPARE(sim.broker().deadLetters().back().message.data.text(), QString(9990, QLatin1Char('x')) + QStringLiteral("1999"));
}

QTEST_GUILESS_MAIN(TestEdgeCases)
#include "tst_edgecases.moc"
