#pragma once

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>

class QAbstractAxis;
class QChart;
class QChartView;
class QPainter;
class QValueAxis;

namespace PriorityLab {

/// What the chart classes (TimeSeriesChart, BarChart) have in common: one chart with a title,
/// an x axis given by the subclass, a y value axis with integer labels (range 0..1 until set),
/// no legend until the subclass shows one, and export by paintChart(). Qt Charts stays behind
/// forward declarations: no file outside ui/charts/ includes a Qt Charts header.
///
/// The chart follows the widget: its colours come from the palette (Qt Charts' dark theme under
/// a dark palette, the light one otherwise, with the palette's base and text colours), its fonts
/// from the font (so View > Zoom scales titles, legends and axis labels); both are applied again
/// on QEvent::PaletteChange and QEvent::FontChange, and zoomed text makes the chart's minimum
/// height grow with it (a short plot would elide the axis labels). Where room is short, text
/// gives way whole, never elided: fewer axis ticks, no y-axis title, the legend beside the plot.
class ChartWidget : public QWidget
{
    Q_OBJECT

public:
    ~ChartWidget() override;

    /// Whether the legend is drawn (a subclass shows it, e.g. for a second series).
    bool isLegendShown() const;
    /// Where the legend is: Qt::AlignBottom or Qt::AlignRight (a short or narrow chart).
    Qt::Alignment legendAlignment() const;
    /// The height in pixels the legend needs for every entry whole where it is (0 when hidden):
    /// its row below the plot, or its entries one under the other beside it, with its margins.
    /// Measured from the entries as Qt Charts sizes them, which does not depend on the room
    /// the chart gives the legend (the legend beside the plot is as high as the plot's side of
    /// the chart, and cuts what does not fit).
    qreal legendHeightNeeded() const;
    /// The legend's entries as drawn, in order: the series' names, or where they do not fit
    /// beside the plot, shortened ("proc." for "processed"; fitLegend()).
    QStringList legendLabels() const;
    /// The entries shortened, "SHORT: FULL" each; empty when every name is whole.
    QStringList legendShortened() const { return m_legendShortened; }

    /// Title shown above the plot; empty for none.
    void setTitle(const QString &title);
    QString title() const;
    /// Whether the title is drawn, by Qt Charts above the plot or by a subclass elsewhere
    /// (TimeSeriesChart: above its marker labels).
    virtual bool isTitleShown() const;

    /// Axis titles, e.g. "cycle" and "messages".
    void setAxisTitles(const QString &x, const QString &y);

    /// Visible y range; ignored when unchanged.
    void setYRange(qreal min, qreal max);
    /// Current y range, as {min, max}.
    QPointF yRange() const;

    /// True if the chart uses the dark theme (its palette is dark).
    bool isDarkTheme() const;
    /// The colour behind the chart (the palette's base colour).
    QColor backgroundColor() const;
    /// The colour of the axis labels (the palette's text colour).
    QColor labelColor() const;
    /// The fonts as drawn (they follow font()): the axis labels, the legend, the axis titles
    /// and the chart's title.
    QFont axisLabelsFont() const;
    QFont legendFont() const;
    QFont axisTitleFont() const;
    /// Whether the y axis's title, in axisTitleFont(), is no longer than the plot area is tall
    /// (Qt Charts elides a longer one to "…"), or not drawn: a title that does not fit is left
    /// out (the chart's tooltip says what is counted), never shown elided.
    bool yAxisTitleFits() const;
    /// Whether the y axis's title is drawn (it is when it fits the plot's height).
    bool isYAxisTitleShown() const;
    /// The plot area (inside the axes) in the chart's scene coordinates (pixels).
    QRectF plotArea() const;
    /// The height in pixels the plot keeps for the current font: five lines of axis labels
    /// (what takes room above it, such as TimeSeriesChart's marker labels, gives way first).
    qreal minimumPlotHeight() const;
    QFont titleFont() const;

    /// Paints the chart into @p target of @p painter at the target's size (PNG or SVG export).
    /// The on-screen chart is left as it was.
    void paintChart(QPainter *painter, const QRectF &target);

protected:
    /// Builds the chart and its view with @p xAxis (taken over) at the bottom and the y axis at
    /// the left; a subclass adds its series and attaches them to xAxis() and yAxis().
    ChartWidget(QAbstractAxis *xAxis, QWidget *parent);

    QChart *chart() const { return m_chart; }
    QAbstractAxis *xAxis() const { return m_xAxis; }
    QValueAxis *yAxis() const { return m_yAxis; }

    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

    /// Called after the palette (@p paletteChanged) or the font changed and was applied to the
    /// chart: a subclass restores what the theme overwrote (its series' pens) and restyles its
    /// own items. Applying a theme resets the series' colours, so after a palette change every
    /// series must get its pen again.
    virtual void styleChanged(bool paletteChanged) { Q_UNUSED(paletteChanged) }

    /// Applies the palette and the font to the chart now (the subclass constructor calls it
    /// once its series exist), then styleChanged(true).
    void applyStyle();

    /// Has Qt Charts draw the title (title()) above the plot, or not (a subclass draws it
    /// elsewhere); lays the chart out again when this changes.
    void setTitleShown(bool shown);
    /// The height in pixels the title takes when shown (its line in titleFont()).
    qreal titleHeight() const;
    /// The legend below the plot where its entries fit in one row and the chart is tall enough
    /// (the minimum plot height and 9 legend lines), else right of the plot (one entry under
    /// the other). Where an entry is wider than Qt Charts gives a legend there (40 % of the
    /// chart), the entries are shortened word by word ("proc.") rather than elided, and the
    /// legend's tooltip gives the full names (legendShortened()).
    /// Called on resizes and font changes; a subclass calls it when its legend's entries change.
    void fitLegend();

private:
    /// Fewer value-axis intervals when the plot (@p plotArea, pixels) is too short for 5 with
    /// whole labels: each interval at least 1.5 label lines high, 1 to 5 of them. The y axis's
    /// title is drawn only where it is no longer than the plot is high, the x axis's only where
    /// the plot keeps minimumPlotHeight() with it. What comes back (more ticks, a title) needs a
    /// line to spare, so that a layout it changes never undoes it (docs/design.md §8, Charts).
    void fitYTicks(const QRectF &plotArea);
    /// The view's minimum height for the current font (taller for zoomed text).
    void fitViewHeight();

    QChart *m_chart = nullptr;
    QChartView *m_view = nullptr;
    QAbstractAxis *m_xAxis = nullptr;
    QValueAxis *m_yAxis = nullptr;
    QString m_title;
    bool m_titleShown = true;
    QStringList m_legendShortened;  ///< legendShortened()
    /// The property of a legend marker holding its full label (its series' name).
    static constexpr const char *FullLabelProperty = "prioritylabFullLabel";
    QPointF m_yRange{0, 1};
    int m_yTicks = 5;  ///< intervals asked of the value axis; fewer in a short plot (fitYTicks())
};

} // namespace PriorityLab
