#include "ui/charts/chartsupport_p.h"

#include <QChart>
#include <QChartView>
#include <QFontDatabase>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QPalette>
#include <QLegend>
#include <QValueAxis>

#include <cmath>

namespace PriorityLab::ChartSupport {

double niceTickInterval(double span, int ticks)
{
    if (span <= 0 || ticks <= 0)
        return 1;
    const double raw = span / ticks;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double interval = 10 * magnitude;
    for (const double step : {1.0, 2.0, 2.5, 5.0}) {
        // Not 2.5 itself: the labels are whole numbers ("%d" of 7.5 reads "7").
        const double candidate = step * magnitude;
        if (raw <= candidate && candidate == std::floor(candidate)) {
            interval = candidate;
            break;
        }
    }
    // Rounded up past the span (one interval of 0..300 is 500), the axis would label its start
    // only: a narrow latency chart at 1024x768 read "0" and nothing else. The largest round
    // interval inside the span labels a later value too (0 and 250).
    if (interval > span && span >= 1) {
        const double spanMagnitude = std::pow(10.0, std::floor(std::log10(span)));
        for (const double step : {5.0, 2.5, 2.0, 1.0}) {
            const double candidate = step * spanMagnitude;
            if (candidate <= span && candidate == std::floor(candidate)) {
                interval = candidate;
                break;
            }
        }
    }
    return std::max(1.0, interval);
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
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

void applyPalette(QChart *chart, const QPalette &palette)
{
    const QChart::ChartTheme theme = isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart->theme() != theme)
        chart->setTheme(theme);
    const QColor text = palette.color(QPalette::Text);
    QColor grid = palette.color(QPalette::Mid);
    grid.setAlpha(110);
    chart->setBackgroundBrush(palette.brush(QPalette::Base));
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    chart->legend()->setBrush(Qt::NoBrush);
    chart->legend()->setPen(Qt::NoPen);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setLinePenColor(palette.color(QPalette::Mid));
        axis->setGridLineColor(grid);
        axis->setShadesVisible(false);
    }
}

namespace {

/// @p font at @p ratio times its size, in points or pixels, whichever it is given in.
QFont scaledFont(QFont font, qreal ratio)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * ratio);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, qRound(font.pixelSize() * ratio)));
    return font;
}

} // namespace

void applyFonts(QChart *chart, const QFont &font)
{
    QFont title = scaledFont(font, 1.15);
    title.setBold(true);
    chart->setTitleFont(title);
    chart->legend()->setFont(font);
    // Axis labels and titles a little smaller than the text, scaled with it (View > Zoom).
    QFont small = scaledFont(font, 0.95);
    small.setBold(false);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsFont(small);
        axis->setTitleFont(small);
    }
}

qreal textScale(const QFont &font)
{
    const qreal normal = QFontDatabase::systemFont(QFontDatabase::GeneralFont).pointSizeF();
    const qreal size = font.pointSizeF();
    return normal > 0 && size > 0 ? std::max<qreal>(1, size / normal) : 1;
}

QChartView *createView(QChart *chart, QWidget *parent)
{
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setMinimumHeight(MinimumViewHeight);
    view->setMinimumWidth(240);
    return view;
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
