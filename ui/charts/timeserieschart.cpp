#include "ui/charts/timeserieschart.h"

#include "ui/charts/chartsupport_p.h"
#include "ui/common/textcolors.h"

#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPalette>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace PriorityLab {

namespace {

/// The drawn parts of one marker: a dashed line and a label on a pale box.
struct MarkerItems
{
    QGraphicsLineItem *line = nullptr;
    QGraphicsRectItem *box = nullptr;
    QGraphicsSimpleTextItem *text = nullptr;
};

/// Most lines of a marker's label: a label longer than that is elided on its last line (the
/// tooltip has it whole). Fewer where the band would leave the plot too short.
constexpr int MaxLabelLines = 4;

/// The opacity of a marker label's box, beside its line (a stacked label's box is opaque).
constexpr int BoxAlpha = 225;

/// @p label broken into lines at most @p width wide (in @p metrics), at spaces, at most
/// @p maxLines; a word wider than a line, or what does not fit in the last line, is elided.
QStringList wrapLabel(const QString &label, const QFontMetricsF &metrics, qreal width, int maxLines)
{
    QStringList lines;
    QString line;
    const QStringList words = label.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString candidate = line.isEmpty() ? words.at(i) : line + QLatin1Char(' ') + words.at(i);
        if (line.isEmpty() || metrics.horizontalAdvance(candidate) <= width) {
            line = candidate;
            continue;
        }
        if (lines.size() >= maxLines - 1) {
            line = candidate;  // the rest goes to the last line, elided below
            continue;
        }
        lines << line;
        line = words.at(i);
    }
    if (!line.isEmpty() || lines.isEmpty())
        lines << line;
    for (QString &l : lines) {
        if (metrics.horizontalAdvance(l) > width)
            l = metrics.elidedText(l, Qt::ElideRight, width);
    }
    return lines;
}

} // namespace

struct TimeSeriesChart::Private
{
    QValueAxis *xAxis = nullptr;
    QList<QLineSeries *> series;
    QList<QPen> pens;  ///< each series' pen, given again after a theme change
    QList<QColor> colorsOnDark;  ///< each series' colour on a dark background; invalid: lightened
    QList<QList<QPointF>> points;  ///< each series' points as given (points())
    /// Each series' pieces after its first (which is the series itself), where its line has
    /// gaps (setMaxJoinedStep()); kept for reuse, emptied when not needed.
    QList<QList<QLineSeries *>> pieces;
    qreal maxJoinedStep = 0;  ///< setMaxJoinedStep()
    QList<QLineSeries *> keys;  ///< the legend keys (addLegendKey()): no points
    QList<QPen> keyPens;        ///< each key's pen but its colour (the text colour, styleKeys())
    QPointF xRange{0, 1};
    QList<ChartMarker> markers;
    QList<MarkerItems> markerItems;
    int xTicks = 6;         ///< intervals asked of the x axis; fewer in a narrow plot (fitXTicks())
    qreal band = 0;         ///< pixels of the chart's top margin held for the labels
    bool laying = false;    ///< layoutMarkers() is running (its margin change lays out again)
    bool compact = false;   ///< the labels are their short tags (markerLabelsCompact())
    int relayouts = 0;      ///< nested layoutMarkers() calls for a plot that changed under it
    /// The title, drawn above the marker labels while they show (Qt Charts' own is below the
    /// chart's top margin, which holds the labels).
    QGraphicsSimpleTextItem *titleItem = nullptr;
};

TimeSeriesChart::TimeSeriesChart(QWidget *parent)
    : ChartWidget(new QValueAxis, parent), d(std::make_unique<Private>())
{
    d->xAxis = static_cast<QValueAxis *>(xAxis());
    d->xAxis->setLabelFormat(QStringLiteral("%d"));
    ChartSupport::applyRange(d->xAxis, d->xRange.x(), d->xRange.y(), d->xTicks);
    connect(chart(), &QChart::plotAreaChanged, this, &TimeSeriesChart::fitXTicks);
    connect(chart(), &QChart::plotAreaChanged, this, &TimeSeriesChart::layoutMarkers);
    d->titleItem = new QGraphicsSimpleTextItem(chart());
    d->titleItem->setZValue(12);
    d->titleItem->setVisible(false);
}

bool TimeSeriesChart::isTitleShown() const
{
    return ChartWidget::isTitleShown() || (d->titleItem->isVisible() && !title().isEmpty());
}

TimeSeriesChart::~TimeSeriesChart() = default;

int TimeSeriesChart::addSeries(const QString &name, const QColor &color, Qt::PenStyle style, const QColor &colorOnDark)
{
    auto *series = new QLineSeries;
    series->setName(name);
    QPen pen(color);
    pen.setWidthF(style == Qt::SolidLine ? 2.5 : 2.0);
    pen.setStyle(style);
    d->pens.append(pen);
    d->colorsOnDark.append(colorOnDark);
    series->setPen(drawnPen(int(d->pens.size() - 1)));
    // OpenGL would be faster for very long series, but our windows are a few hundred points and
    // the offscreen platform used by tests and screenshots has no GL context.
    chart()->addSeries(series);
    series->attachAxis(d->xAxis);
    series->attachAxis(yAxis());
    d->series.append(series);
    d->points.append(QList<QPointF>());
    d->pieces.append(QList<QLineSeries *>());
    if (d->series.size() > 1)
        chart()->legend()->setVisible(true);
    fitLegend();
    return int(d->series.size() - 1);
}

void TimeSeriesChart::addLegendKey(const QString &name, Qt::PenStyle style)
{
    auto *key = new QLineSeries;
    key->setName(name);
    QPen pen;
    pen.setWidthF(style == Qt::SolidLine ? 2.5 : 2.0);
    // The legend draws a line series' entry about 12 px long: Qt::DashLine's 8 px dash would
    // fill most of it and read as solid; two short dashes read as a dashed line.
    if (style != Qt::SolidLine)
        pen.setDashPattern({2.0, 1.5});
    chart()->addSeries(key);
    key->attachAxis(d->xAxis);
    key->attachAxis(yAxis());
    d->keys.append(key);
    d->keyPens.append(pen);
    styleKeys();
    for (QLegendMarker *marker : chart()->legend()->markers(key))
        marker->setShape(QLegend::MarkerShapeFromSeries);  // a line, not a square of colour
    chart()->legend()->setVisible(true);
    fitLegend();
}

QStringList TimeSeriesChart::legendKeys() const
{
    QStringList names;
    for (const QLineSeries *key : d->keys)
        names << key->name();
    return names;
}

Qt::PenStyle TimeSeriesChart::legendKeyStyle(int key) const
{
    if (key < 0 || key >= d->keys.size())
        return Qt::NoPen;
    return d->keys.at(key)->pen().style();
}

void TimeSeriesChart::styleKeys()
{
    // In the text colour (the key is no class's colour), its style given again after a theme
    // (which sets every series' pen).
    const QColor text = palette().color(QPalette::Text);
    for (qsizetype i = 0; i < d->keys.size(); ++i) {
        QPen pen = d->keyPens.at(i);
        pen.setColor(text);
        if (d->keys.at(i)->pen() != pen)
            d->keys.at(i)->setPen(pen);
    }
}

void TimeSeriesChart::setSeriesWidth(int series, qreal width)
{
    if (series < 0 || series >= d->series.size())
        return;
    d->pens[series].setWidthF(width);
    const QPen pen = drawnPen(series);
    d->series.at(series)->setPen(pen);
    for (QLineSeries *piece : d->pieces.at(series))
        piece->setPen(pen);
}

qreal TimeSeriesChart::seriesWidth(int series) const
{
    return series < 0 || series >= d->series.size() ? 0.0 : d->pens.at(series).widthF();
}

void TimeSeriesChart::setSeriesInLegend(int series, bool shown)
{
    if (series < 0 || series >= d->series.size())
        return;
    for (QLegendMarker *marker : chart()->legend()->markers(d->series.at(series)))
        marker->setVisible(shown);
    fitLegend();
}

void TimeSeriesChart::clearSeries()
{
    for (QLineSeries *series : std::as_const(d->series)) {
        chart()->removeSeries(series);
        delete series;
    }
    for (const QList<QLineSeries *> &pieces : std::as_const(d->pieces)) {
        for (QLineSeries *piece : pieces) {
            chart()->removeSeries(piece);
            delete piece;
        }
    }
    d->series.clear();
    d->pens.clear();
    d->colorsOnDark.clear();
    d->points.clear();
    d->pieces.clear();
}

int TimeSeriesChart::seriesCount() const
{
    return int(d->series.size());
}

QString TimeSeriesChart::seriesName(int series) const
{
    if (series < 0 || series >= d->series.size())
        return {};
    return d->series.at(series)->name();
}

void TimeSeriesChart::setPoints(int series, const QList<QPointF> &points)
{
    if (series < 0 || series >= d->series.size())
        return;
    d->points[series] = points;
    QList<QLineSeries *> &pieces = d->pieces[series];
    // Qt Charts joins every point of a series (NaN is ignored, not a gap): a gap starts another
    // piece, a series of the same pen out of the legend. Without a gap, one replace() as before.
    qsizetype piece = 0;
    qsizetype start = 0;
    for (qsizetype i = 1; i <= points.size(); ++i) {
        if (i < points.size() && (d->maxJoinedStep <= 0 || points.at(i).x() - points.at(i - 1).x() <= d->maxJoinedStep))
            continue;
        QLineSeries *line = d->series.at(series);
        if (piece > 0) {
            if (piece > pieces.size()) {
                line = new QLineSeries;
                line->setName(d->series.at(series)->name());
                line->setPen(d->series.at(series)->pen());
                chart()->addSeries(line);
                line->attachAxis(d->xAxis);
                line->attachAxis(yAxis());
                for (QLegendMarker *marker : chart()->legend()->markers(line))
                    marker->setVisible(false);
                pieces.append(line);
            }
            line = pieces.at(piece - 1);
        }
        line->replace(start == 0 && i == points.size() ? points : points.mid(start, i - start));
        ++piece;
        start = i;
    }
    if (points.isEmpty()) {
        d->series.at(series)->clear();
        piece = 1;
    }
    for (qsizetype k = piece - 1; k < pieces.size(); ++k) {
        if (pieces.at(k)->count() > 0)
            pieces.at(k)->clear();
    }
}

void TimeSeriesChart::setMaxJoinedStep(qreal step)
{
    if (step == d->maxJoinedStep)
        return;
    d->maxJoinedStep = step;
    for (int i = 0; i < int(d->series.size()); ++i)
        setPoints(i, QList<QPointF>(d->points.at(i)));
}

QList<QList<QPointF>> TimeSeriesChart::drawnPieces(int series) const
{
    QList<QList<QPointF>> drawn;
    if (series < 0 || series >= d->series.size())
        return drawn;
    if (d->series.at(series)->count() > 0)
        drawn << d->series.at(series)->points();
    for (const QLineSeries *piece : d->pieces.at(series)) {
        if (piece->count() > 0)
            drawn << piece->points();
    }
    return drawn;
}

QColor TimeSeriesChart::seriesColor(int series) const
{
    if (series < 0 || series >= d->series.size())
        return {};
    return d->pens.at(series).color();
}

QColor TimeSeriesChart::drawnSeriesColor(int series) const
{
    if (series < 0 || series >= d->series.size())
        return {};
    return d->series.at(series)->pen().color();
}

QPen TimeSeriesChart::drawnPen(int series) const
{
    // A thin line needs 3:1 against the plot (WCAG 2.x non-text contrast), whatever the
    // palette's background. Same hue and saturation, so the colour still names the same series;
    // on a dark chart the colour given for it, where one was (the priority classes' own
    // lightness steps, which lightening alone would bring together).
    QPen pen = d->pens.at(series);
    const QColor background = backgroundColor();
    const QColor onDark = d->colorsOnDark.at(series);
    const QColor color = onDark.isValid() && TextColors::isDark(background) ? onDark : pen.color();
    pen.setColor(TextColors::readable(color, background, LineContrast));
    return pen;
}

QList<QPointF> TimeSeriesChart::points(int series) const
{
    if (series < 0 || series >= d->series.size())
        return {};
    return d->points.at(series);
}

void TimeSeriesChart::setSeriesAndXRange(const QList<QList<QPointF>> &points, qreal min, qreal max)
{
    if (QPointF(min, max) != d->xRange) {
        // An empty line is not laid out for the new range: only once, below, with its points.
        for (qsizetype i = 0; i < d->series.size(); ++i) {
            if (d->series.at(i)->count() > 0)
                d->series.at(i)->clear();
            for (QLineSeries *piece : std::as_const(d->pieces[i])) {
                if (piece->count() > 0)
                    piece->clear();
            }
        }
    }
    setXRange(min, max);
    for (qsizetype i = 0; i < points.size(); ++i)
        setPoints(int(i), points.at(i));
}

void TimeSeriesChart::setXRange(qreal min, qreal max)
{
    const QPointF range(min, max);
    if (range == d->xRange)
        return;
    d->xRange = range;
    ChartSupport::applyRange(d->xAxis, min, max, d->xTicks);
    fitXTicks(chart()->plotArea());
    layoutMarkers();
}

void TimeSeriesChart::fitXTicks(const QRectF &plotArea)
{
    // Qt Charts gives each x label the axis's width over the number of ticks, less 4 px of
    // padding on each side, and writes a wider one as "…": at 130 % in a narrow dock the cycle
    // numbers could not be read. Each tick gets room for the widest label (the range's ends, in
    // "%d") and a gap; the intervals are at most 6 and at least 1 (the ticks are one more).
    const QFontMetricsF metrics(d->xAxis->labelsFont());
    const qreal label = std::max(metrics.horizontalAdvance(QString::number(qint64(std::floor(d->xRange.x())))),
                                 metrics.horizontalAdvance(QString::number(qint64(std::ceil(d->xRange.y())))));
    const qreal perTick = label + 2 * 4 + metrics.averageCharWidth() * 2;
    const auto fitting = [perTick](qreal width) { return std::clamp(int(width / perTick) - 1, 1, 6); };
    int ticks = fitting(plotArea.width());
    // More ticks only with a label's width to spare. Qt Charts keeps room right of the plot for
    // half the last tick's label, so the ticks change the plot's width: at 1024x768 the latency
    // plot was 130 px wide with 1 interval, room for 2, and 125 px with 2, room for 1, and the
    // axis's numbers and grid lines came and went several times a second while paused. A label
    // is more than what the ticks take from the width, so a change never undoes itself.
    if (ticks > d->xTicks)
        ticks = std::max(d->xTicks, fitting(plotArea.width() - label));
    if (ticks == d->xTicks)
        return;
    d->xTicks = ticks;
    ChartSupport::applyRange(d->xAxis, d->xRange.x(), d->xRange.y(), d->xTicks);
}

QPointF TimeSeriesChart::xRange() const
{
    return d->xRange;
}

void TimeSeriesChart::setLegendVisible(bool visible)
{
    chart()->legend()->setVisible(visible);
}

void TimeSeriesChart::setMarkers(const QList<ChartMarker> &markers)
{
    if (markers == d->markers)
        return;
    d->markers = markers;
    // Items are reused; a few markers at most are visible in a window.
    while (d->markerItems.size() > d->markers.size()) {
        const MarkerItems items = d->markerItems.takeLast();
        delete items.line;
        delete items.box;  // owns the text
    }
    while (d->markerItems.size() < d->markers.size()) {
        MarkerItems items;
        items.line = new QGraphicsLineItem(chart());
        items.line->setZValue(10);
        items.box = new QGraphicsRectItem(chart());
        items.box->setZValue(11);
        items.text = new QGraphicsSimpleTextItem(items.box);
        d->markerItems.append(items);
    }
    for (qsizetype i = 0; i < d->markers.size(); ++i) {
        const ChartMarker &m = d->markers.at(i);
        const MarkerItems &items = d->markerItems.at(i);
        items.text->setText(m.label);
        const QString tip = m.toolTip.isEmpty() ? m.label : m.toolTip;
        items.line->setToolTip(tip);
        items.box->setToolTip(tip);
        items.text->setToolTip(tip);
    }
    styleMarkers();
    layoutMarkers();
}

QColor TimeSeriesChart::liveEditColor()
{
    return QColor(0x8e, 0x44, 0xad);
}

void TimeSeriesChart::styleMarkers()
{
    // Timeline: a dashed line in the text colour. Live edit: a solid, wider line in the edit
    // colour (lightened on a dark background), its box edged in the same colour.
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    QColor edit = liveEditColor();
    if (ChartSupport::isDark(pal))
        edit = edit.lighter(170);
    QColor box = pal.color(QPalette::Base);
    box.setAlpha(BoxAlpha);
    QFont font = chart()->legend()->font();
    font.setPointSizeF(font.pointSizeF() * 0.95);
    for (qsizetype i = 0; i < d->markerItems.size() && i < d->markers.size(); ++i) {
        const bool live = d->markers.at(i).kind == ChartMarker::Kind::LiveEdit;
        const MarkerItems &items = d->markerItems.at(i);
        QPen pen(live ? edit : text);
        pen.setWidthF(live ? 2.0 : 1.5);
        pen.setStyle(live ? Qt::SolidLine : Qt::DashLine);
        items.line->setPen(pen);
        items.box->setPen(QPen(live ? edit : pal.color(QPalette::Mid), live ? 1.2 : 0.8));
        items.box->setBrush(box);
        items.text->setFont(font);
        items.text->setBrush(live ? (ChartSupport::isDark(pal) ? edit : edit.darker(120)) : text);
    }
}

void TimeSeriesChart::styleChanged(bool paletteChanged)
{
    if (paletteChanged) {
        for (qsizetype i = 0; i < d->series.size(); ++i) {
            const QPen pen = drawnPen(int(i));
            d->series.at(i)->setPen(pen);
            for (QLineSeries *piece : d->pieces.at(i))
                piece->setPen(pen);
        }
    }
    styleKeys();
    styleMarkers();
    layoutMarkers();
}

QList<ChartMarker> TimeSeriesChart::markers() const
{
    return d->markers;
}

bool TimeSeriesChart::markerLabelsCompact() const
{
    return d->compact;
}

QStringList TimeSeriesChart::markerTexts() const
{
    QStringList texts;
    for (const MarkerItems &items : d->markerItems)
        texts << (items.box->isVisible() ? items.text->text() : QString());
    return texts;
}

QList<QRectF> TimeSeriesChart::markerLabelRects() const
{
    QList<QRectF> rects;
    for (const MarkerItems &items : d->markerItems)
        rects << (items.box->isVisible() ? items.box->sceneBoundingRect() : QRectF());
    return rects;
}

QList<QLineF> TimeSeriesChart::markerLines() const
{
    QList<QLineF> lines;
    for (const MarkerItems &items : d->markerItems)
        lines << (items.line->isVisible() ? items.line->line() : QLineF());
    return lines;
}

QStringList TimeSeriesChart::markerLabelToolTips() const
{
    QStringList tips;
    for (const MarkerItems &items : d->markerItems)
        tips << (items.box->isVisible() ? items.box->toolTip() : QString());
    return tips;
}

void TimeSeriesChart::layoutMarkers()
{
    if (d->laying)
        return;
    d->laying = true;
    const QRectF plot = chart()->plotArea();
    const qreal span = d->xRange.y() - d->xRange.x();
    // The labels go in a band at the top of the chart, below its title, held by the
    // chart's top margin: over the plot they covered the series' line where it was highest (a short
    // chart is mostly line). Each line runs from its label down through the plot.
    // The chart's title keeps its row above the labels (the band once took it: a chart with
    // markers lost its name); drawn here, since Qt Charts draws its title below the margin.
    const qreal titleRow = title().isEmpty() ? 0 : std::ceil(titleHeight()) + 2;
    const qreal bandTop = chart()->rect().top() + 2 + titleRow;
    const qreal padding = 6;
    const QRectF area = chart()->rect().adjusted(2, 0, -2, 0);  ///< where a label over its line may go

    // First the lines, and which markers get a label of their own: a live edit whose line is
    // close to the line of the live edit's label before it (edits a few cycles apart, a
    // scripted change between them or not), closer than that label's shared tag "✎ 2" is wide,
    // shares that label, "✎ 2 edits", every edit in its tooltip. Farther, it has its own, by
    // its own line: an undo 60 cycles after its edit had shared the edit's label, whose text
    // ("…, undone") no longer fitted right of the edit's line and went left of it, the undo's
    // line without a label (a teacher's trial at 1280x720).
    struct Label
    {
        qsizetype marker;
        qreal x;
        QString text;
        QStringList tips;
        QString shortText;  ///< the tag drawn instead where the labels would take too much room
        bool live;          ///< every marker of the label is a live edit
        QStringList edits = {};  ///< its markers' edits by hand (ChartMarker::edits), each once
        QStringList undone = {};  ///< of those, the ones undone since (ChartMarker::undone)
        int liveMarkers = 0;  ///< its markers of live edits
        /// For a label of one edit: the undo's label and tag where it holds the undo, else its
        /// last live marker's ("✎ A · high = 10, undone" for an edit and its undo).
        QString oneText = {};
        QString oneTag = {};
        bool oneUndo = false;  ///< oneText is an undo's
        QString whole = {};  ///< its text whole, before a short tag took its place
        qreal last = 0;     ///< the x of its rightmost line (its lines of markers merged for room)

        /// Takes in live marker @p m (at index @p index of the markers), its label and tag
        /// @p label and @p tag.
        void take(const ChartMarker &m, qsizetype index, const QString &label, const QString &tag)
        {
            ++liveMarkers;
            // A marker without ids (made elsewhere than ChartPanel) is one edit of its own.
            const QStringList ids = m.edits.isEmpty() ? QStringList{QStringLiteral("#%1").arg(index)} : m.edits;
            for (const QString &id : ids) {
                if (!edits.contains(id))
                    edits << id;
                if ((m.undo || m.undone.contains(id)) && !undone.contains(id))
                    undone << id;
            }
            if (m.undo || !oneUndo) {
                oneText = label;
                oneTag = tag;
                oneUndo = m.undo;
            }
        }
        /// Takes in the markers of label @p other (merged for room).
        void take(const Label &other)
        {
            liveMarkers += other.liveMarkers;
            for (const QString &id : other.edits) {
                if (!edits.contains(id))
                    edits << id;
            }
            for (const QString &id : other.undone) {
                if (!undone.contains(id))
                    undone << id;
            }
            if (other.liveMarkers > 0 && (other.oneUndo || !oneUndo)) {
                oneText = other.oneText;
                oneTag = other.oneTag;
                oneUndo = other.oneUndo;
            }
        }
        /// Its edits counted in words, each edit once, an edit and its undo one edit: "✎ 1
        /// edit", "✎ 2 edits", "✎ 2 edits, 1 undone", "✎ 2 edits, both undone", "✎ 3 edits,
        /// all undone" (an undo is no new edit: the lesson panel counts undo steps, docs/
        /// design.md §8). The words depend on the edits it holds, never on how they came
        /// together (a label merged for room, at another zoom, reads as one made of them).
        QString counted() const
        {
            const qsizetype n = edits.size();
            const qsizetype m = undone.size();
            const QString edited = n == 1 ? tr("✎ 1 edit") : tr("✎ %1 edits").arg(n);
            if (m == 0)
                return edited;
            if (m < n)
                return tr("%1, %2 undone").arg(edited).arg(m);
            return n == 1 ? tr("%1, undone").arg(edited)
                          : n == 2 ? tr("%1, both undone").arg(edited) : tr("%1, all undone").arg(edited);
        }
        /// A shared live label's text: one edit (an edit and its undo) reads as the undo's
        /// label, "✎ A · high = 10, undone", its tag the undo's ("✎ A.high 10, undone"), never
        /// bare numbers ("✎ 1, 1 undo" read as nothing to a class); more, counted().
        void countLive()
        {
            if (edits.size() == 1) {
                text = oneText;
                shortText = oneTag;
                return;
            }
            text = counted();
            shortText = undone.isEmpty() ? tr("✎ %1").arg(edits.size()) : text;
        }
    };
    /// Lines closer than this (the shared tag "✎ 2" beside the first, in @p marker's font) are
    /// close: one label reads as theirs.
    const auto closeLines = [&](qsizetype marker) {
        return 3 + QFontMetricsF(d->markerItems.at(marker).text->font()).horizontalAdvance(tr("✎ %1").arg(2)) + padding;
    };
    QList<Label> labels;
    QList<qsizetype> labelOf(d->markers.size(), -1);  // each marker's label, in labels; -1 for none
    qsizetype liveLabel = -1;  // the label of the last live edit, in labels
    for (qsizetype i = 0; i < d->markers.size(); ++i) {
        const ChartMarker &m = d->markers.at(i);
        const MarkerItems &items = d->markerItems.at(i);
        const bool visible = span > 0 && plot.width() > 0 && m.x >= d->xRange.x() && m.x <= d->xRange.y();
        items.line->setVisible(visible);
        items.box->setVisible(false);
        if (!visible)
            continue;
        const qreal x = plot.left() + (m.x - d->xRange.x()) / span * plot.width();
        items.line->setLine(x, bandTop, x, plot.bottom());
        const QString tip = m.toolTip.isEmpty() ? m.label : m.toolTip;
        const QString tag = m.shortLabel.isEmpty() ? m.label : m.shortLabel;
        if (m.kind != ChartMarker::Kind::LiveEdit) {
            labelOf[i] = labels.size();
            Label label{i, x, m.label, {tip}, tag, false};
            label.last = x;
            labels.append(label);
            continue;
        }
        if (liveLabel >= 0) {
            Label &shared = labels[liveLabel];
            if (x < shared.x + closeLines(shared.marker)) {
                shared.tips << tip;
                shared.take(m, i, m.label, tag);
                shared.countLive();
                labelOf[i] = liveLabel;
                continue;
            }
        }
        liveLabel = labels.size();
        labelOf[i] = liveLabel;
        Label label{i, x, m.label, {tip}, tag, true};
        label.take(m, i, m.label, tag);
        label.last = x;
        labels.append(label);
    }

    for (Label &label : labels)
        label.whole = label.text;

    // Then the labels, stacked in the band as few rows deep as can be. Each label is anchored
    // at its own line: right of it where it fits there whole, left of it only where it does not
    // and fits there (a line near the plot's right edge), wrapped on a few lines on the roomier
    // side where it fits on neither (a label elided to one line hid the value, the part that
    // matters), else over its own line, as wide as the chart allows. A label that would overlap
    // one placed before goes below it, on the same side of its line: a label that moved to the
    // other side to dodge a neighbour read as that neighbour's ("= true" left of its line, under
    // "= false", two markers a few cycles apart). Each line starts at the top of its label, so
    // it never runs through another marker's label above it. Returns the band's bottom.
    // The labels right of their lines are placed from the left, those left of them from the
    // right: a label that spans a neighbour's line then takes the row above that neighbour's
    // label, and the neighbour's line, starting at its own label, runs beside it.
    // A label's width on one line and the room beside its line on either side, in the plot.
    struct Room
    {
        qreal full;   ///< the label's text on one line
        qreal right;  ///< right of its line to the plot's right edge
        qreal left;   ///< left of its line to the plot's left edge
    };
    const auto roomOf = [&](const Label &label) {
        const QFontMetricsF metrics(d->markerItems.at(label.marker).text->font());
        return Room{metrics.horizontalAdvance(label.text), plot.right() - label.x - 3 - padding,
                    label.x - 3 - plot.left() - padding};
    };
    const auto rightOf = [&](const Label &label) {
        const Room r = roomOf(label);
        return r.full <= r.right || (r.full > r.left && r.right >= r.left);
    };
    // A label that fits whole on one line on neither side of its line, with another marker's
    // line within its width, stacks: over its own line, as wide as the chart allows, below the
    // labels placed before it. Wrapped beside their lines, two such labels squeezed each other
    // into narrow boxes (at 1024x768 the poison lesson's "broker ·" / "deliveryLimit" / "= 5"
    // beside "parking-lot ·" / "online = true", five cycles apart). Stacked labels are placed
    // after the others, the earliest cycle on top.
    const auto spansLines = [&](const Label &label) { return label.last - label.x >= closeLines(label.marker); };
    const auto stacks = [&](qsizetype l) {
        const Label &label = labels.at(l);
        // Markers far apart merged for room: one label over both their lines (placed as a
        // stacked one, centred between them), never beside the first only (an edit's undo 60
        // cycles after it had its line far from the label that named it).
        if (spansLines(label))
            return true;
        const Room r = roomOf(label);
        if (r.full <= std::max(r.right, r.left))
            return false;
        for (qsizetype other = 0; other < labels.size(); ++other) {
            if (other != l && std::abs(labels.at(other).x - label.x) < r.full + padding)
                return true;
        }
        return false;
    };
    const auto place = [&](int maxLines) {
        QList<QRectF> placed;
        qreal bandBottom = bandTop;
        QList<qsizetype> order;
        QList<qsizetype> stacked;
        for (qsizetype l = 0; l < labels.size(); ++l) {
            if (stacks(l))
                stacked << l;
            else if (rightOf(labels.at(l)))
                order << l;
        }
        for (qsizetype l = labels.size() - 1; l >= 0; --l) {
            if (!rightOf(labels.at(l)) && !stacked.contains(l))
                order << l;
        }
        std::stable_sort(stacked.begin(), stacked.end(), [&labels](qsizetype a, qsizetype b) { return labels.at(a).x < labels.at(b).x; });
        order << stacked;
        for (const qsizetype l : std::as_const(order)) {
            const Label &label = labels.at(l);
            const MarkerItems &items = d->markerItems.at(label.marker);
            const QFontMetricsF metrics(items.text->font());
            const qreal x = label.x;
            const Room r = roomOf(label);
            const qreal full = r.full;
            const bool right = rightOf(label);
            const qreal space = std::max<qreal>(0, right ? r.right : r.left);
            // Beside its line; where that would cut the label (a line near both edges of a
            // narrow plot, fewer lines for a short chart), over its line instead: the box covers
            // its own line, the label stays whole.
            const bool stack = stacked.contains(l);
            QStringList lines = full <= space ? QStringList{label.text} : wrapLabel(label.text, metrics, space, maxLines);
            const bool over = stack || lines.join(QLatin1Char(' ')) != label.text;
            if (over)
                lines = wrapLabel(label.text, metrics, std::max<qreal>(0, area.width() - padding), maxLines);
            items.text->setText(lines.join(QLatin1Char('\n')));
            const QRectF textRect = items.text->boundingRect();
            const auto clash = [&placed](const QRectF &box) -> const QRectF * {
                for (const QRectF &other : std::as_const(placed)) {
                    if (box.intersects(other.adjusted(-2, -1, 2, 1)))
                        return &other;
                }
                return nullptr;
            };
            const qreal boxWidth = textRect.width() + padding;
            QRectF box(right ? x + 3 : x - 3 - boxWidth, bandTop + 1, boxWidth, textRect.height() + 2);
            if (over)
                box.moveLeft(std::clamp((x + std::max(x, label.last)) / 2 - boxWidth / 2, area.left(),
                                        std::max(area.left(), area.right() - boxWidth)));
            while (const QRectF *hit = clash(box))
                box.moveTop(hit->bottom() + 2);
            placed << box;
            bandBottom = std::max(bandBottom, box.bottom());
            const QString tip = label.tips.join(QStringLiteral("\n\n"));
            items.box->setToolTip(tip);
            items.text->setToolTip(tip);
            // A stacked label hides the lines of the labels above it that run behind it (showing
            // through, a dashed line crossed its text); the others let the plot's grid show.
            QColor fill = items.box->brush().color();
            fill.setAlpha(stack ? 255 : BoxAlpha);
            items.box->setBrush(fill);
            items.box->setRect(0, 0, box.width(), box.height());
            items.box->setPos(box.topLeft());
            items.box->setVisible(true);
            items.text->setPos(3, 1);
            // The line from its label down (and the lines of the markers sharing this label).
            for (qsizetype m = 0; m < d->markers.size(); ++m) {
                if (labelOf.at(m) != l)
                    continue;
                const MarkerItems &shared = d->markerItems.at(m);
                const QLineF line = shared.line->line();
                shared.line->setLine(line.x1(), box.top(), line.x2(), line.y2());
            }
        }
        return bandBottom;
    };
    // The band may take what the plot has above its minimum height: two rows of labels on four
    // lines over the title left a plot 50 px high at 130 %. Labels get fewer lines until the
    // band fits (one line each at least).
    // Reckoned from what does not depend on the band (measured below the plot, it changed with
    // the band and the labels took turns with the axis): the chart's height less the title's
    // row, the x axis's labels and title (a line and padding each, and the 2 px more the title
    // needs to come back, ChartWidget::fitYTicks()) and a legend below the plot, each entry as
    // Qt Charts sizes it (a line and padding was 18 px short of the legend's row: at 1280x720
    // two stacked labels, an edit's on a scripted change's, left the latency plot short of its
    // minimum and its x axis's title went). A legend beside the plot is as high as the chart
    // below the band: the band leaves it every entry (the stacked labels cut its "p95").
    const qreal axisLine = QFontMetricsF(d->xAxis->labelsFont()).height() + 8;
    const qreal axisTitleLine = QFontMetricsF(d->xAxis->titleFont()).height() + 8;
    const qreal legendNeed = legendHeightNeeded();
    const bool legendBelow = isLegendShown() && legendAlignment() == Qt::AlignBottom;
    // And half a y-axis label between the band and the plot: the top label is centred on the
    // plot's top edge (without it, three whole rows were reckoned to leave a 183 px chart its
    // minimum and left it 61.5 px of 64).
    const qreal topLabel = QFontMetricsF(yAxis()->labelsFont()).height() / 2;
    qreal room = chart()->rect().height() - 4 - titleRow - axisLine - axisTitleLine - 2 - (legendBelow ? legendNeed : 0)
            - minimumPlotHeight() - topLabel;
    if (isLegendShown() && !legendBelow)
        room = std::min(room, chart()->rect().height() - 4 - titleRow - legendNeed);
    // The most the band may take: MaxBandShare of the chart's height (the title's row with it)
    // and of the height the band and the plot share (the chart less its title's row, the x
    // axis's labels and title and a legend below it). The chart's height alone let the band take
    // half the plot: at 1024x768 in the window the latency chart (221 px high, 100 px of it axes
    // and title) kept three stacked whole labels, 52 px, over a plot of 100 px (lesson-consumers-
    // offline at step 5, a teacher's trial).
    const qreal bandAndPlot = chart()->rect().height() - 4 - titleRow - axisLine - axisTitleLine - 2
            - (legendBelow ? legendNeed : 0);
    const qreal shareLimit = std::min(MaxBandShare * chart()->rect().height() - titleRow, MaxBandShare * bandAndPlot);
    qreal bandBottom = bandTop;
    int lines = MaxLabelLines;
    for (; lines >= 1; --lines) {
        bandBottom = place(lines);
        if (bandBottom - bandTop + 2 <= room)
            break;
    }
    lines = std::max(lines, 1);
    // Whole labels taking more than MaxBandShare of the chart (at 1024x768 zoomed past 120 %,
    // rows of wrapped labels took half the plot): short tags on one line, the rest in the
    // tooltips, if that takes less room (close markers stack either way). The decision is taken
    // on the labels as they would be drawn whole, so it does not flip with the band it changes.
    const qreal whole = bandBottom - bandTop + 2;
    // Whole labels wider than half the plot: a plot narrow for its labels, where labels of close
    // lines cannot sit side by side and each takes a row across it.
    bool narrowPlot = false;
    for (const Label &label : std::as_const(labels))
        narrowPlot = narrowPlot || roomOf(label).full > plot.width() / 2;
    d->compact = false;
    // Before the tags: the whole labels on fewer lines each, where none is elided by it (over
    // its own line, as wide as the chart allows): at 1024x768 with a lesson (the charts 303 px
    // wide) the poison lesson's "broker · deliveryLimit = 5", "parking-lot · online = true" and
    // a live edit took five lines beside their lines, more than a third of the chart, and were
    // drawn as "deliveryLimit = 5" tags; one line each fits.
    const auto drawnWhole = [&] {
        return std::all_of(labels.cbegin(), labels.cend(), [this](const Label &label) {
            return d->markerItems.at(label.marker).text->text().replace(QLatin1Char('\n'), QLatin1Char(' ')) == label.text;
        });
    };
    bool fewer = false;
    for (int fewerLines = lines - 1; whole > shareLimit && fewerLines >= 1; --fewerLines) {
        const qreal bottom = place(fewerLines);
        if (drawnWhole() && bottom - bandTop + 2 <= shareLimit) {
            bandBottom = bottom;
            lines = fewerLines;
            fewer = true;
            break;
        }
    }
    if (!fewer && whole > shareLimit) {
        const QList<Label> full = labels;
        for (Label &label : labels)
            label.text = label.shortText;
        const qreal tagsBottom = place(1);
        if (tagsBottom - bandTop + 2 < whole) {
            d->compact = true;
            bandBottom = tagsBottom;
        } else {
            labels = full;
            bandBottom = place(lines);
        }
    }
    // Still more than the plot can give (lesson-consumers-offline at step 5, 1280x720: three
    // labels stacked in three rows left the plot 80 px and pushed the x axis's title under the
    // status bar), or, over a plot narrow for its labels, more than MaxBandShare where their
    // tags took no less room (close lines stack tags as they stack whole labels: at 1024x768
    // in the window the same lesson's three whole labels stayed in three rows over a plot of
    // 120x100 px, a teacher's trial): the two labels whose lines are closest share one label,
    // "2 changes", each change in its tooltip, until the band fits (one row of one line at
    // least). The labels never take the plot's minimum height.
    const qreal oneRow = QFontMetricsF(d->markerItems.isEmpty() ? font() : d->markerItems.constFirst().text->font()).height() + 4;
    const qreal limit = std::max(oneRow, narrowPlot ? std::min(room, shareLimit) : room);
    while (labels.size() > 1 && bandBottom - bandTop + 2 > limit) {
        QList<qsizetype> byX(labels.size());
        std::iota(byX.begin(), byX.end(), 0);
        std::sort(byX.begin(), byX.end(), [&labels](qsizetype a, qsizetype b) { return labels.at(a).x < labels.at(b).x; });
        // Neighbours of one kind first (two edits by hand, two scripted changes): an edit's
        // label merged into the timeline's went to the timeline's line, cycles from the edit, and
        // the timeline's own words were gone. Of those, the closest.
        const auto pure = [](const Label &label) { return label.live || label.liveMarkers == 0; };
        const auto sameKind = [&](qsizetype k) {
            const Label &a = labels.at(byX.at(k - 1));
            const Label &b = labels.at(byX.at(k));
            return pure(a) && pure(b) && a.live == b.live;
        };
        const auto gap = [&](qsizetype k) { return labels.at(byX.at(k)).x - labels.at(byX.at(k - 1)).x; };
        qsizetype closest = -1;
        for (qsizetype k = 1; k < byX.size(); ++k) {
            if (closest < 0 || sameKind(k) > sameKind(closest) || (sameKind(k) == sameKind(closest) && gap(k) < gap(closest)))
                closest = k;
        }
        const qsizetype keep = byX.at(closest - 1);
        const qsizetype gone = byX.at(closest);
        Label &merged = labels[keep];
        merged.tips << labels.at(gone).tips;
        merged.live = merged.live && labels.at(gone).live;
        merged.take(labels.at(gone));
        if (merged.live) {
            merged.countLive();
        } else {
            // A box that holds an edit by hand keeps its "✎" (docs/design.md §8): "3 changes"
            // hid the edit among the scripted ones. Its edits are counted as the lesson panel
            // counts them, apart from the timeline's changes ("✎ 3 changes" read as three edits
            // where the panel said two).
            const qsizetype scripted = merged.tips.size() - merged.liveMarkers;
            const QString timeline = scripted == 1 ? tr("1 timeline change") : tr("%1 timeline changes").arg(scripted);
            if (merged.liveMarkers == 0)
                merged.text = tr("%1 changes").arg(merged.tips.size());
            else
                merged.text = tr("%1, %2").arg(timeline, merged.counted());
            merged.shortText = merged.text;
        }
        merged.whole = merged.text;
        merged.last = std::max(merged.last, labels.at(gone).last);
        for (qsizetype &of : labelOf) {
            if (of == gone)
                of = keep;
            if (of > gone)
                --of;
        }
        labels.removeAt(gone);
        for (const MarkerItems &items : std::as_const(d->markerItems))
            items.box->setVisible(false);
        d->compact = true;
        for (Label &label : labels) {
            if (label.tips.size() == 1)
                label.text = label.shortText;
        }
        bandBottom = place(1);
    }
    // Short tags decided for all, each label gets its whole text back where it is drawn whole
    // on one line and the band is no deeper for it: the edits by hand first, then from the left.
    // Once two timeline labels shared one, every other label was its short tag: an edit read
    // "✎ A.online true" where "✎ A · online = true" fitted (a teacher's trial at 1024x768).
    if (d->compact) {
        QList<qsizetype> order(labels.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&labels](qsizetype a, qsizetype b) {
            const Label &la = labels.at(a);
            const Label &lb = labels.at(b);
            return la.live != lb.live ? la.live : la.x < lb.x;
        });
        bool restored = false;
        for (const qsizetype l : std::as_const(order)) {
            Label &label = labels[l];
            if (label.text == label.whole)
                continue;
            const QString tag = label.text;
            label.text = label.whole;
            const qreal bottom = place(1);
            const QString drawn = d->markerItems.at(label.marker).text->text();
            if (drawn == label.whole && bottom <= bandBottom + 0.5) {
                restored = true;
                continue;
            }
            label.text = tag;
        }
        bandBottom = place(1);
        if (restored)
            d->compact = std::any_of(labels.cbegin(), labels.cend(), [](const Label &label) { return label.text != label.whole; });
    }
    // The band as high as the labels need (none without a label); a change lays the chart out
    // again (plotAreaChanged), and this again with the new plot. While the band shows, the
    // title is drawn above it here (Qt Charts would draw it below the margin, under the labels).
    const qreal band = bandBottom > bandTop ? std::ceil(bandBottom - bandTop + 2 + titleRow) : 0;
    setTitleShown(band == 0);
    d->titleItem->setVisible(band > 0 && titleRow > 0);
    if (d->titleItem->isVisible()) {
        d->titleItem->setFont(titleFont());
        d->titleItem->setBrush(labelColor());
        const QRectF chartRect = chart()->rect();
        // As Qt Charts does with its own: elided where wider than the chart (at 1024x768 zoomed
        // to 120 % the latency chart's title was cut at its right edge); the tab, the list of
        // pages and the accessible name have it whole.
        d->titleItem->setText(QFontMetricsF(titleFont()).elidedText(title(), Qt::ElideRight, chartRect.width() - 4));
        const qreal width = d->titleItem->boundingRect().width();
        d->titleItem->setPos(std::max(chartRect.left() + 2, chartRect.center().x() - width / 2), chartRect.top() + 2);
    }
    d->laying = false;
    if (band != d->band) {
        d->band = band;
        QMargins margins = chart()->margins();
        margins.setTop(int(band));
        chart()->setMargins(margins);
    }
    // Laid out at once; the plot's new size can change the labels' lines and so the band again,
    // which settles in a step or two (a few at most, in case two layouts took turns).
    if (chart()->plotArea() != plot && d->relayouts < 4) {
        ++d->relayouts;
        layoutMarkers();
        --d->relayouts;
    }
}

} // namespace PriorityLab
