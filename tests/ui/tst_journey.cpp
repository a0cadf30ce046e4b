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
#include <QTreeView>
#include <QHeaderView>
#include <QLabel>

#include <algorithm>
#include <deque>
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
    void boundOnEventsKeepsTheLatestCycles();
    void boundPerMessageKeepsTheLatest();
    void journeysMatchAScanOfTheKeptCycles();
    void clearForgetsEverything();
    void aFollowedJourneyOutlivesItsCycles();
    void partialCyclesAreNamed();
    void followingAnotherMessageStartsItsOwnJourney();
    void textsAreKeptAsTheyWere();
    void journeysRepeatTheEventsWordForWord_data();
    void journeysRepeatTheEventsWordForWord();
    void modelUnderTester();
    void panelTellsWhereTheMessageIs();
    void panelTellsAJourneyNoLongerKept();
    void panelTellsACyclePartlyKept();
    void panelWidensItsNumberColumns();
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
    qsizetype known = 0;
    for (quint64 id = 1; id < f.simulation.broker().nextId(); ++id) {
        for (const Event &e : f.journal.journey(id))
            QVERIFY(e.type != Event::Type::Dispatched);
        known += f.journal.contains(id) ? 1 : 0;
    }
    QCOMPARE(known, qsizetype(9));
}

void TestJourney::boundOnEventsKeepsTheLatestCycles()
{
    // The rule of CycleAccumulator::add(): a cycle's list goes once the newer ones hold the
    // limit; the lists let go reach the recycler oldest first, whole.
    Journal journal(Journal::Limits {10, 100});
    QList<qint64> recycled;
    journal.setRecycler([&recycled](QList<Event> &&events) { recycled << events.constFirst().cycle; });
    journal.record(report(0, {1, 2, 3, 4}));
    journal.record(report(1, {5, 6, 7, 8}));
    journal.record(report(2, {1}, Event::Type::Postponed));
    QCOMPARE(journal.eventCount(), qsizetype(9));
    QCOMPARE(journal.cycleCount(), qsizetype(3));
    QCOMPARE(journal.firstCycle(), qint64(0));
    journal.record(report(3, {9, 10}));  // 11 events: the newer lists hold 7, cycle 0 stays
    QCOMPARE(journal.eventCount(), qsizetype(11));
    QVERIFY(recycled.isEmpty());
    journal.record(report(4, {11, 12, 13}));  // the newer lists hold 10: cycle 0 goes
    QCOMPARE(recycled, (QList<qint64>{0}));
    QCOMPARE(journal.eventCount(), qsizetype(10));
    QCOMPARE(journal.firstCycle(), qint64(1));
    QVERIFY(!journal.contains(2));
    QCOMPARE(journal.journey(1).size(), 1);  // its production went with cycle 0
    QCOMPARE(journal.journey(1).constFirst().type, Event::Type::Postponed);
    QVERIFY(journal.contains(13));

    // A cycle with more events than the limit is kept whole, alone.
    QList<quint64> many;
    for (quint64 id = 100; id < 125; ++id)
        many << id;
    journal.record(report(5, many));
    QCOMPARE(journal.cycleCount(), qsizetype(1));
    QCOMPARE(journal.eventCount(), qsizetype(25));
    QCOMPARE(recycled, (QList<qint64>{0, 1, 2, 3, 4}));
    QVERIFY(journal.contains(100) && journal.contains(124));
    QVERIFY(!journal.contains(13));

    // A report without events (recording off) changes nothing.
    journal.record(CycleReport());
    QCOMPARE(journal.cycleCount(), qsizetype(1));
}

void TestJourney::boundPerMessageKeepsTheLatest()
{
    Journal journal(Journal::Limits {1000, 5});
    journal.record(report(0, {7}));
    for (qint64 cycle = 1; cycle <= 11; ++cycle)
        journal.record(report(cycle, {7}, Event::Type::Postponed));
    const QList<Event> journey = journal.journey(7);
    QCOMPARE(journey.size(), 5);
    QCOMPARE(journal.droppedEvents(7), qsizetype(7));
    QCOMPARE(journey.constFirst().cycle, qint64(7));
    QCOMPARE(journey.constLast().cycle, qint64(11));
    // Followed, it goes on the same way.
    journal.record(report(12, {7}, Event::Type::Processed));
    QCOMPARE(journal.journey(7).size(), 5);
    QCOMPARE(journal.journey(7).constFirst().cycle, qint64(8));
    QCOMPARE(journal.journey(7).constLast().type, Event::Type::Processed);
    QCOMPARE(journal.droppedEvents(7), qsizetype(8));
}

/// The journal against a plain model, over many ids in random order: a message asked for
/// afresh reads its events in the kept cycles; the message followed then gets each new cycle's
/// events, and keeps them when their cycles leave; journeys, dropped counts and revisions match.
void TestJourney::journeysMatchAScanOfTheKeptCycles()
{
    const Journal::Limits limits {40, 4};
    Journal journal(limits);
    std::deque<CycleReport> kept;  // the model: the latest reports, by the window's rule
    qsizetype keptEvents = 0;
    std::mt19937_64 random(12345);
    const auto eventsIn = [](const CycleReport &r, quint64 id) {
        QList<qint64> cycles;
        for (const Event &e : r.events) {
            if (e.message.id == id)
                cycles << e.cycle;
        }
        return cycles;
    };
    const auto journalJourney = [&journal](quint64 id) {
        QList<qint64> cycles;
        for (const Event &e : journal.journey(id))
            cycles << e.cycle;
        return cycles;
    };
    quint64 followed = 5;
    QList<qint64> seen;  // the model of the message followed: every event found since followed
    quint64 shownRevision = journal.revision(followed);
    for (qint64 cycle = 0; cycle < 400; ++cycle) {
        QList<quint64> ids;
        const int count = 1 + int(random() % 8);
        for (int i = 0; i < count; ++i)
            ids << quint64(random() % 30);
        const CycleReport r = report(cycle, ids, cycle % 2 ? Event::Type::Postponed : Event::Type::Processed);
        journal.record(r);
        kept.push_back(r);
        keptEvents += r.events.size();
        while (keptEvents - kept.front().events.size() >= limits.events) {
            keptEvents -= kept.front().events.size();
            kept.pop_front();
        }
        QCOMPARE(journal.eventCount(), keptEvents);
        QCOMPARE(journal.cycleCount(), qsizetype(kept.size()));
        QCOMPARE(journal.firstCycle(), kept.front().cycle);

        // The message followed: its new events added, none taken away; the revision changes
        // exactly when one came.
        const QList<qint64> found = eventsIn(r, followed);
        seen += found;
        const qsizetype dropped = std::max<qsizetype>(0, seen.size() - limits.eventsPerMessage);
        const quint64 revision = journal.revision(followed);
        QCOMPARE(journalJourney(followed), seen.mid(dropped));
        QCOMPARE(journal.droppedEvents(followed), dropped);
        QCOMPARE(revision == 0, seen.isEmpty());
        QCOMPARE(revision != shownRevision, !found.isEmpty());
        shownRevision = revision;

        // Now and then another message is followed instead, read afresh from the kept cycles.
        if (cycle % 37 == 36) {
            followed = random() % 30;
            seen.clear();
            for (const CycleReport &k : kept)
                seen += eventsIn(k, followed);
            shownRevision = journal.revision(followed);
            const qsizetype afreshDropped = std::max<qsizetype>(0, seen.size() - limits.eventsPerMessage);
            QCOMPARE(journalJourney(followed), seen.mid(afreshDropped));
            QCOMPARE(journal.droppedEvents(followed), afreshDropped);
            QCOMPARE(journal.keptFrom(followed), kept.front().cycle);
        }
    }
}

void TestJourney::clearForgetsEverything()
{
    Journal journal;
    journal.record(report(0, {1, 2, 3}));
    QVERIFY(journal.revision(2) != 0);
    journal.clear();
    QCOMPARE(journal.cycleCount(), qsizetype(0));
    QCOMPARE(journal.eventCount(), qsizetype(0));
    QCOMPARE(journal.firstCycle(), qint64(-1));
    QVERIFY(journal.journey(1).isEmpty());
    QCOMPARE(journal.revision(2), quint64(0));
    // The message followed before the clear starts again from nothing.
    journal.record(report(1, {2}, Event::Type::Processed));
    QCOMPARE(journal.journey(2).size(), 1);
    QCOMPARE(journal.journey(2).constFirst().type, Event::Type::Processed);
}

void TestJourney::aFollowedJourneyOutlivesItsCycles()
{
    // Message 1 followed while the cycles holding its events leave the kept lists: its journey
    // stays as shown (at any speed the panel's message stays readable); asked for afresh once
    // another message was followed, it is gone with its cycles.
    Journal journal(Journal::Limits {6, 2});
    journal.record(report(0, {1}));
    journal.record(report(1, {1}, Event::Type::Postponed));
    journal.record(report(2, {1}, Event::Type::Postponed));
    QCOMPARE(journal.journey(1).size(), 2);
    QCOMPARE(journal.droppedEvents(1), qsizetype(1));
    QCOMPARE(journal.keptFrom(1), qint64(0));
    const quint64 revision = journal.revision(1);
    QVERIFY(revision != 0);
    for (qint64 cycle = 3; cycle < 12; ++cycle)
        journal.record(report(cycle, {quint64(10 + cycle), quint64(30 + cycle)}));
    QCOMPARE(journal.firstCycle(), qint64(9));
    QCOMPARE(journal.journey(1).size(), 2);
    QCOMPARE(journal.journey(1).constLast().cycle, qint64(2));
    QCOMPARE(journal.droppedEvents(1), qsizetype(1));
    QCOMPARE(journal.revision(1), revision);
    journal.record(report(12, {1}, Event::Type::Processed));
    QCOMPARE(journal.journey(1).constLast().type, Event::Type::Processed);
    QCOMPARE(journal.droppedEvents(1), qsizetype(2));
    QVERIFY(journal.revision(1) != revision);

    QVERIFY(journal.contains(21));  // another message followed
    QCOMPARE(journal.journey(1).size(), 1);  // afresh: only cycle 12 is still kept
    QCOMPARE(journal.keptFrom(1), qint64(9));
    journal.record(report(13, {50, 51, 52, 53, 54, 55}));
    QVERIFY(journal.contains(50));
    QVERIFY(!journal.contains(1));
    QCOMPARE(journal.revision(1), quint64(0));
}

void TestJourney::partialCyclesAreNamed()
{
    // A cycle whose report kept only its first and last events: a journey may lack events of
    // it, and the journal says which cycle that is.
    Journal journal;
    journal.record(report(0, {1, 2}));
    CycleReport partial = report(1, {3});
    partial.eventsDropped = 5;
    journal.record(partial);
    journal.record(report(2, {4}));
    QCOMPARE(journal.partialCycleFrom(0), qint64(1));
    QCOMPARE(journal.partialCycleFrom(1), qint64(1));
    QCOMPARE(journal.partialCycleFrom(2), qint64(-1));
}

void TestJourney::followingAnotherMessageStartsItsOwnJourney()
{
    // Message 1 loops (3 of its 7 events left out); following message 2 then shows only its
    // own events, with nothing left out; back to 1, its journey is whole again.
    Journal journal(Journal::Limits {1000, 4});
    journal.record(report(0, {1, 2}));
    for (qint64 cycle = 1; cycle <= 6; ++cycle)
        journal.record(report(cycle, {1}, Event::Type::Postponed));
    QCOMPARE(journal.droppedEvents(1), qsizetype(3));
    const quint64 revision1 = journal.revision(1);
    journal.record(report(7, {2}, Event::Type::Processed));
    const QList<Event> journey = journal.journey(2);
    QCOMPARE(journey.size(), 2);
    QCOMPARE(journey.constFirst().message.data.text(), QStringLiteral("m2"));
    QCOMPARE(journey.constLast().type, Event::Type::Processed);
    QCOMPARE(journal.droppedEvents(2), qsizetype(0));
    QVERIFY(journal.revision(2) != revision1);
    QCOMPARE(journal.journey(1).size(), 4);
    QCOMPARE(journal.droppedEvents(1), qsizetype(3));
    QCOMPARE(journal.journey(1).constLast().cycle, qint64(6));
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
    Fixture f(loadPreset(preset), Journal::Limits {10000000, 1000000});
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
                     QStringLiteral("Processed at cycle 0 by A after 1 delivery, in the cycle it was produced.")),
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
    QVERIFY2(panel.statusText().contains(QStringLiteral(", 1 cycle after it was produced.")),
             qPrintable(panel.statusText()));

    // A new scenario clears the panel: ids start again.
    f.simulation.reset();
    QCOMPARE(panel.messageId(), quint64(0));
}

void TestJourney::panelTellsAJourneyNoLongerKept()
{
    // A journal that keeps the latest cycle only. Message 1, shown when processed in cycle 0,
    // stays shown whole while later cycles push cycle 0 out; asked for afresh after that, it
    // is neither queued nor a dead letter nor kept, and the panel says so and from which cycle
    // on events are kept.
    Scenario s = scenario({consumer(QStringLiteral("A"), QStringLiteral("accept-all"))},
                          {scripted(QStringLiteral("first"), 5, 3), scripted(QStringLiteral("second"), 5, 3),
                           scripted(QStringLiteral("third"), 5, 3)});
    s.broker.batchesPerCycle = 1;
    s.broker.batchSize = 1;
    Fixture f(s, Journal::Limits {1, 1000});
    JourneyPanel panel(&f.simulation, &f.journal);
    f.simulation.step();
    panel.showJourney(1);
    QVERIFY2(panel.statusText().contains(QStringLiteral("Processed at cycle 0")), qPrintable(panel.statusText()));
    f.simulation.step();
    QCOMPARE(f.journal.firstCycle(), qint64(1));
    panel.refresh();
    QCOMPARE(panel.model()->rowCount(), 2);
    QVERIFY2(panel.statusText().contains(QStringLiteral("Processed at cycle 0")), qPrintable(panel.statusText()));

    panel.showJourney(2);  // processed in cycle 1, which is kept
    QVERIFY2(panel.statusText().contains(QStringLiteral("Processed at cycle 1")), qPrintable(panel.statusText()));
    panel.showJourney(1);
    QCOMPARE(panel.model()->rowCount(), 0);
    QVERIFY2(panel.statusText().contains(QStringLiteral("no longer kept")), qPrintable(panel.statusText()));
    QVERIFY2(panel.statusText().contains(QStringLiteral("now from cycle 1 on")), qPrintable(panel.statusText()));

    // Message 3 waits at the head; its production (cycle 0) is no longer kept: a note says so.
    panel.showJourney(3);
    QVERIFY2(panel.statusText().contains(QStringLiteral("Still queued at position 0")), qPrintable(panel.statusText()));
    QCOMPARE(panel.model()->rowCount(), 0);
    QVERIFY2(panel.noteText().contains(QStringLiteral("before cycle 1 are no longer kept")), qPrintable(panel.noteText()));
}

void TestJourney::panelTellsACyclePartlyKept()
{
    // Message 1's production is kept, its processing fell in the middle of a cycle whose report
    // kept only its first and last events: the panel says which cycle, not "no longer kept".
    // Then a processed message's green, bold status goes plain with the panel cleared.
    Scenario s = scenario({consumer(QStringLiteral("A"), QStringLiteral("accept-all"))},
                          {scripted(QStringLiteral("first"), 5, 3)});
    Fixture f(s);
    f.simulation.step();  // message 1 processed in cycle 0
    Journal partial;
    partial.record(report(0, {1}));
    CycleReport cut = report(1, {7, 8});
    cut.eventsDropped = 30000;
    partial.record(cut);
    JourneyPanel panel(&f.simulation, &partial);
    panel.showJourney(1);
    QCOMPARE(panel.model()->rowCount(), 1);
    QVERIFY2(panel.statusText().contains(QStringLiteral("its later events are not kept: cycle 1 had more events")),
             qPrintable(panel.statusText()));

    JourneyPanel whole(&f.simulation, &f.journal);
    whole.showJourney(1);
    QVERIFY2(whole.statusText().startsWith(QStringLiteral("Processed at cycle 0")), qPrintable(whole.statusText()));
    const auto status = [&whole] {
        for (QLabel *label : whole.findChildren<QLabel *>()) {
            if (label->text() == whole.statusText())
                return label;
        }
        return static_cast<QLabel *>(nullptr);
    };
    QVERIFY(status() && status()->font().bold());
    whole.showJourney(0);
    QVERIFY(status() && !status()->font().bold());
}

void TestJourney::panelWidensItsNumberColumns()
{
    // A message delivered 218,983 times, in cycle 1,234,567: both numbers whole in their columns;
    // the decision's tooltip has the decision whole.
    Journal journal;
    CycleReport r = report(1234567, {1}, Event::Type::Postponed);
    r.events[0].message.deliveries = 218983;
    journal.record(r);
    Fixture f(loadPreset(QStringLiteral("reference-priority.json")));
    f.simulation.runCycles(3);
    JourneyPanel panel(&f.simulation, &journal);
    panel.showJourney(1);
    QCOMPARE(panel.model()->rowCount(), 1);
    auto *view = panel.findChild<QTreeView *>();
    QVERIFY(view);
    const QFontMetrics fm = view->fontMetrics();
    QVERIFY(view->header()->sectionSize(JourneyModel::Cycle) > fm.horizontalAdvance(QStringLiteral("1234567")));
    QVERIFY(view->header()->sectionSize(JourneyModel::Delivery) > fm.horizontalAdvance(QStringLiteral("218983")));
    const QString tip = panel.model()->index(0, JourneyModel::Decision).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(panel.model()->index(0, JourneyModel::Decision).data().toString()), qPrintable(tip));
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
