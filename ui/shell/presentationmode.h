#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QPointer>
#include <QSize>

class QDockWidget;
class QMainWindow;

namespace PriorityLab {

class Zoom;

/// View > Presentation Mode (F11 or F5; Esc leaves): the main window full screen, zoomed
/// (zoomPercentFor() the screen, unless already more), with a high-contrast palette and only the docks a class needs (the
/// queue, the consumers, one chart and the lesson panel; the central widget stays). Leaving puts
/// back exactly the layout, window state, zoom and palette that were there before.
class PresentationMode : public QObject
{
    Q_OBJECT

public:
    /// The most presenting zooms to, on a full HD screen (1920x1080) or a bigger one, in percent.
    static constexpr int ZoomPercent = 150;
    /// The zoom for a screen of @p screen pixels: the largest at which the presented window still
    /// fits (the cards, the lesson's text, the status line, the alarm banner and the chart whole),
    /// at most ZoomPercent, a multiple of 5 and never below 100. It is ZoomPercent scaled by the
    /// screen's height against 900 lines and by its width against 1366 px, the smaller of the
    /// two: 1280x720 gives 120, 1024x768 110, 1366x768 125, 1600x900 and full HD 150. Measured
    /// (docs/design.md §8, Presentation mode): at 1280x720 130 % cut the queue's histogram (its
    /// total) and elided the alarm banner, 120 % left everything whole; at 1024x768 120 % left
    /// three lessons' step texts behind "More below" in the narrow lesson column (tst_lessontext),
    /// 110 % left them whole. The earlier rule (ZoomPercent
    /// by the height against 1080 lines: 100 % at 720 lines) was small from the back of a room.
    static int zoomPercentFor(QSize screen);

    /// Works on @p window and @p zoom, which must outlive it.
    PresentationMode(QMainWindow *window, Zoom *zoom, QObject *parent = nullptr);

    /// The docks that stay visible while presenting (the others are hidden).
    void setKeptDocks(const QList<QDockWidget *> &docks);
    /// Other widgets hidden while presenting (e.g. the scenario's long description, which the
    /// lesson panel tells step by step), shown again on leaving if they were visible.
    void setHiddenWidgets(const QList<QWidget *> &widgets);
    /// The dock the current lesson step outlines (nullptr for none): shown and raised while
    /// presenting even if it is not a kept dock, hidden again when the step no longer names it
    /// (another call) or presenting ends.
    void setStepDock(QDockWidget *dock);
    QDockWidget *stepDock() const;

    bool isActive() const { return m_active; }
    /// True while enter() or leave() runs (the zoom and the layout they change are theirs).
    bool isSwitching() const { return m_switching; }
    /// The main window's size before presenting (px), which leaving gives back with its layout.
    QSize sizeBefore() const { return m_sizeBefore; }

    /// The high-contrast palette used while presenting: black on white, black edges (Mid, Dark,
    /// Shadow: frames, the charts' axes and grid), a strong blue highlight with white text.
    static QPalette highContrastPalette();

public Q_SLOTS:
    void enter();
    void leave();
    void setActive(bool active) { active ? enter() : leave(); }
    void toggle() { setActive(!m_active); }

Q_SIGNALS:
    void activeChanged(bool active);
    /// The window's docks were put back as they were before presenting (on leaving, and once
    /// more when the window has its old size again): the main window brings the docks of the
    /// step's outlined views in front of their tab groups again.
    void windowStateRestored();

protected:
    /// Watches the main window's resize after leaving: see leave().
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool isKept(const QDockWidget *dock) const;
    /// Puts back the window's docks as they were before presenting, the step's dock in front
    /// of its tab group.
    void restoreWindowState();

    QMainWindow *m_window;
    Zoom *m_zoom;
    QList<QPointer<QDockWidget>> m_kept;
    QList<QPointer<QWidget>> m_hidden;
    QList<QPointer<QWidget>> m_hiddenByUs;
    QPointer<QDockWidget> m_stepDock;
    bool m_active = false;
    bool m_switching = false;  ///< isSwitching()
    QByteArray m_state;     ///< the main window's saveState() before presenting
    QByteArray m_geometry;  ///< its saveGeometry() before presenting
    QSize m_sizeBefore;     ///< its size before presenting (px)
    bool m_restorePending = false;  ///< the state is put back again when the window has that size
    Qt::WindowStates m_windowState;
    int m_zoomBefore = 100;
    QPalette m_paletteBefore;
};

} // namespace PriorityLab
