#include "ui/charts/chartwidget.h"

#include "ui/charts/chartsupport_p.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QValueAxis>
#include <QFontMetricsF>
#include <QVBoxLayout>

#include <algorithm>

namespace PriorityLab {

ChartWidget::ChartWidget(QAbstractAxis *xAxis, QWidget *parent) : QWidget(parent), m_xAxis(xAxis)
{
    m_chart = new QChart;
    ChartSupport::styleChart(m_chart);
    m_chart->legend()->setVisible(false);

    m_yAxis = new QValueAxis;
    m_yAxis->setLabelFormat(QStringLiteral("%d"));
    ChartSupport::applyRange(m_yAxis, m_yRange.x(), m_yRange.y(), m_yTicks);
    connect(m_chart, &QChart::plotAreaChanged, this, &ChartWidget::fitYTicks);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    ChartSupport::applyPalette(m_chart, palette());
    ChartSupport::applyFonts(m_chart, font());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = ChartSupport::createView(m_chart, this);
    layout->addWidget(m_view);
}

ChartWidget::~ChartWidget() = default;

void ChartWidget::setTitle(const QString &title)
{
    m_chart->setTitle(title);
    setAccessibleName(title);
}

QString ChartWidget::title() const
{
    return m_chart->title();
}

void ChartWidget::setAxisTitles(const QString &x, const QString &y)
{
    m_xAxis->setTitleText(x);
    m_yAxis->setTitleText(y);
}

void ChartWidget::setYRange(qreal min, qreal max)
{
    const QPointF range(min, max);
    if (range == m_yRange)
        return;
    m_yRange = range;
    ChartSupport::applyRange(m_yAxis, min, max, m_yTicks);
}

void ChartWidget::fitYTicks(const QRectF &plotArea)
{
    // Qt Charts writes a value-axis label with less than its height of room as "...": a docked
    // chart at 1280x720 has a plot about 60 px high, room for 3 labels, not 6 (a keyboard-only
    // trial could not read the latency axis a lesson talked about). At most 5 intervals, each at
    // least one and a half label lines high.
    const qreal line = QFontMetricsF(m_yAxis->labelsFont()).height();
    const int ticks = std::clamp(int(plotArea.height() / (1.5 * line)), 1, 5);
    if (ticks == m_yTicks)
        return;
    m_yTicks = ticks;
    ChartSupport::applyRange(m_yAxis, m_yRange.x(), m_yRange.y(), m_yTicks);
}

QPointF ChartWidget::yRange() const
{
    return m_yRange;
}

void ChartWidget::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    ChartSupport::relayout(m_chart);
}

void ChartWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyStyle();
    } else if (event->type() == QEvent::FontChange) {
        ChartSupport::applyFonts(m_chart, font());
        fitViewHeight();
        styleChanged(false);
    } else {
        return;
    }
    // Lay out again now with the new fonts: labels measured with the old ones stay elided ("...").
    ChartSupport::relayout(m_chart);
}

void ChartWidget::fitViewHeight()
{
    // Zoomed text needs a taller plot: below that, Qt Charts elides the axis labels to "...".
    m_view->setMinimumHeight(qRound(ChartSupport::MinimumViewHeight * ChartSupport::textScale(font())));
}

void ChartWidget::applyStyle()
{
    ChartSupport::applyPalette(m_chart, palette());
    ChartSupport::applyFonts(m_chart, font());
    fitViewHeight();
    styleChanged(true);
}

bool ChartWidget::isDarkTheme() const
{
    return m_chart->theme() == QChart::ChartThemeDark;
}

QColor ChartWidget::backgroundColor() const
{
    return m_chart->backgroundBrush().color();
}

QColor ChartWidget::labelColor() const
{
    return m_yAxis->labelsColor();
}

QFont ChartWidget::axisLabelsFont() const
{
    return m_yAxis->labelsFont();
}

QFont ChartWidget::legendFont() const
{
    return m_chart->legend()->font();
}

QFont ChartWidget::axisTitleFont() const
{
    return m_yAxis->titleFont();
}

bool ChartWidget::yAxisTitleFits() const
{
    return QFontMetrics(m_yAxis->titleFont()).horizontalAdvance(m_yAxis->titleText()) <= m_chart->plotArea().height();
}

QFont ChartWidget::titleFont() const
{
    return m_chart->titleFont();
}

void ChartWidget::paintChart(QPainter *painter, const QRectF &target)
{
    ChartSupport::renderChart(m_chart, painter, target);
}

} // namespace PriorityLab
