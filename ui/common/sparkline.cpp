#include "ui/common/sparkline.h"

#include "ui/common/describedview.h"

#include <QLocale>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>

namespace PriorityLab {

Sparkline::Sparkline(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleDescription(accessibleSummary());
}

void Sparkline::setValues(const QList<qint64> &values)
{
    showData(this, m_values, values);
}

QString Sparkline::accessibleSummary() const
{
    const qsizetype shown = std::min<qsizetype>(m_values.size(), m_capacity);
    if (shown == 0)
        return tr("No values yet");
    qint64 maximum = 0;
    qint64 sum = 0;
    for (auto it = m_values.end() - shown; it != m_values.end(); ++it) {
        maximum = std::max(maximum, *it);
        sum += *it;
    }
    return tr("Last %1 cycles: latest %2, highest %3, average %4")
            .arg(shown)
            .arg(m_values.last())
            .arg(maximum)
            .arg(QLocale().toString(double(sum) / double(shown), 'f', 1));
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

namespace {

/// @p a blended towards @p b by @p t (0: a, 1: b).
QColor blend(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

} // namespace

bool Sparkline::isDark() const
{
    return palette().color(QPalette::Base).lightness() < palette().color(QPalette::Text).lightness();
}

QColor Sparkline::lineColor() const
{
    // The dark tones that read on white are too dim on a dark background.
    return isDark() ? m_color.lighter(170) : m_color;
}

QFont Sparkline::scaleFont() const
{
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    return small;
}

QString Sparkline::scaleText() const
{
    const qsizetype shown = std::min<qsizetype>(m_values.size(), m_capacity);
    const qint64 maximum = shown == 0 ? 0 : *std::max_element(m_values.end() - shown, m_values.end());
    return QString::number(maximum) + m_unit;
}

QRectF Sparkline::scaleRect() const
{
    const QRectF area = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    const QFontMetricsF metrics(scaleFont());
    return {area.left() + 2, area.top() + 1, metrics.horizontalAdvance(scaleText()) + 4, metrics.height()};
}

QRectF Sparkline::plotRect() const
{
    // The line starts under the scale's label: drawn over the line's top 40% (as it was) it hid
    // the highest points, and the label's box made the line look broken.
    const QRectF area = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    return area.adjusted(2, scaleRect().bottom() - area.top() + 1, -2, -2);
}

void Sparkline::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRectF area = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    // The palette's base colour with a thin frame between it and the text colour: white on a
    // light desktop, dark on a dark one.
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    p.setPen(blend(base, text, 0.2));
    p.setBrush(base);
    p.drawRect(area);

    const qsizetype shown = std::min<qsizetype>(m_values.size(), m_capacity);
    const qint64 maximum = shown == 0 ? 0 : *std::max_element(m_values.end() - shown, m_values.end());
    drawLine(p, plotRect(), shown, maximum);

    // The scale, top left: the highest value of the window.
    const QFont small = scaleFont();
    p.setFont(small);
    const QRectF box = scaleRect();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(blend(base, text, 0.85));
    p.drawText(QPointF(box.left() + 2, box.top() + QFontMetricsF(small).ascent()), scaleText());
}

void Sparkline::drawLine(QPainter &p, const QRectF &plot, qsizetype shown, qint64 maximum)
{
    if (shown < 1)
        return;
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
    const QColor color = lineColor();
    QColor light = color;
    light.setAlpha(50);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(Qt::NoPen);
    p.setBrush(light);
    p.drawPolygon(fill);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color, 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawPolyline(line);
    p.drawPolyline(line.translated(0, -0.5));
}

} // namespace PriorityLab
