#pragma once

#include "ui/charts/chartwidget.h"

#include <QColor>
#include <QLineF>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <memory>

namespace PriorityLab {

/// A vertical line across a time chart at cycle @p x with a short label, e.g. a scenario
/// timeline change "A, B, C · low = 4" (its tooltip: the cycle and the full setting paths).
struct ChartMarker
{
    /// What the line marks, which sets its style.
    enum class Kind {
        Timeline, ///< a scripted change of the scenario's timeline: a dashed grey line
        LiveEdit, ///< a change made by hand while it ran: a solid line in the edit colour
    };

    qreal x = 0;       ///< position on the x axis (a cycle)
    QString label;     ///< short text drawn beside the line
    QString toolTip;   ///< longer text shown on hover; the label if empty
    Kind kind = Kind::Timeline;
    /// A short tag for a chart too small for the label (e.g. "low = 4" for "A, B, C · low = 4");
    /// the label if empty.
    QString shortLabel;
    /// A LiveEdit that undoes an edit by hand (Edit > Undo): a label shared with others counts
    /// it as that edit undone ("✎ 2 edits, 1 undone"; an edit and its undo read as the undo's
    /// label, "✎ A · low = 2, undone"), not as one more edit (see edits).
    bool undo = false;
    /// A LiveEdit's edits by hand, one per undo step it makes or (an undo) takes back, each by
    /// an id that an edit's marker and its undo's share (ChartPanel: "PATH = @CYCLE"). A label
    /// shared by live markers counts these, each once, never its markers: an edit and its undo
    /// are one edit (docs/design.md §8). Empty: the marker is one edit of its own.
    QStringList edits = {};
    /// Of edits, those undone since (on an undo's marker, all of them): a label counts an edit
    /// as undone whether its undo's marker shares the label or has one of its own, so that its
    /// words depend on the markers it holds, not on where the undo's line fell.
    QStringList undone = {};

    bool operator==(const ChartMarker &o) const = default;
};

/// A live line chart of values over cycles: one of the two charting classes of the UI (with
/// BarChart).
///
/// It hides Qt Charts (deprecated from Qt 6.10 in favour of Qt Graphs): no file outside
/// ui/charts/ may include a Qt Charts header, so the implementation can move to another library
/// without touching the views. Series are fed whole with setPoints(), which calls
/// QXYSeries::replace() once per frame; animations are off; an axis range, the markers and the
/// legend are applied only when they changed. Title, axis titles (e.g. "cycle" and "messages"),
/// the y range and export (paintChart(), markers included) come from ChartWidget.
class TimeSeriesChart : public ChartWidget
{
    Q_OBJECT

public:
    explicit TimeSeriesChart(QWidget *parent = nullptr);
    ~TimeSeriesChart() override;

    /// Adds a line series named @p name (shown in the legend) drawn in @p color with @p style
    /// (e.g. Qt::DashLine for a second statistic of the same class); on a dark background in
    /// @p colorOnDark where valid (a colour chosen for dark charts, e.g. a priority class's,
    /// ChartPalette::priorityClass()), else in @p color lightened (drawnSeriesColor()). Returns
    /// its index for setPoints(); indices count from 0 in the order of addition.
    int addSeries(const QString &name, const QColor &color, Qt::PenStyle style = Qt::SolidLine,
                  const QColor &colorOnDark = QColor());

    /// Draws series @p series with lines @p width pixels wide (by default 2.5 solid, 2 dashed).
    /// Series are drawn in the order they were added, each over the ones before: a wider line
    /// added first stays in sight as a border where a later one runs on it.
    void setSeriesWidth(int series, qreal width);
    /// The width series @p series is drawn with (pixels); 0 for no such series.
    qreal seriesWidth(int series) const;

    /// Shows or hides series @p series in the legend (e.g. a dashed companion of a solid line
    /// explained by the title); shown by default.
    void setSeriesInLegend(int series, bool shown);

    /// Adds a legend entry that explains a line style rather than a series: @p name beside a
    /// short line in the text colour drawn in @p style (e.g. "p95" beside a dashed line, where
    /// every class has a dashed p95 line). The key is in the legend whatever takes the title's
    /// row (the marker labels' band), and shows the legend. It has no points and no index:
    /// seriesCount() and clearSeries() leave it out.
    void addLegendKey(const QString &name, Qt::PenStyle style);
    /// The legend keys' names (addLegendKey()), in order of addition.
    QStringList legendKeys() const;
    /// The line style of legend key @p key as its legend entry draws it: Qt::SolidLine or
    /// Qt::CustomDashLine (a short dash pattern, so that a dash shows in the entry's few pixels);
    /// Qt::NoPen if out of range.
    Qt::PenStyle legendKeyStyle(int key) const;

    /// Removes every series (e.g. when the set of consumers changed).
    void clearSeries();

    /// Number of series added.
    int seriesCount() const;

    /// Name of series @p series, as given to addSeries(); empty if out of range.
    QString seriesName(int series) const;

    /// Replaces all points of series @p series (x ascending). Cost: one replace() of the series
    /// (one per piece where the line has gaps, setMaxJoinedStep()).
    void setPoints(int series, const QList<QPointF> &points);

    /// Replaces the points of series 0 .. @p points.size() - 1 (as setPoints()) and sets the x
    /// range (as setXRange()), each line laid out once: Qt Charts lays out every line again when
    /// the range changes, and again when its points are replaced, so a running chart (its window
    /// slides at every refresh) computed each line's geometry, its outline included, twice; the
    /// lines are emptied before a new range instead (docs/design.md §9, App). Series not in
    /// @p points must not have points.
    void setSeriesAndXRange(const QList<QList<QPointF>> &points, qreal min, qreal max);

    /// Points of one series more than @p step apart in x are not joined: the line has a gap
    /// there, e.g. 1 where a series has a point per cycle and a cycle without a value has none
    /// (the latency of a class of which nothing was processed). 0, the default: every point
    /// joined.
    void setMaxJoinedStep(qreal step);
    /// The pieces of series @p series as drawn, each a run of points joined by a line, in
    /// order; one piece (or none, without points) unless setMaxJoinedStep() breaks the line.
    QList<QList<QPointF>> drawnPieces(int series) const;

    /// Colour of series @p series, as given to addSeries(); invalid if out of range.
    QColor seriesColor(int series) const;

    /// Least contrast ratio of a drawn line against the plot's background (WCAG 2.x, 3:1 for
    /// graphics).
    static constexpr double LineContrast = 3.0;

    /// Colour series @p series is drawn in: seriesColor() (on a dark chart its colour on dark,
    /// where addSeries() was given one) of the same hue and saturation, darkened (light chart)
    /// or lightened (dark chart) until it reaches LineContrast against the chart's background;
    /// follows palette changes. Invalid if out of range.
    QColor drawnSeriesColor(int series) const;

    /// Points of series @p series, as last set.
    QList<QPointF> points(int series) const;

    /// Visible x range; ignored when unchanged. Its ticks are round numbers, up to 6 intervals,
    /// fewer where the plot is too narrow for their labels side by side (never elided).
    void setXRange(qreal min, qreal max);

    /// Current x range, as {min, max}.
    QPointF xRange() const;

    /// Shows or hides the legend (hidden by default, shown once a second series is added).
    void setLegendVisible(bool visible);

    /// Replaces the vertical markers; markers outside the x range are not drawn. Ignored when
    /// unchanged. The labels sit in a band above the plot, below the chart's title (the chart's
    /// top margin grows to hold both; the title is then drawn here), so they never cover a
    /// series' line; each label beside its own line (right of it, left of it near the plot's
    /// right edge), the line starting at its label; labels of close markers are stacked in rows
    /// so they do not overlap (never moved to the other side of their line), and live
    /// edits whose lines are close (closer than the tag "✎ 2" is wide) share one label ("✎ 2 edits", each edit in its
    /// tooltip; each edit counted once, by ChartMarker::edits, and as undone where it was undone since,
    /// "✎ 2 edits, 1 undone", "✎ 2 edits, both undone", "✎ 3 edits, all undone"). A label too wide for the plot beside its line is broken into up to 4 lines
    /// (elided only past them; the tooltip has it whole), fewer where the band would leave the
    /// plot less than minimumPlotHeight(). Where the labels would take more than MaxBandShare of
    /// the chart's height, or of the height the band and the plot share (a narrow or short
    /// chart, zoomed text), they go on fewer lines each
    /// (over their own lines) where that keeps every label whole and within that share; else
    /// each label is its short tag
    /// (ChartMarker::shortLabel; "✎ 2" for two edits sharing a label) on one line, the whole
    /// label in its tooltip, when that takes less room. Where the band would still leave the
    /// plot less than minimumPlotHeight(), or take the room of the x axis's labels and title or
    /// of the legend's entries (legendHeightNeeded(): below the plot its row, beside it every
    /// entry) (reckoned from the chart's height, fonts and legend entries, so that the band
    /// does not change what it is decided from), or, over a plot narrower than twice its widest
    /// label, still take more than MaxBandShare (close lines stack their tags as they stack
    /// whole labels), the labels of the two closest
    /// markers share one label ("2 changes", "✎ 2 edits" for live edits, "✎ 3 changes" where
    /// one of them is an edit by hand, each change in its tooltip), again until it fits in one
    /// row at least; a label shared by markers far apart is drawn over their lines, centred
    /// between them. Once tags or shared labels are decided, each label gets its whole text
    /// back where it is drawn whole and the band is no deeper for it (edits by hand first).
    void setMarkers(const QList<ChartMarker> &markers);
    /// The most of the chart's height, and of the height the band and the plot share, the
    /// marker labels' band takes with whole labels.
    static constexpr qreal MaxBandShare = 1.0 / 3;
    /// True when the labels are drawn as their short tags (see setMarkers()).
    bool markerLabelsCompact() const;
    /// The markers as last set.
    QList<ChartMarker> markers() const;
    /// The labels as drawn, in the order of markers(), lines joined by '\n'; empty for a marker
    /// not drawn (outside the x range) and for a live edit that shares the label of the one
    /// before it (that one's label is then "✎ N edits").
    QStringList markerTexts() const;
    /// The label boxes as drawn, in the order of markers(), in the chart's scene coordinates
    /// (pixels); an empty rectangle where markerTexts() is empty.
    QList<QRectF> markerLabelRects() const;
    /// The marker lines as drawn, in the order of markers(), in the chart's scene coordinates
    /// (pixels): from the top of the marker's label (or of the label it shares) down to the
    /// plot's bottom; a null line for a marker not drawn.
    QList<QLineF> markerLines() const;
    /// The tooltips of the labels as drawn, in the order of markers(); empty where
    /// markerTexts() is.
    QStringList markerLabelToolTips() const;

    /// Whether the title is drawn: above the plot, or above the marker labels while they show.
    bool isTitleShown() const override;

    /// The colour of live-edit markers on a light background (a purple that is no series'
    /// colour); lightened under a dark palette.
    static QColor liveEditColor();

protected:
    void styleChanged(bool paletteChanged) override;

private:
    /// Fewer x intervals when the plot (@p plotArea, pixels) is too narrow for 6 whole labels;
    /// more again only with a label's width to spare (the ticks change the plot's width).
    void fitXTicks(const QRectF &plotArea);
    void layoutMarkers();
    void styleMarkers();
    /// The legend keys' pens in the text colour (after a palette change).
    void styleKeys();
    /// The pen of series @p series in drawnSeriesColor()'s colour for the current background.
    QPen drawnPen(int series) const;

    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace PriorityLab
