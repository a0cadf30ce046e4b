#pragma once

#include <QRect>
#include <QScrollBar>
#include <QStyle>

namespace PriorityLab {

/// A scroll bar that repaints on a change of its range or value only when that changes what it
/// draws: its handle's place or length in pixels, or whether it sits at either end (a style may
/// draw the arrow at that end disabled), or whether it can scroll at all.
///
/// Why: a view whose content grows or shrinks at every refresh (the queue's tiles, the logs,
/// 100,000 messages at the fastest speed) changes its scroll bar's range at every refresh, and
/// QAbstractSlider repaints the whole bar for each change, although the handle, at its least
/// length among tens of thousands of rows, stays on the same pixels: a tall fill through the
/// style at every refresh (docs/design.md §9, App). Every other cause of a repaint (hover, press,
/// resize, style, palette, enabled state) is Qt's as before.
class SteadyScrollBar : public QScrollBar
{
    Q_OBJECT

public:
    /// A vertical scroll bar; give it to a view with QAbstractScrollArea::setVerticalScrollBar().
    explicit SteadyScrollBar(QWidget *parent = nullptr);
    /// A scroll bar of @p orientation.
    explicit SteadyScrollBar(Qt::Orientation orientation, QWidget *parent = nullptr);

    /// Passes of changes of the range or value that changed nothing drawn (no repaint), since it
    /// was made (for tests).
    qint64 skippedRepaints() const { return m_skipped; }

protected:
    /// Repaints (as QScrollBar) unless the changes made before control returns to the event loop
    /// leave what is drawn as it was last painted.
    void sliderChange(SliderChange change) override;
    /// Paints (as QScrollBar) and remembers what it drew.
    void paintEvent(QPaintEvent *event) override;

private:
    /// What a paint draws from the range and value.
    struct Look
    {
        QRect handle;       ///< the handle's rectangle (the style's SC_ScrollBarSlider)
        bool atMinimum = false;
        bool atMaximum = false;
        bool empty = false; ///< minimum == maximum: nothing to scroll
        bool operator==(const Look &o) const = default;
    };
    Look look() const;
    /// Repaints if the look differs from the last paint's (a queued call of sliderChange()).
    void repaintIfChanged();

    Look m_painted;          ///< the look of the last paint
    bool m_hasPainted = false;
    bool m_checkPending = false;  ///< repaintIfChanged() is queued
    qint64 m_skipped = 0;
};

} // namespace PriorityLab
