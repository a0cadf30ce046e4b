// The charts: after N cycles the chart interface holds
// exactly the points the reports give (decisions per cycle incl. failures, queue depth, latency percentiles per
// priority class, throughput per consumer, deliveries per message), the window slides, timeline
// changes become markers at their cycle, and the export writes a PNG and a well-formed SVG.
// Runs offscreen; cycles run through Simulation::step(), the charts are redrawn by refresh().
#include "ui/charts/chartexport.h"
#include "ui/charts/chartpanel.h"
#include "ui/common/changelabel.h"
#include "ui/charts/charthistory.h"
#include "core/engine/metrics.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/shell/exportmenu.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/zoom.h"
#include "ui/charts/barchart.h"
#include "ui/charts/timeserieschart.h"
#include "core/engine/simulation.h"
#include "ui/editing/setupeditor.h"
#include "tests/testsupport.h"
#include "tests/ui/scenariowindow.h"

#include <QApplication>
#include <QDebug>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QImage>
#include <QPalette>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QStatusBar>
#include <QTabBar>
#include <QUndoStack>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <deque>
#include <limits>
#include <map>
#include <random>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// A preset loaded, with a chart panel that draws it.
using ChartRig = PanelRig<ChartPanel>;

/// lesson-ttl-moved.json (its timeline changes the TTL bounds at cycle 60) with a chart panel
/// and a setup editor for live edits.
struct EditedChartRig : ChartRig
{
    EditedChartRig() : ChartRig(QStringLiteral("lesson-ttl-moved.json")) { }
    SetupEditor editor{&sim};
};

/// A live edit in @p w's window, as a user's on a card: consumer @p consumer's @p name set to
/// @p value; then @p cycles cycles run and the views refresh. Returns the editor's refusal (and
/// runs nothing then), empty when it took the edit.
QString editThenRun(ScenarioWindow &w, int consumer, const QString &name, const QVariant &value, int cycles)
{
    const QString refused = w.window.setupEditor()->setConsumerParameter(consumer, name, value);
    if (!refused.isEmpty())
        return refused;
    w.window.simulation()->runCycles(cycles);
    w.window.refreshViews();
    return {};
}

/// Brings the page of @p panel holding @p chart to the front (its tab), then brings every chart
/// up to date and lets the page lay out, as a click on the tab and the next refresh do.
void showPageOf(ChartPanel *panel, TimeSeriesChart *chart)
{
    panel->findChild<QTabBar *>()->setCurrentIndex(int(panel->timeCharts().indexOf(chart)) / panel->chartsPerPage());
    panel->updateAllCharts();
    QCoreApplication::processEvents();
}

/// lesson-aging in a window of the current data row's "size" (px), as the tests of the latency
/// chart's labels and legend after a live edit open it.
struct AgingWindow : ScenarioWindow
{
    AgingWindow() : ScenarioWindow(QStringLiteral(":/scenarios/lesson-aging.json"), rowSize()) {}

    /// The data row's "size".
    static QSize rowSize()
    {
        QFETCH(QSize, size);
        return size;
    }

    /// Runs the lesson to cycle @p cycle, makes there the live edit of editThenRun() (then
    /// @p cycles cycles more) and brings the latency chart's page to the front. Returns what
    /// stopped it (the window not exposed, the editor's refusal), empty when all was done.
    QString editedAt(qint64 cycle, int consumer, const QString &name, int value, int cycles)
    {
        if (!exposed())
            return QStringLiteral("the window is not exposed");
        runLesson(cycle);
        if (const QString refused = editThenRun(*this, consumer, name, value, cycles); !refused.isEmpty())
            return refused;
        showPageOf(window.chartPanel(), window.chartPanel()->latencyChart());
        return {};
    }

    const QSize size = rowSize();  ///< the window's size: the data row's
};

/// The time charts of a panel that show, for a range-for: as the loop reaches a chart its page
/// is brought to the front (showPageOf()), so the loop's body looks at it laid out and in
/// sight; a chart its page hides (a priority class with no data) is passed over.
class ShownCharts
{
public:
    explicit ShownCharts(ChartPanel *panel) : m_panel(panel), m_charts(panel->timeCharts()) { }

    /// Steps to the next chart that shows, its page in front.
    class Iterator
    {
    public:
        Iterator(const ShownCharts *of, qsizetype at) : m_of(of), m_at(at) { settle(); }
        TimeSeriesChart *operator*() const { return m_of->m_charts.at(m_at); }
        Iterator &operator++()
        {
            ++m_at;
            settle();
            return *this;
        }
        bool operator!=(const Iterator &other) const { return m_at != other.m_at; }

    private:
        /// From m_at on, shows each chart's page until a chart shows there.
        void settle()
        {
            for (; m_at < m_of->m_charts.size(); ++m_at) {
                showPageOf(m_of->m_panel, m_of->m_charts.at(m_at));
                if (m_of->m_charts.at(m_at)->isVisible())
                    return;
            }
        }

        const ShownCharts *m_of;
        qsizetype m_at;
    };

    Iterator begin() const { return Iterator(this, 0); }
    Iterator end() const { return Iterator(this, m_charts.size()); }

private:
    ChartPanel *m_panel;
    QList<TimeSeriesChart *> m_charts;
};

/// Nearest-rank percentile of @p values (sorted here); -1 if empty.
qint64 percentile(QList<qint64> values, int percent)
{
    if (values.isEmpty())
        return -1;
    std::sort(values.begin(), values.end());
    const qsizetype rank = (values.size() * percent + 99) / 100;
    return values.at(rank - 1);
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void latencyHistogramEqualsMapPercentiles();
    void depthChartShowsDelayedMessages();
    void decisionsAndDepthEqualReports_data();
    void decisionsAndDepthEqualReports();
    void windowSlides();
    void seriesAndRangeDrawTheirPoints();
    void urgentLatencyLineStaysInSight();
    void latencyPercentilesPerClass();
    void latencyWithoutEvents();
    void latencyHasAGapWhileNothingIsProcessed();
    void throughputPerConsumer();
    void deliveriesHistogram();
    void timelineMarkers();
    void liveEditMarkers();
    void undoneEditNamesTheRestoredValue();
    void editsUndoneToTheLoadedScenarioLeaveNoMarker();
    void markerLabelsWrapInANarrowChart();
    void closeMarkerLabelsDoNotOverlap();
    void undoneEditIsMarkedAsAnUndo();
    void closeMarkerLabelsSitByTheirOwnLines_data();
    void closeMarkerLabelsSitByTheirOwnLines();
    void latencyLineStyleKeyShowsWithMarkers_data() { addClassroomWindowSizes(); }
    void latencyLineStyleKeyShowsWithMarkers();
    void followsADarkPalette();
    void markerLabel_data();
    void markerLabel();
    void markerShortLabel_data();
    void markerShortLabel();
    void mergedLabelKeepsTheEditMark_data();
    void mergedLabelKeepsTheEditMark();
    void mergedLabelsCountEditsApart();
    void markerLabelNamesWhose_data();
    void markerLabelNamesWhose();
    void axesMoveOnlyWhenBoundsMove();
    void exportPngAndSvg();
    void clearedOnNewScenario();
    void fileExportMenu();
    void zoomedChartsGetTheirRoom();
    void shortTabTitles();
    void axisLabelsWholeInAShortChart();
    void xAxisKeepsTwoLabelsInANarrowDock();
    void barLabelsNeverElided_data();
    void barLabelsNeverElided();
    void barLabelsThinOutWhereTheyDoNotFit();
    void zoomedChartsStayReadable_data();
    void zoomedChartsStayReadable();
    void layoutSettlesAtEverySize_data();
    void layoutSettlesAtEverySize();
    void markerLabelsLeaveThePlotItsHeight_data() { addClassroomWindowSizes(); }
    void markerLabelsLeaveThePlotItsHeight();
    void axesResetWithTheNewRun();
    void closeMarkerLabelsStackAt1024_data() { addPresentingZoomsAt1024(); }
    void closeMarkerLabelsStackAt1024();
    void stackedLabelsLeaveLegendAndAxisTitleWhole_data();
    void stackedLabelsLeaveLegendAndAxisTitleWhole();
    void crampedChartsKeepAReadablePlot_data();
    void crampedChartsKeepAReadablePlot();
    void editLabelWholeWhereItFits_data() { addClassroomWindowSizes(); }
    void editLabelWholeWhereItFits();
    void undoFarFromItsEditHasItsOwnLabel_data();
    void undoFarFromItsEditHasItsOwnLabel();
    void sliderGestureIsOneEditOnEveryChart();
    void undoneEditsCountTheSameOnEveryChart_data();
    void undoneEditsCountTheSameOnEveryChart();
    void undoneConsumerAddedIsOneEditUndone();
    void consumerAddedAndUndoneAtOnceLeavesNoMarker();
    void undoNamesTheEditItTookBack();
    void editsCountAsUndoStepsOnChartAndLessonPanel();
};

// ChartHistory's flat latency window gives the percentiles the std::map histogram gave
// (PriorityLab::percentile()), over a sliding window with small, large (beyond the dense range)
// and negative latencies, as samples come and go.
void TestCharts::latencyHistogramEqualsMapPercentiles()
{
    using Histogram = ChartHistory::LatencyHistogram;
    std::mt19937 random(7);
    Histogram flat;
    std::map<qint64, qint64> map;
    qint64 count = 0;
    std::deque<std::vector<qint64>> window;
    const auto check = [&] {
        for (const int percent : {0, 1, 50, 95, 99, 100}) {
            const qint64 expected = PriorityLab::percentile(map, count, percent);
            if (flat.percentile(percent) != expected) {
                QFAIL(qPrintable(QStringLiteral("p%1 of %2 samples: %3, the map's %4")
                                         .arg(percent).arg(count).arg(flat.percentile(percent)).arg(expected)));
            }
        }
        QCOMPARE(flat.count(), count);
    };
    check();  // empty: -1
    for (int cycle = 0; cycle < 400; ++cycle) {
        std::vector<qint64> added;
        const int n = int(random() % 300);
        for (int i = 0; i < n; ++i) {
            const unsigned kind = random() % 100;
            const qint64 latency = kind < 80 ? qint64(random() % 40) + cycle / 4
                    : kind < 97             ? qint64(random() % 3000)
                    : kind < 99             ? Histogram::DenseLimit + qint64(random() % 5) - 2
                                            : -qint64(random() % 3) - 1;
            added.push_back(latency);
            flat.add(latency);
            ++map[latency];
            ++count;
        }
        window.push_back(std::move(added));
        if (window.size() > size_t(ChartHistory::smoothingCycles()) || cycle % 37 == 0) {
            for (const qint64 latency : window.front()) {
                flat.remove(latency);
                if (--map[latency] == 0)
                    map.erase(latency);
                --count;
            }
            window.pop_front();
        }
        check();
        if (QTest::currentTestFailed())
            return;
    }
    flat.clear();
    QCOMPARE(flat.count(), 0);
    QCOMPARE(flat.percentile(50), -1);
}

/// docs/help.md, Figures: a teacher's trial saw the Queue depth chart stay at 0 the whole run of
/// lesson-delayed-retry while the caption said "4 more delayed": the depth counts the messages
/// ready in the queue, and the delayed ones (a retry delay) have a dashed line of their own,
/// "delayed (retry)", in the legend only while the window has any; the tooltip says so.
void TestCharts::depthChartShowsDelayedMessages()
{
    ChartRig plain(QStringLiteral("default.json"));
    QCOMPARE(plain.problems, QStringList());
    plain.advance(40);
    TimeSeriesChart *plainDepth = plain.panel.queueDepthChart();
    QVERIFY(plainDepth->points(1).isEmpty());  // no retry delay: no line, no legend entry
    QVERIFY(!plainDepth->legendLabels().contains(QStringLiteral("delayed (retry)")));

    ChartRig rig(QStringLiteral("lesson-delayed-retry.json"));
    QCOMPARE(rig.problems, QStringList());
    const QList<CycleReport> reports = rig.advance(60);
    TimeSeriesChart *depth = rig.panel.queueDepthChart();
    QCOMPARE(depth->seriesCount(), 2);
    QCOMPARE(depth->seriesName(1), QStringLiteral("delayed (retry)"));
    const QList<QPointF> delayed = depth->points(1);
    QCOMPARE(delayed.size(), reports.size());
    qint64 most = 0;
    for (qsizetype i = 0; i < reports.size(); ++i) {
        QCOMPARE(delayed.at(i), QPointF(qreal(reports.at(i).cycle), qreal(reports.at(i).delayed)));
        most = std::max(most, reports.at(i).delayed);
    }
    // The trial's cycle 40 (the 40th report): 4 delayed, none ready.
    QCOMPARE(reports.at(39).delayed, 4);
    QCOMPARE(reports.at(39).queueDepth, 0);
    QVERIFY(rig.sim.broker().delayedCount() > 0 || most > 0);
    QVERIFY(depth->yRange().y() >= qreal(most));  // the axis holds the delayed line too
    QVERIFY(TestSupport::shownAt(rig.panel, 700, 500));
    QVERIFY2(depth->legendLabels().contains(QStringLiteral("delayed (retry)")), qPrintable(depth->legendLabels().join(u',')));
    QVERIFY2(depth->toolTip().contains(QStringLiteral("delayed (retry)")), qPrintable(depth->toolTip()));
}

void TestCharts::decisionsAndDepthEqualReports_data()
{
    QTest::addColumn<QString>("preset");
    // One loses data after cycle 60, the other fails every processing from cycle 30 to 79.
    QTest::addRow("ttl-moved") << QStringLiteral("lesson-ttl-moved.json");
    QTest::addRow("bad-deployment") << QStringLiteral("lesson-bad-deployment.json");
}

void TestCharts::decisionsAndDepthEqualReports()
{
    QFETCH(QString, preset);
    ChartRig rig(preset);
    QCOMPARE(rig.problems, QStringList());
    const QList<CycleReport> reports = rig.advance(90);

    TimeSeriesChart *flow = rig.panel.flowChart();
    QCOMPARE(flow->seriesCount(), int(ChartPanel::FlowSeriesCount));
    const QList<QPointF> processed = flow->points(ChartPanel::ProcessedSeries);
    const QList<QPointF> postponed = flow->points(ChartPanel::PostponedSeries);
    const QList<QPointF> discarded = flow->points(ChartPanel::DiscardedSeries);
    const QList<QPointF> failed = flow->points(ChartPanel::FailedSeries);
    const QList<QPointF> depth = rig.panel.queueDepthChart()->points(0);
    QCOMPARE(processed.size(), reports.size());
    QCOMPARE(depth.size(), reports.size());
    qint64 discards = 0;
    for (qsizetype i = 0; i < reports.size(); ++i) {
        const CycleReport &r = reports.at(i);
        QCOMPARE(processed.at(i), QPointF(qreal(r.cycle), qreal(r.counts.processed)));
        QCOMPARE(postponed.at(i), QPointF(qreal(r.cycle), qreal(r.counts.postponed)));
        QCOMPARE(discarded.at(i), QPointF(qreal(r.cycle), qreal(r.counts.discarded)));
        QCOMPARE(failed.at(i), QPointF(qreal(r.cycle), qreal(r.counts.failed)));
        QCOMPARE(depth.at(i), QPointF(qreal(r.cycle), qreal(r.queueDepth)));
        discards += r.counts.discarded + r.counts.failed;
    }
    QVERIFY(discards > 0);  // each lesson loses or fails messages: the series are not all zero
    // The y axis holds the largest value.
    qreal top = 0;
    for (const auto &series : {processed, postponed, discarded, failed})
        for (const QPointF &p : series)
            top = std::max(top, p.y());
    QVERIFY(flow->yRange().y() >= top);
}

void TestCharts::windowSlides()
{
    ChartRig rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.advance(20);
    QCOMPARE(rig.panel.queueDepthChart()->points(0).size(), 20);
    // Before the window is full the x axis already spans a whole window.
    QCOMPARE(rig.panel.queueDepthChart()->xRange(), QPointF(0, ChartPanel::windowCycles()));

    const int extra = 55;
    rig.advance(ChartPanel::windowCycles() + extra - 20);
    for (TimeSeriesChart *chart : rig.panel.timeCharts()) {
        QCOMPARE(chart->xRange(), QPointF(extra, extra + ChartPanel::windowCycles()));
        for (int s = 0; s < chart->seriesCount(); ++s) {
            const QList<QPointF> points = chart->points(s);
            QVERIFY2(points.size() <= ChartPanel::windowCycles(), qPrintable(chart->seriesName(s)));
            if (!points.isEmpty()) {
                QVERIFY(points.first().x() >= extra);
                QVERIFY(points.last().x() <= ChartPanel::windowCycles() + extra - 1);
            }
        }
    }
    const QList<QPointF> depth = rig.panel.queueDepthChart()->points(0);
    QCOMPARE(depth.size(), ChartPanel::windowCycles());
    QCOMPARE(depth.first().x(), qreal(extra));
    QCOMPARE(depth.last().x(), qreal(ChartPanel::windowCycles() + extra - 1));
}

// TimeSeriesChart::setSeriesAndXRange() empties the lines before a new range, then gives each
// series its points: what is drawn is the points given, a line with a gap in its pieces, whether
// the range moved or not (docs/design.md §9, App).
void TestCharts::seriesAndRangeDrawTheirPoints()
{
    TimeSeriesChart chart;
    chart.resize(400, 200);
    chart.addSeries(QStringLiteral("a"), Qt::darkGreen);
    chart.addSeries(QStringLiteral("b"), Qt::darkBlue);
    chart.setMaxJoinedStep(1);
    const auto drawn = [&chart](int series) {
        QList<QPointF> points;
        for (const QList<QPointF> &piece : chart.drawnPieces(series))
            points << piece;
        return points;
    };
    const QList<QPointF> gapped{{0, 1}, {1, 2}, {5, 3}, {6, 4}};
    chart.setSeriesAndXRange({gapped, {}}, 0, 300);
    QCOMPARE(chart.xRange(), QPointF(0, 300));
    QCOMPARE(chart.drawnPieces(0).size(), 2);
    QCOMPARE(drawn(0), gapped);
    QVERIFY(chart.drawnPieces(1).isEmpty());

    // The window moves: a is one line (its second piece emptied), b has points.
    const QList<QPointF> joined{{5, 3}, {6, 4}, {7, 5}};
    const QList<QPointF> other{{6, 9}, {7, 8}};
    chart.setSeriesAndXRange({joined, other}, 5, 305);
    QCOMPARE(chart.xRange(), QPointF(5, 305));
    QCOMPARE(chart.drawnPieces(0).size(), 1);
    QCOMPARE(drawn(0), joined);
    QCOMPARE(chart.points(0), joined);
    QCOMPARE(drawn(1), other);
    QCOMPARE(chart.points(1), other);

    // The same window: the points replaced.
    chart.setSeriesAndXRange({other, gapped}, 5, 305);
    QCOMPARE(chart.xRange(), QPointF(5, 305));
    QCOMPARE(drawn(0), other);
    QCOMPARE(drawn(1), gapped);
    QCOMPARE(chart.drawnPieces(1).size(), 2);
}

void TestCharts::urgentLatencyLineStaysInSight()
{
    // A trial at the aging lesson's step 3: the high class's line ran under the mid class's
    // (they waited alike), and the chart seemed to have no high class while the step's text
    // read "the high class waited up to 27 cycles". The more urgent a class, the wider its lines
    // (drawn first): a border around the lines drawn over it.
    ChartRig rig(QStringLiteral("default.json"));
    const TimeSeriesChart *latency = rig.panel.latencyChart();
    for (const bool p95 : {false, true}) {
        const qreal high = latency->seriesWidth(ChartPanel::latencySeries(ChartPanel::HighClass, p95));
        const qreal mid = latency->seriesWidth(ChartPanel::latencySeries(ChartPanel::MidClass, p95));
        const qreal low = latency->seriesWidth(ChartPanel::latencySeries(ChartPanel::LowClass, p95));
        QVERIFY2(high >= mid + 1.0 && mid >= low + 1.0, qPrintable(QStringLiteral("%1 %2 %3").arg(high).arg(mid).arg(low)));
        QVERIFY(ChartPanel::latencySeries(ChartPanel::HighClass, p95) < ChartPanel::latencySeries(ChartPanel::LowClass, p95));
    }
}

void TestCharts::latencyPercentilesPerClass()
{
    ChartRig rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    const QList<CycleReport> reports = rig.advance(60);

    // Recompute each class's p50 and p95 over the last smoothingCycles() cycles, for every cycle.
    const int n = ChartPanel::smoothingCycles();
    TimeSeriesChart *latency = rig.panel.latencyChart();
    QCOMPARE(latency->seriesCount(), 2 * int(ChartPanel::PriorityClassCount));
    int checked = 0;
    for (int c = 0; c < ChartPanel::PriorityClassCount; ++c) {
        const auto cls = ChartPanel::PriorityClass(c);
        std::map<qint64, QPointF> p50;
        std::map<qint64, QPointF> p95;
        for (const QPointF &p : latency->points(ChartPanel::latencySeries(cls, false)))
            p50[qint64(p.x())] = p;
        for (const QPointF &p : latency->points(ChartPanel::latencySeries(cls, true)))
            p95[qint64(p.x())] = p;
        for (qsizetype i = 0; i < reports.size(); ++i) {
            QList<qint64> values;
            for (qsizetype j = std::max<qsizetype>(0, i - n + 1); j <= i; ++j) {
                for (const Event &e : reports.at(j).events) {
                    if (e.type == Event::Type::Processed
                        && ChartPanel::priorityClass(e.message.originalPriority) == cls)
                        values << e.cycle - e.message.producedCycle;
                }
            }
            const qint64 cycle = reports.at(i).cycle;
            if (values.isEmpty()) {
                QVERIFY(!p50.count(cycle));
                continue;
            }
            QCOMPARE(p50.at(cycle).y(), qreal(percentile(values, 50)));
            QCOMPARE(p95.at(cycle).y(), qreal(percentile(values, 95)));
            ++checked;
        }
    }
    QVERIFY(checked > 100);
    QCOMPARE(ChartPanel::priorityClass(9), ChartPanel::HighClass);
    QCOMPARE(ChartPanel::priorityClass(7), ChartPanel::HighClass);
    QCOMPARE(ChartPanel::priorityClass(6), ChartPanel::MidClass);
    QCOMPARE(ChartPanel::priorityClass(4), ChartPanel::MidClass);
    QCOMPARE(ChartPanel::priorityClass(3), ChartPanel::LowClass);
    QCOMPARE(ChartPanel::priorityClass(-5), ChartPanel::LowClass);
}

void TestCharts::latencyWithoutEvents()
{
    // The latencies travel in the report (CycleReport::processed), events or not: a run without
    // events draws the same latency lines as the same run with them.
    ChartRig rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.sim.setRecordEvents(false);
    rig.advance(30);
    QCOMPARE(rig.panel.flowChart()->points(ChartPanel::ProcessedSeries).size(), 30);

    ChartRig reference(QStringLiteral("default.json"));
    QVERIFY(reference.sim.recordEvents());
    QCOMPARE(reference.problems, QStringList());
    reference.advance(30);
    const TimeSeriesChart *latency = rig.panel.latencyChart();
    qsizetype points = 0;
    for (int s = 0; s < latency->seriesCount(); ++s) {
        QCOMPARE(latency->points(s), reference.panel.latencyChart()->points(s));
        points += latency->points(s).size();
    }
    QVERIFY(points > 30);
}

void TestCharts::latencyHasAGapWhileNothingIsProcessed()
{
    // lesson-consumers-offline, step 5 takes every consumer offline at cycle 110: nothing is
    // processed, so there is no latency of processed messages to show. The chart drew a straight
    // line rising across the outage, from the last value before it to the first after, as if
    // messages had been processed in between. Now each line has a gap there: no piece of a line
    // joins two points more than a cycle apart, and the pieces are the points.
    ChartRig rig(QStringLiteral("lesson-consumers-offline.json"));
    QCOMPARE(rig.problems, QStringList());
    SetupEditor editor(&rig.sim);
    rig.advance(110);
    for (int c = 0; c < 3; ++c)
        editor.setConsumerOnline(c, false);
    rig.advance(90);  // cycles 110 to 199: nothing processed
    editor.setConsumerOnline(0, true);
    rig.advance(30);
    TimeSeriesChart *latency = rig.panel.latencyChart();
    int gaps = 0;
    for (int s = 0; s < latency->seriesCount(); ++s) {
        const QList<QPointF> points = latency->points(s);
        QVERIFY2(std::none_of(points.cbegin(), points.cend(), [](const QPointF &p) { return p.x() > 125 && p.x() < 200; }),
                 qPrintable(latency->seriesName(s)));  // no value while nothing was processed
        const QList<QList<QPointF>> pieces = latency->drawnPieces(s);
        QList<QPointF> joined;
        for (const QList<QPointF> &piece : pieces) {
            for (qsizetype i = 1; i < piece.size(); ++i)
                QVERIFY2(piece.at(i).x() - piece.at(i - 1).x() <= 1,
                         qPrintable(QStringLiteral("%1 joins cycle %2 to %3").arg(latency->seriesName(s)).arg(piece.at(i - 1).x()).arg(piece.at(i).x())));
            joined << piece;
        }
        QCOMPARE(joined, points);
        if (!points.isEmpty() && points.first().x() < 110 && points.last().x() >= 200)
            gaps += int(pieces.size()) - 1;
    }
    QVERIFY(gaps >= 3);  // at least one per class (p50 and p95)
    // The depth chart has a point per cycle: one line.
    QCOMPARE(rig.panel.queueDepthChart()->drawnPieces(0).size(), 1);
}

void TestCharts::throughputPerConsumer()
{
    ChartRig rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    QList<CycleReport> reports = rig.advance(40);
    TimeSeriesChart *throughput = rig.panel.throughputChart();
    QCOMPARE(throughput->seriesCount(), 4);
    QStringList names;
    for (const auto &c : rig.sim.consumers())
        names << c->name;
    for (int s = 0; s < throughput->seriesCount(); ++s)
        QCOMPARE(throughput->seriesName(s), names.at(s));

    // The last point of each consumer: processed per cycle over the last smoothingCycles().
    const int n = ChartPanel::smoothingCycles();
    for (int s = 0; s < throughput->seriesCount(); ++s) {
        qint64 processed = 0;
        for (qsizetype i = reports.size() - n; i < reports.size(); ++i)
            for (const Event &e : reports.at(i).events)
                processed += e.type == Event::Type::Processed && e.consumer == names.at(s) ? 1 : 0;
        const QList<QPointF> points = throughput->points(s);
        QCOMPARE(points.size(), 40);
        QCOMPARE(points.last(), QPointF(39, qreal(processed) / n));
    }

    // A consumer added live gets its own line from its first cycle.
    QCOMPARE(rig.sim.addConsumer(consumer(QStringLiteral("extra"))), QString());
    rig.advance(5);
    QCOMPARE(throughput->seriesCount(), 5);
    QCOMPARE(throughput->seriesName(4), QStringLiteral("extra"));
    QCOMPARE(throughput->points(4).size(), 5);
    QCOMPARE(throughput->points(4).first().x(), 40.0);
}

void TestCharts::deliveriesHistogram()
{
    ChartRig rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.advance(100);
    BarChart *bars = rig.panel.deliveriesChart();
    const QStringList categories = bars->categories();
    const QList<qreal> values = bars->values();
    QCOMPARE(values.size(), categories.size());
    QCOMPARE(categories.first(), QStringLiteral("1"));
    qreal sum = 0;
    for (const qreal v : values)
        sum += v;
    const Counts &totals = rig.sim.metrics().totals();
    QCOMPARE(sum, qreal(totals.processed + totals.discarded));
    const auto &histogram = rig.sim.metrics().deliveriesHistogram();
    QCOMPARE(values.at(0), qreal(histogram.at(1)));
    QCOMPARE(values.at(1), qreal(histogram.at(2)));
    QVERIFY(bars->yRange().y() >= *std::max_element(values.begin(), values.end()));
}

void TestCharts::timelineMarkers()
{
    // lesson-ttl-moved.json changes the low bound of all three consumers at cycle 60.
    ChartRig rig(QStringLiteral("lesson-ttl-moved.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.advance(60);
    for (TimeSeriesChart *chart : rig.panel.timeCharts())
        QVERIFY(chart->markers().isEmpty());

    rig.advance(40);
    for (TimeSeriesChart *chart : rig.panel.timeCharts()) {
        const QList<ChartMarker> markers = chart->markers();
        QCOMPARE(markers.size(), 1);
        QCOMPARE(markers.first().x, 60.0);
        QCOMPARE(markers.first().label, QStringLiteral("A, B, C · low = 4"));
        QVERIFY(markers.first().toolTip.contains(QLatin1String("consumers[2].strategy.low = 4")));
    }
    QCOMPARE(rig.panel.timelineMarkers().size(), 1);

    // Once cycle 60 has slid out of the window, so has its marker.
    rig.advance(ChartPanel::windowCycles());
    for (TimeSeriesChart *chart : rig.panel.timeCharts())
        QVERIFY(chart->markers().isEmpty());
}

void TestCharts::liveEditMarkers()
{
    EditedChartRig rig;
    QCOMPARE(rig.problems, QStringList());
    rig.advance(20);

    // An edit between cycles 19 and 20 takes effect from cycle 20: a live-edit marker there at
    // once, in every time chart, told apart from the timeline's.
    QCOMPARE(rig.editor.setConsumerParameter(1, QStringLiteral("low"), 2), QString());
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);
    const ChartMarker edit = rig.panel.liveEditMarkers().first();
    QCOMPARE(edit.x, 20.0);
    QCOMPARE(edit.kind, ChartMarker::Kind::LiveEdit);
    QCOMPARE(edit.label, QStringLiteral("✎ B · low = 2"));
    QVERIFY(edit.toolTip.contains(QLatin1String("by hand")));
    QVERIFY(rig.panel.timelineMarkers().isEmpty());
    for (TimeSeriesChart *chart : rig.panel.timeCharts())
        QCOMPARE(chart->markers(), QList<ChartMarker>{edit});

    // Dragged on before the next cycle: still one change, with the last value.
    QCOMPARE(rig.editor.setConsumerParameter(1, QStringLiteral("low"), 3), QString());
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);
    QCOMPARE(rig.panel.liveEditMarkers().first().label, QStringLiteral("✎ B · low = 3"));
    // The timer's speed and the scenario's texts change nothing in the run: no marker.
    QCOMPARE(rig.editor.setCycleIntervalMs(10), QString());
    QCOMPARE(rig.editor.setScenarioInfo(QStringLiteral("renamed"), QString(), QString()), QString());
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);

    // The timeline's change at cycle 60 is a timeline marker, not a live edit; an undo is a live
    // edit marked as an undo (docs/design.md §8).
    rig.advance(50);
    QCOMPARE(rig.panel.timelineMarkers().size(), 1);
    QCOMPARE(rig.panel.timelineMarkers().first().kind, ChartMarker::Kind::Timeline);
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);
    rig.editor.undoStack()->undo();  // the name
    rig.editor.undoStack()->undo();  // the interval
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);
    rig.editor.undoStack()->undo();  // low back to 2 (two key presses are two steps)
    const QList<ChartMarker> live = rig.panel.liveEditMarkers();
    QCOMPARE(live.size(), 2);
    QCOMPARE(live.at(1).x, 70.0);
    QCOMPARE(live.at(1).label, QStringLiteral("✎ B · low = 3, undone"));
    const QList<ChartMarker> all = rig.panel.queueDepthChart()->markers();
    QCOMPARE(all.size(), 3);  // in cycle order
    QCOMPARE(all.at(0).x, 20.0);
    QCOMPARE(all.at(1).x, 60.0);
    QCOMPARE(all.at(2).x, 70.0);

    // Slid out of the window, gone; a reset forgets them.
    rig.advance(ChartPanel::windowCycles() + 1);
    QVERIFY(rig.panel.liveEditMarkers().isEmpty());
    rig.editor.setConsumerOnline(0, false);
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);
    rig.sim.reset();
    QVERIFY(rig.panel.liveEditMarkers().isEmpty());
}

void TestCharts::editsUndoneToTheLoadedScenarioLeaveNoMarker()
{
    // A teacher's trial: paused at cycle 18 of the TTL lesson, A's low bound 2 and high bound 7
    // (two undo steps), then Ctrl+Z twice, back to the scenario as loaded (no "*"): the chart
    // still showed "✎ A · low = 0, high = 6" (and "✎ 2 edits" for edits a cycle apart), though
    // nothing had changed in the run. No setting had changed before, so the value before the
    // cycle is the loaded one: back at it, no marker.
    EditedChartRig rig;
    QCOMPARE(rig.problems, QStringList());
    rig.advance(18);
    QCOMPARE(rig.editor.setConsumerParameter(0, QStringLiteral("low"), 2), QString());
    QCOMPARE(rig.editor.setConsumerParameter(0, QStringLiteral("high"), 7), QString());
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);
    QCOMPARE(rig.panel.liveEditMarkers().first().label, QStringLiteral("✎ A · low = 2, high = 7"));
    rig.editor.undoStack()->undo();
    QCOMPARE(rig.panel.liveEditMarkers().first().label, QStringLiteral("✎ A · low = 2"));
    rig.editor.undoStack()->undo();
    QVERIFY(rig.editor.undoStack()->isClean());
    QCOMPARE(rig.panel.liveEditMarkers(), QList<ChartMarker>());
    for (TimeSeriesChart *chart : rig.panel.timeCharts())
        QVERIFY(chart->markers().isEmpty());

    // Edits a cycle apart, undone at the second one: the first had shaped a cycle (its marker
    // and the undo's stay, the run saw them); the second is gone.
    QCOMPARE(rig.editor.setConsumerParameter(1, QStringLiteral("low"), 1), QString());
    rig.advance(1);
    QCOMPARE(rig.editor.setConsumerParameter(2, QStringLiteral("high"), 8), QString());
    QCOMPARE(rig.panel.liveEditMarkers().size(), 2);
    rig.editor.undoStack()->undo();  // C's high, before any cycle ran with it
    QCOMPARE(rig.panel.liveEditMarkers().size(), 1);
    QCOMPARE(rig.panel.liveEditMarkers().first().label, QStringLiteral("✎ B · low = 1"));
    rig.editor.undoStack()->undo();  // B's low, after a cycle ran with it: an edit of the run
    const QList<ChartMarker> live = rig.panel.liveEditMarkers();
    QCOMPARE(live.size(), 2);
    QCOMPARE(live.at(1).label, QStringLiteral("✎ B · low = 1, undone"));

    // The same setting changed by the timeline before: that value, not the loaded one, is the
    // one to come back to (low is 4 from cycle 60).
    rig.advance(50);
    QCOMPARE(rig.sim.settingValue(QStringLiteral("consumers[0].strategy.low")), QJsonValue(4));
    QCOMPARE(rig.editor.setConsumerParameter(0, QStringLiteral("low"), 0), QString());
    QCOMPARE(rig.panel.liveEditMarkers().constLast().label, QStringLiteral("✎ A · low = 0"));
    rig.editor.undoStack()->undo();
    QVERIFY(rig.panel.liveEditMarkers().constLast().label != QStringLiteral("✎ A · low = 0"));
    QCOMPARE(rig.panel.liveEditMarkers().size(), 2);
}

void TestCharts::undoneEditNamesTheRestoredValue()
{
    // Ctrl+Z of a click on consumer A's Online box: the marker said "= default", since the
    // scenario leaves a consumer that is online (the default) without the key. It names the
    // value in effect, as the box shows it.
    EditedChartRig rig;
    QCOMPARE(rig.problems, QStringList());
    rig.advance(20);
    rig.editor.setConsumerOnline(0, false);
    QCOMPARE(rig.panel.liveEditMarkers().first().label, QStringLiteral("✎ A · online = false"));
    rig.advance(5);
    rig.editor.undoStack()->undo();
    QVERIFY(rig.sim.consumers().at(0)->online);
    const QList<ChartMarker> live = rig.panel.liveEditMarkers();
    QCOMPARE(live.size(), 2);
    QCOMPARE(live.at(1).label, QStringLiteral("✎ A · online = false, undone"));
    QVERIFY(live.at(1).toolTip.contains(QLatin1String("consumers[0].online = true")));
    // The other settings a scenario leaves out at their default, and an unset limit.
    const Scenario s = rig.sim.currentScenario();
    QCOMPARE(effectiveSettingValue(s, SettingPath::parse(QStringLiteral("consumers[0].capacity"))), QJsonValue(0));
    QCOMPARE(effectiveSettingValue(s, SettingPath::parse(QStringLiteral("consumers[0].deadLetters"))), QJsonValue(false));
    QCOMPARE(effectiveSettingValue(s, SettingPath::parse(QStringLiteral("producers[0].paused"))), QJsonValue(false));
    QCOMPARE(effectiveSettingValue(s, SettingPath::parse(QStringLiteral("broker.expiry"))), QJsonValue(QStringLiteral("head")));
    QVERIFY(effectiveSettingValue(s, SettingPath::parse(QStringLiteral("broker.maxLength"))).isUndefined());
    QCOMPARE(effectiveSettingValue(s, SettingPath::parse(QStringLiteral("consumers[0].strategy.low"))),
             rig.sim.settingValue(QStringLiteral("consumers[0].strategy.low")));
}

void TestCharts::markerLabelsWrapInANarrowChart()
{
    // In the Charts dock of a 1024x768 window a chart is 260 to 350 px wide: a live edit's label
    // read "✎ c20: consumers[1].strat…", its value cut off. It is drawn whole on a few lines
    // (now that it names the consumer, a long name takes the room the path took).
    EditedChartRig rig;
    QCOMPARE(rig.problems, QStringList());
    // The label names whose setting changed: a long consumer name needs more than one line.
    Scenario s = TestSupport::loadPreset(QStringLiteral("lesson-ttl-moved.json"));
    s.consumers[1].name = QStringLiteral("ttl-guard-of-the-night-shift");
    QCOMPARE(rig.sim.load(s), QStringList());
    QVERIFY(TestSupport::shownAt(rig.panel, 260, 300));
    rig.advance(20);
    QCOMPARE(rig.editor.setConsumerParameter(1, QStringLiteral("low"), 2), QString());
    rig.advance(1);
    TimeSeriesChart *chart = rig.panel.timeCharts().constFirst();
    QTRY_VERIFY(chart->isVisible() && chart->width() <= 260);
    QCoreApplication::processEvents();
    const QString label = rig.panel.liveEditMarkers().constFirst().label;
    QCOMPARE(label, QStringLiteral("✎ ttl-guard-of-the-night-shift · low = 2"));
    const QStringList texts = chart->markerTexts();
    QCOMPARE(texts.size(), 1);
    QVERIFY2(!texts.first().contains(QChar(0x2026)), qPrintable(texts.first()));
    QVERIFY2(texts.first().contains(QLatin1Char('\n')), "the label had no room for one line: it is wrapped");
    QCOMPARE(QString(texts.first()).replace(QLatin1Char('\n'), QLatin1Char(' ')), label);
}

void TestCharts::closeMarkerLabelsDoNotOverlap()
{
    // The poison lesson near cycle 150 in the Charts dock of a 1280x720 window: two live edits a
    // few cycles apart around the timeline's delivery limit. The labels lay on the plot, over
    // the queue's line, and the two edits' labels stacked on each other. Now every label sits
    // in a band above the plot, no two overlap, and the two edits share one label.
    ChartRig rig(QStringLiteral("lesson-poison-message.json"));
    QCOMPARE(rig.problems, QStringList());
    SetupEditor editor(&rig.sim);
    QVERIFY(TestSupport::shownAt(rig.panel, 480, 220));
    rig.advance(147);
    editor.setConsumerOnline(0, false);
    rig.advance(4);
    editor.setConsumerOnline(0, true);
    rig.advance(6);
    TimeSeriesChart *chart = rig.panel.queueDepthChart();
    QTRY_VERIFY(chart->isVisible());
    QCoreApplication::processEvents();
    const QList<ChartMarker> markers = chart->markers();
    QCOMPARE(markers.size(), 4);  // 147 and 151 by hand, 150 and 155 by the timeline
    QTRY_VERIFY(chart->plotArea().top() > 0);
    const QRectF plot = chart->plotArea();
    const QList<QRectF> rects = chart->markerLabelRects();
    const QStringList texts = chart->markerTexts();
    QCOMPARE(rects.size(), markers.size());
    QStringList drawn;
    for (qsizetype i = 0; i < rects.size(); ++i) {
        if (rects.at(i).isEmpty())
            continue;
        drawn << texts.at(i);
        QVERIFY2(rects.at(i).bottom() <= plot.top(), qPrintable(QStringLiteral("%1 over the plot").arg(texts.at(i))));
        QVERIFY2(rects.at(i).left() >= plot.left() - 1 && rects.at(i).right() <= plot.right() + 1, qPrintable(texts.at(i)));
        for (qsizetype j = 0; j < i; ++j) {
            QVERIFY2(!rects.at(i).intersects(rects.at(j)),
                     qPrintable(QStringLiteral("'%1' on '%2'").arg(texts.at(i), texts.at(j))));
        }
    }
    // The two edits: one label, both in its tooltip; the timeline's two drawn as they are.
    QCOMPARE(drawn.size(), 3);
    const qsizetype first = std::find_if(markers.begin(), markers.end(), [](const ChartMarker &m) {
                                return m.kind == ChartMarker::Kind::LiveEdit;
                            }) - markers.begin();
    QCOMPARE(texts.at(first), QStringLiteral("✎ 2 edits"));
    const QString tip = chart->markerLabelToolTips().at(first);
    QVERIFY2(tip.contains(QLatin1String("online = false")) && tip.contains(QLatin1String("online = true")), qPrintable(tip));
    for (const ChartMarker &m : markers) {
        if (m.kind == ChartMarker::Kind::Timeline)
            QVERIFY2(drawn.contains(m.label), qPrintable(m.label));
    }
}

void TestCharts::undoneEditIsMarkedAsAnUndo()
{
    // A teacher's trial: an edit by hand, some cycles, Ctrl+Z. The lesson panel no longer named
    // an edit (none is in effect) while the chart's shared label said "✎ 2 edits": the undo
    // counted as a second edit. The undo's marker says it is one (docs/design.md §8).
    EditedChartRig rig;
    QCOMPARE(rig.problems, QStringList());
    QVERIFY(TestSupport::shownAt(rig.panel, 480, 220));
    rig.advance(40);
    QCOMPARE(rig.editor.setConsumerParameter(0, QStringLiteral("low"), 2), QString());
    rig.advance(3);
    rig.editor.undoStack()->undo();
    QCOMPARE(rig.editor.undoStack()->index(), 0);  // no edit in effect
    rig.advance(5);
    TimeSeriesChart *chart = rig.panel.queueDepthChart();
    QTRY_VERIFY(chart->isVisible());
    QCoreApplication::processEvents();
    const QList<ChartMarker> markers = chart->markers();
    QCOMPARE(markers.size(), 2);
    QCOMPARE(markers.at(0).x, 40);
    QVERIFY(!markers.at(0).undo);
    QCOMPARE(markers.at(0).label, QStringLiteral("✎ A · low = 2"));
    QCOMPARE(markers.at(0).shortLabel, QStringLiteral("✎ A.low 2"));
    QCOMPARE(markers.at(1).x, 43);
    QVERIFY(markers.at(1).undo);
    QCOMPARE(markers.at(1).label, QStringLiteral("✎ A · low = 2, undone"));
    QCOMPARE(markers.at(1).shortLabel, QStringLiteral("✎ A.low 2, undone"));
    QVERIFY2(markers.at(1).toolTip.contains(QLatin1String("undone")), qPrintable(markers.at(1).toolTip));
    // Three cycles apart they share one label: one edit and its undo, not two edits.
    const QStringList texts = chart->markerTexts();
    QCOMPARE(texts.at(0), QStringLiteral("✎ A · low = 2, undone"));
    const QString tip = chart->markerLabelToolTips().at(0);
    QVERIFY2(tip.contains(QLatin1String("low = 2")) && tip.contains(QLatin1String("low = 0")), qPrintable(tip));
    // A redo after cycles ran is an edit again, at its own cycle.
    rig.editor.undoStack()->redo();
    rig.advance(1);
    QCoreApplication::processEvents();
    QCOMPARE(chart->markers().size(), 3);
    QVERIFY(!chart->markers().at(2).undo);
    QCOMPARE(chart->markerTexts().at(0), QStringLiteral("✎ 2 edits, 1 undone"));
}

void TestCharts::closeMarkerLabelsSitByTheirOwnLines_data()
{
    QTest::addColumn<qreal>("first");
    // Two markers 4 cycles apart in a window of cycles 100 to 200: in the middle (room right of
    // both lines) and at the plot's right edge, where the newest changes are (room left only).
    QTest::addRow("middle") << qreal(150);
    QTest::addRow("right edge") << qreal(193);
}

void TestCharts::closeMarkerLabelsSitByTheirOwnLines()
{
    // A trial: "= true" drawn left of its line, under "= false" and across the line of
    // "= false", read as that marker's. Each label now sits by its own line (its box's left
    // edge 3 px right of it, or its right edge 3 px left of it), each line starts at its own
    // label, and no label covers another marker's line.
    QFETCH(qreal, first);
    TimeSeriesChart chart;
    chart.resize(480, 220);
    chart.addSeries(QStringLiteral("queue depth"), QColor(0x00, 0x72, 0xb2));
    chart.setXRange(100, 200);
    chart.setYRange(0, 10);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.setMarkers({{first, QStringLiteral("A · online = false"), {}, ChartMarker::Kind::Timeline, QStringLiteral("online = false")},
                      {first + 4, QStringLiteral("✎ A · online = true"), {}, ChartMarker::Kind::LiveEdit, QStringLiteral("✎ online = true")}});
    QCoreApplication::processEvents();
    QTRY_VERIFY(chart.plotArea().top() > 0);
    const QRectF plot = chart.plotArea();
    const QList<QRectF> rects = chart.markerLabelRects();
    const QList<QLineF> lines = chart.markerLines();
    const QStringList texts = chart.markerTexts();
    QCOMPARE(rects.size(), 2);
    QCOMPARE(lines.size(), 2);
    for (qsizetype i = 0; i < 2; ++i) {
        const qreal x = plot.left() + (chart.markers().at(i).x - 100) / 100 * plot.width();
        const QString what = QStringLiteral("'%1' %2 at x %3").arg(texts.at(i)).arg(QDebug::toString(rects.at(i))).arg(x);
        QVERIFY2(!rects.at(i).isEmpty(), qPrintable(what));
        QVERIFY2(!texts.at(i).contains(QChar(0x2026)), qPrintable(what));
        QVERIFY2(std::abs(lines.at(i).x1() - x) < 0.5, qPrintable(what));
        const bool right = std::abs(rects.at(i).left() - (x + 3)) < 1;
        const bool left = std::abs(rects.at(i).right() - (x - 3)) < 1;
        QVERIFY2(right || left, qPrintable(what + QStringLiteral(": not beside its line")));
        // Right of its line where it fits there (the middle), left of it at the right edge.
        QVERIFY2(right == (first == 150), qPrintable(what));
        // (The box's scene rectangle holds half its pen's width around it.)
        QVERIFY2(std::abs(lines.at(i).y1() - rects.at(i).top()) < 1.5,
                 qPrintable(what + QStringLiteral(": its line starts at y %1").arg(lines.at(i).y1())));
        for (qsizetype j = 0; j < 2; ++j) {
            if (j == i)
                continue;
            const qreal otherX = lines.at(j).x1();
            const bool spans = rects.at(i).left() < otherX && otherX < rects.at(i).right();
            QVERIFY2(!spans || rects.at(i).bottom() <= lines.at(j).y1() + 1.5,
                     qPrintable(what + QStringLiteral(": covers the line of '%1'").arg(texts.at(j))));
        }
    }
    QVERIFY(!rects.at(0).intersects(rects.at(1)));
}

void TestCharts::latencyLineStyleKeyShowsWithMarkers()
{
    // lesson-aging past step 4 (its aging change at cycle 215, a timeline marker) with a live
    // edit: the marker labels' band took the latency chart's title row, and with it "(p50
    // solid, p95 dashed)", at the steps that ask the class to read p50 against p95. The legend
    // keeps the key: "p50" beside a solid line, "p95" beside a dashed one, drawn whole.
    AgingWindow w;
    QCOMPARE(w.editedAt(225, 1, QStringLiteral("threshold"), 4, 5), QString());
    ChartPanel *panel = w.window.chartPanel();
    TimeSeriesChart *latency = panel->latencyChart();
    QCOMPARE(panel->timelineMarkers().size(), 1);  // step 4's aging change at cycle 215
    QCOMPARE(panel->liveEditMarkers().size(), 1);
    QCOMPARE(latency->markers().size(), 2);
    QTRY_VERIFY(latency->isVisible());
    const QString what = QStringLiteral("%1 px high, markers '%2'").arg(latency->height()).arg(latency->markerTexts().join(QStringLiteral("' '")));
    QVERIFY2(!latency->markerTexts().join(QString()).isEmpty(), qPrintable(what));  // the labels show
    QCOMPARE(latency->legendKeys(), (QStringList{QStringLiteral("p50"), QStringLiteral("p95")}));
    QCOMPARE(latency->legendKeyStyle(0), Qt::SolidLine);
    QCOMPARE(latency->legendKeyStyle(1), Qt::CustomDashLine);
    QVERIFY(latency->isLegendShown());
    // As drawn: a text of the chart names p50 and one names p95, neither elided.
    QStringList texts;
    for (QGraphicsItem *item : latency->findChild<QGraphicsView *>()->scene()->items()) {
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
            texts << text->toPlainText();
    }
    const QString drawn = texts.join(QStringLiteral(" | "));
    for (const QString &key : {QStringLiteral("p50"), QStringLiteral("p95")}) {
        QVERIFY2(std::any_of(texts.cbegin(), texts.cend(), [&key](const QString &t) { return t.contains(key); }),
                 qPrintable(key + QStringLiteral(" not drawn (") + what + QStringLiteral("): ") + drawn));
    }
    QVERIFY2(!drawn.contains(QLatin1String("...")) && !drawn.contains(QChar(0x2026)), qPrintable(drawn));
}

void TestCharts::followsADarkPalette()
{
    EditedChartRig rig;
    QCOMPARE(rig.problems, QStringList());
    rig.advance(70);
    QCOMPARE(rig.editor.setConsumerParameter(0, QStringLiteral("low"), 0), QString());
    TimeSeriesChart *depth = rig.panel.queueDepthChart();
    const QColor seriesColor = depth->seriesColor(0);
    QVERIFY(!depth->isDarkTheme());
    QVERIFY(depth->backgroundColor().lightness() > 200);

    // A dark palette for the whole application, as a dark desktop gives it.
    const QPalette before = QApplication::palette();
    const QPalette dark = TestSupport::darkPalette();
    QApplication::setPalette(dark);
    QCoreApplication::sendPostedEvents();
    const QList<ChartWidget *> charts = {rig.panel.queueDepthChart(), rig.panel.flowChart(), rig.panel.latencyChart(),
                                         rig.panel.throughputChart(), rig.panel.deliveriesChart()};
    for (ChartWidget *chart : charts) {
        QVERIFY(chart->isDarkTheme());
        QCOMPARE(chart->backgroundColor(), dark.color(QPalette::Base));
        QCOMPARE(chart->labelColor(), dark.color(QPalette::Text));
    }
    // The series keep their colours (a theme would give its own).
    QCOMPARE(depth->seriesColor(0), seriesColor);
    QCOMPARE(rig.panel.deliveriesChart()->color(), QColor(0x56, 0xb4, 0xe9));
    // The picture is dark: the corner pixel of the chart painted offscreen.
    QImage image(400, 240, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        depth->paintChart(&painter, QRectF(0, 0, 400, 240));
    }
    qsizetype darkPixels = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            darkPixels += image.pixelColor(x, y).lightness() < 80 ? 1 : 0;
    QVERIFY2(darkPixels > image.width() * image.height() * 8 / 10, qPrintable(QString::number(darkPixels)));

    QApplication::setPalette(before);
    QCoreApplication::sendPostedEvents();
    for (ChartWidget *chart : charts) {
        QVERIFY(!chart->isDarkTheme());
        QCOMPARE(chart->backgroundColor(), before.color(QPalette::Base));
    }
    QCOMPARE(depth->seriesColor(0), seriesColor);
}

void TestCharts::markerLabel_data()
{
    QTest::addColumn<QStringList>("changes");
    QTest::addColumn<QStringList>("owners");
    QTest::addColumn<QString>("label");
    QTest::addRow("one") << QStringList{QStringLiteral("consumers[0].strategy.low = 4")} << QStringList{QStringLiteral("ttl-guard")}
                         << QStringLiteral("ttl-guard · low = 4");
    QTest::addRow("one change of several consumers")
            << QStringList{QStringLiteral("consumers[0].strategy.low = 4"), QStringLiteral("consumers[1].strategy.low = 4"),
                           QStringLiteral("consumers[2].strategy.low = 4")}
            << QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")}
            << QStringLiteral("A, B, C · low = 4");
    QTest::addRow("different values stay apart")
            << QStringList{QStringLiteral("consumers[0].online = false"), QStringLiteral("consumers[1].online = true")}
            << QStringList{QStringLiteral("A"), QStringLiteral("B")}
            << QStringLiteral("A · online = false; B · online = true");
    QTest::addRow("one owner, two settings")
            << QStringList{QStringLiteral("consumers[0].strategy.low = 4"), QStringLiteral("consumers[0].strategy.high = 8")}
            << QStringList{QStringLiteral("A"), QStringLiteral("A")}
            << QStringLiteral("A · low = 4, high = 8");
    // A strategy chosen in the card's drop-down is set whole: its JSON read as raw text on the
    // chart ('A · strategy = {"high":4,"low":0,"type":"ttl"}', a trial); its type and fields in words.
    QTest::addRow("a strategy set whole")
            << QStringList{QStringLiteral("consumers[0].strategy = {\"high\":4,\"low\":0,\"type\":\"ttl\"}")}
            << QStringList{QStringLiteral("A")} << QStringLiteral("A · strategy = ttl (high 4, low 0)");
    // A consumer's topics, a list: read as raw JSON on the chart ('bulk-1 · topics =
    // ["orders-0","orders-2"]', a trial); its items in words.
    QTest::addRow("a list of topics")
            << QStringList{QStringLiteral("consumers[3].topics = [\"orders-0\",\"orders-2\"]")}
            << QStringList{QStringLiteral("bulk-1")} << QStringLiteral("bulk-1 · topics = orders-0, orders-2");
    QTest::addRow("every topic")
            << QStringList{QStringLiteral("consumers[3].topics = []")}
            << QStringList{QStringLiteral("bulk-1")} << QStringLiteral("bulk-1 · topics = all");
    QTest::addRow("words and no owner")
            << QStringList{QStringLiteral("consumer D added"), QStringLiteral("consumers[7].online = true")}
            << QStringList{QString(), QString()}
            << QStringLiteral("consumer D added; consumers[7].online = true");
    // Owners other than consumers.
    QTest::addRow("the broker and a producer")
            << QStringList{QStringLiteral("broker.deliveryLimit = 5"), QStringLiteral("producers[0].generator.perCycle = 10")}
            << QStringList{QStringLiteral("broker"), QStringLiteral("orders")}
            << QStringLiteral("broker · deliveryLimit = 5; orders · perCycle = 10");
    QStringList changes;
    QStringList owners;
    for (int i = 0; i < 12; ++i) {
        changes << QStringLiteral("consumers[%1].strategy.predicate = \"queueLength < %1\"").arg(i);
        owners << QStringLiteral("consumer-%1").arg(i);
    }
    QTest::addRow("elided") << changes << owners << QString();
}

void TestCharts::markerLabel()
{
    QFETCH(QStringList, changes);
    QFETCH(QStringList, owners);
    QFETCH(QString, label);
    const QString made = ChangeLabel::label(changes, owners);
    if (label.isEmpty()) {  // too long: elided, the tooltip has it whole
        QCOMPARE(made.size(), ChangeLabel::MaxLabel);
        QVERIFY(made.endsWith(QChar(0x2026)));
        QVERIFY2(made.startsWith(QStringLiteral("consumer-0 · predicate = \"queueLength < 0\"; consumer-1 · ")), qPrintable(made));
        return;
    }
    QCOMPARE(made, label);
}

void TestCharts::markerShortLabel_data()
{
    QTest::addColumn<QStringList>("changes");
    QTest::addColumn<QStringList>("owners");
    QTest::addColumn<QString>("tag");
    // A trial: a live edit's tag read "✎ high = 10" where consumers A, B and C each have a
    // "high"; it names the owner (docs/design.md §8).
    QTest::addRow("a consumer's") << QStringList{QStringLiteral("consumers[0].strategy.high = 10")}
                                  << QStringList{QStringLiteral("A")} << QStringLiteral("A.high 10");
    QTest::addRow("two settings") << QStringList{QStringLiteral("consumers[1].strategy.low = 2"), QStringLiteral("consumers[1].strategy.high = 8")}
                                  << QStringList{QStringLiteral("B"), QStringLiteral("B")} << QStringLiteral("B.low 2 +1");
    QTest::addRow("the broker") << QStringList{QStringLiteral("broker.maxLength = 20")}
                                << QStringList{QStringLiteral("broker")} << QStringLiteral("broker.maxLength 20");
    QTest::addRow("words") << QStringList{QStringLiteral("consumer D added")} << QStringList{QString()}
                           << QStringLiteral("consumer D added");
    QTest::addRow("no owner") << QStringList{QStringLiteral("consumers[7].online = true")} << QStringList{QString()}
                              << QStringLiteral("online = true");
}

void TestCharts::markerShortLabel()
{
    QFETCH(QStringList, changes);
    QFETCH(QStringList, owners);
    QFETCH(QString, tag);
    QCOMPARE(ChangeLabel::shortLabel(changes, owners), tag);
}

void TestCharts::mergedLabelKeepsTheEditMark_data()
{
    QTest::addColumn<int>("zoom");  // presenting at 1280x720 at this zoom; 0: a 1280x720 window
    QTest::addRow("window") << 0;
    QTest::addRow("presenting 150%%") << 150;
}

void TestCharts::mergedLabelKeepsTheEditMark()
{
    // A trial at 1280x720: labels merged into "3 changes", one of them an edit by hand, and the
    // "✎" of the edit was lost from sight. A merged box with an edit keeps it (docs/design.md §8,
    // Charts). A later trial: "✎ 3 changes" stood at the timeline's line, cycles from the edit,
    // where the lesson panel counted one edit. Now the timeline's labels merge among themselves
    // first, the edit keeping its own label at its own line; where an edit has to share a label
    // with the timeline's changes, the label counts them apart ("2 timeline changes, ✎ 1 edit").
    QFETCH(int, zoom);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-consumers-offline.json"), QSize(1280, 720));
    QVERIFY(w.exposed());
    MainWindow &window = w.window;
    if (zoom > 0) {
        w.presentAt(QSize(1280, 720), zoom);
        if (QTest::currentTestFailed())
            return;
    }
    w.runLesson(115);
    QCOMPARE(editThenRun(w, 0, QStringLiteral("threshold"), 5, 2), QString());
    QCoreApplication::processEvents();
    ChartPanel *panel = window.chartPanel();
    QCOMPARE(panel->liveEditMarkers().size(), 1);
    int checked = 0;
    for (TimeSeriesChart *chart : ShownCharts(panel)) {
        const QStringList texts = chart->markerTexts();
        const QStringList tips = chart->markerLabelToolTips();
        const QList<QRectF> rects = chart->markerLabelRects();
        const QString what = chart->title() + QStringLiteral(": ") + texts.join(QStringLiteral(" | "));
        for (qsizetype i = 0; i < texts.size(); ++i) {
            if (!tips.at(i).contains(QLatin1String("by hand")))
                continue;
            ++checked;
            QVERIFY2(texts.at(i).contains(QStringLiteral("✎")), qPrintable(what));
            QVERIFY2(!texts.at(i).contains(QLatin1String("changes")) || texts.at(i).contains(QLatin1String("timeline change")), qPrintable(what));
            if (tips.at(i).count(QLatin1String("\n\n")) == 0) {
                // Its own label, beside its own line.
                const qreal line = chart->markerLines().at(i).x1();
                QVERIFY2(std::min(std::abs(rects.at(i).left() - line), std::abs(rects.at(i).right() - line)) <= 6
                             || (rects.at(i).left() <= line && rects.at(i).right() >= line),
                         qPrintable(what + QStringLiteral(": line at %1").arg(line)));
            } else {
                QVERIFY2(texts.at(i).contains(QLatin1String("timeline change")) && texts.at(i).contains(QLatin1String("1 edit")), qPrintable(what));
            }
        }
    }
    QVERIFY2(checked >= 1, "no chart showed the edit");
}

void TestCharts::mergedLabelsCountEditsApart()
{
    // A label that has to hold both the timeline's changes and an edit by hand counts them apart
    // ("1 timeline change, ✎ 1 edit"; "✎ 2 changes" read as two edits where the lesson panel
    // counted one). Charts of every height from roomy to cramped: a label holding the edit
    // always shows "✎"; "changes" alone only where no edit is among them.
    TimeSeriesChart chart;
    chart.setTitle(QStringLiteral("Queue depth"));
    chart.setAxisTitles(QStringLiteral("cycle"), QStringLiteral("messages"));
    chart.addSeries(QStringLiteral("queued"), Qt::darkGreen);
    chart.setXRange(0, 120);
    chart.setYRange(0, 100);
    chart.setMarkers({{100, QStringLiteral("A, B, C · online = false"), {}, ChartMarker::Kind::Timeline, QStringLiteral("online = false")},
                      {104, QStringLiteral("✎ A · threshold = 5"), QStringLiteral("A · threshold = 5, by hand"), ChartMarker::Kind::LiveEdit, QStringLiteral("✎ A.threshold 5")}});
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    bool mixed = false;
    for (int height = 300; height >= 110; height -= 10) {
        chart.resize(320, height);
        for (int pass = 0; pass < 3; ++pass)
            QCoreApplication::processEvents();
        const QStringList texts = chart.markerTexts();
        const QStringList tips = chart.markerLabelToolTips();
        const QString what = QStringLiteral("%1 px: '%2'").arg(height).arg(texts.join(QStringLiteral("' '")));
        for (qsizetype i = 0; i < texts.size(); ++i) {
            if (!tips.at(i).contains(QLatin1String("by hand")))
                continue;
            QVERIFY2(texts.at(i).contains(QStringLiteral("✎")), qPrintable(what));
            if (tips.at(i).contains(QLatin1String("online = false"))) {
                QCOMPARE(texts.at(i), QStringLiteral("1 timeline change, ✎ 1 edit"));
                mixed = true;
            }
        }
    }
    QVERIFY2(mixed, "no height made the edit share the timeline's label");
}

void TestCharts::markerLabelNamesWhose_data()
{
    QTest::addColumn<QString>("lesson");
    QTest::addColumn<int>("cycles");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("path");
    QTest::addRow("ttl-moved") << QStringLiteral(":/scenarios/lesson-ttl-moved.json") << 70
                               << QStringLiteral("A, B, C · low = 4") << QStringLiteral("consumers[2].strategy.low = 4");
    QTest::addRow("poison message") << QStringLiteral(":/scenarios/lesson-poison-message.json") << 200
                                    << QStringLiteral("broker · deliveryLimit = 5") << QStringLiteral("broker.deliveryLimit = 5");
}

void TestCharts::markerLabelNamesWhose()
{
    // A marker read "c60: consumers[0,1,2].strategy.low = 4", words that say nothing to a class;
    // now it names whose setting changed, "A, B, C · low = 4", the paths in its tooltip. In the
    // charts of a 1024x768 window its label is drawn whole, wrapped if need be, never elided.
    QFETCH(QString, lesson);
    QFETCH(int, cycles);
    QFETCH(QString, label);
    QFETCH(QString, path);
    ScenarioWindow w(lesson, QSize(1024, 768));
    QVERIFY(w.exposed());
    MainWindow &window = w.window;
    w.runLesson(cycles);
    ChartPanel *panel = window.chartPanel();
    panel->updateAllCharts();
    QCoreApplication::processEvents();
    const QList<ChartMarker> markers = panel->timelineMarkers();
    const auto marker = std::find_if(markers.begin(), markers.end(), [&](const ChartMarker &m) { return m.label == label; });
    QStringList labels;
    for (const ChartMarker &m : markers)
        labels << m.label;
    QVERIFY2(marker != markers.end(), qPrintable(labels.join(QStringLiteral(" | "))));
    QVERIFY2(marker->toolTip.contains(path), qPrintable(marker->toolTip));
    QVERIFY(!marker->label.contains(QLatin1String("consumers[")));
    // A live edit names its consumer the same way.
    window.setupEditor()->setConsumerOnline(0, false);
    const QString first = window.simulation()->consumers().front()->name;
    QCOMPARE(panel->liveEditMarkers().constLast().label, QStringLiteral("✎ %1 · online = false").arg(first));
    // Drawn whole in every time chart on screen: no "…", the lines are the label's words.
    w.runLesson(2);
    panel->updateAllCharts();
    QCoreApplication::processEvents();
    int drawn = 0;
    for (TimeSeriesChart *chart : panel->timeCharts()) {
        if (!chart->isVisible())
            continue;
        QVERIFY2(chart->width() < 600, qPrintable(QString::number(chart->width())));
        const QList<ChartMarker> shown = chart->markers();
        const QStringList texts = chart->markerTexts();
        for (qsizetype i = 0; i < shown.size(); ++i) {
            if (texts.at(i).isEmpty())
                continue;  // outside the x range
            ++drawn;
            QVERIFY2(!texts.at(i).contains(QChar(0x2026)), qPrintable(texts.at(i)));
            QCOMPARE(QString(texts.at(i)).replace(QLatin1Char('\n'), QLatin1Char(' ')), shown.at(i).label);
        }
    }
    QVERIFY(drawn >= 2);
}

void TestCharts::axesMoveOnlyWhenBoundsMove()
{
    ChartRig rig(QStringLiteral("default.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.advance(50);
    const QPointF y = rig.panel.queueDepthChart()->yRange();
    const QPointF x = rig.panel.queueDepthChart()->xRange();
    // A refresh without new cycles changes nothing; one more cycle moves no bound before the
    // window is full, and the y bound is a round number above the data.
    rig.panel.refresh(rig.feed.take());
    QCOMPARE(rig.panel.queueDepthChart()->yRange(), y);
    rig.advance(1);
    QCOMPARE(rig.panel.queueDepthChart()->xRange(), x);
    QCOMPARE(ChartPanel::niceCeiling(7), 10.0);
    QCOMPARE(ChartPanel::niceCeiling(11), 15.0);
    QCOMPARE(ChartPanel::niceCeiling(567), 750.0);
    QCOMPARE(ChartPanel::niceCeiling(1001), 1500.0);
}

void TestCharts::exportPngAndSvg()
{
    ChartRig rig(QStringLiteral("lesson-ttl-moved.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.advance(100);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    const QString png = dir.filePath(QStringLiteral("charts.png"));
    QCOMPARE(ChartExport::writePng(rig.panel, png), QString());
    QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), ChartExport::size());
    // Not blank: the lines drawn leave many colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));

    const QString svg = dir.filePath(QStringLiteral("charts.svg"));
    QCOMPARE(ChartExport::writeSvg(rig.panel, svg), QString());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int elements = 0;
    int texts = 0;
    bool marker = false;
    QString root;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (root.isEmpty())
                root = xml.name().toString();
            ++elements;
            if (xml.name() == QLatin1String("text")) {
                ++texts;
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                marker = marker || text.contains(QLatin1String("low = 4"));
            }
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(root, QStringLiteral("svg"));
    QVERIFY(elements > 100);
    QVERIFY(texts > 20);
    QVERIFY(marker);  // the timeline marker's label is drawn

    // A folder that does not exist: an error in words, nothing written.
    const QString bad = dir.filePath(QStringLiteral("missing/charts.png"));
    QVERIFY(!ChartExport::writePng(rig.panel, bad).isEmpty());
    QVERIFY(!QFile::exists(bad));
}

void TestCharts::clearedOnNewScenario()
{
    ChartRig rig(QStringLiteral("lesson-ttl-moved.json"));
    QCOMPARE(rig.problems, QStringList());
    rig.advance(80);
    QVERIFY(!rig.panel.timelineMarkers().isEmpty());
    rig.sim.reset();
    QVERIFY(rig.panel.queueDepthChart()->points(0).isEmpty());
    QVERIFY(rig.panel.timelineMarkers().isEmpty());
    rig.advance(3);
    QCOMPARE(rig.panel.flowChart()->points(ChartPanel::ProcessedSeries).size(), 3);
    QCOMPARE(rig.panel.flowChart()->points(ChartPanel::ProcessedSeries).first().x(), 0.0);
}

void TestCharts::fileExportMenu()
{
    MainWindow window;
    window.setShowDialogs(false);
    PL_VERIFY_OK(window.openScenarioFile(QStringLiteral(":/scenarios/lesson-ttl-moved.json")));
    for (int i = 0; i < 70; ++i)
        window.simulation()->step();
    window.refreshViews();

    // File > Export holds the four exports.
    auto *menu = window.findChild<ExportMenu *>();
    QVERIFY(menu);
    QMenu *file = nullptr;
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && action->text() == QLatin1String("&File"))
            file = action->menu();
    }
    QVERIFY(file);
    QVERIFY(file->actions().contains(menu->menuAction()));
    QStringList texts;
    for (QAction *action : menu->actions()) {
        if (!action->isSeparator())
            texts << action->text();
    }
    QCOMPARE(texts, (QStringList{QStringLiteral("Charts as &PNG…"), QStringLiteral("Charts as &SVG…"),
                                 QStringLiteral("&Metrics as CSV…"), QStringLiteral("&Events as JSON Lines…")}));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // CSV: a header and one row per cycle.
    const QString csv = dir.filePath(QStringLiteral("metrics.csv"));
    QCOMPARE(menu->writeMetricsCsv(csv), QString());
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = csvFile.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 71);
    QVERIFY(rows.first().startsWith("cycle,queueDepth,"));
    // JSON Lines: the event log's events, each line an object.
    const QString jsonl = dir.filePath(QStringLiteral("events.jsonl"));
    QCOMPARE(menu->writeEventsJsonLines(jsonl), QString());
    QFile jsonlFile(jsonl);
    QVERIFY(jsonlFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = jsonlFile.readAll().trimmed().split('\n');
    QVERIFY(lines.size() > 100);
    for (const QByteArray &line : lines)
        QVERIFY(QJsonDocument::fromJson(line).isObject());
    // Charts: PNG and SVG through the same menu.
    QCOMPARE(menu->writeChartsPng(dir.filePath(QStringLiteral("c.png"))), QString());
    QCOMPARE(QImage(dir.filePath(QStringLiteral("c.png"))).size(), ChartExport::size());
    QCOMPARE(menu->writeChartsSvg(dir.filePath(QStringLiteral("c.svg"))), QString());
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("c.svg"))).size() > 1000);
    // A file that cannot be written: the error names it.
    const QString bad = dir.filePath(QStringLiteral("missing/metrics.csv"));
    QVERIFY(menu->writeMetricsCsv(bad).contains(QLatin1String("metrics.csv")));
}

void TestCharts::zoomedChartsGetTheirRoom()
{
    // Two charts side by side at the normal size; zoomed to 150 % their labels need more room,
    // so the same width shows one chart at a time; back at 100 % two again.
    ChartRig rig(QStringLiteral("default.json"));
    Zoom zoom;
    QVERIFY(TestSupport::shownAt(rig.panel, 2 * rig.panel.chartWidth() + 20, 300));
    QCOMPARE(rig.panel.chartsPerPage(), 2);
    const int normal = rig.panel.chartWidth();
    // And taller: a short plot elides zoomed axis labels to "...".
    TimeSeriesChart *chart = rig.panel.queueDepthChart();
    const int height = chart->minimumSizeHint().height();
    zoom.setPercent(150);
    QVERIFY(rig.panel.chartWidth() > normal * 1.3);
    QCOMPARE(rig.panel.chartsPerPage(), 1);
    QVERIFY2(chart->minimumSizeHint().height() > height * 1.3,
             qPrintable(QStringLiteral("%1 -> %2").arg(height).arg(chart->minimumSizeHint().height())));
    zoom.actualSize();
    QCOMPARE(rig.panel.chartsPerPage(), 2);
    QCOMPARE(chart->minimumSizeHint().height(), height);
}

void TestCharts::shortTabTitles()
{
    // One chart a page: five tabs with short titles (they fit a narrow dock); each tab's tool tip
    // names its chart in full before explaining it.
    ChartRig rig(QStringLiteral("default.json"));
    rig.panel.setOneChartAtATime(true);
    QVERIFY(TestSupport::shownAt(rig.panel, 500, 300));
    auto *tabs = rig.panel.findChild<QTabBar *>();
    QVERIFY(tabs);
    QStringList titles;
    for (int i = 0; i < tabs->count(); ++i)
        titles << tabs->tabText(i);
    QCOMPARE(titles, QStringList({"Depth", "Decisions", "Latency", "Throughput", "Deliveries"}));
    QVERIFY2(tabs->tabToolTip(0).startsWith(QStringLiteral("Queue depth\nMessages waiting")), qPrintable(tabs->tabToolTip(0)));
    QVERIFY(tabs->tabToolTip(4).startsWith(rig.panel.findChildren<BarChart *>().value(0)->accessibleName() + '\n'));
}

void TestCharts::axesResetWithTheNewRun()
{
    // A trial opened another lesson and the charts kept the previous lesson's y range: the axes
    // shrink only when the data fall well below them (ChartPanel::fitYAxis()), and the new run's
    // first cycles were measured against the old run's bound. After a load, every chart's axes
    // are those of a panel that saw only the new run: at once, and after its cycles.
    const QList<QPair<QString, QString>> pairs{
            {QStringLiteral("default.json"), QStringLiteral("lesson-ttl-moved.json")},
            {QStringLiteral("lesson-aging.json"), QStringLiteral("default.json")},
            {QStringLiteral("lesson-expiry-without-consumers.json"), QStringLiteral("lesson-aging.json")},
            // The trial's queue depth: up to 15 kept until the next refresh, then up to 20 kept.
            {QStringLiteral("lesson-prefetch-hides-priority.json"), QStringLiteral("lesson-max-length-drops-urgent.json")},
            {QStringLiteral("lesson-max-length-drops-urgent.json"), QStringLiteral("lesson-ttl-moved.json")}};
    for (const auto &[before, after] : pairs) {
        ChartRig rig(before);
        QCOMPARE(rig.problems, QStringList());
        rig.advance(150);
        ChartRig fresh(after);
        QCOMPARE(fresh.problems, QStringList());
        const QList<TimeSeriesChart *> charts{rig.panel.queueDepthChart(), rig.panel.flowChart(),
                                              rig.panel.latencyChart(), rig.panel.throughputChart()};
        const QList<TimeSeriesChart *> freshCharts{fresh.panel.queueDepthChart(), fresh.panel.flowChart(),
                                                   fresh.panel.latencyChart(), fresh.panel.throughputChart()};
        PL_VERIFY_OK(rig.sim.load(loadPreset(after)));
        fresh.panel.refresh(fresh.feed.take());
        for (int cycles : {0, 1, 10, 40}) {
            if (cycles > 0) {
                rig.advance(cycles);
                fresh.advance(cycles);
            }
            for (qsizetype i = 0; i < charts.size(); ++i) {
                const QString where = QStringLiteral("%1 after %2, %3 more cycles, %4").arg(after, before).arg(cycles).arg(charts.at(i)->title());
                QVERIFY2(charts.at(i)->yRange() == freshCharts.at(i)->yRange(),
                         qPrintable(QStringLiteral("%1: y up to %2, a fresh panel's %3").arg(where).arg(charts.at(i)->yRange().y()).arg(freshCharts.at(i)->yRange().y())));
                QCOMPARE(charts.at(i)->xRange(), freshCharts.at(i)->xRange());
            }
            QCOMPARE(rig.panel.deliveriesChart()->yRange(), fresh.panel.deliveriesChart()->yRange());
        }
    }
}

void TestCharts::closeMarkerLabelsStackAt1024()
{
    // A trial presenting the poison lesson's step 5 at 1024x768 after Ctrl+0: the latency chart's
    // timeline markers at cycles 150 and 155 had their labels side by side, each wrapped onto
    // three lines in a box too narrow for it ("broker ·" / "deliveryLimit" / "= 5"). Labels of
    // markers too close for both to sit whole beside their lines stack, one above the other,
    // each on one line (docs/design.md §8).
    QFETCH(int, zoom);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-poison-message.json"));
    QVERIFY(w.at1024(zoom, 160));
    ChartPanel *panel = w.window.chartPanel();
    for (const QString &name : {QStringLiteral("latency"), QStringLiteral("depth")}) {
        auto *chart = qobject_cast<TimeSeriesChart *>(panel->showChart(name));
        QVERIFY(chart);
        panel->updateAllCharts();
        QTRY_VERIFY(chart->isVisible());
        QTRY_VERIFY(chart->plotArea().top() > 0);
        turnEventLoop(5);
        const QList<ChartMarker> markers = chart->markers();
        const QStringList texts = chart->markerTexts();
        const QList<QRectF> rects = chart->markerLabelRects();
        QCOMPARE(markers.size(), 2);  // the timeline's changes at cycles 150 and 155
        const QString what = QStringLiteral("%1 at %2 px wide: '%3'").arg(name).arg(chart->width()).arg(texts.join(QStringLiteral("' '")));
        for (qsizetype i = 0; i < markers.size(); ++i) {
            QVERIFY2(!rects.at(i).isEmpty(), qPrintable(what));
            QVERIFY2(texts.at(i) == markers.at(i).label, qPrintable(what + QStringLiteral(": not whole on one line")));
        }
        QVERIFY2(rects.at(0).bottom() <= rects.at(1).top() || rects.at(1).bottom() <= rects.at(0).top(), qPrintable(what));
        if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
            chart->grab().save(QStringLiteral("/tmp/markers-%1-%2.png").arg(name).arg(zoom));
    }
}

QTEST_MAIN(TestCharts)
void TestCharts::axisLabelsWholeInAShortChart()
{
    // At 1280x720 with a lesson open the chart dock is about 60 px high. Qt Charts writes a value
    // axis label that has less than a line of room as "…": a keyboard-only trial could not read
    // the latency axis the lesson talked about ("orders wait up to 9 cycles", poison lesson at
    // cycle 150). The axes give a short chart fewer ticks instead, every label whole.
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-poison-message.json"), QSize(1280, 690));
    QVERIFY(w.exposed());
    MainWindow &window = w.window;
    w.runLesson(150);
    ChartPanel *panel = window.chartPanel();
    int checked = 0;
    for (TimeSeriesChart *chart : ShownCharts(panel)) {
        ++checked;
        QVERIFY2(chart->height() < 200, qPrintable(QString::number(chart->height())));  // a short chart, as seen
        QStringList labels;
        for (QGraphicsItem *item : chart->findChild<QGraphicsView *>()->scene()->items()) {
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
                labels << text->toPlainText();
        }
        QVERIFY2(!labels.isEmpty(), qPrintable(chart->title()));
        for (const QString &label : std::as_const(labels))
            QVERIFY2(!label.endsWith(QLatin1String("...")) && !label.endsWith(QChar(0x2026)), qPrintable(chart->title() + QStringLiteral(": ") + labels.join(QStringLiteral(" | "))));
    }
    QVERIFY(checked >= 3);
}

void TestCharts::xAxisKeepsTwoLabelsInANarrowDock()
{
    // A teacher's trial at 1024x768, the poison lesson's steps 4 to 6, the Charts list on
    // Latency: the plot beside its legend was about 120 px wide and the x axis showed only "0"
    // (one interval asked for, rounded up past the range's end). Every time chart at that width
    // keeps at least two whole numbers on its x axis, the range's start and a later cycle.
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-poison-message.json"), QSize(1024, 740));
    QVERIFY(w.exposed());
    w.window.lessonPanel()->runCycles(160);
    w.window.refreshViews();
    ChartPanel *panel = w.window.chartPanel();
    const QStringList names{QStringLiteral("depth"), QStringLiteral("decisions"), QStringLiteral("latency"),
                            QStringLiteral("throughput")};
    for (const QString &name : names) {
        auto *chart = qobject_cast<TimeSeriesChart *>(panel->showChart(name));
        QVERIFY(chart);
        panel->updateAllCharts();
        QTRY_VERIFY(chart->isVisible());
        turnEventLoop(5);
        const QRectF plot = chart->plotArea();
        QStringList numbers;
        for (QGraphicsItem *item : chart->findChild<QGraphicsView *>()->scene()->items()) {
            auto *text = dynamic_cast<QGraphicsTextItem *>(item);
            if (!text || !text->isVisible())
                continue;
            const QRectF where = text->sceneBoundingRect();
            bool number = false;
            text->toPlainText().toInt(&number);
            if (number && where.top() >= plot.bottom() - 2 && where.center().x() >= plot.left() - 20)
                numbers << text->toPlainText();
        }
        if (qEnvironmentVariableIsSet("PL_CHART_SHOTS"))
            w.window.grab().save(QStringLiteral("%1/narrow-%2.png").arg(qEnvironmentVariable("PL_CHART_SHOTS"), name));
        QVERIFY2(numbers.size() >= 2, qPrintable(QStringLiteral("%1, plot %2 px wide: x labels %3")
                                                         .arg(name).arg(plot.width()).arg(numbers.join(QStringLiteral(", ")))));
    }
}

void TestCharts::barLabelsNeverElided_data()
{
    QTest::addColumn<int>("cycles");
    QTest::newRow("step 2's end, one bar at 11") << 30;
    QTest::newRow("later, bars at 1 and 11") << 120;
}

void TestCharts::barLabelsNeverElided()
{
    // A teacher's trial at 1024x768 in the window, lesson-delayed-retry step 2 ("all 60 in the
    // bar at 11"): the Deliveries chart's x axis read 1 2 … 9 "…" "…", the bar of 60 labelled
    // "…". A bar chart draws fewer category labels, or upright ones, never an elided one, and
    // always those of the bars that are not 0 (docs/design.md §8, Charts).
    QFETCH(int, cycles);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-delayed-retry.json"), QSize(1024, 740));
    QVERIFY(w.exposed());
    w.runLesson(cycles);
    ChartPanel *panel = w.window.chartPanel();
    auto *bars = qobject_cast<BarChart *>(panel->showChart(QStringLiteral("deliveries")));
    QVERIFY(bars);
    panel->updateAllCharts();
    QTRY_VERIFY(bars->isVisible());
    turnEventLoop(5);
    if (qEnvironmentVariableIsSet("PL_CHART_SHOTS"))
        bars->grab().save(QStringLiteral("%1/bars-%2.png").arg(qEnvironmentVariable("PL_CHART_SHOTS")).arg(cycles));
    const QStringList categories = bars->categories();
    const QList<qreal> values = bars->values();
    QVERIFY2(categories.size() >= 11, qPrintable(categories.join(' ')));
    const QRectF plot = bars->plotArea();
    QStringList drawn;  // the x axis's labels as Qt Charts draws them
    for (QGraphicsItem *item : bars->findChild<QGraphicsView *>()->scene()->items(Qt::AscendingOrder)) {
        auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        if (text && text->isVisible() && text->sceneBoundingRect().top() >= plot.bottom() - 2
            && !text->toPlainText().trimmed().isEmpty())
            drawn << text->toPlainText();
    }
    const QString seen = QStringLiteral("plot %1 px wide, labels %2 (shown: %3)").arg(plot.width()).arg(drawn.join(QStringLiteral(" | ")), bars->shownCategoryLabels().join(QLatin1Char(',')));
    for (const QString &label : std::as_const(drawn))
        QVERIFY2(!label.contains(QChar(0x2026)) && !label.contains(QLatin1String("...")), qPrintable(seen));
    const QStringList shown = bars->shownCategoryLabels();
    QCOMPARE(shown.size(), categories.size());
    for (qsizetype i = 0; i < categories.size(); ++i) {
        if (values.at(i) != 0) {
            QCOMPARE(shown.at(i), categories.at(i));
            QVERIFY2(drawn.contains(categories.at(i)), qPrintable(categories.at(i) + QStringLiteral(": ") + seen));
        }
    }
    QVERIFY2(values.last() > 0 && drawn.contains(QStringLiteral("11")), qPrintable(seen));
}

void TestCharts::barLabelsThinOutWhereTheyDoNotFit()
{
    // Categories too many for their labels side by side: fewer are drawn, whole, always those
    // of the bars that are not 0; where even those would touch, upright (docs/design.md §8).
    BarChart bars;
    bars.resize(720, 200);
    bars.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bars));
    QStringList categories;
    for (int i = 1; i <= 40; ++i)
        categories << QString::number(i);
    QList<qreal> values(40, 0);
    values[0] = 5;
    values[22] = 7;
    bars.setBars(categories, values);
    turnEventLoop(5);
    QStringList shown = bars.shownCategoryLabels();
    QCOMPARE(shown.size(), 40);
    QCOMPARE(shown.at(0), QStringLiteral("1"));
    QCOMPARE(shown.at(22), QStringLiteral("23"));
    QVERIFY2(shown.count(QString()) >= 10, qPrintable(shown.join(',')));
    QCOMPARE(bars.categoryLabelsAngle(), 0.0);
    QStringList drawn;
    for (QGraphicsItem *item : bars.findChild<QGraphicsView *>()->scene()->items()) {
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
            drawn << text->toPlainText();
    }
    for (const QString &label : std::as_const(drawn))
        QVERIFY2(!label.contains(QChar(0x2026)) && !label.contains(QLatin1String("...")), qPrintable(drawn.join('|')));
    QVERIFY(drawn.contains(QStringLiteral("23")));
    // Two bars side by side whose labels cannot both lie level: upright.
    values[23] = 3;
    bars.setBars(categories, values);
    turnEventLoop(5);
    shown = bars.shownCategoryLabels();
    QCOMPARE(bars.categoryLabelsAngle(), -90.0);
    QCOMPARE(shown.at(22), QStringLiteral("23"));
    QCOMPARE(shown.at(23), QStringLiteral("24"));
    if (qEnvironmentVariableIsSet("PL_CHART_SHOTS"))
        bars.grab().save(QStringLiteral("%1/bars-thin.png").arg(qEnvironmentVariable("PL_CHART_SHOTS")));
}

void TestCharts::zoomedChartsStayReadable_data()
{
    QTest::addColumn<int>("zoom");
    QTest::addColumn<QSize>("size");
    // 1280x720 and 1024x768 screens, less the window's frame and title. At 1024x768 beyond
    // 120 % a chart of four series was too narrow for its legend's entries (Qt Charts elided
    // them, "proces…") and the marker labels took half the plot (a teacher's trial): the entries
    // are shortened ("proc.") and the labels are short tags.
    for (const int zoom : {100, 120, 130, 140, 150})
        QTest::addRow("1280x660 at %d %%", zoom) << zoom << QSize(1280, 660);
    // (At 150 % the latency chart's "mid 4–6" still has no room beside or below its plot.)
    for (const int zoom : {100, 120, 130, 140})
        QTest::addRow("1024x740 at %d %%", zoom) << zoom << QSize(1024, 740);
}

void TestCharts::zoomedChartsStayReadable()
{
    // A keyboard-only trial at 1280x720, zoomed to 130 %, lesson-ttl-moved at step 4 with a live
    // edit: the depth chart's y-axis title read "mes…", its x-axis labels "…", and the marker
    // labels' band (two rows) above the chart's title left a plot about 50 px high. Now every
    // axis text is whole (fewer x ticks where the labels would not fit, the y title dropped where
    // it is longer than the plot is high), the chart's title gives the band its place, and the
    // plot keeps its minimum height.
    QFETCH(int, zoom);
    QFETCH(QSize, size);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), size);
    QVERIFY(w.exposed());
    MainWindow &window = w.window;
    const auto actualSize = qScopeGuard([&window] { window.zoom()->actualSize(); });
    window.zoom()->setPercent(zoom);
    window.lessonPanel()->runCycles(125);  // the timeline's change at 60, step 4's at 100
    QCOMPARE(editThenRun(w, 1, QStringLiteral("high"), 9, 5), QString());
    ChartPanel *panel = window.chartPanel();
    QCOMPARE(panel->timelineMarkers().size(), 2);
    QCOMPARE(panel->liveEditMarkers().size(), 1);
    int checked = 0;
    for (TimeSeriesChart *chart : ShownCharts(panel)) {
        ++checked;
        const QString what = chart->title() + QStringLiteral(" (%1 px high)").arg(chart->height());
        if (qEnvironmentVariableIsSet("PL_CHART_SHOTS"))
            chart->grab().save(QStringLiteral("%1/%2-%3x%4-%5.png").arg(qEnvironmentVariable("PL_CHART_SHOTS")).arg(zoom).arg(size.width()).arg(size.height()).arg(checked));
        // Every axis text whole.
        QStringList texts;
        for (QGraphicsItem *item : chart->findChild<QGraphicsView *>()->scene()->items()) {
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->isVisible())
                texts << text->toPlainText();
        }
        for (const QString &text : std::as_const(texts))
            QVERIFY2(!text.contains(QLatin1String("...")) && !text.contains(QChar(0x2026)),
                     qPrintable(what + QStringLiteral(": ") + texts.join(QStringLiteral(" | "))));
        QVERIFY2(texts.size() >= 4, qPrintable(what + QStringLiteral(": ") + texts.join(QStringLiteral(" | "))));
        QVERIFY2(chart->yAxisTitleFits(), qPrintable(what));
        // The chart keeps its title above the markers' band (the band once took the title's row
        // and the chart lost its name; a trial asked for it back); the plot keeps its minimum
        // height (less a few pixels where rows of labels stack).
        QVERIFY2(chart->isTitleShown(), qPrintable(what));
        QVERIFY2(chart->plotArea().height() >= 0.9 * chart->minimumPlotHeight(),
                 qPrintable(what + QStringLiteral(": plot %1 px, minimum %2 px").arg(chart->plotArea().height()).arg(chart->minimumPlotHeight())));
        // The marker labels take at most a third of the chart (short tags where whole labels would
        // take more).
        // (From the top of the labels: the title's row above them is not theirs.)
        qreal top = std::numeric_limits<qreal>::max();
        qreal bottom = 0;
        for (const QRectF &rect : chart->markerLabelRects()) {
            if (!rect.isEmpty()) {
                top = std::min(top, rect.top());
                bottom = std::max(bottom, rect.bottom());
            }
        }
        const qreal band = bottom > 0 ? bottom - top + 4 : 0;
        QVERIFY2(band <= TimeSeriesChart::MaxBandShare * chart->height() + 4,
                 qPrintable(what + QStringLiteral(": labels' band %1 px (%2)").arg(band).arg(chart->markerTexts().join(QStringLiteral(" | ")))));
        // Every legend entry whole or shortened to words ("proc."), never elided.
        for (const QString &entry : chart->legendLabels())
            QVERIFY2(!entry.contains(QChar(0x2026)) && !entry.contains(QLatin1String("...")), qPrintable(what + QStringLiteral(": ") + entry));
    }
    QVERIFY(checked >= 1);
}

void TestCharts::layoutSettlesAtEverySize_data()
{
    QTest::addColumn<int>("zoom");
    QTest::addColumn<bool>("markers");
    for (const int zoom : {100, 110, 120, 130}) {
        QTest::addRow("%d %% with markers", zoom) << zoom << true;
        QTest::addRow("%d %% without", zoom) << zoom << false;
    }
}

void TestCharts::layoutSettlesAtEverySize()
{
    // A trial at 1024x768, paused: the latency chart's x-axis numbers and grid lines came and
    // went several times a second. Its plot was 130 px wide with one x interval, room for two,
    // and 125 px with two (Qt Charts keeps room for half the last label right of the plot), room
    // for one: each layout undid the last. At every width and height, with and without marker
    // labels, zoomed or not, a chart laid out once stays as it is while nothing changes.
    QFETCH(int, zoom);
    QFETCH(bool, markers);
    TimeSeriesChart chart;
    QFont font = chart.font();
    font.setPointSizeF(font.pointSizeF() * zoom / 100.0);
    chart.setFont(font);
    chart.setTitle(QStringLiteral("Latency (p50 solid, p95 dashed)"));
    chart.setAxisTitles(QStringLiteral("cycle"), QStringLiteral("cycles"));
    for (const QString &name : {QStringLiteral("high 7+"), QStringLiteral("mid 4–6"), QStringLiteral("low ≤3")}) {
        chart.addSeries(name, Qt::darkGreen);
        chart.setSeriesInLegend(chart.addSeries(name + QStringLiteral(" p95"), Qt::darkGreen, Qt::DashLine), false);
    }
    chart.addLegendKey(QStringLiteral("p50"), Qt::SolidLine);
    chart.addLegendKey(QStringLiteral("p95"), Qt::DashLine);
    chart.setXRange(0, 300);
    chart.setYRange(0, 150);
    chart.setPoints(0, {{0, 0}, {40, 10}, {70, 120}, {110, 30}});
    if (markers) {
        // lesson-consumers-offline at step 5.
        chart.setMarkers({{40, QStringLiteral("B, C · online = false"), {}, ChartMarker::Kind::Timeline, QStringLiteral("online = false")},
                          {90, QStringLiteral("B, C · online = true"), {}, ChartMarker::Kind::Timeline, QStringLiteral("online = true")},
                          {110, QStringLiteral("A, B, C · online = false"), {}, ChartMarker::Kind::Timeline, QStringLiteral("online = false")}});
    }
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QStringList unsettled;
    for (const int height : {170, 260}) {
        for (int width = 240; width <= 640; ++width) {
            chart.resize(width, height);
            for (int pass = 0; pass < 3; ++pass)
                QCoreApplication::processEvents();
            const QRectF settled = chart.plotArea();
            for (int pass = 0; pass < 4; ++pass) {
                QCoreApplication::processEvents();
                if (chart.plotArea() != settled) {
                    unsettled << QStringLiteral("%1x%2").arg(width).arg(height);
                    break;
                }
            }
        }
    }
    QVERIFY2(unsettled.isEmpty(), qPrintable(QStringLiteral("still laid out again at ") + unsettled.join(QLatin1Char(' '))));
}

void TestCharts::markerLabelsLeaveThePlotItsHeight()
{
    // A trial at 1280x720, lesson-consumers-offline at step 5: the labels of its three markers
    // (cycles 40, 90, 110) stacked in three rows, the plot was left about 80 px, the chart's
    // title was gone and the x axis's title and the legend's "p95" were cut by the status bar.
    // Now labels that would take the plot's room share one ("2 changes", each in the tooltip),
    // the title stays above them, and the plot keeps its minimum height.
    QFETCH(QSize, size);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-consumers-offline.json"), size);
    QVERIFY(w.exposed());
    MainWindow &window = w.window;
    window.lessonPanel()->runCycles(115);
    QCOMPARE(window.lessonPanel()->currentStep(), 4);  // step 5, "All three offline"
    window.refreshViews();
    ChartPanel *panel = window.chartPanel();
    int checked = 0;
    for (TimeSeriesChart *chart : ShownCharts(panel)) {
        ++checked;
        QCOMPARE(chart->markers().size(), 3);
        const QString what = QStringLiteral("%1 (%2 px high): '%3'").arg(chart->title()).arg(chart->height()).arg(chart->markerTexts().join(QStringLiteral("' '")));
        QVERIFY2(chart->isTitleShown(), qPrintable(what));
        QVERIFY2(chart->plotArea().height() >= chart->minimumPlotHeight(),
                 qPrintable(what + QStringLiteral(": plot %1 px, minimum %2 px").arg(chart->plotArea().height()).arg(chart->minimumPlotHeight())));
        // Every change is on a label or in its tooltip; no label over the plot.
        QStringList tips = chart->markerLabelToolTips();
        for (const ChartMarker &m : chart->markers())
            QVERIFY2(tips.join(QLatin1Char('\n')).contains(m.label.section(QStringLiteral(" · "), 1)), qPrintable(what + QStringLiteral(": ") + m.label));
        for (const QRectF &rect : chart->markerLabelRects())
            QVERIFY2(rect.isEmpty() || rect.bottom() <= chart->plotArea().top(), qPrintable(what));
        // The chart whole on screen: inside each of its parents, above the status bar.
        for (QWidget *parent = chart->parentWidget(); parent; parent = parent->parentWidget()) {
            const QRect inParent(chart->mapTo(parent, QPoint(0, 0)), chart->size());
            QVERIFY2(parent->rect().contains(inParent), qPrintable(what + QStringLiteral(": cut by ") + QString::fromLatin1(parent->metaObject()->className())));
        }
        QVERIFY2(chart->mapTo(&window, QPoint(0, chart->height())).y() <= window.statusBar()->y(), qPrintable(what));
    }
    QVERIFY(checked >= 1);
}

void TestCharts::stackedLabelsLeaveLegendAndAxisTitleWhole_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1280x700 (maximized at 1280x720)") << QSize(1280, 700);
    QTest::addRow("1280x660") << QSize(1280, 660);
    QTest::addRow("1024x740") << QSize(1024, 740);
}

void TestCharts::stackedLabelsLeaveLegendAndAxisTitleWhole()
{
    // A teacher's trial at 1280x720, lesson-aging past step 4 (its scripted aging change at cycle
    // 215) with a live edit at cycle 260: the edit's label stacked on the scripted one's, and
    // the two rows took the room of the latency chart's legend (its "p95" cut at the chart's
    // bottom) and of its x axis's title. The band never takes what the legend beside the plot
    // and the x axis's labels and title need (docs/design.md §8, Charts).
    AgingWindow w;
    QCOMPARE(w.editedAt(260, 0, QStringLiteral("agingStep"), 2, 14), QString());
    ChartPanel *panel = w.window.chartPanel();
    TimeSeriesChart *latency = panel->latencyChart();
    QTRY_VERIFY(latency->isVisible());
    turnEventLoop(5);
    QCOMPARE(panel->timelineMarkers().size(), 1);
    QCOMPARE(panel->liveEditMarkers().size(), 1);
    const QStringList texts = latency->markerTexts();
    const QList<QRectF> rects = latency->markerLabelRects();
    const QString what = QStringLiteral("%1x%2 px, labels '%3'").arg(latency->width()).arg(latency->height()).arg(texts.join(QStringLiteral("' '")));
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
        latency->grab().save(QStringLiteral("/tmp/stacked-%1x%2.png").arg(w.size.width()).arg(w.size.height()));
    // Every change is named, on a label or in its tooltip.
    const QString tips = latency->markerLabelToolTips().join(QLatin1Char('\n'));
    QVERIFY2(tips.contains(QStringLiteral("agingStep = 0")) && tips.contains(QStringLiteral("agingStep = 2")), qPrintable(what + QStringLiteral(": ") + tips));
    // The legend's entries and the axes' titles as drawn: each whole, inside the chart and
    // inside whatever clips it (the legend clips its entries to its own box).
    QGraphicsView *view = latency->findChild<QGraphicsView *>();
    QVERIFY(view);
    const QRectF seen = view->mapToScene(view->viewport()->rect()).boundingRect();
    QStringList drawn;
    QStringList cut;
    for (QGraphicsItem *item : view->scene()->items()) {
        auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        if (!text || !text->isVisible() || text->toPlainText().isEmpty())
            continue;
        const QRectF rect = text->sceneBoundingRect();
        drawn << text->toPlainText();
        bool whole = seen.adjusted(-0.5, -0.5, 0.5, 0.5).contains(rect);
        for (QGraphicsItem *parent = item->parentItem(); parent && whole; parent = parent->parentItem()) {
            if (parent->flags() & QGraphicsItem::ItemClipsChildrenToShape)
                whole = parent->sceneBoundingRect().adjusted(-0.5, -0.5, 0.5, 0.5).contains(rect);
        }
        if (!whole || text->toPlainText().endsWith(QChar(0x2026)) || text->toPlainText().endsWith(QLatin1String("...")))
            cut << text->toPlainText();
    }
    for (const QString &entry : {QStringLiteral("p50"), QStringLiteral("p95"), QStringLiteral("cycle")})
        QVERIFY2(drawn.contains(entry), qPrintable(what + QStringLiteral(": '%1' not drawn; drawn: %2").arg(entry, drawn.join(QStringLiteral(" | ")))));
    QVERIFY2(cut.isEmpty(), qPrintable(what + QStringLiteral(": cut: ") + cut.join(QStringLiteral(" | "))));
    for (const QRectF &rect : rects)
        QVERIFY2(rect.isEmpty() || rect.bottom() <= latency->plotArea().top(), qPrintable(what));
}

void TestCharts::crampedChartsKeepAReadablePlot_data()
{
    addClassroomWindowSizes();
    QTest::addRow("1024x768") << QSize(1024, 768);
    QTest::addRow("1024x700") << QSize(1024, 700);
}

void TestCharts::crampedChartsKeepAReadablePlot()
{
    // A teacher's trial at 1024x768 in the window, lesson-consumers-offline at step 5: the
    // latency chart stacked its three markers' whole labels ("B, C · online = false", ...) in
    // three rows above a plot of about 120x90 px. The band was measured against the chart's
    // whole height (axes, title and all), its short tags would have stacked the same (the lines
    // are close) so they were refused, and the plot kept its minimum height, so nothing merged.
    // Over a plot narrow for its labels, a band that takes more than MaxBandShare of the
    // height it shares with the plot has the closest labels share one: the plot is at least
    // twice as high as the labels' rows, or they are one row (docs/design.md §8, Charts).
    QFETCH(QSize, size);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-consumers-offline.json"), size);
    QVERIFY(w.exposed());
    w.runLesson(115);
    QCOMPARE(w.window.lessonPanel()->currentStep(), 4);  // step 5, "All three offline"
    ChartPanel *panel = w.window.chartPanel();
    int checked = 0;
    for (TimeSeriesChart *chart : ShownCharts(panel)) {
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
        ++checked;
        QCOMPARE(chart->markers().size(), 3);
        const QStringList texts = chart->markerTexts();
        const QList<QRectF> rects = chart->markerLabelRects();
        qreal top = std::numeric_limits<qreal>::max();
        qreal bottom = 0;
        qreal rowHeight = 0;
        for (const QRectF &rect : rects) {
            if (!rect.isEmpty()) {
                top = std::min(top, rect.top());
                bottom = std::max(bottom, rect.bottom());
                rowHeight = std::max(rowHeight, rect.height());
            }
        }
        const qreal band = bottom > 0 ? bottom - top : 0;
        const qreal plot = chart->plotArea().height();
        const QString what = QStringLiteral("%1 %2x%3 px, plot %4x%5: '%6', band %7 px")
                                     .arg(chart->title()).arg(chart->width()).arg(chart->height())
                                     .arg(chart->plotArea().width()).arg(plot)
                                     .arg(texts.join(QStringLiteral("' '"))).arg(band);
        if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
            chart->grab().save(QStringLiteral("/tmp/cramped-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(checked));
        QVERIFY2(bottom <= chart->plotArea().top(), qPrintable(what));
        // The plot at least twice as high as the labels' rows over it, or one row.
        QVERIFY2(band <= rowHeight + 1 || plot >= 2 * band, qPrintable(what));
        // Every change named, on a label or in its tooltip.
        const QString tips = chart->markerLabelToolTips().join(QLatin1Char('\n'));
        for (const ChartMarker &m : chart->markers())
            QVERIFY2(tips.contains(m.label.section(QStringLiteral(" · "), 1)), qPrintable(what + QStringLiteral(": ") + m.label));
    }
    QVERIFY(checked >= 1);
}

void TestCharts::editLabelWholeWhereItFits()
{
    // A teacher's trial at 1024x768, lesson-consumers-offline at its last step: A's Online box
    // ticked by hand was labelled "✎ A.online true", its short tag, though the chart had room
    // for "✎ A · online = true": once two timeline labels shared one, every label of its own
    // went to its short tag. A label gets its whole text back wherever that takes no more room
    // (docs/design.md §8, Charts).
    QFETCH(QSize, size);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-consumers-offline.json"), size);
    QVERIFY(w.exposed());
    w.runLesson(130);
    w.window.setupEditor()->setConsumerOnline(0, true);
    w.sim()->runCycles(20);
    w.window.refreshViews();
    ChartPanel *panel = w.window.chartPanel();
    QCOMPARE(panel->liveEditMarkers().size(), 1);
    const QString whole = panel->liveEditMarkers().constFirst().label;
    QCOMPARE(whole, QStringLiteral("✎ A · online = true"));
    int checked = 0;
    for (TimeSeriesChart *chart : ShownCharts(panel)) {
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
        const QStringList texts = chart->markerTexts();
        const QStringList tips = chart->markerLabelToolTips();
        const QString what = QStringLiteral("%1 %2x%3 px: '%4'").arg(chart->title()).arg(chart->width()).arg(chart->height())
                                     .arg(texts.join(QStringLiteral("' '")));
        if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
            chart->grab().save(QStringLiteral("/tmp/editlabel-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(checked));
        for (qsizetype i = 0; i < texts.size(); ++i) {
            if (!tips.at(i).contains(QLatin1String("by hand")) || tips.at(i).contains(QLatin1String("\n\n")))
                continue;  // not the edit's own label
            ++checked;
            // Whole on one line wherever it is as wide as the chart allows.
            const QFontMetricsF metrics(chart->font());
            if (metrics.horizontalAdvance(whole) < chart->width() - 20)
                QVERIFY2(QString(texts.at(i)).replace(QLatin1Char('\n'), QLatin1Char(' ')) == whole, qPrintable(what));
        }
    }
    QVERIFY(checked >= 1);
}

void TestCharts::undoFarFromItsEditHasItsOwnLabel_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1280x700 (maximized at 1280x720)") << QSize(1280, 700);
    QTest::addRow("1280x720") << QSize(1280, 720);
}

void TestCharts::undoFarFromItsEditHasItsOwnLabel()
{
    // A teacher's trial at 1280x720: batch size 3 → 4 by hand, Ctrl+Z 60 cycles later. Two
    // purple lines, one label, "✎ broker · batchSize = 4, undone", left of the first line: the
    // undo's line had none. An edit and a later one share a label only when their lines are
    // close; else each has its own, by its own line (docs/design.md §8, Charts).
    QFETCH(QSize, size);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-native-starvation.json"), size);
    QVERIFY(w.exposed());
    w.runLesson(178);
    QVERIFY(w.window.setupEditor()->setBatchSize(4).isEmpty());
    w.sim()->runCycles(60);
    w.window.setupEditor()->undoStack()->undo();
    w.sim()->runCycles(10);
    w.window.refreshViews();
    ChartPanel *panel = w.window.chartPanel();
    TimeSeriesChart *latency = panel->latencyChart();
    showPageOf(panel, latency);
    QTRY_VERIFY(latency->isVisible());
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    const QList<ChartMarker> markers = latency->markers();
    QCOMPARE(markers.size(), 2);
    QVERIFY(!markers.at(0).undo);
    QVERIFY(markers.at(1).undo);
    const QStringList texts = latency->markerTexts();
    const QList<QRectF> rects = latency->markerLabelRects();
    const QList<QLineF> lines = latency->markerLines();
    const QString what = QStringLiteral("%1x%2 px, lines at %3 and %4: '%5'").arg(latency->width()).arg(latency->height())
                                 .arg(lines.at(0).x1()).arg(lines.at(1).x1()).arg(texts.join(QStringLiteral("' '")));
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
        latency->grab().save(QStringLiteral("/tmp/undolabel-%1x%2.png").arg(size.width()).arg(size.height()));
    QVERIFY2(lines.at(1).x1() - lines.at(0).x1() > 30, qPrintable(what));  // far apart
    const auto touches = [&](qsizetype label, qsizetype line) {
        // Beside the line (3 px off, its pen's half width around the box) or over it.
        const qreal x = lines.at(line).x1();
        const QRectF &r = rects.at(label);
        return std::min(std::abs(r.left() - x), std::abs(r.right() - x)) <= 5 || (r.left() <= x && x <= r.right());
    };
    if (!texts.at(1).isEmpty()) {
        // Each its own label by its own line.
        for (qsizetype i = 0; i < 2; ++i) {
            QVERIFY2(!texts.at(i).isEmpty(), qPrintable(what));
            QVERIFY2(touches(i, i), qPrintable(what));
        }
        QVERIFY2(!texts.at(0).contains(QLatin1String("undone")), qPrintable(what));
        QVERIFY2(texts.at(1).contains(QLatin1String("undone")), qPrintable(what));
    } else {
        // Only where the room is one row: one label over both lines, naming the undo.
        QVERIFY2(texts.at(0).contains(QLatin1String("undone")), qPrintable(what));
        QVERIFY2(rects.at(0).left() < lines.at(0).x1() && lines.at(1).x1() < rects.at(0).right(), qPrintable(what));
    }
    // At 1280x720 the chart has the room for both.
    if (size.height() >= 720)
        QVERIFY2(!texts.at(1).isEmpty(), qPrintable(what));
}

/// Every shown time chart's drawn labels of @p w's window (ShownCharts), "TITLE: LABEL | LABEL"
/// a chart, lines of a label joined by spaces, labels not drawn left out.
QStringList shownLabels(ScenarioWindow &w)
{
    w.window.refreshViews();
    QStringList charts;
    for (TimeSeriesChart *chart : ShownCharts(w.window.chartPanel())) {
        TestSupport::turnEventLoop(3);
        QStringList texts = chart->markerTexts();
        texts.removeAll(QString());
        for (QString &t : texts)
            t.replace(QLatin1Char('\n'), QLatin1Char(' '));
        charts << chart->title() + QStringLiteral(": ") + texts.join(QStringLiteral(" | "));
    }
    return charts;
}

void TestCharts::sliderGestureIsOneEditOnEveryChart()
{
    // A teacher's trial in the TTL lesson at 1280x720: A's low bound slider moved by Left, Left
    // while it ran, then Enter. One undo step, and the lesson panel said "✎ 1 edit by hand", but
    // the charts drew a marker per slider step, "✎ 2"; after Ctrl+Z, "✎ 2 edits, 1 undone".
    // Steps of one gesture are one undo step, so one marker: the step's, at its first cycle,
    // with the last value (docs/design.md §8).
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), QSize(1280, 720));
    QVERIFY(w.exposed());
    w.runLesson(150);
    SetupEditor *editor = w.window.setupEditor();
    const int low = w.sim()->settingValue(QStringLiteral("consumers[0].strategy.low")).toInt();
    const int steps = editor->undoStack()->count();
    // The slider's two steps, cycles apart, in one gesture (as SetupEditor::trackGestures()
    // makes of key presses on a slider).
    const quint64 gesture = SetupEditor::beginGesture();
    QCOMPARE(editor->setConsumerParameter(0, QStringLiteral("low"), low + 1), QString());
    w.sim()->runCycles(2);
    QCOMPARE(editor->setConsumerParameter(0, QStringLiteral("low"), low + 2), QString());
    SetupEditor::endGesture(gesture);
    QCOMPARE(editor->undoStack()->count(), steps + 1);  // one undo step
    w.sim()->runCycles(5);
    const QString edit = QStringLiteral("✎ A · low = %1").arg(low + 2);
    QStringList labels = shownLabels(w);
    QVERIFY(!labels.isEmpty());
    QCOMPARE(w.window.chartPanel()->liveEditMarkers().size(), 1);
    QCOMPARE(w.window.chartPanel()->liveEditMarkers().constFirst().x, 150.0);
    QVERIFY2(w.window.lessonPanel()->progressLabel()->text().contains(QStringLiteral("✎ 1 edit by hand")),
             qPrintable(w.window.lessonPanel()->progressLabel()->text()));
    for (const QString &chart : std::as_const(labels)) {
        QVERIFY2(chart.contains(edit) || chart.contains(QStringLiteral("✎ A.low %1").arg(low + 2)), qPrintable(labels.join('\n')));
        QVERIFY2(!chart.contains(QStringLiteral("✎ 2")), qPrintable(labels.join('\n')));
    }

    // Ctrl+Z takes the one step back: one edit, undone, on every chart.
    w.window.undoAction()->trigger();
    QCOMPARE(editor->undoStack()->index(), steps);
    w.sim()->runCycles(5);
    labels = shownLabels(w);
    QCOMPARE(w.window.chartPanel()->liveEditMarkers().size(), 2);
    for (const QString &chart : std::as_const(labels)) {
        QVERIFY2(chart.contains(edit + QStringLiteral(", undone")) || chart.contains(QStringLiteral("✎ A.low %1, undone").arg(low + 2)),
                 qPrintable(labels.join('\n')));
        QVERIFY2(!chart.contains(QStringLiteral("2 edits")), qPrintable(labels.join('\n')));
    }
}

void TestCharts::undoneEditsCountTheSameOnEveryChart_data()
{
    QTest::addColumn<int>("zoom");
    QTest::addColumn<bool>("presenting");
    // Cycles from the first edit to its undo, to the second edit, to its undo: the trial's, and
    // edits a few cycles apart (their lines close: one label for the first edit, its undo and
    // the second edit, whose undo is far).
    QTest::addColumn<QList<int>>("gaps");
    const QList<int> trial{50, 58, 67};
    const QList<int> close{3, 3, 70};
    QTest::addRow("window at 100 %%") << 100 << false << trial;
    QTest::addRow("window at 130 %%") << 130 << false << trial;
    QTest::addRow("presenting at 120 %%") << 120 << true << trial;
    QTest::addRow("presenting at 130 %%") << 130 << true << trial;
    QTest::addRow("close edits, window at 100 %%") << 100 << false << close;
    QTest::addRow("close edits, presenting at 130 %%") << 130 << true << close;
}

void TestCharts::undoneEditsCountTheSameOnEveryChart()
{
    // A teacher's trial in the TTL lesson at 1280x720: A's low bound 5 by hand, Ctrl+Z 50
    // cycles later; then A's high bound 10, Ctrl+Z about 70 cycles later. Both undone, the
    // Depth and Decisions charts said "✎ 2 edits, 1 undone" (a label held the first edit, its
    // undo and the second edit, whose undo had a label of its own: counted apart, the second
    // edit read as in effect) while Latency said "✎ 2 edits, 2 undone"; at 130 % Decisions
    // said "2 undone" too. A label counts each edit once and as undone wherever its undo's
    // line is: its words depend on the edits it holds, on every chart and at every zoom
    // (docs/design.md §8).
    QFETCH(int, zoom);
    QFETCH(bool, presenting);
    QFETCH(QList<int>, gaps);
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), QSize(1280, 720));
    QVERIFY(w.active());
    if (presenting)
        w.presentAt(QSize(1280, 720), zoom);
    else
        w.window.zoom()->setPercent(zoom);
    w.runLesson(143);
    SetupEditor *editor = w.window.setupEditor();
    QCOMPARE(editor->setConsumerParameter(0, QStringLiteral("low"), 5), QString());
    w.runLesson(gaps.at(0));
    w.window.undoAction()->trigger();
    w.runLesson(gaps.at(1));
    QCOMPARE(editor->setConsumerParameter(0, QStringLiteral("high"), 10), QString());
    w.runLesson(gaps.at(2));
    w.window.undoAction()->trigger();
    QCOMPARE(editor->undoStack()->index(), 0);  // both undone
    w.runLesson(100);
    const QStringList labels = shownLabels(w);
    const QString all = labels.join(QLatin1Char('\n'));
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
        w.window.grab().save(QStringLiteral("/tmp/undone-edits-%1-%2-%3.png").arg(zoom).arg(presenting).arg(gaps.at(0)));
    QVERIFY2(labels.size() >= 2, qPrintable(all));
    QCOMPARE(w.window.chartPanel()->liveEditMarkers().size(), 4);  // two edits, two undos
    const QRegularExpression countedUndone(QStringLiteral("\\d undone"));
    for (const QString &chart : labels) {
        // No stale count ("1 undone" where both were undone), no undos counted as edits.
        QVERIFY2(!chart.contains(countedUndone), qPrintable(all));
        QVERIFY2(!chart.contains(QLatin1String("3 edits")) && !chart.contains(QLatin1String("4 edits")), qPrintable(all));
        // A label that counts them: both undone, in the same words on every chart.
        for (const QString &label : chart.mid(chart.indexOf(QLatin1String(": ")) + 2).split(QStringLiteral(" | "))) {
            if (label.contains(QLatin1String("edits")))
                QCOMPARE(label, QStringLiteral("✎ 2 edits, both undone"));
        }
    }
}

void TestCharts::undoneConsumerAddedIsOneEditUndone()
{
    // A trial added a consumer with "+ Consumer" and undid it: the charts said "✎ 2 edits, 1
    // undone" (the removal read as a second edit, "consumers[3] removed", an internal index)
    // while the lesson panel said one edit, since undone. The undo names the edit it takes
    // back, by the consumer's name, and counts with it as one.
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-poison-message.json"), QSize(1280, 720));
    QVERIFY(w.active());
    w.runLesson(30);
    SetupEditor *editor = w.window.setupEditor();
    ConsumerConfig config;
    config.name = editor->uniqueConsumerName();
    QCOMPARE(config.name, QStringLiteral("C"));
    config.strategy.type = QStringLiteral("accept-all");
    QCOMPARE(editor->addConsumer(config), QString());
    w.runLesson(3);
    w.window.undoAction()->trigger();
    w.runLesson(10);
    const QStringList labels = shownLabels(w);
    const QString all = labels.join(QLatin1Char('\n'));
    QVERIFY2(!labels.isEmpty(), "no chart shown");
    for (const QString &chart : labels) {
        QVERIFY2(!chart.contains(QLatin1String("consumers[")) && !chart.contains(QLatin1String("2 edits")), qPrintable(all));
        QVERIFY2(chart.contains(QStringLiteral("consumer C added, undone")), qPrintable(all));
    }
    for (const ChartMarker &m : w.window.chartPanel()->liveEditMarkers())
        QVERIFY2(!m.toolTip.contains(QLatin1String("consumers[")), qPrintable(m.toolTip));
    QVERIFY2(w.window.lessonPanel()->progressLabel()->text().contains(QLatin1String("since undone")),
             qPrintable(w.window.lessonPanel()->progressLabel()->text()));
}

/// Adds a consumer by hand, as "+ Consumer" does, in @p w: the next free name, accept-all.
/// Returns its name; empty where the editor refused it (the test has failed then).
static QString addConsumerByHand(ScenarioWindow &w)
{
    SetupEditor *editor = w.window.setupEditor();
    ConsumerConfig config;
    config.name = editor->uniqueConsumerName();
    config.strategy.type = QStringLiteral("accept-all");
    const QString error = editor->addConsumer(config);
    [&] { QCOMPARE(error, QString()); }();
    return error.isEmpty() ? config.name : QString();
}

void TestCharts::consumerAddedAndUndoneAtOnceLeavesNoMarker()
{
    // A teacher's trial at 1024x768: a consumer added and undone in the same cycle left a
    // purple line for an edit that no longer existed, "✎ consumer consumer-4 added, undone",
    // the word doubled. The marker reads "✎ consumer-4 added"; undone before any cycle ran
    // with it, it is gone, counted nowhere, and the Edit menu never doubles the word either.
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-mixed-thresholds.json"), QSize(1024, 768));
    QVERIFY(w.active());
    w.runLesson(30);
    const QString name = addConsumerByHand(w);
    QCOMPARE(name, QStringLiteral("consumer-4"));
    QStringList labels = shownLabels(w);
    QVERIFY2(!labels.isEmpty(), "no chart shown");
    for (const QString &chart : std::as_const(labels))
        QVERIFY2(chart.contains(QStringLiteral("✎ consumer-4 added")) && !chart.contains(QLatin1String("consumer consumer")),
                 qPrintable(labels.join(QLatin1Char('\n'))));
    QVERIFY2(!w.window.undoAction()->text().contains(QLatin1String("consumer consumer")), qPrintable(w.window.undoAction()->text()));
    QVERIFY2(w.window.lessonPanel()->progressLabel()->text().contains(QStringLiteral("✎")),
             qPrintable(w.window.lessonPanel()->progressLabel()->text()));

    w.window.undoAction()->trigger();
    QCOMPARE(w.sim()->cycle(), 30);
    for (const qint64 cycles : {0, 10}) {  // at once, and once cycles ran after
        w.runLesson(cycles);
        labels = shownLabels(w);
        const QString all = labels.join(QLatin1Char('\n'));
        QVERIFY2(w.window.chartPanel()->liveEditMarkers().isEmpty(), qPrintable(all));
        QVERIFY2(!all.contains(QStringLiteral("✎")), qPrintable(all));
        const QString line = w.window.lessonPanel()->progressLabel()->text();
        QVERIFY2(!line.contains(QStringLiteral("✎")), qPrintable(line));
    }
}

void TestCharts::undoNamesTheEditItTookBack()
{
    // The trial's run of the mixed-thresholds lesson at 1280x720: an edit at 160, consumer-4
    // added at 172, run to 184, Ctrl+Z. Three lines under one label "✎ … 1 undone" and the
    // undo's tooltip "back to: consumer consumer-4 added" did not say which edit was taken back.
    // The undo's line names it and when it was made; the edit's line says when it was undone.
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-mixed-thresholds.json"), QSize(1280, 720));
    QVERIFY(w.active());
    w.runLesson(160);
    QCOMPARE(w.window.setupEditor()->setConsumerParameter(0, QStringLiteral("threshold"), 7), QString());
    w.runLesson(12);
    QCOMPARE(addConsumerByHand(w), QStringLiteral("consumer-4"));
    w.runLesson(12);
    QCOMPARE(w.sim()->cycle(), 184);
    w.window.undoAction()->trigger();
    const QStringList labels = shownLabels(w);
    const QString all = labels.join(QLatin1Char('\n'));
    QVERIFY2(!all.contains(QLatin1String("consumer consumer")), qPrintable(all));
    const QList<ChartMarker> markers = w.window.chartPanel()->liveEditMarkers();
    QStringList seen;
    for (const ChartMarker &m : markers)
        seen << QStringLiteral("%1 %2 | %3").arg(m.x).arg(m.label, m.toolTip);
    const QString why = seen.join(QLatin1Char('\n'));
    QCOMPARE(markers.size(), 3);
    QCOMPARE(markers.at(1).x, 172.0);
    QVERIFY2(markers.at(1).toolTip.contains(QStringLiteral("consumer-4 added (undone at cycle 184)")), qPrintable(why));
    QCOMPARE(markers.at(2).x, 184.0);
    QVERIFY(markers.at(2).undo);
    QCOMPARE(markers.at(2).label, QStringLiteral("✎ consumer-4 added, undone"));
    QVERIFY2(markers.at(2).toolTip.contains(QStringLiteral("took back consumer-4 added (made at cycle 172)")), qPrintable(why));
    QVERIFY2(!markers.at(2).toolTip.contains(QLatin1String("back to")), qPrintable(why));
    // Whatever label the three lines share on a chart, its tooltip names the edit taken back.
    for (TimeSeriesChart *chart : ShownCharts(w.window.chartPanel())) {
        const QString tips = chart->markerLabelToolTips().join(QLatin1Char('\n'));
        QVERIFY2(tips.contains(QStringLiteral("took back consumer-4 added (made at cycle 172)")), qPrintable(chart->title() + QLatin1Char(':') + tips));
    }
    // The edit of 160 is none of it: it is still in effect.
    QVERIFY2(!markers.at(0).toolTip.contains(QLatin1String("undone")), qPrintable(why));
}

void TestCharts::editsCountAsUndoStepsOnChartAndLessonPanel()
{
    // A teacher's trial, lesson-aging step 5 at cycle 260, 1280x720: A's aging step typed 1 +
    // Enter, then Up (2, applied at once): two undo steps, the lesson panel said "✎ 2 edits by
    // hand" and the chart's label "✎ 1 edit" (two edits of one setting before one cycle were
    // one); after "+ Consumer", 3 against 2. An edit by hand is an undo step, on the charts as
    // in the lesson panel (docs/help.md, Markers on the charts).
    ScenarioWindow w(QStringLiteral(":/scenarios/lesson-aging.json"), QSize(1280, 720));
    QVERIFY(w.exposed());
    w.runLesson(260);
    SetupEditor *editor = w.window.setupEditor();
    const int before = editor->undoStack()->index();
    QCOMPARE(editor->setConsumerParameter(0, QStringLiteral("agingStep"), 1), QString());
    QCOMPARE(editor->setConsumerParameter(0, QStringLiteral("agingStep"), 2), QString());
    QCOMPARE(editor->undoStack()->index(), before + 2);  // two undo steps, as in the trial
    const auto chartEdits = [&w] {
        QSet<QString> edits;
        for (const ChartMarker &marker : w.window.chartPanel()->liveEditMarkers()) {
            for (const QString &id : marker.edits) {
                if (!marker.undone.contains(id))
                    edits.insert(id);
            }
        }
        return int(edits.size());
    };
    QCOMPARE(w.window.lessonPanel()->handEdits(), 2);
    QCOMPARE(chartEdits(), 2);
    w.runLesson(3);
    QCOMPARE(chartEdits(), 2);
    QVERIFY2(w.window.lessonPanel()->progressLabel()->text().contains(QStringLiteral("✎ 2 edits by hand")),
             qPrintable(w.window.lessonPanel()->progressLabel()->text()));
    // A label that counts them counts two (the trial's "1 timeline change, ✎ 1 edit").
    const QRegularExpression counted(QStringLiteral("✎ (\\d+) edits?"));
    for (const QString &chart : shownLabels(w)) {
        for (auto it = counted.globalMatch(chart); it.hasNext();)
            QCOMPARE(it.next().captured(1), QStringLiteral("2"));
    }
    // "+ Consumer" is one more, on both.
    ConsumerConfig extra = w.sim()->consumers().front()->config();
    extra.name = QStringLiteral("D");
    QCOMPARE(editor->addConsumer(extra), QString());
    w.runLesson(2);
    QCOMPARE(w.window.lessonPanel()->handEdits(), 3);
    QCOMPARE(chartEdits(), 3);
    if (qEnvironmentVariableIsSet("PL_CHART_SHOTS"))
        w.window.grab().save(QStringLiteral("%1/edits-3.png").arg(qEnvironmentVariable("PL_CHART_SHOTS")));
    // Ctrl+Z takes back the consumer: two edits in effect on both.
    w.window.undoAction()->trigger();
    QCOMPARE(chartEdits(), 2);
    QCOMPARE(w.window.lessonPanel()->handEdits(), 2);
}

#include "tst_charts.moc"
