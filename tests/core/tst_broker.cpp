// The broker of docs/design.md §3 in fifo mode: batches from the head, round-robin with a cursor kept
// across cycles, offline consumers skipped, drain vs paced dispatch, idle stop, the safety cap,
// postponed and failed messages at the tail, failure randomness and live consumer edits.
// Scenarios are built in code and driven with Simulation::step().
#include "core/engine/ringqueue.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QSignalSpy>
#include <QTest>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// The batches of one cycle as "consumer:id,id,id", from its dispatched events. A new batch
/// starts when the consumer changes or the batch is full.
QStringList batchesOf(const CycleReport &report, int batchSize)
{
    QStringList batches;
    QString consumer;
    QStringList ids;
    for (const Event &e : report.events) {
        if (e.type != Event::Type::Dispatched)
            continue;
        if (e.consumer != consumer || ids.size() == batchSize) {
            if (!ids.isEmpty())
                batches << consumer + QLatin1Char(':') + ids.join(QLatin1Char(','));
            consumer = e.consumer;
            ids.clear();
        }
        ids << QString::number(e.message.id);
    }
    if (!ids.isEmpty())
        batches << consumer + QLatin1Char(':') + ids.join(QLatin1Char(','));
    return batches;
}

/// "A:1,2,3" for @p consumer and ids from..to.
QString batch(const QString &consumer, int from, int to)
{
    QStringList ids;
    for (int i = from; i <= to; ++i)
        ids << QString::number(i);
    return consumer + QLatin1Char(':') + ids.join(QLatin1Char(','));
}

QList<quint64> queueIds(const Simulation &sim)
{
    QList<quint64> ids;
    for (const Message &m : TestSupport::queuedMessages(sim.broker()))
        ids << m.id;
    return ids;
}

/// Consumer that got each batch of one cycle.
QStringList consumersOf(const CycleReport &report, int batchSize)
{
    QStringList names;
    for (const QString &b : batchesOf(report, batchSize))
        names << b.section(QLatin1Char(':'), 0, 0);
    return names;
}

/// Runs @p cycles cycles of @p sim (batches of 3) and gives the consumer that got each batch.
QStringList consumersOfCycles(Simulation &sim, int cycles)
{
    QStringList names;
    for (int c = 0; c < cycles; ++c)
        names << consumersOf(sim.step(), 3);
    return names;
}

const QString A = QStringLiteral("A");
const QString B = QStringLiteral("B");
const QString C = QStringLiteral("C");
const QString D = QStringLiteral("D");

QVariantMap threshold(int t)
{
    return {{QStringLiteral("threshold"), t}};
}

/// A strategy only the tests know: a built-in one (@p inner's type) called the way any custom
/// strategy is, through the virtual Strategy::decide() and its reason string, never through the
/// broker's direct call of the built-in rules (Strategy::BuiltIn).
class ViaDecideStrategy final : public Strategy
{
public:
    explicit ViaDecideStrategy(const QString &type)
        : Strategy({QStringLiteral("test-via-decide-") + type, {}, {}}), m_inner(StrategyRegistry::instance().create(type))
    {
    }
    QList<ParameterInfo> parameters() const override { return m_inner->parameters(); }
    QVariant parameter(const QString &name) const override { return m_inner->parameter(name); }
    Decision decide(Message &message, const StrategyContext &context, QString *reason) override
    {
        return m_inner->decide(message, context, reason);
    }
    void onFailure(Message &message) const override { m_inner->onFailure(message); }
    Explanation explain(const Message &before, Decision decision) const override
    {
        return m_inner->explain(before, decision);
    }
    Explanation explainFailure(const Message &before) const override { return m_inner->explainFailure(before); }

protected:
    QString applyParameter(const QString &name, const QVariant &value) override
    {
        return m_inner->setParameter(name, value);
    }

private:
    std::unique_ptr<Strategy> m_inner;
};

/// Every event of a run of @p cycles cycles of @p scenario as one line each (type, consumer,
/// message before and after, reason, explanation), then the dead letters' reasons and counts.
QStringList runLines(const Scenario &scenario, int cycles)
{
    Simulation sim;
    if (const QStringList errors = sim.load(scenario); !errors.isEmpty())
        qFatal("scenario refused: %s", qPrintable(errors.join(QLatin1Char('\n'))));
    QStringList lines;
    const auto text = [](const Message &m) {
        return QStringLiteral("%1/p%2/t%3/d%4").arg(m.id).arg(m.priority).arg(m.ttl).arg(m.deliveries);
    };
    sim.setEventSink([&](const Event &e) {
        lines << QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                         .arg(e.cycle).arg(Event::typeName(e.type), e.consumer, text(e.message), text(e.returned()),
                              e.reason, e.explanationText());
    });
    for (int c = 0; c < cycles; ++c)
        sim.step();
    for (const Broker::DeadLetter &d : sim.broker().deadLetters())
        lines << QStringLiteral("dead %1 %2 %3").arg(d.message.id).arg(d.reason, d.consumer);
    const auto &reasons = sim.broker().discardedByReason();
    for (auto it = reasons.cbegin(); it != reasons.cend(); ++it)
        lines << QStringLiteral("discarded %1: %2").arg(it.key()).arg(it.value());
    return lines;
}

/// The safety cap's case (docs/design.md §3): one consumer, A, that fails every message it
/// takes (drain mode would hand them back to it forever), @p messages sent, and a cap of 10
/// deliveries a cycle.
Scenario failingAllCappedAt10(const QList<ScriptedMessage> &messages)
{
    Scenario s = scenario({consumer(A, QStringLiteral("accept-all"), {}, true, 1.0)}, messages);
    s.broker.maxDeliveriesPerCycle = 10;
    return s;
}

/// Message @p i for the ring queue tests: id @p i, data "data i" and producer "P", so that a
/// relocation that lost a string shows.
Message ringMessage(int i)
{
    Message m;
    m.id = quint64(i);
    m.data = QStringLiteral("data %1").arg(i);
    m.producer = Name(QStringLiteral("P"));
    return m;
}

} // namespace

class TestBroker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ringQueueGrowsAcrossTheWrap();
    void ringQueueRelocatesItsHead();
    void ringQueueReservesWhatItIsAsked();
    void idsInOrderOfAcceptance();
    void batching_data();
    void batching();
    void roundRobinAcrossCyclesPaced_data();
    void roundRobinAcrossCyclesPaced();
    void roundRobinAcrossCyclesDrain();
    void offlineConsumersSkipped();
    void noConsumerOnlineIsIdle();
    void drainVsPaced_data();
    void drainVsPaced();
    void drainRehandlesPostponedInSameCycle();
    void idleStop_data();
    void idleStop();
    void idleStopNeverWhenZero();
    void idleCountsConsecutiveCycles();
    void idleWaitsForLaterScriptedMessages();
    void safetyCap();
    void safetyCapIsAMaximum();
    void postponedGoToTail();
    void failedGoToTailUnchanged();
    void failureRateRandomness();
    void failureRateBounds();
    void removeConsumerKeepsRoundRobin();
    void removeLastConsumerAtCursor();
    void addConsumer();
    void liveParameterEdit();
    void builtInRulesDecideAsThroughDecide_data();
    void builtInRulesDecideAsThroughDecide();
};

void TestBroker::idsInOrderOfAcceptance()
{
    Broker broker;
    Message m;
    QCOMPARE(broker.nextId(), 1u);
    QCOMPARE(broker.accept(m), 1u);
    QCOMPARE(broker.accept(m), 2u);
    QCOMPARE(broker.accept(m), 3u);
    QCOMPARE(broker.size(), 3);
    QCOMPARE(broker.at(0).id, 1u);
    QCOMPARE(broker.at(2).id, 3u);
    QCOMPARE(broker.cursor(), -1);
}

void TestBroker::batching_data()
{
    QTest::addColumn<int>("messages");
    QTest::addColumn<int>("batchSize");
    QTest::addColumn<QStringList>("expected");
    QTest::addRow("7 by 3") << 7 << 3 << QStringList{batch(A, 1, 3), batch(B, 4, 6), batch(C, 7, 7)};
    QTest::addRow("9 by 3") << 9 << 3 << QStringList{batch(A, 1, 3), batch(B, 4, 6), batch(C, 7, 9)};
    QTest::addRow("1 by 3") << 1 << 3 << QStringList{batch(A, 1, 1)};
    QTest::addRow("3 by 10") << 3 << 10 << QStringList{batch(A, 1, 3)};
    QTest::addRow("5 by 1") << 5 << 1
                            << QStringList{batch(A, 1, 1), batch(B, 2, 2), batch(C, 3, 3), batch(A, 4, 4),
                                           batch(B, 5, 5)};
    QTest::addRow("10 by 4") << 10 << 4 << QStringList{batch(A, 1, 4), batch(B, 5, 8), batch(C, 9, 10)};
    QTest::addRow("13 by 3") << 13 << 3
                             << QStringList{batch(A, 1, 3), batch(B, 4, 6), batch(C, 7, 9), batch(A, 10, 12),
                                            batch(B, 13, 13)};
}

void TestBroker::batching()
{
    QFETCH(int, messages);
    QFETCH(int, batchSize);
    QFETCH(QStringList, expected);
    Scenario s = scenario({consumer(A), consumer(B), consumer(C)}, numbered(messages));
    s.broker.batchSize = batchSize;
    PL_LOAD_SIMULATION(sim, s);
    const CycleReport r = sim.step();
    QCOMPARE(batchesOf(r, batchSize), expected);
    QCOMPARE(r.counts.batches, expected.size());
    QCOMPARE(r.counts.dispatched, messages);
    QCOMPARE(r.counts.processed, messages);
    QCOMPARE(r.takenFromHead, messages);
    QCOMPARE(r.queueDepth, 0);
    // The last consumer's last batch, as the app shows it.
    const QString last = expected.constLast();
    const Consumer *lastConsumer = nullptr;
    for (const auto &c : sim.consumers()) {
        if (c->name == last.section(QLatin1Char(':'), 0, 0))
            lastConsumer = c.get();
    }
    QVERIFY(lastConsumer);
    QStringList ids;
    for (quint64 id : lastConsumer->lastBatch)
        ids << QString::number(id);
    QCOMPARE(ids.join(QLatin1Char(',')), last.section(QLatin1Char(':'), 1));
    QCOMPARE(lastConsumer->lastBatchCycle, 0);
    QCOMPARE(lastConsumer->state(0), Consumer::State::Handling);
    QCOMPARE(lastConsumer->state(1), Consumer::State::Idle);
}

void TestBroker::roundRobinAcrossCyclesPaced_data()
{
    QTest::addColumn<int>("batchesPerCycle");
    QTest::addColumn<QList<QStringList>>("perCycle");
    // 15 messages queued in cycle 0, batch 3, consumers A B C.
    QTest::addRow("1 batch a cycle") << 1
                                     << QList<QStringList>{{batch(A, 1, 3)}, {batch(B, 4, 6)}, {batch(C, 7, 9)},
                                                           {batch(A, 10, 12)}, {batch(B, 13, 15)}, {}};
    QTest::addRow("2 batches a cycle") << 2
                                       << QList<QStringList>{{batch(A, 1, 3), batch(B, 4, 6)},
                                                             {batch(C, 7, 9), batch(A, 10, 12)},
                                                             {batch(B, 13, 15)}, {}};
}

void TestBroker::roundRobinAcrossCyclesPaced()
{
    QFETCH(int, batchesPerCycle);
    QFETCH(QList<QStringList>, perCycle);
    Scenario s = scenario({consumer(A), consumer(B), consumer(C)}, numbered(15));
    s.broker.batchesPerCycle = batchesPerCycle;
    PL_LOAD_SIMULATION(sim, s);
    qint64 queued = 15;
    for (qsizetype c = 0; c < perCycle.size(); ++c) {
        const CycleReport r = sim.step();
        QCOMPARE(r.cycle, c);
        QCOMPARE(batchesOf(r, 3), perCycle.at(c));
        queued -= 3 * perCycle.at(c).size();
        QCOMPARE(r.queueDepth, queued);
        QCOMPARE(r.idle, perCycle.at(c).isEmpty());
    }
}

void TestBroker::roundRobinAcrossCyclesDrain()
{
    // Cycle 0: 6 messages -> A, B. Cycle 1: 3 more -> C (the cursor is kept across cycles, not
    // reset to A). Cycle 2: 4 more -> A, B.
    QList<ScriptedMessage> messages = numbered(6, 0, 1) + numbered(3, 1, 7) + numbered(4, 2, 10);
    Scenario s = scenario({consumer(A), consumer(B), consumer(C)}, messages);
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(batchesOf(sim.step(), 3), (QStringList{batch(A, 1, 3), batch(B, 4, 6)}));
    QCOMPARE(sim.broker().cursor(), 1);
    QCOMPARE(batchesOf(sim.step(), 3), (QStringList{batch(C, 7, 9)}));
    QCOMPARE(sim.broker().cursor(), 2);
    QCOMPARE(batchesOf(sim.step(), 3), (QStringList{batch(A, 10, 12), batch(B, 13, 13)}));
}

void TestBroker::offlineConsumersSkipped()
{
    Scenario s = scenario({consumer(A), consumer(B, QStringLiteral("accept-all"), {}, false), consumer(C)},
                          numbered(60));
    s.broker.batchesPerCycle = 1;
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(sim.consumers().at(1)->state(0), Consumer::State::Offline);
    QCOMPARE(consumersOfCycles(sim, 4), (QStringList{A, C, A, C}));
    QCOMPARE(sim.consumers().at(1)->stats.received, 0);

    // B comes back: the next batch after C's goes to A, then B.
    sim.setConsumerOnline(1, true);
    QCOMPARE(consumersOfCycles(sim, 3), (QStringList{A, B, C}));

    // The cursor sits on C; C goes offline: A, B, A, B.
    sim.setConsumerOnline(2, false);
    QCOMPARE(consumersOfCycles(sim, 4), (QStringList{A, B, A, B}));

    // The cursor sits on B and B goes offline: only A remains.
    sim.setConsumerOnline(1, false);
    QCOMPARE(consumersOfCycles(sim, 2), (QStringList{A, A}));
}

void TestBroker::noConsumerOnlineIsIdle()
{
    Scenario s = scenario({consumer(A, QStringLiteral("accept-all"), {}, false),
                           consumer(B, QStringLiteral("accept-all"), {}, false)},
                          numbered(4));
    PL_LOAD_SIMULATION(sim, s);
    for (int c = 0; c < 3; ++c) {
        const CycleReport r = sim.step();
        QVERIFY(r.idle);
        QCOMPARE(r.counts.produced, c == 0 ? 4 : 0);
        QCOMPARE(r.counts.dispatched, 0);
        QCOMPARE(r.counts.batches, 0);
        QCOMPARE(r.queueDepth, 4);
        QCOMPARE(r.finished, c == 2);
    }
    QVERIFY(sim.isFinished());
    QVERIFY2(sim.stopReason().contains(QStringLiteral("no consumer online")), qPrintable(sim.stopReason()));
    // Nothing is lost: the messages are still queued.
    QCOMPARE(queueIds(sim), (QList<quint64>{1, 2, 3, 4}));
    QVERIFY(sim.conservationHolds());
}

void TestBroker::drainVsPaced_data()
{
    QTest::addColumn<int>("batchesPerCycle");  // 0 = drain
    QTest::addColumn<qint64>("batches");
    QTest::addColumn<QList<quint64>>("left");
    // 10 messages, batch 3.
    QTest::addRow("drain") << 0 << qint64(4) << QList<quint64>{};
    QTest::addRow("paced 1") << 1 << qint64(1) << QList<quint64>{4, 5, 6, 7, 8, 9, 10};
    QTest::addRow("paced 2") << 2 << qint64(2) << QList<quint64>{7, 8, 9, 10};
    QTest::addRow("paced 3") << 3 << qint64(3) << QList<quint64>{10};
    QTest::addRow("paced 5 (more than needed)") << 5 << qint64(4) << QList<quint64>{};
}

void TestBroker::drainVsPaced()
{
    QFETCH(int, batchesPerCycle);
    QFETCH(qint64, batches);
    QFETCH(QList<quint64>, left);
    Scenario s = scenario({consumer(A), consumer(B)}, numbered(10));
    s.broker.batchesPerCycle = batchesPerCycle;
    PL_LOAD_SIMULATION(sim, s);
    const CycleReport r = sim.step();
    QCOMPARE(r.counts.batches, batches);
    QCOMPARE(r.counts.processed, 10 - left.size());
    QCOMPARE(r.queueDepth, left.size());
    // Paced dispatch leaves the rest queued, in order, untouched.
    QCOMPARE(queueIds(sim), left);
    for (const Message &m : TestSupport::queuedMessages(sim.broker()))
        QCOMPARE(m.deliveries, 0);
}

void TestBroker::drainRehandlesPostponedInSameCycle()
{
    // One consumer, threshold 5: m1 (priority 0) ages 0 -> 5 by postponements and is processed in
    // the same cycle, after m2..m4.
    // B1 [1 2 3]: 1 -> p1 (tail), 2 3 ok. queue [4 1]
    // B2 [4 1]: 4 ok, 1 -> p2.  B3 [1] -> p3.  B4 [1] -> p4.  B5 [1] -> p5.  B6 [1] ok.
    Scenario s = scenario({consumer(A, QStringLiteral("priority"), threshold(5))},
                          {scripted(QStringLiteral("m1"), 0), scripted(QStringLiteral("m2"), 9),
                           scripted(QStringLiteral("m3"), 9), scripted(QStringLiteral("m4"), 9)});
    PL_LOAD_SIMULATION(sim, s);
    const CycleReport r = sim.step();
    QCOMPARE(r.counts.batches, 6);
    QCOMPARE(r.counts.postponed, 5);
    QCOMPARE(r.counts.processed, 4);
    QCOMPARE(r.queueDepth, 0);
    QList<quint64> order;
    for (const Event &e : r.events) {
        if (e.type == Event::Type::Processed)
            order << e.message.id;
        if (e.type == Event::Type::Processed && e.message.id == 1) {
            QCOMPARE(e.message.priority, 5);
            QCOMPARE(e.message.deliveries, 6);
        }
    }
    QCOMPARE(order, (QList<quint64>{2, 3, 4, 1}));

    // Paced, the same message waits in the queue for the next cycle with its new priority.
    s.broker.batchesPerCycle = 1;
    QCOMPARE(sim.load(s), QStringList());
    const CycleReport p = sim.step();
    QCOMPARE(p.counts.postponed, 1);
    QCOMPARE(queueIds(sim), (QList<quint64>{4, 1}));
    QCOMPARE(sim.broker().at(1).priority, 1);
}

void TestBroker::idleStop_data()
{
    QTest::addColumn<int>("maxIdleCycles");
    // 3 messages in cycle 0 (busy); cycles 1.. are idle; the broker stops after maxIdle of them.
    QTest::addRow("idle 1") << 1;
    QTest::addRow("idle 3") << 3;
    QTest::addRow("idle 5") << 5;
}

void TestBroker::idleStop()
{
    QFETCH(int, maxIdleCycles);
    Scenario s = scenario({consumer(A)}, numbered(3));
    s.broker.maxIdleCycles = maxIdleCycles;
    PL_LOAD_SIMULATION(sim, s);
    QSignalSpy finished(&sim, &Simulation::finished);
    QSignalSpy completed(&sim, &Simulation::cycleCompleted);
    for (int c = 0; c <= maxIdleCycles; ++c) {
        QVERIFY(!sim.isFinished());
        const CycleReport r = sim.step();
        QCOMPARE(r.cycle, c);
        QCOMPARE(r.idle, c > 0);
        QCOMPARE(r.finished, c == maxIdleCycles);
    }
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.cycle(), maxIdleCycles + 1);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(completed.count(), maxIdleCycles + 1);
    QVERIFY2(sim.stopReason().contains(QStringLiteral("queue empty")), qPrintable(sim.stopReason()));
    QCOMPARE(finished.at(0).at(0).toString(), sim.stopReason());

    // Once finished, step() does nothing.
    const CycleReport after = sim.step();
    QCOMPARE(after.cycle, -1);
    QCOMPARE(sim.cycle(), maxIdleCycles + 1);
    QCOMPARE(completed.count(), maxIdleCycles + 1);
    QCOMPARE(sim.runCycles(10), 0);

    // reset() starts again.
    sim.reset();
    QVERIFY(!sim.isFinished());
    QCOMPARE(sim.cycle(), 0);
    QCOMPARE(sim.step().counts.processed, 3);
}

void TestBroker::idleStopNeverWhenZero()
{
    Scenario s = scenario({consumer(A)}, numbered(3));
    s.broker.maxIdleCycles = 0;
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(sim.runCycles(200), 200);
    QVERIFY(!sim.isFinished());
    QCOMPARE(sim.cycle(), 200);
}

void TestBroker::idleCountsConsecutiveCycles()
{
    // maxIdle 2; A is offline in cycles 1, 3 and 4: cycle 2 is busy and resets the count, so the
    // broker stops after cycle 4, not after cycle 3.
    Scenario s = scenario({consumer(A)}, numbered(12));
    s.broker.batchesPerCycle = 1;
    s.broker.maxIdleCycles = 2;
    PL_LOAD_SIMULATION(sim, s);
    QVERIFY(!sim.step().idle);                  // cycle 0
    sim.setConsumerOnline(0, false);
    QVERIFY(sim.step().idle);                   // cycle 1: idle 1
    sim.setConsumerOnline(0, true);
    QVERIFY(!sim.step().idle);                  // cycle 2: busy
    sim.setConsumerOnline(0, false);
    CycleReport r = sim.step();                 // cycle 3: idle 1
    QVERIFY(r.idle);
    QVERIFY(!r.finished);
    r = sim.step();                             // cycle 4: idle 2 -> stop
    QVERIFY(r.idle);
    QVERIFY(r.finished);
    QCOMPARE(sim.cycle(), 5);
    QCOMPARE(sim.broker().size(), 12 - 2 * 3);
}

void TestBroker::idleWaitsForLaterScriptedMessages()
{
    // The engine refines docs/design.md §3: it does not stop while a producer still has scripted
    // messages due later (here at cycle 10), so no scripted message is left unsent.
    Scenario s = scenario({consumer(A)}, {scripted(QStringLiteral("late"), 5, 3, 10)});
    s.broker.maxIdleCycles = 3;
    PL_LOAD_SIMULATION(sim, s);
    for (int c = 0; c < 10; ++c) {
        const CycleReport r = sim.step();
        QVERIFY(r.idle);
        QVERIFY(!r.finished);
    }
    const CycleReport r = sim.step();
    QCOMPARE(r.cycle, 10);
    QCOMPARE(r.counts.processed, 1);
    QCOMPARE(sim.runCycles(-1), 3);  // cycles 11, 12, 13 idle, then stop
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.cycle(), 14);
}

void TestBroker::safetyCap()
{
    // A consumer that fails every message would loop forever in drain mode. The cap ends the
    // cycle after maxDeliveriesPerCycle deliveries, warns, and the run goes on next cycle.
    PL_LOAD_SIMULATION(sim, failingAllCappedAt10({scripted(QStringLiteral("doomed"))}));
    for (int c = 0; c < 3; ++c) {
        const CycleReport r = sim.step();
        QVERIFY(r.capReached);
        QVERIFY(!r.idle);
        QVERIFY(!r.finished);
        QCOMPARE(r.counts.dispatched, 10);
        QCOMPARE(r.counts.failed, 10);
        QCOMPARE(r.counts.processed, 0);
        QCOMPARE(r.counts.batches, 10);
        QCOMPARE(r.queueDepth, 1);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings.at(0).contains(QStringLiteral("cap")), qPrintable(r.warnings.at(0)));
        QVERIFY2(r.warnings.at(0).contains(QStringLiteral("10")), qPrintable(r.warnings.at(0)));
        QVERIFY2(r.warnings.at(0).contains(QStringLiteral("maxDeliveriesPerCycle")), qPrintable(r.warnings.at(0)));
        QVERIFY(sim.conservationHolds());
    }
    QCOMPARE(sim.cycle(), 3);
    QCOMPARE(sim.broker().at(0).deliveries, 30);
    QCOMPARE(sim.metrics().totals().failed, 30);

    // A consumer that works clears the queue: the cap is not reached.
    sim.setConsumerFailureRate(0, 0.0);
    const CycleReport r = sim.step();
    QVERIFY(!r.capReached);
    PL_VERIFY_OK(r.warnings);
    QCOMPARE(r.counts.processed, 1);
}

void TestBroker::safetyCapIsAMaximum()
{
    // Three failing messages with batch 3 and a cap of 10 deliveries: at most 10 deliveries.
    PL_LOAD_SIMULATION(sim, failingAllCappedAt10(numbered(3)));
    const CycleReport r = sim.step();
    QVERIFY(r.capReached);
    QCOMPARE(r.counts.dispatched, 10); // the cap is a maximum, reached exactly
    QVERIFY2(r.counts.dispatched <= 10, qPrintable(QString::number(r.counts.dispatched)));
    QVERIFY(sim.conservationHolds());
}

void TestBroker::postponedGoToTail()
{
    // Threshold 5, one batch a cycle. m1 (priority 0) is postponed in cycle 0 and appended
    // behind m4 and m5 with priority 1; the same id, one delivery more.
    Scenario s = scenario({consumer(A, QStringLiteral("priority"), threshold(5))},
                          {scripted(QStringLiteral("m1"), 0), scripted(QStringLiteral("m2"), 9),
                           scripted(QStringLiteral("m3"), 9), scripted(QStringLiteral("m4"), 9),
                           scripted(QStringLiteral("m5"), 9)});
    s.broker.batchesPerCycle = 1;
    PL_LOAD_SIMULATION(sim, s);
    CycleReport r = sim.step();
    QCOMPARE(r.counts.postponed, 1);
    QCOMPARE(r.takenFromHead, 3);
    QCOMPARE(r.appended, 5 + 1);  // 5 produced + 1 postponed copy
    QCOMPARE(queueIds(sim), (QList<quint64>{4, 5, 1}));
    const Message &tail = sim.broker().at(2);
    QCOMPARE(tail.data.text(), QStringLiteral("m1"));
    QCOMPARE(tail.priority, 1);
    QCOMPARE(tail.originalPriority, 0);
    QCOMPARE(tail.deliveries, 1);
    QCOMPARE(tail.producedCycle, 0);
    QVERIFY(tail.requeued);
    QCOMPARE(sim.broker().nextId(), 6u);  // no new id for a postponed copy

    // The postponed event carries both the message as received and the copy sent back.
    bool seen = false;
    for (const Event &e : r.events) {
        if (e.type != Event::Type::Postponed)
            continue;
        seen = true;
        QCOMPARE(e.consumer, A);
        QCOMPARE(e.message.priority, 0);
        QCOMPARE(e.after.priority, 1);
        QCOMPARE(e.returned().id, e.message.id);
        QCOMPARE(e.returned().priority, 1);
        QVERIFY(e.returned().requeued);
        QCOMPARE(e.explanationText(), QStringLiteral("priority 0 < threshold 5: postponed with priority 1"));
    }
    QVERIFY(seen);

    // Cycle 1: [4 5 1] -> 4, 5 processed, 1 postponed again with priority 2.
    r = sim.step();
    QCOMPARE(r.counts.processed, 2);
    QCOMPARE(queueIds(sim), (QList<quint64>{1}));
    QCOMPARE(sim.broker().at(0).priority, 2);
}

void TestBroker::failedGoToTailUnchanged()
{
    // A fails everything, B nothing; one batch a cycle.
    // c0: A gets [1 2 3], all fail -> queue [4 1 2 3] (unchanged, accept-all)
    // c1: B gets [4 1 2] ok.   c2: A gets [3], fails.   c3: B gets [3] ok.
    Scenario s = scenario({consumer(A, QStringLiteral("accept-all"), {}, true, 1.0), consumer(B)}, numbered(4));
    s.broker.batchesPerCycle = 1;
    PL_LOAD_SIMULATION(sim, s);
    CycleReport r = sim.step();
    QCOMPARE(r.counts.failed, 3);
    QCOMPARE(r.counts.processed, 0);
    QCOMPARE(queueIds(sim), (QList<quint64>{4, 1, 2, 3}));
    for (qsizetype i = 1; i < 4; ++i) {
        QCOMPARE(sim.broker().at(i).priority, 5);
        QCOMPARE(sim.broker().at(i).ttl, 3);
        QCOMPARE(sim.broker().at(i).predicateRuns, 0);
        QCOMPARE(sim.broker().at(i).deliveries, 1);
    }
    int failedEvents = 0;
    for (const Event &e : r.events) {
        if (e.type == Event::Type::Failed) {
            ++failedEvents;
            QCOMPARE(e.consumer, A);
            QCOMPARE(e.after.priority, e.message.priority);
            QCOMPARE(e.after.ttl, e.message.ttl);
            QVERIFY(e.explanationText().contains(QStringLiteral("unchanged")));
        }
    }
    QCOMPARE(failedEvents, 3);
    r = sim.step();
    QCOMPARE(batchesOf(r, 3), (QStringList{QStringLiteral("B:4,1,2")}));
    QCOMPARE(r.counts.processed, 3);
    r = sim.step();
    QCOMPARE(r.counts.failed, 1);
    r = sim.step();
    QCOMPARE(batchesOf(r, 3), (QStringList{QStringLiteral("B:3")}));
    QCOMPARE(sim.consumers().at(0)->stats.failed, 4);
    QCOMPARE(sim.consumers().at(0)->stats.processed, 0);
    QCOMPARE(sim.consumers().at(1)->stats.processed, 4);
}

void TestBroker::failureRateRandomness()
{
    // failureRate 0.5, 2000 messages, drain: every message is processed in the end; about half of
    // the deliveries fail (4000 expected, so 0.45..0.55 is more than 6 standard deviations).
    const auto run = [](quint64 seed, QList<quint64> *failedIds) {
        Scenario s = scenario({consumer(A, QStringLiteral("accept-all"), {}, true, 0.5)}, numbered(2000));
        s.seed = seed;
        Simulation sim;
        if (!sim.load(s).isEmpty())
            return Counts();
        const CycleReport r = sim.step();
        for (const Event &e : r.events) {
            if (e.type == Event::Type::Failed)
                *failedIds << e.message.id;
        }
        return r.counts;
    };
    QList<quint64> first, again, other;
    const Counts c = run(1, &first);
    QCOMPARE(c.processed, 2000);
    QCOMPARE(c.dispatched, c.processed + c.failed);
    const double rate = double(c.failed) / double(c.dispatched);
    QVERIFY2(rate > 0.45 && rate < 0.55, qPrintable(QString::number(rate)));
    // Same seed, same failures; another seed, other failures.
    run(1, &again);
    QCOMPARE(again, first);
    run(2, &other);
    QVERIFY(other != first);
}

void TestBroker::failureRateBounds()
{
    // failureRate 0 never fails; out-of-range rates set live are clamped to 0..1.
    Scenario s = scenario({consumer(A)}, numbered(300));
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(sim.step().counts.failed, 0);
    sim.setConsumerFailureRate(0, 7.0);
    QCOMPARE(sim.consumers().at(0)->failureRate, 1.0);
    sim.setConsumerFailureRate(0, -1.0);
    QCOMPARE(sim.consumers().at(0)->failureRate, 0.0);
}

void TestBroker::removeConsumerKeepsRoundRobin()
{
    Scenario s = scenario({consumer(A), consumer(B), consumer(C), consumer(D)}, numbered(60));
    s.broker.batchesPerCycle = 1;
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(consumersOfCycles(sim, 2), (QStringList{A, B}));

    // Remove B, which got the last batch: the consumer after it (C) gets the next one.
    sim.removeConsumer(1);
    QCOMPARE(consumersOfCycles(sim, 3), (QStringList{C, D, A}));

    // Now [A C D], cursor on A. Remove D (after the cursor): C is still next.
    sim.removeConsumer(2);
    QCOMPARE(consumersOf(sim.step(), 3), QStringList{C});

    // Now [A C], cursor on C. Remove A (before the cursor): C stays the last one served, and as
    // the only consumer it gets the next batch too.
    sim.removeConsumer(0);
    QCOMPARE(sim.consumers().size(), size_t(1));
    QCOMPARE(consumersOf(sim.step(), 3), QStringList{C});

    // Invalid indexes are ignored.
    sim.removeConsumer(5);
    sim.removeConsumer(-1);
    QCOMPARE(sim.consumers().size(), size_t(1));
}

void TestBroker::removeLastConsumerAtCursor()
{
    Scenario s = scenario({consumer(A), consumer(B), consumer(C), consumer(D)}, numbered(60));
    s.broker.batchesPerCycle = 1;
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(consumersOfCycles(sim, 4), (QStringList{A, B, C, D}));
    // D (last in the list) got the last batch and is removed: next is A, after D in the circle.
    sim.removeConsumer(3);
    QCOMPARE(consumersOfCycles(sim, 3), (QStringList{A, B, C}));

    // Remove the first consumer while it holds the cursor: B (after A) is next.
    QCOMPARE(consumersOf(sim.step(), 3), QStringList{A});
    sim.removeConsumer(0);
    QCOMPARE(consumersOfCycles(sim, 2), (QStringList{B, C}));
}

void TestBroker::addConsumer()
{
    Scenario s = scenario({consumer(A), consumer(B)}, numbered(30));
    s.broker.batchesPerCycle = 1;
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(consumersOf(sim.step(), 3), QStringList{A});
    QCOMPARE(sim.addConsumer(consumer(C, QStringLiteral("priority"), threshold(0))), QString());
    QVERIFY(!sim.addConsumer(consumer(A)).isEmpty());   // name taken
    QVERIFY(!sim.addConsumer(consumer(QStringLiteral(" "))).isEmpty());  // empty name
    QVERIFY(!sim.addConsumer(consumer(D, QStringLiteral("fastest"))).isEmpty());
    QVERIFY(!sim.addConsumer(consumer(D, QStringLiteral("priority"), threshold(5000000))).isEmpty());
    QCOMPARE(sim.consumers().size(), size_t(3));
    QCOMPARE(consumersOfCycles(sim, 4), (QStringList{B, C, A, B}));
}

void TestBroker::liveParameterEdit()
{
    // Threshold 9 postpones everything; lowering it live to 0 makes the next cycle process.
    Scenario s = scenario({consumer(A, QStringLiteral("priority"), threshold(9))}, numbered(3));
    s.broker.batchesPerCycle = 1;
    PL_LOAD_SIMULATION(sim, s);
    QCOMPARE(sim.step().counts.postponed, 3);
    QSignalSpy changed(&sim, &Simulation::setupChanged);
    QCOMPARE(sim.setConsumerParameter(0, QStringLiteral("threshold"), 0), QString());
    QCOMPARE(changed.count(), 1);
    QVERIFY(!sim.setConsumerParameter(0, QStringLiteral("threshold"), QStringLiteral("x")).isEmpty());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(sim.consumers().at(0)->strategy->parameter(QStringLiteral("threshold")).toInt(), 0);
    QCOMPARE(sim.step().counts.processed, 3);

    // Strategy type changes too; the current scenario reflects live edits.
    QCOMPARE(sim.setConsumerStrategyType(0, QStringLiteral("ttl")), QString());
    QVERIFY(!sim.setConsumerStrategyType(0, QStringLiteral("fastest")).isEmpty());
    QCOMPARE(sim.consumers().at(0)->strategy->type(), QStringLiteral("ttl"));
    const Scenario current = sim.currentScenario();
    QCOMPARE(current.consumers.at(0).strategy.type, QStringLiteral("ttl"));
    QCOMPARE(current.consumers.at(0).strategy.parameters.value(QStringLiteral("high")).toInt(), 4);

    // Batch size changes from the next batch.
    BrokerConfig config = sim.broker().config();
    config.batchSize = 1;
    sim.setBrokerConfig(config);
    QCOMPARE(sim.currentScenario().broker.batchSize, 1);
}

void TestBroker::ringQueueGrowsAcrossTheWrap()
{
    // Messages move by their bytes when the ring grows (Message is relocatable): the order and
    // every string survive a growth while the head is in the middle of the slots.
    RingQueue<Message> queue;
    int next = 0;
    int expected = 0;
    for (; next < 16; ++next)
        queue.push_back(ringMessage(next));
    for (int i = 0; i < 10; ++i, ++expected) {
        QCOMPARE(queue.front().id, quint64(expected));
        queue.pop_front();
    }
    for (; next < 40; ++next)  // wraps, then grows twice
        queue.push_back(ringMessage(next));
    queue.reserve(queue.size() + 200);
    for (; next < 230; ++next)
        queue.push_back(ringMessage(next));
    QCOMPARE(queue.size(), qsizetype(230 - 10));
    for (; expected < next; ++expected) {
        QCOMPARE(queue.front().id, quint64(expected));
        QCOMPARE(queue.front().data.text(), QStringLiteral("data %1").arg(expected));
        QCOMPARE(queue.front().producer.text(), QStringLiteral("P"));
        queue.pop_front();
    }
    QVERIFY(queue.empty());
    // Reserving on an empty ring (no slots yet) makes room without looping.
    RingQueue<Message> fresh;
    fresh.reserve(1000);
    fresh.push_back(ringMessage(1));
    QCOMPARE(fresh.front().id, quint64(1));
}

void TestBroker::ringQueueRelocatesItsHead()
{
    // relocateFrontTo() is pop_front() and push_back() in one copy of the bytes: onto the same
    // ring (not full, and full: the head's slot is the tail's) and onto another one (which grows).
    const auto ids = [](const RingQueue<Message> &q) {
        QList<quint64> out;
        for (const Message &m : q)  // an id whose data did not survive shows as 0
            out << (m.data.text() == QStringLiteral("data %1").arg(m.id) ? m.id : 0);
        return out;
    };
    RingQueue<Message> ring;
    for (int i = 1; i <= 5; ++i)
        ring.push_back(ringMessage(i));
    ring.relocateFrontTo(ring);
    QCOMPARE(ids(ring), (QList<quint64>{2, 3, 4, 5, 1}));
    for (int i = 6; ring.size() < ring.capacity(); ++i)
        ring.push_back(ringMessage(i));
    const qsizetype full = ring.capacity();
    for (int i = 0; i < 3; ++i)
        ring.relocateFrontTo(ring);
    QCOMPARE(ring.capacity(), full);
    QCOMPARE(ring.size(), full);
    QCOMPARE(ring[full - 3].id, quint64(2));
    QCOMPARE(ring[full - 1].id, quint64(4));
    QCOMPARE(ring.front().id, quint64(5));
    RingQueue<Message> other;
    while (!ring.empty())
        ring.relocateFrontTo(other);
    QCOMPARE(other.size(), full);
    QCOMPARE(other.front().id, quint64(5));
    QCOMPARE(other[full - 1].id, quint64(4));
    QVERIFY(!ids(other).contains(0));
}

void TestBroker::ringQueueReservesWhatItIsAsked()
{
    // A reserve for a known count takes that many slots, not the next power of two (10 million
    // messages: 800 MB, not 1.34 GB, docs/design.md §9), and positions wrap at that count: push,
    // pop, relocation onto the same full ring and onto another one, growth across the wrap.
    RingQueue<Message> ring;
    ring.reserve(1000);
    QCOMPARE(ring.capacity(), qsizetype(1000));
    RingQueue<Message> small;
    small.reserve(20);
    QCOMPARE(small.capacity(), qsizetype(20));
    int next = 0;
    int expected = 0;
    for (; next < 20; ++next)
        small.push_back(ringMessage(next));
    for (int i = 0; i < 13; ++i, ++expected) {  // the head goes past the middle
        QCOMPARE(small.front().id, quint64(expected));
        small.pop_front();
    }
    for (; next < 33; ++next)  // the tail wraps: full again at 20
        small.push_back(ringMessage(next));
    QCOMPARE(small.capacity(), qsizetype(20));
    QCOMPARE(small[19].id, quint64(32));
    small.relocateFrontTo(small);  // full: the head's slot is the tail's
    QCOMPARE(small.front().id, quint64(14));
    QCOMPARE(small[19].id, quint64(13));
    // Reserving a little more grows geometrically (each growth copies the queue), not by the
    // little more.
    small.reserve(21);
    QCOMPARE(small.capacity(), qsizetype(40));
    QList<quint64> model;  // what the ring holds, head first
    for (int id = 14; id <= 32; ++id)
        model << quint64(id);
    model << 13;
    RingQueue<Message> other;
    other.reserve(25);
    while (!small.empty())
        small.relocateFrontTo(other);
    QCOMPARE(other.capacity(), qsizetype(25));
    const auto holds = [&other](const QList<quint64> &ids) {
        if (other.size() != ids.size())
            return false;
        for (qsizetype i = 0; i < ids.size(); ++i) {
            if (other[i].id != ids[i] || other[i].data.text() != QStringLiteral("data %1").arg(ids[i]))
                return false;
        }
        return true;
    };
    QVERIFY(holds(model));
    // Round the ring of 25 several times: a relocation to the tail, a pop and a push.
    for (int i = 0; i < 60; ++i) {
        other.relocateFrontTo(other);
        model << model.takeFirst();
        other.pop_front();
        model.removeFirst();
        other.push_back(ringMessage(next));
        model << quint64(next++);
        QVERIFY2(holds(model), qPrintable(QStringLiteral("step %1").arg(i)));
    }
    QCOMPARE(other.capacity(), qsizetype(25));
}

QTEST_GUILESS_MAIN(TestBroker)
/// The broker calls the rules of `accept-all`, `priority` and `ttl` directly, without the
/// virtual decide() or a reason string (docs/design.md §9): the same run through decide(), as a
/// custom strategy is called, gives the same events (decisions, failures, reasons, explanations),
/// the same dead letters and the same counts per reason.
void TestBroker::builtInRulesDecideAsThroughDecide_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QVariantMap>("parameters");
    QTest::addRow("accept-all") << QStringLiteral("accept-all") << QVariantMap();
    QTest::addRow("priority") << QStringLiteral("priority") << threshold(6);
    QTest::addRow("ttl") << QStringLiteral("ttl")
                         << QVariantMap{{QStringLiteral("low"), 1}, {QStringLiteral("high"), 4}};
}

void TestBroker::builtInRulesDecideAsThroughDecide()
{
    QFETCH(QString, type);
    QFETCH(QVariantMap, parameters);
    const QString via = QStringLiteral("test-via-decide-") + type;
    StrategyRegistry::instance().add(via, [type] { return std::make_unique<ViaDecideStrategy>(type); });
    const auto run = [&](const QString &strategy) {
        Scenario s = scenario({consumer(A, strategy, parameters, true, 0.2), consumer(B, strategy, parameters),
                               consumer(C, strategy, parameters, true, 0.5)},
                              {});
        s.producers[0] = generatingProducer(QStringLiteral("P"), 7, 0, 9, 0, 6);
        s.broker.batchSize = 2;
        return runLines(s, 6);
    };
    const QStringList direct = run(type);
    const QStringList throughDecide = run(via);
    StrategyRegistry::instance().remove(via);
    QVERIFY(direct.size() > 100);
    QCOMPARE(direct, throughDecide);
    if (type == QLatin1String("ttl"))
        QVERIFY(direct.filter(QStringLiteral("discarded ttl-expired: ")).size() == 1);
}

#include "tst_broker.moc"
