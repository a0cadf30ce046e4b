#include "ui/common/sparkline.h"

#include <QPainter>
#include <QPolygonF>

#include <algorithm>

namespace PriorityLab {

Sparkline::Sparkline(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void Sparkline::setValues(const QList<qint64> &values)
{
    if (values == m_values)
        return;
    m_values = values;
    update();
}

void Sparkline::setCapacity(int cycles)
{
    m_capacity = std::max(2, cycles);
    update();
}

void Sparkline::setColor(const QColor &color)
{
    m_color = color;
    update();
}

void Sparkline::setUnit(const QString &unit)
{
    m_unit = unit;
    update();
}

QSize Sparkline::sizeHint() const
{
    return {200, fontMetrics().height() * 2 + 6};
}

QSize Sparkline::minimumSizeHint() const
{
    return {80, fontMetrics().height() * 2 + 6};
}

void Sparkline::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRectF area = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    p.setPen(QColor(0xd1, 0xd5, 0xdb));
    p.setBrush(QColor(0xf8, 0xfa, 0xfc));
    p.drawRect(area);

    const qsizetype shown = std::min<qsizetype>(m_values.size(), m_capacity);
    const qint64 maximum = shown == 0 ? 0 : *std::max_element(m_values.end() - shown, m_values.end());

    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    drawLine(p, area, QFontMetricsF(small).height() * 0.6, shown, maximum);

    // The scale, top left over a light box: the highest value of the window.
    const QString label = QString::number(maximum) + m_unit;
    const QRectF text = QFontMetricsF(small).boundingRect(label).translated(area.topLeft() + QPointF(4, 2));
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(255, 255, 255, 210));
    p.drawRect(QRectF(text.left() - 2, area.top() + 1, text.width() + 4, text.height()));
    p.setPen(QColor(0x37, 0x41, 0x51));
    p.drawText(QPointF(text.left(), area.top() + 1 + QFontMetricsF(small).ascent()), label);
}

void Sparkline::drawLine(QPainter &p, const QRectF &area, double topMargin, qsizetype shown, qint64 maximum)
{
    if (shown < 1)
        return;
    const QRectF plot = area.adjusted(2, topMargin, -2, -2);
    const double step = plot.width() / double(m_capacity - 1);
    const double scale = maximum > 0 ? plot.height() / double(maximum) : 0.0;
    // Newest at the right edge; a short history starts further right.
    const double x0 = plot.right() - step * double(shown - 1);
    QPolygonF line;
    line.reserve(shown + 2);
    for (qsizetype i = 0; i < shown; ++i) {
        const qint64 v = m_values.at(m_values.size() - shown + i);
        line.append(QPointF(x0 + step * double(i), plot.bottom() - scale * double(v)));
    }
    // Every visible card repaints its line at each refresh, so this is kept cheap (measured by
    // bench/bench_app.cpp): the area is filled without antialiasing (its edge lies under the
    // line) and the line is two 1-pixel lines half a pixel apart, which the raster engine draws
    // on its fast path: about 60 us instead of 430 us for an antialiased path fill and a
    // 1.5-pixel stroke, for the same look.
    QPolygonF fill = line;
    fill.append(QPointF(plot.right(), plot.bottom()));
    fill.append(QPointF(x0, plot.bottom()));
    QColor light = m_color;
    light.setAlpha(50);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(Qt::NoPen);
    p.setBrush(light);
    p.drawPolygon(fill);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(m_color, 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawPolyline(line);
    p.drawPolyline(line.translated(0, -0.5));
}

} // namespace PriorityLab
