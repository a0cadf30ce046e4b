// The three reference presets of docs/design.md §6 give the processing order that the rules of
// docs/design.md §3 and §4 imply. The expected traces below were worked out by hand from those rules,
// not copied from the engine:
//  - one FIFO queue; a batch is up to 3 messages taken from the head;
//  - batches go round-robin A, B, C, A, ... (the cursor starts before A);
//  - a consumer handles its batch one message at a time; a postponed copy is appended to the tail
//    at once (so it is behind the rest of the queue, and never in the batch it came from);
//  - dispatch "drain": batches are taken until the queue is empty, all within cycle 0;
//  - cycles 1, 2, 3 are idle (empty queue), so with maxIdleCycles 3 the broker stops after cycle 3.
//
// Trace notation: one string per batch, "consumer: message field-before→field-after" for a
// postponed message, "message value ok" for a processed one, where the field is the one the
// strategy reads (priority, TTL or predicateRuns).
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QTest>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

int fieldOf(const Message &m, const QString &field)
{
    if (field == QLatin1String("priority"))
        return m.priority;
    if (field == QLatin1String("ttl"))
        return m.ttl;
    return m.predicateRuns;
}

} // namespace

class TestReference : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reference_data();
    void reference();
};

void TestReference::reference_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QStringList>("batches");
    QTest::addColumn<QStringList>("processed");   // "consumer:data" in processing order
    QTest::addColumn<QList<qint64>>("perConsumer"); // processed per consumer, A, B, (C)
    QTest::addColumn<qint64>("postponed");
    QTest::addColumn<qint64>("overtaken");
    QTest::addColumn<QList<qint64>>("deliveries");  // deliveries of data_0, data_1, ... at the end

    // ---- reference-priority.json: threshold 5, agingStep 1; data_i has priority i (ids 1..9).
    // Queue at start: d0(0) d1(1) d2(2) d3(3) d4(4) d5(5) d6(6) d7(7) d8(8)
    // B1 A takes d0 d1 d2: all < 5, postponed with +1 -> tail.
    //    queue: d3(3) d4(4) d5(5) d6(6) d7(7) d8(8) d0(1) d1(2) d2(3)
    // B2 B takes d3 d4 d5: d3 -> 4, d4 -> 5 (tail), d5 = 5 >= 5 processed.
    //    queue: d6 d7 d8 d0(1) d1(2) d2(3) d3(4) d4(5)
    // B3 C takes d6 d7 d8: all processed.      queue: d0(1) d1(2) d2(3) d3(4) d4(5)
    // B4 A takes d0 d1 d2: -> 2, 3, 4.         queue: d3(4) d4(5) d0(2) d1(3) d2(4)
    // B5 B takes d3(4) -> 5, d4(5) processed, d0(2) -> 3.   queue: d1(3) d2(4) d3(5) d0(3)
    // B6 C takes d1(3) -> 4, d2(4) -> 5, d3(5) processed.   queue: d0(3) d1(4) d2(5)
    // B7 A takes d0(3) -> 4, d1(4) -> 5, d2(5) processed.   queue: d0(4) d1(5)
    // B8 B takes d0(4) -> 5, d1(5) processed.               queue: d0(5)
    // B9 C takes d0(5): processed.                          queue empty.
    // Processed: d5 d6 d7 d8 d4 d3 d2 d1 d0; A 1 (d2), B 3 (d5 d4 d1), C 5 (d6 d7 d8 d3 d0).
    // Postponed 3+2+0+3+2+2+2+1+0 = 15. Overtaken: d4, d3, d2, d1, d0 come after d8 (id 9) = 5.
    // Deliveries: d0 in B1 B4 B5 B7 B8 B9 = 6, d1 B1 B4 B6 B7 B8 = 5, d2 B1 B4 B6 B7 = 4,
    // d3 B2 B5 B6 = 3, d4 B2 B5 = 2, d5..d8 1 each.
    QTest::addRow("reference-priority")
            << QStringLiteral("reference-priority.json") << QStringLiteral("priority")
            << QStringList{
                       QStringLiteral("A: data_0 0→1, data_1 1→2, data_2 2→3"),
                       QStringLiteral("B: data_3 3→4, data_4 4→5, data_5 5 ok"),
                       QStringLiteral("C: data_6 6 ok, data_7 7 ok, data_8 8 ok"),
                       QStringLiteral("A: data_0 1→2, data_1 2→3, data_2 3→4"),
                       QStringLiteral("B: data_3 4→5, data_4 5 ok, data_0 2→3"),
                       QStringLiteral("C: data_1 3→4, data_2 4→5, data_3 5 ok"),
                       QStringLiteral("A: data_0 3→4, data_1 4→5, data_2 5 ok"),
                       QStringLiteral("B: data_0 4→5, data_1 5 ok"),
                       QStringLiteral("C: data_0 5 ok"),
               }
            << QStringList{QStringLiteral("B:data_5"), QStringLiteral("C:data_6"), QStringLiteral("C:data_7"),
                           QStringLiteral("C:data_8"), QStringLiteral("B:data_4"), QStringLiteral("C:data_3"),
                           QStringLiteral("A:data_2"), QStringLiteral("B:data_1"), QStringLiteral("C:data_0")}
            << QList<qint64>{1, 3, 5} << qint64(15) << qint64(5)
            << QList<qint64>{6, 5, 4, 3, 2, 1, 1, 1, 1};

    // ---- reference-ttl.json: low 0, high 4 (process 1..3); data_i has ttl 9 - i.
    // Queue at start: d0(9) d1(8) d2(7) d3(6) d4(5) d5(4) d6(3) d7(2) d8(1)
    // B1  A: d0 9->8, d1 8->7, d2 7->6.   queue: d3(6) d4(5) d5(4) d6(3) d7(2) d8(1) d0(8) d1(7) d2(6)
    // B2  B: d3 6->5, d4 5->4, d5 4->3.   queue: d6(3) d7(2) d8(1) d0(8) d1(7) d2(6) d3(5) d4(4) d5(3)
    // B3  C: d6 3, d7 2, d8 1 processed.  queue: d0(8) d1(7) d2(6) d3(5) d4(4) d5(3)
    // B4  A: d0 8->7, d1 7->6, d2 6->5.   queue: d3(5) d4(4) d5(3) d0(7) d1(6) d2(5)
    // B5  B: d3 5->4, d4 4->3, d5 3 ok.   queue: d0(7) d1(6) d2(5) d3(4) d4(3)
    // B6  C: d0 7->6, d1 6->5, d2 5->4.   queue: d3(4) d4(3) d0(6) d1(5) d2(4)
    // B7  A: d3 4->3, d4 3 ok, d0 6->5.   queue: d1(5) d2(4) d3(3) d0(5)
    // B8  B: d1 5->4, d2 4->3, d3 3 ok.   queue: d0(5) d1(4) d2(3)
    // B9  C: d0 5->4, d1 4->3, d2 3 ok.   queue: d0(4) d1(3)
    // B10 A: d0 4->3, d1 3 ok.            queue: d0(3)
    // B11 B: d0 3 ok.                     queue empty; nothing reached TTL 0, so no discard.
    // Processed: d6 d7 d8 d5 d4 d3 d2 d1 d0; A 2 (d4 d1), B 3 (d5 d3 d0), C 4 (d6 d7 d8 d2).
    // Postponed 3+3+0+3+2+3+2+2+2+1+0 = 21. Overtaken: d5..d0 after d8 (id 9) = 6.
    // Deliveries: d0 7 (B1 B4 B6 B7 B9 B10 B11), d1 6, d2 5, d3 4, d4 3, d5 2, d6..d8 1.
    QTest::addRow("reference-ttl")
            << QStringLiteral("reference-ttl.json") << QStringLiteral("ttl")
            << QStringList{
                       QStringLiteral("A: data_0 9→8, data_1 8→7, data_2 7→6"),
                       QStringLiteral("B: data_3 6→5, data_4 5→4, data_5 4→3"),
                       QStringLiteral("C: data_6 3 ok, data_7 2 ok, data_8 1 ok"),
                       QStringLiteral("A: data_0 8→7, data_1 7→6, data_2 6→5"),
                       QStringLiteral("B: data_3 5→4, data_4 4→3, data_5 3 ok"),
                       QStringLiteral("C: data_0 7→6, data_1 6→5, data_2 5→4"),
                       QStringLiteral("A: data_3 4→3, data_4 3 ok, data_0 6→5"),
                       QStringLiteral("B: data_1 5→4, data_2 4→3, data_3 3 ok"),
                       QStringLiteral("C: data_0 5→4, data_1 4→3, data_2 3 ok"),
                       QStringLiteral("A: data_0 4→3, data_1 3 ok"),
                       QStringLiteral("B: data_0 3 ok"),
               }
            << QStringList{QStringLiteral("C:data_6"), QStringLiteral("C:data_7"), QStringLiteral("C:data_8"),
                           QStringLiteral("B:data_5"), QStringLiteral("A:data_4"), QStringLiteral("B:data_3"),
                           QStringLiteral("C:data_2"), QStringLiteral("A:data_1"), QStringLiteral("B:data_0")}
            << QList<qint64>{2, 3, 4} << qint64(21) << qint64(6)
            << QList<qint64>{7, 6, 5, 4, 3, 2, 1, 1, 1};

    // ---- reference-predicate.json: consumers A and B, predicate data != "data_0",
    // maxPredicateRuns 3; data_0..data_2.
    // B1 A: d0 false, runs 0 < 3 -> postponed with runs 1; d1, d2 true -> processed. queue: d0(1)
    // B2 B: d0 runs 1 -> 2.   B3 A: d0 runs 2 -> 3.
    // B4 B: d0 runs 3 >= 3 -> processed anyway.
    // Processed: d1 d2 (A), d0 (B). Postponed 3. Overtaken: d0 (id 1) after d2 (id 3) = 1.
    QTest::addRow("reference-predicate")
            << QStringLiteral("reference-predicate.json") << QStringLiteral("predicateRuns")
            << QStringList{
                       QStringLiteral("A: data_0 0→1, data_1 0 ok, data_2 0 ok"),
                       QStringLiteral("B: data_0 1→2"),
                       QStringLiteral("A: data_0 2→3"),
                       QStringLiteral("B: data_0 3 ok"),
               }
            << QStringList{QStringLiteral("A:data_1"), QStringLiteral("A:data_2"), QStringLiteral("B:data_0")}
            << QList<qint64>{2, 1} << qint64(3) << qint64(1) << QList<qint64>{4, 1, 1};
}

void TestReference::reference()
{
    QFETCH(QString, file);
    QFETCH(QString, field);
    QFETCH(QStringList, batches);
    QFETCH(QStringList, processed);
    QFETCH(QList<qint64>, perConsumer);
    QFETCH(qint64, postponed);
    QFETCH(qint64, overtaken);
    QFETCH(QList<qint64>, deliveries);

    PL_LOAD_PRESET(preset, file);
    // The preset is the reference case of docs/design.md §6: batch 3, drain, idle 3.
    QCOMPARE(preset.broker.batchSize, 3);
    QCOMPARE(preset.broker.batchesPerCycle, 0);
    QCOMPARE(preset.broker.maxIdleCycles, 3);

    Simulation sim;
    QCOMPARE(sim.load(preset), QStringList());

    QStringList trace;
    QStringList order;
    QString currentConsumer;
    QStringList currentBatch;
    int inBatch = 0;
    QList<CycleReport> reports;
    for (int guard = 0; !sim.isFinished() && guard < 100; ++guard)
        reports << sim.step();
    QVERIFY(sim.isFinished());

    // Everything happens in cycle 0; cycles 1..3 are idle; the broker stops after cycle 3.
    QCOMPARE(reports.size(), 4);
    QCOMPARE(sim.cycle(), 4);
    QVERIFY(!reports.at(0).idle);
    for (int c = 1; c <= 3; ++c) {
        QVERIFY(reports.at(c).idle);
        QVERIFY(reports.at(c).events.isEmpty());
        QCOMPARE(reports.at(c).finished, c == 3);
    }
    QVERIFY(sim.stopReason().contains(QStringLiteral("idle")));
    QVERIFY(!reports.at(0).capReached);
    PL_VERIFY_OK(reports.at(0).warnings);

    const CycleReport &r = reports.at(0);
    for (const Event &e : r.events) {
        QCOMPARE(e.cycle, 0);
        switch (e.type) {
        case Event::Type::Produced:
            break;
        case Event::Type::Dispatched:
            // All consumers are online, so consecutive batches go to different consumers.
            if (e.consumer != currentConsumer || inBatch == 3) {
                if (!currentBatch.isEmpty())
                    trace << currentConsumer + QStringLiteral(": ") + currentBatch.join(QStringLiteral(", "));
                currentBatch.clear();
                currentConsumer = e.consumer;
                inBatch = 0;
            }
            ++inBatch;
            break;
        case Event::Type::Postponed:
            QCOMPARE(e.consumer, currentConsumer);
            currentBatch << QStringLiteral("%1 %2→%3").arg(e.message.data.text()).arg(fieldOf(e.message, field))
                                    .arg(fieldOf(e.returned(), field));
            break;
        case Event::Type::Processed:
            QCOMPARE(e.consumer, currentConsumer);
            currentBatch << QStringLiteral("%1 %2 ok").arg(e.message.data.text()).arg(fieldOf(e.message, field));
            order << e.consumer + QLatin1Char(':') + e.message.data.text();
            break;
        case Event::Type::Discarded:
        case Event::Type::Failed:
        case Event::Type::Rejected:
            QFAIL(qPrintable(QStringLiteral("unexpected %1 of %2").arg(Event::typeName(e.type), e.message.data.text())));
        }
    }
    if (!currentBatch.isEmpty())
        trace << currentConsumer + QStringLiteral(": ") + currentBatch.join(QStringLiteral(", "));

    QCOMPARE(trace, batches);
    QCOMPARE(order, processed);

    QCOMPARE(qsizetype(sim.consumers().size()), perConsumer.size());
    for (qsizetype i = 0; i < perConsumer.size(); ++i)
        QCOMPARE(sim.consumers().at(size_t(i))->stats.processed, perConsumer.at(i));

    const Counts &t = sim.metrics().totals();
    QCOMPARE(t.produced, deliveries.size());
    QCOMPARE(t.processed, deliveries.size());
    QCOMPARE(t.postponed, postponed);
    QCOMPARE(t.discarded, 0);
    QCOMPARE(t.failed, 0);
    QCOMPARE(t.dispatched, t.processed + t.postponed);
    QCOMPARE(t.batches, batches.size());
    QCOMPARE(sim.broker().size(), 0);
    QCOMPARE(sim.broker().deadLetterCount(), 0);
    QVERIFY(sim.conservationHolds());
    QCOMPARE(sim.metrics().overtaken(), overtaken);

    // Deliveries per message when it was processed (data_i is message id i + 1).
    QList<qint64> seen(deliveries.size(), -1);
    for (const Event &e : r.events) {
        if (e.type == Event::Type::Processed)
            seen[qsizetype(e.message.id - 1)] = e.message.deliveries;
    }
    QCOMPARE(seen, deliveries);

    // Everything was processed in the cycle it was produced: latency 0 for every priority.
    for (int priority : sim.metrics().latencyPriorities()) {
        const LatencyStats s = sim.metrics().latency(priority);
        QCOMPARE(s.max, 0);
    }
}

QTEST_GUILESS_MAIN(TestReference)
#include "tst_reference.moc"
