#pragma once

#include <QWidget>

namespace PriorityLab {

class Simulation;
class TimeSeriesChart;

/// The live charts, fed from Metrics::history(). This version draws the queue depth over the
/// last windowCycles() cycles. refresh() rebuilds each series once (TimeSeriesChart::setPoints,
/// a single replace()) and is meant to be called from the main window's throttled refresh, at
/// most about 30 times a second.
class ChartPanel : public QWidget
{
    Q_OBJECT

public:
    /// Charts of @p simulation, which must outlive the panel.
    explicit ChartPanel(Simulation *simulation, QWidget *parent = nullptr);

    /// Cycles shown: the sliding window of the charts.
    static constexpr int windowCycles() { return 300; }

    /// Redraws the charts from the simulation's history.
    void refresh();

    /// The queue depth chart.
    TimeSeriesChart *queueDepthChart() const { return m_queueDepth; }

    /// A "nice" upper bound for an axis showing values up to @p value: 1, 2 or 5 times a power
    /// of ten, at least 10, so that the axis moves rarely.
    static qreal niceCeiling(qreal value);

private:
    Simulation *m_simulation;
    TimeSeriesChart *m_queueDepth = nullptr;
    int m_depthSeries = -1;
};

} // namespace PriorityLab
