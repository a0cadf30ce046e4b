// Shared by the UI tests that drive the whole main window: a MainWindow opened on a scenario
// file, shown and made the active window, at a size the test gives.
#pragma once

#include "core/engine/simulation.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/queue/queuetilespanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/zoom.h"

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSize>
#include <QTest>

#include <initializer_list>

namespace PriorityLab::TestSupport {

/// Shows @p widget as a window of @p width x @p height px and waits until it is exposed; false
/// if it never is.
inline bool shownAt(QWidget &widget, int width, int height)
{
    widget.resize(width, height);
    widget.show();
    return QTest::qWaitForWindowExposed(&widget);
}

/// A "size" column with the screens a class projects on: 1280x720 and 1024x768 (px).
inline void addClassroomScreenSizes()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1280x720") << QSize(1280, 720);
    QTest::addRow("1024x768") << QSize(1024, 768);
}

/// A "size" column with the windows of a 1280x720 and a 1024x768 screen, less the window's
/// frame and title: 1280x660 and 1024x740 (px).
inline void addClassroomWindowSizes()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1280x660") << QSize(1280, 660);
    QTest::addRow("1024x740") << QSize(1024, 740);
}

/// Runs @p turns turns of the event loop: what one turn posts or schedules (a layout, a fit, a
/// repaint) runs in a later one.
inline void turnEventLoop(int turns)
{
    for (int i = 0; i < turns; ++i)
        QCoreApplication::processEvents();
}

/// Lets the layouts and the queued fits run: five turns of posted events and the event loop.
inline void settleLayouts()
{
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

/// The nearest scroll area around @p widget (its own parents'); null where none is.
inline QScrollArea *scrollAreaAround(const QWidget *widget)
{
    for (QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
        if (auto *scroll = qobject_cast<QScrollArea *>(p))
            return scroll;
    }
    return nullptr;
}

/// Where @p widget lies in @p area's viewport, in the viewport's coordinates (px).
inline QRect rectInView(const QScrollArea *area, const QWidget *widget)
{
    return QRect(widget->mapTo(area->viewport(), QPoint(0, 0)), widget->size());
}

/// Whether @p widget is as much in sight in @p area's viewport as it can be: whole where it fits,
/// filling the viewport in a direction where it is larger.
inline bool inSightInView(const QScrollArea *area, const QWidget *widget)
{
    const QRect r = rectInView(area, widget);
    const QRect v = area->viewport()->rect();
    const bool vertical = r.height() <= v.height() ? r.top() >= v.top() && r.bottom() <= v.bottom()
                                                   : r.top() <= v.top() && r.bottom() >= v.bottom();
    const bool horizontal = r.width() <= v.width() ? r.left() >= v.left() && r.right() <= v.right()
                                                  : r.left() <= v.left() && r.right() >= v.right();
    return vertical && horizontal;
}

/// Of @p widgets, those hidden or not whole in @p area's viewport, a line each: their place in
/// @p widgets and where they lie ("2 at 4,530 280x40 in a view of 300x480"); empty when every
/// one is in sight.
inline QStringList outOfSight(const QScrollArea *area, const QList<const QWidget *> &widgets)
{
    QStringList out;
    const QRect view = area->viewport()->rect();
    for (qsizetype i = 0; i < widgets.size(); ++i) {
        const QRect at = rectInView(area, widgets.at(i));
        if (!widgets.at(i)->isVisible() || !view.contains(at))
            out << QStringLiteral("%1 at %2,%3 %4x%5 in a view of %6x%7")
                           .arg(i).arg(at.x()).arg(at.y()).arg(at.width()).arg(at.height())
                           .arg(view.width()).arg(view.height());
    }
    return out;
}

/// Whether @p window's queue histogram ("Queue by priority") is whole in sight: every row and
/// its total seen, neither the histogram's scroll bar nor the central column's shown. Processes
/// events first; @p why gets what was seen, for a failure's message.
inline bool histogramWhole(MainWindow &window, QString *why)
{
    QCoreApplication::processEvents();
    auto *panel = window.findChild<QueueTilesPanel *>();
    auto *area = panel ? panel->findChild<QScrollArea *>(QStringLiteral("histogramArea")) : nullptr;
    auto *column = qobject_cast<QScrollArea *>(window.centralWidget());
    if (!area || !column) {
        *why = QStringLiteral("no queue panel, histogram area or central column");
        return false;
    }
    const PriorityHistogram *histogram = panel->histogram();
    const QLabel *total = panel->totalLabel();
    const QRect seen = total->visibleRegion().boundingRect();
    const QRect rows = histogram->visibleRegion().boundingRect();
    *why = QStringLiteral("total seen %1x%2 of %3x%4; rows seen %5 of %6 px; histogram's scroll bar %7, "
                          "column's %8 (over by %9 px); tight %10")
                   .arg(seen.width()).arg(seen.height()).arg(total->width()).arg(total->height())
                   .arg(rows.height()).arg(histogram->height())
                   .arg(area->verticalScrollBar()->isVisible()).arg(column->verticalScrollBar()->isVisible())
                   .arg(column->verticalScrollBar()->maximum()).arg(panel->isTight());
    return total->isVisible() && seen == total->rect() && rows == histogram->rect()
            && !area->verticalScrollBar()->isVisible() && !column->verticalScrollBar()->isVisible();
}

/// A "zoom" column with a row for each of @p percents, named "130 %" (the window's zoom,
/// Zoom::setPercent()).
inline void addZoomPercents(std::initializer_list<int> percents)
{
    QTest::addColumn<int>("zoom");
    for (const int percent : percents)
        QTest::addRow("%d %%", percent) << percent;
}

/// A "zoom" column for at1024(): presenting at 110 % (the zoom for a 1024x768 screen), presenting
/// at 100 % (after Ctrl+0), and 0, in the window.
inline void addPresentingZoomsAt1024()
{
    QTest::addColumn<int>("zoom");
    QTest::addRow("presenting at 110 %%") << 110;
    QTest::addRow("presenting at 100 %%") << 100;
    QTest::addRow("in the window") << 0;
}

/// A MainWindow on scenario file @p scenario (a path or a ":/scenarios/..." resource), dialogs
/// off, shown and made the active window; at @p size (px) if one is given, else at the size the
/// window takes. A scenario that does not open ends the test program (qFatal): every test of the
/// file depends on it. Showing is asynchronous: a test waits with exposed(), active(),
/// exposedAt() or activeAt() before it looks at geometry or sends keys.
struct ScenarioWindow
{
    MainWindow window;  ///< the window under test

    explicit ScenarioWindow(const QString &scenario, QSize size = {})
    {
        window.setShowDialogs(false);
        if (!window.openScenarioFile(scenario).isEmpty())
            qFatal("cannot open %s", qPrintable(scenario));
        if (size.isValid())
            window.resize(size);
        window.show();
        QApplication::setActiveWindow(&window);
    }

    /// Shows the window at 1024x768, enters presentation mode there at its zoom for that
    /// screen (presentAt()), then runs the lesson @p cycles cycles (runLesson()). False where a
    /// step failed: the test has failed then.
    bool presentingAt1024(qint64 cycles = 0)
    {
        return at1024(PresentationMode::zoomPercentFor(QSize(1024, 768)), cycles);
    }

    /// Shows the window at 1024x768; where @p presentingZoom is above 0, enters presentation
    /// mode there at that zoom (presentAt(), percent); then runs the lesson @p cycles cycles
    /// (runLesson()). False where a step failed: the test has failed then.
    bool at1024(int presentingZoom, qint64 cycles = 0)
    {
        const QSize screen(1024, 768);
        if (!activeAt(screen.width(), screen.height()))
            return false;
        if (presentingZoom > 0) {
            presentAt(screen, presentingZoom);
            if (QTest::currentTestFailed())
                return false;
        }
        if (cycles > 0)
            runLesson(cycles);
        return true;
    }

    /// Runs the lesson @p cycles cycles (LessonPanel::runCycles(): its steps' changes apply
    /// and its steps advance as they would live), then refreshes the views (MainWindow::refreshViews()).
    void runLesson(qint64 cycles)
    {
        window.lessonPanel()->runCycles(cycles);
        window.refreshViews();
    }

    /// Leaves presentation mode and sets the zoom back to 100 %, as every test of the program
    /// expects to find them (the zoom is kept in the settings the tests share).
    ~ScenarioWindow() { leavePresenting(); }

    /// The window's simulation.
    Simulation *sim() const { return window.simulation(); }

    /// The docks shown in the window, docked, with their places and sizes ("chartsDock 0,452
    /// 303x258; ..."): to compare before and after a change that must not move them.
    QString dockGeometries() const
    {
        QStringList parts;
        for (const QDockWidget *dock : window.findChildren<QDockWidget *>()) {
            if (dock->isVisible() && !dock->isFloating())
                parts << QStringLiteral("%1 %2,%3 %4x%5").arg(dock->objectName()).arg(dock->x()).arg(dock->y())
                                 .arg(dock->width()).arg(dock->height());
        }
        return parts.join(QStringLiteral("; "));
    }

    /// The card of the consumer named @p name (its name label's tooltip starts with the name,
    /// whatever the label shows); null if no card has it.
    ConsumerCard *card(const QString &name) const
    {
        for (ConsumerCard *c : window.consumerPanel()->cards()) {
            if (c->nameLabel()->toolTip().startsWith(name))
                return c;
        }
        return nullptr;
    }

    /// Waits until the window is exposed; false if it never is.
    bool exposed() { return QTest::qWaitForWindowExposed(&window); }
    /// Waits until the window is active; false if it never is.
    bool active() { return QTest::qWaitForWindowActive(&window); }
    /// Resizes the window to @p width x @p height px and waits until it is exposed; false if it
    /// never is.
    bool exposedAt(int width, int height)
    {
        window.resize(width, height);
        return exposed();
    }
    /// Resizes the window to @p width x @p height px and waits until it is active; false if it
    /// never is.
    bool activeAt(int width, int height)
    {
        window.resize(width, height);
        return active();
    }

    /// Presents the window (F11) and, once it is full screen, gives it @p screen's size at
    /// @p zoom percent (the offscreen screen is smaller than a projector: once full screen
    /// there, the window is given the projector's size). A failed check ends the helper only:
    /// the caller checks QTest::currentTestFailed() after.
    void presentAt(QSize screen, int zoom)
    {
        press(Qt::Key_F11);
        QVERIFY(window.presentationMode()->isActive());
        QTRY_COMPARE(window.geometry(), window.screen()->geometry());
        window.zoom()->setPercent(zoom);
        window.resize(screen);
        QTRY_COMPARE(window.size(), screen);
    }

    /// Leaves presentation mode and sets the zoom back to 100 % (what the destructor does; a
    /// test that goes on after presenting calls it itself).
    void leavePresenting()
    {
        window.presentationMode()->leave();
        window.zoom()->setPercent(100);
    }

    /// Shows the window's dock named @p objectName and brings it in front of its tab group, as a
    /// click on its tab does; nullptr if the window has no such dock.
    QDockWidget *bringDock(const QString &objectName)
    {
        auto *dock = window.findChild<QDockWidget *>(objectName);
        if (dock) {
            dock->show();
            dock->raise();
        }
        return dock;
    }

    /// The keyboard focus, or the window when no widget has it: where a key press goes.
    QWidget *focus() { return QApplication::focusWidget() ? QApplication::focusWidget() : &window; }
    /// Presses @p key (with @p modifiers) where the keyboard focus is.
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QTest::keyClick(focus(), key, modifiers);
    }

    /// Enters the lesson's steps by Page Down, as a presenter's clicker does, each run to its end
    /// (at the speed set), until step @p step (from 0) is shown; the views refreshed. False where
    /// a step did not end within 20 s or the lesson never reached @p step.
    bool pageDownTo(int step)
    {
        LessonPanel *lesson = window.lessonPanel();
        while (lesson->currentStep() < step) {
            press(Qt::Key_PageDown);
            if (!QTest::qWaitFor([this] { return !sim()->isRunning(); }, 20000))
                return false;
        }
        window.refreshViews();
        return lesson->currentStep() == step;
    }
};

} // namespace PriorityLab::TestSupport
