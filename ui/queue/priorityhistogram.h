#pragma once

#include "ui/common/prioritypalette.h"

#include <QWidget>

#include <array>

namespace PriorityLab {

/// A compact histogram of the broker's queue by priority: one horizontal bar per priority, 9
/// (most urgent) at the top, in the PriorityPalette colours, with the count beside each bar.
/// Priorities outside 0..9 are counted with the nearest end (≤0, 9+). Its swatches double as
/// the colour legend of the queue tiles. Fed by setCounts() from the main window's ~30 Hz
/// refresh (PriorityCensus keeps the counts); it repaints only when a count changed.
class PriorityHistogram : public QWidget
{
    Q_OBJECT

public:
    /// Messages per priority step, index 0 = priority ≤0 .. index 9 = priority 9+.
    using Counts = std::array<qint64, PriorityPalette::steps()>;

    explicit PriorityHistogram(QWidget *parent = nullptr);

    /// Shows @p counts; repaints only if they changed.
    void setCounts(const Counts &counts);
    const Counts &counts() const { return m_counts; }

    /// What a screen reader says of the histogram (its accessible description, updated by
    /// setCounts()): "Queued messages by priority, most urgent first: priority 9: 3, priority
    /// 4: 12", or "No message queued".
    QString accessibleSummary() const;

    /// "total 45": the number of queued messages, as painted under the rows or, where the
    /// histogram scrolls, by the label its panel pins under it (setTotalShown()).
    QString totalText() const;

    /// Whether the histogram paints the total under its rows (the default). QueueTilesPanel
    /// turns it off and shows totalText() pinned under the histogram's scroll area, so that the
    /// total stays in sight in a short dock (docs/design.md §8).
    void setTotalShown(bool shown);
    bool totalShown() const { return m_totalShown; }

    /// Tight (off by default): the compacted rows keep only the digits' height and a pixel
    /// above and below them, and the title gives up the room under it. QueueTilesPanel turns it
    /// on presenting where the queue's column has no height to spare (GTK's Adwaita, whose font
    /// and controls are taller than Fusion's, at 1280x720), so that every row and the total
    /// stay whole (docs/design.md §8).
    void setTight(bool tight);
    bool isTight() const { return m_tight; }

    /// The tooltip of the bar of priority step @p step (0..9): its count and share.
    QString toolTipText(int step) const;

    /// The font of a row's label and count: the widget's font (which the zoom scales), also
    /// in a compacted row, which gives up its spacing only.
    QFont rowFont() const;

    /// A row's height in pixels: naturalRowHeight() when the widget is tall enough, less (down
    /// to compactRowHeight(), two thirds of a line, as tall as the digits) when it is not.
    int rowHeight() const;
    /// The least row height (pixels): two thirds of a line at the zoom's font, as tall as its
    /// digits (tight: the digits' height and a pixel above and below them); rows shrink to it
    /// before the histogram scrolls.
    int compactRowHeight() const;
    /// The rectangle of priority step @p step's row (0 = ≤0 .. 9 = 9+: swatch, bar and count)
    /// in the widget, at the current rowHeight(); empty for a step outside 0..9.
    QRect rowRect(int step) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    /// Sets @p option, one of the flags that change the rows' and the total's room (setTight(),
    /// setTotalShown()), to @p on; if that changes it, the histogram asks its layout for a new
    /// size and repaints.
    void setSizeOption(bool &option, bool on);
    int naturalRowHeight() const;
    int titleHeight() const;
    int totalHeight() const;
    int stepAt(const QPoint &point) const;

    Counts m_counts {};
    bool m_totalShown = true;
    bool m_tight = false;  ///< see setTight()
};

} // namespace PriorityLab
