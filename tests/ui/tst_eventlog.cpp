// The event log: a capped ring buffer that removes the oldest rows in one
// batch and inserts the new ones in one batch, filters by event type, consumer and message id,
// a follow mode, selection of a line naming its message, and the JSON Lines export.
// Every model runs under QAbstractItemModelTester. Offscreen; cycles run through step().
#include "core/analysis/eventjson.h"
#include "core/analysis/journal.h"
#include "ui/eventlog/eventlogfiltermodel.h"
#include "ui/eventlog/eventlogmodel.h"
#include "ui/eventlog/eventlogpanel.h"
#include "ui/deadletters/deadletterpanel.h"
#include "ui/deadletters/deadlettermodel.h"
#include "ui/common/logtableview.h"
#include "ui/shell/highcontraststyle.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"
#include "tests/ui/scenariowindow.h"

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QDockWidget>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QPainter>
#include <QStyleOptionHeader>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// @p count synthetic events of cycle @p cycle for messages first, first + 1, ...
QList<Event> events(qint64 cycle, quint64 first, int count)
{
    QList<Event> list;
    for (int i = 0; i < count; ++i) {
        Event e;
        e.cycle = cycle;
        e.type = Event::Type::Processed;
        e.consumer = QStringLiteral("A");
        e.message.id = first + quint64(i);
        e.message.data = QStringLiteral("m%1").arg(first + quint64(i));
        list << e;
    }
    return list;
}

/// Message ids of every row of @p model, in order.
QList<quint64> ids(const QAbstractItemModel &model)
{
    QList<quint64> list;
    for (int row = 0; row < model.rowCount(); ++row)
        list << model.index(row, 0).data(EventLogModel::MessageIdRole).toULongLong();
    return list;
}

QList<quint64> range(quint64 first, quint64 last)
{
    QList<quint64> list;
    for (quint64 id = first; id <= last; ++id)
        list << id;
    return list;
}

} // namespace

class TestEventLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ringBufferCapAndOrder();
    void pendingBeyondCapacityKeepsTheNewest();
    void droppedEventsAreFreedOutsideTheRefresh();
    void accumulatorEventLimitKeepsTheSameRows();
    void releasedListsServeTheNextCycles();
    void columnsShowTheEvent();
    void filters();
    void followMode();
    void selectingALineNamesItsMessage();
    void jsonLinesExport();
    void clearedOnNewScenario();
    void waitsWhileItsDockTabIsBehind();
    void narrowDockKeepsFiltersAndColumnsInSight();
    void narrowHeaderTitlesEndWithAnEllipsis();
    void oneEventIsCountedInTheSingular();
};

void TestEventLog::ringBufferCapAndOrder()
{
    EventLogModel model(100);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);

    model.addEvents(events(0, 1, 60));
    QCOMPARE(model.rowCount(), 0);  // nothing shown before the flush
    QCOMPARE(model.flush(), 60);
    QCOMPARE(ids(model), range(1, 60));
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(removed.size(), 0);

    // Two cycles' events in one flush: 30 + 40 = 70 more; 30 oldest rows go in one removal.
    model.addEvents(events(1, 61, 30));
    model.addEvents(events(2, 91, 40));
    QCOMPARE(model.pendingCount(), 70);
    QCOMPARE(model.flush(), 70);
    QCOMPARE(model.rowCount(), 100);
    QCOMPARE(ids(model), range(31, 130));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(removed.constLast().at(1).toInt(), 0);
    QCOMPARE(removed.constLast().at(2).toInt(), 29);
    QCOMPARE(inserted.size(), 2);
    QCOMPARE(inserted.constLast().at(1).toInt(), 30);
    QCOMPARE(inserted.constLast().at(2).toInt(), 99);
    QCOMPARE(model.totalCount(), 130);
    QCOMPARE(model.flush(), 0);  // nothing pending: no signal
    QCOMPARE(inserted.size(), 2);
}

void TestEventLog::pendingBeyondCapacityKeepsTheNewest()
{
    // At "as fast as possible" many cycles pass between two refreshes: only the newest
    // capacity() events can stay, and memory stays bounded before the flush too.
    EventLogModel model(50);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.addEvents(events(0, 1, 20));
    model.flush();
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    for (int c = 1; c <= 10; ++c)
        model.addEvents(events(c, 1 + 20 * quint64(c), 20));
    QVERIFY(model.pendingCount() <= 50 + 20);
    model.flush();
    QCOMPARE(ids(model), range(171, 220));
    QCOMPARE(removed.size(), 1);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.totalCount(), 220);
}

void TestEventLog::droppedEventsAreFreedOutsideTheRefresh()
{
    // Dropped event lists (pending beyond capacity, or rows that leave the log) are not freed in
    // addEvents() or flush(), which a refresh calls: they wait in the release queue, freed at
    // the next event-loop pass. A list still shared elsewhere frees nothing and is not queued.
    EventLogModel model(50);
    const QList<Event> held = events(0, 1, 20);
    model.addEvents(held);
    for (int c = 1; c <= 5; ++c)
        model.addEvents(events(c, 1 + 20 * quint64(c), 20));
    // Pending: cycles 3..5; dropped: the held list (still ours: not queued), cycles 1 and 2.
    QCOMPARE(model.pendingCount(), 60);
    QCOMPARE(model.releasedPending(), 40);
    QCOMPARE(held.size(), 20);
    model.addEvents(events(6, 121, 20));
    QCOMPARE(model.releasedPending(), 60);  // cycle 3's list, dropped while pending
    QCOMPARE(model.flush(), 50);  // cycle 4's list cut, not dropped
    QCOMPARE(ids(model), range(91, 140));
    QCOMPARE(model.releasedPending(), 60);
    model.addEvents(events(7, 141, 20));
    model.flush();
    QCOMPARE(ids(model), range(111, 160));
    QCOMPARE(model.releasedPending(), 80);  // cycle 4's rows left the log
    QTRY_COMPARE(model.releasedPending(), 0);
    QCOMPARE(ids(model), range(111, 160));
    model.addEvents(events(8, 161, 100));
    model.flush();
    QVERIFY(model.releasedPending() > 0);
    model.releaseDropped();
    QCOMPARE(model.releasedPending(), 0);
    QCOMPARE(ids(model), range(211, 260));
}

void TestEventLog::accumulatorEventLimitKeepsTheSameRows()
{
    // The main window's accumulator keeps no more events between two ticks than the log can
    // show (CycleAccumulator::setEventLimit(capacity)): the oldest reports' lists are released
    // as the cycles come, not at the tick; the log shows the same rows and counts the same total.
    Simulation simulation;
    EventLogPanel limitedLog(&simulation);
    EventLogPanel wholeLog(&simulation);
    const qsizetype capacity = limitedLog.model()->capacity();
    CycleAccumulator limited;
    limited.setEventLimit(capacity);
    CycleAccumulator whole;
    const int perCycle = int(capacity / 4) + 7;  // not a divisor: one list is cut by the flush
    quint64 next = 1;
    for (int tick = 0; tick < 3; ++tick) {
        for (int c = 0; c < 6 + tick; ++c) {
            CycleReport report;
            report.cycle = 10 * tick + c;
            report.events = events(report.cycle, next, perCycle);
            next += quint64(perCycle);
            limited.add(report);
            whole.add(report);
        }
        const RefreshSnapshot kept = limited.take(simulation);
        const RefreshSnapshot all = whole.take(simulation);
        qsizetype keptEvents = 0;
        for (const CycleReport &report : kept.reports())
            keptEvents += report.events.size();
        // Released: the lists that had capacity() newer events after them.
        QVERIFY(keptEvents < capacity + perCycle);
        QVERIFY(keptEvents >= capacity);
        QCOMPARE(kept.releasedEvents() + keptEvents, qint64(all.cycles()) * perCycle);
        QVERIFY(kept.reports().constFirst().events.isEmpty());
        QCOMPARE(kept.cycles(), all.cycles());  // the reports stay, for the other views
        QCOMPARE(kept.counts().produced, all.counts().produced);
        limitedLog.refresh(kept);
        wholeLog.refresh(all);
        QCOMPARE(ids(*limitedLog.model()), ids(*wholeLog.model()));
        QCOMPARE(limitedLog.model()->totalCount(), wholeLog.model()->totalCount());
    }
    QCOMPARE(wholeLog.model()->totalCount(), qint64(next - 1));
    QCOMPARE(ids(*limitedLog.model()), range(next - quint64(capacity), next - 1));
}

void TestEventLog::releasedListsServeTheNextCycles()
{
    // The main window's journal gives the lists it lets go back to the engine
    // (Simulation::recycleEvents()): a later cycle writes its events into that memory; a list
    // somebody else still holds (a view) stays theirs, untouched.
    Scenario s;
    s.broker.batchSize = 10;
    s.broker.maxIdleCycles = 0;
    s.consumers << consumer(QStringLiteral("all"));
    s.producers << generatingProducer(QStringLiteral("gen"), 10, 0, 9);
    Simulation simulation;
    QVERIFY(simulation.load(s).isEmpty());
    Simulation plain;  // the same run, nothing recycled
    QVERIFY(plain.load(s).isEmpty());
    const auto sameEvents = [](const QList<Event> &a, const QList<Event> &b) {
        if (a.size() != b.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const Event &x = a.at(i), &y = b.at(i);
            if (x.cycle != y.cycle || x.type != y.type || x.message.id != y.message.id || x.consumer != y.consumer)
                return false;
        }
        return true;
    };
    QVERIFY(sameEvents(simulation.step().events, plain.step().events));

    // A list nobody else holds: emptied, and the next cycle's events go into its memory.
    QList<Event> released = simulation.step().events;
    QVERIFY(sameEvents(released, plain.step().events));
    released.reserve(1000);  // larger than a cycle here asks for
    const Event *memory = released.constData();
    simulation.recycleEvents(std::move(released));
    CycleReport next = simulation.step();
    QCOMPARE(next.events.constData(), memory);
    QVERIFY(next.events.capacity() >= 1000);
    QVERIFY(sameEvents(next.events, plain.step().events));

    // A list another holder keeps: theirs, whole; the engine takes fresh memory.
    QList<Event> kept = next.events;
    const QList<Event> copy = kept;
    simulation.recycleEvents(std::move(next.events));
    const CycleReport after = simulation.step();
    QVERIFY(after.events.constData() != memory);
    QCOMPARE(kept.constData(), memory);
    QVERIFY(sameEvents(kept, copy));
    QVERIFY(sameEvents(after.events, plain.step().events));

    // Through the journal, as in the main window, the accumulator beside it: the lists the
    // journal lets go serve the later cycles (the allocator might hand the same memory back too:
    // the check above is the one that tells), and the events stay those of the run that
    // recycles nothing.
    Journal journal(Journal::Limits {1, 1000});  // a list goes once a newer one came
    journal.setRecycler([&simulation](QList<Event> &&events) { simulation.recycleEvents(std::move(events)); });
    CycleAccumulator cycles;  // lets go first, as the main window's (the log's 50,000 events)
    cycles.setEventLimit(1);
    QSet<const Event *> seen;
    int reused = 0;
    for (int c = 0; c < 10; ++c) {
        const CycleReport report = simulation.step();
        QVERIFY(sameEvents(report.events, plain.step().events));
        reused += seen.contains(report.events.constData()) ? 1 : 0;
        seen.insert(report.events.constData());
        cycles.add(report);
        journal.record(report);
    }
    QVERIFY2(reused >= 7, qPrintable(QStringLiteral("%1 of 10 cycles wrote into a released list").arg(reused)));
}

void TestEventLog::columnsShowTheEvent()
{
    EventLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Event e;
    e.cycle = 7;
    e.type = Event::Type::Postponed;
    e.consumer = QStringLiteral("fast-lane");
    e.message.id = 42;
    e.message.data = QStringLiteral("web-3");
    e.message.priority = 3;
    e.message.ttl = 5;
    e.after = MessageMeta::of(e.message);
    e.after.priority = 4;
    e.detail = QStringLiteral("priority 3 < threshold 7: postponed with priority 4");
    model.addEvents({e});
    model.flush();
    const auto cell = [&model](int column) { return model.index(0, column).data().toString(); };
    QCOMPARE(cell(EventLogModel::CycleColumn), QStringLiteral("7"));
    QCOMPARE(cell(EventLogModel::TypeColumn), QStringLiteral("postponed"));
    QCOMPARE(cell(EventLogModel::ConsumerColumn), QStringLiteral("fast-lane"));
    QCOMPARE(cell(EventLogModel::MessageIdColumn), QStringLiteral("42"));
    QCOMPARE(cell(EventLogModel::DataColumn), QStringLiteral("web-3"));
    QCOMPARE(cell(EventLogModel::PriorityColumn), QStringLiteral("3 → 4"));
    QCOMPARE(cell(EventLogModel::TtlColumn), QStringLiteral("5"));
    QCOMPARE(cell(EventLogModel::ExplanationColumn), e.explanationText());
    QCOMPARE(model.columnCount(), int(EventLogModel::ColumnCount));
    QCOMPARE(model.headerData(EventLogModel::ExplanationColumn, Qt::Horizontal).toString(), QStringLiteral("Explanation"));
    // The cycle as prioritylab-sim --events counts it, from 0, one less than the toolbar's
    // counter: the header says so (a trial read "cycle 34" beside "Cycle 35" as a slip).
    QVERIFY(model.headerData(EventLogModel::CycleColumn, Qt::Horizontal, Qt::ToolTipRole).toString()
                    .contains(QLatin1String("counted from 0")));
}

void TestEventLog::filters()
{
    PanelRig<EventLogPanel> rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    QAbstractItemModelTester sourceTester(rig.panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filterTester(rig.panel.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<Event> all;
    for (int i = 0; i < 30; ++i) {
        all << rig.sim.step().events;
        if (i % 4 == 0)
            rig.panel.refresh(rig.feed.take());
    }
    rig.panel.refresh(rig.feed.take());
    EventLogModel *model = rig.panel.model();
    EventLogFilterModel *filter = rig.panel.filterModel();
    QCOMPARE(model->rowCount(), int(all.size()));
    QCOMPARE(filter->rowCount(), model->rowCount());

    // By type: only the decisions "postponed".
    for (const Event::Type type : {Event::Type::Produced, Event::Type::Dispatched, Event::Type::Processed,
                                   Event::Type::Discarded, Event::Type::Failed})
        rig.panel.setTypeShown(type, false);
    const auto count = [&all](auto predicate) { return int(std::count_if(all.begin(), all.end(), predicate)); };
    QCOMPARE(filter->rowCount(), count([](const Event &e) { return e.type == Event::Type::Postponed; }));
    for (int row = 0; row < filter->rowCount(); ++row)
        QCOMPARE(filter->index(row, EventLogModel::TypeColumn).data().toString(), QStringLiteral("postponed"));

    // And by consumer.
    rig.panel.setConsumerFilter(QStringLiteral("aging"));
    const int agingPostponed = count([](const Event &e) {
        return e.type == Event::Type::Postponed && e.consumer == QLatin1String("aging");
    });
    QVERIFY(agingPostponed > 0);
    QCOMPARE(filter->rowCount(), agingPostponed);

    // All types again, one message: its whole story in order (produced, then each delivery).
    for (const Event::Type type : {Event::Type::Produced, Event::Type::Dispatched, Event::Type::Processed,
                                   Event::Type::Discarded, Event::Type::Failed})
        rig.panel.setTypeShown(type, true);
    rig.panel.setConsumerFilter(QString());
    quint64 id = 0;  // a message that was postponed at least once
    for (const Event &e : std::as_const(all)) {
        if (e.type == Event::Type::Postponed) {
            id = e.message.id;
            break;
        }
    }
    QVERIFY(id != 0);
    rig.panel.setMessageFilter(id);
    QCOMPARE(filter->messageId(), id);
    QList<Event> story;
    for (const Event &e : std::as_const(all))
        if (e.message.id == id)
            story << e;
    QCOMPARE(filter->rowCount(), int(story.size()));
    QCOMPARE(filter->index(0, EventLogModel::TypeColumn).data().toString(), QStringLiteral("produced"));
    for (int row = 0; row < filter->rowCount(); ++row) {
        QCOMPARE(filter->index(row, 0).data(EventLogModel::MessageIdRole).toULongLong(), id);
        QCOMPARE(filter->index(row, EventLogModel::TypeColumn).data().toString(),
                 Event::typeName(story.at(row).type));
    }

    // New events pass through the filter as they arrive.
    const int before = filter->rowCount();
    rig.panel.setMessageFilter(0);
    for (int i = 0; i < 3; ++i)
        all << rig.sim.step().events;
    rig.panel.refresh(rig.feed.take());
    QVERIFY(filter->rowCount() > before);
    QCOMPARE(filter->rowCount(), model->rowCount());
}

void TestEventLog::followMode()
{
    PanelRig<EventLogPanel> rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    QVERIFY(TestSupport::shownAt(rig.panel, 700, 300));
    QScrollBar *bar = rig.panel.view()->verticalScrollBar();
    QVERIFY(rig.panel.follows());
    rig.advance(5);
    QVERIFY(bar->maximum() > 0);
    QCOMPARE(bar->value(), bar->maximum());
    // The newest line is in view.
    const QModelIndex last = rig.panel.filterModel()->index(rig.panel.filterModel()->rowCount() - 1, 0);
    QVERIFY(rig.panel.view()->viewport()->rect().intersects(rig.panel.view()->visualRect(last)));

    // Follow off: the view stays where the user put it while lines arrive.
    QSignalSpy followChanged(&rig.panel, &EventLogPanel::followChanged);
    rig.panel.setFollow(false);
    QCOMPARE(followChanged.size(), 1);
    QCOMPARE(followChanged.constFirst().constFirst().toBool(), false);
    bar->setValue(0);
    rig.advance(5);
    QCOMPARE(bar->value(), 0);
    QVERIFY(bar->maximum() > 0);

    // Follow on again jumps to the newest.
    rig.panel.setFollow(true);
    QCOMPARE(bar->value(), bar->maximum());

    // Clicking a line stops following.
    const QModelIndex index = rig.panel.filterModel()->index(rig.panel.filterModel()->rowCount() - 1, 1);
    QTest::mouseClick(rig.panel.view()->viewport(), Qt::LeftButton, {}, rig.panel.view()->visualRect(index).center());
    QVERIFY(!rig.panel.follows());
}

void TestEventLog::selectingALineNamesItsMessage()
{
    PanelRig<EventLogPanel> rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.advance(1);
    QSignalSpy selected(&rig.panel, &EventLogPanel::messageSelected);
    const QModelIndex index = rig.panel.filterModel()->index(4, EventLogModel::DataColumn);
    rig.panel.view()->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.constFirst().constFirst().toULongLong(), rig.panel.model()->event(4).message.id);
}

void TestEventLog::jsonLinesExport()
{
    PanelRig<EventLogPanel> rig(QStringLiteral("lesson-ttl-moved.json"), nullptr, 1000);
    QCOMPARE(rig.problems, QStringList());
    for (int i = 0; i < 80; ++i)
        rig.sim.step();
    // The reports reach the model, not yet applied to its rows.
    const RefreshSnapshot snapshot = rig.feed.take();
    for (const CycleReport &report : snapshot.reports())
        rig.panel.model()->addReport(report);
    QVERIFY(rig.panel.model()->pendingCount() > 0);
    // Written after a flush, even without a refresh: what the log holds, oldest first.
    QBuffer buffer;
    QVERIFY(buffer.open(QIODevice::WriteOnly));
    const qint64 lines = rig.panel.model()->writeJsonLines(&buffer);
    buffer.close();
    QCOMPARE(lines, qint64(rig.panel.model()->rowCount()));
    QCOMPARE(lines, 1000);  // the log is full: it holds its capacity
    const QList<QByteArray> text = buffer.data().split('\n');
    QCOMPARE(text.size(), lines + 1);  // each line ends with a newline
    QVERIFY(text.constLast().isEmpty());
    bool discarded = false;
    for (qsizetype i = 0; i < lines; ++i) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text.at(i), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject o = doc.object();
        const Event &e = rig.panel.model()->event(int(i));
        QCOMPARE(o.value(QLatin1String("cycle")).toInteger(), e.cycle);
        QCOMPARE(o.value(QLatin1String("type")).toString(), Event::typeName(e.type));
        QCOMPARE(quint64(o.value(QLatin1String("message")).toObject().value(QLatin1String("id")).toInteger()), e.message.id);
        if (e.type == Event::Type::Discarded) {
            discarded = true;
            QCOMPARE(o.value(QLatin1String("reason")).toString(), QStringLiteral("ttl-expired"));
        }
        QCOMPARE(text.at(i) + '\n', eventToJsonLine(e));
    }
    QVERIFY(discarded);
}

void TestEventLog::clearedOnNewScenario()
{
    PanelRig<EventLogPanel> rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    QAbstractItemModelTester tester(rig.panel.filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    rig.advance(4);
    QVERIFY(rig.panel.model()->rowCount() > 0);
    rig.sim.step();  // pending, not yet shown
    rig.sim.reset();
    QCOMPARE(rig.panel.model()->rowCount(), 0);
    QCOMPARE(rig.panel.model()->pendingCount(), 0);
    QCOMPARE(rig.panel.filterModel()->rowCount(), 0);
    rig.advance(1);
    QCOMPARE(rig.panel.model()->event(0).cycle, 0);
}

void TestEventLog::waitsWhileItsDockTabIsBehind()
{
    // A dock tab behind another stays "visible" (moved out of sight): the log leaves the events
    // pending there (bench/bench_app.cpp: applying rows nobody sees cost ~5 ms a refresh) and
    // applies them when its tab comes to the front.
    Simulation sim;
    QCOMPARE(sim.load(loadPreset(QStringLiteral("default.json"))), QStringList());
    QMainWindow window;
    window.setCentralWidget(new QWidget(&window));
    auto *otherDock = new QDockWidget(QStringLiteral("Other"), &window);
    otherDock->setWidget(new QWidget(otherDock));
    auto *logDock = new QDockWidget(QStringLiteral("Event log"), &window);
    auto *panel = new EventLogPanel(&sim, logDock);
    CycleFeed feed(sim);
    logDock->setWidget(panel);
    window.addDockWidget(Qt::BottomDockWidgetArea, otherDock);
    window.tabifyDockWidget(otherDock, logDock);
    otherDock->raise();
    window.resize(800, 500);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(panel->visibleRegion().isEmpty());

    sim.step();
    panel->refresh(feed.take());
    QCOMPARE(panel->model()->rowCount(), 0);
    QVERIFY(panel->model()->pendingCount() > 0);

    logDock->raise();
    QVERIFY(!panel->visibleRegion().isEmpty());
    QVERIFY(panel->model()->rowCount() > 0);
    QCOMPARE(panel->model()->pendingCount(), 0);

    // In front, refresh() applies at once again.
    const int rows = panel->model()->rowCount();
    sim.step();
    panel->refresh(feed.take());
    QVERIFY(panel->model()->rowCount() > rows);
}

void TestEventLog::narrowDockKeepsFiltersAndColumnsInSight()
{
    // At 1280x720 with a lesson open the journey's tab group is about 400 px wide: the event
    // log's message id box was cut to "mes…" and the dead letters' right columns (Priority,
    // TTL, Deliveries) were off the edge. The box keeps room for its placeholder (the count
    // gives way, elided, in full in its tooltip); every dead-letter column stays in sight.
    Simulation sim;
    QCOMPARE(sim.load(loadPreset(QStringLiteral("lesson-ttl-moved.json"))), QStringList());
    sim.setRecordEvents(true);
    CycleFeed feed(sim);
    sim.runCycles(70);
    EventLogPanel log(&sim);
    log.resize(400, 220);
    log.show();
    QVERIFY(QTest::qWaitForWindowExposed(&log));
    auto *box = log.findChild<QLineEdit *>();
    QVERIFY(box);
    QVERIFY2(box->width() >= box->fontMetrics().horizontalAdvance(box->placeholderText()) + 30,
             qPrintable(QString::number(box->width())));
    for (QWidget *w : log.findChildren<QWidget *>()) {
        if (w->isVisible() && w->parentWidget() == &log && !qobject_cast<QTableView *>(w))
            QVERIFY2(w->geometry().right() <= log.width(), w->metaObject()->className());
    }

    // The event count, cut to "2,52…" at that width, is whole in short ("2.5k events"); the
    // tooltip has every digit.
    auto *count = log.findChild<QLabel *>(QStringLiteral("eventCount"));
    QVERIFY(count);
    log.refresh(feed.take());
    const qsizetype events = log.model()->rowCount();
    QVERIFY2(events >= 1000, qPrintable(QString::number(events)));
    const QString full = QLocale().toString(events);
    QVERIFY2(count->fontMetrics().horizontalAdvance(full + QStringLiteral(" events")) > count->width(),
             qPrintable(QStringLiteral("the full count fits %1 px").arg(count->width())));
    QVERIFY2(!count->text().contains(QChar(0x2026)) && count->text().endsWith(QLatin1String("k events")),
             qPrintable(count->text()));
    QVERIFY(count->fontMetrics().horizontalAdvance(count->text()) <= count->width());
    QVERIFY2(count->toolTip().contains(full), qPrintable(count->toolTip()));

    DeadLetterPanel letters(&sim);
    letters.resize(400, 220);
    letters.show();
    QVERIFY(QTest::qWaitForWindowExposed(&letters));
    letters.refresh();
    QVERIFY(letters.view()->model()->rowCount() > 0);
    QHeaderView *header = letters.view()->horizontalHeader();
    // Every column starts in sight, the last (stretched) one with room for a few digits (the
    // last in sight: one the same in every row may give way, docs/design.md §8).
    int lastColumn = header->logicalIndex(header->count() - 1);
    for (int visual = header->count() - 1; visual > 0 && header->isSectionHidden(lastColumn); --visual)
        lastColumn = header->logicalIndex(visual - 1);
    const int lastStart = header->sectionViewportPosition(lastColumn);
    const int digit = letters.view()->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    QVERIFY2(lastStart + 4 * digit <= letters.view()->viewport()->width(),
             qPrintable(QStringLiteral("%1 + %2 > %3").arg(lastStart).arg(4 * digit).arg(letters.view()->viewport()->width())));
    QCoreApplication::processEvents();  // the header lays its stretched section out late
    QVERIFY2(header->length() <= letters.view()->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(header->length()).arg(letters.view()->viewport()->width())));
    QVERIFY(!letters.view()->horizontalScrollBar()->isVisible());
    // Every column in sight but the payload and then the TTL, which give way, in that order,
    // where the columns a class reads (cycle, reason, consumer, deliveries) would not be whole
    // (at 400 px they read "Consu…", "Deliveri…"): hidden, not cut to "read…", their values in
    // each row's tooltip.
    const auto *view = qobject_cast<LogTableView *>(letters.view());
    QVERIFY(view);
    const QList<int> gaveWay = view->narrowHiddenColumns();
    QVERIFY2(QList<int>({DeadLetterModel::DataColumn, DeadLetterModel::TtlColumn}).mid(0, gaveWay.size()) == gaveWay,
             qPrintable(QString::number(gaveWay.size())));
    for (int c = 0; c < header->count(); ++c) {
        // Or, the same in every row, it gave way before them (docs/design.md §8).
        QVERIFY(header->sectionSize(c) > 0 || gaveWay.contains(c) || view->emptyHiddenColumns().contains(c));
        QVERIFY(!letters.view()->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    }
    for (const int c : {DeadLetterModel::CycleColumn, DeadLetterModel::ReasonColumn, DeadLetterModel::ConsumerColumn,
                         DeadLetterModel::DeliveriesColumn})
        QVERIFY2(header->sectionSize(c) >= view->wholeWidth(c) || view->emptyHiddenColumns().contains(c), qPrintable(QString::number(c)));
    // With room again, the columns get their widths back.
    letters.resize(1200, 220);
    QVERIFY(header->sectionSize(0) >= letters.view()->fontMetrics().horizontalAdvance(QStringLiteral("Cycle")));
}

// A dead-letter column squeezed into a narrow dock is narrower than its title: the base style
// clipped the centred title at both edges ("riorit"); the application's style ends it with "…"
// inside the section, so no ink touches either edge.
void TestEventLog::narrowHeaderTitlesEndWithAnEllipsis()
{
    HighContrastStyle style;
    QStyleOptionHeader option;
    option.rect = QRect(0, 0, 40, 24);
    option.text = QStringLiteral("Deliveries");
    option.textAlignment = Qt::AlignCenter;
    option.fontMetrics = QFontMetrics(QApplication::font());
    option.palette = QApplication::palette();
    QVERIFY2(option.fontMetrics.horizontalAdvance(option.text) > option.rect.width(), "the title must not fit");

    QImage image(option.rect.size(), QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setFont(QApplication::font());
        style.drawControl(QStyle::CE_HeaderLabel, &option, &painter);
    }
    const auto inkInColumn = [&image](int x) {
        for (int y = 0; y < image.height(); ++y) {
            if (qGray(image.pixel(x, y)) < 160)
                return true;
        }
        return false;
    };
    int inked = 0;
    for (int x = 0; x < image.width(); ++x)
        inked += inkInColumn(x) ? 1 : 0;
    QVERIFY2(inked > 0, "the title is drawn");
    QVERIFY2(!inkInColumn(0), "the title is clipped at the left edge");
    QVERIFY2(!inkInColumn(image.width() - 1), "the title is clipped at the right edge");
}

QTEST_MAIN(TestEventLog)
void TestEventLog::oneEventIsCountedInTheSingular()
{
    // Its only consumer offline, the message is produced and waits: one event, "1 event".
    Scenario scenarioOfOne = scenario({consumer(QStringLiteral("A"))}, {scripted(QStringLiteral("only"))});
    scenarioOfOne.consumers[0].online = false;
    Simulation sim;
    QCOMPARE(sim.load(scenarioOfOne), QStringList());
    sim.setRecordEvents(true);
    CycleFeed feed(sim);
    sim.step();
    EventLogPanel log(&sim);
    log.resize(600, 220);
    log.show();
    QVERIFY(QTest::qWaitForWindowExposed(&log));
    log.refresh(feed.take());
    QCOMPARE(log.model()->rowCount(), 1);
    auto *count = log.findChild<QLabel *>(QStringLiteral("eventCount"));
    QVERIFY(count);
    QCOMPARE(count->text(), QStringLiteral("1 event"));
}

#include "tst_eventlog.moc"
