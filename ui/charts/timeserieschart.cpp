#include "timeserieschart.h"

#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>

namespace PriorityLab {

namespace {

/// A tick interval of 1, 2 or 5 times a power of ten giving about @p ticks ticks over @p span.
qreal niceTickInterval(qreal span, int ticks)
{
    if (span <= 0)
        return 1;
    const qreal raw = span / ticks;
    const qreal magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const qreal step : {1.0, 2.0, 2.5, 5.0}) {
        if (raw <= step * magnitude)
            return std::max<qreal>(1, step * magnitude);
    }
    return std::max<qreal>(1, 10 * magnitude);
}

/// Ticks on round values (multiples of a nice interval) that stay put while the range slides.
/// Qt Charts lays the ticks out at each change, so the interval and the range are changed in the
/// order that never asks for more ticks than the old or the new state has: a range growing from
/// 0..10 to 0..50000 with the old interval 1 would create 50,000 tick items (seconds of stall).
void applyRange(QValueAxis *axis, qreal min, qreal max, int ticks)
{
    const qreal interval = niceTickInterval(max - min, ticks);
    if (axis->tickType() != QValueAxis::TicksDynamic) {
        axis->setTickInterval(interval);
        axis->setTickAnchor(0);
        axis->setRange(min, max);
        axis->setTickType(QValueAxis::TicksDynamic);
        return;
    }
    if (interval >= axis->tickInterval()) {
        axis->setTickInterval(interval);
        axis->setRange(min, max);
    } else {
        axis->setRange(min, max);
        axis->setTickInterval(interval);
    }
}

} // namespace

struct TimeSeriesChart::Private
{
    QChart *chart = nullptr;
    QChartView *view = nullptr;
    QValueAxis *xAxis = nullptr;
    QValueAxis *yAxis = nullptr;
    QList<QLineSeries *> series;
    QPointF xRange{0, 1};
    QPointF yRange{0, 1};
};

TimeSeriesChart::TimeSeriesChart(QWidget *parent) : QWidget(parent), d(std::make_unique<Private>())
{
    d->chart = new QChart;
    d->chart->setAnimationOptions(QChart::NoAnimation);
    d->chart->legend()->setVisible(false);
    d->chart->setMargins(QMargins(4, 4, 4, 4));
    d->chart->setBackgroundRoundness(0);

    d->xAxis = new QValueAxis;
    d->xAxis->setLabelFormat(QStringLiteral("%d"));
    applyRange(d->xAxis, d->xRange.x(), d->xRange.y(), 6);
    d->yAxis = new QValueAxis;
    d->yAxis->setLabelFormat(QStringLiteral("%d"));
    applyRange(d->yAxis, d->yRange.x(), d->yRange.y(), 5);
    d->chart->addAxis(d->xAxis, Qt::AlignBottom);
    d->chart->addAxis(d->yAxis, Qt::AlignLeft);

    d->view = new QChartView(d->chart, this);
    d->view->setRenderHint(QPainter::Antialiasing);
    d->view->setMinimumHeight(160);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view);
}

TimeSeriesChart::~TimeSeriesChart() = default;

void TimeSeriesChart::setTitle(const QString &title)
{
    d->chart->setTitle(title);
}

void TimeSeriesChart::setAxisTitles(const QString &x, const QString &y)
{
    d->xAxis->setTitleText(x);
    d->yAxis->setTitleText(y);
}

int TimeSeriesChart::addSeries(const QString &name, const QColor &color)
{
    auto *series = new QLineSeries;
    series->setName(name);
    QPen pen(color);
    pen.setWidthF(2.0);
    series->setPen(pen);
    // OpenGL would be faster for very long series, but our windows are a few hundred points and
    // the offscreen platform used by tests and screenshots has no GL context.
    d->chart->addSeries(series);
    series->attachAxis(d->xAxis);
    series->attachAxis(d->yAxis);
    d->series.append(series);
    if (d->series.size() > 1)
        d->chart->legend()->setVisible(true);
    return int(d->series.size() - 1);
}

int TimeSeriesChart::seriesCount() const
{
    return int(d->series.size());
}

void TimeSeriesChart::setPoints(int series, const QList<QPointF> &points)
{
    if (series < 0 || series >= d->series.size())
        return;
    d->series.at(series)->replace(points);
}

QList<QPointF> TimeSeriesChart::points(int series) const
{
    if (series < 0 || series >= d->series.size())
        return {};
    return d->series.at(series)->points();
}

void TimeSeriesChart::setXRange(qreal min, qreal max)
{
    const QPointF range(min, max);
    if (range == d->xRange)
        return;
    d->xRange = range;
    applyRange(d->xAxis, min, max, 6);
}

void TimeSeriesChart::setYRange(qreal min, qreal max)
{
    const QPointF range(min, max);
    if (range == d->yRange)
        return;
    d->yRange = range;
    applyRange(d->yAxis, min, max, 5);
}

QPointF TimeSeriesChart::xRange() const
{
    return d->xRange;
}

QPointF TimeSeriesChart::yRange() const
{
    return d->yRange;
}

void TimeSeriesChart::setLegendVisible(bool visible)
{
    d->chart->legend()->setVisible(visible);
}

} // namespace PriorityLab
