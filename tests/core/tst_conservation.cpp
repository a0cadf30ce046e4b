// The conservation law of docs/design.md §5, checked after every cycle of every preset and of crafted
// scenarios with failures, discards, offline consumers and the safety cap:
//   produced = processed + discarded + queued + held + rejected,
// computed both by Simulation::conservationHolds() and here from the reports; every id is in
// exactly one place; no message is delivered to two consumers at once, and a delivered message
// is decided on in its cycle unless its consumer holds it (prefetch, docs/design.md §4); per-consumer counts add
// up to the totals; the event stream agrees with the counts; discarded messages are listed.
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <algorithm>

#include <QHash>
#include <QJsonValue>
#include <QSet>
#include <QTest>

Q_DECLARE_METATYPE(PriorityLab::Scenario)

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// generatorConfig() with data "g-{n}", stopping at cycle @p until.
GeneratorConfig generator(int perCycle, int pMin, int pMax, int tMin, int tMax, qint64 until)
{
    GeneratorConfig g = generatorConfig(perCycle, pMin, pMax, tMin, tMax);
    g.data = QStringLiteral("g-{n}");
    g.untilCycle = until;
    return g;
}

/// "" if @p actual and @p expected agree on each of @p fields (names of Counts members), otherwise
/// the first that differs as "NAME: actual A, expected E".
QString countsDiffer(const Counts &actual, const Counts &expected, const QStringList &fields)
{
    for (const auto &[name, member] : Counts::fields()) {
        if (fields.contains(QLatin1String(name)) && actual.*member != expected.*member)
            return QStringLiteral("%1: actual %2, expected %3").arg(QLatin1String(name)).arg(actual.*member).arg(expected.*member);
    }
    return {};
}

/// Failures, discards and postponements of every strategy; generators stop at cycle 60.
Scenario crafted(int batchesPerCycle)
{
    Scenario s;
    s.name = QStringLiteral("crafted");
    s.seed = 7;
    s.broker.batchesPerCycle = batchesPerCycle;
    s.broker.maxIdleCycles = 3;
    s.consumers << consumer(QStringLiteral("ttl"), QStringLiteral("ttl"),
                            {{QStringLiteral("low"), 2}, {QStringLiteral("high"), 6}}, true, 0.3)
                << consumer(QStringLiteral("prio"), QStringLiteral("priority"),
                            {{QStringLiteral("threshold"), 6}, {QStringLiteral("agingStep"), 2}}, true, 0.2)
                << consumer(QStringLiteral("pred"), QStringLiteral("predicate"),
                            {{QStringLiteral("predicate"), QStringLiteral("priority >= 5 || queueLength < 10")},
                             {QStringLiteral("maxPredicateRuns"), 2}}, true, 0.1)
                << consumer(QStringLiteral("all"), QStringLiteral("accept-all"), {}, true, 0.5)
                << consumer(QStringLiteral("off"), QStringLiteral("accept-all"), {}, false, 0.0);
    ProducerConfig a = producer(QStringLiteral("gen-a"), {scripted(QStringLiteral("first"), 0, 0)});
    a.generator = generator(4, 0, 9, 0, 9, 60);
    ProducerConfig b = producer(QStringLiteral("gen-b"), numbered(20, 5));
    b.generator = generator(2, -3, 3, 1, 12, 40);
    s.producers << a << b;
    return s;
}

/// A discarding TTL range (nothing inside) next to a consumer that always fails; capped.
Scenario lossyAndCapped()
{
    Scenario s;
    s.name = QStringLiteral("lossy");
    s.seed = 3;
    s.broker.maxDeliveriesPerCycle = 10;
    s.consumers << consumer(QStringLiteral("loses"), QStringLiteral("ttl"),
                            {{QStringLiteral("low"), 4}, {QStringLiteral("high"), 5}})
                << consumer(QStringLiteral("fails"), QStringLiteral("accept-all"), {}, true, 1.0);
    ProducerConfig p = producer(QStringLiteral("P"), {});
    p.generator = generator(5, 0, 9, 0, 9, 30);
    s.producers << p;
    return s;
}

/// crafted() with a length limit of 6 messages per queue in @p mode, overflow @p overflow.
Scenario limited(BrokerConfig::Mode mode, BrokerConfig::Overflow overflow)
{
    Scenario s = crafted(2);
    s.name = QStringLiteral("limited");
    s.broker.mode = mode;
    s.broker.maxLength = 6;
    s.broker.overflow = overflow;
    s.broker.deliveryLimit = 2;
    s.broker.messageTtl = 4;
    s.broker.expiry = mode == BrokerConfig::Mode::Topics ? BrokerConfig::Expiry::Anywhere : BrokerConfig::Expiry::Head;
    return s;
}

/// crafted() with held messages (docs/design.md §4): prefetches and work limits on four
/// consumers in @p mode; the priority consumer goes offline at cycle 8 (its held messages go
/// back to the queue's head) and comes back at cycle 12; the TTL consumer's limits are cleared at
/// cycle 20 while it holds messages.
Scenario prefetching(BrokerConfig::Mode mode)
{
    Scenario s = crafted(0);
    s.name = QStringLiteral("prefetching");
    s.broker.mode = mode;
    s.consumers[0].prefetch = 4;
    s.consumers[0].workPerCycle = 1;
    s.consumers[1].prefetch = 3;
    s.consumers[1].workPerCycle = 2;
    s.consumers[2].workPerCycle = 3;  // prefetch unlimited: it takes what it is given
    s.consumers[3].prefetch = 2;      // works all it holds
    s.timeline << TimelineChange{8, QStringLiteral("consumers[1].online"), false}
               << TimelineChange{12, QStringLiteral("consumers[1].online"), true}
               << TimelineChange{20, QStringLiteral("consumers[0].prefetch"), QJsonValue()}
               << TimelineChange{20, QStringLiteral("consumers[0].workPerCycle"), QJsonValue()};
    return s;
}

} // namespace

class TestConservation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void afterEveryCycle_data();
    void afterEveryCycle();
    void conservationDetectsALoss();
};

void TestConservation::afterEveryCycle_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<int>("cycles");  // at most; a scenario may stop before
    QTest::addColumn<bool>("exercised");  // must see failures, discards and postponements
    const QStringList presets = presetFiles();
    QVERIFY(presets.contains(QStringLiteral("default.json")));
    QVERIFY(presets.contains(QStringLiteral("reference-priority.json")));
    for (const QString &file : presets) {
        PL_LOAD_PRESET(preset, file);
        QTest::addRow("%s", qPrintable(file)) << preset << 300 << false;
    }
    QTest::addRow("crafted drain") << crafted(0) << 300 << true;
    QTest::addRow("crafted paced 2") << crafted(2) << 300 << true;
    QTest::addRow("lossy and capped") << lossyAndCapped() << 60 << true;
    QTest::addRow("length limit, drop-head, priority")
            << limited(BrokerConfig::Mode::Priority, BrokerConfig::Overflow::DropHead) << 300 << true;
    QTest::addRow("length limit, reject-publish, topics")
            << limited(BrokerConfig::Mode::Topics, BrokerConfig::Overflow::RejectPublish) << 300 << true;
    QTest::addRow("length limit, drop-head, fifo")
            << limited(BrokerConfig::Mode::Fifo, BrokerConfig::Overflow::DropHead) << 300 << true;
    QTest::addRow("held messages, fifo") << prefetching(BrokerConfig::Mode::Fifo) << 300 << true;
    QTest::addRow("held messages, priority") << prefetching(BrokerConfig::Mode::Priority) << 300 << true;
    QTest::addRow("held messages, topics") << prefetching(BrokerConfig::Mode::Topics) << 300 << true;
}

void TestConservation::afterEveryCycle()
{
    QFETCH(Scenario, scenario);
    QFETCH(int, cycles);
    QFETCH(bool, exercised);
    Simulation sim;
    QCOMPARE(sim.load(scenario), QStringList());

    Counts sum;                         // report counts added up here
    QSet<quint64> processedIds;
    QSet<quint64> discardedIds;  // final dead letters
    QSet<quint64> keptIds;       // dead letters kept in the dead-letter queue (broker.deadLetterQueue)
    // A dead letter goes to the dead-letter queue if it is on, unless it came from there (final).
    const auto discard = [&](const Event &e) {
        const quint64 id = e.message.id;
        if (sim.broker().config().deadLetterQueue && !e.message.deadLetter) {
            QVERIFY2(!keptIds.contains(id), "dead-lettered twice into the dead-letter queue");
            keptIds.insert(id);
        } else {
            QVERIFY2(!discardedIds.contains(id), "discarded twice");
            QVERIFY2(e.message.deadLetter == keptIds.contains(id), "a final dead letter not from the dead-letter queue");
            discardedIds.insert(id);
        }
    };
    QSet<quint64> producedIds;
    QSet<quint64> rejectedIds;
    Counts events;                      // the same counts, from the events
    bool capReached = false;
    qint64 maxHeld = 0;
    // No message is delivered to two consumers at once: each delivery is followed by exactly
    // one outcome, from the same consumer, before the message is delivered again; in the same
    // cycle, unless the consumer holds it (then it is among its held messages at the cycle's
    // end, or went back to the queue when the consumer went offline): replayCycle().
    QHash<QString, qint64> returnedBy;  // per consumer: held messages it gave back (offline)
    for (int c = 0; c < cycles && !sim.isFinished(); ++c) {
        const QHash<quint64, QString> heldBefore = heldMessages(sim);
        const qint64 delayedBefore = sim.broker().delayedCount();
        const CycleReport r = sim.step();
        sum += r.counts;
        capReached = capReached || r.capReached;
        const CycleReplay replay = replayCycle(r, sim, heldBefore);
        PL_VERIFY_OK(replay.problem);
        events += replay.counts;
        for (auto it = replay.givenBack.cbegin(); it != replay.givenBack.cend(); ++it)
            returnedBy[it.key()] += it.value();
        const QHash<quint64, QString> &holder = replay.holder;

        // Every id is produced once, rejected (after it was produced) or processed at most once;
        // dead letters are followed by discard().
        for (const Event &e : r.events) {
            const quint64 id = e.message.id;
            switch (e.type) {
            case Event::Type::Produced:
                QVERIFY2(!producedIds.contains(id), "id produced twice");
                producedIds.insert(id);
                break;
            case Event::Type::Rejected:
                QVERIFY2(producedIds.contains(id), "a message rejected before it was produced");
                QVERIFY2(!rejectedIds.contains(id), "rejected twice");
                rejectedIds.insert(id);
                break;
            case Event::Type::Processed:
                QVERIFY2(!processedIds.contains(id), "processed twice");
                processedIds.insert(id);
                break;
            case Event::Type::Discarded:
                discard(e);
                break;
            case Event::Type::Dispatched:
            case Event::Type::Postponed:
            case Event::Type::Failed:
                break;
            }
        }
        // What is still delivered and not decided on is exactly what the consumers hold.
        QSet<quint64> held;
        for (const auto &consumer : sim.consumers()) {
            QVERIFY(consumer->online || consumer->held.empty());
            for (const Message &m : consumer->held) {
                QCOMPARE(holder.value(m.id), consumer->name);
                held.insert(m.id);
            }
        }
        QCOMPARE(qsizetype(holder.size()), qsizetype(held.size()));
        QCOMPARE(qint64(held.size()), sim.held());
        QCOMPARE(r.held, sim.held());
        maxHeld = std::max(maxHeld, sim.held());
        if (!scenario.consumers.isEmpty()
            && std::none_of(scenario.consumers.cbegin(), scenario.consumers.cend(),
                            [](const ConsumerConfig &c) { return c.holdsMessages(); }))
            QCOMPARE(sim.held(), 0);  // nobody holds messages by default: today's behaviour

        // The law, both ways.
        QVERIFY2(sim.conservationHolds(), qPrintable(QStringLiteral("cycle %1").arg(r.cycle)));
        QCOMPARE(r.queueDepth, sim.broker().size());
        QCOMPARE(r.delayed, qint64(sim.broker().delayedCount()));  // sent back with a retry delay
        // With a dead-letter queue (lesson-poison-message) a dead letter kept there is no final discard.
        QCOMPARE(r.deadLetterQueue, qint64(sim.broker().deadLetterQueue().size()));
        QCOMPARE(sum.produced, sum.processed + sum.finalDiscarded() + r.queueDepth + r.delayed + sim.held()
                         + r.deadLetterQueue + sum.rejected);
        const Counts &t = sim.metrics().totals();
        const QStringList outcomes{QStringLiteral("processed"), QStringLiteral("postponed"),
                                   QStringLiteral("discarded"), QStringLiteral("failed")};
        const QStringList brokerOwn{QStringLiteral("rejected"), QStringLiteral("maxlen"),
                                    QStringLiteral("deliveryLimit"), QStringLiteral("expired")};
        PL_VERIFY_OK(countsDiffer(t, sum, outcomes + brokerOwn + QStringList{QStringLiteral("produced"), QStringLiteral("dispatched"),
                                                                             QStringLiteral("batches")}));
        // Each delivery ends in exactly one outcome (the broker's own dead letters are none: a
        // delivery_limit one was postponed or failed first), or is held.
        if (heldBefore.isEmpty() && sim.held() == 0) {
            QCOMPARE(r.counts.dispatched,
                     r.counts.processed + r.counts.postponed + r.counts.discarded - r.counts.brokerDiscarded()
                             + r.counts.failed);
        }
        // FIFO bookkeeping for the views: the length limit and expiry take heads; refused and
        // delivery-limited messages never reach the tail. Expiry "anywhere" is not at the head.
        // Messages sent back with a retry delay reach it when released (the change in delayed).
        if (r.fifoOrder) {
            QCOMPARE(r.takenFromHead, r.counts.dispatched + r.counts.maxlen + r.counts.expired);
            QCOMPARE(r.appended, r.counts.produced - r.counts.rejected + r.counts.postponed + r.counts.failed
                             - r.counts.deliveryLimit - (r.delayed - delayedBefore));
        }

        // Every id is in exactly one place: queued, held, processed or discarded; ids unique.
        // (Delayed messages, sent back with a retry delay, are queued too.)
        QList<Message> waiting = TestSupport::queuedMessages(sim.broker());
        for (const auto &[visibleAt, m] : sim.broker().delayed()) {
            QVERIFY(visibleAt > r.cycle);
            waiting << m;
        }
        QSet<quint64> queued;
        for (const Message &m : std::as_const(waiting)) {
            QVERIFY2(!queued.contains(m.id), qPrintable(QStringLiteral("id %1 queued twice").arg(m.id)));
            queued.insert(m.id);
            QVERIFY(!processedIds.contains(m.id));
            QVERIFY(!discardedIds.contains(m.id));
            QVERIFY(!held.contains(m.id));
        }
        // The dead-letter queue's messages: kept dead letters not yet processed or final.
        QSet<quint64> inDeadLetterQueue;
        for (const Message &m : sim.broker().deadLetterQueue()) {
            QVERIFY(keptIds.contains(m.id) && !queued.contains(m.id) && !held.contains(m.id));
            QVERIFY(!processedIds.contains(m.id) && !discardedIds.contains(m.id));
            inDeadLetterQueue.insert(m.id);
        }
        QVERIFY(!processedIds.intersects(discardedIds));
        QVERIFY(!held.intersects(processedIds) && !held.intersects(discardedIds));
        QVERIFY(!rejectedIds.intersects(discardedIds) && !rejectedIds.intersects(processedIds));
        QCOMPARE(qsizetype(queued.size() + held.size() + processedIds.size() + discardedIds.size() + rejectedIds.size()
                           + inDeadLetterQueue.size()),
                 producedIds.size());
        QCOMPARE(quint64(producedIds.size()), sim.broker().nextId() - 1);

        // Per-consumer counts add up to the totals.
        Counts perConsumer;
        qint64 received = 0;
        for (const auto &consumer : sim.consumers()) {
            const ConsumerStats &s = consumer->stats;
            perConsumer.processed += s.processed;
            perConsumer.postponed += s.postponed;
            perConsumer.discarded += s.discarded;
            perConsumer.failed += s.failed;
            perConsumer.batches += s.batches;
            received += s.received;
            QCOMPARE(s.received, s.processed + s.postponed + s.discarded + s.failed + qint64(consumer->held.size())
                                 + returnedBy.value(consumer->name));
            if (!consumer->online && sim.loadedScenario().timeline.isEmpty())
                QCOMPARE(s.received, 0);  // offline from the start: never got a batch
        }
        perConsumer.discarded += t.brokerDiscarded();
        PL_VERIFY_OK(countsDiffer(perConsumer, t, outcomes + QStringList{QStringLiteral("batches")}));
        QCOMPARE(received, t.dispatched);

        // The event stream agrees with the counts.
        PL_VERIFY_OK(countsDiffer(events, t, outcomes + brokerOwn + QStringList{QStringLiteral("produced"), QStringLiteral("dispatched")}));

        // Nothing disappears silently: discarded messages stay listed with their reason.
        QCOMPARE(sim.broker().deadLetterCount(), t.discarded);
        QCOMPARE(qint64(sim.broker().deadLetters().size()), t.discarded);
        if (QTest::currentTestFailed())
            return;
    }
    if (scenario.name == QLatin1String("prefetching"))
        QVERIFY(maxHeld > 0);
    if (exercised) {
        QVERIFY(sum.failed > 0);
        QVERIFY(sum.discarded > 0);
        QVERIFY(sum.postponed > 0);
    }
    if (scenario.name == QLatin1String("lossy"))
        QVERIFY(capReached);
    if (scenario.name == QLatin1String("limited")) {
        QVERIFY(sum.maxlen + sum.rejected > 0);
        QVERIFY(sum.deliveryLimit + sum.expired > 0);
    }
    for (const Broker::DeadLetter &d : sim.broker().deadLetters()) {
        QVERIFY(discardedIds.contains(d.message.id) || keptIds.contains(d.message.id));
        if (brokerReason(d.reason)) {
            QCOMPARE(d.consumer.isEmpty(), d.reason != QLatin1String("delivery_limit"));
        } else {
            QCOMPARE(d.reason, QStringLiteral("ttl-expired"));
            QVERIFY(!d.consumer.isEmpty());
        }
    }
}

void TestConservation::conservationDetectsALoss()
{
    // The check is not vacuous: a message changed behind the broker's back breaks it.
    Simulation sim;
    QCOMPARE(sim.load(scenario({consumer(QStringLiteral("A"), QStringLiteral("priority"),
                                          {{QStringLiteral("threshold"), 9}})},
                               numbered(3))),
             QStringList());
    sim.setConsumerOnline(0, false);
    sim.step();
    QVERIFY(sim.conservationHolds());
    sim.broker().accept(Message());  // a message nobody produced
    QVERIFY(!sim.conservationHolds());
}

QTEST_GUILESS_MAIN(TestConservation)
#include "tst_conservation.moc"
