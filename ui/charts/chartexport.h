#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

namespace PriorityLab {

class ChartPanel;

/// The charts of a ChartPanel as pictures: every chart in a grid under a heading naming the
/// scenario and the cycles shown, as PNG or SVG (e.g. for slides).
class ChartExport
{
    Q_DECLARE_TR_FUNCTIONS(PriorityLab::ChartExport)

public:
    /// Size in pixels of an exported picture: every chart in a grid, a size slides can show.
    static QSize size() { return {1920, 900}; }
    /// Brings every chart of @p panel up to date and paints them in a grid, with a heading
    /// naming the scenario and the cycles, into @p painter over @p size pixels.
    static void paint(ChartPanel &panel, QPainter *painter, const QSize &size);
    /// Writes every chart of @p panel as a PNG picture of size() to @p path. Returns the error
    /// in words, or an empty string.
    static QString writePng(ChartPanel &panel, const QString &path);
    /// Writes every chart of @p panel as an SVG drawing (Qt SVG) to @p path. Returns the error
    /// in words, or an empty string.
    static QString writeSvg(ChartPanel &panel, const QString &path);

    /// Paints a picture of @p size pixels (white, then what it shows) into a painter.
    using Painter = std::function<void(QPainter *painter, const QSize &size)>;
    /// Writes what @p paint draws over @p size pixels as a PNG picture to @p path (antialiased).
    /// Returns the error in words, or an empty string.
    static QString writePng(const QString &path, const QSize &size, const Painter &paint);
    /// Writes what @p paint draws over @p size pixels as an SVG drawing (Qt SVG) titled
    /// @p title to @p path. Returns the error in words, or an empty string.
    static QString writeSvg(const QString &path, const QSize &size, const QString &title,
                            const QString &description, const Painter &paint);
    /// Fills @p size white and writes @p title in bold at its top, left; returns the height of
    /// the heading (pixels), below which the charts go.
    static qreal paintHeading(QPainter *painter, const QSize &size, const QString &title);
};

} // namespace PriorityLab
