// The queue as tiles: position ↔ tile mapping, only visible tiles painted with
// 100,000 queued, tooltips with all metadata, requeued marking, one strip per sub-queue, the
// histogram by priority, and selection reaching the message journey. Offscreen; cycles run
// through Simulation::step(), views through refresh(); no timers, no sleeps.
#include "core/analysis/journal.h"
#include "ui/journey/journeymodel.h"
#include "ui/journey/journeypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/queue/prioritycensus.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/common/logtableview.h"
#include "ui/common/prioritypalette.h"
#include "ui/common/steadyscrollbar.h"
#include "ui/queue/queuemodel.h"
#include "ui/queue/queuepanel.h"
#include "ui/queue/queuetilespanel.h"
#include "ui/queue/queuetilesview.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QAbstractItemModelTester>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// @p count messages of priorities 0..9 queued at cycle 0 with nobody online to take them.
Scenario stuckQueue(int count)
{
    Scenario s =
            scenario({consumer(QStringLiteral("A"), QStringLiteral("accept-all"), {}, false)}, {});
    GeneratorConfig g;
    g.perCycle = count;
    g.untilCycle = 0;
    g.ttlMin = 1;
    g.ttlMax = 6;
    s.producers[0].generator = g;
    s.broker.maxIdleCycles = 0;
    return s;
}

/// stuckQueue(@p count) after one cycle, shown by a QueueTilesView of @p size. The test checks
/// `problems`: empty when the scenario loaded and the queue holds the @p count messages.
struct StuckTiles
{
    StuckTiles(int count, QSize size) : problems(loadAndStep(count))
    {
        view.resize(size);
        view.show();
        view.refresh();
    }

    Simulation simulation;
    QStringList problems;
    QueueTilesView view{&simulation};

private:
    QStringList loadAndStep(int count)
    {
        QStringList setUpProblems = simulation.load(stuckQueue(count));
        simulation.step();
        if (simulation.broker().size() != count)
            setUpProblems << QStringLiteral("%1 queued, expected %2").arg(simulation.broker().size()).arg(count);
        return setUpProblems;
    }
};

/// A backlog of @p queued messages at cycle 0, then @p perCycle arrivals a cycle and about as
/// many deliveries (four consumers, threshold 5, paced), so the queue stays near @p queued and
/// postponed messages keep re-entering at the tail.
Scenario backlog(int queued, int perCycle)
{
    Scenario s = stuckQueue(queued);
    s.consumers.clear();
    for (const QString &name :
         {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("D")})
        s.consumers << consumer(name, QStringLiteral("priority"),
                                {{QStringLiteral("threshold"), 5}});
    s.broker.batchesPerCycle = std::max(1, perCycle / 3);
    ProducerConfig arrivals;
    arrivals.name = QStringLiteral("P2");
    GeneratorConfig g;
    g.perCycle = perCycle;
    g.fromCycle = 1;
    arrivals.generator = g;
    s.producers << arrivals;
    return s;
}

/// The queue's messages per priority step, counted the slow and obvious way.
PriorityHistogram::Counts countByHand(const Broker &broker)
{
    PriorityHistogram::Counts counts {};
    for (qsizetype i = 0; i < broker.size(); ++i)
        ++counts[size_t(PriorityPalette::clamp(broker.at(i).priority))];
    return counts;
}

/// A backlog in @p mode that keeps requeueing: a threshold consumer postpones (its aging
/// raises the priority of what goes back), a TTL consumer lowers TTLs and fails now and then.
Scenario requeueing(BrokerConfig::Mode mode)
{
    Scenario s = backlog(300, 12);
    s.broker.mode = mode;
    s.consumers[1] = consumer(QStringLiteral("B"), QStringLiteral("ttl"), {{QStringLiteral("high"), 4}},
                              true, 0.3);
    s.producers[1].generator->ttlMin = 1;
    s.producers[1].generator->ttlMax = 8;
    return s;
}

/// The ids a view of @p model would show, kept up to date only through the model's signals (as
/// a view's cache is): rows removed and inserted, data changed, resets.
class RowMirror
{
public:
    explicit RowMirror(const QueueModel &model) : m_model(model)
    {
        QObject::connect(&model, &QAbstractItemModel::rowsRemoved, &m_context,
                         [this](const QModelIndex &, int first, int last) {
                             m_ids.remove(first, last - first + 1);
                         });
        QObject::connect(&model, &QAbstractItemModel::rowsInserted, &m_context,
                         [this](const QModelIndex &, int first, int last) {
                             for (int row = first; row <= last; ++row)
                                 m_ids.insert(row, read(row));
                         });
        QObject::connect(&model, &QAbstractItemModel::dataChanged, &m_context,
                         [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                             if (topLeft.column() > QueueModel::Id || bottomRight.column() < QueueModel::Id)
                                 return;
                             for (int row = topLeft.row(); row <= bottomRight.row(); ++row)
                                 m_ids[row] = read(row);
                         });
        QObject::connect(&model, &QAbstractItemModel::modelReset, &m_context, [this] { readAll(); });
        readAll();
    }

    const QList<quint64> &ids() const { return m_ids; }

private:
    quint64 read(int row) const
    {
        return m_model.index(row, QueueModel::Id).data(QueueModel::MessageIdRole).toULongLong();
    }
    void readAll()
    {
        m_ids.clear();
        for (int row = 0; row < m_model.rowCount(); ++row)
            m_ids << read(row);
    }

    const QueueModel &m_model;
    QList<quint64> m_ids;
    QObject m_context;
};

} // namespace

class TestTiles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void paletteIsFixedAndClamps();
    void delayedMessagesAreNotAnEmptyQueue();
    void indexPositionMapping();
    void onlyVisibleTilesArePainted();
    void toolTipHasAllMetadata();
    void requeuedTilesAreMarked();
    void ttlAndRunsNeverRunTogether();
    void oneStripPerSubQueue();
    void histogramCountsEqualTheQueue_data();
    void histogramCountsEqualTheQueue();
    void histogramCompactsInAShortDock();
    void censusFollowsFifoIncrementally();
    void censusAfterLiveModeChanges();
    void clickSelectsAndShowsTheJourney();
    void tableRowSelectsToo();
    void queueViewsFollowEveryMode_data();
    void queueViewsFollowEveryMode();
    void emptyQueueBeforeAnyArrivalSaysSo();
    void scrollBarRepaintsOnlyWhenItsLookChanges();
    void growingViewsHaveSteadyScrollBars();
};

void TestTiles::paletteIsFixedAndClamps()
{
    QCOMPARE(PriorityPalette::color(0), QColor(0x44, 0x01, 0x54));
    QCOMPARE(PriorityPalette::color(9), QColor(0xfd, 0xe7, 0x25));
    QCOMPARE(PriorityPalette::color(-5), PriorityPalette::color(0));
    QCOMPARE(PriorityPalette::color(42), PriorityPalette::color(9));
    // Sequential: each step has a higher luminance than the one before (readable in greyscale).
    const auto luminance = [](const QColor &c) {
        const auto linear = [](double v) {
            return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
    };
    for (int p = 1; p <= 9; ++p)
        QVERIFY2(luminance(PriorityPalette::color(p)) > luminance(PriorityPalette::color(p - 1)),
                 qPrintable(QString::number(p)));
    QCOMPARE(PriorityPalette::textColor(0), QColor(Qt::white));
    QCOMPARE(PriorityPalette::textColor(9), QColor(Qt::black));
    QCOMPARE(PriorityPalette::label(0), QStringLiteral("≤0"));
    QCOMPARE(PriorityPalette::label(9), QStringLiteral("9+"));
}

void TestTiles::indexPositionMapping()
{
    StuckTiles tiles(50, QSize(420, 300));
    PL_VERIFY_OK(tiles.problems);
    QueueTilesView &view = tiles.view;
    const int perRow = view.tilesPerRow();
    QVERIFY(perRow >= 3);
    // The head is the top-left tile; positions run left to right, then row by row.
    const QRect head = view.tileRect(0);
    QVERIFY(head.left() < view.tileSize().width());
    QVERIFY(head.top() < 3 * view.tileSize().height());
    QCOMPARE(view.tileRect(1).top(), head.top());
    QVERIFY(view.tileRect(1).left() > head.right());
    QCOMPARE(view.tileRect(perRow).left(), head.left());
    QVERIFY(view.tileRect(perRow).top() > head.bottom());
    for (qsizetype i = 0; i < 50; ++i)
        QCOMPARE(view.indexAt(view.tileRect(i).center()), i);
    // Gaps and the space after the tail hit nothing.
    QCOMPARE(view.indexAt(QPoint(head.right() + 2, head.center().y())), qsizetype(-1));
    QCOMPARE(view.indexAt(QPoint(1, 1)), qsizetype(-1));
    QVERIFY(view.tileRect(50).isNull());
    const QRect last = view.tileRect(49);
    QCOMPARE(view.indexAt(last.center() + QPoint(last.width() + 4, 0)), qsizetype(-1));
}

void TestTiles::onlyVisibleTilesArePainted()
{
    StuckTiles tiles(100000, QSize(600, 400));
    PL_VERIFY_OK(tiles.problems);
    QueueTilesView &view = tiles.view;
    const int perRow = view.tilesPerRow();
    const int rowHeight = view.tileRect(perRow).top() - view.tileRect(0).top();
    const qsizetype capacity = qsizetype(view.viewport()->height() / rowHeight + 2) * perRow;

    // The scroll range follows the queue length.
    QScrollBar *bar = view.verticalScrollBar();
    QVERIFY(bar->maximum()
            >= int((100000 / perRow - 1) * qint64(rowHeight)) - view.viewport()->height());

    view.viewport()->grab();
    QueueTilesView::Range range = view.visibleRange();
    QCOMPARE(range.first, qsizetype(0));
    QVERIFY(range.count() > 0);
    QVERIFY2(range.count() <= capacity, qPrintable(QString::number(range.count())));
    QCOMPARE(view.lastPaintedTiles(), range.count());

    bar->setValue(bar->maximum() / 2);
    view.viewport()->grab();
    range = view.visibleRange();
    QVERIFY(range.first > 40000 && range.first < 60000);
    QVERIFY(range.count() <= capacity);
    QCOMPARE(view.lastPaintedTiles(), range.count());
    for (qsizetype i : {range.first, range.last - 1})
        QCOMPARE(view.indexAt(view.tileRect(i).center()), i);

    bar->setValue(bar->maximum());
    view.viewport()->grab();
    range = view.visibleRange();
    QCOMPARE(range.last, qsizetype(100000));
    QCOMPARE(view.lastPaintedTiles(), range.count());
}

void TestTiles::toolTipHasAllMetadata()
{
    // One consumer, one batch of 3 a cycle, threshold 5: "low" (priority 3) is postponed with
    // priority 4 and goes back to the tail behind "d".
    Scenario s =
            scenario({consumer(QStringLiteral("A"), QStringLiteral("priority"),
                               {{QStringLiteral("threshold"), 5}})},
                     {scripted(QStringLiteral("low"), 3, 4), scripted(QStringLiteral("b"), 6, 2),
                      scripted(QStringLiteral("c"), 7, 2), scripted(QStringLiteral("d"), 8, 5)});
    s.broker.batchesPerCycle = 1;
    Simulation simulation;
    QVERIFY(simulation.load(s).isEmpty());
    simulation.step();
    QCOMPARE(simulation.broker().size(), qsizetype(2));

    QueueTilesView view(&simulation);
    view.resize(400, 300);
    view.refresh();
    // Every line of the tooltip, each checked on its own (a failure prints the whole text).
    const auto verifyContains = [](const QString &text, const QStringList &parts) {
        for (const QString &part : parts)
            QVERIFY2(text.contains(part), qPrintable(part + QStringLiteral(" not in:\n") + text));
    };
    const QString fresh = view.toolTipText(0);
    verifyContains(fresh, {QStringLiteral("Message #4"), QStringLiteral("position 0"),
                           QStringLiteral("data: d"), QStringLiteral("producer: P"),
                           QStringLiteral("priority: 8 (as produced)"), QStringLiteral("TTL: 5"),
                           QStringLiteral("predicate runs: 0"), QStringLiteral("deliveries: 0"),
                           QStringLiteral("age: 1 cycle (produced in cycle 0)")});
    QVERIFY(!fresh.contains(QStringLiteral("requeued")));

    const QString back = view.toolTipText(1);
    verifyContains(back, {QStringLiteral("Message #1"), QStringLiteral("data: low"),
                          QStringLiteral("priority: 3 → 4"), QStringLiteral("deliveries: 1"),
                          QStringLiteral("requeued")});
    QVERIFY(view.toolTipText(2).isEmpty());
}

void TestTiles::requeuedTilesAreMarked()
{
    Simulation simulation;
    QueueTilesView view(&simulation);
    Message m;
    m.priority = 4;
    m.ttl = 2;
    const QImage plain = view.tilePixmap(m).toImage();
    m.requeued = true;
    const QImage requeued = view.tilePixmap(m).toImage();
    QCOMPARE(plain.size(), requeued.size());
    QVERIFY(plain != requeued);
    // The dashed outline runs along the edge: pixels there differ from the fill.
    const QColor fill = PriorityPalette::color(4);
    int marked = 0;
    const int y = requeued.height() / 2;
    for (int x = 0; x < 5; ++x)
        marked += requeued.pixelColor(x, y) != fill && plain.pixelColor(x, y) == fill;
    QVERIFY(marked > 0);
    // Predicate runs change the tile too (pips).
    m.requeued = false;
    m.predicateRuns = 2;
    QVERIFY(view.tilePixmap(m).toImage() != plain);
}

void TestTiles::ttlAndRunsNeverRunTogether()
{
    // Presenting at 1024x768 the tiles read "T315•" where the window drew "T3 15•" (TTL 3, 15
    // predicate runs): at every zoom the TTL and the runs are a space or more apart on one line,
    // or on lines of their own, inside the tile. Checked on the layout and on the painted tile.
    Simulation simulation;
    QueueTilesView view(&simulation);
    const qreal base = view.font().pointSizeF();
    for (const qreal zoom : {1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5}) {
        QFont font = view.font();
        font.setPointSizeF(base * zoom);
        view.setFont(font);
        QFont small = font;
        small.setPointSizeF(font.pointSizeF() * 0.8);
        const int space = QFontMetrics(small).horizontalAdvance(QLatin1Char(' '));
        const QRectF tile(QPointF(0, 0), QSizeF(view.tileSize()));
        for (const int ttl : {0, 3, 9, 10, 42, 99}) {
            for (const int runs : {1, 3, 4, 9, 15, 99, 100}) {
                for (const bool requeued : {false, true}) {
                    const QueueTilesView::TileTextLayout layout = view.tileTextLayout(ttl, runs, requeued);
                    const QString why = QStringLiteral("at %1%: T%2 with %3 runs%4: TTL %5,%6 %7x%8, runs %9,%10 %11x%12")
                            .arg(qRound(zoom * 100)).arg(ttl).arg(runs).arg(requeued ? QStringLiteral(" (requeued)") : QString())
                            .arg(layout.ttl.x()).arg(layout.ttl.y()).arg(layout.ttl.width()).arg(layout.ttl.height())
                            .arg(layout.runs.x()).arg(layout.runs.y()).arg(layout.runs.width()).arg(layout.runs.height());
                    QVERIFY2(tile.contains(layout.ttl) && tile.contains(layout.runs), qPrintable(why));
                    const bool ownLines = layout.runs.bottom() <= layout.ttl.top() + 0.5
                            || layout.runs.top() >= layout.ttl.bottom() - 0.5;
                    QVERIFY2(ownLines || layout.runs.left() - layout.ttl.right() >= space, qPrintable(why));
                    // Up to two digits each they share the bottom line (the line above is the
                    // priority's).
                    if (ttl < 100 && runs < 100)
                        QVERIFY2(!ownLines, qPrintable(why));
                    QCOMPARE(layout.runsText.isEmpty(), runs <= 3);
                    if (!layout.runsText.isEmpty()) {
                        QVERIFY2(layout.runs.width() > QFontMetrics(small).horizontalAdvance(layout.runsText), qPrintable(why));
                    }
                }
            }
        }
        // The painted tile of TTL 3 with 15 runs: where both are on one line, the columns
        // between them, down the line's height, are the tile's fill only.
        Message m;
        m.priority = 5;
        m.ttl = 3;
        m.predicateRuns = 15;
        const QueueTilesView::TileTextLayout layout = view.tileTextLayout(3, 15, false);
        QCOMPARE(layout.runs.top(), layout.ttl.top());
        {
            const QImage image = view.tilePixmap(m).toImage();
            const qreal dpr = image.devicePixelRatio();
            const QColor fill = PriorityPalette::color(5);
            int clear = 0, run = 0;
            for (int x = int(std::ceil(layout.ttl.left() * dpr)); x < int(layout.runs.left() * dpr) + 1; ++x) {
                bool empty = true;
                for (int y = int(layout.ttl.top() * dpr); y < int(layout.ttl.bottom() * dpr) && empty; ++y)
                    empty = image.pixelColor(x, y) == fill;
                run = empty ? run + 1 : 0;
                clear = std::max(clear, run);
            }
            QVERIFY2(clear >= space * dpr - 1,
                     qPrintable(QStringLiteral("at %1%: %2 clear columns between T3 and 15, a space is %3 px")
                                        .arg(qRound(zoom * 100)).arg(clear).arg(space)));
        }
    }
}

void TestTiles::oneStripPerSubQueue()
{
    // Topics mode with only orders-0's consumer online: every topic has a backlog.
    Scenario s = loadPreset(QStringLiteral("lesson-topics-few-consumers.json"));
    for (qsizetype i = 1; i < s.consumers.size(); ++i)
        s.consumers[i].online = false;
    Simulation simulation;
    QVERIFY(simulation.load(s).isEmpty());
    for (int i = 0; i < 10; ++i)
        simulation.step();
    const auto &queues = simulation.broker().subQueues();
    QCOMPARE(queues.size(), size_t(3));
    for (const auto &q : queues)
        QVERIFY(!q.messages.empty());

    QueueTilesView view(&simulation);
    view.resize(500, 2000);
    view.show();
    view.refresh();
    // The head of the second topic starts a new strip, below the first one's last tile and its
    // own label.
    const qsizetype first = qsizetype(queues[0].messages.size());
    const QRect lastOfFirst = view.tileRect(first - 1);
    const QRect headOfSecond = view.tileRect(first);
    QCOMPARE(headOfSecond.left(), view.tileRect(0).left());
    QVERIFY(headOfSecond.top() > lastOfFirst.bottom() + view.tileSize().height() / 2);
    const QString tip = view.toolTipText(first);
    QVERIFY2(tip.contains(QStringLiteral("position 0 in orders-1")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("topic: orders-1")));
}

void TestTiles::histogramCountsEqualTheQueue_data()
{
    QTest::addColumn<QString>("file");
    QTest::addRow("fifo") << "default.json";
    QTest::addRow("priority") << "lesson-native-starvation.json";
    QTest::addRow("topics") << "lesson-topics-few-consumers.json";
}

void TestTiles::histogramCountsEqualTheQueue()
{
    QFETCH(QString, file);
    Simulation simulation;
    PL_VERIFY_OK(simulation.load(loadPreset(file)));
    QueueTilesPanel panel(&simulation);
    CycleFeed feed(simulation);
    panel.resize(800, 500);
    for (int i = 0; i < 40; ++i) {
        simulation.step();
        if (i % 7 == 0) {
            panel.refresh(feed.take());
            QCOMPARE(panel.histogram()->counts(), countByHand(simulation.broker()));
        }
    }
    panel.refresh(feed.take());
    const PriorityHistogram::Counts counts = panel.histogram()->counts();
    QCOMPARE(counts, countByHand(simulation.broker()));
    qint64 total = 0;
    for (qint64 c : counts)
        total += c;
    QCOMPARE(total, qint64(simulation.broker().size()));
    QVERIFY(total > 0);
    const int step = int(std::max_element(counts.begin(), counts.end()) - counts.begin());
    QVERIFY2(panel.histogram()->toolTipText(step).startsWith(QString::number(counts[size_t(step)])),
             qPrintable(panel.histogram()->toolTipText(step)));
}

void TestTiles::censusFollowsFifoIncrementally()
{
    Simulation simulation;
    QVERIFY(simulation.load(backlog(2000, 60)).isEmpty());
    PriorityCensus census(&simulation);
    CycleFeed feed(simulation);
    census.counts(feed.take());
    QVERIFY(census.lastWasFullPass());
    for (int i = 0; i < 60; ++i) {
        simulation.step();
        if (i % 3 == 0 || i > 50) {
            QCOMPARE(census.counts(feed.take()), countByHand(simulation.broker()));
            QVERIFY(!census.lastWasFullPass()); // fifo: only what left and arrived
        }
    }
    simulation.reset();
    QCOMPARE(census.counts(feed.take()), countByHand(simulation.broker()));
    QVERIFY(census.lastWasFullPass());
}

void TestTiles::censusAfterLiveModeChanges()
{
    Simulation simulation;
    PL_VERIFY_OK(simulation.load(loadPreset(QStringLiteral("default.json"))));
    PriorityCensus census(&simulation);
    CycleFeed feed(simulation);
    for (int i = 0; i < 10; ++i)
        simulation.step();
    QCOMPARE(census.counts(feed.take()), countByHand(simulation.broker()));
    for (const char *mode : {"priority", "topics", "fifo"}) {
        QCOMPARE(simulation.applySetting(QStringLiteral("broker.mode"), QString::fromLatin1(mode)),
                 QString());
        QCOMPARE(census.counts(feed.take()), countByHand(simulation.broker()));
        for (int i = 0; i < 5; ++i)
            simulation.step();
        QCOMPARE(census.counts(feed.take()), countByHand(simulation.broker()));
    }
}

void TestTiles::clickSelectsAndShowsTheJourney()
{
    MainWindow window;
    window.setShowDialogs(false);
    QVERIFY(window.openScenarioFile(presetPath(QStringLiteral("default.json"))).isEmpty());
    QVERIFY(window.simulation()->recordEvents());
    window.show();
    for (int i = 0; i < 12; ++i)
        window.simulation()->step();
    window.refreshViews();

    QueueTilesView *view = window.queuePanel()->tilesPanel()->tilesView();
    QVERIFY(window.simulation()->broker().size() > 0);
    const quint64 id = window.simulation()->broker().at(0).id;
    QSignalSpy selected(view, &QueueTilesView::messageSelected);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->tileRect(0).center());
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.constFirst().constFirst().toULongLong(), id);
    QCOMPARE(view->selectedId(), id);
    QCOMPARE(window.journeyPanel()->messageId(), id);
    QVERIFY(window.journeyPanel()->headingText().startsWith(
            QStringLiteral("Message #%1 ").arg(id)));
    QVERIFY(window.journal()->contains(id));

    // Run on until it has left the queue: the journey says how.
    for (int i = 0; i < 30; ++i)
        window.simulation()->step();
    window.refreshViews();
    const QString status = window.journeyPanel()->statusText();
    QVERIFY2(status.startsWith(QStringLiteral("Processed at cycle"))
                     || status.startsWith(QStringLiteral("Discarded"))
                     || status.startsWith(QStringLiteral("Still queued")),
             qPrintable(status));
    QVERIFY(window.journeyPanel()->model()->rowCount() >= 2);
}

void TestTiles::tableRowSelectsToo()
{
    Scenario s = stuckQueue(20);
    s.broker.batchesPerCycle = 1;
    Simulation simulation;
    QVERIFY(simulation.load(s).isEmpty());
    simulation.step();
    QueuePanel panel(&simulation);
    CycleFeed feed(simulation);
    panel.refresh(feed.take());
    QSignalSpy selected(&panel, &QueuePanel::messageSelected);
    panel.tableView()->selectRow(5);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.constFirst().constFirst().toULongLong(), simulation.broker().at(5).id);
    QCOMPARE(panel.tilesPanel()->tilesView()->selectedId(), simulation.broker().at(5).id);

    // Messages leaving at the head move the current row (here the selected message itself
    // leaves, and the table makes a neighbour current): that is not a new selection, and no
    // other message is highlighted in its place.
    panel.tableView()->selectRow(1);
    QCOMPARE(selected.count(), 2);
    const quint64 chosen = simulation.broker().at(1).id;
    simulation.setConsumerOnline(0, true);
    simulation.step();
    panel.refresh(feed.take());
    QCOMPARE(simulation.broker().size(), qsizetype(17));
    QCOMPARE(selected.count(), 2);
    QCOMPARE(panel.tilesPanel()->tilesView()->selectedId(), chosen);
    QVERIFY(!panel.tableView()->selectionModel()->hasSelection());

    // A message chosen behind the head stays highlighted while the rows before it leave.
    panel.tableView()->selectRow(6);
    const quint64 behind = simulation.broker().at(6).id;
    simulation.step();
    panel.refresh(feed.take());
    QCOMPARE(simulation.broker().size(), qsizetype(14));
    const QModelIndexList rows = panel.tableView()->selectionModel()->selectedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.constFirst().data(QueueModel::MessageIdRole).toULongLong(), behind);
    QCOMPARE(rows.constFirst().row(), 3);
}

void TestTiles::queueViewsFollowEveryMode_data()
{
    QTest::addColumn<int>("mode");
    QTest::addRow("fifo") << int(BrokerConfig::Mode::Fifo);
    QTest::addRow("priority") << int(BrokerConfig::Mode::Priority);
    QTest::addRow("topics") << int(BrokerConfig::Mode::Topics);
}

void TestTiles::queueViewsFollowEveryMode()
{
    // Messages leave and re-enter anywhere in priority and topics modes: after each refresh the
    // table (as a view caches it, through the model's signals), the census and the histogram
    // show the broker's actual queue, with the FIFO head bookkeeping used only in fifo mode.
    QFETCH(int, mode);
    Simulation simulation;
    QVERIFY(simulation.load(requeueing(BrokerConfig::Mode(mode))).isEmpty());
    QueuePanel panel(&simulation);
    CycleFeed feed(simulation);
    QueueModel *model = panel.model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    RowMirror mirror(*model);
    QSignalSpy resets(model, &QAbstractItemModel::modelReset);
    qint64 requeued = 0;
    for (int round = 1; round <= 12; ++round) {
        for (int i = 0; i < round % 4 + 1; ++i)
            requeued += simulation.step().counts.postponed;
        panel.refresh(feed.take());
        const Broker &broker = simulation.broker();
        QCOMPARE(model->rowCount(), int(broker.size()));
        QCOMPARE(mirror.ids().size(), qsizetype(broker.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            QCOMPARE(mirror.ids().at(row), broker.at(row).id);
            QCOMPARE(model->index(row, QueueModel::Priority).data().toInt(), broker.at(row).priority);
            QCOMPARE(model->index(row, QueueModel::Ttl).data().toInt(), broker.at(row).ttl);
            QCOMPARE(model->index(row, QueueModel::Id).data(QueueModel::RequeuedRole).toBool(),
                     broker.at(row).requeued);
        }
        QCOMPARE(panel.tilesPanel()->histogram()->counts(), countByHand(broker));
        qint64 total = 0;
        for (const qint64 c : panel.tilesPanel()->histogram()->counts())
            total += c;
        QCOMPARE(total, qint64(broker.size()));
    }
    QVERIFY(requeued > 50);
    QCOMPARE(resets.size(), 0);  // followed, never started over
    const bool anyRequeuedQueued = [&] {
        for (qsizetype i = 0; i < simulation.broker().size(); ++i)
            if (simulation.broker().at(i).requeued)
                return true;
        return false;
    }();
    QVERIFY(anyRequeuedQueued);
}

QTEST_MAIN(TestTiles)
void TestTiles::histogramCompactsInAShortDock()
{
    // On a 720-line projector the queue dock is short: the histogram's rows shrink so that
    // every priority, the lowest (≤0) too, and the total are still drawn inside it.
    PriorityHistogram histogram;
    // Natural rows are a line and 5 pixels each: the rows alone at that height do not fit in the
    // minimum, title and total included.
    QVERIFY(histogram.minimumSizeHint().height() < PriorityPalette::steps() * (histogram.fontMetrics().height() + 5));
    histogram.resize(histogram.sizeHint().width(), histogram.minimumSizeHint().height());
    const QImage image = histogram.grab().toImage();
    const QRgb lowest = PriorityPalette::color(0).rgb();
    bool found = false;
    for (int y = image.height() / 2; y < image.height() && !found; ++y) {
        for (int x = 0; x < 8 && !found; ++x)
            found = image.pixel(x, y) == lowest;
    }
    QVERIFY(found);
}

void TestTiles::delayedMessagesAreNotAnEmptyQueue()
{
    // A teacher's trial, cycle 40 of lesson-delayed-retry: the caption said "4 more delayed"
    // and the status bar "queued 4 (4 delayed)", the tiles "Queue: empty — every message has
    // been taken by a consumer". The delayed messages wait in the broker (docs/design.md §4):
    // the tiles say that none is ready, how many wait out a retry delay and when the first is due.
    Simulation simulation;
    PL_VERIFY_OK(simulation.load(loadPreset(QStringLiteral("lesson-delayed-retry.json"))));
    QueueTilesView view{&simulation};
    view.resize(400, 300);
    simulation.runCycles(40);
    view.refresh();
    QCOMPARE(simulation.broker().size(), 0);
    QCOMPARE(simulation.broker().delayedCount(), 4);
    const qint64 due = simulation.broker().delayed().begin()->first;  // released at the start of that cycle
    QVERIFY(due >= simulation.cycle());
    const qint64 in = due - simulation.cycle() + 1;
    QCOMPARE(view.emptyCaption(), in == 1 ? QStringLiteral("Queue: no message ready — 4 messages delayed (retry), "
                                                           "the first due in the next cycle")
                                          : QStringLiteral("Queue: no message ready — 4 messages delayed (retry), "
                                                           "the first due in %1 cycles").arg(in));
    QCOMPARE(view.stripCaption(0), view.emptyCaption());
    // The cycle it names: that many cycles later the first one is back in the queue (or taken).
    const qint64 released = simulation.metrics().totals().processed + simulation.broker().size();
    simulation.runCycles(in - 1);
    QVERIFY(simulation.broker().delayedCount() > 0 && simulation.broker().delayed().begin()->first == due);
    simulation.step();
    QVERIFY(simulation.broker().delayed().empty() || simulation.broker().delayed().begin()->first > due);
    QVERIFY(simulation.metrics().totals().processed + simulation.broker().size() >= released);
    // Nothing delayed, nothing queued: empty again, in the words it had.
    for (int i = 0; i < 500 && (simulation.broker().size() > 0 || simulation.broker().delayedCount() > 0); ++i)
        simulation.step();
    view.refresh();
    QCOMPARE(simulation.broker().delayedCount(), 0);
    QCOMPARE(view.emptyCaption(), QStringLiteral("Queue: empty — every message has been taken by a consumer"));
}

void TestTiles::emptyQueueBeforeAnyArrivalSaysSo()
{
    // At cycle 0 of a lesson nothing has been sent: the empty queue says nothing has arrived,
    // not that every message has been taken by a consumer (which it says once they were).
    Simulation simulation;
    PL_VERIFY_OK(simulation.load(loadPreset(QStringLiteral("lesson-ttl-moved.json"))));
    QueueTilesView view{&simulation};
    view.resize(400, 300);
    view.refresh();
    QCOMPARE(simulation.broker().size(), 0);
    QCOMPARE(view.stripCaption(0), QStringLiteral("Queue: empty — no message has arrived yet"));
    // Run until the queue is empty again after messages went through.
    for (int i = 0; i < 500 && (simulation.metrics().totals().produced == 0 || simulation.broker().size() > 0); ++i)
        simulation.step();
    QVERIFY(simulation.metrics().totals().produced > 0);
    QCOMPARE(simulation.broker().size(), 0);
    view.refresh();
    QCOMPARE(view.stripCaption(0), QStringLiteral("Queue: empty — every message has been taken by a consumer"));

    // A priority queue, empty, has no sub-queue and so no strip: its view was blank (a trial,
    // lesson-max-length); it says the same sentence.
    Scenario priority = loadPreset(QStringLiteral("lesson-ttl-moved.json"));
    priority.broker.mode = BrokerConfig::Mode::Priority;
    PL_VERIFY_OK(simulation.load(priority));
    view.refresh();
    QCOMPARE(simulation.broker().subQueues().size(), size_t(0));
    QCOMPARE(view.emptyCaption(), QStringLiteral("Queue: empty — no message has arrived yet"));
    const QImage blank = [&view] {
        QImage image(view.viewport()->size(), QImage::Format_RGB32);
        image.fill(view.viewport()->palette().color(QPalette::Base));
        return image;
    }();
    const QImage drawn = view.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    int inked = 0;
    for (int y = 0; y < std::min(40, drawn.height()); ++y)
        for (int x = 0; x < drawn.width(); ++x)
            inked += drawn.pixel(x, y) != blank.pixel(x, y) ? 1 : 0;
    QVERIFY2(inked > 50, qPrintable(QString::number(inked)));
}

void TestTiles::scrollBarRepaintsOnlyWhenItsLookChanges()
{
    // docs/design.md §9, App: a queue of 100,000 changes its tiles' scroll range at every
    // refresh; the bar repaints only when what it draws changes.
    QWidget window;
    auto *bar = new SteadyScrollBar(Qt::Vertical, &window);
    bar->setGeometry(0, 0, 16, 300);
    bar->setPageStep(300);
    bar->setRange(0, 100000);
    window.resize(40, 320);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    EventCounter paints(QEvent::Paint, bar);
    bar->repaint();
    QVERIFY(paints.count > 0);
    const QImage before = bar->grab().toImage();  // grab() paints too
    paints.count = 0;

    // A longer range: the handle, at its least length, stays at the top on the same pixels.
    bar->setRange(0, 100037);
    QCoreApplication::processEvents();
    QCOMPARE(paints.count, 0);
    QCOMPARE(bar->skippedRepaints(), 1);
    // What stays on screen is what a paint of the new range draws.
    QCOMPARE(bar->grab().toImage(), before);

    // At the end, a longer range and back to the end in one pass (a log that grows and follows
    // its newest row): the handle comes back to the same pixels, not painted.
    bar->setValue(bar->maximum());
    QTRY_VERIFY(paints.count > 0);
    const QImage atEnd = bar->grab().toImage();
    paints.count = 0;
    bar->setRange(0, 100100);
    bar->setValue(bar->maximum());
    QCoreApplication::processEvents();
    QCOMPARE(paints.count, 0);
    QCOMPARE(bar->skippedRepaints(), 2);
    QCOMPARE(bar->grab().toImage(), atEnd);
    paints.count = 0;

    // The handle moves: painted.
    bar->setValue(50000);
    QTRY_VERIFY(paints.count > 0);
    QVERIFY(bar->grab().toImage() != before);
    // At the end (a style may draw that arrow disabled): painted.
    paints.count = 0;
    bar->setValue(bar->maximum());
    QTRY_VERIFY(paints.count > 0);
    // Nothing to scroll: painted.
    paints.count = 0;
    bar->setRange(0, 0);
    QTRY_VERIFY(paints.count > 0);
    QCOMPARE(bar->skippedRepaints(), 2);
}

void TestTiles::growingViewsHaveSteadyScrollBars()
{
    // The views that grow at every refresh (the tiles, the logs) repaint their bars only when
    // the handle moves (docs/design.md §9, App), and their bars still scroll them.
    Simulation sim;
    QueueTilesView tiles(&sim);
    QVERIFY(qobject_cast<SteadyScrollBar *>(tiles.verticalScrollBar()));

    QStandardItemModel model(1000, 2);
    for (int r = 0; r < model.rowCount(); ++r)
        model.setItem(r, 0, new QStandardItem(QString::number(r)));
    LogTableView log(&model, {6});
    log.resize(300, 200);
    log.show();
    QVERIFY(QTest::qWaitForWindowExposed(&log));
    auto *bar = qobject_cast<SteadyScrollBar *>(log.verticalScrollBar());
    QVERIFY(bar);
    QCOMPARE(log.rowAt(0), 0);
    bar->setValue(bar->maximum());
    QVERIFY(log.rowAt(0) > 900);
}

#include "tst_tiles.moc"
