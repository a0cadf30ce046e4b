#pragma once

#include <QPalette>
#include <QPen>
#include <QPointer>
#include <QWidget>

namespace PriorityLab {

/// A frame drawn around another widget to point at it (the lesson panel's "highlight"): a
/// transparent child of a top-level window, above everything, that lets the mouse through and
/// follows its target when the target or any widget around it moves, resizes (a scroll area
/// scrolling), hides or is destroyed, and stays above the window's other children when the
/// window lays them out again (QMainWindow::restoreState() raises the central widget). By default it is a lesson step's outline: 4 pixels, solid,
/// in lessonColor(), unlike the keyboard's focus frame (FocusFrame: the palette's highlight). The frame goes around the part of the target that can be
/// seen: clipped by every widget around it (a scroll area's viewport), hidden when none can.
/// Where the line lies on the target (at the window's edge) it leaves a dock's float and close
/// buttons uncovered.
class HighlightOverlay : public QWidget
{
    Q_OBJECT

public:
    /// An overlay over @p window's area; nothing is outlined until setTarget().
    explicit HighlightOverlay(QWidget *window);

    /// Outlines @p target (a descendant of the window), or nothing if nullptr.
    void setTarget(QWidget *target);
    QWidget *target() const { return m_target; }
    /// Moves the frame to where the target is now (after the docks were rearranged).
    void follow();
    /// The frame's line: @p width pixels, @p style (default 4, solid).
    void setLine(int width, Qt::PenStyle style);
    /// The frame's colour: @p role of the window's palette (default: lessonColor(), not a
    /// palette role, when @p role is QPalette::NoRole).
    void setColorRole(QPalette::ColorRole role);
    /// The pen the frame is drawn with now (width, style and colour; tests).
    QPen pen() const;
    /// The colour of a lesson step's outline under @p palette: a vermilion no palette role
    /// has (the keyboard focus is drawn in QPalette::Highlight), lightened on a dark background.
    static QColor lessonColor(const QPalette &palette);
    /// Pixels between the target and the frame (default 4).
    void setMargin(int margin);
    int margin() const { return m_margin; }

Q_SIGNALS:
    /// The frame was placed again (follow()): it moved, or was hidden or shown.
    void followed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    /// Watches the target and every widget between it and the window.
    void watch(bool on);

    QPointer<QWidget> m_target;
    QList<QPointer<QWidget>> m_watched;
    int m_width = 4;
    int m_margin = 4;
    Qt::PenStyle m_style = Qt::SolidLine;
    QPalette::ColorRole m_role = QPalette::NoRole;
};

} // namespace PriorityLab
