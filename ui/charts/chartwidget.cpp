#include "ui/charts/chartwidget.h"

#include "ui/charts/chartsupport_p.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QValueAxis>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsTextItem>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

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
    m_title = title;
    m_chart->setTitle(m_titleShown ? title : QString());
    setAccessibleName(title);
}

QString ChartWidget::title() const
{
    return m_title;
}

bool ChartWidget::isTitleShown() const
{
    return m_titleShown && !m_title.isEmpty();
}

void ChartWidget::setTitleShown(bool shown)
{
    if (shown == m_titleShown)
        return;
    m_titleShown = shown;
    m_chart->setTitle(shown ? m_title : QString());
}

qreal ChartWidget::titleHeight() const
{
    return QFontMetricsF(m_chart->titleFont()).height();
}

qreal ChartWidget::minimumPlotHeight() const
{
    return 5 * QFontMetricsF(m_yAxis->labelsFont()).height();
}

QRectF ChartWidget::plotArea() const
{
    return m_chart->plotArea();
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
    const auto fitting = [line](qreal height) { return std::clamp(int(height / (1.5 * line)), 1, 5); };
    int ticks = fitting(plotArea.height());
    // More ticks only with a line to spare: the ticks change the labels' width ("0" alone or
    // "0 … 150"), so the plot's width, so the marker labels' band above it (TimeSeriesChart) and
    // the plot's height; without a margin that could undo the change and take turns forever.
    if (ticks > m_yTicks)
        ticks = std::max(m_yTicks, fitting(plotArea.height() - line));
    if (ticks != m_yTicks) {
        m_yTicks = ticks;
        ChartSupport::applyRange(m_yAxis, m_yRange.x(), m_yRange.y(), m_yTicks);
    }
    // A title longer than the plot is high was drawn elided ("mes…" at 130 % with two rows of
    // marker labels): it is left out instead, the chart's tooltip saying what is counted. It
    // takes a line of the plot's width, so of the marker labels' room and so maybe of the plot's
    // height: it comes back only with a line to spare.
    const qreal titleWidth = QFontMetricsF(m_yAxis->titleFont()).horizontalAdvance(m_yAxis->titleText()) + 4;
    const bool fits = titleWidth + (m_yAxis->isTitleVisible() ? 0 : line) <= plotArea.height();
    if (fits != m_yAxis->isTitleVisible())
        m_yAxis->setTitleVisible(fits);
    // Below the minimum height the x axis's title ("cycle") gives its line to the plot, and
    // comes back once the plot keeps the minimum with it: Qt Charts squeezed the axis of a
    // plot too short for everything, its labels to "…".
    const qreal titleLine = QFontMetricsF(m_xAxis->titleFont()).height() + 4;
    const bool xTitle = m_xAxis->isTitleVisible()
            ? plotArea.height() >= minimumPlotHeight()
            : plotArea.height() - titleLine >= minimumPlotHeight() + 2;
    if (xTitle != m_xAxis->isTitleVisible())
        m_xAxis->setTitleVisible(xTitle);
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
        fitLegend();
        styleChanged(false);
    } else {
        return;
    }
    // Lay out again now with the new fonts: labels measured with the old ones stay elided ("...").
    ChartSupport::relayout(m_chart);
}

void ChartWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitLegend();
}

bool ChartWidget::isLegendShown() const
{
    return m_chart->legend()->isVisible();
}

Qt::Alignment ChartWidget::legendAlignment() const
{
    return m_chart->legend()->alignment();
}

namespace {

/// @p label shortened to fit @p room pixels in @p metrics the way the status bar shortens its
/// words ("processed" to "proc."): every word of letters longer than a few is cut to its first
/// letters and a full stop, as few cut as fit (at least 3 letters kept). Never "…": an elided
/// legend entry could not be told from another. Unchanged when it fits.
QString abbreviated(const QString &label, const QFontMetricsF &metrics, qreal room)
{
    if (metrics.horizontalAdvance(label) <= room)
        return label;
    const QStringList words = label.split(QLatin1Char(' '));
    QString shortest = label;
    for (int keep = 7; keep >= 3; --keep) {
        QStringList cut;
        for (const QString &word : words) {
            const bool letters = std::all_of(word.cbegin(), word.cend(), [](QChar c) { return c.isLetter(); });
            cut << (letters && word.size() > keep + 1 ? word.left(keep) + QLatin1Char('.') : word);
        }
        shortest = cut.join(QLatin1Char(' '));
        if (metrics.horizontalAdvance(shortest) <= room)
            break;
    }
    return shortest;
}

} // namespace

void ChartWidget::fitLegend()
{
    // Below the plot the legend took a row of a chart 160 px high at 1280x720 (the latency plot
    // was left a strip), and Qt Charts elides entries that do not fit in that one row
    // ("postpo…"): such charts get it at the right, one entry under the other. There Qt Charts
    // gives it at most 40 % of the chart's width: at 1024x768 zoomed past 120 % that elided
    // "processed" to "proces…" too; the entries are then shortened as the status bar's words are
    // ("proc.", "postp."), whole words kept where they fit, the full names in the legend's
    // tooltip.
    QLegend *legend = m_chart->legend();
    const QFontMetricsF metrics(legend->font());
    const qreal extra = 2.5 * metrics.height();  // the marker, its spacing and the entry's padding
    QList<QLegendMarker *> shown;
    QStringList names;
    for (QLegendMarker *marker : legend->markers()) {
        if (!marker->isVisible())
            continue;
        if (!marker->property(FullLabelProperty).isValid())
            marker->setProperty(FullLabelProperty, marker->label());
        shown << marker;
        names << marker->property(FullLabelProperty).toString();
    }
    const auto rowWidth = [&](const QStringList &labels) {
        qreal row = 0;
        for (const QString &label : labels)
            row += metrics.horizontalAdvance(label) + extra;
        return row;
    };
    const auto widest = [&](const QStringList &labels) {
        qreal w = 0;
        for (const QString &label : labels)
            w = std::max(w, metrics.horizontalAdvance(label));
        return w;
    };
    const bool tall = height() >= minimumPlotHeight() + 9 * metrics.height();
    const qreal rightRoom = 0.4 * width() - extra - 4;  // Qt Charts' 40 %, less the marker and padding
    QStringList labels = names;
    bool below = rowWidth(labels) <= width() - 8 && tall;
    if (!below && widest(labels) > rightRoom) {
        for (QString &label : labels)
            label = abbreviated(label, metrics, rightRoom);
        below = rowWidth(labels) <= width() - 8 && tall;
        // Still too wide beside the plot ("mid 4–6" has no word to shorten): one row below it,
        // whole names if they fit there, even in a short chart (a row of height rather than
        // elided entries).
        if (!below && widest(labels) > rightRoom) {
            if (rowWidth(names) <= width() - 8)
                labels = names;
            below = rowWidth(labels) <= width() - 8;
        }
    }
    QStringList shortened;
    bool relabelled = false;
    for (qsizetype i = 0; i < shown.size(); ++i) {
        if (shown.at(i)->label() != labels.at(i)) {
            shown.at(i)->setLabel(labels.at(i));
            relabelled = true;
        }
        if (labels.at(i) != names.at(i))
            shortened << QStringLiteral("%1: %2").arg(labels.at(i), names.at(i));
    }
    // Qt Charts keeps the legend's width of the old labels: whole names again after a widening
    // (1280x660 at 120 %, the row shared again for the zoom) were elided to "pr…" in the room
    // "proc." had. The legend and the chart's layout measure them again.
    if (relabelled) {
        if (QGraphicsLayout *layout = legend->layout())
            layout->invalidate();
        if (QGraphicsLayout *layout = m_chart->layout())
            layout->invalidate();
    }
    m_legendShortened = shortened;
    const Qt::Alignment alignment = below ? Qt::AlignBottom : Qt::AlignRight;
    if (legend->alignment() != alignment)
        legend->setAlignment(alignment);
    // Over the legend, the full names (the chart's own tooltip stays for the rest of it).
    legend->setToolTip(shortened.join(QLatin1Char('\n')));
}

qreal ChartWidget::legendHeightNeeded() const
{
    QLegend *legend = m_chart->legend();
    if (!legend->isVisible())
        return 0;
    // An entry is a visible item of the legend with a text of its own (its label) beside its
    // marker; Qt Charts gives it the height of the taller. Before the first layout there is
    // none measured: a line of the legend's font and the label's padding each.
    QList<qreal> entries;
    const std::function<void(QGraphicsItem *)> find = [&](QGraphicsItem *item) {
        for (QGraphicsItem *child : item->childItems()) {
            if (!child->isVisible())
                continue;
            const auto *text = dynamic_cast<QGraphicsTextItem *>(child);
            if (text && !text->toPlainText().isEmpty()) {
                entries << item->boundingRect().height();
                return;
            }
            find(child);
        }
    };
    find(legend);
    qsizetype shown = 0;
    for (QLegendMarker *marker : legend->markers())
        shown += marker->isVisible() ? 1 : 0;
    const qreal fallback = QFontMetricsF(legend->font()).height() + 8;
    const qreal entry = entries.isEmpty() ? fallback : *std::max_element(entries.cbegin(), entries.cend());
    qreal top = 0;
    qreal bottom = 0;
    if (QGraphicsLayout *layout = legend->layout()) {
        qreal left = 0;
        qreal right = 0;
        layout->getContentsMargins(&left, &top, &right, &bottom);
    }
    const qreal rows = legend->alignment() & (Qt::AlignLeft | Qt::AlignRight) ? qreal(shown) : 1.0;
    return top + bottom + rows * entry;
}

QStringList ChartWidget::legendLabels() const
{
    QStringList labels;
    for (QLegendMarker *marker : m_chart->legend()->markers()) {
        if (marker->isVisible())
            labels << marker->label();
    }
    return labels;
}

void ChartWidget::fitViewHeight()
{
    // Zoomed text needs a taller plot: below that, Qt Charts elides the axis labels to "...".
    // A little more than in proportion: at 130 % three rows of marker labels left the plot
    // below minimumPlotHeight() in a view 208 px high.
    m_view->setMinimumHeight(qRound(ChartSupport::MinimumViewHeight * std::pow(ChartSupport::textScale(font()), 1.25)));
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
    return !m_yAxis->isTitleVisible()
            || QFontMetrics(m_yAxis->titleFont()).horizontalAdvance(m_yAxis->titleText()) <= m_chart->plotArea().height();
}

bool ChartWidget::isYAxisTitleShown() const
{
    return m_yAxis->isTitleVisible() && !m_yAxis->titleText().isEmpty();
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
