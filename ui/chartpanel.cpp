#include "chartpanel.h"

#include "charts/timeserieschart.h"
#include "simulation.h"

#include <QVBoxLayout>

#include <cmath>

namespace PriorityLab {

ChartPanel::ChartPanel(Simulation *simulation, QWidget *parent)
    : QWidget(parent), m_simulation(simulation)
{
    m_queueDepth = new TimeSeriesChart(this);
    m_queueDepth->setTitle(tr("Queue depth, last %1 cycles").arg(windowCycles()));
    m_queueDepth->setAxisTitles(tr("cycle"), tr("messages queued"));
    m_depthSeries = m_queueDepth->addSeries(tr("queue depth"), QColor(0x00, 0x72, 0xb2));
    m_queueDepth->setToolTip(tr("Messages waiting in the broker's queue after each cycle. It rises "
                                "when producers send faster than consumers process, and when "
                                "strategies postpone many messages (e.g. a high threshold)."));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_queueDepth);
    refresh();
}

qreal ChartPanel::niceCeiling(qreal value)
{
    if (value <= 10)
        return 10;
    const qreal magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (const qreal step : {1.0, 2.0, 5.0, 10.0}) {
        if (value <= step * magnitude)
            return step * magnitude;
    }
    return 10 * magnitude;
}

void ChartPanel::refresh()
{
    const auto &history = m_simulation->metrics().history();
    const qsizetype count = std::min<qsizetype>(qsizetype(history.size()), windowCycles());
    QList<QPointF> points;
    points.reserve(count);
    qint64 maxDepth = 0;
    for (auto it = history.end() - count; it != history.end(); ++it) {
        points.append(QPointF(qreal(it->cycle), qreal(it->queueDepth)));
        maxDepth = std::max(maxDepth, it->queueDepth);
    }
    m_queueDepth->setPoints(m_depthSeries, points);

    const qreal first = points.isEmpty() ? 0 : points.first().x();
    const qreal last = points.isEmpty() ? 0 : points.last().x();
    m_queueDepth->setXRange(first, std::max(last, first + windowCycles()));
    // Grow at once, shrink only when the data fell well below (hysteresis), so the axis is calm.
    const qreal top = m_queueDepth->yRange().y();
    const qreal wanted = niceCeiling(qreal(maxDepth) * 1.1);
    if (wanted > top || wanted < top / 2 || points.isEmpty())
        m_queueDepth->setYRange(0, wanted);
}

} // namespace PriorityLab
