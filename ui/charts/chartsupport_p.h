#pragma once

// Internal to ui/charts/: helpers shared by the chart classes. This header includes Qt Charts and
// must not be included outside ui/charts/ (Qt Charts is deprecated from Qt 6.10).

#include <QRectF>

class QFont;
class QPalette;

class QAbstractAxis;
class QChart;
class QChartView;
class QPainter;
class QValueAxis;
class QWidget;

namespace PriorityLab::ChartSupport {

/// A tick interval of 1, 2, 2.5 or 5 times a power of ten giving about @p ticks ticks over
/// @p span; at least 1 and a whole number (our axes count cycles and messages: 5, not 2.5);
/// never more than @p span (when it is 1 or more), so that a value after the start is labelled.
double niceTickInterval(double span, int ticks);

/// Sets @p axis to [min, max] with ticks on round values that stay put while the range slides.
/// Qt Charts lays the ticks out at each change, so the interval and the range are changed in the
/// order that never asks for more ticks than the old or the new state has: a range growing from
/// 0..10 to 0..50000 with the old interval 1 would create 50,000 tick items (seconds of stall).
void applyRange(QValueAxis *axis, double min, double max, int ticks);

/// Shared look of every chart: no animation, no rounded background, the legend below.
void styleChart(QChart *chart);

/// True if @p palette is a dark one (its window colour is darker than its text).
bool isDark(const QPalette &palette);

/// Colours of @p chart and its axes from @p palette: Qt Charts' dark or light theme (by isDark())
/// as the base, then the palette's base colour behind the chart, its text colour for the title,
/// legend, axis labels and titles, and its mid colour for the grid. The theme overwrites the
/// fonts and every series' pen: call applyFonts() and restore the series' colours after it.
void applyPalette(QChart *chart, const QPalette &palette);

/// Fonts of @p chart from @p font (the chart widget's font, so they follow the zoom): the title
/// bold at 1.15 times its size, the legend at its size, axis labels and titles regular at 0.95
/// times its size. Every text of the chart scales with @p font, once.
void applyFonts(QChart *chart, const QFont &font);

/// How much bigger than the platform's normal text @p font is (View > Zoom changes the
/// application's font, not the platform's), at least 1.
qreal textScale(const QFont &font);

/// The minimum height of a chart view at the normal text size, in pixels.
constexpr int MinimumViewHeight = 160;

/// A chart view with antialiasing, a minimum height (MinimumViewHeight) and no frame, showing
/// @p chart.
QChartView *createView(QChart *chart, QWidget *parent);

/// Lays @p chart out again now, e.g. when its view is shown after it was laid out hidden (at a
/// tiny size, which leaves axis labels elided to "...").
void relayout(QChart *chart);

/// Paints @p chart into @p target of @p painter (an image or an SVG generator) at the target's
/// size, then restores the chart's on-screen geometry. Works for charts never shown (hidden
/// tabs, offscreen tests).
void renderChart(QChart *chart, QPainter *painter, const QRectF &target);

} // namespace PriorityLab::ChartSupport
