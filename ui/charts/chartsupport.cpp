#include "ui/charts/chartsupport_p.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QValueAxis>

#include <cmath>

namespace PriorityLab::ChartSupport {

double niceTickInterval(double span, int ticks)
{
    if (span <= 0 || ticks <= 0)
        return 1;
    const double raw = span / ticks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double step : {1.0, 2.0, 2.5, 5.0}) {
        if (raw <= step * magnitude)
            return std::max(1.0, step * magnitude);
    }
    return std::max(1.0, 10 * magnitude);
}

void applyRange(QValueAxis *axis, double min, double max, int ticks)
{
    const double interval = niceTickInterval(max - min, ticks);
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

void styleChart(QChart *chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    // Docked charts are short: every pixel of margin goes to the plot.
    chart->setMargins(QMargins(2, 0, 4, 0));
    chart->layout()->setContentsMargins(2, 2, 2, 2);
    chart->setBackgroundRoundness(0);
    QFont title = chart->titleFont();
    title.setBold(true);
    title.setPointSizeF(std::max<qreal>(title.pointSizeF(), 10.5));
    chart->setTitleFont(title);
    QFont legend = chart->legend()->font();
    legend.setPointSizeF(std::max<qreal>(legend.pointSizeF(), 9));
    chart->legend()->setFont(legend);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
}

QChartView *createView(QChart *chart, QWidget *parent)
{
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setMinimumHeight(160);
    view->setMinimumWidth(240);
    return view;
}

void styleAxis(QAbstractAxis *axis)
{
    QFont labels = axis->labelsFont();
    labels.setPointSizeF(8.5);
    axis->setLabelsFont(labels);
    QFont title = axis->titleFont();
    title.setPointSizeF(8.5);
    title.setBold(false);
    axis->setTitleFont(title);
    axis->setTitleBrush(QColor(0x44, 0x44, 0x44));
}

void relayout(QChart *chart)
{
    if (QGraphicsLayout *layout = chart->layout()) {
        layout->invalidate();
        layout->activate();
    }
}

void renderChart(QChart *chart, QPainter *painter, const QRectF &target)
{
    const QRectF onScreen = chart->geometry();
    const QRectF exported(onScreen.topLeft(), target.size());
    chart->setGeometry(exported);
    if (QGraphicsLayout *layout = chart->layout())
        layout->activate();
    chart->scene()->render(painter, target, exported, Qt::IgnoreAspectRatio);
    chart->setGeometry(onScreen);
    if (QGraphicsLayout *layout = chart->layout())
        layout->activate();
}

} // namespace PriorityLab::ChartSupport
