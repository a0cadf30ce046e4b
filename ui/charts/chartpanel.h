#pragma once

#include "ui/charts/charthistory.h"

#include <QList>
#include <QStringList>
#include <QWidget>

class QHBoxLayout;
class QComboBox;
class QTabBar;

namespace PriorityLab {

class BarChart;
class RefreshSnapshot;
class Simulation;
class TimeSeriesChart;
struct ChartMarker;
struct CycleReport;
struct SettingChange;
class SettingPath;

/// The live charts of the "Charts" dock, over the last windowCycles() cycles:
/// queue depth; processed / postponed / discarded / failed per cycle; latency p50 and p95 per priority
/// class; throughput per consumer; and, over the whole run, messages per number of deliveries.
/// Scenario timeline changes appear as vertical markers on the time charts (dashed), and so do
/// live edits (a solid purple line, the label starting with "✎"): every change of a setting
/// that affects the run (Simulation::setupChanged() not made by the timeline; the scenario's
/// texts and the timer interval are left out), at the cycle it takes effect from. An undo of an
/// edit by hand is marked as one in words, naming the edit it undid ("✎ A · low = 2, undone"),
/// not as one more edit; its tooltip says what it took back and when that edit was made ("took
/// back consumer-4 added (made at cycle 172)"), and the edit's, when it was undone.
///
/// refresh(), from the main window's throttled timer (at most about 30 times a second), takes the
/// snapshot's cycle reports into its ChartHistory (the series it keeps) and redraws: each series
/// gets one replace(), axes change only when their bounds move. ChartExport paints the charts
/// into pictures.
///
/// Only ui/charts/ knows Qt Charts; this panel talks to TimeSeriesChart and BarChart.
class ChartPanel : public QWidget
{
    Q_OBJECT

public:
    /// Charts of @p simulation, which must outlive the panel.
    explicit ChartPanel(Simulation *simulation, QWidget *parent = nullptr);
    ~ChartPanel() override;

    /// Cycles shown: the sliding window of the time charts (ChartHistory::windowCycles()).
    static constexpr int windowCycles() { return ChartHistory::windowCycles(); }
    /// Cycles over which latency percentiles and consumer throughput are computed at each point
    /// (ChartHistory::smoothingCycles()).
    static constexpr int smoothingCycles() { return ChartHistory::smoothingCycles(); }

    /// Series of flowChart(), in this order.
    enum FlowSeries { ProcessedSeries, PostponedSeries, DiscardedSeries, FailedSeries, FlowSeriesCount };
    /// Priority classes of latencyChart(), by original priority: the entries of
    /// BrokerConfig::priorityClasses(), in that order.
    enum PriorityClass { HighClass, MidClass, LowClass, PriorityClassCount };
    /// The class of original priority @p priority (BrokerConfig::priorityClassOf()).
    static PriorityClass priorityClass(int priority);
    /// The series of latencyChart() showing class @p cls, p95 if @p p95 else p50.
    static int latencySeries(PriorityClass cls, bool p95) { return int(cls) * 2 + (p95 ? 1 : 0); }

    /// Forgets every cycle (a scenario was loaded or reset); every chart's axes start again with
    /// the new run (those of a panel that saw only it).
    void clear();

    /// Takes in the cycle reports of @p snapshot and redraws the charts if any arrived since the
    /// last call. While the panel is on screen, charts on other pages are redrawn when their page
    /// is shown.
    void refresh(const RefreshSnapshot &snapshot);
    /// Brings every chart up to date now, those of hidden pages too (export).
    void updateAllCharts();

    /// The series behind the charts.
    const ChartHistory &history() const { return m_history; }
    /// The simulation shown.
    const Simulation &simulation() const { return *m_simulation; }

    TimeSeriesChart *queueDepthChart() const { return m_queueDepth; }
    TimeSeriesChart *flowChart() const { return m_flow; }
    TimeSeriesChart *latencyChart() const { return m_latency; }
    TimeSeriesChart *throughputChart() const { return m_throughput; }
    BarChart *deliveriesChart() const { return m_deliveries; }
    /// Brings the page of chart @p name ("depth", "decisions", "latency", "throughput",
    /// "deliveries": lessonViews()' "charts.NAME") to the front and returns that chart; nullptr for another name.
    QWidget *showChart(const QString &name);
    /// The charts over cycles, which carry the timeline markers.
    QList<TimeSeriesChart *> timeCharts() const;

    /// Narrowest width in pixels at which a chart stays readable at the normal text size; the
    /// panel shows as many charts side by side as its width allows and pages through the rest
    /// with tabs.
    static constexpr int minimumChartWidth() { return 400; }
    /// The narrowest chart width at the current font: minimumChartWidth() times the font's size
    /// over the platform's normal text size (at least 1), so that zoomed labels keep their room.
    int chartWidth() const;
    /// The width (px, at the current font and style) in which a tab per chart shows every
    /// title whole: narrower, one chart per page shows the list of pages instead of tabs.
    int tabsWidth() const;
    /// Charts shown side by side at the current width (1 to 5).
    int chartsPerPage() const { return m_perPage; }
    /// One chart per page whatever the width (presentation mode: big text needs the room), or
    /// as many as fit (the default).
    void setOneChartAtATime(bool one);
    bool oneChartAtATime() const { return m_oneAtATime; }

    /// The timeline markers of the current window, one per cycle with changes, as last drawn.
    QList<ChartMarker> timelineMarkers() const;
    /// The live-edit markers of the current window, one per cycle with edits, as last drawn.
    QList<ChartMarker> liveEditMarkers() const;
    /// What a live edit @p change of @p simulation shows on its marker, "PATH = VALUE" (the
    /// value in effect now, a default included; "none" for an unset optional limit) or words
    /// ("consumer D added"); empty for a change that gets no marker (made by the timeline, the
    /// scenario's texts, the timer interval).
    static QString liveEditText(const SettingChange &change, const Simulation &simulation);
    /// The value setting @p change's path has in @p simulation's scenario as loaded, "PATH =
    /// VALUE" as liveEditText() writes it; empty for a change of another kind, and for a
    /// consumer's setting once consumers were added or removed (the indices no longer match).
    static QString loadedValueText(const SettingChange &change, const Simulation &simulation);
    /// While @p scripted is true, setting changes are made by a script rather than by hand (a
    /// lesson step's settings): they get a timeline marker, not a live-edit one.
    void setApplyingScript(bool scripted) { m_applyingScript = scripted; }
    /// Whose setting @p path is, in words for a marker: the consumer's or producer's name (of
    /// @p report's consumers when given, else the simulation's now), "broker", or "" (the
    /// scenario's own keys, an index out of range).
    QString settingOwner(const SettingPath &path, const CycleReport *report = nullptr) const;

    /// A "nice" upper bound for an axis showing values up to @p value: 1, 1.5, 2, 3, 5 or 7.5
    /// times a power of ten, at least 10, so that the axis moves rarely.
    static qreal niceCeiling(qreal value);

    /// At least one chart's least width (px), never the page of now: narrower than the charts
    /// shown side by side, the panel shows fewer a page (updatePages()). A page of two asked
    /// 482 px while a scenario was opened, and the window grew past a 1024 px screen.
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void onSetupChanged(const SettingChange &change);
    QList<ChartMarker> currentMarkers() const;
    /// The live edit "PATH = VALUE" that the undo @p change ("PATH = restored value") at
    /// @p cycle undid: the last live change of PATH before @p cycle; empty if the window has none.
    /// A change in words (no PATH, e.g. "consumer C added") is itself the edit's words.
    QString undoneChange(const QString &change, qint64 cycle) const;
    void redraw();
    void updatePages();
    /// Shows the tab bar when every page's whole title fits the panel's width, else the list.
    void updatePageChooser();
    bool tabsFit() const;
    /// The pages' short titles, one per chart: Depth, Decisions, Latency, Throughput, Deliveries.
    static QStringList pageNames();
    void updateStaleCharts();
    void updateChart(int index);
    void showPage(int page);
    /// The throughput chart's series (a moving average per consumer) and its x range [@p first,
    /// @p end]; its y axis fitted afresh when @p fresh (fitYAxis()).
    void refreshThroughput(qreal first, qreal end, bool fresh);
    /// The deliveries histogram; its y axis fitted afresh when @p fresh (fitYAxis()).
    void refreshDeliveries(bool fresh);
    /// Fits @p chart's y axis to values up to @p maximum: at once if it grows, only when they
    /// fall well below otherwise (a calm axis); exactly when @p fresh (the first data of a run).
    static void fitYAxis(TimeSeriesChart *chart, qreal maximum, bool fresh);

    Simulation *m_simulation;
    QTabBar *m_pages = nullptr;
    QHBoxLayout *m_choiceRow = nullptr;  ///< holds m_pageChoice: margins only while it is shown
    QComboBox *m_pageChoice = nullptr;  ///< the pages as a list, where the tabs do not fit
    QList<QWidget *> m_charts;  ///< every chart, in page order
    int m_perPage = 0;
    bool m_oneAtATime = false;
    TimeSeriesChart *m_queueDepth = nullptr;
    TimeSeriesChart *m_flow = nullptr;
    TimeSeriesChart *m_latency = nullptr;
    TimeSeriesChart *m_throughput = nullptr;
    BarChart *m_deliveries = nullptr;
    int m_depthSeries = -1;
    int m_delayedSeries = -1;  ///< the depth chart's "delayed (retry)" line (docs/help.md, Figures)
    bool m_delayedInLegend = false;  ///< that line is in the legend (some sample of the window has delayed messages)

    ChartHistory m_history;
    bool m_applyingScript = false;
    QList<int> m_shownSlots;                   ///< consumer slots with a series in m_throughput
    bool m_dirty = true;
    quint32 m_stale = 0;  ///< bit i: m_charts[i] has not shown the latest data yet
    /// Bit i: m_charts[i] has not drawn the run's data yet (a load or reset since): its y axis
    /// fits them afresh rather than from the previous run's bound.
    quint32 m_freshAxes = ~0u;
};

} // namespace PriorityLab
