#pragma once

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <memory>

namespace PriorityLab {

/// A live line chart of values over cycles: the one charting interface of the UI.
///
/// It hides Qt Charts (deprecated from Qt 6.10 in favour of Qt Graphs): no other file of ui/ may
/// include a Qt Charts header, so the implementation can move to another library without
/// touching the views. Series are fed whole with setPoints(), which calls QXYSeries::replace()
/// once per frame; animations are off; an axis range is applied only when it moved.
class TimeSeriesChart : public QWidget
{
    Q_OBJECT

public:
    explicit TimeSeriesChart(QWidget *parent = nullptr);
    ~TimeSeriesChart() override;

    /// Title shown above the plot; empty for none.
    void setTitle(const QString &title);

    /// Axis titles, e.g. "cycle" and "messages".
    void setAxisTitles(const QString &x, const QString &y);

    /// Adds a line series named @p name (shown in the legend) drawn in @p color.
    /// Returns its index for setPoints().
    int addSeries(const QString &name, const QColor &color);

    /// Number of series added.
    int seriesCount() const;

    /// Replaces all points of series @p series (x ascending). Cost: one replace() of the series.
    void setPoints(int series, const QList<QPointF> &points);

    /// Points of series @p series, as last set.
    QList<QPointF> points(int series) const;

    /// Visible x range; ignored when unchanged.
    void setXRange(qreal min, qreal max);
    /// Visible y range; ignored when unchanged.
    void setYRange(qreal min, qreal max);

    /// Current ranges, as {min, max}.
    QPointF xRange() const;
    QPointF yRange() const;

    /// Shows or hides the legend (hidden by default, shown once a second series is added).
    void setLegendVisible(bool visible);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace PriorityLab
