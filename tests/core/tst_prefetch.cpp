// Prefetch and held messages (docs/design.md §4), as RabbitMQ's consumer prefetch: a consumer
// with a prefetch or workPerCycle holds what it receives and decides on workPerCycle held
// messages per cycle, oldest first. Hand-worked traces (dispatched events left out), the
// pitfall of the lesson (an urgent message behind prefetched ones), the conservation law with
// held messages after every cycle, held messages going back to the queue's head when their
// consumer goes offline or is removed, reset, the file format and the summary.
#include "core/analysis/eventjson.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

using namespace PriorityLab;

namespace {

// The file name errors name; a scenario parsed (a test failure if it does not load); its errors.
Scenario parse(const QByteArray &json) { return TestSupport::parseOrFail(json, QStringLiteral("prefetch.json")); }
QString errorsOf(const QByteArray &json) { return TestSupport::parseErrors(json, QStringLiteral("prefetch.json")); }

/// One cycle's decisions, "CYCLE TYPE DATA by CONSUMER", after checking every invariant and the
/// law with held messages.
QStringList step(Simulation &sim)
{
    QStringList lines;
    const CycleReport r = sim.step();
    for (const Event &e : r.events) {
        if (e.type == Event::Type::Dispatched || e.type == Event::Type::Produced)
            continue;
        lines << QStringLiteral("%1 %2 %3 by %4").arg(e.cycle).arg(Event::typeName(e.type), e.message.data.text(), e.consumer);
    }
    const QStringList broken = sim.checkInvariants();
    if (!broken.isEmpty())
        lines << QStringLiteral("BROKEN: ") + broken.join(QStringLiteral("; "));
    const Counts &t = sim.metrics().totals();
    if (t.produced != t.processed + t.discarded + sim.broker().size() + sim.held() + t.rejected)
        lines << QStringLiteral("LAW BROKEN");
    return lines;
}

/// The data of what consumer @p index holds, oldest first.
QStringList heldData(const Simulation &sim, int index)
{
    QStringList data;
    for (const Message &m : sim.consumers().at(size_t(index))->held)
        data << m.data.text();
    return data;
}

/// The data of the queued messages in dispatch order.
QStringList queuedData(const Simulation &sim) { return TestSupport::queuedData(sim.broker()); }

/// Consumer A (with @p consumerExtra JSON members) and producer P sending m1..m@p n (priority
/// from @p priorities, else 5) at cycle 0, broker members @p broker.
QByteArray scenarioJson(const QByteArray &consumerExtra, int n, const QByteArray &broker = {},
                        const QList<int> &priorities = {})
{
    QByteArray messages;
    for (int i = 1; i <= n; ++i) {
        messages += (i > 1 ? ", " : "") + QByteArray(R"({"data": "m)") + QByteArray::number(i)
                + R"(", "priority": )" + QByteArray::number(priorities.value(i - 1, 5)) + "}";
    }
    return R"({"name": "held", "broker": {"batchSize": 3, "maxIdleCycles": 3)" + (broker.isEmpty() ? QByteArray() : ", " + broker)
            + R"(}, "consumers": [{"name": "A")" + (consumerExtra.isEmpty() ? QByteArray() : ", " + consumerExtra)
            + R"(}], "producers": [{"name": "P", "messages": [)" + messages + "]}]}";
}

/// The latency (cycles from production to processing) of the message with data @p data, by
/// running @p scenario to its end; -1 if it was not processed.
qint64 latencyOf(const Scenario &scenario, const QString &data)
{
    Simulation sim;
    if (!sim.load(scenario).isEmpty())
        return -2;
    qint64 latency = -1;
    sim.setEventSink([&](const Event &e) {
        if (e.type == Event::Type::Processed && e.message.data.text() == data)
            latency = e.cycle - e.message.producedCycle;
    });
    sim.runCycles(1000);
    return latency;
}

} // namespace

class TestPrefetch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void heldMessagesAreDecidedOldestFirst();
    void prefetchOnlyWorksWhatItHolds();
    void workPerCycleAloneTakesEverything();
    void urgentMessageWaitsBehindPrefetched();
    void lessonFigures();
    void csvHasAHeldColumnAtTheEnd();
    void offlineGivesHeldMessagesBackAtTheHead();
    void priorityQueueGetsThemBackAtEachPriorityHead();
    void removedConsumerGivesThemBack();
    void clearingTheLimitsFinishesWhatIsHeld();
    void resetStartsAgainWithNothingHeld();
    void defaultsHoldNothing();
    void prefetchFormat();
    void summaryShowsHeldOnlyWhenOn();
};

void TestPrefetch::heldMessagesAreDecidedOldestFirst()
{
    // Prefetch 2, one a cycle, m1..m4 at cycle 0, batch size 3.
    // Cycle 0: the batch is cut to the room, 2: A holds m1 m2, finishes m1; m3 m4 wait.
    // Cycle 1: room 1: m3 joins (m2 m3), finishes m2. Cycle 2: m4 joins, m3. Cycle 3: m4.
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 2, "workPerCycle": 1)", 4))), QStringList());
    QCOMPARE(step(sim), QStringList{QStringLiteral("0 processed m1 by A")});
    QCOMPARE(heldData(sim, 0), QStringList{QStringLiteral("m2")});
    QCOMPARE(queuedData(sim), (QStringList{QStringLiteral("m3"), QStringLiteral("m4")}));
    QCOMPARE(sim.held(), 1);
    QCOMPARE(sim.consumers().front()->stats.received, 2);
    QCOMPARE(sim.consumers().front()->state(0), Consumer::State::Handling);
    QCOMPARE(step(sim), QStringList{QStringLiteral("1 processed m2 by A")});
    QCOMPARE(heldData(sim, 0), QStringList{QStringLiteral("m3")});
    QCOMPARE(step(sim), QStringList{QStringLiteral("2 processed m3 by A")});
    QCOMPARE(heldData(sim, 0), QStringList{QStringLiteral("m4")});
    QCOMPARE(sim.broker().size(), 0);
    // Cycle 3: no batch (the queue is empty), yet A works: not an idle cycle.
    const CycleReport r = sim.step();
    QVERIFY(!r.idle);
    QCOMPARE(r.counts.processed, 1);
    QCOMPARE(r.counts.batches, 0);
    QCOMPARE(sim.held(), 0);
    // Then idle: three empty cycles and it stops.
    sim.runCycles(10);
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.cycle(), 7);
    QCOMPARE(sim.metrics().totals().processed, 4);
}

void TestPrefetch::prefetchOnlyWorksWhatItHolds()
{
    // Prefetch 2, no work limit: 2 a cycle, decided after the batches of the cycle.
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 2)", 5))), QStringList());
    QCOMPARE(step(sim), (QStringList{QStringLiteral("0 processed m1 by A"), QStringLiteral("0 processed m2 by A")}));
    QCOMPARE(sim.held(), 0);
    QCOMPARE(step(sim), (QStringList{QStringLiteral("1 processed m3 by A"), QStringLiteral("1 processed m4 by A")}));
    QCOMPARE(step(sim), QStringList{QStringLiteral("2 processed m5 by A")});
}

void TestPrefetch::workPerCycleAloneTakesEverything()
{
    // No prefetch (RabbitMQ's unlimited): the broker pushes the whole queue at once; one a cycle.
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("workPerCycle": 1)", 5))), QStringList());
    QCOMPARE(step(sim), QStringList{QStringLiteral("0 processed m1 by A")});
    QCOMPARE(sim.broker().size(), 0);
    QCOMPARE(heldData(sim, 0), (QStringList{QStringLiteral("m2"), QStringLiteral("m3"), QStringLiteral("m4"),
                                           QStringLiteral("m5")}));
    QCOMPARE(sim.metrics().totals().batches, 2);  // 3 + 2: batch size still applies
}

void TestPrefetch::urgentMessageWaitsBehindPrefetched()
{
    // Priority queue, prefetch 5, one a cycle: five low messages at cycle 0, an urgent one at
    // cycle 1. Cycle 0: A holds L1..L5, finishes L1. Cycle 1: U is queued first, A has room for
    // one: it holds L2 L3 L4 L5 U and finishes L2; then L3, L4, L5; U at cycle 5: 4 cycles late.
    // With prefetch 1, U is the next message A receives: processed at cycle 1, at once.
    const QByteArray json = R"({"name": "pitfall", "broker": {"mode": "priority", "batchSize": 5, "maxIdleCycles": 3},
        "consumers": [{"name": "A", "prefetch": 5, "workPerCycle": 1}],
        "producers": [{"name": "P", "messages": [
            {"data": "L1", "priority": 1}, {"data": "L2", "priority": 1}, {"data": "L3", "priority": 1},
            {"data": "L4", "priority": 1}, {"data": "L5", "priority": 1}, {"data": "L6", "priority": 1},
            {"data": "U", "priority": 9, "atCycle": 1}]}]})";
    Scenario five = parse(json);
    Simulation sim;
    QCOMPARE(sim.load(five), QStringList());
    step(sim);
    QCOMPARE(step(sim), QStringList{QStringLiteral("1 processed L2 by A")});
    QCOMPARE(heldData(sim, 0), (QStringList{QStringLiteral("L3"), QStringLiteral("L4"), QStringLiteral("L5"),
                                           QStringLiteral("U")}));
    QCOMPARE(queuedData(sim), QStringList{QStringLiteral("L6")});
    QCOMPARE(latencyOf(five, QStringLiteral("U")), 4);
    Scenario one = five;
    one.consumers[0].prefetch = 1;
    QCOMPARE(latencyOf(one, QStringLiteral("U")), 0);
    // Without limits (the reference consumer) every message is finished in its cycle.
    Scenario none = five;
    none.consumers[0].prefetch.reset();
    none.consumers[0].workPerCycle.reset();
    QCOMPARE(latencyOf(none, QStringLiteral("U")), 0);
}

void TestPrefetch::lessonFigures()
{
    // The figures lesson-prefetch-hides-priority.json promises.
    PL_LOAD_PRESET(lesson, QStringLiteral("lesson-prefetch-hides-priority.json"));
    QCOMPARE(latencyOf(lesson, QStringLiteral("alert-1")), 4);  // behind four held reports
    QCOMPARE(latencyOf(lesson, QStringLiteral("alert-2")), 0);  // prefetch 1 from cycle 20
    Scenario wide = lesson;
    wide.timeline.clear();
    QCOMPARE(latencyOf(wide, QStringLiteral("alert-2")), 4);    // still prefetch 5
    Scenario narrow = wide;
    narrow.consumers[0].prefetch = 1;
    QCOMPARE(latencyOf(narrow, QStringLiteral("alert-1")), 0);

    Simulation sim;
    QCOMPARE(sim.load(lesson), QStringList());
    for (int c = 0; c <= 10; ++c)
        QCOMPARE(step(sim).filter(QStringLiteral("BROKEN")), QStringList());
    const Counts &t = sim.metrics().totals();
    QCOMPARE(t.produced, 22);
    QCOMPARE(t.processed, 11);
    QCOMPARE(sim.broker().size(), 7);
    QCOMPARE(sim.held(), 4);
    sim.runCycles(1000);
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.metrics().totals().produced, 62);
    QCOMPARE(sim.metrics().totals().processed, 62);
    QCOMPARE(sim.held(), 0);
}

void TestPrefetch::offlineGivesHeldMessagesBackAtTheHead()
{
    // Fifo, prefetch 3, one a cycle: after cycle 0 A holds m2 m3, m4 m5 are queued. Offline:
    // m2 m3 go back before m4 m5, in their order (RabbitMQ requeues a closed channel's
    // unacknowledged messages at their place); counted nowhere, conservation holds.
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 3, "workPerCycle": 1)", 5))), QStringList());
    step(sim);
    QCOMPARE(heldData(sim, 0), (QStringList{QStringLiteral("m2"), QStringLiteral("m3")}));
    sim.setConsumerOnline(0, false);
    QCOMPARE(sim.held(), 0);
    QCOMPARE(queuedData(sim), (QStringList{QStringLiteral("m2"), QStringLiteral("m3"), QStringLiteral("m4"),
                                          QStringLiteral("m5")}));
    QCOMPARE(sim.checkInvariants(), QStringList());
    QVERIFY(step(sim).isEmpty());  // offline: nothing
    // Back online by its setting path (as the card and the timeline do): m2 first again, a second
    // delivery.
    QCOMPARE(sim.applySetting(QStringLiteral("consumers[0].online"), true), QString());
    QCOMPARE(step(sim), QStringList{QStringLiteral("2 processed m2 by A")});
    QCOMPARE(sim.broker().deadLetterCount(), 0);
    // Offline by the path too: the same.
    QCOMPARE(heldData(sim, 0), (QStringList{QStringLiteral("m3"), QStringLiteral("m4")}));
    QCOMPARE(sim.applySetting(QStringLiteral("consumers[0].online"), false), QString());
    QCOMPARE(queuedData(sim), (QStringList{QStringLiteral("m3"), QStringLiteral("m4"), QStringLiteral("m5")}));
    QCOMPARE(sim.checkInvariants(), QStringList());
}

void TestPrefetch::priorityQueueGetsThemBackAtEachPriorityHead()
{
    // Priority mode, m1 m2 m4 of priority 9, m3 m5 m6 of priority 1. After cycle 1, A holds m4
    // (9), m3, m5 (1); m6 is queued. Offline: each goes back to the head of its priority, in
    // order: 9: m4; 1: m3 m5 m6.
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 3, "workPerCycle": 1)", 6, R"("mode": "priority")",
                                         {9, 9, 1, 9, 1, 1}))),
             QStringList());
    step(sim);  // holds m1 m2 m4 (priority 9 first), finishes m1
    QCOMPARE(heldData(sim, 0), (QStringList{QStringLiteral("m2"), QStringLiteral("m4")}));
    QCOMPARE(sim.applySetting(QStringLiteral("consumers[0].prefetch"), 4), QString());
    step(sim);  // room 2: m3 m5; finishes m2
    QCOMPARE(heldData(sim, 0), (QStringList{QStringLiteral("m4"), QStringLiteral("m3"), QStringLiteral("m5")}));
    QCOMPARE(queuedData(sim), QStringList{QStringLiteral("m6")});
    sim.setConsumerOnline(0, false);
    QCOMPARE(queuedData(sim), (QStringList{QStringLiteral("m4"), QStringLiteral("m3"), QStringLiteral("m5"),
                                          QStringLiteral("m6")}));
    QCOMPARE(sim.checkInvariants(), QStringList());
}

void TestPrefetch::removedConsumerGivesThemBack()
{
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 3, "workPerCycle": 1)", 4))), QStringList());
    step(sim);
    QCOMPARE(sim.held(), 2);
    sim.removeConsumer(0);
    QCOMPARE(sim.held(), 0);
    QCOMPARE(queuedData(sim), (QStringList{QStringLiteral("m2"), QStringLiteral("m3"), QStringLiteral("m4")}));
    QCOMPARE(sim.checkInvariants(), QStringList());
}

void TestPrefetch::clearingTheLimitsFinishesWhatIsHeld()
{
    // Limits removed while it holds messages: it finishes all it holds in the next cycle, then
    // handles batches as the reference consumer does.
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 3, "workPerCycle": 1)", 5))), QStringList());
    step(sim);
    QCOMPARE(sim.applySetting(QStringLiteral("consumers[0].prefetch"), QJsonValue()), QString());
    QCOMPARE(sim.applySetting(QStringLiteral("consumers[0].workPerCycle"), QJsonValue()), QString());
    QVERIFY(!sim.consumers().front()->holdsMessages());
    QCOMPARE(step(sim), (QStringList{QStringLiteral("1 processed m4 by A"), QStringLiteral("1 processed m5 by A"),
                                    QStringLiteral("1 processed m2 by A"), QStringLiteral("1 processed m3 by A")}));
    QCOMPARE(sim.held(), 0);
}

void TestPrefetch::resetStartsAgainWithNothingHeld()
{
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 3, "workPerCycle": 1)", 5))), QStringList());
    QStringList first;
    for (int c = 0; c < 3; ++c)
        first << step(sim);
    QCOMPARE(sim.held(), 2);
    sim.reset();
    QCOMPARE(sim.held(), 0);
    QCOMPARE(sim.broker().size(), 0);
    QCOMPARE(sim.checkInvariants(), QStringList());
    QStringList again;
    for (int c = 0; c < 3; ++c)
        again << step(sim);
    QCOMPARE(again, first);
    QCOMPARE(sim.held(), 2);
}

void TestPrefetch::defaultsHoldNothing()
{
    // Without the keys a consumer holds nothing, ever (tst_golden_events checks that every
    // preset's event stream is byte for byte what it was).
    const Scenario s = parse(scenarioJson({}, 5));
    QVERIFY(!s.consumers.front().prefetch && !s.consumers.front().workPerCycle);
    Simulation sim;
    QCOMPARE(sim.load(s), QStringList());
    QCOMPARE(step(sim), (QStringList{QStringLiteral("0 processed m1 by A"), QStringLiteral("0 processed m2 by A"),
                                    QStringLiteral("0 processed m3 by A"), QStringLiteral("0 processed m4 by A"),
                                    QStringLiteral("0 processed m5 by A")}));
    QCOMPARE(sim.held(), 0);
}

void TestPrefetch::prefetchFormat()
{
    const auto consumer = [](const char *members) -> QByteArray {
        return QByteArray(R"({"consumers": [{"name": "A", )") + members + "}]}";
    };
    QVERIFY2(errorsOf(consumer(R"("prefetch": 0)"))
                     .contains("consumers[0].prefetch: expected a whole number of messages from 1 to 2147483647 "
                               "(the most unacknowledged messages it may hold), or null for no limit, got 0"),
             qPrintable(errorsOf(consumer(R"("prefetch": 0)"))));
    QVERIFY(errorsOf(consumer(R"("prefetch": 2.5)")).contains("consumers[0].prefetch: expected a whole number"));
    QVERIFY(errorsOf(consumer(R"("prefetch": "5")")).contains("consumers[0].prefetch: expected"));
    QVERIFY(errorsOf(consumer(R"("workPerCycle": 0)"))
                    .contains("consumers[0].workPerCycle: expected a whole number of messages from 1 to 2147483647 "
                              "(the held messages it finishes per cycle), or null for all it holds, got 0"));
    QVERIFY(errorsOf(consumer(R"("workPerCycle": -1)")).contains("consumers[0].workPerCycle: expected"));
    QVERIFY(errorsOf(consumer(R"("workPerCycle": 1.5)")).contains("consumers[0].workPerCycle: expected"));
    // A live edit or a timeline change is checked the same way.
    QVERIFY(errorsOf(R"({"consumers": [{"name": "A"}], "timeline": [{"atCycle": 3, "set": {"consumers[0].prefetch": 0}}]})")
                    .contains("consumers[0].prefetch: expected a whole number"));
    Simulation sim;
    QCOMPARE(sim.load(parse(consumer(R"("prefetch": 5)"))), QStringList());
    QVERIFY(sim.applySetting(QStringLiteral("consumers[0].workPerCycle"), 0).contains(
            QLatin1String("consumers[0].workPerCycle: expected a whole number")));
    QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].prefetch")), QJsonValue(5));
    // Round trip; absent when off.
    const Scenario on = parse(consumer(R"("prefetch": 5, "workPerCycle": 1)"));
    QCOMPARE(on.consumers.front().prefetch, std::optional<int>(5));
    QCOMPARE(on.consumers.front().workPerCycle, std::optional<int>(1));
    const QJsonObject written = scenarioToJson(on).value(QLatin1String("consumers")).toArray().at(0).toObject();
    QCOMPARE(written.value(QLatin1String("prefetch")), QJsonValue(5));
    QCOMPARE(written.value(QLatin1String("workPerCycle")), QJsonValue(1));
    const Scenario again = parse(QJsonDocument(scenarioToJson(on)).toJson());
    QCOMPARE(again.consumers.front().prefetch, on.consumers.front().prefetch);
    QCOMPARE(again.consumers.front().workPerCycle, on.consumers.front().workPerCycle);
    const QJsonObject off = scenarioToJson(parse(consumer(R"("prefetch": null)")))
                                    .value(QLatin1String("consumers")).toArray().at(0).toObject();
    QVERIFY(!off.contains(QLatin1String("prefetch")));
    QVERIFY(!off.contains(QLatin1String("workPerCycle")));
    QCOMPARE(on.consumers.front().limitsOn(1),
             (QStringList{QStringLiteral("consumers[1].prefetch"), QStringLiteral("consumers[1].workPerCycle")}));
}

void TestPrefetch::summaryShowsHeldOnlyWhenOn()
{
    Simulation sim;
    QCOMPARE(sim.load(parse(scenarioJson(R"("prefetch": 3, "workPerCycle": 1)", 5))), QStringList());
    sim.step();
    const QJsonObject summary = summaryToJson(sim, 0, 0);
    QCOMPARE(summary.value(QLatin1String("totals")).toObject().value(QLatin1String("held")), QJsonValue(2));
    QCOMPARE(summary.value(QLatin1String("totals")).toObject().value(QLatin1String("queued")), QJsonValue(2));
    QCOMPARE(summary.value(QLatin1String("consumers")).toArray().at(0).toObject().value(QLatin1String("held")),
             QJsonValue(2));
    Simulation plain;
    QCOMPARE(plain.load(parse(scenarioJson({}, 5))), QStringList());
    plain.step();
    const QJsonObject reference = summaryToJson(plain, 0, 0);
    QVERIFY(!reference.value(QLatin1String("totals")).toObject().contains(QLatin1String("held")));
    QVERIFY(!reference.value(QLatin1String("consumers")).toArray().at(0).toObject().contains(QLatin1String("held")));
}

void TestPrefetch::csvHasAHeldColumnAtTheEnd()
{
    // The runner's --csv and the app's export: held is the last column, the others keep their
    // positions; each row's held is what consumers held after that cycle.
    PL_LOAD_PRESET(lesson, QStringLiteral("lesson-prefetch-hides-priority.json"));
    Simulation sim;
    QCOMPARE(sim.load(lesson), QStringList());
    QList<qint64> held;
    for (int c = 0; c < 6; ++c)
        held << sim.step().held;
    QVERIFY(std::any_of(held.cbegin(), held.cend(), [](qint64 h) { return h > 0; }));
    const QList<QByteArray> rows = metricsToCsv(sim.metrics()).trimmed().split('\n');
    QCOMPARE(rows.first(), QByteArray("cycle,queueDepth,produced,dispatched,processed,postponed,discarded,failed,batches,held"));
    QCOMPARE(rows.size(), 7);
    for (int c = 0; c < 6; ++c) {
        const QList<QByteArray> cells = rows.at(c + 1).split(',');
        QCOMPARE(cells.size(), 10);
        QCOMPARE(cells.first().toLongLong(), c);
        QCOMPARE(cells.last().toLongLong(), held.at(c));
    }
}

QTEST_GUILESS_MAIN(TestPrefetch)
#include "tst_prefetch.moc"
