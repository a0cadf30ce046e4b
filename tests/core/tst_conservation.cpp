// The conservation law of docs/design.md §5, checked after every cycle of every preset and of crafted
// scenarios with failures, discards, offline consumers and the safety cap:
//   produced = processed + discarded + queued + rejected (+ held, always 0 between cycles),
// computed both by Simulation::conservationHolds() and here from the reports; every id is in
// exactly one place; no message is delivered to two consumers at once; per-consumer counts add
// up to the totals; the event stream agrees with the counts; discarded messages are listed.
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QHash>
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
    const QList<std::pair<QString, qint64 Counts::*>> members{
            {QStringLiteral("produced"), &Counts::produced},   {QStringLiteral("dispatched"), &Counts::dispatched},
            {QStringLiteral("processed"), &Counts::processed}, {QStringLiteral("postponed"), &Counts::postponed},
            {QStringLiteral("discarded"), &Counts::discarded}, {QStringLiteral("failed"), &Counts::failed},
            {QStringLiteral("batches"), &Counts::batches},     {QStringLiteral("rejected"), &Counts::rejected},
            {QStringLiteral("maxlen"), &Counts::maxlen},       {QStringLiteral("deliveryLimit"), &Counts::deliveryLimit},
            {QStringLiteral("expired"), &Counts::expired}};
    for (const auto &[name, member] : members) {
        if (fields.contains(name) && actual.*member != expected.*member)
            return QStringLiteral("%1: actual %2, expected %3").arg(name).arg(actual.*member).arg(expected.*member);
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

/// True for the dead-letter reasons of the broker's own limits (docs/design.md §3), which
/// follow no consumer's decision.
bool brokerReason(const QString &reason)
{
    return reason == QLatin1String("maxlen") || reason == QLatin1String("delivery_limit")
            || reason == QLatin1String("expired");
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
    QSet<quint64> discardedIds;
    QSet<quint64> producedIds;
    QSet<quint64> rejectedIds;
    Counts events;                      // the same counts, from the events
    bool capReached = false;
    for (int c = 0; c < cycles && !sim.isFinished(); ++c) {
        const CycleReport r = sim.step();
        sum += r.counts;
        capReached = capReached || r.capReached;

        // No message is delivered to two consumers at once: each delivery is followed by exactly
        // one outcome, from the same consumer, before the message is delivered again.
        QHash<quint64, QString> holder;
        for (const Event &e : r.events) {
            const quint64 id = e.message.id;
            switch (e.type) {
            case Event::Type::Produced:
                QVERIFY2(!producedIds.contains(id), "id produced twice");
                producedIds.insert(id);
                ++events.produced;
                break;
            case Event::Type::Dispatched:
                QVERIFY2(!holder.contains(id), qPrintable(QStringLiteral("message %1 delivered twice").arg(id)));
                holder.insert(id, e.consumer);
                ++events.dispatched;
                break;
            case Event::Type::Rejected:
                QVERIFY2(producedIds.contains(id), "a message rejected before it was produced");
                QVERIFY2(!rejectedIds.contains(id), "rejected twice");
                rejectedIds.insert(id);
                ++events.rejected;
                break;
            case Event::Type::Discarded:
                if (brokerReason(e.reason)) {
                    // The broker's own: the message is with no consumer (a delivery_limit one was
                    // just handed back, by the consumer the event names).
                    QVERIFY2(!holder.contains(id), "the broker dropped a message a consumer holds");
                    QCOMPARE(e.consumer.isEmpty(), e.reason != QLatin1String("delivery_limit"));
                    QVERIFY2(!discardedIds.contains(id), "discarded twice");
                    discardedIds.insert(id);
                    ++events.discarded;
                    ++(e.reason == QLatin1String("maxlen") ? events.maxlen
                       : e.reason == QLatin1String("expired") ? events.expired : events.deliveryLimit);
                    break;
                }
                [[fallthrough]];
            case Event::Type::Processed:
            case Event::Type::Postponed:
            case Event::Type::Failed:
                QCOMPARE(holder.take(id), e.consumer);
                if (e.type == Event::Type::Processed) {
                    QVERIFY2(!processedIds.contains(id), "processed twice");
                    processedIds.insert(id);
                    ++events.processed;
                } else if (e.type == Event::Type::Discarded) {
                    QVERIFY(!e.reason.isEmpty());
                    QVERIFY2(!discardedIds.contains(id), "discarded twice");
                    discardedIds.insert(id);
                    ++events.discarded;
                } else if (e.type == Event::Type::Postponed) {
                    QCOMPARE(e.after.id, id);
                    ++events.postponed;
                } else {
                    QCOMPARE(e.after.id, id);
                    ++events.failed;
                }
                break;
            }
        }
        QVERIFY2(holder.isEmpty(), "a consumer still holds a message after the cycle");

        // The law, both ways.
        QVERIFY2(sim.conservationHolds(), qPrintable(QStringLiteral("cycle %1").arg(r.cycle)));
        QCOMPARE(r.queueDepth, sim.broker().size());
        QCOMPARE(sum.produced, sum.processed + sum.discarded + r.queueDepth + sim.held() + sum.rejected);
        QCOMPARE(sim.held(), 0);
        const Counts &t = sim.metrics().totals();
        const QStringList outcomes{QStringLiteral("processed"), QStringLiteral("postponed"),
                                   QStringLiteral("discarded"), QStringLiteral("failed")};
        const QStringList brokerOwn{QStringLiteral("rejected"), QStringLiteral("maxlen"),
                                    QStringLiteral("deliveryLimit"), QStringLiteral("expired")};
        PL_VERIFY_OK(countsDiffer(t, sum, outcomes + brokerOwn + QStringList{QStringLiteral("produced"), QStringLiteral("dispatched"),
                                                                             QStringLiteral("batches")}));
        // Each delivery ends in exactly one outcome (the broker's own dead letters are none: a
        // delivery_limit one was postponed or failed first).
        QCOMPARE(r.counts.dispatched,
                 r.counts.processed + r.counts.postponed + r.counts.discarded - r.counts.brokerDiscarded()
                         + r.counts.failed);
        // FIFO bookkeeping for the views: the length limit and expiry take heads; refused and
        // delivery-limited messages never reach the tail. Expiry "anywhere" is not at the head.
        if (r.fifoOrder) {
            QCOMPARE(r.takenFromHead, r.counts.dispatched + r.counts.maxlen + r.counts.expired);
            QCOMPARE(r.appended, r.counts.produced - r.counts.rejected + r.counts.postponed + r.counts.failed
                             - r.counts.deliveryLimit);
        }

        // Every id is in exactly one place: queued, processed or discarded; ids unique.
        QSet<quint64> queued;
        for (const Message &m : TestSupport::queuedMessages(sim.broker())) {
            QVERIFY2(!queued.contains(m.id), qPrintable(QStringLiteral("id %1 queued twice").arg(m.id)));
            queued.insert(m.id);
            QVERIFY(!processedIds.contains(m.id));
            QVERIFY(!discardedIds.contains(m.id));
        }
        QVERIFY(!processedIds.intersects(discardedIds));
        QVERIFY(!rejectedIds.intersects(discardedIds) && !rejectedIds.intersects(processedIds));
        QCOMPARE(qsizetype(queued.size() + processedIds.size() + discardedIds.size() + rejectedIds.size()),
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
            QCOMPARE(s.received, s.processed + s.postponed + s.discarded + s.failed);
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
        QVERIFY(discardedIds.contains(d.message.id));
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
