// docs/design.md §1: the same scenario and seed give the identical event stream, whatever the timer
// interval; a different seed gives a different stream where randomness is used.
#include "core/analysis/eventjson.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QCryptographicHash>
#include <QSignalSpy>
#include <QTest>

Q_DECLARE_METATYPE(PriorityLab::Scenario)

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

constexpr int Cycles = 300;

/// The JSON Lines event stream of up to @p cycles cycles stepped by hand. @p intervalFor gives
/// the timer interval to set before each cycle (it must not matter).
QByteArray stream(const Scenario &scenario, int cycles, int (*intervalFor)(int) = nullptr)
{
    Simulation sim;
    if (!sim.load(scenario).isEmpty())
        return {};
    QByteArray bytes;
    for (int c = 0; c < cycles && !sim.isFinished(); ++c) {
        if (intervalFor)
            sim.setIntervalMs(intervalFor(c));
        const CycleReport r = sim.step();
        for (const Event &e : r.events)
            bytes += eventToJsonLine(e);
    }
    return bytes;
}

/// A scenario whose processing draws from the random generator (failures) besides generating.
Scenario withFailures()
{
    Scenario s = loadPreset(QStringLiteral("default.json"));
    s.consumers[0].failureRate = 0.3;
    s.consumers[2].failureRate = 0.1;
    return s;
}

} // namespace

class TestDeterminism : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameSeedSameStream_data();
    void sameSeedSameStream();
    void differentSeedDifferentStream();
    void seedOnlyMattersWhereRandomnessIsUsed();
    void independentOfInterval();
    void timerDrivenRunGivesTheSameStream();
    void resetReplaysTheSameStream();
    void recordingEventsDoesNotChangeTheRun();
    void generatedMessagesIndependentOfReliableConsumers();
    // The event sink streams what reports carried (docs/design.md §5).
    void sinkStreamsTheReportedEvents_data();
    void sinkStreamsTheReportedEvents();
    void reportKeepsABoundedSampleOfAHugeCycle();
};

void TestDeterminism::sameSeedSameStream_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addRow("default.json") << loadPreset(QStringLiteral("default.json"));
    QTest::addRow("default.json with failures") << withFailures();
}

void TestDeterminism::sameSeedSameStream()
{
    QFETCH(Scenario, scenario);
    const QByteArray first = stream(scenario, Cycles);
    const QByteArray second = stream(scenario, Cycles);
    QVERIFY(!first.isEmpty());
    // A lively run: hundreds of events of every kind the scenario can produce.
    QVERIFY(first.count('\n') > 3000);
    QVERIFY(first.contains("\"type\":\"processed\""));
    QVERIFY(first.contains("\"type\":\"postponed\""));
    QVERIFY(first.contains("\"cycle\":299,"));
    QCOMPARE(second.size(), first.size());
    QVERIFY(second == first);
}

void TestDeterminism::differentSeedDifferentStream()
{
    // default.json generates its messages from the seed: another seed, other messages.
    Scenario s = loadPreset(QStringLiteral("default.json"));
    const QByteArray seed42 = stream(s, Cycles);
    s.seed = 43;
    const QByteArray seed43 = stream(s, Cycles);
    QVERIFY(!seed43.isEmpty());
    QVERIFY(seed42 != seed43);
    // Even the first cycle differs (the first generated priorities or TTLs).
    QVERIFY(stream(s, 1) != stream(loadPreset(QStringLiteral("default.json")), 1));

    // Failures alone (no generator) also follow the seed.
    Scenario f = scenario({consumer(QStringLiteral("A"), QStringLiteral("accept-all"), {}, true, 0.5)},
                          numbered(200));
    f.seed = 1;
    const QByteArray one = stream(f, 5);
    f.seed = 2;
    const QByteArray two = stream(f, 5);
    QVERIFY(one.contains("\"type\":\"failed\""));
    QVERIFY(one != two);
    f.seed = 1;
    QVERIFY(stream(f, 5) == one);
}

void TestDeterminism::seedOnlyMattersWhereRandomnessIsUsed()
{
    // The reference presets use no randomness: every seed gives the same stream.
    for (const QString &file : {QStringLiteral("reference-priority.json"), QStringLiteral("reference-ttl.json"),
                                QStringLiteral("reference-predicate.json")}) {
        Scenario s = loadPreset(file);
        const QByteArray a = stream(s, 100);
        s.seed = 987654321;
        QVERIFY2(stream(s, 100) == a, qPrintable(file));
    }
}

void TestDeterminism::independentOfInterval()
{
    const Scenario s = withFailures();
    const QByteArray plain = stream(s, Cycles);
    // The interval changed before every cycle, between 0 (as fast as possible) and 1 s.
    const QByteArray varied = stream(s, Cycles, [](int c) { return (c * 37) % 1001; });
    QVERIFY(varied == plain);
    const QByteArray fastest = stream(s, Cycles, [](int) { return 0; });
    QVERIFY(fastest == plain);
}

void TestDeterminism::timerDrivenRunGivesTheSameStream()
{
    // The app's path: run() with interval 0 (as fast as possible, several cycles a tick).
    const Scenario s = withFailures();
    const QByteArray stepped = stream(s, Cycles);
    Simulation sim;
    QCOMPARE(sim.load(s), QStringList());
    QByteArray timed;
    qint64 received = 0;
    connect(&sim, &Simulation::cycleCompleted, this, [&](const CycleReport &r) {
        if (r.cycle >= Cycles) {
            sim.pause();
            return;
        }
        QCOMPARE(r.cycle, received);
        ++received;
        for (const Event &e : r.events)
            timed += eventToJsonLine(e);
        if (received == Cycles)
            sim.pause();
    });
    sim.setIntervalMs(0);
    sim.run();
    QVERIFY(sim.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
    QCOMPARE(received, Cycles);
    QVERIFY(timed == stepped);
}

void TestDeterminism::resetReplaysTheSameStream()
{
    Simulation sim;
    QCOMPARE(sim.load(withFailures()), QStringList());
    const auto collect = [&sim] {
        QByteArray bytes;
        for (int c = 0; c < 100; ++c) {
            for (const Event &e : sim.step().events)
                bytes += eventToJsonLine(e);
        }
        return bytes;
    };
    const QByteArray first = collect();
    sim.reset();
    QCOMPARE(sim.cycle(), 0);
    QCOMPARE(sim.broker().size(), 0);
    QCOMPARE(sim.metrics().totals().produced, 0);
    QVERIFY(collect() == first);
}

void TestDeterminism::recordingEventsDoesNotChangeTheRun()
{
    // Benchmarks switch event recording off; the run itself must stay the same.
    const Scenario s = withFailures();
    Simulation a;
    Simulation b;
    QCOMPARE(a.load(s), QStringList());
    QCOMPARE(b.load(s), QStringList());
    b.setRecordEvents(false);
    for (int c = 0; c < Cycles; ++c) {
        const CycleReport ra = a.step();
        const CycleReport rb = b.step();
        QVERIFY(rb.events.isEmpty());
        QCOMPARE(rb.counts.processed, ra.counts.processed);
        QCOMPARE(rb.counts.failed, ra.counts.failed);
        QCOMPARE(rb.queueDepth, ra.queueDepth);
    }
    QCOMPARE(b.metrics().totals().postponed, a.metrics().totals().postponed);
    QCOMPARE(b.metrics().totals().discarded, a.metrics().totals().discarded);
}

void TestDeterminism::generatedMessagesIndependentOfReliableConsumers()
{
    // Each producer draws from its own random stream and failures from another, so the
    // generated messages do not depend on what the consumers do: working, offline or failing
    // half of the time, the produced events are the same (compare runs rely on it).
    const auto produced = [](bool online, double failureRate) {
        Scenario s = loadPreset(QStringLiteral("default.json"));
        for (ConsumerConfig &c : s.consumers) {
            c.online = online;
            c.failureRate = failureRate;
        }
        QByteArray bytes;
        Simulation sim;
        if (!sim.load(s).isEmpty())
            return bytes;
        for (int c = 0; c < 50; ++c) {
            for (const Event &e : sim.step().events) {
                if (e.type == Event::Type::Produced)
                    bytes += eventToJsonLine(e);
            }
        }
        return bytes;
    };
    qsizetype perCycle = 0;
    for (const ProducerConfig &p : loadPreset(QStringLiteral("default.json")).producers)
        perCycle += p.generator ? p.generator->perCycle : 0;
    QVERIFY(perCycle > 0);
    const QByteArray working = produced(true, 0.0);
    QCOMPARE(working.count('\n'), 50 * perCycle);
    QVERIFY(produced(false, 0.0) == working);
    QVERIFY(produced(true, 0.5) == working);
}

QTEST_GUILESS_MAIN(TestDeterminism)
#include "tst_determinism.moc"

void TestDeterminism::sinkStreamsTheReportedEvents_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &file : presetFiles())
        QTest::addRow("%s", qPrintable(file)) << file;
}

void TestDeterminism::sinkStreamsTheReportedEvents()
{
    // Every preset (the three reference cases among them): the sink gives, event by event and
    // byte for byte, the JSON Lines stream the reports carry, in the same order.
    QFETCH(QString, file);
    PL_LOAD_PRESET(s, file);
    Simulation sim;
    QVERIFY(sim.load(s).isEmpty());
    QByteArray streamed;
    qint64 cycleOfLast = -1;
    bool inOrder = true;
    sim.setEventSink([&](const Event &e) {
        inOrder = inOrder && e.cycle >= cycleOfLast && e.cycle == sim.cycle();
        cycleOfLast = e.cycle;
        streamed += eventToJsonLine(e);
    });
    QByteArray reported;
    for (int c = 0; c < Cycles && !sim.isFinished(); ++c) {
        const CycleReport r = sim.step();
        QCOMPARE(r.eventsDropped, 0);
        for (const Event &e : r.events)
            reported += eventToJsonLine(e);
        // Streamed as the cycle ran, not after it.
        QCOMPARE(streamed.size(), reported.size());
    }
    QVERIFY(inOrder);
    QVERIFY(!streamed.isEmpty());
    QVERIFY(streamed == reported);
    QVERIFY(streamed == stream(s, Cycles));

    // Without recorded events the sink still gets every one.
    Simulation quiet;
    QVERIFY(quiet.load(s).isEmpty());
    quiet.setRecordEvents(false);
    QByteArray alone;
    quiet.setEventSink([&](const Event &e) { alone += eventToJsonLine(e); });
    for (int c = 0; c < Cycles && !quiet.isFinished(); ++c)
        QVERIFY(quiet.step().events.isEmpty());
    QVERIFY(alone == streamed);
}

void TestDeterminism::reportKeepsABoundedSampleOfAHugeCycle()
{
    // One message postponed for ever (aging step 0, drain) up to the delivery cap: 2 events per
    // delivery in one cycle. The report keeps the first and the last events, the sink gets all.
    const qint64 cap = 3 * CycleReport::MaxKeptEvents;
    Scenario s = scenario({consumer(QStringLiteral("A"), QStringLiteral("priority"),
                                    {{QStringLiteral("threshold"), 10}, {QStringLiteral("agingStep"), 0}})},
                          {scripted(QStringLiteral("m1"), 0)});
    s.broker.maxDeliveriesPerCycle = cap;
    Simulation sim;
    QVERIFY(sim.load(s).isEmpty());
    QList<QByteArray> all;
    sim.setEventSink([&](const Event &e) { all << eventToJsonLine(e); });
    const CycleReport r = sim.step();
    QVERIFY(r.capReached);
    QCOMPARE(all.size(), 1 + 2 * cap);
    QCOMPARE(r.events.size(), CycleReport::MaxKeptEvents);
    QCOMPARE(r.eventsDropped, all.size() - CycleReport::MaxKeptEvents);
    for (qsizetype i = 0; i < CycleReport::KeptEventsHead; ++i)
        QCOMPARE(eventToJsonLine(r.events.at(i)), all.at(i));
    for (qsizetype i = 0; i < CycleReport::KeptEventsTail; ++i)
        QCOMPARE(eventToJsonLine(r.events.at(CycleReport::KeptEventsHead + i)),
                 all.at(all.size() - CycleReport::KeptEventsTail + i));
}
