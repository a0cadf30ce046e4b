#pragma once

#include <QPointF>
#include <QString>
#include <QWidget>

class QAbstractAxis;
class QChart;
class QPainter;
class QValueAxis;

namespace PriorityLab {

/// What the chart classes (TimeSeriesChart, BarChart) have in common: one chart with a title,
/// an x axis given by the subclass, a y value axis with integer labels (range 0..1 until set),
/// no legend until the subclass shows one, and export by paintChart(). Qt Charts stays behind
/// forward declarations: no file outside ui/charts/ includes a Qt Charts header.
class ChartWidget : public QWidget
{
    Q_OBJECT

public:
    ~ChartWidget() override;

    /// Title shown above the plot; empty for none.
    void setTitle(const QString &title);
    QString title() const;

    /// Axis titles, e.g. "cycle" and "messages".
    void setAxisTitles(const QString &x, const QString &y);

    /// Visible y range; ignored when unchanged.
    void setYRange(qreal min, qreal max);
    /// Current y range, as {min, max}.
    QPointF yRange() const;

    /// Paints the chart into @p target of @p painter at the target's size (PNG or SVG export).
    /// The on-screen chart is left as it was.
    void paintChart(QPainter *painter, const QRectF &target);

protected:
    /// Builds the chart and its view with @p xAxis (taken over) at the bottom and the y axis at
    /// the left; a subclass adds its series and attaches them to xAxis() and yAxis().
    ChartWidget(QAbstractAxis *xAxis, QWidget *parent);

    QChart *chart() const { return m_chart; }
    QAbstractAxis *xAxis() const { return m_xAxis; }
    QValueAxis *yAxis() const { return m_yAxis; }

    void showEvent(QShowEvent *event) override;

private:
    QChart *m_chart = nullptr;
    QAbstractAxis *m_xAxis = nullptr;
    QValueAxis *m_yAxis = nullptr;
    QPointF m_yRange{0, 1};
};

} // namespace PriorityLab
