#pragma once

#include <QList>
#include <QSize>
#include <QStringList>
#include <QWidget>

#include <array>
#include <deque>
#include <map>
#include <vector>

class QPainter;
class QTabBar;

namespace PriorityLab {

class BarChart;
class Simulation;
class TimeSeriesChart;
struct ChartMarker;
struct CycleReport;

/// The live charts of the "Charts" dock, over the last windowCycles() cycles:
/// queue depth; processed / postponed / discarded / failed per cycle; latency p50 and p95 per priority
/// class; throughput per consumer; and, over the whole run, messages per number of deliveries.
/// Scenario timeline changes appear as vertical markers on the time charts.
///
/// Data comes in once per cycle through addReport() (connected to Simulation::cycleCompleted;
/// cost O(the cycle's events + consumers)); the charts are redrawn only by refresh(), from the
/// main window's throttled timer (at most about 30 times a second): each series gets one
/// replace(), axes change only when their bounds move. Latency needs the reports' events
/// (Simulation::setRecordEvents(true)); without them its chart stays empty.
///
/// Only ui/charts/ knows Qt Charts; this panel talks to TimeSeriesChart and BarChart.
class ChartPanel : public QWidget
{
    Q_OBJECT

public:
    /// Charts of @p simulation, which must outlive the panel.
    explicit ChartPanel(Simulation *simulation, QWidget *parent = nullptr);
    ~ChartPanel() override;

    /// Cycles shown: the sliding window of the time charts.
    static constexpr int windowCycles() { return 300; }
    /// Cycles over which latency percentiles and consumer throughput are computed at each point
    /// (a small sliding window: single cycles have too few messages per class to read).
    static constexpr int smoothingCycles() { return 10; }

    /// Series of flowChart(), in this order.
    enum FlowSeries { ProcessedSeries, PostponedSeries, DiscardedSeries, FailedSeries, FlowSeriesCount };
    /// Priority classes of latencyChart(), by original priority.
    enum PriorityClass { HighClass, MidClass, LowClass, PriorityClassCount };
    /// The class of original priority @p priority: high 7 and above, mid 4..6, low 3 and below.
    static PriorityClass priorityClass(int priority);
    /// The series of latencyChart() showing class @p cls, p95 if @p p95 else p50.
    static int latencySeries(PriorityClass cls, bool p95) { return int(cls) * 2 + (p95 ? 1 : 0); }

    /// Takes in one cycle's report; the charts change at the next refresh().
    void addReport(const CycleReport &report);
    /// Forgets every cycle (a scenario was loaded or reset).
    void clear();

    /// Redraws the charts from the reports taken in, if any arrived since the last call. While
    /// the panel is on screen, charts on other pages are redrawn when their page is shown.
    void refresh();

    TimeSeriesChart *queueDepthChart() const { return m_queueDepth; }
    TimeSeriesChart *flowChart() const { return m_flow; }
    TimeSeriesChart *latencyChart() const { return m_latency; }
    TimeSeriesChart *throughputChart() const { return m_throughput; }
    BarChart *deliveriesChart() const { return m_deliveries; }
    /// The charts over cycles, which carry the timeline markers.
    QList<TimeSeriesChart *> timeCharts() const;

    /// Narrowest width in pixels at which a chart stays readable; the panel shows as many charts
    /// side by side as its width allows and pages through the rest with tabs.
    static constexpr int minimumChartWidth() { return 400; }
    /// Charts shown side by side at the current width (1 to 5).
    int chartsPerPage() const { return m_perPage; }

    /// The timeline markers of the current window, one per cycle with changes, as last drawn.
    QList<ChartMarker> timelineMarkers() const;
    /// The label of a marker at @p cycle for the changes "PATH = VALUE" @p changes, e.g.
    /// "c60: consumers[0,1,2].strategy.low = 4" (changes differing only in an index merged).
    static QString markerLabel(qint64 cycle, const QStringList &changes);

    /// Size in pixels of an exported picture: every chart in a grid, a size slides can show.
    static QSize exportSize();
    /// Paints every chart in a grid, with a heading naming the scenario and the cycles, into
    /// @p painter over @p size pixels.
    void paintCharts(QPainter *painter, const QSize &size);
    /// Writes every chart as a PNG picture of exportSize() to @p path. Returns the error in
    /// words, or an empty string.
    QString exportPng(const QString &path);
    /// Writes every chart as an SVG drawing (Qt SVG) to @p path. Returns the error in words, or
    /// an empty string.
    QString exportSvg(const QString &path);

    /// A "nice" upper bound for an axis showing values up to @p value: 1, 1.5, 2, 3, 5 or 7.5
    /// times a power of ten, at least 10, so that the axis moves rarely.
    static qreal niceCeiling(qreal value);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    /// One cycle as the charts need it.
    struct Sample
    {
        qint64 cycle = 0;
        qint64 depth = 0;
        qint64 processed = 0;
        qint64 postponed = 0;
        qint64 discarded = 0;
        qint64 failed = 0;
        /// p50, p95 per class over the last smoothingCycles(), -1 if nothing was processed.
        std::array<qint64, 2 * PriorityClassCount> latency{};
        /// Processed in this cycle per consumer slot (index into m_consumerNames), -1 = absent.
        std::vector<qint32> consumerProcessed;
    };
    struct TimelineEntry
    {
        qint64 cycle = 0;
        QStringList changes;
    };

    void updatePages();
    void updateStaleCharts();
    void updateChart(int index);
    void showPage(int page);
    void refreshThroughput();
    void refreshDeliveries();
    static void fitYAxis(TimeSeriesChart *chart, qreal maximum);

    Simulation *m_simulation;
    QTabBar *m_pages = nullptr;
    QList<QWidget *> m_charts;  ///< every chart, in page order
    int m_perPage = 0;
    TimeSeriesChart *m_queueDepth = nullptr;
    TimeSeriesChart *m_flow = nullptr;
    TimeSeriesChart *m_latency = nullptr;
    TimeSeriesChart *m_throughput = nullptr;
    BarChart *m_deliveries = nullptr;
    int m_depthSeries = -1;

    std::deque<Sample> m_samples;
    QList<TimelineEntry> m_timeline;
    QStringList m_consumerNames;               ///< consumer slots, in order of first appearance
    std::map<QString, qint64> m_lastProcessed; ///< per consumer: stats.processed at the last report
    QList<int> m_shownSlots;                   ///< slots with a series in m_throughput
    /// Latencies (cycles) of the last smoothingCycles() cycles: per cycle and class the values,
    /// and per class their histogram (latency -> messages).
    std::deque<std::array<std::vector<qint64>, PriorityClassCount>> m_recentLatencies;
    std::array<std::map<qint64, qint64>, PriorityClassCount> m_latencyWindow;
    bool m_dirty = true;
    quint32 m_stale = 0;  ///< bit i: m_charts[i] has not shown the latest data yet
};

} // namespace PriorityLab
