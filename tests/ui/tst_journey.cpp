// Message journeys: the Journal keeps each recent message's events with the
// strategy's reasons in words, within its bounds; the journey model and panel show them.
// Cycles run through Simulation::step(); no timers, no sleeps.
#include "core/analysis/journal.h"
#include "ui/journey/journeymodel.h"
#include "ui/journey/journeypanel.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QAbstractItemModelTester>
#include <QHash>
#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <random>
#include <vector>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// A simulation of @p scenario whose cycle reports feed @p journal, as in the main window.
struct Fixture
{
    Simulation simulation;
    Journal journal;

    explicit Fixture(const Scenario &scenario, Journal::Limits limits = {}) : journal(limits)
    {
        simulation.setRecordEvents(true);
        QObject::connect(&simulation, &Simulation::cycleCompleted, &simulation,
                         [this](const CycleReport &report) { journal.record(report); });
        const QStringList errors = simulation.load(scenario);
        if (!errors.isEmpty())
            qFatal("scenario refused: %s", qPrintable(errors.join(QLatin1Char('\n'))));
    }

    /// The id of the first queued or journaled message with @p data.
    quint64 idOf(const QString &data) const
    {
        for (quint64 id = 1; id < simulation.broker().nextId(); ++id) {
            const QList<Event> events = journal.journey(id);
            if (!events.isEmpty() && events.constFirst().message.data.text() == data)
                return id;
        }
        return 0;
    }
};

/// A synthetic report of one cycle: one event of @p type for each id in @p ids.
CycleReport report(qint64 cycle, const QList<quint64> &ids,
                   Event::Type type = Event::Type::Produced)
{
    CycleReport r;
    r.cycle = cycle;
    for (quint64 id : ids) {
        Event e;
        e.cycle = cycle;
        e.type = type;
        e.consumer = type == Event::Type::Produced ? QString() : QStringLiteral("A");
        e.message.id = id;
        e.message.data = QStringLiteral("m%1").arg(id);
        e.detail = QStringLiteral("detail of %1").arg(id);
        r.events << e;
    }
    return r;
}

} // namespace

class TestJourney : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void referencePriorityData0();
    void ttlDiscardJourney();
    void reasonsOfEachStrategy_data();
    void reasonsOfEachStrategy();
    void dispatchedEventsAreFoldedIntoDecisions();
    void boundOnMessagesEvictsLeastRecentlyActive();
    void boundOnEvents();
    void boundPerMessageKeepsTheLatest();
    void evictionFollowsAPlainLruModel();
    void clearForgetsEverything();
    void readsSeeEveryReportHandedOver();
    void clearDropsWhatWaitsToBeRecorded();
    void anEvictedMessagesPlaceStartsEmpty();
    void textsAreKeptAsTheyWere();
    void journeysRepeatTheEventsWordForWord_data();
    void journeysRepeatTheEventsWordForWord();
    void textsOfEvictedMessagesMakeRoom();
    void modelUnderTester();
    void panelTellsWhereTheMessageIs();
    void panelTellsADelayedRetry();
    void panelTellsADeadLetterWaitingInItsQueue();
};

void TestJourney::referencePriorityData0()
{
    // docs/design.md §6, reference case 1: data_0 (priority 0) is postponed five times, aging by one
    // each time, and processed at priority 5, all within cycle 0 (drain).
    Fixture f(loadPreset(QStringLiteral("reference-priority.json")));
    f.simulation.runCycles(10);
    const quint64 id = f.idOf(QStringLiteral("data_0"));
    QCOMPARE(id, quint64(1));
    const QList<Event> journey = f.journal.journey(id);
    QCOMPARE(journey.size(), 7);

    QCOMPARE(journey.at(0).type, Event::Type::Produced);
    QCOMPARE(journey.at(0).message.priority, 0);
    const QStringList consumers = {QStringLiteral("A"), QStringLiteral("A"), QStringLiteral("B"),
                                   QStringLiteral("A"), QStringLiteral("B")};
    for (int i = 0; i < 5; ++i) {
        const Event &e = journey.at(1 + i);
        QCOMPARE(e.type, Event::Type::Postponed);
        QCOMPARE(e.cycle, qint64(0));
        QCOMPARE(e.consumer, consumers.at(i));
        QCOMPARE(e.message.priority, i);
        QCOMPARE(e.after.priority, i + 1);
        QCOMPARE(e.message.deliveries, i + 1);
        QCOMPARE(e.after.requeued, true);
        QCOMPARE(e.message.data.text(), QStringLiteral("data_0"));
        QCOMPARE(e.explanationText(),
                 QStringLiteral("priority %1 < threshold 5: postponed with priority %2")
                         .arg(i)
                         .arg(i + 1));
    }
    const Event &last = journey.constLast();
    QCOMPARE(last.type, Event::Type::Processed);
    QCOMPARE(last.consumer, QStringLiteral("C"));
    QCOMPARE(last.message.priority, 5);
    QCOMPARE(last.message.deliveries, 6);
    QCOMPARE(last.explanationText(), QStringLiteral("priority 5 ≥ threshold 5: processed"));
}

void TestJourney::ttlDiscardJourney()
{
    // TTL 6 with the range 3 < TTL < 4 (nothing inside): postponed 6 → 5 → 4 → 3, then discarded.
    Fixture f(scenario({consumer(QStringLiteral("A"), QStringLiteral("ttl"),
                                 {{QStringLiteral("low"), 3}, {QStringLiteral("high"), 4}})},
                       {scripted(QStringLiteral("doomed"), 5, 6)}));
    f.simulation.runCycles(5);
    const QList<Event> journey = f.journal.journey(1);
    QCOMPARE(journey.size(), 5);
    for (int i = 1; i <= 3; ++i) {
        QCOMPARE(journey.at(i).type, Event::Type::Postponed);
        QCOMPARE(journey.at(i).message.ttl, 7 - i);
        QCOMPARE(journey.at(i).after.ttl, 6 - i);
        QCOMPARE(journey.at(i).explanationText(),
                 QStringLiteral("TTL %1 ≥ high bound 4: postponed with TTL %2")
                         .arg(7 - i)
                         .arg(6 - i));
    }
    const Event &last = journey.constLast();
    QCOMPARE(last.type, Event::Type::Discarded);
    QCOMPARE(last.reason, QStringLiteral("ttl-expired"));
    QCOMPARE(last.explanationText(), QStringLiteral("TTL 3 ≤ low bound 3: discarded"));
    QCOMPARE(JourneyModel::decisionText(last), QStringLiteral("discarded (ttl-expired)"));
}

void TestJourney::reasonsOfEachStrategy_data()
{
    QTest::addColumn<QString>("strategy");
    QTest::addColumn<QVariantMap>("parameters");
    QTest::addColumn<double>("failureRate");
    QTest::addColumn<int>("priority");
    QTest::addColumn<int>("ttl");
    QTest::addColumn<int>("type");
    QTest::addColumn<QString>("detail");

    // A strategy's rows: its name and parameters once, then a row per case, tagged
    // "<strategy> <case>".
    const auto rowsOf = [](const char *strategy, const QVariantMap &parameters) {
        return [strategy, parameters](const char *what, double failureRate, int priority, int ttl,
                                      Event::Type type, const char *detail) {
            QTest::addRow("%s %s", strategy, what) << QString::fromLatin1(strategy) << parameters
                                                   << failureRate << priority << ttl << int(type)
                                                   << QString::fromUtf8(detail);
        };
    };
    const auto priority = rowsOf("priority", {{QStringLiteral("threshold"), 5}});
    priority("processes", 0.0, 7, 3, Event::Type::Processed, "priority 7 ≥ threshold 5: processed");
    priority("postpones", 0.0, 3, 3, Event::Type::Postponed,
             "priority 3 < threshold 5: postponed with priority 4");
    priority("fails", 1.0, 7, 3, Event::Type::Failed,
             "processing failed: requeued with priority 7 - 1 = 6");
    const auto ttl = rowsOf("ttl", {{QStringLiteral("low"), 1}, {QStringLiteral("high"), 4}});
    ttl("processes", 0.0, 5, 2, Event::Type::Processed,
        "low bound 1 < TTL 2 < high bound 4: processed");
    ttl("postpones", 0.0, 5, 5, Event::Type::Postponed,
        "TTL 5 ≥ high bound 4: postponed with TTL 4");
    ttl("discards", 0.0, 5, 1, Event::Type::Discarded, "TTL 1 ≤ low bound 1: discarded");
    const auto predicate = rowsOf("predicate",
                                  {{QStringLiteral("predicate"), QStringLiteral("priority >= 5")},
                                   {QStringLiteral("maxPredicateRuns"), 3}});
    predicate("processes", 0.0, 6, 3, Event::Type::Processed,
              "predicate priority >= 5 is true: processed");
    predicate("postpones", 0.0, 2, 3, Event::Type::Postponed,
              "predicate priority >= 5 is false: postponed (predicate runs 0 → 1 of max 3)");
    const auto acceptAll = rowsOf("accept-all", {});
    acceptAll("processes", 0.0, 0, 0, Event::Type::Processed, "accept-all: processed");
    acceptAll("fails", 1.0, 0, 0, Event::Type::Failed, "processing failed: requeued unchanged");
}

void TestJourney::reasonsOfEachStrategy()
{
    QFETCH(QString, strategy);
    QFETCH(QVariantMap, parameters);
    QFETCH(double, failureRate);
    QFETCH(int, priority);
    QFETCH(int, ttl);
    QFETCH(int, type);
    QFETCH(QString, detail);

    Scenario s = scenario({consumer(QStringLiteral("A"), strategy, parameters, true, failureRate)},
                          {scripted(QStringLiteral("x"), priority, ttl)});
    s.broker.batchesPerCycle = 1; // one delivery in cycle 0, whatever the decision
    Fixture f(s);
    f.simulation.step();
    const QList<Event> journey = f.journal.journey(1);
    QCOMPARE(journey.size(), 2);
    QCOMPARE(int(journey.at(1).type), type);
    QCOMPARE(journey.at(1).explanationText(), detail);
    QCOMPARE(journey.at(1).consumer, QStringLiteral("A"));
}

void TestJourney::dispatchedEventsAreFoldedIntoDecisions()
{
    Fixture f(loadPreset(QStringLiteral("reference-priority.json")));
    f.simulation.runCycles(10);
    for (quint64 id = 1; id < f.simulation.broker().nextId(); ++id) {
        for (const Event &e : f.journal.journey(id))
            QVERIFY(e.type != Event::Type::Dispatched);
    }
    QCOMPARE(f.journal.messageCount(), qsizetype(9));
}

void TestJourney::boundOnMessagesEvictsLeastRecentlyActive()
{
    Journal journal(Journal::Limits {10, 1000, 100});
    QList<quint64> ids;
    for (quint64 id = 1; id <= 10; ++id)
        ids << id;
    journal.record(report(0, ids));
    // Message 1 is active again: it becomes the most recent; 2 is now the least recent.
    journal.record(report(1, {1}, Event::Type::Postponed));
    journal.record(report(2, {11, 12}));
    QCOMPARE(journal.messageCount(), qsizetype(10));
    QCOMPARE(journal.evictedCount(), qint64(2));
    QVERIFY(journal.contains(1));
    QVERIFY(!journal.contains(2));
    QVERIFY(!journal.contains(3));
    QVERIFY(journal.contains(12));
    QCOMPARE(journal.journey(1).size(), 2);
    QCOMPARE(journal.eventCount(), qsizetype(11));

    // Many more: the bound holds.
    for (qint64 cycle = 3; cycle < 50; ++cycle)
        journal.record(report(cycle, {quint64(100 + cycle * 2), quint64(101 + cycle * 2)}));
    QCOMPARE(journal.messageCount(), qsizetype(10));
    QVERIFY(journal.journey(2).isEmpty());
}

void TestJourney::boundOnEvents()
{
    Journal journal(Journal::Limits {1000, 20, 100});
    for (quint64 id = 1; id <= 30; ++id)
        journal.record(report(qint64(id), {id}));
    QCOMPARE(journal.eventCount(), qsizetype(20));
    QCOMPARE(journal.messageCount(), qsizetype(20));
    QVERIFY(!journal.contains(10));
    QVERIFY(journal.contains(11));
}

void TestJourney::boundPerMessageKeepsTheLatest()
{
    Journal journal(Journal::Limits {100, 1000, 5});
    journal.record(report(0, {7}));
    for (qint64 cycle = 1; cycle <= 11; ++cycle)
        journal.record(report(cycle, {7}, Event::Type::Postponed));
    const QList<Event> journey = journal.journey(7);
    QCOMPARE(journey.size(), 5);
    QCOMPARE(journal.droppedEvents(7), qsizetype(7));
    QCOMPARE(journey.constFirst().cycle, qint64(7));
    QCOMPARE(journey.constLast().cycle, qint64(11));
    QCOMPARE(journal.eventCount(), qsizetype(5));
}

/// The journal against a plain least-recently-active list, over many ids in random order (ids
/// that share a place in the journal's id map, an id map that grows, entries removed from the
/// middle of a run of them): the same messages are kept, with the same event counts.
void TestJourney::evictionFollowsAPlainLruModel()
{
    const Journal::Limits limits {50, 120, 4};
    Journal journal(limits);
    struct Kept
    {
        quint64 id;
        qsizetype events;
    };
    std::vector<Kept> model;  // least recently active first
    qsizetype modelEvents = 0;
    std::mt19937_64 random(12345);
    for (qint64 cycle = 0; cycle < 400; ++cycle) {
        QList<quint64> ids;
        const int count = 1 + int(random() % 6);
        for (int i = 0; i < count; ++i) {
            // Mostly new or recent ids, some old; multiples of 64 collide in a small map.
            const quint64 pick = random() % 4;
            ids << (pick == 0   ? 100000 + quint64(random() % 1000) * 64
                    : pick == 1 ? quint64(random() % 300)
                                : quint64(1000 + cycle * 8 + i));
        }
        journal.record(report(cycle, ids, cycle % 2 ? Event::Type::Postponed : Event::Type::Produced));
        for (const quint64 id : ids) {
            auto it = std::find_if(model.begin(), model.end(), [id](const Kept &k) { return k.id == id; });
            Kept kept {id, 0};
            if (it != model.end()) {
                kept = *it;
                model.erase(it);
            }
            if (kept.events < limits.eventsPerMessage) {
                ++kept.events;
                ++modelEvents;
            }
            model.push_back(kept);
            while ((qsizetype(model.size()) > limits.messages || modelEvents > limits.events) && model.size() > 1) {
                modelEvents -= model.front().events;
                model.erase(model.begin());
            }
        }
        QCOMPARE(journal.messageCount(), qsizetype(model.size()));
        QCOMPARE(journal.eventCount(), modelEvents);
        for (const Kept &k : model) {
            QVERIFY2(journal.contains(k.id), qPrintable(QString::number(k.id)));
            QCOMPARE(journal.journey(k.id).size(), k.events);
        }
    }
    // Ids no longer kept are not found (nothing stale left in the id map).
    qsizetype found = 0;
    for (quint64 k = 0; k < 1000; ++k)
        found += journal.contains(100000 + k * 64) ? 1 : 0;
    for (quint64 id = 0; id < 1000 + 400 * 8; ++id)
        found += journal.contains(id) ? 1 : 0;
    QCOMPARE(found, qsizetype(model.size()));
}

void TestJourney::clearForgetsEverything()
{
    Journal journal;
    journal.record(report(0, {1, 2, 3}));
    QVERIFY(journal.revision(2) != 0);
    journal.clear();
    QCOMPARE(journal.messageCount(), qsizetype(0));
    QCOMPARE(journal.eventCount(), qsizetype(0));
    QVERIFY(journal.journey(1).isEmpty());
    QCOMPARE(journal.revision(2), quint64(0));
}

void TestJourney::readsSeeEveryReportHandedOver()
{
    // The journal records on its own thread (docs/design.md §5, Journal): a read right after
    // record() sees every report handed over, in order, even when more events were handed over
    // than may wait (record() waited for its thread on the way).
    constexpr int reports = 30;
    constexpr int perReport = 5000;
    static_assert(reports * perReport > Journal::maxPendingEvents);
    Journal journal(Journal::Limits {1000000, 1000000, 1000});
    quint64 id = 0;
    for (int cycle = 0; cycle < reports; ++cycle) {
        QList<quint64> ids;
        for (int i = 0; i < perReport; ++i)
            ids << ++id;
        journal.record(report(cycle, ids));
    }
    // Message 1 decided last: its journey is its production, then the decision.
    journal.record(report(reports, {1}, Event::Type::Processed));
    QCOMPARE(journal.messageCount(), qsizetype(reports * perReport));
    QCOMPARE(journal.eventCount(), qsizetype(reports * perReport + 1));
    QCOMPARE(journal.evictedCount(), qint64(0));
    const QList<Event> first = journal.journey(1);
    QCOMPARE(first.size(), 2);
    QCOMPARE(first.constLast().type, Event::Type::Processed);
    QCOMPARE(first.constLast().cycle, qint64(reports));
    QCOMPARE(journal.journey(id).constFirst().message.data.text(), QStringLiteral("m%1").arg(id));
}

void TestJourney::clearDropsWhatWaitsToBeRecorded()
{
    // Reports handed over and not yet recorded when the journal is cleared (a scenario opened
    // while it caught up) are gone with the rest; the next ones are recorded as usual.
    Journal journal;
    for (qint64 cycle = 0; cycle < 20; ++cycle) {
        QList<quint64> ids;
        for (int i = 0; i < 2000; ++i)
            ids << quint64(cycle * 2000 + i + 1);
        journal.record(report(cycle, ids));
    }
    journal.clear();
    QCOMPARE(journal.messageCount(), qsizetype(0));
    QCOMPARE(journal.eventCount(), qsizetype(0));
    journal.record(report(0, {7, 8}));
    QCOMPARE(journal.messageCount(), qsizetype(2));
    QVERIFY(!journal.contains(1));
    QCOMPARE(journal.journey(8).size(), 1);
}

void TestJourney::anEvictedMessagesPlaceStartsEmpty()
{
    // Message 1 loops (3 of its 7 events dropped), then is evicted; the next new messages take
    // its place and must not inherit its events, dropped count or recency.
    Journal journal(Journal::Limits {2, 1000, 4});
    journal.record(report(0, {1}));
    for (qint64 cycle = 1; cycle <= 6; ++cycle)
        journal.record(report(cycle, {1}, Event::Type::Postponed));
    QCOMPARE(journal.droppedEvents(1), qsizetype(3));
    journal.record(report(7, {2, 3}));
    QVERIFY(!journal.contains(1));
    QCOMPARE(journal.eventCount(), qsizetype(2));
    for (quint64 id = 4; id <= 40; ++id)
        journal.record(report(qint64(id), {id}));
    journal.record(report(41, {39}, Event::Type::Processed));
    QCOMPARE(journal.messageCount(), qsizetype(2));
    QCOMPARE(journal.evictedCount(), qint64(38));
    QVERIFY(journal.contains(39) && journal.contains(40));
    const QList<Event> journey = journal.journey(40);
    QCOMPARE(journey.size(), 1);
    QCOMPARE(journey.constFirst().message.data.text(), QStringLiteral("m40"));
    QCOMPARE(journal.droppedEvents(40), qsizetype(0));
    QCOMPARE(journal.journey(39).size(), 2);
    QCOMPARE(journal.journey(39).constLast().type, Event::Type::Processed);
    QCOMPARE(journal.eventCount(), qsizetype(3));
    QVERIFY(journal.revision(39) > journal.revision(40));
    // 40 is now the least recently active: one new message evicts it, not 39.
    journal.record(report(42, {41}));
    QVERIFY(!journal.contains(40));
    QVERIFY(journal.contains(39));
    journal.clear();
    journal.record(report(43, {42, 43, 44}));
    QCOMPARE(journal.messageCount(), qsizetype(2));
    QVERIFY(!journal.contains(42));
}

void TestJourney::textsAreKeptAsTheyWere()
{
    // Texts are shared between events, never changed: a consumer name edited in place after an
    // event, and more distinct texts than the journal keeps for sharing, read back as recorded.
    Journal journal;
    QString consumer = QStringLiteral("first");
    CycleReport r = report(0, {1}, Event::Type::Processed);
    r.events[0].consumer = consumer;
    journal.record(r);
    consumer[0] = QLatin1Char('F');
    r.events[0].consumer = consumer;
    journal.record(r);
    consumer.chop(1);
    r.events[0].consumer = consumer;
    journal.record(r);
    QStringList consumers;
    for (const Event &e : journal.journey(1))
        consumers << e.consumer;
    QCOMPARE(consumers, (QStringList{"first", "First", "Firs"}));

    for (quint64 id = 2; id < 5002; ++id)
        journal.record(report(qint64(id), {id}, Event::Type::Processed));
    for (const quint64 id : {quint64(2), quint64(4097), quint64(4099), quint64(5001)}) {
        const QList<Event> journey = journal.journey(id);
        QCOMPARE(journey.size(), 1);
        QCOMPARE(journey.constFirst().detail.toText(), QStringLiteral("detail of %1").arg(id));
        QCOMPARE(journey.constFirst().consumer, QStringLiteral("A"));
    }
}

void TestJourney::journeysRepeatTheEventsWordForWord_data()
{
    QTest::addColumn<QString>("preset");
    // Every strategy (priority, ttl, predicate, accept-all), failures, the broker's own discards
    // (expired, maxlen, delivery limit), dead letters, retries and topics.
    for (const char *preset : {"reference-priority.json", "reference-ttl.json", "reference-predicate.json",
                               "compare-strategies.json", "compare-topics.json", "lesson-poison-message.json",
                               "lesson-max-length-drops-urgent.json", "lesson-expiry-without-consumers.json",
                               "lesson-delayed-retry.json", "lesson-load-adaptive.json"})
        QTest::addRow("%s", preset) << QString::fromLatin1(preset);
}

void TestJourney::journeysRepeatTheEventsWordForWord()
{
    // The journal keeps an event as plain data (texts by number, the explanation as its function
    // and values, docs/design.md §9): each journey gives back, field by field and word by word,
    // the events of the cycle reports.
    QFETCH(QString, preset);
    Fixture f(loadPreset(preset), Journal::Limits {1000000, 10000000, 1000000});
    QHash<quint64, QList<Event>> recorded;
    QObject::connect(&f.simulation, &Simulation::cycleCompleted, &f.simulation, [&recorded](const CycleReport &r) {
        QCOMPARE(r.eventsDropped, 0);
        for (const Event &e : r.events) {
            if (e.type != Event::Type::Dispatched)
                recorded[e.message.id] << e;
        }
    });
    f.simulation.runCycles(60);
    QVERIFY(!recorded.isEmpty());
    QSet<int> types;
    qsizetype explained = 0;
    for (auto it = recorded.cbegin(); it != recorded.cend(); ++it) {
        const QList<Event> journey = f.journal.journey(it.key());
        QCOMPARE(journey.size(), it.value().size());
        for (qsizetype i = 0; i < journey.size(); ++i) {
            const Event &kept = journey.at(i);
            const Event &was = it.value().at(i);
            types << int(was.type);
            explained += was.explanationText().isEmpty() ? 0 : 1;
            QCOMPARE(kept.cycle, was.cycle);
            QCOMPARE(kept.type, was.type);
            QCOMPARE(kept.consumer, was.consumer);
            QCOMPARE(kept.reason, was.reason);
            QCOMPARE(kept.explanationText(), was.explanationText());
            QCOMPARE(kept.detail.text, was.detail.text);
            QCOMPARE(kept.message.data.text(), was.message.data.text());
            QCOMPARE(kept.message.producer.text(), was.message.producer.text());
            QCOMPARE(kept.message.topic.text(), was.message.topic.text());
            QCOMPARE(kept.message.priority, was.message.priority);
            QCOMPARE(kept.message.ttl, was.message.ttl);
            QCOMPARE(kept.message.predicateRuns, was.message.predicateRuns);
            QCOMPARE(kept.message.deliveries, was.message.deliveries);
            QCOMPARE(kept.message.requeued, was.message.requeued);
            if (was.type == Event::Type::Postponed || was.type == Event::Type::Failed) {
                QCOMPARE(kept.after.priority, was.after.priority);
                QCOMPARE(kept.after.ttl, was.after.ttl);
                QCOMPARE(kept.after.predicateRuns, was.after.predicateRuns);
                QCOMPARE(kept.after.requeued, was.after.requeued);
            }
        }
    }
    QVERIFY(types.size() >= 2);
    QVERIFY(explained > 0);
}

void TestJourney::textsOfEvictedMessagesMakeRoom()
{
    // Texts are numbers into one table; the texts of evicted messages are dropped when it fills
    // (it is compacted, and the kept steps renumbered): far more distinct texts than the table
    // starts with, the kept journeys still read as recorded.
    Journal journal(Journal::Limits {50, 1000, 10});
    for (quint64 id = 1; id <= 30000; ++id) {
        CycleReport r = report(qint64(id), {id}, Event::Type::Processed);
        r.events[0].consumer = QStringLiteral("consumer %1").arg(id % 7000);
        r.events[0].reason = QStringLiteral("reason %1").arg(id);
        journal.record(r);
        if (id % 997 == 0 || id > 29990) {
            for (quint64 kept = std::max<quint64>(1, id - 49); kept <= id; ++kept) {
                const QList<Event> journey = journal.journey(kept);
                QCOMPARE(journey.size(), 1);
                QCOMPARE(journey.constFirst().consumer, QStringLiteral("consumer %1").arg(kept % 7000));
                QCOMPARE(journey.constFirst().reason, QStringLiteral("reason %1").arg(kept));
                QCOMPARE(journey.constFirst().detail.toText(), QStringLiteral("detail of %1").arg(kept));
            }
        }
    }
    QCOMPARE(journal.messageCount(), qsizetype(50));
}

void TestJourney::modelUnderTester()
{
    Fixture f(loadPreset(QStringLiteral("reference-priority.json")));
    JourneyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    f.simulation.step();
    const QList<Event> full = f.journal.journey(1);
    QCOMPARE(full.size(), 7);
    // Growing journeys of the same message are appended in one insertion each.
    model.setJourney(1, full.mid(0, 3));
    QCOMPARE(reset.count(), 1);
    model.setJourney(1, full);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.constLast().at(1).toInt(), 3);
    QCOMPARE(inserted.constLast().at(2).toInt(), 6);
    QCOMPARE(model.rowCount(), 7);
    model.setJourney(1, full); // nothing new: no signal
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(reset.count(), 1);

    const auto cell = [&](int row, JourneyModel::Column column) {
        return model.data(model.index(row, column)).toString();
    };
    QCOMPARE(cell(0, JourneyModel::Decision), QStringLiteral("produced"));
    QCOMPARE(cell(0, JourneyModel::Consumer), QStringLiteral("by P1"));
    QCOMPARE(cell(1, JourneyModel::Consumer), QStringLiteral("A"));
    QCOMPARE(cell(1, JourneyModel::Decision), QStringLiteral("postponed"));
    // The reason is the child row of each event row, in column 0.
    const QModelIndex event1 = model.index(1, 0);
    QCOMPARE(model.rowCount(event1), 1);
    QCOMPARE(model.rowCount(model.index(1, JourneyModel::Priority)), 0);
    const QModelIndex reason1 = model.index(0, 0, event1);
    QVERIFY(JourneyModel::isReason(reason1));
    QCOMPARE(reason1.parent(), event1);
    QCOMPARE(model.rowCount(reason1), 0);
    QCOMPARE(reason1.data().toString(),
             QStringLiteral("priority 0 < threshold 5: postponed with priority 1"));
    QCOMPARE(model.index(0, 0, model.index(0, 0)).data().toString(),
             QStringLiteral("sent by P1 to the broker: it joined the queue at the tail"));
    QCOMPARE(model.data(model.index(6, 0), JourneyModel::ReasonRole).toString(),
             QStringLiteral("priority 5 ≥ threshold 5: processed"));
    QCOMPARE(cell(1, JourneyModel::Priority), QStringLiteral("0 → 1"));
    QCOMPARE(cell(1, JourneyModel::Ttl), QStringLiteral("5"));
    QCOMPARE(cell(1, JourneyModel::Delivery), QStringLiteral("1"));
    QCOMPARE(cell(6, JourneyModel::Decision), QStringLiteral("processed"));
    QCOMPARE(cell(6, JourneyModel::Priority), QStringLiteral("5"));
    QCOMPARE(model.data(model.index(6, 0), JourneyModel::EventTypeRole).toInt(),
             int(Event::Type::Processed));

    // Another message: one reset.
    model.setJourney(2, f.journal.journey(2));
    QCOMPARE(reset.count(), 2);
    model.setJourney(0, {});
    QCOMPARE(model.rowCount(), 0);
}

void TestJourney::panelTellsWhereTheMessageIs()
{
    // Paced: one batch a cycle, so messages wait in the queue between cycles.
    Scenario s = scenario(
            {consumer(QStringLiteral("A"), QStringLiteral("ttl"),
                      {{QStringLiteral("low"), 1}, {QStringLiteral("high"), 9}})},
            {scripted(QStringLiteral("first"), 5, 3), scripted(QStringLiteral("lost"), 5, 1),
             scripted(QStringLiteral("third"), 5, 3), scripted(QStringLiteral("waiting"), 5, 3)});
    s.broker.batchesPerCycle = 1;
    s.broker.batchSize = 3;
    Fixture f(s);
    JourneyPanel panel(&f.simulation, &f.journal);

    panel.showJourney(0);
    QCOMPARE(panel.headingText(), QStringLiteral("No message selected"));

    f.simulation.step(); // first processed, lost discarded, third processed; waiting queued
    panel.showJourney(1);
    QCOMPARE(panel.headingText(), QStringLiteral("Message #1 first (P)"));
    QVERIFY2(panel.statusText().contains(
                     QStringLiteral("Processed at cycle 0 by A after 1 delivery")),
             qPrintable(panel.statusText()));

    panel.showJourney(2);
    QVERIFY2(panel.statusText().contains(QStringLiteral("Discarded (ttl-expired)")),
             qPrintable(panel.statusText()));
    QVERIFY(panel.statusText().contains(QStringLiteral("dead-letter list")));
    QCOMPARE(panel.model()->rowCount(), 2);

    panel.showJourney(4);
    QVERIFY2(panel.statusText().contains(QStringLiteral("Still queued at position 0")),
             qPrintable(panel.statusText()));
    QVERIFY(panel.statusText().contains(QStringLiteral("not delivered yet")));
    QCOMPARE(panel.model()->rowCount(), 1);

    // The journey grows as cycles run; refresh() picks it up.
    f.simulation.step();
    panel.refresh();
    QCOMPARE(panel.model()->rowCount(), 2);
    QVERIFY2(panel.statusText().contains(QStringLiteral("Processed at cycle 1")),
             qPrintable(panel.statusText()));

    // A new scenario clears the panel: ids start again.
    f.simulation.reset();
    QCOMPARE(panel.messageId(), quint64(0));
}

void TestJourney::panelTellsADelayedRetry()
{
    // A postpones a (age 0 < 2) with retryDelay 2: invisible until cycle 2, then processed.
    Fixture f(parseOrFail(R"({"consumers": [{"name": "A", "strategy": {"type": "predicate",
                                  "predicate": "age >= 2", "retryDelay": 2}}],
                              "producers": [{"name": "P", "messages": [{"data": "a"}]}]})",
                          QStringLiteral("delayed.json")));
    JourneyPanel panel(&f.simulation, &f.journal);
    f.simulation.step();
    QCOMPARE(f.simulation.broker().delayedCount(), 1);
    panel.showJourney(f.idOf(QStringLiteral("a")));
    QCOMPARE(panel.headingText(), QStringLiteral("Message #1 a (P)"));
    QCOMPARE(panel.statusText(),
             QStringLiteral("Delayed: sent back by A with a retry delay of 2 cycles, visible "
                            "again at cycle 2."));
    f.simulation.step(); // still waiting
    panel.refresh();
    QVERIFY2(panel.statusText().startsWith(QStringLiteral("Delayed:")),
             qPrintable(panel.statusText()));
    f.simulation.step(); // visible again, age 2: processed
    panel.refresh();
    QVERIFY2(panel.statusText().startsWith(QStringLiteral("Processed at cycle 2 by A")),
             qPrintable(panel.statusText()));
}

void TestJourney::panelTellsADeadLetterWaitingInItsQueue()
{
    // A always fails; deliveryLimit 1 dead-letters a into the dead-letter queue, where it waits
    // for D (offline) instead of being lost; once D is online it takes and processes it.
    Fixture f(parseOrFail(R"({"broker": {"deliveryLimit": 1, "deadLetterQueue": true},
                              "consumers": [{"name": "A", "failureRate": 1},
                                            {"name": "D", "deadLetters": true, "online": false}],
                              "producers": [{"name": "P", "messages": [{"data": "a"}]}]})",
                          QStringLiteral("dlq.json")));
    JourneyPanel panel(&f.simulation, &f.journal);
    f.simulation.step();
    QCOMPARE(f.simulation.broker().deadLetterQueue().size(), size_t(1));
    panel.showJourney(f.idOf(QStringLiteral("a")));
    QCOMPARE(panel.statusText(),
             QStringLiteral("In the dead-letter queue (reason delivery_limit), waiting for a "
                            "dead-letter consumer."));
    QVERIFY(!panel.statusText().contains(QStringLiteral("Discarded")));
    PL_VERIFY_OK(f.simulation.applySetting(QStringLiteral("consumers[1].online"), true));
    f.simulation.step();
    panel.refresh();
    QVERIFY2(panel.statusText().contains(QStringLiteral("by D")), qPrintable(panel.statusText()));
}

QTEST_MAIN(TestJourney)
#include "tst_journey.moc"
