// The main window on a narrow classroom screen (1024x768, zoomed, presenting): the run toolbar
// keeps Undo and Redo in sight, the dead-letter table fits its dock without a horizontal scroll
// bar and with no column of zero width, and Tab goes through a consumer card in screen order.
#include "core/engine/simulation.h"
#include "ui/alarms/alarmpanel.h"
#include "ui/common/highlightoverlay.h"
#include "ui/common/logtableview.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/deadletters/deadlettermodel.h"
#include "ui/deadletters/deadletterpanel.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/queue/queuetilesview.h"
#include "ui/shell/focusorder.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/statussummary.h"
#include "ui/shell/zoom.h"
#include "ui/editing/parametereditor.h"
#include "tests/datatable.h"
#include "tests/ui/scenariowindow.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QCheckBox>
#include <QLayout>
#include <QSpinBox>
#include <QScrollArea>
#include <QScreen>
#include <QScrollBar>
#include <QStandardItem>
#include <QStandardItemModel>
#include <QStyle>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTableView>
#include <QTest>

#include <algorithm>
#include <QToolBar>
#include <QToolButton>

using namespace PriorityLab;

namespace {

/// Where @p widget is drawn in @p bar, or an empty rectangle when the toolbar hides it (it went
/// to the "»" extension menu) or it is not in the toolbar.
QRect shownIn(const QToolBar *bar, const QWidget *widget)
{
    if (!widget || !widget->isVisible() || widget->parentWidget() != bar)
        return {};
    return widget->geometry();
}

/// The widths of the visible columns of @p view, in visual order, as "title width" pairs.
QString columnWidths(const QTableView *view)
{
    const QHeaderView *header = view->horizontalHeader();
    QStringList parts;
    for (int v = 0; v < header->count(); ++v) {
        const int c = header->logicalIndex(v);
        if (!header->isSectionHidden(c))
            parts << QStringLiteral("%1 %2").arg(view->model()->headerData(c, Qt::Horizontal).toString()).arg(header->sectionSize(c));
    }
    return QStringLiteral("viewport %1 px: %2").arg(view->viewport()->width()).arg(parts.join(QStringLiteral(", ")));
}

/// Runs the TTL lesson to cycle 100 (step 3 outlines the dead letters), presents it and gives
/// the window @p screen's size at @p zoom percent (the offscreen screen is smaller than a
/// projector: once full screen there, the window is given the projector's size); @p view is
/// the dead letters' table once shown. Check QTest::currentTestFailed() after.
void presentDeadLetters(TestSupport::ScenarioWindow &w, QSize screen, int zoom, QTableView *&view)
{
    w.runLesson(100);
    w.presentAt(screen, zoom);
    if (QTest::currentTestFailed())
        return;
    auto *dock = w.window.findChild<QDockWidget *>(QStringLiteral("deadLettersDock"));
    QVERIFY(dock);
    QTRY_VERIFY(dock->isVisible());
    view = w.window.deadLetterPanel()->view();
    QTRY_VERIFY(view->isVisible());
    QVERIFY(view->model()->rowCount() > 0);
}

/// Heads @p model's columns "Column 0", "Column 1", ... and fills row r's cell of column c with
/// 100 r + c, but the cells of column @p column (if any) with @p value.
void fillNumbered(QStandardItemModel &model, int column = -1, const QString &value = {})
{
    for (int c = 0; c < model.columnCount(); ++c) {
        model.setHeaderData(c, Qt::Horizontal, QStringLiteral("Column %1").arg(c));
        for (int r = 0; r < model.rowCount(); ++r)
            model.setItem(r, c, new QStandardItem(c == column ? value : QString::number(100 * r + c)));
    }
}

/// A row @p row for @p model as fillNumbered() fills one: 100 @p row + c in column c, but
/// @p value in column @p column (if any).
QList<QStandardItem *> numberedRow(const QStandardItemModel &model, int row, int column = -1, const QString &value = {})
{
    QList<QStandardItem *> items;
    for (int c = 0; c < model.columnCount(); ++c)
        items << new QStandardItem(c == column ? value : QString::number(100 * row + c));
    return items;
}

/// Shows @p view 1000 px wide, its columns fitted, the columns @p giveWay giving way in that
/// order when it is narrow and, before them, the columns empty in every row (and, with
/// @p uniformToo, those the same in every row). False if the view is not exposed.
bool showGivingWay(LogTableView &view, const QList<int> &giveWay, bool uniformToo)
{
    view.setFitsColumns(true);
    view.setNarrowHiddenColumns(giveWay);
    view.setEmptyColumnsGiveWay(true);
    view.setUniformColumnsGiveWay(uniformToo);
    view.resize(1000, 200);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

/// Narrows @p view from 1000 px, 10 px at a time down to 100 px at the least, until its column
/// @p column is hidden or a column named to give way has gone; returns the width reached.
int narrowUntilGone(LogTableView &view, int column)
{
    int width = 1000;
    while (width > 100 && !view.horizontalHeader()->isSectionHidden(column) && view.narrowHiddenColumns().isEmpty()) {
        width -= 10;
        view.resize(width, 200);
        QCoreApplication::processEvents();
    }
    return width;
}

} // namespace

class TestNarrow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void undoAndRedoStayInTheToolbar_data()
    {
        TestSupport::addColumns<int, int>("width", "zoom");
        for (const int zoom : {100, 110, 125, 130, 140, 150})
            QTest::addRow("1024 px at %d %%", zoom) << 1024 << zoom;
        QTest::addRow("1280 px at 150 %%") << 1280 << 150;
    }

    void undoAndRedoStayInTheToolbar()
    {
        // At 1024x768 and 125-130 % Undo and Redo went behind the toolbar's "»" button: the
        // least essential items (Open, Save, then the speed) give way first.
        QFETCH(int, width);
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(w.exposedAt(width, 768));
        w.window.zoom()->setPercent(zoom);
        auto *bar = w.window.findChild<QToolBar *>(QStringLiteral("runToolBar"));
        QVERIFY(bar);
        QTRY_COMPARE(w.window.width(), width);
        for (QAction *action : {w.window.runPauseAction(), w.window.stepAction(), w.window.resetAction(),
                                w.window.undoAction(), w.window.redoAction()}) {
            QWidget *button = bar->widgetForAction(action);
            QVERIFY2(button, qPrintable(action->text()));
            QTRY_VERIFY2(bar->rect().contains(shownIn(bar, button)),
                         qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 in a toolbar %6 px wide")
                                            .arg(action->text()).arg(button->x()).arg(button->y())
                                            .arg(button->width()).arg(button->height()).arg(bar->width())));
        }
        // The buttons keep their short labels (the undo stack's text names the step).
        QCOMPARE(qobject_cast<QToolButton *>(bar->widgetForAction(w.window.undoAction()))->text(), QStringLiteral("Undo"));
    }

    void leavingKeepsTheStepsDockInFront()
    {
        // The TTL lesson's third step brings the dead letters to the front while presenting;
        // Esc put back the window's state from before presenting, with the message journey in
        // front of its tab group and the dead letters, the step's subject, behind it.
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(w.activeAt(1024, 768));
        auto *journey = w.window.findChild<QDockWidget *>(QStringLiteral("journeyDock"));
        auto *deadLetters = w.window.findChild<QDockWidget *>(QStringLiteral("deadLettersDock"));
        QVERIFY(journey && deadLetters);
        // A tab behind another stays "visible" to Qt; nothing of it is on screen.
        const auto inFront = [](const QDockWidget *dock) { return !dock->visibleRegion().isEmpty(); };
        journey->raise();
        QTRY_VERIFY(inFront(journey) && !inFront(deadLetters));
        w.press(Qt::Key_F11);
        QVERIFY(w.window.presentationMode()->isActive());
        w.runLesson(100);  // step 3 ("until cycle 100") outlines the dead letters
        QTRY_VERIFY(inFront(deadLetters));
        w.window.presentationMode()->leave();
        QVERIFY(!w.window.presentationMode()->isActive());
        QTRY_VERIFY(inFront(deadLetters));
        QVERIFY(!inFront(journey));
        // And still after the events of the window getting its old size back.
        QCoreApplication::processEvents();
        QVERIFY(inFront(deadLetters));
    }

    void deadLettersFitWhilePresentingAt1024()
    {
        // Presenting at 1024x768, step 3 of the TTL lesson shows the dead letters in a dock
        // about 250 px wide: the table needed a horizontal scroll bar for its last column
        // (Deliveries). It fits: every column in sight has a width, the hidden ones are in the
        // row's tooltip, Deliveries is in sight.
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(w.activeAt(1024, 768));
        QTableView *view = nullptr;
        presentDeadLetters(w, QSize(1024, 768), PresentationMode::zoomPercentFor(QSize(1024, 768)), view);
        if (QTest::currentTestFailed())
            return;
        QHeaderView *header = view->horizontalHeader();
        QVERIFY2(view->width() < 400, qPrintable(QString::number(view->width())));  // the narrow case
        const auto fits = [&] {
            QCoreApplication::processEvents();  // the header lays its stretched section out late
            return !view->horizontalScrollBar()->isVisible() && header->length() <= view->viewport()->width();
        };
        QTRY_VERIFY2(fits(), qPrintable(columnWidths(view)));
        const QString tip = view->model()->index(0, 0).data(Qt::ToolTipRole).toString();
        for (int c = 0; c < header->count(); ++c) {
            const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
            if (header->isSectionHidden(c)) {
                const QString cell = view->model()->index(0, c).data().toString();
                QVERIFY2(tip.contains(cell), qPrintable(QStringLiteral("%1 \"%2\" not in \"%3\"").arg(title, cell, tip)));
            } else {
                QVERIFY2(header->sectionSize(c) > 0, qPrintable(title + QLatin1Char(' ') + columnWidths(view)));
            }
        }
        // In sight, or the same in every row (Deliveries 1, ttl-expired), said under the table
        // (docs/design.md §8).
        const auto *fitted = qobject_cast<LogTableView *>(view);
        QVERIFY(fitted);
        for (const int needed : {int(DeadLetterModel::CycleColumn), int(DeadLetterModel::ReasonColumn),
                                 int(DeadLetterModel::ConsumerColumn), int(DeadLetterModel::DeliveriesColumn)})
            QVERIFY2((!header->isSectionHidden(needed) && header->sectionViewportPosition(needed) + header->sectionSize(needed) <= view->viewport()->width())
                             || fitted->emptyHiddenColumns().contains(needed),
                     qPrintable(columnWidths(view)));
    }

    void deadLettersReadWholeWhilePresenting_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<int>("zoom");
        QTest::addRow("1280x720 presenting's zoom") << QSize(1280, 720) << PresentationMode::zoomPercentFor(QSize(1280, 720));
        QTest::addRow("1024x768 presenting's zoom") << QSize(1024, 768) << PresentationMode::zoomPercentFor(QSize(1024, 768));
        QTest::addRow("1024x768 at 150 percent") << QSize(1024, 768) << 150;
    }

    void deadLettersReadWholeWhilePresenting()
    {
        // Presenting the TTL lesson's dead letters (step 3, past cycle 60) at 150 % the table cut
        // its words: "ttl-ex…", "Cy…", "Delive…", a 6-digit cycle "106…". Every title in sight
        // reads whole, and so do the cycle and reason cells; the cycle, reason, consumer and
        // deliveries are in sight (the payload, TTL, id and priority give way, in the tooltip).
        QFETCH(QSize, screen);
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(w.activeAt(screen.width(), screen.height()));
        QTableView *view = nullptr;
        presentDeadLetters(w, screen, zoom, view);
        if (QTest::currentTestFailed())
            return;
        QHeaderView *header = view->horizontalHeader();
        QCOMPARE(view->model()->index(0, DeadLetterModel::CycleColumn).data().toString(), QStringLiteral("60"));
        QString problem;
        const auto readable = [&] {
            QCoreApplication::processEvents();  // the header lays its stretched section out late
            problem.clear();
            const QFontMetrics titles = header->fontMetrics();
            const QFontMetrics cells = view->fontMetrics();
            // The header elides a title inside its margins.
            const int headerMargin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
            if (view->horizontalScrollBar()->isVisible() || header->length() > view->viewport()->width())
                problem = QStringLiteral("scrolls sideways");
            for (int c = 0; c < header->count() && problem.isEmpty(); ++c) {
                const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
                if (header->isSectionHidden(c))
                    continue;
                if (titles.horizontalAdvance(title) + 2 * headerMargin > header->sectionSize(c))
                    problem = QStringLiteral("title \"%1\" cut").arg(title);
            }
            const auto *fitted = qobject_cast<LogTableView *>(view);
            for (const int needed : {int(DeadLetterModel::CycleColumn), int(DeadLetterModel::ReasonColumn),
                                     int(DeadLetterModel::ConsumerColumn), int(DeadLetterModel::DeliveriesColumn)}) {
                // One the same in every row may give way (docs/design.md §8).
                if (fitted && fitted->emptyHiddenColumns().contains(needed))
                    continue;
                if (header->isSectionHidden(needed)
                    || header->sectionViewportPosition(needed) + header->sectionSize(needed) > view->viewport()->width())
                    problem += QStringLiteral(" column %1 not in sight").arg(needed);
            }
            for (int r = 0; r < view->model()->rowCount() && problem.isEmpty(); ++r) {
                for (const int c : {int(DeadLetterModel::CycleColumn), int(DeadLetterModel::ReasonColumn)}) {
                    if (header->isSectionHidden(c))
                        continue;  // the same in every row (above)
                    const QString text = view->model()->index(r, c).data().toString();
                    if (cells.horizontalAdvance(text) > header->sectionSize(c))
                        problem = QStringLiteral("cell \"%1\" cut").arg(text);
                }
            }
            // A six-digit cycle (a long run) reads whole too.
            if (problem.isEmpty() && cells.horizontalAdvance(QStringLiteral("106000")) > header->sectionSize(DeadLetterModel::CycleColumn))
                problem = QStringLiteral("a six-digit cycle cut");
            return problem.isEmpty();
        };
        QTRY_VERIFY2(readable(), qPrintable(problem + QLatin1Char(' ') + columnWidths(view)));
        // The lesson keeps its share; the charts give the room.
        auto *lesson = w.window.findChild<QDockWidget *>(QStringLiteral("lessonDock"));
        QVERIFY(lesson && lesson->isVisible());
        QVERIFY2(lesson->width() >= screen.width() * 29 / 100, qPrintable(QString::number(lesson->width())));
    }

    void fittedColumnsNeverGetZeroWidth()
    {
        // Under a bare X server (no window manager) the Deliveries cells were once blank: a
        // column in sight must never get 0 px, whatever width the view passes through, a
        // section hidden when the widths were taken included.
        QStandardItemModel model(3, 8);
        fillNumbered(model);
        LogTableView view(&model, {3, 4, 6, 7, 5, 3, 2});
        view.horizontalHeader()->setSectionHidden(2, true);  // hidden while the widths are taken
        view.setFitsColumns(true);
        view.horizontalHeader()->setSectionHidden(2, false);
        view.setNarrowHiddenColumns({4, 5});
        view.resize(600, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QHeaderView *header = view.horizontalHeader();
        for (const int width : {600, 0, 10, 80, 200, 300, 1000, 250}) {
            view.resize(width, 200);
            QCoreApplication::processEvents();
            for (int c = 0; c < header->count(); ++c) {
                if (!header->isSectionHidden(c))
                    QVERIFY2(header->sectionSize(c) > 0, qPrintable(QStringLiteral("at %1 px: %2").arg(width).arg(columnWidths(&view))));
            }
            if (width >= 1000)
                QVERIFY2(view.narrowHiddenColumns().isEmpty(), qPrintable(columnWidths(&view)));
        }
        // Narrow, the columns named give way first, in their order, and fit.
        QVERIFY2(view.narrowHiddenColumns().size() == 2 || !view.horizontalScrollBar()->isVisible(), qPrintable(columnWidths(&view)));
        QVERIFY(!header->isSectionHidden(2));
    }

    void emptyColumnGivesWayFirst()
    {
        // A column empty in every row gives way before the columns named to (the dead letters'
        // consumer when the broker dropped every letter, docs/design.md §8), comes back when a
        // row holds a value in it, and stays where there is room or no row at all.
        QStandardItemModel model(3, 8);
        fillNumbered(model, 3, QString());
        LogTableView view(&model, {3, 4, 6, 7, 5, 3, 2});
        QVERIFY(showGivingWay(view, {4, 5}, false));
        QHeaderView *header = view.horizontalHeader();
        QVERIFY2(!header->isSectionHidden(3), qPrintable(columnWidths(&view)));  // room: it stays
        // Narrower until a column has to give way: the empty one goes, not 4.
        const int width = narrowUntilGone(view, 3);
        QVERIFY2(header->isSectionHidden(3), qPrintable(QStringLiteral("at %1 px: %2").arg(width).arg(columnWidths(&view))));
        QCOMPARE(view.emptyHiddenColumns(), QList<int>{3});
        QVERIFY2(view.narrowHiddenColumns().isEmpty(), qPrintable(columnWidths(&view)));
        // A value comes in a new row: the column is back, and 4 gives way in its place.
        model.appendRow(numberedRow(model, 3));  // "300" to "307"
        QCoreApplication::processEvents();
        QVERIFY2(!header->isSectionHidden(3), qPrintable(columnWidths(&view)));
        QVERIFY(view.emptyHiddenColumns().isEmpty());
        QCOMPARE(view.narrowHiddenColumns(), QList<int>{4});
        // That row gone: empty again, it gives way again.
        model.removeRow(3);
        QCoreApplication::processEvents();
        QVERIFY2(header->isSectionHidden(3), qPrintable(columnWidths(&view)));
        QVERIFY2(view.narrowHiddenColumns().isEmpty(), qPrintable(columnWidths(&view)));
        // With no row, no column is empty.
        model.removeRows(0, model.rowCount());
        QCoreApplication::processEvents();
        QVERIFY2(!header->isSectionHidden(3), qPrintable(columnWidths(&view)));
    }

    void uniformColumnGivesWayBeforeTheNamedOnes()
    {
        // A column the same in every row (the dead letters' Deliveries, 1 in every row of
        // lesson-ttl-moved) carries nothing a row is told apart by: with
        // setUniformColumnsGiveWay() it gives way after the empty ones and before the columns
        // named to (docs/design.md §8), the last column in sight too (the one left of it is
        // stretched then); it comes back when a row differs.
        QStandardItemModel model(3, 6);
        fillNumbered(model, 5, QStringLiteral("1"));
        LogTableView view(&model, {3, 4, 6, 7, 5});
        QVERIFY(showGivingWay(view, {2, 3}, true));
        QHeaderView *header = view.horizontalHeader();
        QVERIFY2(!header->isSectionHidden(5), qPrintable(columnWidths(&view)));  // room: it stays
        QVERIFY(view.carriesNothing(5));
        QVERIFY(!view.carriesNothing(4));
        const int width = narrowUntilGone(view, 5);
        QVERIFY2(header->isSectionHidden(5), qPrintable(QStringLiteral("at %1 px: %2").arg(width).arg(columnWidths(&view))));
        QCOMPARE(view.emptyHiddenColumns(), QList<int>{5});
        QVERIFY2(view.narrowHiddenColumns().isEmpty(), qPrintable(columnWidths(&view)));
        // The one left of it is stretched to the view's edge, without a sideways scroll bar.
        QCoreApplication::processEvents();
        QCOMPARE(header->sectionViewportPosition(4) + header->sectionSize(4), view.viewport()->width());
        QVERIFY(!view.horizontalScrollBar()->isVisible());
        // A row that differs: it carries something, and is back.
        model.appendRow(numberedRow(model, 3, 5, QStringLiteral("2")));  // "300" to "304", "2"
        QCoreApplication::processEvents();
        QVERIFY(!view.carriesNothing(5));
        QVERIFY2(!header->isSectionHidden(5), qPrintable(columnWidths(&view)));
        QVERIFY(view.emptyHiddenColumns().isEmpty());
        // That row gone: the same in every row again, it gives way again.
        model.removeRow(3);
        QCoreApplication::processEvents();
        QVERIFY2(header->isSectionHidden(5), qPrintable(columnWidths(&view)));
        // A single row says nothing about sameness: every column stays.
        model.removeRows(1, model.rowCount() - 1);
        QCoreApplication::processEvents();
        QVERIFY(!view.carriesNothing(5));
        QVERIFY2(!header->isSectionHidden(5), qPrintable(columnWidths(&view)));
        // Without setUniformColumnsGiveWay(), only the empty ones give way.
        model.appendRow(numberedRow(model, 3, 5, QStringLiteral("1")));  // "300" to "304", "1"
        QCoreApplication::processEvents();
        QVERIFY2(header->isSectionHidden(5), qPrintable(columnWidths(&view)));
        view.setUniformColumnsGiveWay(false);
        QVERIFY2(!header->isSectionHidden(5), qPrintable(columnWidths(&view)));
    }

    void leavingPresentingKeepsTheStepsOutline_data()
    {
        QTest::addColumn<int>("cycles");
        QTest::addColumn<QString>("file");
        QTest::addRow("ttl lesson, step 5: card A") << 131 << ":/scenarios/lesson-ttl-moved.json";
        QTest::addRow("poison lesson, step 6: queue") << 230 << ":/scenarios/lesson-poison-message.json";
    }

    void leavingPresentingKeepsTheStepsOutline()
    {
        // A trial: lesson-ttl-moved at step 5 (card A outlined), F5 then Escape, and card A's
        // outline was gone; so was the poison lesson's queue outline at its step 6. What the
        // step outlines is outlined again in the window.
        QFETCH(int, cycles);
        QFETCH(QString, file);
        TestSupport::ScenarioWindow w(file);
        QVERIFY(w.activeAt(1024, 749));
        w.runLesson(cycles);
        const auto outlined = [&w] {
            QStringList seen;
            for (HighlightOverlay *overlay : w.window.highlightOverlays()) {
                if (overlay->target() && overlay->isVisible())
                    seen << QString::fromLatin1(overlay->target()->metaObject()->className());
            }
            return seen;
        };
        QTRY_VERIFY(!outlined().isEmpty());
        const QStringList before = outlined();
        w.presentAt(QSize(1024, 768), PresentationMode::zoomPercentFor(QSize(1024, 768)));
        if (QTest::currentTestFailed())
            return;
        QTRY_VERIFY(!outlined().isEmpty());
        w.press(Qt::Key_Escape);
        QTRY_VERIFY(!w.window.presentationMode()->isActive());
        QTRY_COMPARE(outlined(), before);
        // Under a window manager the window gets its size back later and the docks' state is
        // put back once more (PresentationMode::restoreWindowState()): QMainWindow::restoreState()
        // raises the central column over the outline, which was shown but no longer drawn.
        w.window.restoreState(w.window.saveState());
        const auto covering = [&w] {
            QStringList names;
            const QObjectList children = w.window.children();
            for (HighlightOverlay *overlay : w.window.highlightOverlays()) {
                for (qsizetype i = children.indexOf(overlay) + 1; overlay->isVisible() && i < children.size(); ++i) {
                    const auto *sibling = qobject_cast<const QWidget *>(children.at(i));
                    if (sibling && sibling->isVisible() && !qobject_cast<const HighlightOverlay *>(sibling)
                        && sibling->geometry().intersects(overlay->geometry()))
                        names << sibling->objectName();
                }
            }
            return names;
        };
        QCoreApplication::sendPostedEvents(&w.window, QEvent::LayoutRequest);  // the layout, nothing else
        QCOMPARE(covering(), QStringList());
        QCOMPARE(outlined(), before);
    }

    void openingAnotherLessonKeepsTheWindowsWidth()
    {
        // A trial at 1024x768: lesson-aging run to its step 4 (cycle 260), then File > Open of
        // another lesson, and the maximized window became 1118 px wide, its right edge (the
        // lesson's Next) off the screen. While the new scenario was laid out the charts' dock
        // showed two charts a page, and their least width (482 px) made the window's least
        // width more than the screen. The window keeps its width.
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-aging.json"));
        QVERIFY(w.activeAt(1024, 749));
        w.runLesson(260);
        for (const QString &file : {QStringLiteral(":/scenarios/lesson-ttl-moved.json"),
                                    QStringLiteral(":/scenarios/lesson-poison-message.json")}) {
            QVERIFY(w.window.openScenarioFile(file).isEmpty());
            QCoreApplication::processEvents();
            QCOMPARE(w.window.size(), QSize(1024, 749));
            QVERIFY2(w.window.minimumSize().width() <= 1024, qPrintable(file));
        }
    }

    void tilesTitleReadsWholeWhenZoomed_data()
    {
        TestSupport::addZoomPercents({100, 120, 130});
    }

    void tilesTitleReadsWholeWhenZoomed()
    {
        // At 1024x768 zoomed the queue tiles' title read "10 messages · h…". It takes its
        // shorter words ("10 messages") rather than being cut; the full title where it fits.
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-consumers-offline.json"));
        QVERIFY(w.activeAt(1024, 768));
        w.runLesson(50);  // B and C offline: a queue of a dozen messages
        w.window.zoom()->setPercent(zoom);
        QTRY_COMPARE(w.window.size(), QSize(1024, 768));
        auto *tiles = w.window.findChild<QueueTilesView *>();
        QVERIFY(tiles);
        QVERIFY(w.sim()->broker().size() > 0);
        QString caption;
        const auto whole = [&] {
            QCoreApplication::processEvents();
            caption = tiles->stripCaptionShown(0);
            return !caption.isEmpty() && !caption.contains(QChar(0x2026));
        };
        QTRY_VERIFY2(whole(), qPrintable(caption));
        QVERIFY2(caption.endsWith(QLatin1String("messages")) || caption == tiles->stripCaption(0), qPrintable(caption));
        if (zoom == 100)
            QCOMPARE(caption, tiles->stripCaption(0));  // room for the whole title
    }

    void consumerCardsInSightWhilePresenting_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<int>("zoom");
        QTest::addRow("1024x768 presenting's zoom") << QSize(1024, 768) << PresentationMode::zoomPercentFor(QSize(1024, 768));
        QTest::addRow("1280x720 presenting's zoom") << QSize(1280, 720) << PresentationMode::zoomPercentFor(QSize(1280, 720));
    }

    void consumerCardsInSightWhilePresenting()
    {
        // Step 2 of the consumers-offline lesson (B and C go offline) presented at 1024x768: card
        // C, the lesson's subject, was below the fold of the consumers' dock. When the cards do not all fit, they fold their settings away from the
        // last one up: every card is whole in the view. A folded card unfolds from its
        // "Settings ▸" button (Enter) or when the focus enters it, and stays so.
        QFETCH(QSize, screen);
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-consumers-offline.json"));
        QVERIFY(w.activeAt(screen.width(), screen.height()));
        w.runLesson(45);  // B and C went offline at cycle 40
        QCOMPARE(w.window.lessonPanel()->currentStep(), 1);
        w.presentAt(screen, zoom);
        if (QTest::currentTestFailed())
            return;
        const QList<ConsumerCard *> cards = w.window.consumerPanel()->cards();
        QCOMPARE(cards.size(), 3);
        auto *area = w.window.consumerPanel()->findChild<QScrollArea *>();
        QVERIFY(area);
        const QList<const QWidget *> whole(cards.cbegin(), cards.cend());
        QTRY_VERIFY2(TestSupport::outOfSight(area, whole).isEmpty(),
                     qPrintable(QStringLiteral("cards out of sight (0 is A): ")
                                + TestSupport::outOfSight(area, whole).join(QStringLiteral("; "))));
        QCOMPARE(cards.at(2)->stateText(), QStringLiteral("offline"));

        // Folded, a card says so and unfolds from its button: Enter, as a click.
        ConsumerCard *c = cards.at(2);
        QVERIFY(c->isFolded());
        QVERIFY(!c->capacityBox()->isVisible());
        QVERIFY(c->foldButton()->isVisible());
        QVERIFY(!c->foldButton()->toolTip().isEmpty());
        QVERIFY(FocusOrder::stops(&w.window).contains(c->foldButton()));
        c->foldButton()->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(c->foldButton()->hasFocus());
        // The focus in the card unfolds it already; Enter on the button folds and unfolds.
        QTRY_VERIFY(!c->isFolded());
        QTRY_VERIFY(c->capacityBox()->isVisible());
        w.press(Qt::Key_Return);
        QVERIFY(c->isFolded());
        w.press(Qt::Key_Return);
        QVERIFY(!c->isFolded());
        QTRY_VERIFY(!c->foldButton()->visibleRegion().isEmpty());  // the header stays in sight
        c->capacityBox()->setValue(3);
        QCOMPARE(w.sim()->consumers()[2]->capacity, 3);

        // Leaving, every card shows everything again, without the button.
        w.window.presentationMode()->leave();
        for (const ConsumerCard *card : cards) {
            QVERIFY(!card->isFolded() && !card->isFoldable());
            QVERIFY(!card->foldButton()->isVisibleTo(card));
            QVERIFY(card->capacityBox()->isVisibleTo(card));
        }
    }

    void outlinedCardStaysUnfoldedWhilePresenting()
    {
        // The aging lesson's first step outlines consumer A's aging step: presenting at
        // 1024x768, where the cards fold, A stays unfolded with the outlined field in sight.
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-aging.json"));
        QVERIFY(w.presentingAt1024());
        const QList<ConsumerCard *> cards = w.window.consumerPanel()->cards();
        QVERIFY(cards.size() >= 2);
        ConsumerCard *a = cards.constFirst();
        ParameterEditor *outlined = a->parameterEditor(QStringLiteral("agingStep"));
        QVERIFY(outlined);
        QTRY_VERIFY(a->isFoldable());  // the cards do not all fit whole
        QVERIFY(!a->isFolded());
        QTRY_VERIFY(outlined->isVisible());
        QVERIFY(FocusOrder::isOnScreen(outlined, &w.window));
    }

    void tabGoesThroughCardAInScreenOrder_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("zoom");
        for (const QSize size : {QSize(1280, 720), QSize(1024, 768)}) {
            for (const int zoom : {100, 130})
                QTest::addRow("%dx%d at %d %%", size.width(), size.height(), zoom) << size << zoom;
        }
    }

    void tabGoesThroughCardAInScreenOrder()
    {
        // Once Tab went through consumer card A out of screen order. From the card's first
        // field, Tab goes top to bottom and, within a line, left to right, through every field.
        QFETCH(QSize, size);
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(w.activeAt(size.width(), size.height()));
        w.window.zoom()->setPercent(zoom);
        QTRY_COMPARE(w.window.size(), size);
        auto *dock = w.window.findChild<QDockWidget *>(QStringLiteral("consumersDock"));
        QVERIFY(dock);
        dock->raise();
        ConsumerCard *card = w.window.consumerPanel()->cards().constFirst();
        QTRY_VERIFY(card->isVisible());
        QCoreApplication::processEvents();
        QWidget *first = FocusOrder::firstStopIn(&w.window, card);
        QVERIFY(first);
        first->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), first);
        QList<QWidget *> visited;
        QStringList trail;
        for (QWidget *focus = first; focus && card->isAncestorOf(focus) && !visited.contains(focus);
             focus = QApplication::focusWidget()) {
            visited << focus;
            const QRect at(focus->mapTo(card, QPoint(0, 0)), focus->size());  // the card's coordinates: scrolling aside
            trail << QStringLiteral("%1 \"%2\" at %3,%4 %5x%6")
                             .arg(QString::fromLatin1(focus->metaObject()->className()),
                                  focus->accessibleName().isEmpty() ? focus->objectName() : focus->accessibleName())
                             .arg(at.x()).arg(at.y()).arg(at.width()).arg(at.height());
            w.press(Qt::Key_Tab);
        }
        QVERIFY2(visited.size() >= 6, qPrintable(trail.join(QLatin1Char('\n'))));
        // Every field of the card that Tab may stop at was visited.
        const QList<QWidget *> stops = FocusOrder::stops(&w.window);
        for (QWidget *stop : stops) {
            if (card->isAncestorOf(stop))
                QVERIFY2(visited.contains(stop), qPrintable(QStringLiteral("%1 not reached:\n%2")
                                                                    .arg(QString::fromLatin1(stop->metaObject()->className()), trail.join(QLatin1Char('\n')))));
        }
        for (qsizetype i = 1; i < visited.size(); ++i) {
            const QRect a(visited.at(i - 1)->mapTo(card, QPoint(0, 0)), visited.at(i - 1)->size());
            const QRect b(visited.at(i)->mapTo(card, QPoint(0, 0)), visited.at(i)->size());
            // One line when the middle of either lies within the other.
            const bool sameLine = (b.center().y() >= a.top() && b.center().y() <= a.bottom())
                                  || (a.center().y() >= b.top() && a.center().y() <= b.bottom());
            const bool after = sameLine ? b.left() > a.left() : b.center().y() > a.center().y();
            QVERIFY2(after, qPrintable(QStringLiteral("stop %1 comes before stop %2 on screen:\n%3")
                                               .arg(i + 1).arg(i).arg(trail.join(QLatin1Char('\n')))));
        }
    }

    void conservationCheckNamedAt1024_data()
    {
        QTest::addColumn<bool>("presenting");
        QTest::addColumn<int>("zoom");
        QTest::addRow("window 1024x749") << false << 100;
        QTest::addRow("window 1024x749 at 120 %%") << false << 120;
        QTest::addRow("window 1024x749, zoomed to 120 %% paused") << false << -120;
        QTest::addRow("presenting at 1024x768") << true << 0;
    }

    void conservationCheckNamedAt1024()
    {
        // A trial at 1024x768: the status line read "✓" alone for the conservation check
        // (docs/design.md §5), which a class cannot tell from anything else; so it did here at
        // 120 %, the aging lesson at its step 4 (alarms, four-digit totals). It keeps a word
        // that says what it checks ("conserv. ✓").
        QFETCH(bool, presenting);
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-aging.json"));
        if (presenting) {
            QVERIFY(w.presentingAt1024(260));
        } else {
            QVERIFY(w.activeAt(1024, 749));
            if (zoom > 0)
                w.window.zoom()->setPercent(zoom);
            w.window.lessonPanel()->runCycles(260);
            w.window.refreshViews();
            // Ctrl++ after the run paused: the notice "Zoom 110%" hides the figures for a
            // while, and no refresh follows.
            for (int percent = 100; zoom < 0 && percent < -zoom; percent += 10)
                w.press(Qt::Key_Plus, Qt::ControlModifier);
            if (zoom < 0)
                QCOMPARE(w.window.zoom()->percent(), -zoom);
        }
        StatusSummary *status = w.window.statusSummary();
        QTRY_COMPARE(w.window.statusBar()->width(), 1024);
        QTRY_VERIFY(status->isVisible());  // the zoom's notice gone
        QCoreApplication::processEvents();
        const auto named = [status] {
            return status->text().contains(QRegularExpression(QStringLiteral("conserv(ation|\\.) [✓✗]$")));
        };
        QTRY_VERIFY2(named(), qPrintable(QStringLiteral("\"%1\" (status %2 px, stage %3)")
                                                 .arg(status->text()).arg(status->width()).arg(status->stage())));
        // And no figure cut by its label ("Paus", "conservatio" after Ctrl++ while paused).
        QStringList cut;
        const auto whole = [&] {
            QCoreApplication::processEvents();
            cut.clear();
            for (const QLabel *label : status->findChildren<QLabel *>()) {
                const int needed = label->fontMetrics().horizontalAdvance(label->text());
                if (label->isVisible() && needed > label->contentsRect().width())
                    cut << QStringLiteral("%1 (needs %2 px, has %3 px)").arg(label->text()).arg(needed).arg(label->contentsRect().width());
            }
            return cut.isEmpty();
        };
        QTRY_VERIFY2(whole(), qPrintable(cut.join(QStringLiteral("; "))));
        // And while the speed's notice (after "]") takes its part of the line.
        w.press(Qt::Key_BracketRight);
        auto *notice = w.window.findChild<QLabel *>(QStringLiteral("speedNotice"));
        QVERIFY(notice);
        QTRY_VERIFY(notice->isVisible());
        // Presenting, the check may read "✓" alone for the notice's 4 s: the run state stays.
        const QString shown = QStringLiteral("\"%1\" beside \"%2\" (status %3 px, stage %4)")
                                      .arg(status->text(), notice->text()).arg(status->width()).arg(status->stage());
        if (presenting)
            QTRY_VERIFY2(status->text().contains(QRegularExpression(QStringLiteral("^(Running|Paused|Finished) .*postp"))),
                         qPrintable(shown));
        else
            QTRY_VERIFY2(named(), qPrintable(shown));
    }

    void alarmsMoreKeepsTheDocksWhilePresenting_data()
    {
        TestSupport::addClassroomScreenSizes();
    }

    void alarmsMoreKeepsTheDocksWhilePresenting()
    {
        // A trial, presenting: More on the alarm banner (and Less after it) moved the split
        // between the docks, the charts' row shrinking under the column. The unfolded banner
        // scrolls in its column; every dock keeps its place and size.
        QFETCH(QSize, size);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-aging.json"));
        QVERIFY(w.activeAt(size.width(), size.height()));
        w.window.lessonPanel()->runCycles(260);  // step 4: four alarms
        w.window.refreshViews();
        w.presentAt(size, PresentationMode::zoomPercentFor(size));
        if (QTest::currentTestFailed())
            return;
        AlarmPanel *alarms = w.window.alarmPanel();
        QTRY_VERIFY(alarms->isVisible() && alarms->moreButton()->isVisible());
        TestSupport::settleLayouts();
        const QString before = w.dockGeometries();
        QTest::mouseClick(alarms->moreButton(), Qt::LeftButton);
        QVERIFY(alarms->isExpanded());
        TestSupport::settleLayouts();
        QCOMPARE(w.dockGeometries(), before);
        QTest::mouseClick(alarms->moreButton(), Qt::LeftButton);
        QVERIFY(!alarms->isExpanded());
        TestSupport::settleLayouts();
        QCOMPARE(w.dockGeometries(), before);
    }

    void cardsReadWholeWhilePresentingAt1280_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("cycles");
        QTest::addColumn<int>("presentingCycles");  // run after presenting
        // (Not at cycle 21: there the window's least width is more than the offscreen screen's
        // 800 px before it is given the projector's size.)
        for (const int cycles : {0, 61, 151, 156, 161, 211})
            QTest::addRow("poison lesson, cycle %d", cycles) << QStringLiteral(":/scenarios/lesson-poison-message.json") << cycles << 0;
        for (const int cycles : {0, 31, 131, 216, 260})
            QTest::addRow("aging lesson, cycle %d", cycles) << QStringLiteral(":/scenarios/lesson-aging.json") << cycles << 0;
        QTest::addRow("aging lesson, step 4 entered presenting") << QStringLiteral(":/scenarios/lesson-aging.json") << 210 << 6;
    }

    void cardsReadWholeWhilePresentingAt1280()
    {
        // A trial presenting at 1280x720: a card's title read "parking-lot · de…", a card's
        // warning ran past the card's edge, and at the aging lesson's step 4 card A's header was
        // scrolled out of the consumers' pane. Every card's title reads whole, every warning in
        // sight lies within its card, and the outlined card's header is in sight.
        QFETCH(QString, file);
        QFETCH(int, cycles);
        QFETCH(int, presentingCycles);
        TestSupport::ScenarioWindow w(file);
        QVERIFY(w.activeAt(1280, 720));
        w.window.lessonPanel()->runCycles(cycles);
        w.window.refreshViews();
        w.presentAt(QSize(1280, 720), PresentationMode::zoomPercentFor(QSize(1280, 720)));
        if (QTest::currentTestFailed())
            return;
        if (presentingCycles > 0) {
            QTRY_VERIFY(!w.window.consumerPanel()->isFoldingPending());
            w.window.lessonPanel()->runCycles(presentingCycles);
            w.window.refreshViews();
        }
        auto *area = w.window.consumerPanel()->findChild<QScrollArea *>();
        QVERIFY(area);
        QStringList problems;
        const auto check = [&] {
            for (int i = 0; i < 5; ++i) {
                QCoreApplication::sendPostedEvents();
                QCoreApplication::processEvents();
            }
            problems.clear();
            for (ConsumerCard *card : w.window.consumerPanel()->cards()) {
                QLabel *name = card->nameLabel();
                if (name->text().contains(QChar(0x2026)))
                    problems << QStringLiteral("title \"%1\" (%2 px)").arg(name->text()).arg(name->width());
                QLabel *warning = card->warningLabel();
                if (warning->isVisible()) {
                    const QRect at(warning->mapTo(card, QPoint(0, 0)), warning->size());
                    if (!card->rect().contains(at) || warning->heightForWidth(warning->width()) > warning->height())
                        problems << QStringLiteral("warning of %1 at %2,%3 %4x%5 (needs %6 px) in a card %7x%8")
                                            .arg(name->text()).arg(at.x()).arg(at.y()).arg(at.width()).arg(at.height())
                                            .arg(warning->heightForWidth(warning->width())).arg(card->width()).arg(card->height());
                }
            }
            return problems.isEmpty();
        };
        QTRY_VERIFY(!w.window.consumerPanel()->isFoldingPending());
        QTRY_VERIFY2(check(), qPrintable(problems.join(QLatin1Char('\n'))));
        // The card the step outlines (or holds a field it outlines): its header in sight, once
        // the step's outline and the cards' folding have settled.
        QString header;
        const auto headerInSight = [&] {
            QCoreApplication::processEvents();
            header.clear();
            for (HighlightOverlay *overlay : w.window.highlightOverlays()) {
                ConsumerCard *card = nullptr;
                for (QWidget *up = overlay->target(); up && !card; up = up->parentWidget())
                    card = qobject_cast<ConsumerCard *>(up);
                if (!card)
                    continue;
                const QRect at(card->nameLabel()->mapTo(area->viewport(), QPoint(0, 0)), card->nameLabel()->size());
                if (!area->viewport()->rect().contains(at))
                    header += QStringLiteral("card %1's title at %2,%3 in a view %4 px high ")
                                      .arg(card->nameLabel()->text()).arg(at.x()).arg(at.y()).arg(area->viewport()->height());
            }
            return header.isEmpty();
        };
        QTRY_VERIFY2(headerInSight(), qPrintable(header));
    }

    void deadLetterCardNameReadsWholeAt1024_data()
    {
        TestSupport::addPresentingZoomsAt1024();
        // Zoomed further, the header's "Settings ▾" shortened to "▾" leaves too little room:
        // the dead-letters box gives its words (the title says "dead letters" already).
        QTest::addRow("presenting at 120 %%") << 120;
        QTest::addRow("presenting at 130 %%") << 130;
    }

    void deadLetterCardNameReadsWholeAt1024()
    {
        // A trial presenting the poison lesson's step 5 at 1024x768 after Ctrl+0: the outlined
        // card's title read "parking-" / "lot · dea…", its name broken and its role cut, while
        // the header also held the state, two check boxes, "Settings ▾" and "×". The name reads
        // whole on its first line, the role whole after it or under it (docs/design.md §3), and
        // every header item lies within the card.
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-poison-message.json"));
        QVERIFY(w.at1024(zoom, 160));
        QTRY_VERIFY(!w.window.consumerPanel()->isFoldingPending());
        ConsumerCard *card = w.card(QStringLiteral("parking-lot"));
        QVERIFY(card);
        QLabel *name = card->nameLabel();
        QString why;
        const auto whole = [&] {
            TestSupport::turnEventLoop(3);
            const QFontMetrics fm(name->font());
            const int room = name->contentsRect().width();
            const QString text = name->text();
            why = QStringLiteral("\"%1\" %2 px wide, %3 px high (needs %4) in a card %5 px wide")
                          .arg(text).arg(room).arg(name->height()).arg(name->heightForWidth(name->width())).arg(card->width());
            if (!name->isVisible() || text.contains(QChar(0x2026)))
                return false;
            // The name first, on one line; the role after it or on the next line.
            if (!text.startsWith(QLatin1String("parking-lot")) || fm.horizontalAdvance(QStringLiteral("parking-lot")) > room)
                return false;
            if (QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')).simplified() != QStringLiteral("parking-lot · dead letters")
                && QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')).simplified() != QStringLiteral("parking-lot dead letters"))
                return false;
            if (name->height() < name->heightForWidth(name->width()))
                return false;
            QList<QWidget *> items{name, card->foldButton()};
            for (QCheckBox *box : card->findChildren<QCheckBox *>())
                items << box;
            for (QLabel *label : card->findChildren<QLabel *>()) {
                if (label->text() == card->stateText())
                    items << label;
            }
            for (QWidget *item : std::as_const(items)) {
                if (!item->isVisible())
                    continue;
                const QRect at(item->mapTo(card, QPoint(0, 0)), item->size());
                if (!card->contentsRect().contains(at) || item->width() < item->minimumSizeHint().width()) {
                    why += QStringLiteral(": %1 at %2,%3 %4x%5").arg(QString::fromLatin1(item->metaObject()->className())).arg(at.x()).arg(at.y()).arg(at.width()).arg(at.height());
                    return false;
                }
            }
            return true;
        };
        QTRY_VERIFY2(whole(), qPrintable(why));
        // A box that gave its words still says what it is to a screen reader.
        for (QCheckBox *box : card->findChildren<QCheckBox *>())
            QVERIFY2(!box->text().isEmpty() || !box->accessibleName().isEmpty(), qPrintable(box->toolTip()));
        if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
            w.window.grab().save(QStringLiteral("/tmp/dlcard-%1.png").arg(zoom));
    }

    // Where the screen has no room for the window's preferred 1400x900 (a 1280x720 projector, a
    // 1024x768 laptop; the offscreen test screen is 800x800), the app opens the window maximized,
    // so that the lesson row has the room the step texts are fitted to: at 1216x684, the 95 % it
    // opened at before, lesson-ttl-moved step 3 read behind "More below" (docs/screenshots).
    void opensMaximizedOnASmallScreen()
    {
        MainWindow window;
        window.setShowDialogs(false);
        const QSize available = window.screen()->availableGeometry().size();
        QVERIFY(available.width() < MainWindow::PreferredSize.width()
                || available.height() < MainWindow::PreferredSize.height());
        window.showAsFirstSeen();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.isMaximized());
        QTRY_COMPARE(window.frameGeometry().size(), available);  // the frame fills the room
    }
};

QTEST_MAIN(TestNarrow)
#include "tst_narrow.moc"
