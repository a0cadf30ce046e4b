// The broker's limits of docs/design.md §3, as RabbitMQ names them: the length limit (maxLength,
// overflow drop-head / reject-publish), the delivery limit and message expiry. Each case is a
// tiny scenario worked out by hand: the comments say which message goes where in each cycle,
// and the test asserts the exact event sequence (dispatched events left out), the counts and
// the conservation law produced = processed + discarded + queued + rejected. Also: the file
// format (errors, round trip, omitted when off), settings by path and the summary's counts.
// And every strategy's delayed retry (retryDelay): a message sent back waits invisible.
#include "core/analysis/comparison.h"
#include "core/analysis/eventjson.h"
#include "core/analysis/journal.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace PriorityLab;

namespace {

/// @p json parsed as a scenario file; a test failure if it does not load.
Scenario parse(const QByteArray &json)
{
    return TestSupport::parseOrFail(json, QStringLiteral("limits.json"));
}

/// The errors of @p json, one string.
QString errorsOf(const QByteArray &json)
{
    return TestSupport::parseErrors(json, QStringLiteral("limits.json"));
}

/// Runs @p sim for at most @p cycles cycles and returns its events without the dispatched ones,
/// one line each: "CYCLE TYPE DATA" plus " by CONSUMER" (decisions and the broker's discards
/// that name one) and " (REASON)" (discards). Checks every invariant after each cycle.
QStringList trace(Simulation &sim, int cycles)
{
    QStringList lines;
    for (int c = 0; c < cycles && !sim.isFinished(); ++c) {
        const CycleReport r = sim.step();
        for (const Event &e : r.events) {
            if (e.type == Event::Type::Dispatched)
                continue;
            QString line = QStringLiteral("%1 %2 %3").arg(e.cycle).arg(Event::typeName(e.type), e.message.data.text());
            if (!e.consumer.isEmpty())
                line += QStringLiteral(" by ") + e.consumer;
            if (!e.reason.isEmpty())
                line += QStringLiteral(" (%1)").arg(e.reason);
            lines << line;
        }
        const QStringList broken = sim.checkInvariants();
        if (!broken.isEmpty()) {
            lines << QStringLiteral("BROKEN after cycle %1: %2").arg(r.cycle).arg(broken.join(QStringLiteral("; ")));
            break;
        }
    }
    return lines;
}

/// The data of the queued messages in dispatch order.
QStringList queuedData(const Simulation &sim) { return TestSupport::queuedData(sim.broker()); }

/// A scenario with broker settings @p broker (JSON members), consumer A (offline until the
/// timeline brings it online at cycle @p onlineAt; -1 = online from the start, with strategy
/// @p strategy) and producer P sending @p messages (JSON array members).
QByteArray tiny(const QByteArray &broker, const QByteArray &messages, int onlineAt = 1,
                const QByteArray &strategy = R"({"type": "accept-all"})", const QByteArray &extra = {})
{
    QByteArray json = R"({"name": "tiny", "broker": {"batchSize": 3, "maxIdleCycles": 3)";
    if (!broker.isEmpty())
        json += ", " + broker;
    json += R"(}, "consumers": [{"name": "A", "strategy": )" + strategy;
    json += onlineAt >= 0 ? R"(, "online": false)" : "";
    json += extra + R"(}], "producers": [{"name": "P", "messages": [)" + messages + "]}]";
    if (onlineAt >= 0)
        json += R"(, "timeline": [{"atCycle": )" + QByteArray::number(onlineAt)
                + R"(, "set": {"consumers[0].online": true}}])";
    return json + "}";
}

} // namespace

class TestBrokerLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Length limit
    void dropHeadDropsTheOldestEvenUrgent();
    void dropHeadInPriorityModeDropsTheMostUrgent();
    void rejectPublishRefusesTheNewMessage();
    void topicsCountEachTopicAlone();
    void aLoweredLimitActsAtTheNextArrival();
    void lengthLimitFormat();
    void summaryCountsTheLimits();
    void comparisonShowsTheLimitsOnlyWhenTheyActed();
    // Delivery limit
    void aFailingMessageIsDeadLetteredAfterTheLimit();
    void postponementsCountToo();
    void limitZeroAllowsNoReturn();
    void deliveryLimitFormat();
    // Message expiry
    void queueTtlExpiresAtTheHead();
    void headExpiryWaitsBehindALiveHead();
    void anywhereExpiryTakesItAtOnce();
    void priorityQueueHeadIsTheMostUrgent();
    void theSoonerExpiryCountsAndCopiesKeepIt();
    void expiryFormat();
    void journeysTellTheFatesInWords();

    void delayedRetryWaitsItsCycles();
    void aFailedMessageIsDelayedToo();
    void retryDelayFormatAndLiveEdit();
    // Dead-letter queue
    void deadLetterConsumerDrainsTheQueue();
    void aDeadLetterFromTheDeadLetterQueueIsFinal();
    void deadLettersWaitForTheirConsumer();
    void deadLetterQueueFormat();
};

void TestBrokerLimits::dropHeadDropsTheOldestEvenUrgent()
{
    // fifo, maxLength 2, A offline in cycle 0. Cycle 0: a (priority 9), b, c arrive; c makes
    // three, over the limit: the head, a, is dead-lettered although it is the most urgent.
    // Cycle 1: A comes online and takes b and c in one batch.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("maxLength": 2)",
                                     R"({"data": "a", "priority": 9}, {"data": "b", "priority": 1},
                                        {"data": "c", "priority": 5})"))));
    QCOMPARE(trace(sim, 2), (QStringList{"0 produced a", "0 produced b", "0 produced c",
                                         "0 discarded a (maxlen)", "1 processed b by A",
                                         "1 processed c by A"}));
    const Counts &t = sim.metrics().totals();
    QCOMPARE(t.maxlen, 1);
    QCOMPARE(t.discarded, 1);
    QCOMPARE(t.rejected, 0);
    QCOMPARE(sim.consumers().front()->stats.discarded, 0);  // the broker's, not A's
    QCOMPARE(sim.broker().deadLetters().back().reason, QStringLiteral("maxlen"));
    QVERIFY(sim.broker().deadLetters().back().consumer.isEmpty());
    QVERIFY(sim.conservationHolds());
}

void TestBrokerLimits::dropHeadInPriorityModeDropsTheMostUrgent()
{
    // priority mode, maxLength 2 (the whole priority queue, as RabbitMQ's). Cycle 0: a (1) and
    // b (9) fill it; c (5) makes three and the head goes: b, the most urgent. Left: c, a.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("mode": "priority", "maxLength": 2)",
                                     R"({"data": "a", "priority": 1}, {"data": "b", "priority": 9},
                                        {"data": "c", "priority": 5})"))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 produced b", "0 produced c",
                                         "0 discarded b (maxlen)"}));
    QCOMPARE(queuedData(sim), (QStringList{"c", "a"}));
    // The explanation says why, in words.
    sim.reset();
    const CycleReport r = sim.step();
    QCOMPARE(r.events.back().explanationText(),
             QStringLiteral("the queue was at its length limit (maxLength 2, overflow drop-head): its "
                            "head, the most urgent message (priority 9), was dead-lettered to make "
                            "room for a new message"));
}

void TestBrokerLimits::rejectPublishRefusesTheNewMessage()
{
    // fifo, maxLength 2, reject-publish. Cycle 0: a, b queued; c refused (no dead letter).
    // Cycle 1: A takes a, b. Cycle 2: d arrives to an empty queue and is processed.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("maxLength": 2, "overflow": "reject-publish")",
                                     R"({"data": "a"}, {"data": "b"}, {"data": "c"},
                                        {"data": "d", "atCycle": 2})"))));
    QCOMPARE(trace(sim, 3), (QStringList{"0 produced a", "0 produced b", "0 produced c",
                                         "0 rejected c", "1 processed a by A", "1 processed b by A",
                                         "2 produced d", "2 processed d by A"}));
    const Counts &t = sim.metrics().totals();
    QCOMPARE(t.produced, 4);
    QCOMPARE(t.processed, 3);
    QCOMPARE(t.rejected, 1);
    QCOMPARE(t.discarded, 0);
    QCOMPARE(sim.broker().deadLetterCount(), 0);
    QCOMPARE(sim.producers().front().rejected, 1);
    QVERIFY(sim.conservationHolds());
    QCOMPARE(sim.broker().nextId(), 5u);  // the refused message had an id (3), for its journey
}

void TestBrokerLimits::topicsCountEachTopicAlone()
{
    // topics mode (orders-0 7..9, orders-1 4..6, orders-2 0..3), maxLength 1 per topic. Cycle 0:
    // a (8) fills orders-0, b (2) fills orders-2, c (9) goes to orders-0 and drops its head a;
    // d (5) is alone in orders-1.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("mode": "topics", "maxLength": 1)",
                                     R"({"data": "a", "priority": 8}, {"data": "b", "priority": 2},
                                        {"data": "c", "priority": 9}, {"data": "d", "priority": 5})"))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 produced b", "0 produced c",
                                         "0 discarded a (maxlen)", "0 produced d"}));
    QCOMPARE(queuedData(sim), (QStringList{"c", "d", "b"}));
    const CycleReport r = [&] { sim.reset(); return sim.step(); }();
    QCOMPARE(r.events.at(3).explanationText(),
             QStringLiteral("topic orders-0 was at its length limit (maxLength 1, overflow drop-head): "
                            "its head was dead-lettered to make room for a new message"));
}

void TestBrokerLimits::aLoweredLimitActsAtTheNextArrival()
{
    // No limit: a, b, c queue in cycle 0 (A offline). The limit 1 is set between cycles by path
    // (as the timeline and the app's edits do): nothing is dropped yet. Cycle 1: d arrives and
    // heads go until one message is left: a, b, c; d stays.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny({}, R"({"data": "a"}, {"data": "b"}, {"data": "c"},
                                           {"data": "d", "atCycle": 1})", 5))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 produced b", "0 produced c"}));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("broker.maxLength"), 1));
    QCOMPARE(sim.broker().size(), 3);
    QCOMPARE(sim.settingValue(QStringLiteral("broker.maxLength")), QJsonValue(1));
    QCOMPARE(trace(sim, 1), (QStringList{"1 produced d", "1 discarded a (maxlen)", "1 discarded b (maxlen)",
                                         "1 discarded c (maxlen)"}));
    QCOMPARE(queuedData(sim), QStringList{"d"});
    // null (or removing the key) lifts the limit.
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("broker.maxLength"), QJsonValue::Null));
    QVERIFY(!sim.broker().config().maxLength);
}

void TestBrokerLimits::lengthLimitFormat()
{
    const QByteArray base = R"({"broker": {%1}})";
    const auto broker = [&](const char *members) { return QByteArray(base).replace("%1", members); };
    QVERIFY(errorsOf(broker(R"("maxLength": -1)")).contains(
            "broker.maxLength: expected a whole number of messages from 0 to 2147483647, or null for no limit, got -1"));
    QVERIFY(errorsOf(broker(R"("maxLength": 2.5)")).contains("broker.maxLength: expected a whole number"));
    QVERIFY(errorsOf(broker(R"("maxLength": "10")")).contains("broker.maxLength: expected"));
    QVERIFY(errorsOf(broker(R"("overflow": "drop-tail")")).contains(
            "broker.overflow: expected \"drop-head\" (dead-letter the oldest message) or \"reject-publish\" "
            "(refuse the new one), got \"drop-tail\""));
    // Round trip; absent when off (the reference broker writes what it always wrote).
    const Scenario on = parse(broker(R"("maxLength": 0, "overflow": "reject-publish")"));
    QCOMPARE(on.broker.maxLength, std::optional<int>(0));
    QCOMPARE(on.broker.overflow, BrokerConfig::Overflow::RejectPublish);
    const QJsonObject written = scenarioToJson(on).value(QLatin1String("broker")).toObject();
    QCOMPARE(written.value(QLatin1String("maxLength")), QJsonValue(0));
    QCOMPARE(written.value(QLatin1String("overflow")), QJsonValue(QStringLiteral("reject-publish")));
    const Scenario again = parse(QJsonDocument(scenarioToJson(on)).toJson());
    QCOMPARE(again.broker.maxLength, on.broker.maxLength);
    QCOMPARE(again.broker.overflow, on.broker.overflow);
    const QJsonObject off = scenarioToJson(parse(broker(R"("maxLength": null)"))).value(QLatin1String("broker")).toObject();
    QVERIFY(!off.contains(QLatin1String("maxLength")));
    QVERIFY(!off.contains(QLatin1String("overflow")));
    // A timeline change is checked at load as a file would be.
    QVERIFY(errorsOf(R"({"timeline": [{"atCycle": 3, "set": {"broker.overflow": "never"}}]})")
                    .contains("broker.overflow: expected \"drop-head\""));
}

void TestBrokerLimits::summaryCountsTheLimits()
{
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("maxLength": 1, "overflow": "reject-publish")",
                                     R"({"data": "a"}, {"data": "b"}, {"data": "c"})"))));
    sim.runCycles(10);
    const QJsonObject summary = summaryToJson(sim, 0);
    const QJsonObject totals = summary.value(QLatin1String("totals")).toObject();
    QCOMPARE(totals.value(QLatin1String("rejected")), QJsonValue(2));
    QCOMPARE(totals.value(QLatin1String("discardedByBroker")).toObject().value(QLatin1String("maxlen")), QJsonValue(0));
    const QJsonArray producers = summary.value(QLatin1String("producers")).toArray();
    QCOMPARE(producers.size(), 1);
    QCOMPARE(producers.at(0).toObject().value(QLatin1String("rejected")), QJsonValue(2));
    QCOMPARE(summary.value(QLatin1String("conservation")), QJsonValue(true));
    // Off: the summary has none of it.
    PL_VERIFY_OK(sim.load(parse(tiny({}, R"({"data": "a"})"))));
    sim.runCycles(10);
    const QJsonObject plain = summaryToJson(sim, 0);
    QVERIFY(!plain.value(QLatin1String("totals")).toObject().contains(QLatin1String("rejected")));
    QVERIFY(!plain.contains(QLatin1String("producers")));
}

void TestBrokerLimits::comparisonShowsTheLimitsOnlyWhenTheyActed()
{
    const QByteArray messages = R"({"data": "a"}, {"data": "b"}, {"data": "c"})";
    const Scenario dropping = parse(tiny(R"("maxLength": 1)", messages));
    const Scenario refusing = parse(tiny(R"("maxLength": 1, "overflow": "reject-publish")", messages));
    const Scenario plain = parse(tiny({}, messages));
    const Comparison limited = compareScenarios({dropping, refusing, plain}, 10);
    QVERIFY(limited.limitsActed());
    const QString text = limited.toText();
    QVERIFY2(text.contains(QStringLiteral("2 / 0 / 0")), qPrintable(text));
    bool rejectedRow = false;
    for (const QStringList &row : limited.rows()) {
        if (row.constFirst() == QLatin1String("rejected (queue full)")) {
            QCOMPARE(row, (QStringList{QStringLiteral("rejected (queue full)"), QStringLiteral("0"),
                                       QStringLiteral("2"), QStringLiteral("0")}));
            rejectedRow = true;
        }
    }
    QVERIFY(rejectedRow);
    QCOMPARE(limited.runs.at(1).toJson().value(QLatin1String("rejected")), QJsonValue(2));
    const Comparison reference = compareScenarios({plain, plain}, 10);
    QVERIFY(!reference.limitsActed());
    QVERIFY(!reference.toText().contains(QStringLiteral("rejected")));
    QVERIFY(!reference.runs.at(0).toJson().contains(QLatin1String("rejected")));
}

void TestBrokerLimits::aFailingMessageIsDeadLetteredAfterTheLimit()
{
    // A always fails (failure rate 1, accept-all sends it back unchanged); deliveryLimit 2,
    // drain. Cycle 0: a is delivered (1), fails, comes back (1 return, not more than 2): queued;
    // delivered (2), fails, queued; delivered (3), fails: 3 > 2, dead-lettered, the consumer that
    // handed it back named. b, sent in cycle 1, goes the same way: the loop ends each time.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("deliveryLimit": 2)", R"({"data": "a"}, {"data": "b", "atCycle": 1})",
                                     -1, R"({"type": "accept-all"}, "failureRate": 1)"))));
    QCOMPARE(trace(sim, 2), (QStringList{"0 produced a", "0 failed a by A", "0 failed a by A", "0 failed a by A",
                                         "0 discarded a by A (delivery_limit)", "1 produced b", "1 failed b by A",
                                         "1 failed b by A", "1 failed b by A", "1 discarded b by A (delivery_limit)"}));
    const Counts &t = sim.metrics().totals();
    QCOMPARE(t.dispatched, 6);
    QCOMPARE(t.failed, 6);
    QCOMPARE(t.deliveryLimit, 2);
    QCOMPARE(t.discarded, 2);
    QCOMPARE(sim.consumers().front()->stats.discarded, 0);  // A failed; the broker dead-lettered
    const Broker::DeadLetter &dead = sim.broker().deadLetters().front();
    QCOMPARE(dead.reason, QStringLiteral("delivery_limit"));
    QCOMPARE(dead.consumer, QStringLiteral("A"));
    QCOMPARE(dead.message.deliveries, 3);
    QVERIFY(sim.conservationHolds());
    // Without the limit the same scenario is a requeue loop up to the safety cap.
    Simulation loop;
    PL_VERIFY_OK(loop.load(parse(tiny(R"("maxDeliveriesPerCycle": 50)", R"({"data": "a"})", -1,
                                      R"({"type": "accept-all"}, "failureRate": 1)"))));
    QVERIFY(loop.step().capReached);
}

void TestBrokerLimits::postponementsCountToo()
{
    // Priority strategy, threshold 5, aging 1; deliveryLimit 1. Cycle 0: a (priority 3) is
    // delivered (1), postponed as 4: one return, queued; delivered (2), postponed as 5: 2 > 1,
    // dead-lettered as the copy it came back as (priority 5), before aging got it through.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("deliveryLimit": 1)", R"({"data": "a", "priority": 3})", -1,
                                     R"({"type": "priority", "threshold": 5})"))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 postponed a by A", "0 postponed a by A",
                                         "0 discarded a by A (delivery_limit)"}));
    QCOMPARE(sim.broker().deadLetters().front().message.priority, 5);
    sim.reset();
    const CycleReport r = sim.step();
    QCOMPARE(r.events.back().explanationText(),
             QStringLiteral("it came back after 2 deliveries, more than deliveryLimit 1: the broker "
                            "dead-lettered it instead of queuing it again"));
    // Raised live to 2 (by path): the third delivery processes it.
    sim.reset();
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("broker.deliveryLimit"), 2));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 postponed a by A", "0 postponed a by A",
                                         "0 processed a by A"}));
}

void TestBrokerLimits::limitZeroAllowsNoReturn()
{
    // deliveryLimit 0: the first return is one too many. Two consumers, batch 1: a goes to A,
    // fails and is dead-lettered; b goes to B and is processed.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(R"({"broker": {"batchSize": 1, "deliveryLimit": 0},
        "consumers": [{"name": "A", "failureRate": 1}, {"name": "B"}],
        "producers": [{"name": "P", "messages": [{"data": "a"}, {"data": "b"}]}]})")));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 produced b", "0 failed a by A",
                                         "0 discarded a by A (delivery_limit)", "0 processed b by B"}));
}

void TestBrokerLimits::deliveryLimitFormat()
{
    QVERIFY(errorsOf(R"({"broker": {"deliveryLimit": -2}})").contains(
            "broker.deliveryLimit: expected a whole number of returns from 0 to 2147483647 (0: dead-letter "
            "a message the first time it comes back), or null for no limit, got -2"));
    QVERIFY(errorsOf(R"({"broker": {"deliveryLimit": true}})").contains("broker.deliveryLimit: expected"));
    const Scenario on = parse(R"({"broker": {"deliveryLimit": 4}})");
    QCOMPARE(on.broker.deliveryLimit, std::optional<int>(4));
    const QJsonObject written = scenarioToJson(on).value(QLatin1String("broker")).toObject();
    QCOMPARE(written.value(QLatin1String("deliveryLimit")), QJsonValue(4));
    QCOMPARE(parse(QJsonDocument(scenarioToJson(on)).toJson()).broker.deliveryLimit, on.broker.deliveryLimit);
    QVERIFY(!scenarioToJson(parse("{}")).value(QLatin1String("broker")).toObject().contains(QLatin1String("deliveryLimit")));
    QCOMPARE(on.broker.limitsOn(), QStringList{QStringLiteral("broker.deliveryLimit")});
}

void TestBrokerLimits::queueTtlExpiresAtTheHead()
{
    // messageTtl 2, A offline until cycle 3. Cycle 0: a, b queued (expire from cycle 2).
    // Cycle 1: c queued (from cycle 3). Cycle 2: a and b expire at the head; c is live.
    // Cycle 3: A comes online, but c has expired first: nothing is delivered.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("messageTtl": 2)",
                                     R"({"data": "a"}, {"data": "b"}, {"data": "c", "atCycle": 1})", 3))));
    QCOMPARE(trace(sim, 4), (QStringList{"0 produced a", "0 produced b", "1 produced c", "2 discarded a (expired)",
                                         "2 discarded b (expired)", "3 discarded c (expired)"}));
    const Counts &t = sim.metrics().totals();
    QCOMPARE(t.expired, 3);
    QCOMPARE(t.discarded, 3);
    QCOMPARE(t.dispatched, 0);
    QVERIFY(sim.broker().deadLetters().front().consumer.isEmpty());
    sim.reset();
    sim.runCycles(2);
    const CycleReport r = sim.step();
    QCOMPARE(r.events.front().explanationText(),
             QStringLiteral("expired at the head of the queue: it waited 2 cycles, its time to live was 2 cycles "
                            "(message expiry, not the TTL counter); the broker dead-lettered it"));
}

void TestBrokerLimits::headExpiryWaitsBehindALiveHead()
{
    // Expiry "head" (the default). Cycle 0: a (expiration 10) then b (expiration 1); A offline
    // until cycle 4. b has expired from cycle 1 but waits behind the live a. Cycle 4: A's batch
    // takes a; b reaches the head and goes instead of being delivered.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny({}, R"({"data": "a", "expiration": 10}, {"data": "b", "expiration": 1})", 4))));
    QCOMPARE(trace(sim, 4), (QStringList{"0 produced a", "0 produced b"}));
    QCOMPARE(queuedData(sim), (QStringList{"a", "b"}));
    QCOMPARE(trace(sim, 1), (QStringList{"4 discarded b (expired)", "4 processed a by A"}));
}

void TestBrokerLimits::anywhereExpiryTakesItAtOnce()
{
    // The same with expiry "anywhere": b goes in cycle 1, wherever it waits.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("expiry": "anywhere")",
                                     R"({"data": "a", "expiration": 10}, {"data": "b", "expiration": 1})", 4))));
    QCOMPARE(trace(sim, 5), (QStringList{"0 produced a", "0 produced b", "1 discarded b (expired)",
                                         "4 processed a by A"}));
}

void TestBrokerLimits::priorityQueueHeadIsTheMostUrgent()
{
    // priority mode, expiry head: the head of the whole priority queue, as RabbitMQ's. a (1,
    // expiration 1) waits expired behind b (9, expiration 10) until cycle 3, when A's batch takes
    // b and runs on into priority 1: a goes there.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("mode": "priority")",
                                     R"({"data": "a", "priority": 1, "expiration": 1},
                                        {"data": "b", "priority": 9, "expiration": 10})", 3))));
    QCOMPARE(trace(sim, 4), (QStringList{"0 produced a", "0 produced b", "3 discarded a (expired)",
                                         "3 processed b by A"}));
}

void TestBrokerLimits::theSoonerExpiryCountsAndCopiesKeepIt()
{
    // messageTtl 5: a message's own expiration 2 is sooner and counts; 9 is later and the
    // queue's 5 counts. A requeued copy keeps its expiry: c (priority 7, expiration 2) is
    // postponed by a threshold of 9 with aging 1 in cycles 0 and 1 (one batch of 1 a cycle) and
    // expires at the head in cycle 2 although it came back as a new arrival.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("messageTtl": 5)", R"({"data": "a", "expiration": 2}, {"data": "b", "expiration": 9})"))));
    sim.step();
    QCOMPARE(sim.broker().at(0).expiresAt, 2);
    QCOMPARE(sim.broker().at(1).expiresAt, 5);
    PL_VERIFY_OK(sim.load(parse(R"({"broker": {"batchSize": 1, "dispatch": {"batchesPerCycle": 1}},
        "consumers": [{"name": "A", "strategy": {"type": "priority", "threshold": 9}}],
        "producers": [{"name": "P", "messages": [{"data": "c", "priority": 7, "expiration": 2}]}]})")));
    QCOMPARE(trace(sim, 3), (QStringList{"0 produced c", "0 postponed c by A", "1 postponed c by A",
                                         "2 discarded c (expired)"}));
}

void TestBrokerLimits::expiryFormat()
{
    QVERIFY(errorsOf(R"({"broker": {"messageTtl": -1}})").contains(
            "broker.messageTtl: expected a whole number of cycles from 0 to 2147483647 (message expiry; the TTL "
            "counter of the TTL strategy is a message's \"ttl\"), or null for none, got -1"));
    QVERIFY(errorsOf(R"({"broker": {"expiry": "tail"}})").contains(
            "broker.expiry: expected \"head\" (only the message at the head expires) or \"anywhere\" (every "
            "expired message goes), got \"tail\""));
    QVERIFY(errorsOf(R"({"producers": [{"name": "P", "messages": [{"expiration": -3}]}]})").contains(
            "producers[0].messages[0].expiration: -3 is out of range: use an integer from 0 to 2147483647"));
    QVERIFY(errorsOf(R"({"producers": [{"name": "P", "generator": {"expiration": [-1, 4]}}]})").contains(
            "producers[0].generator.expiration: [-1, 4]: expiration is in cycles, from 0 up"));
    const Scenario on = parse(R"({"broker": {"messageTtl": 30, "expiry": "anywhere"},
        "producers": [{"name": "P", "messages": [{"data": "x", "expiration": 4}], "generator": {"expiration": [5, 9]}},
                      {"name": "Q", "generator": {"expiration": 7}}]})");
    QCOMPARE(on.broker.messageTtl, std::optional<int>(30));
    QCOMPARE(on.broker.expiry, BrokerConfig::Expiry::Anywhere);
    QCOMPARE(on.producers.at(0).messages.at(0).expiration, 4);
    QCOMPARE(on.producers.at(0).generator->expirationMin, 5);
    QCOMPARE(on.producers.at(0).generator->expirationMax, 9);
    QCOMPARE(on.producers.at(1).generator->expirationMax, 7);
    const QJsonObject json = scenarioToJson(on);
    QCOMPARE(json.value(QLatin1String("broker")).toObject().value(QLatin1String("expiry")), QJsonValue(QStringLiteral("anywhere")));
    const Scenario again = parse(QJsonDocument(json).toJson());
    QCOMPARE(scenarioToJson(again), json);
    // Off: none of the keys is written; the settings change by path.
    const QJsonObject plain = scenarioToJson(parse(R"({"producers": [{"name": "P", "messages": [{}], "generator": {}}]})"));
    QVERIFY(!QJsonDocument(plain).toJson().contains("expir"));
    QVERIFY(!QJsonDocument(plain).toJson().contains("messageTtl"));
    Scenario s = on;
    PL_VERIFY_OK(applySetting(s, QStringLiteral("producers[1].generator.expiration"), 3));
    QCOMPARE(s.producers.at(1).generator->expirationMin, 3);
    PL_VERIFY_OK(applySetting(s, QStringLiteral("broker.expiry"), QStringLiteral("head")));
    QCOMPARE(s.broker.expiry, BrokerConfig::Expiry::Head);
}

void TestBrokerLimits::journeysTellTheFatesInWords()
{
    // One scenario, every fate: a (id 1) expires at the head, b (2) is refused, c (3) comes back
    // once too often. maxLength 1 reject-publish, messageTtl 1, deliveryLimit 0; A fails all.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("maxLength": 1, "overflow": "reject-publish", "messageTtl": 1, "deliveryLimit": 0)",
                                     R"({"data": "a"}, {"data": "b"}, {"data": "c", "atCycle": 2})", 2,
                                     R"({"type": "accept-all"}, "failureRate": 1)"))));
    Journal journal;
    QObject::connect(&sim, &Simulation::cycleCompleted, &sim, [&](const CycleReport &r) { journal.record(r); });
    sim.runCycles(3);
    const auto last = [&](quint64 id) { return journal.journey(id).constLast(); };
    QCOMPARE(last(1).type, Event::Type::Discarded);
    QCOMPARE(last(1).reason, QStringLiteral("expired"));
    QVERIFY(last(1).explanationText().startsWith(QStringLiteral("expired at the head of the queue: it waited 1 cycle, its time to live was 1 cycle ")));
    QCOMPARE(last(2).type, Event::Type::Rejected);
    QCOMPARE(last(2).explanationText(),
             QStringLiteral("the queue was at its length limit (maxLength 1, overflow reject-publish): the new "
                            "message was refused, not queued"));
    QCOMPARE(last(3).reason, QStringLiteral("delivery_limit"));
    QCOMPARE(last(3).consumer, QStringLiteral("A"));
    QCOMPARE(last(3).explanationText(),
             QStringLiteral("its processing failed after 1 delivery, more than deliveryLimit 0: the broker "
                            "dead-lettered it instead of queuing it again"));
    QCOMPARE(Broker::reasonText(QStringLiteral("maxlen")).left(38), QStringLiteral("the queue was at its length limit (bro"));
}


void TestBrokerLimits::delayedRetryWaitsItsCycles()
{
    // Predicate age >= 2 with retryDelay 2, drain. Cycle 0: a (age 0) is postponed: invisible
    // until cycle 2. Cycle 1: b (age 0) is postponed, until cycle 3; a still waits (nothing
    // delivered to A but b). Cycle 2: a is visible again, age 2: processed. Cycle 3: b, age 2:
    // processed. Each is delivered twice, not spun through maxPredicateRuns in one cycle.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny({}, R"({"data": "a"}, {"data": "b", "atCycle": 1})", -1,
                                     R"({"type": "predicate", "predicate": "age >= 2", "retryDelay": 2})"))));
    QCOMPARE(trace(sim, 2), (QStringList{"0 produced a", "0 postponed a by A", "1 produced b", "1 postponed b by A"}));
    // Both wait, delayed: queued for the conservation law, in no sub-queue.
    QCOMPARE(sim.broker().size(), 0);
    QCOMPARE(sim.broker().delayedCount(), 2);
    QCOMPARE(sim.queued(), 2);
    QCOMPARE(sim.broker().delayed().begin()->first, 2);
    QCOMPARE(sim.broker().delayed().begin()->second.data.text(), QStringLiteral("a"));
    QCOMPARE(trace(sim, 2), (QStringList{"2 processed a by A", "3 processed b by A"}));
    QCOMPARE(sim.metrics().totals().dispatched, 4);
    QCOMPARE(sim.broker().delayedCount(), 0);
    // The cycles that only waited did not stop the run: it stops after 3 idle cycles now.
    QVERIFY(!sim.isFinished());
    trace(sim, 10);
    QVERIFY(sim.isFinished());
    QCOMPARE(sim.cycle(), 7);
    // A long delay keeps the run going through the wait (maxIdleCycles 3 < 5).
    Simulation waits;
    PL_VERIFY_OK(waits.load(parse(tiny({}, R"({"data": "a"})", -1,
                                       R"({"type": "predicate", "predicate": "age >= 5", "retryDelay": 5})"))));
    QCOMPARE(trace(waits, 20), (QStringList{"0 produced a", "0 postponed a by A", "5 processed a by A"}));
}

void TestBrokerLimits::aFailedMessageIsDelayedToo()
{
    // A always fails; retryDelay 1, deliveryLimit 2. Cycle 0: a fails (delivery 1), delayed to
    // cycle 1; cycle 1: fails (2), to cycle 2; cycle 2: fails (3): 3 > 2, dead-lettered.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny(R"("deliveryLimit": 2)", R"({"data": "a"})", -1,
                                     R"({"type": "accept-all", "retryDelay": 1}, "failureRate": 1)"))));
    QCOMPARE(trace(sim, 3), (QStringList{"0 produced a", "0 failed a by A", "1 failed a by A", "2 failed a by A",
                                         "2 discarded a by A (delivery_limit)"}));
    QCOMPARE(sim.broker().delayedCount(), 0);
    QVERIFY(sim.conservationHolds());
}

void TestBrokerLimits::retryDelayFormatAndLiveEdit()
{
    QVERIFY(errorsOf(R"({"consumers": [{"name": "A", "strategy": {"type": "ttl", "retryDelay": -1}}]})")
                    .contains("consumers[0].strategy.retryDelay: -1 is out of range: use an integer from 0 to 1000000"));
    QVERIFY(errorsOf(R"({"consumers": [{"name": "A", "strategy": {"type": "priority", "retryDelay": 1.5}}]})")
                    .contains("consumers[0].strategy.retryDelay: expected an integer, got 1.5"));
    QVERIFY(errorsOf(R"({"consumers": [{"name": "A", "strategy": {"type": "ttl", "retryDelay": "2"}}]})")
                    .contains("consumers[0].strategy.retryDelay: expected an integer"));
    // Written when set, left out when 0 (the default), on every strategy type.
    for (const char *type : {"accept-all", "priority", "ttl", "predicate"}) {
        const Scenario on = parse(QByteArray(R"({"consumers": [{"name": "A", "strategy": {"type": ")") + type
                                  + R"(", "retryDelay": 3}}]})");
        QCOMPARE(on.consumers.front().strategy.parameters.value(QStringLiteral("retryDelay")), QVariant(3));
        const QJsonObject written = scenarioToJson(on).value(QLatin1String("consumers")).toArray().at(0)
                                            .toObject().value(QLatin1String("strategy")).toObject();
        QCOMPARE(written.value(QLatin1String("retryDelay")), QJsonValue(3));
        Simulation sim;
        PL_VERIFY_OK(sim.load(on));
        QCOMPARE(sim.consumers().front()->strategy->retryDelay(), 3);
        QCOMPARE(sim.consumers().front()->config().strategy.parameters.value(QStringLiteral("retryDelay")), QVariant(3));
        QCOMPARE(sim.consumers().front()->strategy->clone()->retryDelay(), 3);
    }
    const Scenario off = parse(R"({"consumers": [{"name": "A", "strategy": {"type": "ttl", "retryDelay": 0}}]})");
    QVERIFY(!off.consumers.front().strategy.parameters.contains(QStringLiteral("retryDelay")));
    // Live, by path, and back.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(tiny({}, R"({"data": "a"})", -1, R"({"type": "predicate", "predicate": "age >= 1"})"))));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[0].strategy.retryDelay"), 1));
    QCOMPARE(sim.consumers().front()->strategy->retryDelay(), 1);
    QCOMPARE(trace(sim, 2), (QStringList{"0 produced a", "0 postponed a by A", "1 processed a by A"}));
    QVERIFY(!sim.applySetting(QStringLiteral("consumers[0].strategy.retryDelay"), -3).isEmpty());
    QCOMPARE(sim.consumers().front()->strategy->retryDelay(), 1);
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[0].strategy.retryDelay"), 0));
    QCOMPARE(sim.consumers().front()->strategy->retryDelay(), 0);
}

namespace {
/// fifo, batch 3, deliveryLimit 1, the dead-letter queue on; A fails everything, D (strategy
/// @p dead, @p deadExtra) takes from the dead-letter queue; P sends @p messages.
QByteArray withDeadLetterQueue(const QByteArray &dead, const QByteArray &messages, const QByteArray &deadExtra = {},
                               const QByteArray &broker = {})
{
    return R"({"broker": {"batchSize": 3, "deliveryLimit": 1, "deadLetterQueue": true)" + broker + R"(},
        "consumers": [{"name": "A", "failureRate": 1}, {"name": "D", "deadLetters": true, "strategy": )"
            + dead + deadExtra + R"(}],
        "producers": [{"name": "P", "messages": [)" + messages + "]}]}";
}
} // namespace

void TestBrokerLimits::deadLetterConsumerDrainsTheQueue()
{
    // Cycle 0: A gets a (delivery 1), fails: 1 return, queued again; A again (D takes from the
    // queue never), delivery 2, fails: 2 > 1, dead-lettered (delivery_limit) into the dead-letter
    // queue. Then the dead-letter queue's turn: D gets a (delivery 3) and processes it.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(withDeadLetterQueue(R"({"type": "accept-all"})", R"({"data": "a"})"))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 failed a by A", "0 failed a by A",
                                         "0 discarded a by A (delivery_limit)", "0 processed a by D"}));
    const Counts &t = sim.metrics().totals();
    QCOMPARE(t.processed, 1);
    QCOMPARE(t.discarded, 1);         // one dead letter ...
    QCOMPARE(t.deadLetterQueued, 1);  // ... kept in the dead-letter queue
    QCOMPARE(t.finalDiscarded(), 0);
    QCOMPARE(t.dispatched, 3);
    QCOMPARE(sim.consumers().at(1)->stats.processed, 1);
    QCOMPARE(sim.consumers().at(1)->stats.received, 1);
    QCOMPARE(sim.broker().deadLetters().size(), size_t(1));  // the list still tells it
    QVERIFY(sim.broker().deadLetterQueue().empty());
    QCOMPARE(sim.metrics().deliveriesHistogram(), (std::map<int, qint64>{{3, 1}}));  // ended once
    QVERIFY(sim.conservationHolds());
    // Expired and maxlen dead letters go there too: b expires at the head in cycle 1 (A offline).
    PL_VERIFY_OK(sim.load(parse(withDeadLetterQueue(R"({"type": "accept-all"})", R"({"data": "b"}, {"data": "c"})", {},
                                                    R"(, "messageTtl": 1, "maxLength": 1)"))));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[0].online"), false));
    QCOMPARE(trace(sim, 2), (QStringList{"0 produced b", "0 produced c", "0 discarded b (maxlen)",
                                         "0 processed b by D", "1 discarded c (expired)", "1 processed c by D"}));
    QCOMPARE(sim.metrics().totals().deadLetterQueued, 2);
}

void TestBrokerLimits::aDeadLetterFromTheDeadLetterQueueIsFinal()
{
    // D's TTL range (3, 9) discards a (TTL 3): a dead letter of the dead-letter queue is final,
    // on the list, not queued again.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(withDeadLetterQueue(R"({"type": "ttl", "low": 3, "high": 9})", R"({"data": "a"})"))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 failed a by A", "0 failed a by A",
                                         "0 discarded a by A (delivery_limit)", "0 discarded a by D (ttl-expired)"}));
    Counts t = sim.metrics().totals();
    QCOMPARE(t.discarded, 2);
    QCOMPARE(t.finalDiscarded(), 1);
    QCOMPARE(sim.broker().deadLetters().size(), size_t(2));
    QVERIFY(sim.broker().deadLetterQueue().empty());
    QVERIFY(sim.conservationHolds());
    // D fails too: a comes back from the dead-letter queue after 3 deliveries, more than the
    // delivery limit 1: final. Without a delivery limit it goes back to the dead-letter queue's
    // tail and loops as a requeue loop does, up to the safety cap.
    PL_VERIFY_OK(sim.load(parse(withDeadLetterQueue(R"({"type": "accept-all"})", R"({"data": "a"})", R"(, "failureRate": 1)"))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 failed a by A", "0 failed a by A",
                                         "0 discarded a by A (delivery_limit)", "0 failed a by D",
                                         "0 discarded a by D (delivery_limit)"}));
    t = sim.metrics().totals();
    QCOMPARE(t.deliveryLimit, 2);
    QCOMPARE(t.finalDiscarded(), 1);
    QVERIFY(sim.conservationHolds());
    Simulation loop;
    PL_VERIFY_OK(loop.load(parse(R"({"broker": {"deadLetterQueue": true, "maxDeliveriesPerCycle": 20},
        "consumers": [{"name": "A", "strategy": {"type": "ttl", "low": 3}},
                      {"name": "D", "deadLetters": true, "failureRate": 1}],
        "producers": [{"name": "P", "messages": [{"data": "a"}]}]})")));
    const CycleReport r = loop.step();
    QVERIFY(r.capReached);
    QCOMPARE(r.counts.failed, 19);
    QVERIFY(r.warnings.join(QString()).contains(QStringLiteral("without emptying the dead-letter queue")));
    QCOMPARE(loop.broker().deadLetterQueue().size(), size_t(1));
    QVERIFY(loop.conservationHolds());
}

void TestBrokerLimits::deadLettersWaitForTheirConsumer()
{
    // D offline: a waits in the dead-letter queue, counted by the conservation law and the
    // summary; cycle 1, D online (by path), takes it. Held by a prefetch, it goes back to the
    // dead-letter queue's head when D goes offline.
    Simulation sim;
    PL_VERIFY_OK(sim.load(parse(withDeadLetterQueue(R"({"type": "accept-all"})", R"({"data": "a"})", R"(, "online": false)"))));
    QCOMPARE(trace(sim, 1), (QStringList{"0 produced a", "0 failed a by A", "0 failed a by A",
                                         "0 discarded a by A (delivery_limit)"}));
    QCOMPARE(sim.broker().deadLetterQueue().size(), size_t(1));
    QCOMPARE(sim.broker().deadLetterQueue().front().data.text(), QStringLiteral("a"));
    QVERIFY(sim.conservationHolds());
    QJsonObject summary = summaryToJson(sim, 0);
    QJsonObject dlq = summary.value(QLatin1String("deadLetterQueue")).toObject();
    QCOMPARE(dlq.value(QLatin1String("depth")), QJsonValue(1));
    QCOMPARE(dlq.value(QLatin1String("entered")), QJsonValue(1));
    QCOMPARE(dlq.value(QLatin1String("consumers")), QJsonValue(QJsonArray{QStringLiteral("D")}));
    QCOMPARE(summary.value(QLatin1String("totals")).toObject().value(QLatin1String("discardedFinal")), QJsonValue(0));
    QCOMPARE(summary.value(QLatin1String("totals")).toObject().value(QLatin1String("inDeadLetterQueue")), QJsonValue(1));
    QCOMPARE(summary.value(QLatin1String("conservation")), QJsonValue(true));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[1].prefetch"), 1));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[1].workPerCycle"), 1));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[1].online"), true));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[0].online"), false));
    QCOMPARE(trace(sim, 1), (QStringList{"1 processed a by D"}));
    summary = summaryToJson(sim, 0);
    dlq = summary.value(QLatin1String("deadLetterQueue")).toObject();
    QCOMPARE(dlq.value(QLatin1String("depth")), QJsonValue(0));
    QCOMPARE(dlq.value(QLatin1String("processed")), QJsonValue(1));
    // Without the key the summary has none of it.
    PL_VERIFY_OK(sim.load(parse(tiny({}, R"({"data": "a"})"))));
    sim.runCycles(5);
    QVERIFY(!summaryToJson(sim, 0).contains(QLatin1String("deadLetterQueue")));
}

void TestBrokerLimits::deadLetterQueueFormat()
{
    QVERIFY2(errorsOf(R"({"consumers": [{"name": "D", "deadLetters": true}]})").contains(
                     "consumers[0].deadLetters: the broker keeps no dead-letter queue; set broker.deadLetterQueue "
                     "to true, or remove deadLetters"), qPrintable(errorsOf(R"({"consumers": [{"name": "D", "deadLetters": true}]})")));
    QVERIFY(errorsOf(R"({"broker": {"deadLetterQueue": 1}})").contains("broker.deadLetterQueue: expected true or false, got 1"));
    QVERIFY(errorsOf(R"({"broker": {"mode": "topics", "deadLetterQueue": true},
                         "consumers": [{"name": "D", "deadLetters": true, "topics": ["orders-0"]}]})")
                    .contains("consumers[0].topics: a dead-letter consumer takes from the dead-letter queue only"));
    const Scenario on = parse(R"({"broker": {"deadLetterQueue": true}, "consumers": [{"name": "D", "deadLetters": true}]})");
    QVERIFY(on.broker.deadLetterQueue);
    QVERIFY(on.consumers.front().deadLetters);
    const QJsonObject json = scenarioToJson(on);
    QCOMPARE(json.value(QLatin1String("broker")).toObject().value(QLatin1String("deadLetterQueue")), QJsonValue(true));
    QCOMPARE(scenarioToJson(parse(QJsonDocument(json).toJson())), json);
    const QByteArray plain = QJsonDocument(scenarioToJson(parse(R"({"consumers": [{"name": "A"}]})"))).toJson();
    QVERIFY(!plain.contains("deadLetter"));
    QCOMPARE(on.broker.limitsOn(), QStringList{QStringLiteral("broker.deadLetterQueue")});
    // Live: the queue cannot go while a consumer reads it; a consumer becomes one by path.
    Simulation sim;
    PL_VERIFY_OK(sim.load(on));
    QVERIFY(sim.applySetting(QStringLiteral("broker.deadLetterQueue"), false).contains(
            "consumers[0].deadLetters: the broker keeps no dead-letter queue"));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[0].deadLetters"), false));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("broker.deadLetterQueue"), false));
    QVERIFY(!sim.applySetting(QStringLiteral("consumers[0].deadLetters"), true).isEmpty());
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("broker.deadLetterQueue"), true));
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("consumers[0].deadLetters"), true));
    QVERIFY(sim.consumers().front()->deadLetters);
}

QTEST_GUILESS_MAIN(TestBrokerLimits)
#include "tst_broker_limits.moc"
